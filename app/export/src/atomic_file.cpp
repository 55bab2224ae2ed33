#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "painters.h"

namespace roofline::detail {

std::string write_file_atomic(std::string_view path, std::string_view bytes) {
  const std::string target(path);
  auto fail = [&](const std::string& what, int error) {
    return target + ": cannot write (" + what + ": " + std::strerror(error) + ")";
  };
  if (target.empty()) return "output path is empty";
  const std::filesystem::path p(target);
  const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
  // A hidden temporary beside the target, so rename() stays on one file system.
  std::string name = ".";  // built with += : g++ 12 warns falsely (-Wrestrict) on "." + string
  name += p.filename().string();
  name += ".tmp-XXXXXX";
  std::string temp = (dir / name).string();
  const int fd = mkstemp(temp.data());
  if (fd < 0) return fail("creating a temporary file in " + dir.string(), errno);
  // mkstemp makes the file 0600; a figure gets the usual permissions.
  const mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, static_cast<mode_t>(0666 & ~mask));
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      ::unlink(temp.c_str());
      return fail("writing", error);
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    return fail("closing", error);
  }
  if (std::rename(temp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    return fail("renaming the temporary file", error);
  }
  return {};
}

}  // namespace roofline::detail
