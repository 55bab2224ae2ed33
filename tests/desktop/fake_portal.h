#pragma once
// A private session bus (a dbus-daemon of our own, killed at the end) and a fake
// org.freedesktop.portal.Desktop on it that answers FileChooser.OpenFile / SaveFile the way
// xdg-desktop-portal does: a reply naming the request's handle, then a Response signal from
// that handle. What it was asked is kept for the test to check.

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

struct DBusConnection;
struct DBusMessage;

namespace roofline::testing {

class PrivateBus {
 public:
  PrivateBus();  // starts dbus-daemon; address() is "" if it could not
  ~PrivateBus();
  const std::string& address() const { return address_; }
  const std::string& error() const { return error_; }

 private:
  std::string dir_;
  std::string address_;
  std::string error_;
  pid_t pid_ = 0;
};

struct PortalCall {
  std::string method;  // "OpenFile" or "SaveFile"
  std::string parent_window, title, accept_label, current_name, current_folder;
  bool modal = false;
  std::vector<std::pair<std::string, std::vector<std::string>>> filters;
  std::string current_filter;  // its name
};

class FakePortal {
 public:
  // What the next request gets: the Response code (0 chosen, 1 cancelled, 2 other) and the
  // URIs chosen; an error reply instead when error_name is set.
  struct Script {
    uint32_t response = 0;
    std::vector<std::string> uris;
    std::string error_name;
    bool own_handle = false;   // reply with a handle of its own (portals before 0.9)
    bool noise_first = false;  // first a Response from another request's handle
    bool silent = false;       // reply, then never respond (a dialog left open)
  };

  explicit FakePortal(const std::string& bus_address);
  ~FakePortal();
  bool ready() const { return ready_; }
  void set_script(Script s);
  std::vector<PortalCall> calls();
  std::vector<std::string> closed();  // the handles Request.Close was called on

 private:
  void serve();
  void answer(DBusMessage* call);

  DBusConnection* conn_ = nullptr;
  bool ready_ = false;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  Script script_;
  std::vector<PortalCall> calls_;
  std::vector<std::string> closed_;
  std::thread thread_;
};

}  // namespace roofline::testing
