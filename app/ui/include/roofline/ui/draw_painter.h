#pragma once
// The window's painter: draws a PlotGeometry with ImGui's ImDrawList, following the draw order
// and clipping rules promised in roofline/plot/geometry.h (the Cairo painter draws the same
// geometry into files).

#include <imgui.h>

#include "roofline/plot/axes.h"
#include "roofline/plot/geometry.h"

namespace roofline {

struct PaintFonts {
  ImFont* regular = nullptr;  // nullptr: ImGui's current font
  ImFont* bold = nullptr;     // nullptr: the regular one
};

// Width of text as the painter will draw it (the regular font at the requested size).
TextMeasure imgui_text_measure(ImFont* font);

// Draws `g` with its canvas's top-left corner at `origin` (screen pixels).
void paint_geometry(ImDrawList& list, const PlotGeometry& g, ImVec2 origin,
                    const PaintFonts& fonts);

}  // namespace roofline
