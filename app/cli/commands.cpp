#include "commands.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "roofline/analysis.h"

namespace roofline {

void write_stdout(std::string_view text) {
  errno = 0;
  const size_t written = std::fwrite(text.data(), 1, text.size(), stdout);
  // A full disk or a closed pipe: say so and exit non-zero, never 0 with the output lost.
  if (std::fflush(stdout) != 0 || written != text.size() || std::ferror(stdout)) {
    const int error = errno != 0 ? errno : EIO;
    throw CliError(std::string("cannot write to standard output (") + std::strerror(error) + ")");
  }
}

Analysis analyze_or_throw(const Scenario& s) {
  Analysis a = analyze(s);
  if (a.ops.empty()) {
    throw CliError(a.warnings.empty() ? std::string("the scenario gives no operators")
                                      : a.warnings.front());
  }
  return a;
}

}  // namespace roofline
