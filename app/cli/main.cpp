// roofline-cli: the command-line face of roofline. Needs no display and no GPU.
// Exit codes: 0 success, 1 bad input (CliError), 2 usage error (CLI11). Errors go to stderr as
// one line "roofline-cli: error: ..."; stdout gets a command's output only when it succeeded.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>

#include "cmd_export.h"
#include "commands.h"
#include "roofline/io/json_io.h"
#include "roofline/units.h"
#include "roofline/version.h"

namespace {

int fail(const std::string& message, int code) {
  // One line, whatever the message quotes from a file.
  std::fprintf(stderr, "roofline-cli: error: %s\n", roofline::printable(message).c_str());
  return code;
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

int main(int argc, char** argv) {
  CLI::App app{"Where each part of an LLM inference step sits on a GPU's roofline.",
               "roofline-cli"};
  app.require_subcommand(1);
  roofline::allow_standard_input();  // "-" as a file: standard input
  app.set_version_flag("--version", "roofline-cli " + std::string(roofline::version()),
                       "Print the version and exit");
  roofline::register_analyze(app);
  roofline::register_sweep(app);
  roofline::register_export(app);
  roofline::register_list(app);
  roofline::register_request(app);
  roofline::register_frontier(app);
  roofline::register_predict(app);
  roofline::register_import(app);
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
