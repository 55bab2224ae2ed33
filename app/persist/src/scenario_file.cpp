// Scenario files <-> ScenarioFile {scenario, view, extra keys}, with io's json_reader.h Reader:
// one message "ORIGIN: KEY: expected X, got Y" for any bad input. The workload's keys are read
// and written by io's code (scenario_json.h), the "view" object and the unknown keys here.

#include "roofline/persist/scenario_file.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include <nlohmann/json.hpp>

#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"
#include "roofline/io/scenario_json.h"
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

// The workload (io's read_workload), the view, the unknown keys kept for saving, then the
// workload validated: a bad view is named before an invalid workload.
ScenarioFile read_scenario(const Reader& r, const PresetLibrary& library,
                           std::string_view base_dir) {
  ScenarioFile file;
  file.scenario = read_workload(r, library, base_dir);

  Json unknown = Json::object();
  if (r.has("view")) file.view = read_view(r.child("view"), unknown);
  for (const auto& [key, value] : r.object().items()) {
    if (!is_scenario_key(key)) unknown[key] = value;
  }
  if (!unknown.empty()) file.extra_keys_json = unknown.dump();

  check_workload(r, file.scenario);
  return file;
}

Json optional_number(const std::optional<double>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json view_json(const ChartView& v) {
  Json j;
  j["x_min"] = optional_number(v.x_min);
  j["x_max"] = optional_number(v.x_max);
  j["y_min"] = optional_number(v.y_min);
  j["y_max"] = optional_number(v.y_max);
  for (const SeriesFlag& flag : kSeriesFlags)
    if (flag.saved) j[std::string(flag.key)] = v.*flag.flag;
  j["theme"] = to_string(v.theme);
  j["legend"] = to_string(v.legend);
  return j;
}

// The scenario file's object, the unknown keys included.
Json scenario_json(const ScenarioFile& file) {
  Json j = workload_json(file.scenario);
  j["view"] = view_json(file.view);
  if (!file.extra_keys_json.empty()) {
    // Written by parse_scenario from valid JSON; anything else is dropped rather than
    // corrupting the file.
    Json unknown = Json::parse(file.extra_keys_json, nullptr, /*allow_exceptions=*/false);
    if (unknown.is_object()) {
      for (const auto& [key, value] : unknown.items()) {
        if (key == "view" && value.is_object()) {
          for (const auto& [view_key, view_value] : value.items()) j["view"][view_key] = view_value;
        } else if (!j.contains(key)) {
          j[key] = value;
        }
      }
    }
  }
  return j;
}

}  // namespace

Result<ScenarioFile> parse_scenario(std::string_view json_text, std::string_view origin,
                                    const PresetLibrary& library, std::string_view base_dir) {
  return read_json<ScenarioFile>(
      json_text, origin, [&](const Reader& r) { return read_scenario(r, library, base_dir); });
}

std::string scenario_to_json(const ScenarioFile& file) {
  return dump_text(scenario_json(file)) + "\n";
}

Result<ScenarioFile> load_scenario_file(std::string_view path, const PresetLibrary& library) {
  auto text = read_text_file(path);
  if (!text) return Result<ScenarioFile>::fail(text.error());
  std::error_code ec;
  auto dir = std::filesystem::absolute(std::filesystem::path(std::string(path)), ec).parent_path();
  return parse_scenario(text.value(), path, library, ec ? "." : dir.string());
}

Status save_scenario_file(std::string_view path, const ScenarioFile& file) {
  return write_text_file_atomic(path, scenario_to_json(file));
}

Result<ScenarioFile> preset_scenario(const PresetLibrary& library, std::string_view id_or_path) {
  if (const PresetEntry* e = find_preset(library.scenarios(), id_or_path)) {
    return parse_scenario(e->text, e->origin, library);
  }
  if (!looks_like_path(id_or_path)) {
    return Result<ScenarioFile>::fail(
        unknown_preset_message("scenario", id_or_path, library.scenarios()));
  }
  return load_scenario_file(id_or_path, library);
}

ScenarioFile default_scenario_file(const PresetLibrary& library) {
  if (find_preset(library.scenarios(), "default")) {
    if (auto file = preset_scenario(library, "default")) return file.value();
  }
  return ScenarioFile{library.default_scenario()};
}

std::string preset_list_to_json(const std::vector<ListedPreset<ScenarioFile>>& scenarios) {
  Json list = Json::array();
  for (const auto& [entry, s] : scenarios) {
    list.push_back({{"id", entry.id},
                    {"name", entry.name},
                    {"origin", entry.origin},
                    {"scenario", scenario_json(s)}});
  }
  return dump_text(list) + "\n";
}

}  // namespace roofline
