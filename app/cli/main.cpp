// roofline-cli: the command-line face of roofline. Needs no display and no GPU.
// Exit codes: 0 success, 1 bad input (CliError), 2 usage error (CLI11). Errors go to stderr as
// one line "roofline-cli: error: ..." (with --error-format json, one JSON object); stdout gets a
// command's output only when it succeeded.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cmd_export.h"
#include "commands.h"
#include "roofline/io/json_io.h"
#include "roofline/units.h"
#include "roofline/version.h"

namespace {

bool g_json_errors = false;  // --error-format json

// A JSON string literal of `text` (UTF-8 kept; quotes, backslashes and control characters
// escaped).
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

int fail(const std::string& message, int code) {
  // One line, whatever the message quotes from a file.
  const std::string line = roofline::printable(message);
  if (g_json_errors) {
    // {"error": "...", "exit_code": 1, "kind": "input"}: 1 bad input, 2 usage.
    std::fprintf(stderr, "{\"error\": %s, \"exit_code\": %d, \"kind\": \"%s\"}\n",
                 json_string(line).c_str(), code, code == 2 ? "usage" : "input");
  } else {
    std::fprintf(stderr, "roofline-cli: error: %s\n", line.c_str());
  }
  return code;
}

// Takes --error-format FORMAT (or =FORMAT) out of the arguments, wherever it is, so that every
// error, the command line's own included, comes out in that format; "" when it is fine, else
// the problem.
std::string take_error_format(std::vector<char*>& args) {
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string a = args[i];
    std::string value;
    size_t n = 1;
    if (a == "--error-format") {
      if (i + 1 >= args.size()) return "--error-format needs a value: text or json";
      value = args[i + 1];
      n = 2;
    } else if (a.starts_with("--error-format=")) {
      value = a.substr(15);
    } else {
      continue;
    }
    if (value != "text" && value != "json")
      return "--error-format: expected text or json, got '" + value + "'";
    g_json_errors = value == "json";
    args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
               args.begin() + static_cast<std::ptrdiff_t>(i + n));
    --i;
  }
  return {};
}

// CLI11 says only "A subcommand is required" for both a missing and a misspelt command.
std::string command_problem(const CLI::App& app, int argc, char** argv) {
  std::string names;
  bool known = false;
  const std::string first = argc > 1 ? argv[1] : "";
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + sub->get_name();
    known = known || sub->get_name() == first;
  }
  if (argc < 2) return "a command is required: " + names + " (see roofline-cli --help)";
  if (known || first.empty() || first[0] == '-') return {};
  return "unknown command '" + first + "': expected one of " + names;
}

}  // namespace

int main(int argc_given, char** argv_given) {
  std::vector<char*> args(argv_given, argv_given + argc_given);
  if (std::string problem = take_error_format(args); !problem.empty()) return fail(problem, 2);
  const int argc = static_cast<int>(args.size());
  char** argv = args.data();
  CLI::App app{"Where each part of an LLM inference step sits on a GPU's roofline.",
               "roofline-cli"};
  app.require_subcommand(1);
  roofline::allow_standard_input();  // "-" as a file: standard input
  app.set_version_flag("--version", "roofline-cli " + std::string(roofline::version()),
                       "Print the version and exit");
  // Read before parsing (take_error_format), so that it covers the command line's own errors;
  // listed here for --help.
  std::string error_format = "text";
  app.add_option("--error-format", error_format,
                 "text (default) or json: an error as one JSON object on stderr, {\"error\": "
                 "message, \"exit_code\": 1 or 2, \"kind\": \"input\" or \"usage\"}; "
                 "anywhere on the line")
      ->check(CLI::IsMember({"text", "json"}));
  roofline::register_analyze(app);
  roofline::register_sweep(app);
  roofline::register_export(app);
  roofline::register_list(app);
  roofline::register_request(app);
  roofline::register_frontier(app);
  roofline::register_predict(app);
  roofline::register_import(app);
  roofline::register_completion(app);
  if (std::string problem = command_problem(app, argc, argv); !problem.empty()) {
    return fail(problem, 2);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    roofline::write_stdout(app.help());
  } catch (const CLI::CallForAllHelp&) {
    roofline::write_stdout(app.help("", CLI::AppFormatMode::All));
  } catch (const CLI::CallForVersion& e) {
    roofline::write_stdout(std::string(e.what()) + "\n");
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return 0;
    return fail(e.what(), 2);
  } catch (const roofline::CliError& e) {
    return fail(e.what(), 1);
  } catch (const std::exception& e) {
    return fail(e.what(), 1);
  }
  return 0;
}
