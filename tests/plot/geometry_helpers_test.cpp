// The small shared pieces behind both charts and both painters: outward rounding, segment
// clipping, the text baseline, the legend's primitives and what a box laid over the chart hides.

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "axes_frame.h"
#include "clipping.h"
#include "roofline/plot/geometry.h"
#include "text_box.h"

namespace roofline {
namespace {

TEST(NiceRounding, OutwardToOneTwoFive) {
  EXPECT_DOUBLE_EQ(detail::nice_floor(0.037), 0.02);
  EXPECT_DOUBLE_EQ(detail::nice_ceil(0.037), 0.05);
  EXPECT_DOUBLE_EQ(detail::nice_floor(300), 200);
  EXPECT_DOUBLE_EQ(detail::nice_ceil(300), 500);
  EXPECT_DOUBLE_EQ(detail::nice_ceil(6000), 10000);
  // Already round: unchanged.
  EXPECT_DOUBLE_EQ(detail::nice_floor(1000), 1000);
  EXPECT_DOUBLE_EQ(detail::nice_ceil(1000), 1000);
  EXPECT_DOUBLE_EQ(detail::nice_floor(5e12), 5e12);
}

// approximate_text_measure(): 0.55 x size per code point.
TEST(FitLine, KeepsThenShrinksThenCutsWithAnEllipsis) {
  const TextMeasure m = approximate_text_measure();
  // "abcd" at 10 px is 22 px wide: it fits in 30 px as it is.
  detail::FittedLine f = detail::fit_line("abcd", 10, 30, 1.0, m);
  EXPECT_EQ(f.text, "abcd");
  EXPECT_DOUBLE_EQ(f.size_px, 10);
  // In 16.5 px it is set at 10 x 16.5 / 22 = 7.5 px.
  f = detail::fit_line("abcd", 10, 16.5, 1.0, m);
  EXPECT_EQ(f.text, "abcd");
  EXPECT_DOUBLE_EQ(f.size_px, 7.5);
  // Bold counts 1.12 x wider: 22 x 1.12 = 24.64 px in 24 px gives 10 x 24 / 24.64.
  f = detail::fit_line("abcd", 10, 24, detail::kBoldWidthFactor, m);
  EXPECT_DOUBLE_EQ(f.size_px, 10 * 24 / 24.64);
  // "abcdefghij" (55 px) in 20 px would need 36 %: it goes to 60 % (6 px, 3.3 px a character)
  // and keeps the five characters that fit with the ellipsis (6 x 3.3 = 19.8 px).
  f = detail::fit_line("abcdefghij", 10, 20, 1.0, m);
  EXPECT_EQ(f.text, "abcde\u2026");
  EXPECT_DOUBLE_EQ(f.size_px, 6);
  // Cuts fall between UTF-8 characters and drop the space before the ellipsis:
  // "ab · cd" (7 characters, 38.5 px) in 17 px keeps "ab ·" and the ellipsis (5 x 3.3 = 16.5 px);
  // in 12 px only "ab" and the ellipsis (9.9 px).
  f = detail::fit_line("ab \u00b7 cd", 10, 17, 1.0, m);
  EXPECT_EQ(f.text, "ab \u00b7\u2026");
  f = detail::fit_line("ab \u00b7 cd", 10, 12, 1.0, m);
  EXPECT_EQ(f.text, "ab\u2026");
}

// A name of a million characters (a 1 MB GPU file, a 100 kB --title) is cut after a few dozen
// measurements: cutting one character at a time measured it a million times (81 s for 100 kB,
// and the app never drew its first frame).
TEST(FitLine, AMillionCharactersAreCutInFewMeasurements) {
  const TextMeasure m = approximate_text_measure();
  int calls = 0;
  const std::string name(1'000'000, 'x');
  const std::string cut = ellipsize(name, [&](const std::string& t) {
    ++calls;
    return m(t, 10) <= 100;  // 100 px at 5.5 px a character: 18 characters
  });
  EXPECT_EQ(cut, std::string(17, 'x') + "\u2026");
  EXPECT_LE(calls, 21);  // log2 of a million, rounded up, plus one
  // Nothing fits: the ellipsis alone.
  EXPECT_EQ(ellipsize("abc", [](const std::string&) { return false; }), "\u2026");
}

TEST(SegmentClipping, SpanAndVisiblePart) {
  const Rect r{2, -1, 6, 1};
  const auto span = detail::segment_span_in_rect({0, 0}, {10, 0}, r);
  ASSERT_TRUE(span);
  EXPECT_DOUBLE_EQ(span->first, 0.2);
  EXPECT_DOUBLE_EQ(span->second, 0.6);
  const auto part = detail::clip_segment({0, 0}, {10, 0}, r);
  ASSERT_TRUE(part);
  EXPECT_EQ(part->first, (Vec2{2, 0}));
  EXPECT_EQ(part->second, (Vec2{6, 0}));
  // Parallel to an edge and outside it.
  EXPECT_FALSE(detail::segment_span_in_rect({0, 5}, {10, 5}, r));
  EXPECT_FALSE(detail::clip_segment({0, 5}, {10, 5}, r));
}

TEST(SegmentClipping, TouchingACornerCrossesButClipsToNothing) {
  // x + y = 2 meets the box [0,1]x[0,1] only at its corner (1, 1), halfway along.
  const Rect r{0, 0, 1, 1};
  const auto span = detail::segment_span_in_rect({0, 2}, {2, 0}, r);
  ASSERT_TRUE(span);
  EXPECT_DOUBLE_EQ(span->first, 0.5);
  EXPECT_DOUBLE_EQ(span->second, 0.5);
  EXPECT_FALSE(detail::clip_segment({0, 2}, {2, 0}, r));
}

TEST(TextBaseline, MatchesTheLayoutMetrics) {
  EXPECT_DOUBLE_EQ(baseline_offset(VAlign::top, 10), 8);
  EXPECT_DOUBLE_EQ(baseline_offset(VAlign::middle, 10), 3);
  EXPECT_DOUBLE_EQ(baseline_offset(VAlign::baseline, 10), 0);
  EXPECT_DOUBLE_EQ(baseline_offset(VAlign::bottom, 10), -2);
}

TEST(LegendPrimitives, SwatchesAndTextFromTheEntry) {
  LegendEntry e;
  e.series_id = "roofs:other";
  e.label = "other precisions";
  e.color = rgb_hex(0x9aa3ad);
  e.dash = LineDash::dashed;
  e.swatch_center = {50, 20};
  e.swatch_size_px = 8;
  e.line_width_px = 2;
  e.outline = rgb_hex(0xffffff);
  e.text_anchor = {70, 20};
  e.text_size_px = 12;
  e.text_color = rgb_hex(0x1f2328);

  const Polyline line = legend_swatch_line(e);
  EXPECT_EQ(line.id, "legend:roofs:other");
  EXPECT_EQ(line.points, (std::vector<Vec2>{{42, 20}, {58, 20}}));
  EXPECT_EQ(line.color, e.color);
  EXPECT_DOUBLE_EQ(line.width_px, 2);
  EXPECT_EQ(line.dash, LineDash::dashed);
  EXPECT_FALSE(line.clip);

  e.shape = MarkerShape::diamond;
  const Marker m = legend_swatch_marker(e);
  EXPECT_EQ(m.id, "legend:roofs:other");
  EXPECT_EQ(m.center, (Vec2{50, 20}));
  EXPECT_DOUBLE_EQ(m.radius_px, 8);
  EXPECT_EQ(m.shape, MarkerShape::diamond);
  EXPECT_EQ(m.fill, e.color);
  EXPECT_EQ(m.outline, e.outline);
  EXPECT_DOUBLE_EQ(m.outline_width_px, 1.2);

  const TextLabel t = legend_text(e);
  EXPECT_EQ(t.text, "other precisions");
  EXPECT_EQ(t.anchor, (Vec2{70, 20}));
  EXPECT_DOUBLE_EQ(t.size_px, 12);
  EXPECT_EQ(t.color, e.text_color);
  EXPECT_EQ(t.halign, HAlign::left);
  EXPECT_EQ(t.valign, VAlign::middle);
}

Marker dot_at(std::string id, Vec2 center, double radius_px) {
  Marker m;
  m.id = std::move(id);
  m.center = center;
  m.radius_px = radius_px;
  return m;
}

// A 1000 x 600 plot with the decode attention dot at (400, 300), its label right of it, the fc
// dot below left and a roof through the middle; em 10 px.
PlotGeometry chart_with_a_dot() {
  PlotGeometry g;
  g.plot_area = {0, 0, 1000, 600};
  g.markers.push_back(dot_at("group:attention", {400, 300}, 6));
  g.markers.push_back(dot_at("group:fc", {300, 420}, 6));
  g.markers.push_back(dot_at("op:q_proj", {700, 100}, 3));
  TextLabel label;
  label.id = "label:group:attention";
  label.box = {410, 294, 470, 306};
  g.texts.push_back(label);
  TextLabel tick;
  tick.id = "tick:x:10";
  tick.box = {495, 590, 505, 600};
  g.texts.push_back(tick);
  Polyline roof;
  roof.id = "roof:memory";
  roof.points = {{0, 600}, {1000, 0}};
  g.lines.push_back(roof);
  return g;
}

TEST(CoveredCost, GroupDotsLabelsOtherDotsAndLineLength) {
  const PlotGeometry g = chart_with_a_dot();
  EXPECT_DOUBLE_EQ(covered_cost(g, {0, 0, 50, 50}, 10), 0);
  // The attention dot (100) and its label (20).
  EXPECT_DOUBLE_EQ(covered_cost(g, {390, 290, 480, 310}, 10), 120);
  // An operator dot: 10; a tick label is not the plot's: nothing.
  EXPECT_DOUBLE_EQ(covered_cost(g, {690, 90, 710, 110}, 10), 10);
  EXPECT_DOUBLE_EQ(covered_cost(g, {490, 585, 510, 600}, 10), 0);
  // The roof from (0, 600) to (1000, 0) crosses the box [0, 540] x [100, 600]... inside for x in
  // [0, 100]: 100 x sqrt(1 + 0.36) = 116.6 px = 11.66 em.
  EXPECT_NEAR(covered_cost(g, {0, 540, 100, 600}, 10), 11.6619, 1e-3);
  // The legend counts 20 unless asked not to.
  PlotGeometry with_legend = g;
  with_legend.legend.shown = true;
  with_legend.legend.box = {0, 0, 100, 100};
  EXPECT_DOUBLE_EQ(covered_cost(with_legend, {50, 50, 60, 60}, 10), 20);
  EXPECT_DOUBLE_EQ(covered_cost(with_legend, {50, 50, 60, 60}, 10, false), 0);
}

TEST(PlaceNote, BesideTheDotWithoutHidingItOrItsLabelOrTheOtherDots) {
  const PlotGeometry g = chart_with_a_dot();
  // 200 x 100 beside (400, 300) with a 10 px gap: the roof y = 600 - 0.6x crosses below right
  // ([410, 610] x [310, 410]: from (410, 354) to (483, 310)), below left ([190, 390] x
  // [310, 410]: from (317, 410) to (390, 366)) and above right ([410, 610] x [190, 290]); above
  // left, [190, 390] x [190, 290], it passes under (y 486 to 366): nothing hidden there.
  const Rect note = place_note(g, {400, 300}, {200, 100}, 10);
  EXPECT_EQ(note, (Rect{190, 190, 390, 290}));
  EXPECT_FALSE(note.intersects({394, 294, 406, 306}));  // the dot
  EXPECT_FALSE(note.intersects({410, 294, 470, 306}));  // its label
  EXPECT_EQ(note.width(), 200);
  EXPECT_EQ(note.height(), 100);
  // With the roof gone, below right (the first choice) is free: (410, 310).
  PlotGeometry no_roof = g;
  no_roof.lines.clear();
  EXPECT_EQ(place_note(no_roof, {400, 300}, {200, 100}, 10), (Rect{410, 310, 610, 410}));
  // A group dot there: below left instead.
  no_roof.markers.push_back(dot_at("group:step", {500, 350}, 6));
  EXPECT_EQ(place_note(no_roof, {400, 300}, {200, 100}, 10), (Rect{190, 310, 390, 410}));
  // Near the plot's right edge, kept inside it.
  PlotGeometry empty;
  empty.plot_area = {0, 0, 1000, 600};
  EXPECT_EQ(place_note(empty, {950, 300}, {200, 100}, 10), (Rect{800, 310, 1000, 410}));
}

}  // namespace
}  // namespace roofline
