#pragma once
// State of the app's own dialogs: a folder's listing with the desktop's places, shared by the
// in-app file dialog (used where the desktop has no file chooser portal) and the export dialog,
// and the export dialog with its job running off the UI thread.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "roofline/desktop/places.h"
#include "roofline/ui/export_options.h"

namespace roofline {

struct FolderListing {
  std::string directory;                // the folder listed
  std::vector<std::string> extensions;  // files shown: these (lower case, with the dot)
  std::vector<std::string> subdirs;     // names, listed first
  std::vector<std::string> files;       // names with one of `extensions`
  std::string listed_directory;         // `directory` when the lists were read
  std::string listed_filter;            // `extensions` joined, when the lists were read
  std::string error;                    // the folder could not be read
  std::vector<desktop::Place> places;   // Home, user folders, bookmarks (read when first shown)
  bool places_read = false;
};

struct ExportJob;  // a write in flight (export_job.cpp)

struct ExportDialogState {
  bool open = false;
  bool open_requested = false;
  FigureExportOptions options;          // the last used (remembered in settings.json)
  FigureExportOptions options_at_open;  // what Cancel goes back to
  FolderListing folder;
  std::string path;  // the file name typed or picked (a name in `folder`, or a full path)
  // The name the dialog proposed last: while `path` is still it, picking another chart or
  // format proposes that one's name ("...-throughput.svg"); a typed name is left alone.
  std::string default_path;
  std::string error;  // why the last Export did not start, shown in the dialog
  // The format the dialog showed last frame: switching to PDF from a screen size sizes the
  // figure for print (a PDF of 1280 × 800 pt would be 17.8 in wide).
  std::optional<FigureFormat> shown_format;
  std::string note;  // what the dialog did on its own ("sized for print: ..."), shown once
  std::shared_ptr<ExportJob> job;  // the export being written, if any
  bool choosing = false;  // the desktop's file chooser is open for the file's folder and name
};

}  // namespace roofline
