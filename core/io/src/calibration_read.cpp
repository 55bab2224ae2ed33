// Calibration files (presets/calibrations/*.json, core/MODEL.md §9), read with json_reader.h's
// Reader: every parameter is required, so a file that forgets one is refused by name.

#include <filesystem>
#include <string>

#include "roofline/calibration.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

namespace roofline {
namespace {

const NumberRule kShare = [] {
  NumberRule r = number_between(0, 1, "a share");
  r.min_open = true;
  r.expected = "a share in (0, 1]";
  return r;
}();
const NumberRule kSeconds = number_between(0, 1, "a time in seconds");
const NumberRule kCount = number_between(0, 1000, "a kernel count");

Calibration read_calibration(const Reader& r, std::string_view origin) {
  Calibration c;
  c.id = r.string("id", std::filesystem::path(std::string(origin)).stem().string());
  c.name = r.string("name", c.id);
  c.style = r.string("style", "");
  c.source = r.string("source", "");
  c.prior_from = r.string("prior_from", "");
  if (const Json* gpus = r.find("gpus")) {
    if (!gpus->is_array()) r.fail("gpus", "a list of GPU preset ids", *gpus);
    for (size_t i = 0; i < gpus->size(); ++i)
      c.gpus.push_back(r.to_string("gpus[" + std::to_string(i) + "]", (*gpus)[i]));
  }
  const Reader eff = r.child("efficiency");
  for (size_t i = 0; i < static_cast<size_t>(OpClass::count); ++i) {
    const auto cls_id = static_cast<OpClass>(i);
    // "norm" may be left out: norms then take the elementwise efficiencies.
    if (cls_id == OpClass::norm && !eff.has("norm")) {
      c.efficiency[i] = c.of(OpClass::elementwise);
      continue;
    }
    const Reader cls = eff.child(to_string(cls_id));
    c.efficiency[i].compute = cls.number("compute", kShare);
    c.efficiency[i].memory = cls.number("memory", kShare);
  }
  const Reader wo = r.child("weight_only");
  c.weight_only_8bit = wo.number("8bit", kShare);
  c.weight_only_4bit = wo.number("4bit", kShare);
  c.kernel_latency_s = r.number("kernel_latency_s", kSeconds);
  c.allreduce_latency_s = r.number("allreduce_latency_s", kSeconds);
  c.allreduce_efficiency = r.number("allreduce_efficiency", kShare);
  c.step_overhead_s = r.number("step_overhead_s", kSeconds);
  c.step_overhead_per_sequence_s = r.number("step_overhead_per_sequence_s", kSeconds, 0);
  if (r.has("kernels")) {
    const Reader k = r.child("kernels");
    for (const auto& [name, value] : k.object().items())
      c.kernels.emplace_back(name, k.to_number(name, value, kCount));
  }
  if (const Json* errors = r.find("errors")) {
    if (!errors->is_array()) r.fail("errors", "a list of {metric, points, ...}", *errors);
    for (size_t i = 0; i < errors->size(); ++i) {
      const std::string where = "errors[" + std::to_string(i) + "]";
      if (!(*errors)[i].is_object()) r.fail(where, "an object", (*errors)[i]);
      const Reader e((*errors)[i], origin, r.key_path(where) + ".");
      CalibrationError ce;
      ce.metric = e.string("metric");
      ce.points = static_cast<int>(e.integer("points", integer_between(0, 100000)));
      ce.fit_median = e.number("fit_median", number_between(0, 100));
      ce.held_out_points =
          static_cast<int>(e.integer("held_out_points", integer_between(0, 100000), 0));
      ce.held_out_median = e.number("held_out_median", number_between(0, 100), 0);
      ce.worst = e.string("worst", "");
      if (const Json* iv = e.find("interval_80")) {
        if (!iv->is_array() || iv->size() != 2)
          e.fail("interval_80", "[low, high]: measured / expected at 10 % and 90 %", *iv);
        const NumberRule ratio = number_between(0, 100, "a ratio of measured to expected");
        ce.interval_low = e.to_number("interval_80[0]", (*iv)[0], ratio);
        ce.interval_high = e.to_number("interval_80[1]", (*iv)[1], ratio);
        ce.interval_points =
            static_cast<int>(e.integer("interval_points", integer_between(1, 100000)));
        const std::string from = e.string("interval_from");
        if (from != "held_out" && from != "all" && from != "transfer")
          e.fail("interval_from", "\"held_out\", \"all\" or \"transfer\"",
                 *e.find("interval_from"));
        ce.interval_held_out = from == "held_out";
        ce.interval_transfer = from == "transfer";
      }
      c.errors.push_back(std::move(ce));
    }
  }
  if (std::string err = validate(c).error(); !err.empty()) r.fail_message("", err);
  return c;
}

}  // namespace

Result<Calibration> parse_calibration(std::string_view json_text, std::string_view origin) {
  return read_json<Calibration>(json_text, origin,
                                [&](const Reader& r) { return read_calibration(r, origin); });
}

}  // namespace roofline
