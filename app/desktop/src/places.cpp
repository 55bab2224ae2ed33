// Home, the XDG user folders and the GTK bookmarks, read from their files each time the list is
// asked for (a dialog opening), so a bookmark added in another app shows up.

#include "roofline/desktop/places.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "roofline/desktop/file_chooser_portal.h"

namespace roofline::desktop {

namespace fs = std::filesystem;

namespace {

bool is_folder(const std::string& path) {
  std::error_code ec;
  return !path.empty() && fs::is_directory(path, ec);
}

// "/a/b/./" as "/a/b": one spelling per folder, so each is listed once.
std::string normal_folder(const std::string& path) {
  std::string n = fs::path(path).lexically_normal().string();
  while (n.size() > 1 && n.back() == '/') n.pop_back();
  return n;
}

void add_place(std::vector<Place>& places, std::string label, const std::string& path) {
  if (!is_folder(path)) return;
  const std::string normal = normal_folder(path);
  for (const Place& p : places) {
    if (p.path == normal) return;
  }
  if (label.empty()) label = fs::path(normal).filename().string();
  if (label.empty()) label = normal;
  places.push_back({std::move(label), normal});
}

// XDG_DOCUMENTS_DIR="$HOME/Documents": the value, $HOME expanded; "" if the line is not one.
std::string user_dir_value(const std::string& line, const std::string& key,
                           const std::string& home) {
  const std::string prefix = key + "=\"";
  if (line.compare(0, prefix.size(), prefix) != 0) return {};
  const size_t close = line.find('"', prefix.size());
  if (close == std::string::npos) return {};
  std::string value = line.substr(prefix.size(), close - prefix.size());
  if (value.compare(0, 5, "$HOME") == 0) return home + value.substr(5);
  return value.empty() || value[0] != '/' ? std::string() : value;
}

// A hexadecimal digit's value; -1 for another character.
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

PlaceSources places_from_environment() {
  PlaceSources s;
  if (const char* h = std::getenv("HOME"); h != nullptr) s.home = h;
  if (const char* c = std::getenv("XDG_CONFIG_HOME"); c != nullptr && *c == '/') {
    s.config_home = c;
  } else if (!s.home.empty()) {
    s.config_home = s.home + "/.config";
  }
  return s;
}

namespace {

// The lines of a small configuration file, read without blocking and without bound neither: a
// regular file only (a FIFO or /dev/zero in its place is read as empty), its first
// kMaxPlacesFileBytes. Called on the UI thread, so it must return at once.
constexpr size_t kMaxPlacesFileBytes = size_t{64} << 10;

std::vector<std::string> config_lines(const std::string& path) {
  std::vector<std::string> lines;
  if (path.empty()) return lines;
  struct stat before {};  // not even opened unless a regular file (opening a device may act)
  if (::stat(path.c_str(), &before) != 0 || !S_ISREG(before.st_mode)) return lines;
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return lines;
  struct stat st {};
  std::string text;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    char buffer[4096];
    while (text.size() < kMaxPlacesFileBytes) {
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      text.append(buffer, static_cast<size_t>(n));
    }
  }
  ::close(fd);
  if (text.size() > kMaxPlacesFileBytes) text.resize(kMaxPlacesFileBytes);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::string path_from_file_uri(const std::string& uri) {
  const std::string scheme = "file://";
  if (uri.compare(0, scheme.size(), scheme) != 0) return {};
  std::string rest = uri.substr(scheme.size());
  // file:///x or file://localhost/x; another host is not a local file.
  if (rest.compare(0, 9, "localhost") == 0) rest.erase(0, 9);
  if (rest.empty() || rest[0] != '/') return {};
  std::string out;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      out += rest[i];
      continue;
    }
    const int hi = i + 2 < rest.size() ? hex_value(rest[i + 1]) : -1;
    const int lo = i + 2 < rest.size() ? hex_value(rest[i + 2]) : -1;
    if (hi < 0 || lo < 0) return {};
    const char decoded = static_cast<char>(hi * 16 + lo);
    if (decoded == '\0') return {};
    out += decoded;
    i += 2;
  }
  return out;
}

std::vector<Place> desktop_places(const PlaceSources& sources) {
  std::vector<Place> places;
  add_place(places, "Home", sources.home);
  if (!sources.config_home.empty()) {
    std::vector<std::string> found(3);
    const char* const keys[] = {"XDG_DESKTOP_DIR", "XDG_DOCUMENTS_DIR", "XDG_DOWNLOAD_DIR"};
    for (const std::string& line : config_lines(sources.config_home + "/user-dirs.dirs")) {
      for (size_t i = 0; i < found.size(); ++i) {
        const std::string v = user_dir_value(line, keys[i], sources.home);
        if (!v.empty()) found[i] = v;
      }
    }
    for (const std::string& path : found) {
      if (normal_folder(path) != normal_folder(sources.home)) add_place(places, "", path);
    }  // "$HOME/" is how user-dirs.dirs says a folder is not set
  }
  for (const std::string& line :
       config_lines(sources.config_home.empty() ? std::string()
                                                : sources.config_home + "/gtk-3.0/bookmarks")) {
    const size_t space = line.find(' ');
    const std::string path = path_from_file_uri(line.substr(0, space));
    if (path.empty()) continue;  // another scheme (sftp://, smb://): not a local folder
    add_place(places, space == std::string::npos ? std::string() : line.substr(space + 1), path);
  }
  return places;
}

}  // namespace roofline::desktop
