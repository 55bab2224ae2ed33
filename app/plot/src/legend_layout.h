#pragma once
// Internal: the legend box, its rows, swatches and hit boxes.

#include <vector>

#include "roofline/plot/axes.h"  // TextMeasure
#include "roofline/plot/geometry.h"
#include "roofline/plot/theme.h"

namespace roofline::detail {

// Lays out `entries` as a legend box whose top-left corner is `top_left`: swatch, text, hit box.
void layout_legend(Legend& legend, std::vector<LegendEntry> entries, Vec2 top_left,
                   const Theme& theme, const TextMeasure& measure, double font_px);

}  // namespace roofline::detail
