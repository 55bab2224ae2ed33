#include "roofline/scenario.h"

#include <string>

#include "roofline/knobs.h"

namespace roofline {

std::string_view to_string(Phase p) { return p == Phase::prefill ? "prefill" : "decode"; }

std::optional<Phase> parse_phase(std::string_view name) {
  if (name == "prefill") return Phase::prefill;
  if (name == "decode") return Phase::decode;
  return std::nullopt;
}

std::string validate(const Scenario& s) {
  for (const Knob& k : knobs()) {
    if (k.type != KnobType::integer && k.type != KnobType::fraction) continue;  // no id copies
    if (std::string e = range_error(k, k.get(s)); !e.empty()) return e;
  }
  if (!(s.gpu.memory_bandwidth_bytes_per_s > 0))
    return "gpu " + s.gpu.id + ": memory_bandwidth must be positive";
  if (!(s.gpu.memory_capacity_bytes > 0))
    return "gpu " + s.gpu.id + ": memory_capacity must be positive";
  return validate(s.model);
}

}  // namespace roofline
