#pragma once
// What-if ghosts: the chart's dots pinned before a change, so the roofline chart can draw each
// at its old position with an arrow to where it is now (PlotView::ghosts). Dot ids and the
// rule for which dots are drawn are the chart's own (roofline_plot.h).

#include <span>
#include <string>
#include <vector>

#include "roofline/analysis.h"

namespace roofline {

// A dot's position at the moment it was pinned.
struct Ghost {
  std::string id;          // the dot's id: "group:fc", ..., "group:step", "op:q_proj"
  double intensity = 0;    // FLOP/byte
  double flops_per_s = 0;  // achieved
};

// The four group dots, then one per op, in the analysis' order; only dots the chart can draw
// (the same rule as its dots: no bytes, no FLOPs or no time leaves a dot out, so fused
// elementwise ops are not pinned), whatever the view's series flags.
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
