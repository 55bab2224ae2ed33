// Parsing of scenario files into ScenarioFile {scenario, view, extra keys}, with json_reader.h's
// Reader: one message "ORIGIN: KEY: expected X, got Y" for any bad input.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "io_internal.h"
#include "json_reader.h"
#include "model_read.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/knobs.h"

namespace roofline {
namespace {

// A key of the scenario file itself (knob or "view"), as opposed to one kept for saving.
bool is_scenario_key(std::string_view key) {
  const Knob* k = find_knob(key);
  return key == "view" || (k && k->saved);
}

bool is_view_key(std::string_view key) {
  for (const SeriesFlag& flag : kSeriesFlags)
    if (flag.saved && flag.key == key) return true;
  for (std::string_view other : {"x_min", "x_max", "y_min", "y_max", "theme", "legend"})
    if (other == key) return true;
  return false;
}

ChartView read_view(const Reader& r, Json& unknown) {
  NumberRule intensity = positive_number("FLOP/byte");
  NumberRule flops = positive_number("FLOP/s");
  intensity.expected += " or null";
  flops.expected += " or null";
  ChartView v;
  v.x_min = r.optional_number("x_min", intensity);
  v.x_max = r.optional_number("x_max", intensity);
  v.y_min = r.optional_number("y_min", flops);
  v.y_max = r.optional_number("y_max", flops);
  for (const SeriesFlag& flag : kSeriesFlags)
    if (flag.saved) v.*flag.flag = r.boolean(flag.key, v.*flag.flag);
  v.theme = r.enumeration("theme", parse_chart_theme, kChartThemeNames, v.theme);
  v.legend = r.enumeration("legend", parse_legend_place, kLegendPlaceNames, v.legend);
  for (const auto& [key, value] : r.object().items()) {
    if (!is_view_key(key)) unknown["view"][key] = value;
  }
  return v;
}

// A gpu/model reference of a scenario: a built-in id as is; a relative path against the
// scenario's folder, made absolute so that saving the scenario elsewhere keeps it valid.
std::string resolve_reference(const std::string& value, const std::vector<PresetEntry>& builtins,
                              std::string_view base_dir) {
  for (const auto& e : builtins) {
    if (e.id == value) return value;
  }
  std::filesystem::path p(value);
  if (!looks_like_path(value) || p.is_absolute() || base_dir.empty() || base_dir == ".") {
    return value;
  }
  return std::filesystem::absolute(std::filesystem::path(std::string(base_dir)) / p)
      .lexically_normal()
      .string();
}

// Knob values are converted with to_knob_value (the lesson files' conversion too); their ranges
// are validate()'s to check, with its messages. An absent or null knob keeps its default.
ScenarioFile read_scenario(const Reader& r, const PresetLibrary& library,
                           std::string_view base_dir) {
  const PresetResolver resolve{
      [&](std::string_view ref) {
        return library.gpu(resolve_reference(std::string(ref), library.gpus(), base_dir));
      },
      [&](std::string_view ref) {
        return library.model(resolve_reference(std::string(ref), library.models(), base_dir));
      },
      [&](std::string_view ref) {
        return library.calibration(
            resolve_reference(std::string(ref), library.calibrations(), base_dir));
      }};
  ScenarioFile file;
  Scenario& s = file.scenario;
  for (ChangeKey key : file_order()) {
    const Knob& k = knob(key);
    if (!k.saved) continue;
    std::optional<ChangeValue> value;
    if (const Json* v = r.find(k.name)) value = to_knob_value(r, k, *v);
    if (!value && !k.preset.empty()) value = std::string(k.preset);
    if (!value) continue;
    if (const Status set = k.set(s, *value, resolve); !set) r.fail_message(k.name, set.error());
  }

  Json unknown = Json::object();
  if (r.has("view")) file.view = read_view(r.child("view"), unknown);
  for (const auto& [key, value] : r.object().items()) {
    if (!is_scenario_key(key)) unknown[key] = value;
  }
  if (!unknown.empty()) file.extra_keys_json = unknown.dump();

  if (std::string err = validate(s).error(); !err.empty()) {
    throw InputError{std::string(r.origin()) + ": " + err};
  }
  return file;
}

}  // namespace

bool looks_like_path(std::string_view id_or_path) {
  return id_or_path.find('/') != std::string_view::npos ||
         (id_or_path.size() >= 5 && id_or_path.substr(id_or_path.size() - 5) == ".json");
}

std::string display_name_of(std::string_view json_text, std::string_view fallback) {
  try {
    const std::string text = without_python_literals(json_text);
    if (!too_deep(text).empty()) return std::string(fallback);
    Json root = Json::parse(text.begin(), text.end());
    for (const char* key : {"_name", "name"}) {
      if (root.is_object() && root.contains(key) && root[key].is_string()) {
        return root[key].get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception&) {
  }
  return std::string(fallback);
}

Result<ScenarioFile> parse_scenario(std::string_view json_text, std::string_view origin,
                                    const PresetLibrary& library, std::string_view base_dir) {
  return read_json<ScenarioFile>(
      json_text, origin, [&](const Reader& r) { return read_scenario(r, library, base_dir); });
}

}  // namespace roofline
