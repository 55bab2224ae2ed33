#pragma once
// Comparing: the same step on a second GPU, and "what-if ghosts" (the dots pinned before a
// change, for the chart to join old and new positions with arrows). Pure data.

#include <span>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/hardware.h"
#include "roofline/scenario.h"

namespace roofline {

struct CompareResult {
  Analysis base;   // analyze(s)
  Analysis other;  // analyze(s) with s.gpu = other: everything else the same
  // base step time / other step time: 1.43 means the other GPU runs the step 1.43x faster.
  // 0 when either analysis failed (no ops: see its warnings).
  double speedup = 0;
};

CompareResult compare(const Scenario& s, const GpuSpec& other);

// analyze(s) with s.gpu = gpu: the same workload, precisions and efficiencies on another GPU
// (s.compare_gpu plays no part in an analysis). What compare() puts in `other`.
Analysis analyze_on_gpu(const Scenario& s, const GpuSpec& gpu);

// A dot's position at the moment it was pinned.
struct Ghost {
  std::string id;          // as the plot names dots: "group:fc", ..., "group:step", "op:q_proj"
  double intensity = 0;    // FLOP/byte
  double flops_per_s = 0;  // achieved
};

// The four group dots, then one per op, in the analysis' order; only dots the plot draws:
// finite positive intensity and positive achieved FLOP/s (fused elementwise ops are left out).
std::vector<Ghost> pin_ghosts(const Analysis& a);

// A pinned dot and where it is now.
struct GhostArrow {
  std::string id;
  double from_intensity = 0, from_flops_per_s = 0;
  double to_intensity = 0, to_flops_per_s = 0;
};

// One arrow per pinned dot that still exists in `now` and moved (by more than a part in a
// million on either axis), in `pinned`'s order.
std::vector<GhostArrow> ghost_arrows(std::span<const Ghost> pinned, const Analysis& now);

}  // namespace roofline
