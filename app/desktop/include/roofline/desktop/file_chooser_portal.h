#pragma once
// The desktop's own file chooser through the XDG desktop portal
// (org.freedesktop.portal.FileChooser on the session bus): the dialog the user knows, with their
// bookmarks, recent places and, in a sandbox, access to the file chosen. Asynchronous: start()
// sends the request and returns; poll() reads what has come back without ever blocking. Where no
// portal answers (no session bus, no xdg-desktop-portal), the outcome is `unavailable`.

#include <memory>
#include <string>

#include "roofline/desktop/file_chooser.h"

namespace roofline::desktop {

class FileChooserPortal : public FileChooser {
 public:
  // Connects to the bus at `bus_address`, or to the session bus when it is empty
  // (DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus; no bus is ever started). Connecting
  // does not ask the portal anything: a missing portal shows up as Outcome::unavailable from the
  // first request.
  explicit FileChooserPortal(const std::string& bus_address = "");
  ~FileChooserPortal();
  FileChooserPortal(const FileChooserPortal&) = delete;
  FileChooserPortal& operator=(const FileChooserPortal&) = delete;

  bool connected() const;
  // Why there is no connection ("" when connected).
  const std::string& connection_error() const;
  // False (nothing sent) without a connection or while a request is open.
  bool start(const FileRequest& request) override;
  // Gives up as unavailable if the portal has not answered the request itself within
  // reply_timeout_s (the time the dialog stays open is not limited).
  FileResult poll() override;
  // Closes the dialog, shown or about to be (Request.Close on the request's handle); the
  // request ends with no outcome.
  void cancel() override;
  double reply_timeout_s = 25.0;
  // The window a request with no parent_window of its own belongs to ("x11:1a00004").
  std::string parent_window;
  bool busy() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The local path of a file:// URI, percent escapes decoded ("" for another scheme or a URI
// that is not well formed).
std::string path_from_file_uri(const std::string& uri);
// The object path the portal uses for a request: /org/freedesktop/portal/desktop/request/
// SENDER/TOKEN, SENDER the caller's unique bus name without its ':' and with '.' as '_'.
std::string request_object_path(const std::string& unique_name, const std::string& token);

}  // namespace roofline::desktop
