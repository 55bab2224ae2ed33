// Bad requests: one clear message naming the path, and nothing left behind.

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>

#include <gtest/gtest.h>

#include "export_fixtures.h"

namespace roofline {
namespace {

using testing::make_figure;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

class BadInput : public testing::ScratchDir {};

TEST_F(BadInput, UnknownExtension) {
  const std::string file = path("figure.bmp");
  const std::string error = check_figure_request(file, 800, 600, {}).error();
  EXPECT_TRUE(contains(error, file)) << error;
  EXPECT_TRUE(contains(error, "unknown figure format '.bmp'")) << error;
  EXPECT_TRUE(contains(error, ".svg, .png or .pdf")) << error;
  EXPECT_EQ(figure_format_for_path("x.SVG"), FigureFormat::svg);
  EXPECT_EQ(figure_format_for_path("x"), std::nullopt);
  EXPECT_EQ(file_count(), 0u);
}

TEST_F(BadInput, AbsurdSizes) {
  for (auto [w, h] :
       {std::pair{0.0, 600.0}, std::pair{800.0, 0.0}, std::pair{100000.0, 600.0},
        std::pair{800.0, 100000.0}, std::pair{15.0, 600.0}, std::pair{std::nan(""), 600.0}}) {
    auto f = make_figure();
    f.geometry.canvas_size = {w, h};
    for (const char* name : {"figure.svg", "figure.png", "figure.pdf"}) {
      const std::string file = path(name);
      const std::string error = export_figure(f.geometry, file, *figure_format_for_path(file), {}).error();
      EXPECT_TRUE(contains(error, file)) << error;
      EXPECT_TRUE(contains(error, "must each be between 16 and 16384")) << error;
    }
  }
  EXPECT_EQ(check_figure_request("a.png", 16, 16384, {}), "");
  EXPECT_EQ(file_count(), 0u);
}

TEST_F(BadInput, ScaleAndPngPixelLimits) {
  ExportOptions options;
  options.scale = 0;
  EXPECT_TRUE(contains(check_figure_request("a.png", 800, 600, options).error(), "--scale"));
  options.scale = 4;
  EXPECT_EQ(check_figure_request("a.png", 1920, 1080, options), "");  // 7680×4320: 33 MP
  EXPECT_TRUE(contains(check_figure_request("a.png", 4000, 4000, options).error(), "too large"));
  EXPECT_EQ(check_figure_request("a.svg", 4000, 4000, options), "");  // vector: no pixels
}

TEST_F(BadInput, MissingDirectory) {
  const std::string file = path("no/such/dir/figure.svg");
  const std::string error = export_figure(make_figure().geometry, file, FigureFormat::svg).error();
  EXPECT_TRUE(contains(error, file + ": cannot write")) << error;
  EXPECT_EQ(file_count(), 0u);
}

TEST_F(BadInput, UnwritablePlaces) {
  // /proc takes no new files, even for root.
  const std::string error =
      export_figure(make_figure().geometry, "/proc/roofline-figure.png", FigureFormat::png).error();
  EXPECT_TRUE(contains(error, "/proc/roofline-figure.png: cannot write")) << error;
  // A read-only directory (root ignores permissions, so only as a normal user).
  if (::geteuid() != 0) {
    ::chmod(dir_.c_str(), 0555);
    const std::string file = path("figure.pdf");
    const std::string e = export_figure(make_figure().geometry, file, FigureFormat::pdf).error();
    ::chmod(dir_.c_str(), 0755);
    EXPECT_TRUE(contains(e, file + ": cannot write")) << e;
  }
  EXPECT_EQ(file_count(), 0u);
}

TEST_F(BadInput, TargetIsADirectoryLeavesNoTemporary) {
  const std::string file = path("figure.svg");
  std::filesystem::create_directory(file);
  const std::string error = export_figure(make_figure().geometry, file, FigureFormat::svg).error();
  EXPECT_TRUE(contains(error, file + ": cannot write")) << error;
  EXPECT_EQ(file_count(), 1u);  // the directory itself, no temporary beside it
}

TEST_F(BadInput, ReplacingAFileIsAtomic) {
  const std::string file = path("figure.svg");
  ASSERT_EQ(export_figure(make_figure(640, 400).geometry, file, FigureFormat::svg), "");
  const std::string first = testing::read_file(file);
  ASSERT_EQ(export_figure(make_figure(800, 500).geometry, file, FigureFormat::svg), "");
  EXPECT_NE(testing::read_file(file), first);
  EXPECT_EQ(file_count(), 1u);
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_NE(st.st_mode & S_IRGRP, 0u) << "figures get the usual permissions, not mkstemp's 0600";
}

TEST_F(BadInput, FormatMustMatchTheExtension) {
  const std::string file = path("figure.svg");
  EXPECT_TRUE(
      contains(export_figure(make_figure().geometry, file, FigureFormat::png).error(), "does not match"));
  EXPECT_EQ(file_count(), 0u);
}

}  // namespace
}  // namespace roofline
