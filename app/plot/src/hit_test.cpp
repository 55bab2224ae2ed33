#include <cmath>
#include <limits>

#include "clipping.h"
#include "roofline/plot/roofline_plot.h"

namespace roofline {

std::string hit_test(const PlotGeometry& g, Vec2 pixel, double radius_px) {
  // The legend is drawn on top of everything, so it wins where it is.
  if (g.legend.shown)
    for (const LegendEntry& e : g.legend.entries)
      if (e.hit_box.contains(pixel)) return "legend:" + e.series_id;

  // Markers: the nearest edge within reach; on a tie (coincident dots) a group beats an op, and
  // the marker drawn last (on top) beats one drawn earlier.
  const Marker* best = nullptr;
  double best_distance = std::numeric_limits<double>::infinity();
  for (const Marker& m : g.markers) {
    if (!m.interactive || m.id.empty() || !g.plot_area.expanded(radius_px).contains(m.center))
      continue;
    const double dx = pixel.x - m.center.x, dy = pixel.y - m.center.y;
    const double distance = std::max(0.0, std::sqrt(dx * dx + dy * dy) - m.radius_px);
    if (distance > radius_px) continue;
    const bool is_group = m.id.starts_with("group:");
    bool better = best == nullptr || distance < best_distance - 0.5;
    if (!better && distance <= best_distance + 0.5)
      better = is_group || !best->id.starts_with("group:");
    if (better) {
      best = &m;
      best_distance = distance;
    }
  }
  if (best != nullptr) return best->id;

  // Roofs and ceilings: the nearest line within reach, inside the plot area only.
  if (!g.plot_area.contains(pixel)) return {};
  const Polyline* nearest = nullptr;
  double nearest_distance = radius_px;
  for (const Polyline& l : g.lines) {
    const bool roof_like = l.id.starts_with("roof:") || l.id.starts_with("compare:roof:") ||
                           l.id.starts_with("cache:");
    if (!roof_like) continue;
    for (size_t i = 1; i < l.points.size(); ++i) {
      const double d = detail::distance_to_segment(pixel, l.points[i - 1], l.points[i]);
      if (d <= nearest_distance) {
        nearest = &l;
        nearest_distance = d;
      }
    }
  }
  return nearest != nullptr ? nearest->id : std::string{};
}

}  // namespace roofline
