#include "web_file_chooser.h"

#include <emscripten/emscripten.h>
#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include "roofline/persist/settings_file.h"
#include "roofline/ui/session.h"

namespace roofline::web {

namespace {

// The page's picker: a hidden <input type=file>; the chosen file is read into /uploads. The
// outcome waits in Module.rooflinePick: {id, state: 'pending' | 'picked' | 'cancelled' |
// 'failed', path, message}.
// The EM_JS bodies are JavaScript, which clang-format would break ("=>" into "= >"): each is
// fenced off from it.
// clang-format off
EM_JS(void, js_open_picker, (const char* accept), {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = UTF8ToString(accept);
  // Each request has its id: an answer to one given up (Esc) never answers the next.
  const id = (Module.rooflinePickId || 0) + 1;
  Module.rooflinePickId = id;
  Module.rooflinePick = {id: id, state: "pending", path: "", message: ""};
  const settle = (state, path, message) => {
    if (Module.rooflinePick && Module.rooflinePick.id === id)
      Module.rooflinePick = {id: id, state: state, path: path, message: message};
  };
  input.addEventListener("cancel", () => settle("cancelled", "", ""));
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) { settle("cancelled", "", ""); return; }
    file.arrayBuffer().then((data) => {
      if (!Module.rooflinePick || Module.rooflinePick.id !== id) return;
      FS.mkdirTree("/uploads");
      const path = "/uploads/" + file.name.split("/").join("_");
      FS.writeFile(path, new Uint8Array(data));
      settle("picked", path, "");
    }, (error) => settle("failed", "", "cannot read " + file.name + ": " + error));
  });
  // clang-format on
  input.click();
});

// 0 idle or pending, 1 picked, 2 cancelled, 3 failed; the path or message into `out`.
// clang-format off
EM_JS(int, js_poll_picker, (char* out, int size), {
  const pick = Module.rooflinePick;
  if (!pick || pick.state === 'pending') return 0;
  Module.rooflinePick = null;
  stringToUTF8(pick.state === 'picked' ? pick.path : pick.message, out, size);
  return {picked: 1, cancelled: 2, failed: 3}[pick.state];
});
// clang-format on

// clang-format off
EM_JS(void, js_forget_picker, (), { Module.rooflinePick = null; });
// clang-format on

// A Blob download of the file at `path`, named `name`.
// clang-format off
EM_JS(void, js_download, (const char* path, const char* name), {
  Module.rooflineDownload(new Blob([FS.readFile(UTF8ToString(path))]), UTF8ToString(name));
});
// clang-format on

// The picker's accept= list from the request's first filter ("*.json" -> ".json"); the others
// ("All files") are the picker's own choice.
std::string accept_list(const desktop::FileRequest& request) {
  std::string out;
  if (request.filters.empty()) return out;
  for (const std::string& pattern : request.filters.front().patterns) {
    if (pattern.rfind("*.", 0) != 0) return {};  // "*": anything
    if (!out.empty()) out += ',';
    out += pattern.substr(1);
  }
  return out;
}

}  // namespace

bool WebFileChooser::start(const desktop::FileRequest& request) {
  if (request.save) {
    std::error_code ec;
    std::filesystem::create_directories(kDownloadDir, ec);
    const std::string name = request.current_name.empty() ? "roofline" : request.current_name;
    result_ = {desktop::Outcome::picked, std::string(kDownloadDir) + "/" + name, {}};
    return true;
  }
  js_open_picker(accept_list(request).c_str());
  open_pending_ = true;
  result_ = {desktop::Outcome::pending, {}, {}};
  return true;
}

desktop::FileResult WebFileChooser::poll() {
  if (open_pending_) {
    char text[1024] = {};
    const int state = js_poll_picker(text, sizeof text);
    if (state == 0) return {desktop::Outcome::pending, {}, {}};
    open_pending_ = false;
    if (state == 1) {
      note_uploaded(text);
      return {desktop::Outcome::picked, text, {}};
    }
    if (state == 2) return {desktop::Outcome::cancelled, {}, {}};
    return {desktop::Outcome::failed, {}, text};
  }
  desktop::FileResult out = result_;
  result_ = {};
  return out;
}

void WebFileChooser::cancel() {
  if (open_pending_) js_forget_picker();
  open_pending_ = false;
  result_ = {};
}

namespace {

std::map<std::string, ino_t>& seen_inodes() {
  static std::map<std::string, ino_t> seen;
  return seen;
}

std::set<std::string>& uploaded() {
  static std::set<std::string> paths;
  return paths;
}

}  // namespace

void note_uploaded(const std::string& path) {
  uploaded().insert(path);
  seen_inodes().erase(path);  // the same name picked again: a new upload, not a save
}

bool offer_downloads(const std::string& settings_dir) {
  // The app's writes replace a file (write_text_file_atomic renames a new one over it), so a new
  // inode at a path is a file written (Save as, an export) or written again (Save); a file the
  // page put there (note_uploaded) is not, the first time. Files stay, so Open recent finds them
  // within the visit. (The clock's seconds could not tell a save from an upload.)
  std::error_code ec;
  bool any = false;
  for (const std::string& dir :
       {std::string(kDownloadDir), std::string(kUploadDir), std::string(kDropDir), settings_dir}) {
    if (dir.empty()) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      const std::string path = entry.path().string();
      const std::string name = entry.path().filename().string();
      if (dir == settings_dir && (name == kSettingsFile || name == kLastScenarioFile)) continue;
      struct stat st {};
      // A name starting with '.' is a write in progress (write_text_file_atomic's temporary).
      if (name.starts_with('.') || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
      auto& known = seen_inodes();
      const auto it = known.find(path);
      if (it != known.end() && it->second == st.st_ino) continue;
      const bool first_sight = it == known.end();
      known[path] = st.st_ino;
      if (first_sight && uploaded().erase(path) > 0) continue;  // as the page put it there
      js_download(path.c_str(), name.c_str());
      any = true;
    }
  }
  return any;
}

}  // namespace roofline::web
