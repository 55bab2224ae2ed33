// The XDG desktop portal's FileChooser over libdbus-1, without a main loop: the request is
// sent with dbus_connection_send and its reply and the Response signal are picked out of the
// incoming queue by poll(), which reads the socket without waiting.

#include "roofline/desktop/file_chooser_portal.h"

#include <dbus/dbus.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>

namespace roofline::desktop {

namespace {

constexpr const char* kPortalName = "org.freedesktop.portal.Desktop";
constexpr const char* kPortalPath = "/org/freedesktop/portal/desktop";
constexpr const char* kChooserInterface = "org.freedesktop.portal.FileChooser";
constexpr const char* kRequestInterface = "org.freedesktop.portal.Request";
constexpr const char* kResponseMatch =
    "type='signal',interface='org.freedesktop.portal.Request',member='Response'";
// The portal leaving the bus (it crashed, or was stopped) while its dialog was open.
constexpr const char* kOwnerMatch =
    "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
    "member='NameOwnerChanged',arg0='org.freedesktop.portal.Desktop'";

using Clock = std::chrono::steady_clock;

// Errors meaning "nobody here does file choosing": fall back to the app's own dialog.
bool means_no_portal(const char* error_name) {
  static const char* const kNames[] = {
      DBUS_ERROR_SERVICE_UNKNOWN,   DBUS_ERROR_NAME_HAS_NO_OWNER,
      DBUS_ERROR_UNKNOWN_METHOD,    DBUS_ERROR_UNKNOWN_INTERFACE,
      DBUS_ERROR_UNKNOWN_OBJECT,    DBUS_ERROR_NO_REPLY,
      DBUS_ERROR_TIMEOUT,           DBUS_ERROR_SPAWN_CHILD_EXITED,
      DBUS_ERROR_SPAWN_EXEC_FAILED, DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND};
  for (const char* n : kNames) {
    if (error_name != nullptr && std::string(error_name) == n) return true;
  }
  return false;
}

// Appends one {key: variant} entry of `signature` to an a{sv} being written.
bool append_entry(DBusMessageIter* dict, const char* key, const char* signature,
                  const std::function<bool(DBusMessageIter*)>& write_value) {
  DBusMessageIter entry;
  DBusMessageIter variant;
  if (!dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, nullptr, &entry)) return false;
  bool ok = dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key) &&
            dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, signature, &variant);
  ok = ok && write_value(&variant);
  ok = ok && dbus_message_iter_close_container(&entry, &variant);
  return dbus_message_iter_close_container(dict, &entry) && ok;
}

bool append_string(DBusMessageIter* it, const std::string& s) {
  const char* p = s.c_str();
  return dbus_message_iter_append_basic(it, DBUS_TYPE_STRING, &p);
}

// One filter, (sa(us)): a name and its globs (type 0).
bool append_filter(DBusMessageIter* it, const FileFilter& f) {
  DBusMessageIter st;
  DBusMessageIter patterns;
  if (!dbus_message_iter_open_container(it, DBUS_TYPE_STRUCT, nullptr, &st)) return false;
  bool ok = append_string(&st, f.name) &&
            dbus_message_iter_open_container(&st, DBUS_TYPE_ARRAY, "(us)", &patterns);
  for (const std::string& glob : f.patterns) {
    DBusMessageIter pair;
    const dbus_uint32_t kind = 0;  // a glob, not a MIME type
    ok = ok && dbus_message_iter_open_container(&patterns, DBUS_TYPE_STRUCT, nullptr, &pair) &&
         dbus_message_iter_append_basic(&pair, DBUS_TYPE_UINT32, &kind) &&
         append_string(&pair, glob) && dbus_message_iter_close_container(&patterns, &pair);
  }
  ok = ok && dbus_message_iter_close_container(&st, &patterns);
  return dbus_message_iter_close_container(it, &st) && ok;
}

// A path as the portal takes it: bytes with a terminating NUL (ay).
bool append_path_bytes(DBusMessageIter* it, const std::string& path) {
  DBusMessageIter bytes;
  if (!dbus_message_iter_open_container(it, DBUS_TYPE_ARRAY, "y", &bytes)) return false;
  const std::string with_nul(path.c_str(), path.size() + 1);
  const char* data = with_nul.data();
  const bool ok = dbus_message_iter_append_fixed_array(&bytes, DBUS_TYPE_BYTE, &data,
                                                       static_cast<int>(with_nul.size()));
  return dbus_message_iter_close_container(it, &bytes) && ok;
}

DBusMessage* build_call(const FileRequest& r, const std::string& token) {
  DBusMessage* m = dbus_message_new_method_call(kPortalName, kPortalPath, kChooserInterface,
                                                r.save ? "SaveFile" : "OpenFile");
  if (m == nullptr) return nullptr;
  DBusMessageIter args;
  DBusMessageIter options;
  dbus_message_iter_init_append(m, &args);
  bool ok = append_string(&args, r.parent_window) && append_string(&args, r.title) &&
            dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &options);
  auto text = [](const std::string& s) {
    return [s](DBusMessageIter* v) { return append_string(v, s); };
  };
  auto flag = [](bool b) {
    return [b](DBusMessageIter* v) {
      const dbus_bool_t value = b ? TRUE : FALSE;
      return dbus_message_iter_append_basic(v, DBUS_TYPE_BOOLEAN, &value) != 0;
    };
  };
  ok = ok && append_entry(&options, "handle_token", "s", text(token));
  ok = ok && append_entry(&options, "modal", "b", flag(true));
  if (!r.accept_label.empty()) {
    ok = ok && append_entry(&options, "accept_label", "s", text(r.accept_label));
  }
  if (!r.save) ok = ok && append_entry(&options, "multiple", "b", flag(false));
  if (!r.filters.empty()) {
    ok = ok && append_entry(&options, "filters", "a(sa(us))", [&](DBusMessageIter* v) {
           DBusMessageIter list;
           bool fine = dbus_message_iter_open_container(v, DBUS_TYPE_ARRAY, "(sa(us))", &list);
           for (const FileFilter& f : r.filters) fine = fine && append_filter(&list, f);
           return dbus_message_iter_close_container(v, &list) && fine;
         });
    ok = ok && append_entry(&options, "current_filter", "(sa(us))", [&](DBusMessageIter* v) {
           return append_filter(v, r.filters.front());
         });
  }
  if (!r.folder.empty()) {
    ok = ok && append_entry(&options, "current_folder", "ay",
                            [&](DBusMessageIter* v) { return append_path_bytes(v, r.folder); });
  }
  if (r.save && !r.current_name.empty()) {
    ok = ok && append_entry(&options, "current_name", "s", text(r.current_name));
  }
  ok = ok && dbus_message_iter_close_container(&args, &options);
  if (!ok) {
    dbus_message_unref(m);
    return nullptr;
  }
  return m;
}

// The first of results["uris"] (as) in a Response's a{sv}; "" if there is none.
std::string first_uri(DBusMessageIter* results) {
  if (dbus_message_iter_get_arg_type(results) != DBUS_TYPE_ARRAY) return {};
  DBusMessageIter dict;
  for (dbus_message_iter_recurse(results, &dict);
       dbus_message_iter_get_arg_type(&dict) == DBUS_TYPE_DICT_ENTRY;
       dbus_message_iter_next(&dict)) {
    DBusMessageIter entry;
    dbus_message_iter_recurse(&dict, &entry);
    if (dbus_message_iter_get_arg_type(&entry) != DBUS_TYPE_STRING) continue;
    const char* key = nullptr;
    dbus_message_iter_get_basic(&entry, &key);
    if (std::string(key) != "uris" || !dbus_message_iter_next(&entry)) continue;
    DBusMessageIter variant;
    DBusMessageIter uris;
    dbus_message_iter_recurse(&entry, &variant);
    if (dbus_message_iter_get_arg_type(&variant) != DBUS_TYPE_ARRAY) return {};
    dbus_message_iter_recurse(&variant, &uris);
    if (dbus_message_iter_get_arg_type(&uris) != DBUS_TYPE_STRING) return {};
    const char* uri = nullptr;
    dbus_message_iter_get_basic(&uris, &uri);
    return uri;
  }
  return {};
}

// The session bus's address: DBUS_SESSION_BUS_ADDRESS, else the per-user bus at
// $XDG_RUNTIME_DIR/bus where one listens; "" otherwise (never autolaunching a bus).
std::string session_bus_address() {
  if (const char* a = std::getenv("DBUS_SESSION_BUS_ADDRESS"); a != nullptr && *a != '\0') {
    return a;
  }
  const char* runtime = std::getenv("XDG_RUNTIME_DIR");
  if (runtime == nullptr || *runtime == '\0') return {};
  const std::string socket = std::string(runtime) + "/bus";
  struct stat st {};
  if (stat(socket.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) return {};
  return "unix:path=" + socket;
}

}  // namespace

std::string request_object_path(const std::string& unique_name, const std::string& token) {
  std::string sender = unique_name;
  if (!sender.empty() && sender[0] == ':') sender.erase(0, 1);
  for (char& c : sender) {
    if (c == '.') c = '_';
  }
  return "/org/freedesktop/portal/desktop/request/" + sender + "/" + token;
}

struct FileChooserPortal::Impl {
  DBusConnection* conn = nullptr;
  std::string error;
  std::string unique_name;
  uint64_t requests = 0;
  // The request open: the serial of its call, the handle the Response will come from (the
  // predicted one until the reply names it), and when it was sent.
  bool open = false;
  dbus_uint32_t serial = 0;
  bool replied = false;
  std::string handle;
  std::string portal;  // the unique name that replied: only it may send the Response
  Clock::time_point sent;

  void close_connection() {
    if (conn == nullptr) return;
    dbus_connection_close(conn);
    dbus_connection_unref(conn);
    conn = nullptr;
  }

  FileResult finish(Outcome o, std::string path = {}, std::string message = {}) {
    open = false;
    return FileResult{o, std::move(path), std::move(message)};
  }

  // The outcome a message brings to the open request, or pending if it is not about it.
  FileResult consider(DBusMessage* m) {
    const int type = dbus_message_get_type(m);
    if (!replied && dbus_message_get_reply_serial(m) == serial) {
      if (type == DBUS_MESSAGE_TYPE_ERROR) {
        const char* name = dbus_message_get_error_name(m);
        const char* text = nullptr;
        dbus_message_get_args(m, nullptr, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
        std::string why = std::string(name != nullptr ? name : "error") +
                          (text != nullptr ? std::string(": ") + text : std::string());
        return finish(means_no_portal(name) ? Outcome::unavailable : Outcome::failed, {}, why);
      }
      if (type == DBUS_MESSAGE_TYPE_METHOD_RETURN) {
        const char* path = nullptr;
        if (dbus_message_get_args(m, nullptr, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID)) {
          handle = path;  // older portals name their own handle
        }
        const char* sender = dbus_message_get_sender(m);
        portal = sender != nullptr ? sender : "";
        replied = true;
      }
      return FileResult{Outcome::pending, {}, {}};
    }
    if (dbus_message_is_signal(m, DBUS_INTERFACE_DBUS, "NameOwnerChanged")) {
      const char* name = nullptr;
      const char* old_owner = nullptr;
      const char* new_owner = nullptr;
      if (dbus_message_get_args(m, nullptr, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                                DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID) &&
          replied && portal == old_owner) {
        return finish(Outcome::unavailable, {}, "the file chooser portal left the bus");
      }
      return FileResult{Outcome::pending, {}, {}};
    }
    if (!dbus_message_is_signal(m, kRequestInterface, "Response")) {
      return FileResult{Outcome::pending, {}, {}};
    }
    // The portal replies before it responds: a Response before the reply, from another
    // sender or for another request is not ours.
    const char* from = dbus_message_get_path(m);
    const char* sender = dbus_message_get_sender(m);
    if (!replied || from == nullptr || handle != from || sender == nullptr || portal != sender) {
      return FileResult{Outcome::pending, {}, {}};
    }
    DBusMessageIter it;
    if (!dbus_message_iter_init(m, &it) ||
        dbus_message_iter_get_arg_type(&it) != DBUS_TYPE_UINT32) {
      return finish(Outcome::failed, {}, "the file chooser sent a response without a status");
    }
    dbus_uint32_t response = 2;
    dbus_message_iter_get_basic(&it, &response);
    if (response == 1) return finish(Outcome::cancelled);
    if (response != 0) return finish(Outcome::failed, {}, "the file chooser ended with an error");
    dbus_message_iter_next(&it);
    const std::string uri = first_uri(&it);
    if (uri.empty()) return finish(Outcome::cancelled);  // nothing chosen
    const std::string path = path_from_file_uri(uri);
    if (path.empty()) {
      return finish(Outcome::failed, {}, uri + ": not a local file (only local files can be read)");
    }
    return finish(Outcome::picked, path);
  }
};

FileChooserPortal::FileChooserPortal(const std::string& bus_address) : impl_(new Impl) {
  DBusError err;
  dbus_error_init(&err);
  DBusConnection* c = nullptr;
  const std::string address = bus_address.empty() ? session_bus_address() : bus_address;
  if (address.empty()) {
    impl_->error = "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)";
    return;
  }
  if (address.rfind("autolaunch:", 0) == 0) {
    impl_->error = "no session bus (only autolaunch:, which would start one)";
    return;
  }
  c = dbus_connection_open_private(address.c_str(), &err);
  impl_->conn = c;
  if (c != nullptr && dbus_bus_register(c, &err)) {
    dbus_connection_set_exit_on_disconnect(c, FALSE);
    dbus_bus_add_match(c, kResponseMatch, &err);
    if (!dbus_error_is_set(&err)) dbus_bus_add_match(c, kOwnerMatch, &err);
  }
  if (dbus_error_is_set(&err)) {
    impl_->error = std::string("no session bus (") + (err.message ? err.message : err.name) + ")";
    dbus_error_free(&err);
    impl_->close_connection();
    return;
  }
  const char* name = dbus_bus_get_unique_name(c);
  impl_->unique_name = name != nullptr ? name : "";
}

FileChooserPortal::~FileChooserPortal() { impl_->close_connection(); }

void FileChooserPortal::cancel() {
  Impl& d = *impl_;
  if (!d.open || d.conn == nullptr) return;
  // The reply may be waiting unread: it names the handle of an older portal.
  dbus_connection_read_write(d.conn, 0);
  while (DBusMessage* m = dbus_connection_pop_message(d.conn)) {
    const FileResult r = d.consider(m);
    dbus_message_unref(m);
    if (r.outcome != Outcome::pending) return;  // it had ended anyway
  }
  d.open = false;
  // Request.Close takes the dialog down, whether it has shown yet or is about to (the handle
  // is known from the start); no Response follows it.
  const std::string to = d.replied && !d.portal.empty() ? d.portal : std::string(kPortalName);
  DBusMessage* m =
      dbus_message_new_method_call(to.c_str(), d.handle.c_str(), kRequestInterface, "Close");
  if (m == nullptr) return;
  dbus_message_set_no_reply(m, TRUE);
  dbus_connection_send(d.conn, m, nullptr);
  dbus_message_unref(m);
  dbus_connection_flush(d.conn);
}

bool FileChooserPortal::connected() const { return impl_->conn != nullptr; }

const std::string& FileChooserPortal::connection_error() const { return impl_->error; }

bool FileChooserPortal::busy() const { return impl_->open; }

bool FileChooserPortal::start(const FileRequest& request) {
  Impl& d = *impl_;
  if (d.conn == nullptr || d.open || !dbus_connection_get_is_connected(d.conn)) return false;
  const std::string token =
      "roofline_" + std::to_string(getpid()) + "_" + std::to_string(++d.requests);
  FileRequest r = request;
  if (r.parent_window.empty()) r.parent_window = parent_window;
  DBusMessage* m = build_call(r, token);
  if (m == nullptr) return false;
  dbus_uint32_t serial = 0;
  const bool sent = dbus_connection_send(d.conn, m, &serial) != 0;
  dbus_message_unref(m);
  if (!sent) return false;
  dbus_connection_flush(d.conn);
  d.open = true;
  d.replied = false;
  d.serial = serial;
  d.handle = request_object_path(d.unique_name, token);
  d.sent = Clock::now();
  return true;
}

FileResult FileChooserPortal::poll() {
  Impl& d = *impl_;
  if (!d.open) return FileResult{};
  const bool connected = dbus_connection_read_write(d.conn, 0) != 0;
  // What was read before any disconnection first: a Response may be among it.
  while (DBusMessage* m = dbus_connection_pop_message(d.conn)) {
    FileResult r = d.consider(m);
    dbus_message_unref(m);
    if (r.outcome != Outcome::pending) return r;
  }
  if (!connected)
    return d.finish(Outcome::unavailable, {}, "the session bus closed the connection");
  const double waited = std::chrono::duration<double>(Clock::now() - d.sent).count();
  if (!d.replied && waited > reply_timeout_s) {
    return d.finish(Outcome::unavailable, {}, "the file chooser portal did not answer");
  }
  return FileResult{Outcome::pending, {}, {}};
}

}  // namespace roofline::desktop
