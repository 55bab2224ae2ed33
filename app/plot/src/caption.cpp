#include <cmath>

#include "roofline/plot/roofline_plot.h"
#include "roofline/units.h"

namespace roofline {

std::string default_title(const Scenario& s) {
  const std::string model = s.model.name.empty() ? s.model.id : s.model.name;
  const std::string gpu = s.gpu.name.empty() ? s.gpu.id : s.gpu.name;
  std::string title = model + " on " + gpu;
  if (s.compare_gpu) {
    title += " vs ";
    title += s.compare_gpu->name.empty() ? s.compare_gpu->id : s.compare_gpu->name;
  }
  return title;
}

std::string layout_caption(const Scenario& s) {
  if (gpu_count(s) <= 1) return {};
  std::string out = "TP " + std::to_string(s.tp);
  if (s.dp > 1) out += " \u00d7 DP " + std::to_string(s.dp);
  if (s.pp > 1) out += " \u00d7 PP " + std::to_string(s.pp);
  if (s.ep > 1) out += ", EP " + std::to_string(s.ep);
  return out;
}

std::string caption_line(const Scenario& s, const Analysis& a) {
  const char* dot = " \u00b7 ";
  std::string out{to_string(s.phase)};
  out += dot;
  out += "batch " + format_count(static_cast<double>(s.batch));
  out += dot;
  out += (s.phase == Phase::prefill ? "prompt " : "context ") +
         format_count(static_cast<double>(s.seq));
  out += dot;
  out += precision_text(s);
  if (a.math_precision != a.roof_precision) {
    out += " (" + std::string(to_string(a.math_precision)) + " math on the " +
           std::string(to_string(a.roof_precision)) + " roof)";
  }
  if (gpu_count(s) > 1) out.append(dot).append(layout_caption(s)).append(", per GPU");
  // Under pipeline stages the dots are one micro-batch's (core/MODEL.md §18).
  if (s.pp > 1 && microbatches(s) > 1)
    out.append(", micro-batches of ").append(format_count(static_cast<double>(microbatch_size(s))));
  // A speculative step's dots are its verify step's (k + 1 tokens per sequence).
  if (speculative(s)) out.append(dot).append(speculation_text(s));
  out += dot;
  if (a.peak_flops <= 0) {  // no compute roof for this precision: the GPU's bandwidth only
    return out + "no " + std::string(to_string(a.math_precision)) + " compute roof" + dot +
           format_bandwidth(s.gpu.memory_bandwidth_bytes_per_s) + " memory";
  }
  if (s.compute_efficiency >= 1 && s.memory_efficiency >= 1) {
    out += "peak roofs";
  } else {
    out += "practical roofs (" + format_percent(s.compute_efficiency) + " compute / " +
           format_percent(s.memory_efficiency) + " memory)";
  }
  out += ": " + format_flop_rate(a.peak_flops) + ", " + format_bandwidth(a.bandwidth);
  // Under a calibration the dots are expected times, their bounds the rings above them.
  if (s.calibration)
    out.append(dot).append("expected times (").append(s.calibration->id).append(")");
  // A figure of a configuration that cannot run says so (an exported one has no status line).
  if (!a.ops.empty() && !a.totals.fits_in_memory) {
    out.append(dot).append("does not fit: ").append(format_bytes(a.totals.memory_per_gpu_bytes));
    out.append(gpu_count(s) > 1 ? " per GPU of " : " of ")
        .append(format_bytes(a.totals.usable_memory_bytes))
        .append(" usable");
  }
  return out;
}

}  // namespace roofline
