#pragma once
// Internal: greedy placement of dot labels. Each label tries 8 positions around its dot, then
// rings further out (with a leader line back to the dot), and takes the first whose box is
// inside the bounds and clear of every obstacle (dots, labels already placed, the legend) and
// whose leader crosses no other leader nor label; failing that, the first clear box.

#include <optional>
#include <string>
#include <vector>

#include "roofline/plot/axes.h"
#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"

namespace roofline::detail {

struct LabelRequest {
  std::string owner_id;  // the dot's id
  std::string text;
  Vec2 dot;
  double dot_radius_px = 4;
  double size_px = 12;
  Rgba color;
  bool bold = false;
};

struct PlacedLabel {
  TextLabel label;
  std::optional<Polyline> leader;  // when the label sits away from its dot
};

class LabelPlacer {
 public:
  LabelPlacer(Rect bounds, TextMeasure measure, double font_px);

  // Something labels must not cover.
  void add_obstacle(const Rect& r);
  // A line labels must not cross (a roof, a ceiling), `half_width_px` either side. A `minor` one
  // (another precision's roof) may be crossed by a label reserved with allow_minor.
  void add_segment(Vec2 a, Vec2 b, double half_width_px, bool minor = false);
  // Reserves the dot of a marker (its bounding box, slightly grown).
  void add_dot(Vec2 center, double radius_px);
  // Reserves `box` if it is inside the bounds and free; false (nothing reserved) otherwise.
  // `upright`: a level label, whose box is its text (a slanted one's box is mostly empty, so
  // leaders are not kept off it).
  bool reserve_if_free(const Rect& box, bool allow_minor = false, bool upright = true);
  // The first free position, or nullopt when none is free. A placed label becomes an obstacle.
  // Beside the dot first, then on rings further out (with a leader) up to `max_ring_em`, first
  // where the leader crosses no other leader nor label; then, if `may_cross`, where it crosses
  // only leaders; and last, if `may_strike` (a label the chart cannot do without), where it
  // crosses a label. Otherwise the label is left out.
  std::optional<PlacedLabel> place(const LabelRequest& request, Rgba leader_color,
                                   double leader_width_px, double max_ring_em = 9.5,
                                   bool may_cross = true, bool may_strike = false);

 private:
  bool is_free(const Rect& box, bool allow_minor = false) const;

  Rect bounds_;
  TextMeasure measure_;
  double font_px_;
  std::vector<Rect> obstacles_;
  std::vector<Rect> text_boxes_;  // the labels placed so far (leaders keep off them)
  struct Leader {
    Vec2 a, b;
  };
  std::vector<Leader> leaders_;  // the leaders drawn so far (a new one crosses none if it can)
  struct Segment {
    Vec2 a, b;
    double half_width;
    bool minor;
  };
  std::vector<Segment> segments_;
};

// Each request placed in order (with its halo, and a leader when it sits away from its dot) and
// appended to `g`; a request with no free place is dropped.
void place_labels(LabelPlacer& placer, const std::vector<LabelRequest>& requests, PlotGeometry& g,
                  const Theme& theme, double font_px);

}  // namespace roofline::detail
