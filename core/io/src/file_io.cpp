// Whole-file reads and atomic writes; scenario files on disk.

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"

namespace roofline {

Result<std::string> read_text_file(std::string_view path) {
  std::string p(path);
  std::error_code ec;
  if (std::filesystem::is_directory(p, ec)) {
    return Result<std::string>::fail(p + ": cannot read (is a directory)");
  }
  std::ifstream in(p, std::ios::binary);
  if (!in) return Result<std::string>::fail(p + ": cannot read (" + std::strerror(errno) + ")");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Result<std::string>::fail(p + ": cannot read (I/O error)");
  return Result<std::string>::ok(std::move(text).str());
}

std::string write_text_file_atomic(std::string_view path, std::string_view content) {
  namespace fs = std::filesystem;
  const fs::path target{std::string(path)};
  // Beside the target, so the rename stays on one file system and is atomic.
  fs::path temp = target;
  temp += ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) {
      return std::string(path) + ": cannot write (" + std::strerror(errno) + ")";
    }
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      return std::string(path) + ": cannot write (I/O error)";
    }
  }
  std::error_code ec;
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return std::string(path) + ": cannot write (" + ec.message() + ")";
  }
  return {};
}

Result<ScenarioFile> load_scenario_file(std::string_view path, const PresetLibrary& library) {
  auto text = read_text_file(path);
  if (!text) return Result<ScenarioFile>::fail(text.error());
  std::error_code ec;
  auto dir = std::filesystem::absolute(std::filesystem::path(std::string(path)), ec).parent_path();
  return parse_scenario(text.value(), path, library, ec ? "." : dir.string());
}

std::string save_scenario_file(std::string_view path, const ScenarioFile& file) {
  return write_text_file_atomic(path, scenario_to_json(file));
}

}  // namespace roofline
