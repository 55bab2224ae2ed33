#pragma once
// A file chooser as the app asks for one: the request (open or save, filters, the folder to
// start in), and what comes back, polled once a frame so that the window keeps drawing while
// the dialog is open. FileChooserPortal (file_chooser_portal.h) is the desktop's; the UI holds
// any FileChooser and falls back to its own dialog when the outcome is `unavailable`.

#include <string>
#include <vector>

namespace roofline::desktop {

struct FileFilter {
  std::string name;                   // "Scenario files (*.json)"
  std::vector<std::string> patterns;  // globs: "*.json"
};

struct FileRequest {
  bool save = false;  // SaveFile (a name to write) rather than OpenFile
  std::string title;
  std::string accept_label;         // "Open", "Save"; empty: the portal's own
  std::vector<FileFilter> filters;  // the first is selected
  std::string folder;               // the folder to start in (absolute); empty: the portal's
  std::string current_name;         // save only: the suggested file name
  // The window the dialog belongs to ("x11:1a00004"), so it opens over it, modal; may be empty.
  std::string parent_window;
};

enum class Outcome {
  idle,         // no request open
  pending,      // the dialog is open
  picked,       // `path` was chosen
  cancelled,    // the user closed the dialog
  unavailable,  // no portal answered (or no session bus): use the app's own dialog
  failed        // an error, or a file that is not local: `message` says what
};

struct FileResult {
  Outcome outcome = Outcome::idle;
  std::string path;     // picked: a local path
  std::string message;  // unavailable / failed: why, in words
};

class FileChooser {
 public:
  virtual ~FileChooser() = default;
  // Sends the request. False (nothing shown) when no dialog can be opened now.
  virtual bool start(const FileRequest& request) = 0;
  // What has come back, without blocking: pending while the dialog is open; a final outcome
  // once (the next poll says idle).
  virtual FileResult poll() = 0;
  // Gives up the request open (the user cancelled it from the app); the next poll says idle.
  virtual void cancel() = 0;
};

}  // namespace roofline::desktop
