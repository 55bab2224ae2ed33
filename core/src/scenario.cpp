#include "roofline/scenario.h"

#include <cmath>
#include <string>

namespace roofline {

std::string_view to_string(Phase p) { return p == Phase::prefill ? "prefill" : "decode"; }

std::optional<Phase> parse_phase(std::string_view name) {
  if (name == "prefill") return Phase::prefill;
  if (name == "decode") return Phase::decode;
  return std::nullopt;
}

namespace {
std::string range_message(std::string_view key, int64_t lo, int64_t hi, int64_t got) {
  return std::string(key) + " must be between " + std::to_string(lo) + " and " +
         std::to_string(hi) + ", got " + std::to_string(got);
}

bool in_unit_interval(double x) { return std::isfinite(x) && x > 0 && x <= 1; }

std::string fraction_message(std::string_view key, double got) {
  return std::string(key) + " must be in (0, 1], got " + std::to_string(got);
}
}  // namespace

std::string validate(const Scenario& s) {
  if (s.batch < 1 || s.batch > kMaxBatch) return range_message("batch", 1, kMaxBatch, s.batch);
  if (s.seq < 1 || s.seq > kMaxSeq) return range_message("seq", 1, kMaxSeq, s.seq);
  if (s.tp < 1 || s.tp > kMaxTp) return range_message("tp", 1, kMaxTp, s.tp);
  if (!in_unit_interval(s.compute_efficiency))
    return fraction_message("compute_efficiency", s.compute_efficiency);
  if (!in_unit_interval(s.memory_efficiency))
    return fraction_message("memory_efficiency", s.memory_efficiency);
  if (!in_unit_interval(s.memory_utilization))
    return fraction_message("memory_utilization", s.memory_utilization);
  if (!(s.gpu.memory_bandwidth_bytes_per_s > 0))
    return "gpu " + s.gpu.id + ": memory_bandwidth must be positive";
  if (!(s.gpu.memory_capacity_bytes > 0))
    return "gpu " + s.gpu.id + ": memory_capacity must be positive";
  return validate(s.model);
}

}  // namespace roofline
