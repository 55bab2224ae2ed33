// The desktop's places from a made-up home: Home first, the XDG user folders that exist
// (user-dirs.dirs, $HOME expanded), then the GTK bookmarks that are local folders, each once.

#include "roofline/desktop/places.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
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

// The lists are read on the UI thread: a FIFO in place of user-dirs.dirs (which blocked the
// window for ever), /dev/zero as the bookmarks (2 GiB and 7 s frozen) or one endless line are
// read as nothing, or their first 64 KiB, at once.
TEST(Places, FilesThatNeverEndAreNotWaitedOn) {
  const fs::path home =
      fs::temp_directory_path() / ("roofline-places-hostile-" + std::to_string(getpid()));
  fs::remove_all(home);
  fs::create_directories(home / "config/gtk-3.0");
  ASSERT_EQ(::mkfifo((home / "config/user-dirs.dirs").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", home / "config/gtk-3.0/bookmarks");
  const std::vector<Place> places = desktop_places({home.string(), (home / "config").string()});
  ASSERT_EQ(places.size(), 1u);
  EXPECT_EQ(places[0].label, "Home");
  // One line of 10 MB: only the first 64 KiB are looked at (no bookmark comes of it).
  fs::remove(home / "config/gtk-3.0/bookmarks");
  std::ofstream(home / "config/gtk-3.0/bookmarks") << std::string(10'000'000, 'x');
  EXPECT_EQ(desktop_places({home.string(), (home / "config").string()}).size(), 1u);
  fs::remove_all(home);
}

TEST(Places, NothingKnownIsAnEmptyList) {
  EXPECT_TRUE(desktop_places({"", ""}).empty());
  EXPECT_TRUE(desktop_places({"/nonexistent/roofline-home", "/nonexistent/cfg"}).empty());
}

}  // namespace
}  // namespace roofline::desktop
