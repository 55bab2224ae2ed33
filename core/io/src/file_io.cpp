// Whole-file reads and atomic writes.

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "roofline/io/json_io.h"

namespace roofline {

Result<int> open_regular_file(std::string_view path) {
  const std::string p(path);
  using R = Result<int>;
  if (p.empty()) return R::fail("cannot read a file of an empty name");
  auto not_regular = [&](mode_t mode) {
    const char* what = S_ISDIR(mode)    ? "is a directory"
                       : S_ISFIFO(mode) ? "a FIFO, not a regular file"
                       : S_ISCHR(mode)  ? "a character device, not a regular file"
                       : S_ISBLK(mode)  ? "a block device, not a regular file"
                       : S_ISSOCK(mode) ? "a socket, not a regular file"
                                        : "not a regular file";
    return R::fail(p + ": cannot read (" + what + ")");
  };
  // What it is before it is opened (opening some devices does something: a tape rewinds), then
  // opened with O_NONBLOCK (a FIFO put in its place meanwhile returns at once) and O_NOCTTY (a
  // terminal never becomes the controlling one), and checked again: the same regular file.
  struct stat before {};
  if (::stat(p.c_str(), &before) != 0)
    return R::fail(p + ": cannot read (" + std::strerror(errno) + ")");
  if (!S_ISREG(before.st_mode)) return not_regular(before.st_mode);
  const int fd = ::open(p.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return R::fail(p + ": cannot read (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return R::fail(p + ": cannot read (" + std::strerror(err) + ")");
  }
  if (!S_ISREG(st.st_mode) || st.st_dev != before.st_dev || st.st_ino != before.st_ino) {
    ::close(fd);
    return not_regular(st.st_mode);
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return R::ok(fd);
}

Result<std::string> read_text_file(std::string_view path) {
  return read_text_file(path, kMaxInputFileBytes);
}

namespace {

std::mutex g_stdin_mutex;
bool g_stdin_allowed = false;
std::optional<Result<std::string>> g_stdin;  // read once, kept

// Reads `fd` to its end in pieces up to `max_bytes`, never more (a file that grows while it is
// read); `name` in the messages. Closes `fd` when `close_fd`.
Result<std::string> read_all(int fd, const std::string& p, size_t max_bytes, bool close_fd) {
  std::string text;
  std::array<char, 65536> piece{};
  for (;;) {
    const ssize_t n = ::read(fd, piece.data(), piece.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      if (close_fd) ::close(fd);
      return Result<std::string>::fail(p + ": cannot read (" + std::strerror(err) + ")");
    }
    if (n == 0) break;
    text.append(piece.data(), static_cast<size_t>(n));
    if (text.size() > max_bytes) {
      if (close_fd) ::close(fd);
      return Result<std::string>::fail(
          p + ": file is larger than " + std::to_string(max_bytes >> 20) + " MiB" +
          (max_bytes == kMaxInputFileBytes ? "; roofline's input files are JSON of a few kB" : ""));
    }
  }
  if (close_fd) ::close(fd);
  return Result<std::string>::ok(std::move(text));
}

// "-": standard input, where the program allowed it, read whole once.
Result<std::string> read_standard_input(size_t max_bytes) {
  const std::lock_guard<std::mutex> lock(g_stdin_mutex);
  if (!g_stdin_allowed)
    return Result<std::string>::fail(
        "-: standard input is read by roofline-cli only; give the file's path");
  if (!g_stdin) {
    if (::isatty(STDIN_FILENO)) {
      g_stdin = Result<std::string>::fail(
          "-: standard input is a terminal: pipe or redirect a file into it (cat config.json | "
          "roofline-cli analyze --model -)");
    } else {
      g_stdin = read_all(STDIN_FILENO, "-", max_bytes, false);
      if (*g_stdin && g_stdin->value().empty())
        g_stdin = Result<std::string>::fail("-: standard input is empty (nothing was piped in)");
    }
  }
  return *g_stdin;
}

}  // namespace

void allow_standard_input() {
  const std::lock_guard<std::mutex> lock(g_stdin_mutex);
  g_stdin_allowed = true;
}

Result<std::string> read_text_file(std::string_view path, size_t max_bytes) {
  if (path == "-") return read_standard_input(max_bytes);
  Result<int> opened = open_regular_file(path);
  if (!opened) return Result<std::string>::fail(opened.error());
  return read_all(opened.value(), std::string(path), max_bytes, true);
}

namespace {

// The temporaries of earlier writes of `filename` that a kill -9 left behind (".NAME.tmp-XXXXXX"),
// older than ten minutes so that a concurrent writer's is never touched.
void remove_stale_temporaries(const std::filesystem::path& dir, const std::string& filename) {
  const std::string prefix = "." + filename + ".tmp-";
  std::error_code ec;
  const auto now = std::filesystem::file_time_type::clock::now();
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() != prefix.size() + 6 || name.compare(0, prefix.size(), prefix) != 0) continue;
    std::error_code time_ec;
    const auto written = std::filesystem::last_write_time(entry.path(), time_ec);
    if (!time_ec && now - written > std::chrono::minutes(10)) {
      std::filesystem::remove(entry.path(), time_ec);
    }
  }
}

}  // namespace

namespace {

// The process's umask, read once (reading it means setting it: two writers reading it at once,
// the export worker and the UI thread, could leave it at 0 for good).
mode_t process_umask() {
  static const mode_t mask = [] {
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }();
  return mask;
}

// Where a write to `p` lands: `p`, or the file its chain of symbolic links ends at (relative
// links resolve against their own folder), so that the link stays a link (a settings.json kept
// with the dotfiles) and the file it names is the one updated.
std::filesystem::path write_destination(const std::filesystem::path& p) {
  std::filesystem::path at = p;
  for (int hops = 0; hops < 40; ++hops) {  // a loop of links ends somewhere
    std::error_code ec;
    if (!std::filesystem::is_symlink(at, ec)) return at;
    const std::filesystem::path next = std::filesystem::read_symlink(at, ec);
    if (ec) return at;
    at = next.is_absolute() ? next : at.parent_path() / next;
  }
  return at;
}

}  // namespace

static std::string write_atomically(std::string_view path, std::string_view content) {
  const std::string target(path);
  auto fail = [&](int error) { return target + ": cannot write (" + std::strerror(error) + ")"; };
  if (target.empty()) return "output path is empty";
  const std::filesystem::path p = write_destination(target);
  const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
  // A hidden temporary beside the target, so rename() stays on one file system; mkstemp makes
  // its name unique, so two writers of one target (the export worker, the UI thread) never
  // share it.
  std::string name = ".";  // built with += : g++ 12 warns falsely (-Wrestrict) on "." + string
  name += p.filename().string();
  name += ".tmp-XXXXXX";
  std::string temp = (dir / name).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return fail(errno);
  // mkstemp makes the file 0600: a file replaced keeps its mode (a 0600 one stays private), a new
  // one gets the usual permissions.
  struct stat existing {};
  if (::stat(p.c_str(), &existing) == 0 && S_ISREG(existing.st_mode)) {
    ::fchmod(fd, existing.st_mode & 0777);  // not its set-user-id or sticky bits
  } else {
    ::fchmod(fd, static_cast<mode_t>(0666 & ~process_umask()));
  }
  auto discard = [&](int error) {
    ::unlink(temp.c_str());
    return fail(error);
  };
  size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      return discard(error);
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) return discard(errno);
  if (std::rename(temp.c_str(), p.c_str()) != 0) return discard(errno);
  remove_stale_temporaries(dir, p.filename().string());
  return {};
}

Status write_text_file_atomic(std::string_view path, std::string_view content) {
  return Status::from_message(write_atomically(path, content));
}

}  // namespace roofline
