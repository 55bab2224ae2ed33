#include "scenario_options.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include "commands.h"
#include "roofline/charconv.h"
#include "roofline/io/json_io.h"

namespace roofline {
namespace {

constexpr std::string_view kChanges = "changes";  // how apply_changes() names the flags' list

std::vector<std::string> precision_choices() {
  std::vector<std::string> names;
  for (Precision p : kAllPrecisions) names.emplace_back(to_string(p));
  return names;
}

// The row's help, its values' form and range, and its default: "Share of peak FLOP/s
// reachable, in (0, 1] (default 1)".
std::string flag_help(const Knob& k) {
  std::string help(k.help);
  if (k.type == KnobType::toggle) help += " on|off";
  if (k.type == KnobType::integer) help += ", from " + range_text(k);
  if (k.type == KnobType::fraction || k.type == KnobType::amount) help += ", in " + range_text(k);
  const std::string fallback = value_text(default_value(k));
  if (k.saved && !fallback.empty()) help += " (default " + fallback + ")";
  return help;
}

// A flag whose text CLI11 checks against `choices` and `parse` turns into the knob's value.
template <typename Parse>
void add_choice(CLI::App& app, const std::string& flag, const std::string& help,
                std::vector<std::string> choices, ScenarioOptions& o, ChangeKey key, Parse parse) {
  app.add_option_function<std::string>(
         flag, [&o, key, parse](const std::string& v) { o.given[key] = parse(v); }, help)
      ->check(CLI::IsMember(std::move(choices)));
}

// An error of apply_changes() as the command line says it: a preset names its flag, a value
// out of range is reported as validate() reports it.
std::string flag_error(const std::string& error, const ScenarioOptions& o) {
  for (const auto& [key, value] : o.given) {
    const Knob& k = knob(key);
    const std::string prefix = std::string(kChanges) + "." + std::string(k.name) + ": ";
    if (!error.starts_with(prefix)) continue;
    if (k.type == KnobType::reference)
      return "--" + std::string(k.flag) + ": " + error.substr(prefix.size());
    // The range's own words; the change's when the value is in range (another reason).
    const Status range = range_error(k, value);
    return range ? error.substr(prefix.size()) : range.error();
  }
  return error.substr(kChanges.size() + 2);  // "changes: " + what validate() says
}

// The whole of `text` as a finite decimal number; nullopt for "", "nan", "inf", "1.5x".
std::optional<double> finite_from_text(const std::string& text) {
  const std::optional<double> v = parse_double_exact(text);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

}  // namespace

void add_scenario_options(CLI::App& app, ScenarioOptions& o,
                          std::initializer_list<ChangeKey> except) {
  app.add_option("--scenario", o.scenario,
                 "Scenario id or JSON file to start from (later flags override it)")
      ->type_name("ID|FILE");
  for (ChangeKey key : file_order()) {
    if (std::find(except.begin(), except.end(), key) != except.end()) continue;
    const Knob& k = knob(key);
    const std::string flag = "--" + std::string(k.flag), help = flag_help(k);
    auto set = [&o, key](const auto& v) { o.given[key] = v; };
    switch (k.type) {
      case KnobType::reference:
        app.add_option_function<std::string>(flag, set, help)->type_name("ID|FILE");
        break;
      case KnobType::phase:
        add_choice(app, flag, help, {"prefill", "decode"}, o, key,
                   [](const std::string& v) { return *parse_phase(v); });
        break;
      case KnobType::precision:
        add_choice(app, flag, help, precision_choices(), o, key,
                   [](const std::string& v) { return *parse_precision(v); });
        break;
      case KnobType::weights: {
        std::vector<std::string> choices = precision_choices();
        choices.insert(choices.begin(), "auto");
        add_choice(app, flag, help, std::move(choices), o, key,
                   [](const std::string& v) { return WeightsChoice{parse_precision(v)}; });
        break;
      }
      case KnobType::toggle:
        add_choice(app, flag, help, {"on", "off"}, o, key,
                   [](const std::string& v) { return v == "on"; });
        break;
      // Numbers are read as decimal text here, not by CLI11: "010" is ten (not octal eight),
      // "" and "nan" are usage errors, and 2^64 is out of range as typed, not saturated.
      case KnobType::integer:
        app.add_option_function<std::string>(
               flag,
               [&o, key, flag](const std::string& text) {
                 int64_t v = 0;
                 const char* end = text.data() + text.size();
                 const auto [ptr, ec] = std::from_chars(text.data(), end, v);
                 if (ec == std::errc::result_out_of_range && ptr == end) {
                   const Knob& kn = knob(key);
                   throw CliError(std::string(kn.name) + " must be between " +
                                  std::to_string(static_cast<int64_t>(kn.min)) + " and " +
                                  std::to_string(static_cast<int64_t>(kn.max)) + ", got " + text);
                 }
                 if (text.empty() || ec != std::errc() || ptr != end) {
                   // "1e6" is a whole number as a scenario file's JSON reads it; 1.5 is not.
                   const std::optional<double> x = finite_from_text(text);
                   if (!x || *x != std::floor(*x) || std::fabs(*x) > 9.0e18)
                     throw CLI::ValidationError(flag,
                                                "expected a whole number, got '" + text + "'");
                   v = static_cast<int64_t>(*x);
                 }
                 o.given[key] = v;
               },
               help)
            ->type_name("INT");
        break;
      case KnobType::fraction:
      case KnobType::amount:
        app.add_option_function<std::string>(
               flag,
               [&o, key, flag](const std::string& text) {
                 const std::optional<double> v = finite_from_text(text);
                 if (!v) throw CLI::ValidationError(flag, "expected a number, got '" + text + "'");
                 o.given[key] = *v;
               },
               help)
            ->type_name("FLOAT");
        break;
    }
  }
}

Result<ScenarioFile> resolve_scenario(const ScenarioOptions& o, const PresetLibrary& library) {
  using R = Result<ScenarioFile>;
  ScenarioFile file = default_scenario_file(library);
  if (o.scenario) {
    auto loaded = preset_scenario(library, *o.scenario);
    if (!loaded) return R::fail("--scenario: " + loaded.error());
    file = std::move(loaded).value();
  }
  std::vector<ScenarioChange> changes;
  for (ChangeKey key : file_order()) {
    if (auto it = o.given.find(key); it != o.given.end()) changes.push_back({key, it->second});
  }
  auto applied = apply_changes(file.scenario, changes, preset_resolver(library), kChanges);
  if (!applied) return R::fail(flag_error(applied.error(), o));
  file.scenario = std::move(applied).value();
  return R::ok(std::move(file));
}

ScenarioFile resolve_builtin_scenario_file(const ScenarioOptions& options) {
  auto file = resolve_scenario(options, PresetLibrary::builtin());
  if (!file) throw CliError(file.error());
  // A GPU with no roof for the step's precision (nor a wider one): every command would print
  // zeros, so each refuses it by name instead.
  if (const Analysis a = analyze(file->scenario); a.no_roof) throw CliError(a.warnings.front());
  return std::move(file).value();
}

Scenario resolve_builtin_scenario(const ScenarioOptions& options) {
  return resolve_builtin_scenario_file(options).scenario;
}

const CLI::Validator& finite_number() {
  static const CLI::Validator check(
      [](const std::string& text) {
        return finite_from_text(text) ? std::string() : "expected a number, got '" + text + "'";
      },
      "NUMBER");
  return check;
}

}  // namespace roofline
