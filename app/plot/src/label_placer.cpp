#include "label_placer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "clipping.h"
#include "text_box.h"

namespace roofline::detail {

namespace {

// How far the largest marker shape (the triangle, see marker_polygon) reaches, in radii.
constexpr double kMarkerReach = 1.35;

}  // namespace

LabelPlacer::LabelPlacer(Rect bounds, TextMeasure measure, double font_px)
    : bounds_(bounds), measure_(std::move(measure)), font_px_(font_px) {}

void LabelPlacer::add_obstacle(const Rect& r) { obstacles_.push_back(r); }

void LabelPlacer::add_segment(Vec2 a, Vec2 b, double half_width_px, bool minor) {
  segments_.push_back({a, b, half_width_px, minor});
}

void LabelPlacer::add_dot(Vec2 center, double radius_px) {
  const double r = radius_px * kMarkerReach + 1;
  obstacles_.push_back({center.x - r, center.y - r, center.x + r, center.y + r});
}

bool LabelPlacer::reserve_if_free(const Rect& box, bool allow_minor, bool upright) {
  if (!is_free(box, allow_minor)) return false;
  obstacles_.push_back(box);
  if (upright) text_boxes_.push_back(box);
  return true;
}

bool LabelPlacer::is_free(const Rect& box, bool allow_minor) const {
  if (box.x0 < bounds_.x0 || box.y0 < bounds_.y0 || box.x1 > bounds_.x1 || box.y1 > bounds_.y1)
    return false;
  for (const Rect& o : obstacles_)
    if (box.intersects(o)) return false;
  for (const Segment& s : segments_) {
    if (allow_minor && s.minor) continue;
    if (segment_span_in_rect(s.a, s.b, box.expanded(s.half_width))) return false;
  }
  return true;
}

namespace {

// The box of a label of size w×h whose side facing the dot sits at `distance` from the dot
// in direction `angle` (0 = east, clockwise on screen as y points down).
Rect box_at(Vec2 dot, double angle, double distance, double w, double h) {
  const double c = std::cos(angle), s = std::sin(angle);
  // A point on the ring; the box hangs off it on the side away from the dot: fully to the
  // right when heading east, centred when heading straight up, corner-attached on diagonals.
  // On a square ring (not a circle), so a diagonal label's corner clears the dot's box.
  const double k = distance / std::max(std::abs(c), std::abs(s));
  const Vec2 p{dot.x + c * k, dot.y + s * k};
  const double fx = std::clamp(c / 0.7, -1.0, 1.0), fy = std::clamp(s / 0.7, -1.0, 1.0);
  const double x0 = p.x - w / 2 + fx * w / 2;
  const double y0 = p.y - h / 2 + fy * h / 2;
  return {x0, y0, x0 + w, y0 + h};
}

Vec2 nearest_point_on_box(const Rect& r, Vec2 p) {
  return {std::clamp(p.x, r.x0, r.x1), std::clamp(p.y, r.y0, r.y1)};
}

double cross(Vec2 o, Vec2 a, Vec2 b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

// Segments p-q and r-s cross (touching ends do not count).
bool segments_cross(Vec2 p, Vec2 q, Vec2 r, Vec2 s) {
  const double d1 = cross(r, s, p), d2 = cross(r, s, q), d3 = cross(p, q, r), d4 = cross(p, q, s);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

}  // namespace

std::optional<PlacedLabel> LabelPlacer::place(const LabelRequest& request, Rgba leader_color,
                                              double leader_width_px, double max_ring_em,
                                              bool may_cross, bool may_strike) {
  const double pad = 0.12 * request.size_px;  // keeps neighbouring labels visibly apart
  // A bold label is wider than the regular face the measure knows: its box at the bold width.
  const double w =
      measure_(request.text, request.size_px) * (request.bold ? kBoldWidthFactor : 1.0) + 2 * pad;
  const double h = request.size_px + 2 * pad;
  const double near = request.dot_radius_px * kMarkerReach + 0.2 * font_px_;

  constexpr double kPi = std::numbers::pi;
  // Preferred order: right, upper right, lower right, above, below, left, upper/lower left.
  static constexpr std::array<double, 8> kNear = {0,       -kPi / 4, kPi / 4,      -kPi / 2,
                                                  kPi / 2, kPi,      -3 * kPi / 4, 3 * kPi / 4};
  // Reserves a free `box` and puts the label in it.
  auto claim = [&](const Rect& box) {
    obstacles_.push_back(box);
    text_boxes_.push_back(box);
    PlacedLabel out;
    out.label = make_text("label:" + request.owner_id, request.text, {box.x0 + pad, box.center().y},
                          request.size_px, request.color, HAlign::left, VAlign::middle, measure_);
    out.label.bold = request.bold;
    if (request.bold) detail::compute_text_box(out.label, measure_);  // the bold face's width
    return out;
  };
  for (double angle : kNear) {
    const Rect box = box_at(request.dot, angle, near, w, h);
    if (is_free(box)) return claim(box);
  }

  // Rings further out, 16 directions each, with a leader line. Leaders that cross tangle
  // (which label is whose?) and a leader through a label strikes it out (issue 28): ring by
  // ring, so a label keeps close to its dot, first a place whose leader crosses nothing on any
  // ring; then (`may_cross`) one crossing only other leaders; and only where neither is
  // anywhere (`may_strike`: a label the chart needs), one through a label, rather than none.
  enum class Allow { nothing, leaders, labels };
  for (Allow allow : {Allow::nothing, Allow::leaders, Allow::labels}) {
    if (allow == Allow::leaders && !may_cross) break;
    if (allow == Allow::labels && !may_strike) break;
    for (double ring : {1.6, 2.4, 3.4, 4.6, 6.0, 7.6, 9.5}) {
      if (ring > max_ring_em) break;
      const double distance = near + ring * font_px_;
      for (int i = 0; i < 16; ++i) {
        // Start east and alternate above/below so labels fan out evenly.
        const int step = (i + 1) / 2;
        const double angle = (i % 2 == 0 ? 1 : -1) * step * kPi / 8;
        const Rect box = box_at(request.dot, angle, distance, w, h);
        if (!is_free(box)) continue;
        // From the dot's edge to the nearest point of the box.
        const Vec2 target = nearest_point_on_box(box.expanded(-pad * 0.5), request.dot);
        const double dx = target.x - request.dot.x, dy = target.y - request.dot.y;
        const double len = std::sqrt(dx * dx + dy * dy);
        const double start = request.dot_radius_px * 1.2;
        const Vec2 from =
            len > start ? Vec2{request.dot.x + dx / len * start, request.dot.y + dy / len * start}
                        : target;
        if (len > start) {
          const bool strikes =
              allow != Allow::labels &&
              std::any_of(text_boxes_.begin(), text_boxes_.end(), [&](const Rect& r) {
                return segment_span_in_rect(from, target, r.expanded(-1)).has_value();
              });
          const bool tangles = allow == Allow::nothing &&
                               std::any_of(leaders_.begin(), leaders_.end(), [&](const Leader& l) {
                                 return segments_cross(from, target, l.a, l.b);
                               });
          if (strikes || tangles) continue;
        }
        PlacedLabel out = claim(box);
        if (len > start) {
          Polyline leader;
          leader.id = "leader:" + request.owner_id;
          leader.points = {from, target};
          leader.color = leader_color;
          leader.width_px = leader_width_px;
          leader.clip = true;
          out.leader = std::move(leader);
          leaders_.push_back({from, target});
          // Later labels keep off it too (a hair either side).
          segments_.push_back({from, target, 0.5 * leader_width_px + 1, false});
        }
        return out;
      }
    }
  }
  return std::nullopt;
}

void place_labels(LabelPlacer& placer, const std::vector<LabelRequest>& requests, PlotGeometry& g,
                  const Theme& theme, double font_px) {
  for (const LabelRequest& r : requests) {
    if (auto placed = placer.place(r, theme.leader, 0.07 * font_px)) {
      add_label_halo(placed->label, theme, font_px);
      g.texts.push_back(placed->label);
      if (placed->leader) g.lines.push_back(*placed->leader);
    }
  }
}

}  // namespace roofline::detail
