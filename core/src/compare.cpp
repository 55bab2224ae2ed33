#include "roofline/compare.h"

#include <algorithm>
#include <cmath>

namespace roofline {

Analysis analyze_on_gpu(const Scenario& s, const GpuSpec& gpu) {
  Scenario moved = s;
  moved.gpu = gpu;
  return analyze(moved);
}

CompareResult compare(const Scenario& s, const GpuSpec& other) {
  CompareResult r;
  r.base = analyze(s);
  r.other = analyze_on_gpu(s, other);
  const bool both = !r.base.ops.empty() && !r.other.ops.empty() && r.other.totals.time_s > 0;
  r.speedup = both ? r.base.totals.time_s / r.other.totals.time_s : 0;
  return r;
}

namespace {

bool plotted(double intensity, double flops_per_s) {
  return std::isfinite(intensity) && intensity > 0 && std::isfinite(flops_per_s) && flops_per_s > 0;
}

bool moved(double from, double to) {
  return std::fabs(to - from) > 1e-6 * std::max(std::fabs(from), std::fabs(to));
}

}  // namespace

std::vector<Ghost> pin_ghosts(const Analysis& a) {
  std::vector<Ghost> ghosts;
  const struct {
    const char* id;
    const GroupCost& g;
  } groups[] = {{"group:fc", a.fc},
                {"group:attention", a.attention},
                {"group:elementwise", a.elementwise},
                {"group:step", a.step}};
  for (const auto& [id, g] : groups) {
    if (plotted(g.intensity, g.achieved_flops))
      ghosts.push_back({id, g.intensity, g.achieved_flops});
  }
  for (const OpCost& op : a.ops) {
    const double achieved = op.time_s > 0 ? op.flops / op.time_s : 0;
    if (plotted(op.intensity, achieved)) {
      ghosts.push_back({"op:" + std::string(op.name), op.intensity, achieved});
    }
  }
  return ghosts;
}

std::vector<GhostArrow> ghost_arrows(std::span<const Ghost> pinned, const Analysis& now) {
  const std::vector<Ghost> current = pin_ghosts(now);
  std::vector<GhostArrow> arrows;
  for (const Ghost& old : pinned) {
    for (const Ghost& cur : current) {
      if (cur.id != old.id) continue;
      if (moved(old.intensity, cur.intensity) || moved(old.flops_per_s, cur.flops_per_s)) {
        arrows.push_back({old.id, old.intensity, old.flops_per_s, cur.intensity, cur.flops_per_s});
      }
      break;
    }
  }
  return arrows;
}

}  // namespace roofline
