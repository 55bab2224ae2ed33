#include "roofline/ui/settings.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <system_error>

#include "export_options_json.h"
#include "roofline/io/json_io.h"

namespace roofline {

namespace {

using nlohmann::json;

std::string describe(const json& v) {
  std::string dumped = v.dump();
  if (dumped.size() > 40) dumped = dumped.substr(0, 37) + "...";
  return dumped;
}

}  // namespace

std::string settings_dir() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg != '\0') {
    return (std::filesystem::path(xdg) / "roofline").string();
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return (std::filesystem::path(home) / ".config" / "roofline").string();
  }
  return {};
}

Result<Settings> parse_settings(std::string_view json_text, std::string_view origin) {
  const std::string where(origin);
  json root = json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return Result<Settings>::fail(where + ": not valid JSON");
  if (!root.is_object()) {
    return Result<Settings>::fail(where + ": expected a JSON object, got " + describe(root));
  }
  Settings s;
  if (auto it = root.find("theme"); it != root.end()) {
    const auto theme = it->is_string() ? parse_chart_theme(it->get<std::string>()) : std::nullopt;
    if (!theme) {
      return Result<Settings>::fail(where + ": theme: expected " + std::string(kChartThemeNames) +
                                    ", got " + describe(*it));
    }
    s.theme = *theme;
  }
  if (auto it = root.find("ui_scale"); it != root.end()) {
    const bool ok =
        it->is_number() && it->get<double>() >= kMinUiScale && it->get<double>() <= kMaxUiScale;
    if (!ok) {
      return Result<Settings>::fail(
          where + ": ui_scale: expected a number between 0.5 and 3, got " + describe(*it));
    }
    s.ui_scale = it->get<float>();
  }
  for (auto [key, field] :
       {std::pair{"window_width", &s.window_width}, std::pair{"window_height", &s.window_height}}) {
    if (auto it = root.find(key); it != root.end()) {
      if (!it->is_number_integer() || it->get<int64_t>() < 200 || it->get<int64_t>() > 16384) {
        return Result<Settings>::fail(where + ": " + key +
                                      ": expected a whole number of pixels between 200 and "
                                      "16384, got " +
                                      describe(*it));
      }
      *field = it->get<int>();
    }
  }
  for (auto [key, field] : {std::pair{"controls_width_em", &s.controls_width_em},
                            std::pair{"details_height_em", &s.details_height_em}}) {
    if (auto it = root.find(key); it != root.end()) {
      if (!it->is_number() || it->get<double>() < kMinPanelEm || it->get<double>() > kMaxPanelEm) {
        return Result<Settings>::fail(
            where + ": " + key + ": expected a size in em between 4 and 200, got " + describe(*it));
      }
      *field = it->get<float>();
    }
  }
  if (auto it = root.find("scenario_path"); it != root.end()) {
    if (!it->is_string()) {
      return Result<Settings>::fail(where + ": scenario_path: expected a string, got " +
                                    describe(*it));
    }
    s.scenario_path = it->get<std::string>();
  }
  if (auto it = root.find("export"); it != root.end()) {
    if (std::string error = parse_export_options(*it, where, s.figure_export); !error.empty()) {
      return Result<Settings>::fail(error);
    }
  }
  return Result<Settings>::ok(std::move(s));
}

namespace {
// A float as the decimal a person would write (31.67, not 31.66666603088379).
double hundredths(float v) { return std::round(static_cast<double>(v) * 100) / 100; }
}  // namespace

std::string settings_to_json(const Settings& s) {
  json root = {{"theme", to_string(s.theme)},
               {"ui_scale", s.ui_scale},
               {"window_width", s.window_width},
               {"window_height", s.window_height},
               {"controls_width_em", hundredths(s.controls_width_em)},
               {"details_height_em", hundredths(s.details_height_em)},
               {"scenario_path", s.scenario_path},
               {"export", export_options_to_json(s.figure_export)}};
  return root.dump(2) + "\n";
}

Settings load_settings(const std::string& dir, std::string* warning) {
  if (dir.empty()) return {};
  const std::string path = (std::filesystem::path(dir) / "settings.json").string();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  auto text = read_text_file(path);
  if (!text) {
    if (warning != nullptr) *warning = text.error();
    return {};
  }
  auto parsed = parse_settings(*text, path);
  if (!parsed) {
    if (warning != nullptr) *warning = parsed.error();
    return {};
  }
  return *parsed;
}

std::string save_settings(const std::string& dir, const Settings& s) {
  if (dir.empty()) return "settings: neither XDG_CONFIG_HOME nor HOME is set; not saved";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return dir + ": cannot create the settings folder (" + ec.message() + ")";
  return write_text_file_atomic((std::filesystem::path(dir) / "settings.json").string(),
                                settings_to_json(s));
}

}  // namespace roofline
