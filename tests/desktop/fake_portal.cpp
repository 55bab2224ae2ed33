#include "fake_portal.h"

#include <dbus/dbus.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace roofline::testing {

namespace {

// A bus with no service activation at all (so no real portal can be started by asking for
// one), on a socket in our own folder.
constexpr const char* kBusConfig = R"(<!DOCTYPE busconfig PUBLIC
 "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=@DIR@</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
)";

std::string read_string(DBusMessageIter* it) {
  if (dbus_message_iter_get_arg_type(it) != DBUS_TYPE_STRING) return {};
  const char* s = nullptr;
  dbus_message_iter_get_basic(it, &s);
  return s;
}

// (sa(us)): the filter's name and its globs.
std::pair<std::string, std::vector<std::string>> read_filter(DBusMessageIter* it) {
  std::pair<std::string, std::vector<std::string>> f;
  DBusMessageIter st;
  DBusMessageIter list;
  dbus_message_iter_recurse(it, &st);
  f.first = read_string(&st);
  dbus_message_iter_next(&st);
  for (dbus_message_iter_recurse(&st, &list);
       dbus_message_iter_get_arg_type(&list) == DBUS_TYPE_STRUCT; dbus_message_iter_next(&list)) {
    DBusMessageIter pair;
    dbus_message_iter_recurse(&list, &pair);
    dbus_message_iter_next(&pair);  // the kind (0: glob)
    f.second.push_back(read_string(&pair));
  }
  return f;
}

void send_response(DBusConnection* conn, const std::string& path, uint32_t code,
                   const std::vector<std::string>& uris) {
  DBusMessage* sig =
      dbus_message_new_signal(path.c_str(), "org.freedesktop.portal.Request", "Response");
  DBusMessageIter args, dict, entry, variant, array;
  dbus_message_iter_init_append(sig, &args);
  dbus_uint32_t c = code;
  dbus_message_iter_append_basic(&args, DBUS_TYPE_UINT32, &c);
  dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
  dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, nullptr, &entry);
  const char* key = "uris";
  dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "as", &variant);
  dbus_message_iter_open_container(&variant, DBUS_TYPE_ARRAY, "s", &array);
  for (const std::string& u : uris) {
    const char* p = u.c_str();
    dbus_message_iter_append_basic(&array, DBUS_TYPE_STRING, &p);
  }
  dbus_message_iter_close_container(&variant, &array);
  dbus_message_iter_close_container(&entry, &variant);
  dbus_message_iter_close_container(&dict, &entry);
  dbus_message_iter_close_container(&args, &dict);
  dbus_connection_send(conn, sig, nullptr);
  dbus_message_unref(sig);
}

}  // namespace

PrivateBus::PrivateBus() {
  char tmpl[] = "/tmp/roofline-bus-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) {
    error_ = "mkdtemp failed";
    return;
  }
  dir_ = tmpl;
  std::string config = kBusConfig;
  config.replace(config.find("@DIR@"), 5, dir_);
  const std::string config_path = dir_ + "/bus.conf";
  std::ofstream(config_path) << config;
  // The daemon is our child, in the foreground (no --fork), and dies with us (PDEATHSIG), so
  // no bus outlives a test that crashes or a fake portal that is killed.
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) {
    error_ = "pipe failed";
    return;
  }
  const std::string config_arg = "--config-file=" + config_path;
  const pid_t parent = getpid();
  pid_ = fork();
  if (pid_ == 0) {
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(1);  // the test ended before the signal was armed
    dup2(out[1], STDOUT_FILENO);
    close(out[0]);
    close(out[1]);
    execl(ROOFLINE_DBUS_DAEMON, "dbus-daemon", config_arg.c_str(), "--nofork", "--print-address=1",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  if (pid_ < 0) {
    close(out[0]);
    error_ = "fork failed";
    return;
  }
  char c = 0;
  while (read(out[0], &c, 1) == 1 && c != '\n') address_ += c;
  close(out[0]);
  if (address_.empty())
    error_ = std::string("dbus-daemon printed no address: ") + ROOFLINE_DBUS_DAEMON;
}

PrivateBus::~PrivateBus() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

FakePortal::FakePortal(const std::string& bus_address) {
  DBusError err;
  dbus_error_init(&err);
  conn_ = dbus_connection_open_private(bus_address.c_str(), &err);
  if (conn_ == nullptr || !dbus_bus_register(conn_, &err)) {
    dbus_error_free(&err);
    return;
  }
  dbus_connection_set_exit_on_disconnect(conn_, FALSE);
  const int owned = dbus_bus_request_name(conn_, "org.freedesktop.portal.Desktop",
                                          DBUS_NAME_FLAG_DO_NOT_QUEUE, &err);
  dbus_error_free(&err);
  ready_ = owned == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER;
  thread_ = std::thread([this] { serve(); });
}

FakePortal::~FakePortal() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  if (conn_ != nullptr) {
    dbus_connection_close(conn_);
    dbus_connection_unref(conn_);
  }
}

void FakePortal::set_script(Script s) {
  std::lock_guard<std::mutex> lock(mutex_);
  script_ = std::move(s);
}

std::vector<std::string> FakePortal::closed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return closed_;
}

std::vector<PortalCall> FakePortal::calls() {
  std::lock_guard<std::mutex> lock(mutex_);
  return calls_;
}

void FakePortal::serve() {
  while (!stop_ && dbus_connection_read_write(conn_, 20)) {
    while (DBusMessage* m = dbus_connection_pop_message(conn_)) {
      if (dbus_message_is_method_call(m, "org.freedesktop.portal.FileChooser", "OpenFile") ||
          dbus_message_is_method_call(m, "org.freedesktop.portal.FileChooser", "SaveFile")) {
        answer(m);
      } else if (dbus_message_is_method_call(m, "org.freedesktop.portal.Request", "Close")) {
        std::lock_guard<std::mutex> lock(mutex_);
        closed_.push_back(dbus_message_get_path(m));
      }
      dbus_message_unref(m);
    }
  }
}

void FakePortal::answer(DBusMessage* m) {
  PortalCall call;
  call.method = dbus_message_get_member(m);
  std::string token;
  DBusMessageIter args, dict;
  dbus_message_iter_init(m, &args);
  call.parent_window = read_string(&args);
  dbus_message_iter_next(&args);
  call.title = read_string(&args);
  dbus_message_iter_next(&args);
  for (dbus_message_iter_recurse(&args, &dict);
       dbus_message_iter_get_arg_type(&dict) == DBUS_TYPE_DICT_ENTRY;
       dbus_message_iter_next(&dict)) {
    DBusMessageIter entry, v;
    dbus_message_iter_recurse(&dict, &entry);
    const std::string key = read_string(&entry);
    dbus_message_iter_next(&entry);
    dbus_message_iter_recurse(&entry, &v);
    if (key == "handle_token") token = read_string(&v);
    if (key == "accept_label") call.accept_label = read_string(&v);
    if (key == "current_name") call.current_name = read_string(&v);
    if (key == "modal") {
      dbus_bool_t b = FALSE;
      dbus_message_iter_get_basic(&v, &b);
      call.modal = b != FALSE;
    }
    if (key == "current_folder") {
      DBusMessageIter bytes;
      dbus_message_iter_recurse(&v, &bytes);
      const char* data = nullptr;
      int n = 0;
      dbus_message_iter_get_fixed_array(&bytes, &data, &n);
      call.current_folder.assign(data, static_cast<size_t>(n));  // with its NUL
    }
    if (key == "filters") {
      DBusMessageIter list;
      for (dbus_message_iter_recurse(&v, &list);
           dbus_message_iter_get_arg_type(&list) == DBUS_TYPE_STRUCT;
           dbus_message_iter_next(&list)) {
        call.filters.push_back(read_filter(&list));
      }
    }
    if (key == "current_filter") call.current_filter = read_filter(&v).first;
  }
  Script script;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back(call);
    script = script_;
  }
  if (!script.error_name.empty()) {
    DBusMessage* e = dbus_message_new_error(m, script.error_name.c_str(), "scripted failure");
    dbus_connection_send(conn_, e, nullptr);
    dbus_message_unref(e);
    dbus_connection_flush(conn_);
    return;
  }
  // The handle as the portal documents it, worked out here on its own (not with the code
  // under test): the sender's unique name without ':' and with '_' for '.'.
  std::string sender = dbus_message_get_sender(m);
  sender.erase(0, 1);
  for (char& c : sender) c = c == '.' ? '_' : c;
  std::string handle = "/org/freedesktop/portal/desktop/request/" + sender + "/" + token;
  if (script.own_handle) handle = "/org/freedesktop/portal/desktop/request/legacy/7";
  DBusMessage* reply = dbus_message_new_method_return(m);
  const char* h = handle.c_str();
  dbus_message_append_args(reply, DBUS_TYPE_OBJECT_PATH, &h, DBUS_TYPE_INVALID);
  dbus_connection_send(conn_, reply, nullptr);
  dbus_message_unref(reply);
  if (script.silent) {
    dbus_connection_flush(conn_);
    return;
  }
  if (script.noise_first) {
    send_response(conn_, "/org/freedesktop/portal/desktop/request/1_999/other", 0,
                  {"file:///etc/not-this-one.json"});
  }
  send_response(conn_, handle, script.response, script.uris);
  dbus_connection_flush(conn_);
}

}  // namespace roofline::testing
