// Golden geometry: the whole PlotGeometry of fixed scenarios, dumped as text with 0.01 px
// precision, against files in tests/plot/golden. A change in layout, ticks, roofs, dots or
// labels shows up as a readable diff. To accept a deliberate change, run the test with
// ROOFLINE_UPDATE_GOLDEN=1 and review the diff of the golden files.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "plot_fixtures.h"
#include "roofline/plot/throughput_plot.h"

namespace roofline {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return std::string(buf) == "-0.00" ? "0.00" : buf;
}

std::string colour(Rgba c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x%02x", c.r, c.g, c.b, c.a);
  return buf;
}

std::string dump(const PlotGeometry& g) {
  std::ostringstream out;
  out << "canvas " << num(g.canvas_size.x) << " " << num(g.canvas_size.y) << "\n";
  out << "area " << num(g.plot_area.x0) << " " << num(g.plot_area.y0) << " " << num(g.plot_area.x1)
      << " " << num(g.plot_area.y1) << "\n";
  for (const FilledPolygon& f : g.fills) {
    out << "fill " << f.id << " " << colour(f.fill);
    for (const Vec2& p : f.points) out << " " << num(p.x) << "," << num(p.y);
    out << "\n";
  }
  for (const Polyline& l : g.lines) {
    out << "line " << (l.id.empty() ? "-" : l.id) << " " << colour(l.color) << " w"
        << num(l.width_px) << " d" << static_cast<int>(l.dash) << (l.clip ? " clip" : "");
    for (const Vec2& p : l.points) out << " " << num(p.x) << "," << num(p.y);
    out << "\n";
  }
  for (const Marker& m : g.markers)
    out << "marker " << m.id << " " << num(m.center.x) << "," << num(m.center.y) << " r"
        << num(m.radius_px) << " s" << static_cast<int>(m.shape) << " " << colour(m.fill) << "\n";
  for (const TextLabel& t : g.texts)
    out << "text " << t.id << " '" << t.text << "' " << num(t.anchor.x) << "," << num(t.anchor.y)
        << " " << num(t.size_px) << " h" << static_cast<int>(t.halign) << " v"
        << static_cast<int>(t.valign) << " box " << num(t.box.x0) << "," << num(t.box.y0) << ","
        << num(t.box.x1) << "," << num(t.box.y1) << "\n";
  for (const LegendEntry& e : g.legend.entries)
    out << "legend " << e.series_id << " '" << e.label << "' " << (e.visible ? "on" : "off") << " "
        << num(e.hit_box.x0) << "," << num(e.hit_box.y0) << "," << num(e.hit_box.x1) << ","
        << num(e.hit_box.y1) << "\n";
  return out.str();
}

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(ROOFLINE_PLOT_GOLDEN_DIR) + "/" + name;
  if (std::getenv("ROOFLINE_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << path << " (run with ROOFLINE_UPDATE_GOLDEN=1)";
  std::stringstream expected;
  expected << in.rdbuf();
  // Line by line, so a failure names the first line that differs.
  std::istringstream a(actual), e(expected.str());
  std::string line_a, line_e;
  for (int n = 1;; ++n) {
    const bool more_a = static_cast<bool>(std::getline(a, line_a));
    const bool more_e = static_cast<bool>(std::getline(e, line_e));
    if (!more_a && !more_e) break;
    ASSERT_EQ(more_a, more_e) << name << ": line count differs at line " << n;
    ASSERT_EQ(line_a, line_e) << name << ":" << n;
  }
}

TEST(Golden, DefaultDecodeWithOpsAndTrail) {
  const Scenario s = testing::default_scenario();
  const Analysis a = analyze(s);
  const Trail trail = make_trail(s, SweepParam::batch, 24);
  PlotView v = testing::fixed_view();
  v.show_title = true;
  v.show_caption = true;
  v.chart.show_ops = true;
  v = fit_view(v, a, s, &trail);
  check_golden("default_decode.txt", dump(build_roofline_plot(a, s, v, light_theme(),
                                                              approximate_text_measure(), &trail)));
}

TEST(Golden, Llama70bPrefillDark) {
  const Scenario s = testing::scenario_with("llama-3-70b", Phase::prefill, 4, 2048);
  const Analysis a = analyze(s);
  const Trail trail = make_trail(s, SweepParam::seq, 24);
  PlotView v = testing::fixed_view();
  v = fit_view(v, a, s, &trail);
  check_golden(
      "llama70b_prefill_dark.txt",
      dump(build_roofline_plot(a, s, v, dark_theme(), approximate_text_measure(), &trail)));
}

TEST(Golden, ThroughputDefault) {
  const Scenario s = testing::default_scenario();
  ThroughputView v;
  v.canvas_px = {1000, 700};
  v.font_px = 10;
  check_golden("throughput_default.txt",
               dump(build_throughput_plot(make_throughput_data(s, 24), s, v, light_theme(),
                                          approximate_text_measure())));
}

}  // namespace
}  // namespace roofline
