// The desktop's places from a made-up home: Home first, the XDG user folders that exist
// (user-dirs.dirs, $HOME expanded), then the GTK bookmarks that are local folders, each once.

#include "roofline/desktop/places.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace roofline::desktop {
namespace {

namespace fs = std::filesystem;

TEST(Places, HomeUserFoldersAndBookmarksThatExist) {
  const fs::path home =
      fs::temp_directory_path() / ("roofline-places-test-" + std::to_string(getpid()));
  fs::remove_all(home);
  for (const char* d : {"Documents", "Downloads", "runs/h100 sweeps", "config/gtk-3.0"}) {
    fs::create_directories(home / d);
  }
  std::ofstream(home / "config/user-dirs.dirs")
      << "# written by xdg-user-dirs-update\n"
         "XDG_DESKTOP_DIR=\"$HOME/\"\n"  // unset, as the tool writes it
         "XDG_DOCUMENTS_DIR=\"$HOME/Documents\"\n"
         "XDG_DOWNLOAD_DIR=\"$HOME/Downloads\"\n"
         "XDG_MUSIC_DIR=\"$HOME/Music\"\n";
  std::ofstream(home / "config/gtk-3.0/bookmarks")
      << "file://" << (home / "runs/h100%20sweeps").string() << " H100 sweeps\n"
      << "file://" << (home / "Documents").string() << "\n"  // already listed
      << "file:///nonexistent/roofline-folder Gone\n"
      << "sftp://cluster/home/ada Cluster\n"
      << "file://" << (home / "runs").string() << "\n";
  const std::vector<Place> places = desktop_places({home.string(), (home / "config").string()});
  ASSERT_EQ(places.size(), 5u);
  EXPECT_EQ(places[0].label, "Home");
  EXPECT_EQ(places[0].path, home.string());
  EXPECT_EQ(places[1].label, "Documents");
  EXPECT_EQ(places[2].label, "Downloads");
  EXPECT_EQ(places[2].path, (home / "Downloads").string());
  EXPECT_EQ(places[3].label, "H100 sweeps");
  EXPECT_EQ(places[3].path, (home / "runs/h100 sweeps").string());
  EXPECT_EQ(places[4].label, "runs");  // no name of its own: the folder's
  fs::remove_all(home);
}

TEST(Places, NothingKnownIsAnEmptyList) {
  EXPECT_TRUE(desktop_places({"", ""}).empty());
  EXPECT_TRUE(desktop_places({"/nonexistent/roofline-home", "/nonexistent/cfg"}).empty());
}

}  // namespace
}  // namespace roofline::desktop
