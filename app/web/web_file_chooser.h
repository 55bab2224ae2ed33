#pragma once
// The browser's file chooser behind the UI's FileChooser (roofline/desktop/file_chooser.h):
// Open is the page's <input type=file> (the file is copied into the virtual file system under
// /uploads and its path picked); Save as picks /downloads/NAME at once; whatever the app writes
// there, or beside or over a file it opened, is handed to the browser as a download
// (offer_downloads(), after each frame).

#include <string>

#include "roofline/desktop/file_chooser.h"

namespace roofline::web {

inline constexpr const char* kUploadDir = "/uploads";
inline constexpr const char* kDownloadDir = "/downloads";
inline constexpr const char* kDropDir =
    "/.glfw_dropped_files";  // emscripten's GLFW puts drops here

class WebFileChooser final : public desktop::FileChooser {
 public:
  bool start(const desktop::FileRequest& request) override;
  desktop::FileResult poll() override;
  void cancel() override;

 private:
  desktop::FileResult result_;
  bool open_pending_ = false;
};

// A file the page put in the virtual file system for the app to read (picked or dropped): not a
// download, until the app writes it again.
void note_uploaded(const std::string& path);

// Every file the app writes in /downloads, /uploads, the drops' folder or `settings_dir` (Save
// as, an export, a Save over a file it opened, a kept session saved again; not the settings and
// the last session themselves) goes to the browser as a download, once per write, and stays
// there. True when any did.
bool offer_downloads(const std::string& settings_dir);

}  // namespace roofline::web
