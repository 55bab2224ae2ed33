#include "commands.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "roofline/analysis.h"
#include "roofline/units.h"

namespace roofline {

namespace {
thread_local std::string* t_out = nullptr;  // CaptureOutput's strings, when one lives
thread_local std::string* t_err = nullptr;
}  // namespace

CaptureOutput::CaptureOutput(std::string& out, std::string& err)
    : saved_out_(t_out), saved_err_(t_err) {
  t_out = &out;
  t_err = &err;
}

CaptureOutput::~CaptureOutput() {
  t_out = saved_out_;
  t_err = saved_err_;
}

void write_stderr(std::string_view text) {
  if (t_err) {
    t_err->append(text);
    return;
  }
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void write_stdout_bytes(std::string_view bytes) {
  if (t_out) {
    t_out->append(bytes);
    return;
  }
  errno = 0;
  const size_t written = std::fwrite(bytes.data(), 1, bytes.size(), stdout);
  // A full disk or a closed pipe: say so and exit non-zero, never 0 with the output lost.
  if (std::fflush(stdout) != 0 || written != bytes.size() || std::ferror(stdout)) {
    const int error = errno != 0 ? errno : EIO;
    throw CliError(std::string("cannot write to standard output (") + std::strerror(error) + ")");
  }
}

void write_warnings(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings)
    write_stderr("roofline-cli: warning: " + printable(w) + "\n");
}

void write_stdout(std::string_view raw) {
  // Names from files (kernels, GPUs, models) never reach the terminal as control characters;
  // the tables' cells have already lost their line breaks (aligned_table).
  write_stdout_bytes(printable(raw, true));
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
