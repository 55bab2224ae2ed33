#pragma once
// The roofline-cli commands. Each register_* adds one subcommand with its options and a
// callback; main.cpp builds the app from them and turns errors into exit codes.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace roofline {

// Bad input found by a command (an unknown id, a file that does not parse, a value out of
// range): main prints "roofline-cli: error: <what>" to stderr and exits 1. Usage errors are
// CLI11's ParseError (exit 2).
class CliError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The whole of roofline-cli on `args` (args[0] the program's name): parses them, runs the
// command and returns its exit code (0 success, 1 bad input, 2 usage), its output and errors
// written as below.
int run_cli(std::vector<std::string> args);

// While one lives, write_stdout, write_stdout_bytes, write_warnings and run_cli's errors on this
// thread append to `out` and `err` instead of the process's stdout and stderr (the Python module
// runs commands so). Nests: the innermost wins until it ends.
class CaptureOutput {
 public:
  CaptureOutput(std::string& out, std::string& err);
  ~CaptureOutput();
  CaptureOutput(const CaptureOutput&) = delete;
  CaptureOutput& operator=(const CaptureOutput&) = delete;

 private:
  std::string* saved_out_;
  std::string* saved_err_;
};

// A command builds its whole output first and writes it with this, once, on success: an error
// never leaves half an output on stdout.
void write_stdout(std::string_view text);
// The same, the bytes as they are (export --out -: a PNG is binary).
void write_stdout_bytes(std::string_view bytes);
// A CSV has no place for them: each warning as one line on stderr,
// "roofline-cli: warning: ...", so that none goes unsaid (JSON and tables carry their own).
void write_warnings(const std::vector<std::string>& warnings);
// `text` to stderr as it is (run_cli's error lines).
void write_stderr(std::string_view text);

// analyze(s) for a command: a scenario that gives no operators (a roofless GPU is refused
// before) throws CliError with the analysis's first warning.
struct Analysis;
struct Scenario;
Analysis analyze_or_throw(const Scenario& s);

void register_analyze(CLI::App& app);
void register_sweep(CLI::App& app);
void register_list(CLI::App& app);
void register_request(CLI::App& app);
void register_frontier(CLI::App& app);
void register_predict(CLI::App& app);
void register_import(CLI::App& app);
// `completion bash|zsh|fish`: registered last, it describes every command registered before it.
void register_completion(CLI::App& app);
// The script for `shell` (bash, zsh or fish) from `root`'s commands and options.
std::string completion_script(const CLI::App& root, std::string_view shell);

}  // namespace roofline
