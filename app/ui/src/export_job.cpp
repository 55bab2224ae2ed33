// Figures and tables from the app: the geometry is built on the UI thread (it reads the live
// state), the file is drawn and written on a worker; the frame loop polls the job.

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <future>
#include <system_error>

#include "background_job.h"
#include "roofline/export/export.h"
#include "roofline/ui/frame.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace fs = std::filesystem;

struct ExportJob {
  std::future<Status> result;  // ok, or why the file was not written
  std::string path;            // absolute
};

namespace {

std::string lower_extension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

std::string short_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

// Creating (and removing) a file is the only sure test: access() says yes to root on a
// read-only folder, and some folders (/proc) refuse files whatever their mode says.
std::string check_folder_writable(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return dir.string() + ": no such folder";
  if (!fs::is_directory(dir, ec)) return dir.string() + ": not a folder";
  std::string probe = (dir / ".roofline-write-test-XXXXXX").string();
  const int fd = mkstemp(probe.data());
  if (fd < 0) {
    // In a folder that exists, ENOENT means it takes no new files (/proc, /sys): strerror's
    // "No such file or directory" would contradict the folder listed right above.
    const int e = errno;
    const std::string why = e == ENOENT                 ? "it takes no new files"
                            : e == EACCES || e == EPERM ? "permission denied"
                            : e == EROFS                ? "read-only file system"
                            : e == ENOSPC               ? "no space left on the device"
                                                        : std::strerror(e);
    return dir.string() + ": cannot write files in this folder (" + why + ")";
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return {};
}

// A file-name-safe form of `text`: letters, digits, '.', '_' and '-'; others become '-'.
std::string file_safe(std::string_view text) {
  std::string out;
  for (char c : text) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    if (ok) {
      out += c;
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out;
}

}  // namespace

std::string export_base_name(const AppState& s, ExportWhat what) {
  std::string name;
  if (!s.ui.scenario_path.empty()) name = fs::path(s.ui.scenario_path).stem().string();
  if (name.empty()) {
    name = file_safe(s.doc.model.id.empty() ? s.doc.model.name : s.doc.model.id);
    const std::string gpu = file_safe(s.doc.gpu.id.empty() ? s.doc.gpu.name : s.doc.gpu.id);
    if (!gpu.empty()) name.append(name.empty() ? "" : "-").append(gpu);
    if (name.empty()) name = "roofline";
  }
  // Each chart its own name, so exporting one never overwrites the other.
  if (what == ExportWhat::throughput) name.append("-throughput");
  if (what == ExportWhat::table) name.append("-operators");
  return name;
}

std::string quick_export_path(const AppState& s) {
  return (fs::path(scenario_folder(s)) /
          (export_base_name(s, s.ui.export_dialog.options.what) +
           std::string(export_extension(s.ui.export_dialog.options))))
      .string();
}

std::string check_export_options(const FigureExportOptions& o, const std::string& path) {
  if (path.empty()) return "Type a file name, or pick one from the list.";
  const fs::path p(path);
  const std::string ext = lower_extension(path);
  if (!p.has_filename() || p.filename() == "." || p.filename() == "..") {
    return path + ": not a file name";
  }
  FigureExportOptions typed = o;
  if (ext.empty()) {
    return path +
           ": the name has no extension: end it in .svg, .png or .pdf (a chart) or .csv "
           "or .md (the operator table)";
  }
  if (!adopt_extension(typed, ext)) {
    return path + ": unknown file type '" + ext +
           "': expected .svg, .png or .pdf (a chart) or .csv or .md (the operator table)";
  }
  if (typed.what != o.what && (typed.what == ExportWhat::table || o.what == ExportWhat::table)) {
    return path + ": a " + ext + " file cannot hold the " +
           (o.what == ExportWhat::table ? "operator table" : "chart") + " (expected " +
           std::string(export_extension(o)) + ")";
  }
  if (o.what != ExportWhat::table) {
    const bool png = typed.figure_format == FigureFormat::png;
    if (png && !(o.scale >= kMinPngScale && o.scale <= kMaxPngScale)) {
      return path + ": PNG scale " + short_number(o.scale) + " is out of range: expected " +
             format_exact(kMinPngScale) + " to " + format_exact(kMaxPngScale);
    }
    ExportOptions eo;
    eo.scale = png ? o.scale : 1.0;
    if (std::string bad = check_figure_request(path, o.width, o.height, eo).error(); !bad.empty()) {
      return bad;
    }
    if (!(o.font_px >= kMinExportFontPx && o.font_px <= kMaxExportFontPx)) {
      return path + ": font size " + short_number(o.font_px) + " is out of range: expected " +
             format_exact(kMinExportFontPx) + " to " + format_exact(kMaxExportFontPx);
    }
  }
  return {};
}

std::string check_export(const FigureExportOptions& o, const std::string& path) {
  if (std::string bad = check_export_options(o, path); !bad.empty()) return bad;
  const fs::path p(path);
  std::error_code ec;
  if (fs::is_directory(p, ec)) return path + ": is a folder; type a file name";
  return check_folder_writable(p.has_parent_path() ? p.parent_path() : fs::path("."));
}

PlotGeometry build_export_figure(const AppState& s, const FigureExportOptions& o,
                                 const TextMeasure& measure) {
  const ChartTheme theme = o.theme.value_or(s.chart.theme);
  const Vec2 canvas{static_cast<double>(o.width), static_cast<double>(o.height)};
  const bool labels = o.same_as_window ? s.view.plot.show_labels : o.show_labels;
  if (o.what == ExportWhat::throughput) {
    ThroughputView view = s.view.throughput;
    view.canvas_px = canvas;
    view.font_px = o.font_px;
    view.show_title = o.show_title;
    view.title = o.title;
    view.show_caption = o.show_caption;
    view.show_labels = labels;
    view.transparent = o.transparent;
    view.hovered_id.clear();
    return build_throughput_plot(throughput_data(s), chart_data(s).scenario, view,
                                 chart_theme(theme), measure);
  }
  FigureRequest request{s.view.plot, &chart_theme(theme), measure, o.fit};  // the window's axes
  PlotView& view = request.view;
  view.chart = s.chart;       // the window's series
  view.title_reserve_px = 0;  // the window's buttons are not in the figure
  view.hovered_id.clear();
  view.selected_id.clear();
  view.legend_lists_hidden = false;  // a figure names only what it shows
  if (!o.same_as_window) shown_series_to_view(o, view);
  view.show_labels = labels;
  view.canvas_px = canvas;
  view.font_px = o.font_px;
  view.show_title = o.show_title;
  view.title = o.title;
  view.show_caption = o.show_caption;
  view.transparent = o.transparent;
  return build_figure(chart_data(s), request);
}

std::string start_export(AppState& s, const FigureExportOptions& o, const std::string& typed) {
  ExportDialogState& d = s.ui.export_dialog;
  if (d.job) return "Still writing " + d.job->path + "; export again when it is done.";
  std::error_code ec;
  fs::path absolute = fs::absolute(fs::path(typed), ec);
  const std::string path = (ec ? fs::path(typed) : absolute).lexically_normal().string();
  if (std::string bad = check_export(o, typed.empty() ? typed : path); !bad.empty()) return bad;
  const Analysis& analysis = chart_data(s).analysis;
  if (analysis.ops.empty()) {
    const std::vector<std::string>& w = analysis.warnings;
    return "Nothing to export: " +
           (w.empty() ? std::string("the scenario gives no operators") : w.front());
  }
  FigureExportOptions typed_options = o;
  adopt_extension(typed_options, lower_extension(path));  // .markdown and case differences
  auto job = std::make_shared<ExportJob>();
  job->path = path;
  if (typed_options.what == ExportWhat::table) {
    const TableFormat format = typed_options.table_format;
    job->result = start_background_job(
        [a = analysis, path, format] { return export_operator_table(a, path, format); });
  } else {
    ExportOptions eo;
    eo.scale = typed_options.figure_format == FigureFormat::png ? o.scale : 1.0;
    eo.points = is_print_size(o.width, o.height);  // an SVG of a paper size says it in pt
    const FigureFormat format = typed_options.figure_format;
    job->result = start_background_job([g = build_export_figure(s, o, figure_text_measure()), path,
                                        format, eo] { return export_figure(g, path, format, eo); });
  }
  d.job = std::move(job);
  set_message(s, "Exporting " + path + "…", false);
  return {};
}

void poll_export_job(AppState& s) {
  std::shared_ptr<ExportJob>& job = s.ui.export_dialog.job;
  if (!job || job->result.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  const Status written = job->result.get();
  const std::string& error = written.error();
  if (written) {
    std::error_code ec;
    const auto bytes = fs::file_size(job->path, ec);
    set_message(s,
                "Wrote " + job->path +
                    (ec ? std::string() : " (" + format_bytes(static_cast<double>(bytes)) + ")"),
                false);
  } else {
    set_message(s, error, true);
  }
  job.reset();
}

void quick_export(AppState& s) {
  if (std::string error = start_export(s, s.ui.export_dialog.options, quick_export_path(s));
      !error.empty()) {
    set_message(s, error, true);
  }
}

bool background_work_pending(const AppState& s) {
  return s.ui.export_dialog.job != nullptr || import_running(s) ||
         s.ui.file_dialog.chooser_action != FileAction::none || s.ui.export_dialog.choosing;
}

}  // namespace roofline
