// The PNG: its size, and its pixels where the geometry says the roof and the dots are.

#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "export_fixtures.h"

namespace roofline {
namespace {

using testing::make_figure;

struct Image {
  int width = 0, height = 0;
  std::vector<Rgba> pixels;
  Rgba at(double x, double y) const {
    const int ix = static_cast<int>(std::floor(x)), iy = static_cast<int>(std::floor(y));
    return pixels[static_cast<size_t>(iy) * static_cast<size_t>(width) + static_cast<size_t>(ix)];
  }
};

Image read_png(const std::string& file) {
  Image img;
  cairo_surface_t* s = cairo_image_surface_create_from_png(file.c_str());
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(s);
    return img;
  }
  img.width = cairo_image_surface_get_width(s);
  img.height = cairo_image_surface_get_height(s);
  const int stride = cairo_image_surface_get_stride(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      // ARGB32, native endian (little: B, G, R, A), premultiplied; the figure is opaque.
      const unsigned char* p = data + y * stride + x * 4;
      img.pixels.push_back({p[2], p[1], p[0], p[3]});
    }
  }
  cairo_surface_destroy(s);
  return img;
}

int distance(Rgba a, Rgba b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

// True when (x, y) is clear of every marker and text (so the roof shows through).
bool clear(const PlotGeometry& g, Vec2 p, double margin) {
  for (const Marker& m : g.markers)
    if (std::hypot(m.center.x - p.x, m.center.y - p.y) < m.radius_px * 1.4 + margin) return false;
  for (const TextLabel& t : g.texts)
    if (t.box.expanded(t.halo_px + margin).contains(p)) return false;
  for (const Polyline& l : g.lines) {
    if (!l.id.starts_with("leader:") && !l.id.starts_with("trail:")) continue;
    for (size_t i = 1; i < l.points.size(); ++i) {
      const Vec2 a = l.points[i - 1], b = l.points[i];
      const double len2 = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y);
      double t = len2 > 0 ? ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / len2 : 0;
      t = std::clamp(t, 0.0, 1.0);
      if (std::hypot(a.x + t * (b.x - a.x) - p.x, a.y + t * (b.y - a.y) - p.y) < margin &&
          l.id.starts_with("leader:"))
        return false;
    }
  }
  return !g.legend.box.expanded(margin).contains(p);
}

class PngExport : public testing::ScratchDir {};

TEST_F(PngExport, HasTheAskedSizeAndScale) {
  const auto f = make_figure(900, 560);
  ASSERT_EQ(export_figure(f.geometry, path("one.png"), FigureFormat::png), "");
  const Image one = read_png(path("one.png"));
  EXPECT_EQ(one.width, 900);
  EXPECT_EQ(one.height, 560);
  ExportOptions hidpi;
  hidpi.scale = 2;
  ASSERT_EQ(export_figure(f.geometry, path("two.png"), FigureFormat::png, hidpi), "");
  const Image two = read_png(path("two.png"));
  EXPECT_EQ(two.width, 1800);
  EXPECT_EQ(two.height, 1120);
}

TEST_F(PngExport, RoofColourAlongTheRoofLine) {
  const auto f = make_figure(1000, 640);
  ASSERT_EQ(export_figure(f.geometry, path("roof.png"), FigureFormat::png), "");
  const Image img = read_png(path("roof.png"));
  ASSERT_EQ(img.width, 1000);
  const Polyline* roof = f.geometry.find_line("roof:bf16");
  ASSERT_NE(roof, nullptr);
  const Rgba colour = light_theme().roof;
  int checked = 0;
  for (size_t seg = 0; seg + 1 < roof->points.size(); ++seg) {
    const Vec2 a = roof->points[seg], b = roof->points[seg + 1];
    for (int i = 1; i < 40; ++i) {
      const double t = i / 40.0;
      const Vec2 p{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
      if (!f.geometry.plot_area.expanded(-3).contains(p) || !clear(f.geometry, p, 4)) continue;
      EXPECT_LE(distance(img.at(p.x, p.y), colour), 40) << "at " << p.x << "," << p.y;
      ++checked;
    }
  }
  EXPECT_GE(checked, 40);
  // Off the line (well above the flat roof) the roof colour is gone.
  const Vec2 above{(roof->points[1].x + roof->points[2].x) / 2, roof->points[1].y - 40};
  EXPECT_GT(distance(img.at(above.x, above.y), colour), 60);
}

TEST_F(PngExport, DotColoursAtTheirComputedPositions) {
  for (const Theme* theme : {&light_theme(), &dark_theme()}) {
    const auto f = make_figure(1000, 640, *theme);
    ASSERT_EQ(export_figure(f.geometry, path("dots.png"), FigureFormat::png), "");
    const Image img = read_png(path("dots.png"));
    int checked = 0;
    for (const Marker& m : f.geometry.markers) {
      if (!m.id.starts_with("group:")) continue;
      // The colour at the centre is that of the topmost filled marker covering it (a hollow
      // one, the step's frame around the fc dot at batch 1, shows what is under it).
      const Marker* top = nullptr;
      for (const Marker& other : f.geometry.markers)
        if (other.fill.a != 0 && std::hypot(other.center.x - m.center.x,
                                            other.center.y - m.center.y) < other.radius_px * 0.6)
          top = &other;
      ASSERT_NE(top, nullptr);
      EXPECT_LE(distance(img.at(m.center.x, m.center.y), top->fill), 3)
          << theme->name << " " << m.id << " under " << top->id;
      ++checked;
    }
    EXPECT_EQ(checked, 4) << theme->name;
  }
}

TEST_F(PngExport, DarkThemeBackground) {
  const auto f = make_figure(600, 400, dark_theme());
  ASSERT_EQ(export_figure(f.geometry, path("dark.png"), FigureFormat::png), "");
  const Image img = read_png(path("dark.png"));
  EXPECT_EQ(distance(img.at(2, 2), rgb_hex(0x0d1117)), 0);
}

TEST_F(PngExport, TwoRunsGiveIdenticalBytes) {
  ASSERT_EQ(export_figure(make_figure().geometry, path("a.png"), FigureFormat::png), "");
  ASSERT_EQ(export_figure(make_figure().geometry, path("b.png"), FigureFormat::png), "");
  const std::string a = testing::read_file(path("a.png"));
  EXPECT_EQ(a, testing::read_file(path("b.png")));
  EXPECT_TRUE(a.starts_with("\x89PNG\r\n"));
}

}  // namespace
}  // namespace roofline
