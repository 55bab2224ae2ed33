// settings.json <-> Settings (settings_file.h), read with io's json_reader.h Reader, whose
// messages are built from the limits below, the ones the app clamps to; and the export options'
// names and figure sizes (export_options.h), which settings.json stores.

#include "roofline/persist/settings_file.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include <nlohmann/json.hpp>

#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

namespace roofline {
namespace {

constexpr ExportWhat kExportWhats[] = {ExportWhat::roofline, ExportWhat::throughput,
                                       ExportWhat::table};
constexpr FigureFormat kFigureFormats[] = {FigureFormat::svg, FigureFormat::png, FigureFormat::pdf};
constexpr TableFormat kTableFormats[] = {TableFormat::csv, TableFormat::markdown};

template <class E, size_t N>
std::optional<E> named(std::string_view name, const E (&values)[N]) {
  for (E v : values)
    if (to_string(v) == name) return v;
  return std::nullopt;
}

// "\"svg\", \"png\" or \"pdf\"": the names of `values`, for "expected ..." messages.
template <class E, size_t N>
std::string choices(const E (&values)[N]) {
  std::string text;
  for (size_t i = 0; i < N; ++i) {
    if (i > 0) text += i + 1 == N ? " or " : ", ";
    text.append(1, '"').append(to_string(values[i])).append(1, '"');
  }
  return text;
}

// The export options' on/off keys, in the order they are written: the figure's own, then the
// series (kSeriesFlags).
template <typename Options, typename Fn>
void for_each_flag(Options& o, Fn&& fn) {
  fn("transparent", o.transparent);
  fn("show_title", o.show_title);
  fn("show_caption", o.show_caption);
  fn("same_as_window", o.same_as_window);
  fn("show_labels", o.show_labels);
  fn("show_legend", o.show_legend);
  fn("fit", o.fit);
  for (const SeriesFlag& f : kSeriesFlags) fn(f.key, o.series.*f.flag);
}

// The "export" object; missing keys keep their defaults.
FigureExportOptions read_export_options(const Reader& r) {
  FigureExportOptions o;
  o.what = r.enumeration(
      "what", [](std::string_view s) { return named(s, kExportWhats); }, choices(kExportWhats),
      o.what);
  o.figure_format = r.enumeration(
      "figure_format", [](std::string_view s) { return named(s, kFigureFormats); },
      choices(kFigureFormats), o.figure_format);
  o.table_format = r.enumeration(
      "table_format", [](std::string_view s) { return named(s, kTableFormats); },
      choices(kTableFormats), o.table_format);
  const IntegerRule side =
      integer_between(static_cast<int64_t>(kMinFigureSidePx),
                      static_cast<int64_t>(kMaxFigureSidePx), "a whole number");
  o.width = static_cast<int>(r.integer("width", side, o.width));
  o.height = static_cast<int>(r.integer("height", side, o.height));
  o.scale = r.number("scale", number_between(kMinPngScale, kMaxPngScale), o.scale);
  o.font_px = r.number("font_px", number_between(kMinExportFontPx, kMaxExportFontPx), o.font_px);
  if (const Json* theme = r.find("theme"); theme && *theme != "window") {
    o.theme = r.to_enum("theme", *theme, parse_chart_theme,
                        "\"window\", " + std::string(kChartThemeNames));
  }
  o.title = r.string("title", o.title);
  o.folder = r.string("folder", o.folder);
  for_each_flag(o, [&](std::string_view key, bool& field) { field = r.boolean(key, field); });
  return o;
}

Settings read_settings(const Reader& r) {
  Settings s;
  s.theme = r.enumeration("theme", parse_chart_theme, kChartThemeNames, s.theme);
  s.ui_scale = static_cast<float>(
      r.number("ui_scale", number_between(kMinUiScale, kMaxUiScale), s.ui_scale));
  const IntegerRule side =
      integer_between(kMinWindowSide, kMaxWindowSide, "a whole number of pixels");
  s.window_width = static_cast<int>(r.integer("window_width", side, s.window_width));
  s.window_height = static_cast<int>(r.integer("window_height", side, s.window_height));
  const NumberRule panel = number_between(kMinPanelEm, kMaxPanelEm, "a size in em");
  s.controls_width_em =
      static_cast<float>(r.number("controls_width_em", panel, s.controls_width_em));
  s.details_height_em =
      static_cast<float>(r.number("details_height_em", panel, s.details_height_em));
  s.scenario_path = r.string("scenario_path", s.scenario_path);
  if (const Json* recent = r.find("recent_files")) {
    if (!recent->is_array()) r.fail("recent_files", "a list of file paths", *recent);
    for (size_t i = 0; i < recent->size() && s.recent_files.size() < kMaxRecentFiles; ++i) {
      std::string path = r.to_string("recent_files[" + std::to_string(i) + "]", (*recent)[i]);
      if (!path.empty()) s.recent_files.push_back(std::move(path));
    }
  }
  if (r.has("export")) s.figure_export = read_export_options(r.child("export"));
  return s;
}

// A float as the decimal a person would write (31.67, not 31.66666603088379).
double hundredths(float v) { return std::round(static_cast<double>(v) * 100) / 100; }

// nlohmann::json, not ordered_json: settings.json has always had its keys sorted.
nlohmann::json export_options_json(const FigureExportOptions& o) {
  nlohmann::json v = {{"what", to_string(o.what)},
                      {"figure_format", to_string(o.figure_format)},
                      {"table_format", to_string(o.table_format)},
                      {"width", o.width},
                      {"height", o.height},
                      {"scale", o.scale},
                      {"font_px", o.font_px},
                      {"theme", o.theme ? to_string(*o.theme) : "window"},
                      {"title", o.title},
                      {"folder", is_utf8(o.folder) ? o.folder : std::string()}};
  for_each_flag(o, [&](std::string_view key, const bool& field) { v[std::string(key)] = field; });
  return v;
}

}  // namespace

std::span<const FigureSizePreset> figure_size_presets() {
  static constexpr FigureSizePreset kPresets[] = {
      {"hd", "1280 × 720 (HD)", 1280, 720, 1, 16},
      {"full-hd", "1920 × 1080 (Full HD)", 1920, 1080, 1, 24},
      {"4k", "3840 × 2160 (4K)", 3840, 2160, 1, 48},
      {"default", "1280 × 800 (roofline-cli default)", 1280, 800, 1, 16},
      {"slide", "Slide 16:9, 13.33 × 7.5 in (PNG 1920 × 1080)", 960, 540, 2, 14, true},
      {"column", "Paper column, 3.5 × 2.5 in at 300 dpi", 252, 180, 300.0 / 72, 8, true},
      {"page", "Paper page width, 7 × 4 in at 300 dpi", 504, 288, 300.0 / 72, 9, true},
  };
  return kPresets;
}

const FigureSizePreset* find_figure_size_preset(std::string_view id) {
  for (const FigureSizePreset& p : figure_size_presets())
    if (p.id == id) return &p;
  return nullptr;
}

const FigureSizePreset* matching_size_preset(const FigureExportOptions& o) {
  const FigureSizePreset* found = nullptr;
  for (const FigureSizePreset& p : figure_size_presets()) {
    if (o.width == p.width && o.height == p.height && std::abs(o.font_px - p.font_px) < 1e-9 &&
        (o.figure_format != FigureFormat::png || std::abs(o.scale - p.scale) < 1e-9))
      found = &p;
  }
  return found;
}

bool is_print_size(double width, double height) {
  const auto presets = figure_size_presets();
  return std::any_of(presets.begin(), presets.end(), [&](const FigureSizePreset& p) {
    return p.print && width == p.width && height == p.height;
  });
}

void apply_size_preset(FigureExportOptions& o, const FigureSizePreset& p) {
  o.width = p.width;
  o.height = p.height;
  o.font_px = p.font_px;
  o.scale = p.scale;
}

std::string_view to_string(ExportWhat w) {
  switch (w) {
    case ExportWhat::throughput:
      return "throughput";
    case ExportWhat::table:
      return "table";
    case ExportWhat::roofline:
      break;
  }
  return "roofline";
}

std::string_view to_string(FigureFormat f) {
  switch (f) {
    case FigureFormat::png:
      return "png";
    case FigureFormat::pdf:
      return "pdf";
    case FigureFormat::svg:
      break;
  }
  return "svg";
}

std::string_view to_string(TableFormat f) {
  return f == TableFormat::markdown ? "markdown" : "csv";
}

std::optional<ExportWhat> export_what_from_string(std::string_view s) {
  return named(s, kExportWhats);
}

std::optional<FigureFormat> export_figure_format_from_string(std::string_view s) {
  return named(s, kFigureFormats);
}

std::optional<TableFormat> export_table_format_from_string(std::string_view s) {
  return named(s, kTableFormats);
}

std::string settings_dir() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg != '\0') {
    return (std::filesystem::path(xdg) / "roofline").string();
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return (std::filesystem::path(home) / ".config" / "roofline").string();
  }
  return {};
}

std::vector<std::string> with_recent_file(std::vector<std::string> list, std::string_view path) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(std::filesystem::path(path), ec);
  if (ec) absolute = std::filesystem::path(path);
  const std::string normal = absolute.lexically_normal().string();
  std::erase(list, normal);
  list.insert(list.begin(), normal);
  if (list.size() > kMaxRecentFiles) list.resize(kMaxRecentFiles);
  return list;
}

Result<Settings> parse_settings(std::string_view json_text, std::string_view origin) {
  return read_json<Settings>(json_text, origin, read_settings);
}

std::string settings_to_json(const Settings& s) {
  // A path that is not UTF-8 (legal on Linux) cannot be written as JSON and read back as the
  // same bytes: it is left out (the file is still there to open; it is not remembered).
  std::vector<std::string> recent;
  for (const std::string& f : s.recent_files)
    if (is_utf8(f)) recent.push_back(f);
  const nlohmann::json root = {{"theme", to_string(s.theme)},
                               {"ui_scale", s.ui_scale},
                               {"window_width", s.window_width},
                               {"window_height", s.window_height},
                               {"controls_width_em", hundredths(s.controls_width_em)},
                               {"details_height_em", hundredths(s.details_height_em)},
                               {"scenario_path", is_utf8(s.scenario_path) ? s.scenario_path : ""},
                               {"recent_files", recent},
                               {"export", export_options_json(s.figure_export)}};
  return dump_text(root) + "\n";
}

Settings load_settings(const std::string& dir, std::string* warning) {
  if (dir.empty()) return {};
  const std::string path = (std::filesystem::path(dir) / kSettingsFile).string();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return {};
  auto text = read_text_file(path);
  if (!text) {
    if (warning != nullptr) *warning = text.error();
    return {};
  }
  auto parsed = parse_settings(text.value(), path);
  if (!parsed) {
    // Kept aside, not overwritten with defaults at exit: one typo must not reset every setting.
    // The first free of .bad, .bad.1, .bad.2, ...: an earlier bad copy is kept too.
    std::string aside = path + ".bad";
    for (int n = 1; n <= 1000 && std::filesystem::exists(aside, ec); ++n)
      aside = path + ".bad." + std::to_string(n);
    std::filesystem::rename(path, aside, ec);
    if (warning != nullptr) {
      *warning = parsed.error() + (ec ? "; the file is left as it is (" + ec.message() + ")"
                                      : "; the file is kept as " + aside);
    }
    return {};
  }
  return parsed.value();
}

std::vector<std::string> merge_recent_files(const std::vector<std::string>& ours,
                                            const std::vector<std::string>& loaded,
                                            const std::vector<std::string>& on_disk) {
  auto in = [](const std::vector<std::string>& list, const std::string& f) {
    return std::find(list.begin(), list.end(), f) != list.end();
  };
  // What this run added, then what the other added, then the files both had: a full list keeps
  // the newest of both runs (appending theirs after ours cut them off).
  std::vector<std::string> merged;
  for (const std::string& f : ours)
    if (!in(loaded, f)) merged.push_back(f);
  for (const std::string& f : on_disk)
    if (!in(loaded, f) && !in(merged, f)) merged.push_back(f);
  for (const std::string& f : ours)
    if (in(loaded, f) && !in(merged, f)) merged.push_back(f);
  if (merged.size() > kMaxRecentFiles) merged.resize(kMaxRecentFiles);
  return merged;
}

static std::string save_settings_text(const std::string& dir, const Settings& given,
                                      const std::vector<std::string>* loaded_recent) {
  if (dir.empty()) return "settings: neither XDG_CONFIG_HOME nor HOME is set; not saved";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return dir + ": cannot create the settings folder (" + ec.message() + ")";
  const std::string path = (std::filesystem::path(dir) / kSettingsFile).string();
  Settings s = given;
  if (loaded_recent != nullptr && std::filesystem::exists(path, ec)) {
    // Another instance may have saved since: keep the files it added.
    if (auto text = read_text_file(path)) {
      if (auto on_disk = parse_settings(text.value(), path))
        s.recent_files = merge_recent_files(s.recent_files, *loaded_recent, on_disk->recent_files);
    }
  }
  return write_text_file_atomic(path, settings_to_json(s)).error();
}

Status save_settings(const std::string& dir, const Settings& s,
                     const std::vector<std::string>* loaded_recent) {
  return Status::from_message(save_settings_text(dir, s, loaded_recent));
}

}  // namespace roofline
