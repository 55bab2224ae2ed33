#include "clipping.h"

#include <algorithm>
#include <cmath>

namespace roofline::detail {

std::vector<Vec2> clip_polygon(const std::vector<Vec2>& polygon, const Rect& rect) {
  std::vector<Vec2> out = polygon;
  // Each edge of the clip rectangle: inside test and the intersection with that edge.
  for (int edge = 0; edge < 4 && !out.empty(); ++edge) {
    auto inside = [&](Vec2 p) {
      switch (edge) {
        case 0:
          return p.x >= rect.x0;
        case 1:
          return p.x <= rect.x1;
        case 2:
          return p.y >= rect.y0;
        default:
          return p.y <= rect.y1;
      }
    };
    auto cross = [&](Vec2 a, Vec2 b) {
      double t = 0;
      switch (edge) {
        case 0:
          t = (rect.x0 - a.x) / (b.x - a.x);
          break;
        case 1:
          t = (rect.x1 - a.x) / (b.x - a.x);
          break;
        case 2:
          t = (rect.y0 - a.y) / (b.y - a.y);
          break;
        default:
          t = (rect.y1 - a.y) / (b.y - a.y);
          break;
      }
      Vec2 p{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
      // Land exactly on the edge, so shared edges of two regions meet without a seam.
      if (edge == 0) p.x = rect.x0;
      if (edge == 1) p.x = rect.x1;
      if (edge == 2) p.y = rect.y0;
      if (edge == 3) p.y = rect.y1;
      return p;
    };
    std::vector<Vec2> in = std::move(out);
    out.clear();
    for (size_t i = 0; i < in.size(); ++i) {
      const Vec2 cur = in[i];
      const Vec2 prev = in[(i + in.size() - 1) % in.size()];
      const bool cur_in = inside(cur), prev_in = inside(prev);
      if (cur_in) {
        if (!prev_in) out.push_back(cross(prev, cur));
        out.push_back(cur);
      } else if (prev_in) {
        out.push_back(cross(prev, cur));
      }
    }
  }
  return out;
}

std::optional<std::pair<double, double>> segment_span_in_rect(Vec2 a, Vec2 b, const Rect& r) {
  double t0 = 0, t1 = 1;
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {a.x - r.x0, r.x1 - a.x, a.y - r.y0, r.y1 - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return std::nullopt;  // parallel to this edge and outside it
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 > t1) return std::nullopt;
  }
  return std::make_pair(t0, t1);
}

std::optional<std::pair<Vec2, Vec2>> clip_segment(Vec2 a, Vec2 b, const Rect& r) {
  const auto span = segment_span_in_rect(a, b, r);
  if (!span || span->first >= span->second) return std::nullopt;
  const auto [t0, t1] = *span;
  const double dx = b.x - a.x, dy = b.y - a.y;
  return std::make_pair(Vec2{a.x + t0 * dx, a.y + t0 * dy}, Vec2{a.x + t1 * dx, a.y + t1 * dy});
}

double distance_to_segment(Vec2 p, Vec2 a, Vec2 b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  const double x = a.x + t * dx - p.x, y = a.y + t * dy - p.y;
  return std::sqrt(x * x + y * y);
}

}  // namespace roofline::detail
