// roofline-cli completion bash|zsh|fish: a shell completion script generated from the command
// line's own definition (its commands, their options, the choices a validator lists and the
// built-in presets), so that it never drifts from what the program accepts. CMake runs it at
// build time and installs the three files (app/cli/CMakeLists.txt).

#include <CLI/CLI.hpp>
#include <map>
#include <string>
#include <vector>

#include "commands.h"
#include "roofline/io/preset_library.h"

namespace roofline {

namespace {

// One option as the shells see it: its long names, whether it takes a value, the words that
// value may be ("" where any file may), and its help.
struct OptionSpec {
  std::vector<std::string> names;  // "--batch", "-h"
  bool takes_value = false;
  std::vector<std::string> words;
  bool files = false;  // the value may be a file too
  std::string help;
};

struct CommandSpec {
  std::string name, help;
  std::vector<OptionSpec> options;
  bool positional_files = false;        // import FILE, predict FILE
  std::vector<std::string> positional;  // the words a positional lists (completion's shells)
};

std::vector<std::string> preset_ids(const std::vector<PresetEntry>& entries) {
  std::vector<std::string> out;
  for (const PresetEntry& e : entries) out.push_back(e.id);
  return out;
}

// The values an option's validator lists: CLI11 writes IsMember's set into the type name,
// "TEXT:{svg,png,pdf}".
std::vector<std::string> listed_choices(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  const size_t open = type.find('{'), close = type.find('}', open);
  std::vector<std::string> out;
  if (open == std::string::npos || close == std::string::npos) return out;
  std::string word;
  for (size_t i = open + 1; i <= close; ++i) {
    if (type[i] == ',' || i == close) {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else if (type[i] != ' ') {
      word += type[i];
    }
  }
  return out;
}

// The options whose values are presets (ids, else a file).
std::map<std::string, std::vector<std::string>> preset_options() {
  const PresetLibrary& lib = PresetLibrary::builtin();
  std::vector<std::string> calibrations = preset_ids(lib.calibrations());
  calibrations.insert(calibrations.begin(), "none");
  return {{"--gpu", preset_ids(lib.gpus())},
          {"--compare-gpu", preset_ids(lib.gpus())},
          {"--model", preset_ids(lib.models())},
          {"--scenario", preset_ids(lib.scenarios())},
          {"--calibration", calibrations}};
}

std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\t') c = ' ';
  if (const size_t period = text.find(". "); period != std::string::npos) text.resize(period);
  return text;
}

OptionSpec option_spec(const CLI::Option& o,
                       const std::map<std::string, std::vector<std::string>>& presets) {
  OptionSpec spec;
  for (const std::string& l : o.get_lnames()) spec.names.push_back("--" + l);
  for (const std::string& s : o.get_snames()) spec.names.push_back("-" + s);
  spec.takes_value = o.get_items_expected_max() > 0;
  spec.help = one_line(o.get_description());
  if (!spec.takes_value) return spec;
  spec.words = listed_choices(o);
  if (spec.words.empty()) {
    for (const std::string& n : spec.names) {
      if (auto p = presets.find(n); p != presets.end()) spec.words = p->second;
    }
    // Presets, or anything without a list (a file, a number): files are offered too.
    spec.files = true;
  }
  return spec;
}

std::vector<CommandSpec> commands(const CLI::App& root) {
  const auto presets = preset_options();
  std::vector<CommandSpec> out;
  CommandSpec top{"", "", {}, false, {}};
  for (const CLI::Option* o : root.get_options())
    if (o->nonpositional()) top.options.push_back(option_spec(*o, presets));
  // The command line's own value options (--error-format) are taken anywhere on the line.
  std::vector<OptionSpec> everywhere;
  for (const OptionSpec& o : top.options)
    if (o.takes_value) everywhere.push_back(o);
  out.push_back(std::move(top));
  for (const CLI::App* sub : root.get_subcommands([](const CLI::App*) { return true; })) {
    CommandSpec c{sub->get_name(), one_line(sub->get_description()), {}, false, {}};
    for (const CLI::Option* o : sub->get_options()) {
      if (o->nonpositional()) {
        c.options.push_back(option_spec(*o, presets));
      } else if (std::vector<std::string> words = listed_choices(*o); !words.empty()) {
        c.positional.insert(c.positional.end(), words.begin(), words.end());
      } else {
        c.positional_files = true;
      }
    }
    c.options.insert(c.options.end(), everywhere.begin(), everywhere.end());
    out.push_back(std::move(c));
  }
  return out;
}

std::string join(const std::vector<std::string>& words, const std::string& sep = " ") {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

// Single-quoted for bash and zsh ('it'\''s').
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Single-quoted for fish, where \\ and \' are the escapes inside single quotes.
std::string fish_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

// File names one per line into COMPREPLY (a name with spaces stays one word).
constexpr const char* kAddFiles =
    "while IFS= read -r f; do COMPREPLY+=(\"$f\"); done < <(compgen -f -- \"$cur\")";

std::string bash_function(const std::vector<CommandSpec>& cmds) {
  std::vector<std::string> names;
  for (const CommandSpec& c : cmds)
    if (!c.name.empty()) names.push_back(c.name);
  std::string s =
      "_roofline_cli() {\n"
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
      "  local cmd=\"\" w f\n"
      "  for w in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
      "    case \"$w\" in " +
      join(names, "|") +
      ") cmd=\"$w\"; break ;; esac\n"
      "  done\n"
      "  COMPREPLY=()\n"
      "  case \"$cmd\" in\n";
  for (const CommandSpec& c : cmds) {
    s += "    " + (c.name.empty() ? std::string("\"\"") : c.name) + ")\n";
    // The value of the option before the cursor.
    s += "      case \"$prev\" in\n";
    for (const OptionSpec& o : c.options) {
      if (!o.takes_value) continue;
      s += "        " + join(o.names, "|") + ")\n";
      if (!o.words.empty())
        s += "          COMPREPLY=($(compgen -W " + quoted(join(o.words)) + " -- \"$cur\"))\n";
      if (o.files) s += std::string("          ") + kAddFiles + "\n";
      s += "          return ;;\n";
    }
    s += "      esac\n";
    std::vector<std::string> words;
    for (const OptionSpec& o : c.options) words.insert(words.end(), o.names.begin(), o.names.end());
    if (c.name.empty()) words.insert(words.begin(), names.begin(), names.end());
    words.insert(words.begin(), c.positional.begin(), c.positional.end());
    s += "      COMPREPLY=($(compgen -W " + quoted(join(words)) + " -- \"$cur\"))\n";
    if (c.positional_files)
      s += std::string("      if [[ $cur != -* ]]; then ") + kAddFiles + "; fi\n";
    s += "      ;;\n";
  }
  s += "  esac\n}\n";
  return s;
}

std::string bash_script(const std::vector<CommandSpec>& cmds) {
  return "# bash completion for roofline-cli, generated by `roofline-cli completion bash`\n" +
         bash_function(cmds) + "complete -o filenames -F _roofline_cli roofline-cli\n";
}

// zsh runs the same function through its bash-completion layer.
std::string zsh_script(const std::vector<CommandSpec>& cmds) {
  return "#compdef roofline-cli\n"
         "# zsh completion for roofline-cli, generated by `roofline-cli completion zsh`\n"
         "autoload -U +X bashcompinit && bashcompinit\n" +
         bash_function(cmds) +
         "complete -o filenames -F _roofline_cli roofline-cli\n"
         "# Autoloaded from fpath as _roofline-cli for a first Tab: complete that one too.\n"
         "[[ ${funcstack[1]-} == _roofline-cli ]] && _bash_complete -o filenames -F "
         "_roofline_cli\n";
}

std::string fish_script(const std::vector<CommandSpec>& cmds) {
  std::vector<std::string> names;
  for (const CommandSpec& c : cmds)
    if (!c.name.empty()) names.push_back(c.name);
  std::string s =
      "# fish completion for roofline-cli, generated by `roofline-cli completion fish`\n"
      "complete -c roofline-cli -f\n";
  for (const CommandSpec& c : cmds) {
    const std::string when =
        c.name.empty() ? "__fish_use_subcommand" : "__fish_seen_subcommand_from " + c.name;
    if (!c.name.empty())
      s += "complete -c roofline-cli -n __fish_use_subcommand -a " + c.name + " -d " +
           fish_quoted(c.help) + "\n";
    if (c.positional_files) s += "complete -c roofline-cli -n " + fish_quoted(when) + " -F\n";
    if (!c.positional.empty())
      s += "complete -c roofline-cli -n " + fish_quoted(when) + " -a " +
           fish_quoted(join(c.positional)) + "\n";
    for (const OptionSpec& o : c.options) {
      s += "complete -c roofline-cli -n " + fish_quoted(when);
      for (const std::string& n : o.names)
        s += n.starts_with("--") ? " -l " + n.substr(2) : " -s " + n.substr(1);
      if (o.takes_value) s += o.files ? " -r -F" : " -x";
      if (!o.words.empty()) s += " -a " + fish_quoted(join(o.words));
      s += " -d " + fish_quoted(o.help) + "\n";
    }
  }
  return s;
}

}  // namespace

std::string completion_script(const CLI::App& root, std::string_view shell) {
  const std::vector<CommandSpec> cmds = commands(root);
  if (shell == "bash") return bash_script(cmds);
  if (shell == "zsh") return zsh_script(cmds);
  return fish_script(cmds);
}

void register_completion(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "completion",
      "Print a completion script for bash, zsh or fish (installed with the program; to try one: "
      "source <(roofline-cli completion bash))");
  auto shell = std::make_shared<std::string>();
  cmd->add_option("shell", *shell, "bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));
  cmd->callback([shell, &app] { write_stdout(completion_script(app, *shell)); });
}

}  // namespace roofline
