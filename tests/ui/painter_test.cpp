// The ImDrawList painter: what it emits for hand-made geometry (anti-aliasing off, so every
// primitive's vertices are exact).

#include "roofline/ui/draw_painter.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <numbers>

#include "headless_ui.h"

namespace roofline::test {
namespace {

struct Box {
  float x0 = FLT_MAX, y0 = FLT_MAX, x1 = -FLT_MAX, y1 = -FLT_MAX;
};

Box bounds(const ImDrawList& list, int from = 0) {
  Box b;
  for (int i = from; i < list.VtxBuffer.Size; ++i) {
    const ImVec2 p = list.VtxBuffer[i].pos;
    b = {std::min(b.x0, p.x), std::min(b.y0, p.y), std::max(b.x1, p.x), std::max(b.y1, p.y)};
  }
  return b;
}

double triangle_area(const ImDrawList& list) {
  double area = 0;
  for (int i = 0; i + 2 < list.IdxBuffer.Size; i += 3) {
    const ImVec2 a = list.VtxBuffer[list.IdxBuffer[i]].pos;
    const ImVec2 b = list.VtxBuffer[list.IdxBuffer[i + 1]].pos;
    const ImVec2 c = list.VtxBuffer[list.IdxBuffer[i + 2]].pos;
    area += std::abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;
  }
  return area;
}

class Painter : public ::testing::Test {
 protected:
  Painter()
      : ui(PresetLibrary::builtin().default_scenario()), list(ImGui::GetDrawListSharedData()) {
    ui.frame(1);  // sets the shared data's font and white-pixel UV
    list._ResetForNewFrame();
    list.Flags = ImDrawListFlags_None;
    list.PushClipRect({0, 0}, {1000, 1000});
    list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  }
  // A geometry whose only content is added by the test (no background, empty plot area).
  static PlotGeometry blank() {
    PlotGeometry g;
    g.canvas_size = {400, 300};
    g.background = Rgba{0, 0, 0, 0};
    g.plot_area = {0, 0, 400, 300};
    g.plot_background = Rgba{0, 0, 0, 0};
    return g;
  }
  HeadlessUi ui;
  ImDrawList list;
};

TEST_F(Painter, SolidLineIsOneStrokeAtTheOrigin) {
  PlotGeometry g = blank();
  g.lines.push_back(
      {"roof:bf16", {{10, 20}, {110, 20}}, Rgba{0, 0, 0, 255}, 2.0, LineDash::solid, true});
  paint_geometry(list, g, {100, 50}, {});
  ASSERT_EQ(list.VtxBuffer.Size, 4);  // one quad, no anti-aliasing fringe
  const Box b = bounds(list);
  EXPECT_FLOAT_EQ(b.x0, 110);
  EXPECT_FLOAT_EQ(b.x1, 210);
  EXPECT_FLOAT_EQ(b.y0, 69);
  EXPECT_FLOAT_EQ(b.y1, 71);
}

TEST_F(Painter, DashedLineEmitsOneQuadPerDash) {
  PlotGeometry g = blank();
  g.lines.push_back({"cache:L2",
                     {{0, 10}, {50, 10}, {100, 10}},
                     Rgba{0, 0, 0, 255},
                     1.0,
                     LineDash::dashed,
                     true});
  paint_geometry(list, g, {0, 0}, {});
  const std::vector<double> pattern = dash_pattern(LineDash::dashed, 1.0);
  ASSERT_EQ(pattern.size(), 2u);
  const double period = pattern[0] + pattern[1];
  // Dashes start at k·period; one crossing the vertex at x = 50 is split in two quads.
  const int dashes = static_cast<int>(std::ceil(100 / period));
  const double phase_at_vertex = std::fmod(50.0, period);
  const int split = phase_at_vertex > 0 && phase_at_vertex < pattern[0] ? 1 : 0;
  EXPECT_EQ(list.VtxBuffer.Size, 4 * (dashes + split));
  EXPECT_FLOAT_EQ(bounds(list).x0, 0);
}

TEST_F(Painter, ConcaveRegionIsFilledExactlyOnce) {
  PlotGeometry g = blank();
  // An L shape: 100×100 square minus its 50×50 top-right quarter = 7500 px².
  g.fills.push_back({"region:memory",
                     {{0, 0}, {50, 0}, {50, 50}, {100, 50}, {100, 100}, {0, 100}},
                     Rgba{10, 20, 30, 40}});
  paint_geometry(list, g, {0, 0}, {});
  EXPECT_NEAR(triangle_area(list), 7500.0, 1e-3);
}

TEST_F(Painter, ConvexRegionAndMarkersStayInPlace) {
  PlotGeometry g = blank();
  Marker m;
  m.id = "group:fc";
  m.center = {200, 150};
  m.radius_px = 6;
  m.fill = Rgba{255, 0, 0, 255};
  m.outline = Rgba{0, 0, 0, 0};
  g.markers.push_back(m);
  paint_geometry(list, g, {10, 10}, {});
  const Box b = bounds(list);
  EXPECT_NEAR(b.x0, 204, 1e-3);
  EXPECT_NEAR(b.x1, 216, 1e-3);
  EXPECT_NEAR(b.y0, 154, 1e-3);
  EXPECT_NEAR(b.y1, 166, 1e-3);
}

TEST_F(Painter, RotatedAxisTitleReadsBottomToTopAboutItsAnchor) {
  PlotGeometry g = blank();
  TextLabel t;
  t.id = "axis:y";
  t.text = "Performance (FLOP/s)";
  t.anchor = {40, 150};
  t.size_px = 15;
  t.color = Rgba{0, 0, 0, 255};
  t.halign = HAlign::center;
  t.valign = VAlign::middle;
  t.rotation_rad = -std::numbers::pi / 2;
  g.texts.push_back(t);
  paint_geometry(list, g, {0, 0}, {ui.state.ui.font_regular, ui.state.ui.font_bold});
  const ImFont* font = ui.state.ui.font_regular;
  const float width = font->CalcTextSizeA(15, FLT_MAX, 0, t.text.c_str()).x;
  const Box b = bounds(list);
  // Turned a quarter: as tall as the text is wide, centred on the anchor; nothing was clipped
  // away although the unrotated text would start at x = 40 - width/2 < 0.
  EXPECT_NEAR(b.y1 - b.y0, width, 2.0);
  EXPECT_NEAR((b.y0 + b.y1) / 2, 150, 1.5);
  EXPECT_LT(b.x1 - b.x0, 15);
  EXPECT_NEAR((b.x0 + b.x1) / 2, 40, 3.0);
  // The first glyph ("P") sits at the bottom: reading goes upwards.
  EXPECT_GT(list.VtxBuffer[0].pos.y, 150);
}

// Every symbol the UI writes has a glyph in the loaded font: ImGui draws "?" for one that is
// missing (the precision panel's warnings read "? ..." before U+26A0 was loaded).
TEST_F(Painter, TheFontHasEverySymbolTheUiWrites) {
  const ImFont* font = ui.state.ui.font_regular;
  for (const int c : {0x26A0 /* ⚠ */, 0x2192 /* → */, 0x00D7 /* × */, 0x2026 /* … */,
                      0x00B5 /* µ */, 0x00B7 /* · */, 0x2014 /* — */, 0x2212 /* − */,
                      0x2248 /* ≈ */, 0x2264 /* ≤ */, 0x221E /* ∞ */, 0x2080 /* ₀ */}) {
    EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr) << "U+" << std::hex << c;
  }
}

// The measure against DejaVu Sans's own metrics (DejaVuSans.ttf: hhea ascender 1901, descender
// -483; hmtx advance widths in font units below). ImGui sizes a font by its line height
// (ascender - descender) and adds advance widths without kerning, so a text `px` pixels tall is
// px · sum(advances) / 2384 wide.
TEST_F(Painter, TextMeasureMatchesTheFont) {
  const TextMeasure measure = imgui_text_measure(ui.state.ui.font_regular);
  constexpr double kLineHeightUnits = 1901 + 483;
  auto width = [&](double advance_units, double px) {
    return px * advance_units / kLineHeightUnits;
  };
  EXPECT_NEAR(measure("M", 12), width(1767, 12), 1e-3);
  EXPECT_NEAR(measure("i", 12), width(569, 12), 1e-3);
  EXPECT_NEAR(measure(" ", 12), width(651, 12), 1e-3);
  // "989 TFLOP/s": 3 · 1303 (digits) + 651 + T 1251 + F 1178 + L 1141 + O 1612 + P 1235 +
  // / 690 + s 1067 = 12734.
  EXPECT_NEAR(measure("989 TFLOP/s", 12), width(12734, 12), 1e-3);
  EXPECT_NEAR(measure("989 TFLOP/s", 24), width(12734, 24), 1e-3);
  // Widths add up (no kerning) and scale with the size.
  EXPECT_NEAR(measure("MM", 15), 2 * measure("M", 15), 1e-3);
  EXPECT_NEAR(measure("Mi", 30), 2 * measure("Mi", 15), 1e-3);
  EXPECT_EQ(measure("", 12), 0);
}

}  // namespace
}  // namespace roofline::test
