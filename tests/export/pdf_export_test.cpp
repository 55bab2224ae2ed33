// The PDF opens (pdftoppm renders it to the same picture), keeps text as text, has no date.

#include <cairo.h>
#include <gtest/gtest.h>

#include "export_fixtures.h"

namespace roofline {
namespace {

using testing::make_figure;

class PdfExport : public testing::ScratchDir {};

TEST_F(PdfExport, RendersWithPdftoppm) {
  if (!testing::have_tool("pdftoppm")) GTEST_SKIP() << "pdftoppm (poppler-utils) not installed";
  const auto f = make_figure(800, 500);
  ASSERT_EQ(export_figure(f.geometry, path("figure.pdf"), FigureFormat::pdf), "");
  // 72 dpi: one PDF point per pixel, so the page comes back at the figure's size.
  const std::string cmd = "pdftoppm -png -r 72 -singlefile '" + path("figure.pdf") + "' '" +
                          path("page") + "' 2>/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  cairo_surface_t* page = cairo_image_surface_create_from_png(path("page.png").c_str());
  ASSERT_EQ(cairo_surface_status(page), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(page), 800);
  EXPECT_EQ(cairo_image_surface_get_height(page), 500);
  // The attention dot is where the geometry put it, in its colour.
  const Marker* dot = f.geometry.find_marker("group:attention");
  ASSERT_NE(dot, nullptr);
  const unsigned char* data = cairo_image_surface_get_data(page);
  const int stride = cairo_image_surface_get_stride(page);
  const unsigned char* p =
      data + static_cast<int>(dot->center.y) * stride + static_cast<int>(dot->center.x) * 4;
  const Rgba colour = light_theme().attention;
  EXPECT_NEAR(p[2], colour.r, 12);
  EXPECT_NEAR(p[1], colour.g, 12);
  EXPECT_NEAR(p[0], colour.b, 12);
  cairo_surface_destroy(page);
}

TEST_F(PdfExport, TextStaysText) {
  if (!testing::have_tool("pdftotext")) GTEST_SKIP() << "pdftotext (poppler-utils) not installed";
  ASSERT_EQ(export_figure(make_figure().geometry, path("figure.pdf"), FigureFormat::pdf), "");
  ASSERT_EQ(
      std::system(("pdftotext '" + path("figure.pdf") + "' '" + path("figure.txt") + "'").c_str()),
      0);
  const std::string text = testing::read_file(path("figure.txt"));
  for (const char* part :
       {"Arithmetic intensity (FLOP/byte)", "ridge 295 FLOP/B", "attention", "whole step"})
    EXPECT_NE(text.find(part), std::string::npos) << part;
}

TEST_F(PdfExport, NoCreationDateAndIdenticalBytes) {
  ASSERT_EQ(export_figure(make_figure().geometry, path("a.pdf"), FigureFormat::pdf), "");
  ASSERT_EQ(export_figure(make_figure().geometry, path("b.pdf"), FigureFormat::pdf), "");
  const std::string a = testing::read_file(path("a.pdf"));
  EXPECT_TRUE(a.starts_with("%PDF-"));
  EXPECT_EQ(a.find("/CreationDate"), std::string::npos);
  EXPECT_EQ(a.find("/ModDate"), std::string::npos);
  EXPECT_EQ(a, testing::read_file(path("b.pdf")));
}

}  // namespace
}  // namespace roofline
