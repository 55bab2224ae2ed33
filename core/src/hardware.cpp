#include "roofline/hardware.h"

#include <algorithm>

namespace roofline {

std::optional<Precision> resolve_roof(const GpuSpec& gpu, Precision wanted) {
  for (Precision p : fallback_chain(wanted)) {
    if (gpu.peak(p)) return p;
  }
  return std::nullopt;
}

double attainable_flops(double intensity, double peak_flops, double bandwidth_bytes_per_s) {
  return std::min(peak_flops, intensity * bandwidth_bytes_per_s);
}

double ridge_point(double peak_flops, double bandwidth_bytes_per_s) {
  return peak_flops / bandwidth_bytes_per_s;
}

}  // namespace roofline
