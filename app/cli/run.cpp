// run_cli(): roofline-cli's command line, for its main() and the Python module.
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
#include "roofline/units.h"
#include "roofline/version.h"

namespace roofline {

namespace {

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

int fail(const std::string& message, int code, bool json_errors) {
  // One line, whatever the message quotes from a file.
  const std::string line = printable(message);
  if (json_errors) {
    // {"error": "...", "exit_code": 1, "kind": "input"}: 1 bad input, 2 usage.
    write_stderr("{\"error\": " + json_string(line) + ", \"exit_code\": " + std::to_string(code) +
                 ", \"kind\": \"" + (code == 2 ? "usage" : "input") + "\"}\n");
  } else {
    write_stderr("roofline-cli: error: " + line + "\n");
  }
  return code;
}

// Takes --error-format FORMAT (or =FORMAT) out of the arguments, wherever it is, so that every
// error, the command line's own included, comes out in that format; "" when it is fine, else
// the problem.
std::string take_error_format(std::vector<char*>& args, bool& json_errors) {
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
    json_errors = value == "json";
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

int run_cli(std::vector<std::string> arguments) {
  std::vector<char*> args;
  for (std::string& a : arguments) args.push_back(a.data());
  bool json_errors = false;  // --error-format json
  if (std::string problem = take_error_format(args, json_errors); !problem.empty())
    return fail(problem, 2, json_errors);
  const int argc = static_cast<int>(args.size());
  char** argv = args.data();
  CLI::App app{"Where each part of an LLM inference step sits on a GPU's roofline.",
               "roofline-cli"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "roofline-cli " + std::string(version()),
                       "Print the version and exit");
  // Read before parsing (take_error_format), so that it covers the command line's own errors;
  // listed here for --help.
  std::string error_format = "text";
  app.add_option("--error-format", error_format,
                 "text (default) or json: an error as one JSON object on stderr, {\"error\": "
                 "message, \"exit_code\": 1 or 2, \"kind\": \"input\" or \"usage\"}; "
                 "anywhere on the line")
      ->check(CLI::IsMember({"text", "json"}));
  register_analyze(app);
  register_sweep(app);
  register_export(app);
  register_list(app);
  register_request(app);
  register_frontier(app);
  register_predict(app);
  register_import(app);
  register_completion(app);
  if (std::string problem = command_problem(app, argc, argv); !problem.empty()) {
    return fail(problem, 2, json_errors);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    write_stdout(app.help());
  } catch (const CLI::CallForAllHelp&) {
    write_stdout(app.help("", CLI::AppFormatMode::All));
  } catch (const CLI::CallForVersion& e) {
    write_stdout(std::string(e.what()) + "\n");
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return 0;
    return fail(e.what(), 2, json_errors);
  } catch (const CliError& e) {
    return fail(e.what(), 1, json_errors);
  } catch (const std::exception& e) {
    return fail(e.what(), 1, json_errors);
  }
  return 0;
}

}  // namespace roofline
