#include "roofline/plot/ghosts.h"

#include <algorithm>
#include <cmath>

#include "roofline_layers.h"

namespace roofline {

namespace {

bool moved(double from, double to) {
  return std::fabs(to - from) > 1e-6 * std::max(std::fabs(from), std::fabs(to));
}

}  // namespace

std::vector<Ghost> pin_ghosts(const Analysis& a) {
  // Every series shown: a ghost is pinned whether or not its series is visible right now, and
  // the chart draws it once the dot is (add_ghosts matches ghosts with the dots drawn).
  PlotView every_series;
  ChartView& c = every_series.chart;
  c.show_fc = c.show_attention = c.show_elementwise = c.show_step = c.show_ops = true;
  std::vector<Ghost> ghosts;
  for (const detail::DotSpec& d : detail::collect_dots(a, every_series))
    ghosts.push_back({d.id, d.intensity, d.flops_per_s});
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
