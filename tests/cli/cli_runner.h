#pragma once
// Runs the real roofline-cli binary as a user or a script would: its exit code, stdout and stderr.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace roofline::test {

struct CliRun {
  int code = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A folder of this test process's own under the system's temporary folder.
inline std::filesystem::path scratch() {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("roofline_cli_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

// `args` as a shell would split them (quote paths with '...').
inline CliRun cli(const std::string& args) {
  const std::filesystem::path dir = scratch();
  const std::filesystem::path out = dir / "stdout", err = dir / "stderr";
  const std::string command = std::string("'") + ROOFLINE_CLI + "' " + args + " >'" + out.string() +
                              "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  CliRun r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

}  // namespace roofline::test
