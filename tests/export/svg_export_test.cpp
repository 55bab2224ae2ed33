#include <gtest/gtest.h>

#include "export_fixtures.h"

namespace roofline {
namespace {

using testing::make_figure;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

size_t count(const std::string& s, const std::string& part) {
  size_t n = 0;
  for (size_t at = s.find(part); at != std::string::npos; at = s.find(part, at + 1)) ++n;
  return n;
}

class SvgExport : public testing::ScratchDir {};

TEST_F(SvgExport, ParsesAsXml) {
  const auto f = make_figure();
  const std::string file = path("figure.svg");
  ASSERT_EQ(export_figure(f.geometry, file, FigureFormat::svg), "");
  const std::string svg = testing::read_file(file);
  // A minimal structural check that needs no tool...
  EXPECT_TRUE(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_EQ(count(svg, "<text"), count(svg, "</text>"));
  EXPECT_EQ(count(svg, "<g"), count(svg, "</g>"));
  // ...and a real parser where there is one (libxml2-utils).
  if (!testing::have_tool("xmllint")) GTEST_SKIP() << "xmllint not installed";
  EXPECT_EQ(std::system(("xmllint --noout '" + file + "'").c_str()), 0);
}

TEST_F(SvgExport, HasAxesRoofsRidgeAndEveryDotAsTextAndShapes) {
  const auto f = make_figure();
  const std::string svg = render_figure_to_string(f.geometry, FigureFormat::svg);
  // Axis titles, as text.
  EXPECT_TRUE(contains(svg, ">Arithmetic intensity (FLOP/byte)</text>"));
  EXPECT_TRUE(contains(svg, ">Performance (FLOP/s)</text>"));
  EXPECT_TRUE(contains(svg, "rotate(-90)"));  // the y title reads bottom to top
  // Both roofs: the bf16 roof polyline (slope + flat) and their labels.
  EXPECT_TRUE(contains(svg, "<polyline class=\"roof:bf16\""));
  EXPECT_TRUE(contains(svg, ">memory 3.35 TB/s</text>"));
  EXPECT_TRUE(contains(svg, ">bf16: 989 TFLOP/s</text>"));
  EXPECT_TRUE(contains(svg, "<polyline class=\"roof:fp8\""));
  EXPECT_TRUE(contains(svg, ">ridge 295 FLOP/B</text>"));
  // Each dot: its shape and its label.
  EXPECT_TRUE(contains(svg, "<circle class=\"group:fc\""));
  EXPECT_TRUE(contains(svg, "<polygon class=\"group:attention\""));
  EXPECT_TRUE(contains(svg, "<polygon class=\"group:elementwise\""));
  EXPECT_TRUE(contains(svg, "<polygon class=\"group:step\""));
  for (const char* label :
       {">fc</text>", ">attention</text>", ">elementwise</text>", ">whole step</text>"})
    EXPECT_TRUE(contains(svg, label)) << label;
  // Ticks with SI labels.
  EXPECT_TRUE(contains(svg, ">1P</text>"));
  EXPECT_TRUE(contains(svg, ">100</text>"));
}

TEST_F(SvgExport, ColoursAreExact) {
  const auto f = make_figure();
  const std::string svg = render_figure_to_string(f.geometry, FigureFormat::svg);
  const Marker* fc = f.geometry.find_marker("group:fc");
  ASSERT_NE(fc, nullptr);
  EXPECT_EQ(fc->fill, rgb_hex(0x0072b2));
  EXPECT_TRUE(contains(svg, "class=\"group:fc\" cx=")) << "fc dot";
  EXPECT_TRUE(contains(svg, "fill=\"#0072b2\""));
  EXPECT_TRUE(contains(svg, "stroke=\"#1f2328\" stroke-width=\"2.24\""));  // roof, 0.16 em
  EXPECT_TRUE(contains(svg, "fill-opacity=\"0.09412\""));  // memory region, alpha 24/255
}

TEST_F(SvgExport, EveryOpLabelWithOpsShown) {
  const auto f = make_figure(1280, 800, light_theme(), true);
  const std::string svg = render_figure_to_string(f.geometry, FigureFormat::svg);
  EXPECT_TRUE(contains(svg, ">q_proj, k_proj +6</text>"));
  EXPECT_TRUE(contains(svg, "<circle class=\"op:lm_head\""));
}

TEST_F(SvgExport, TwoRunsGiveIdenticalBytes) {
  const std::string a = path("a.svg"), b = path("b.svg");
  ASSERT_EQ(export_figure(make_figure().geometry, a, FigureFormat::svg), "");
  ASSERT_EQ(export_figure(make_figure().geometry, b, FigureFormat::svg), "");
  EXPECT_EQ(testing::read_file(a), testing::read_file(b));
  EXPECT_GT(testing::read_file(a).size(), 5000u);
}

TEST_F(SvgExport, TransparentHasNoBackground) {
  auto f = make_figure();
  f.view.transparent = true;
  const auto g =
      build_roofline_plot(f.analysis, f.scenario, f.view, light_theme(), figure_text_measure());
  const std::string svg = render_figure_to_string(g, FigureFormat::svg);
  EXPECT_FALSE(contains(svg, "class=\"background\""));
  EXPECT_TRUE(
      contains(render_figure_to_string(f.geometry, FigureFormat::svg), "class=\"background\""));
}

TEST_F(SvgExport, EscapesText) {
  PlotGeometry g;
  g.canvas_size = {100, 50};
  g.plot_area = {10, 10, 90, 40};
  TextLabel t;
  t.id = "title";
  t.text = "A <b> & \"c\"";
  t.anchor = {10, 10};
  g.texts.push_back(t);
  const std::string svg = render_figure_to_string(g, FigureFormat::svg);
  EXPECT_TRUE(contains(svg, ">A &lt;b&gt; &amp; &quot;c&quot;</text>"));
  EXPECT_TRUE(contains(svg, "<title>A &lt;b&gt; &amp; &quot;c&quot;</title>"));
}

// A control character in a --title, a GPU or a model name (a terminal's escape, a bell) made the
// SVG not well-formed XML while the CLI said "wrote": XML 1.0 cannot hold them, so each is
// written as U+FFFD and the file parses.
TEST_F(SvgExport, ControlCharactersKeepTheFileWellFormed) {
  PlotGeometry g;
  g.canvas_size = {100, 50};
  g.plot_area = {10, 10, 90, 40};
  TextLabel t;
  t.id = "title";
  t.text = "GPU\x1b[31m red\x07 \x01\x7f end";
  t.anchor = {10, 10};
  g.texts.push_back(t);
  const std::string file = path("control.svg");
  ASSERT_EQ(export_figure(g, file, FigureFormat::svg), "");
  const std::string svg = testing::read_file(file);
  EXPECT_TRUE(contains(svg, ">GPU\uFFFD[31m red\uFFFD \uFFFD\uFFFD end</text>")) << svg;
  for (char c : svg) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_FALSE((u < 0x20 && c != '\n' && c != '\t' && c != '\r') || u == 0x7f) << int(u);
  }
  if (!testing::have_tool("xmllint")) GTEST_SKIP() << "xmllint not installed";
  EXPECT_EQ(std::system(("xmllint --noout '" + file + "'").c_str()), 0);
}

}  // namespace
}  // namespace roofline
