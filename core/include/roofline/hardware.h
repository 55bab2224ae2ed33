#pragma once
// A GPU: its roofs (peak FLOP/s per precision, memory bandwidth), capacity and links.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "roofline/precision.h"

namespace roofline {

// A faster memory level (L2, shared memory) drawn as an extra bandwidth ceiling.
struct CacheCeiling {
  std::string name;
  double bandwidth_bytes_per_s = 0;

  bool operator==(const CacheCeiling&) const = default;
};

struct GpuSpec {
  std::string id;
  std::string name;
  std::string vendor;
  std::string source;  // where the numbers come from (datasheet, dense or sparse)
  double memory_bandwidth_bytes_per_s = 0;
  double memory_capacity_bytes = 0;
  // Dense peak per precision; nullopt where the GPU has no such roof.
  std::array<std::optional<double>, kAllPrecisions.size()> peak_flops{};
  std::vector<CacheCeiling> caches;
  // Per direction; nullopt when the preset gives none (tensor parallel time is then not counted).
  std::optional<double> interconnect_bandwidth_bytes_per_s;

  std::optional<double> peak(Precision p) const { return peak_flops[static_cast<size_t>(p)]; }
  void set_peak(Precision p, double flops_per_s) {
    peak_flops[static_cast<size_t>(p)] = flops_per_s;
  }

  bool operator==(const GpuSpec&) const = default;
};

// The roof a step of math precision `wanted` runs on: the first precision of
// fallback_chain(wanted) that the GPU has. nullopt if it has none of them.
std::optional<Precision> resolve_roof(const GpuSpec& gpu, Precision wanted);

// attainable(I) = min(peak, I * bandwidth).
double attainable_flops(double intensity, double peak_flops, double bandwidth_bytes_per_s);

// Ridge point peak / bandwidth, in FLOP/byte.
double ridge_point(double peak_flops, double bandwidth_bytes_per_s);

}  // namespace roofline
