#pragma once
// Internal: polygons and segments against the plot area (clipping, and the distance a hover
// test needs).

#include <optional>
#include <utility>
#include <vector>

#include "roofline/plot/geometry.h"

namespace roofline::detail {

// Sutherland-Hodgman: `polygon` clipped to `rect` (convex clip, any simple polygon).
std::vector<Vec2> clip_polygon(const std::vector<Vec2>& polygon, const Rect& rect);

// The span [t0, t1] of segment a-b (the points a + t·(b - a), 0 <= t <= 1) that lies in r,
// edges included (Liang-Barsky); nullopt when none does. t0 == t1 when it only touches r.
std::optional<std::pair<double, double>> segment_span_in_rect(Vec2 a, Vec2 b, const Rect& r);

// The part of segment a-b inside r; nullopt when none is, or only a single point.
std::optional<std::pair<Vec2, Vec2>> clip_segment(Vec2 a, Vec2 b, const Rect& r);

// Shortest distance from p to the segment a-b.
double distance_to_segment(Vec2 p, Vec2 a, Vec2 b);

}  // namespace roofline::detail
