#pragma once
// Internal: text labels as geometry. A label's box from its anchor, alignment, rotation and
// measured width; the halo of labels drawn over data; a line of text fitted to a width.

#include <string>

#include "roofline/plot/axes.h"  // TextMeasure
#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"

namespace roofline::detail {

// A label with its box computed (no halo, not bold).
TextLabel make_text(std::string id, std::string text, Vec2 anchor, double size_px, Rgba colour,
                    HAlign h, VAlign v, const TextMeasure& measure, double rotation_rad = 0);

// Sets label.box from its anchor, alignment, rotation and measured width.
void compute_text_box(TextLabel& label, const TextMeasure& measure);

// Gives a label drawn over the data (dot, roof, wall labels) the theme's halo, 0.16 em wide,
// so it stays readable over lines and grid.
void add_label_halo(TextLabel& label, const Theme& theme, double font_px);

// A title or caption line set to fit `width_px`: smaller (down to 60 % of `size_px`), then cut
// with an ellipsis. `width_factor` widens the measure (bold text measured with the regular face).
struct FittedLine {
  std::string text;
  double size_px = 0;
};
FittedLine fit_line(const std::string& text, double size_px, double width_px, double width_factor,
                    const TextMeasure& measure);
// DejaVu Sans Bold runs this much wider than the regular face the measure uses.
inline constexpr double kBoldWidthFactor = 1.12;

}  // namespace roofline::detail
