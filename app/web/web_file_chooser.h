#pragma once
// The browser's file chooser behind the UI's FileChooser (roofline/desktop/file_chooser.h):
// Open is the page's <input type=file> (the file is copied into the virtual file system under
// /uploads and its path picked); Save as picks /downloads/NAME at once, and whatever the app
// writes there, or writes again over a file it opened, is handed to the browser as a download
// (offer_downloads(), after each frame).

#include <string>

#include "roofline/desktop/file_chooser.h"

namespace roofline::web {

inline constexpr const char* kUploadDir = "/uploads";
inline constexpr const char* kDownloadDir = "/downloads";
inline constexpr const char* kDropDir = "/.glfw_dropped_files";  // emscripten's GLFW puts drops here

class WebFileChooser final : public desktop::FileChooser {
 public:
  bool start(const desktop::FileRequest& request) override;
  desktop::FileResult poll() override;
  void cancel() override;

 private:
  desktop::FileResult result_;
  bool open_pending_ = false;
};

// Every file in /downloads goes to the browser as a download, then is removed; a file opened from
// /uploads or a drop that the app writes again (File > Save) goes too and stays. True when any
// did.
bool offer_downloads();

}  // namespace roofline::web
