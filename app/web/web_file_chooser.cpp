#include "web_file_chooser.h"

#include <emscripten/emscripten.h>
#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <system_error>

namespace roofline::web {

namespace {

// The page's picker: a hidden <input type=file>; the chosen file is read into /uploads. The
// outcome waits in Module.rooflinePick: {state: 'pending' | 'picked' | 'cancelled' | 'failed',
// path, message}.
EM_JS(void, js_open_picker, (const char* accept), {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = UTF8ToString(accept);
  Module.rooflinePick = {state: 'pending', path: "", message: ""};
  input.addEventListener('cancel', () => { Module.rooflinePick.state = 'cancelled'; });
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    if (!file) { Module.rooflinePick.state = 'cancelled'; return; }
    file.arrayBuffer().then((data) => {
      FS.mkdirTree('/uploads');
      const path = '/uploads/' + file.name.split('/').join('_');
      FS.writeFile(path, new Uint8Array(data));
      Module.rooflinePick = {state: 'picked', path: path, message: ""};
    }, (error) => {
      Module.rooflinePick = {state: 'failed', path: "", message: 'cannot read ' + file.name +
                             ': ' + error};
    });
  });
  input.click();
});

// 0 idle or pending, 1 picked, 2 cancelled, 3 failed; the path or message into `out`.
EM_JS(int, js_poll_picker, (char* out, int size), {
  const pick = Module.rooflinePick;
  if (!pick || pick.state === 'pending') return 0;
  Module.rooflinePick = null;
  stringToUTF8(pick.state === 'picked' ? pick.path : pick.message, out, size);
  return {picked: 1, cancelled: 2, failed: 3}[pick.state];
});

EM_JS(void, js_forget_picker, (), { Module.rooflinePick = null; });

// A Blob download of the file at `path`, named `name`.
EM_JS(void, js_download, (const char* path, const char* name), {
  Module.rooflineDownload(new Blob([FS.readFile(UTF8ToString(path))]), UTF8ToString(name));
});

// The picker's accept= list from the request's filters: "*.json" -> ".json".
std::string accept_list(const desktop::FileRequest& request) {
  std::string out;
  for (const desktop::FileFilter& filter : request.filters) {
    for (const std::string& pattern : filter.patterns) {
      if (pattern.rfind("*.", 0) != 0) return {};  // "*": anything
      if (!out.empty()) out += ',';
      out += pattern.substr(1);
    }
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
    if (state == 1) return {desktop::Outcome::picked, text, {}};
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

bool offer_downloads() {
  std::error_code ec;
  bool any = false;
  for (const auto& entry : std::filesystem::directory_iterator(kDownloadDir, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    const std::string path = entry.path().string();
    const std::string name = entry.path().filename().string();
    if (name.starts_with('.')) continue;  // a write still in progress (write_text_file_atomic)
    js_download(path.c_str(), name.c_str());
    std::filesystem::remove(entry.path(), ec);
    any = true;
  }
  // A file opened from the picker or a drop and saved again (File > Save on it): downloaded,
  // and kept where it is. The app's writes replace a file (write_text_file_atomic renames a new
  // one over it), so a new inode at a known path is a save; the clock's seconds could not tell.
  static std::map<std::string, ino_t> seen;
  for (const char* dir : {kUploadDir, kDropDir}) {
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      const std::string path = entry.path().string();
      const std::string name = entry.path().filename().string();
      struct stat st {};
      if (name.starts_with('.') || ::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
      const auto known = seen.find(path);
      if (known != seen.end() && known->second != st.st_ino) {
        js_download(path.c_str(), name.c_str());
        any = true;
      }
      seen[path] = st.st_ino;
    }
  }
  return any;
}

}  // namespace roofline::web
