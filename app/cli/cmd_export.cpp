// roofline-cli export [scenario options] --out FILE.svg|.png|.pdf|.csv|.md [figure options]

#include "cmd_export.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include "commands.h"
#include "measured.h"
#include "roofline/export/export.h"
#include "roofline/plot/figure.h"
#include "roofline/plot/throughput_plot.h"
#include "roofline/units.h"
#include "scenario_options.h"

namespace roofline {

namespace {

struct ExportCliOptions {
  ScenarioOptions scenario;
  std::string out;
  std::string format;  // svg, png, pdf, csv or md; empty: --out's extension
  double width = 1280, height = 800;
  double scale = 1;
  double font_size = 16;
  std::string size;  // a size preset's id (figure_size_presets): empty, none
  bool width_given = false, height_given = false, scale_given = false, font_given = false;
  std::string theme;  // empty: the scenario's view theme
  bool transparent = false;
  std::string chart = "roofline";
  bool no_title = false, no_caption = false, no_legend = false, no_labels = false;
  std::string title;
  bool ops = false, no_trail = false, no_other_roofs = false, no_caches = false, fit = false;
  std::vector<std::string> hide;
  MeasuredOptions measured;
};

std::string size_text(double w, double h) {
  std::ostringstream s;
  s << std::llround(w) << "x" << std::llround(h);
  return s.str();
}

PlotGeometry roofline_figure(const ExportCliOptions& o, const ScenarioFile& file, ChartTheme theme,
                             const TextMeasure& measure) {
  ChartView chart = file.view;
  chart.show_ops = chart.show_ops || o.ops;
  chart.show_trail = chart.show_trail && !o.no_trail;
  chart.show_other_roofs = chart.show_other_roofs && !o.no_other_roofs;
  chart.show_caches = chart.show_caches && !o.no_caches;
  for (const std::string& group : o.hide) {  // CLI11 checked: fc, attention, elementwise, step
    for (const SeriesFlag& f : kSeriesFlags)
      if (f.series_id == "group:" + group) chart.*f.flag = false;
  }
  FigureRequest request{plot_view_for(chart), &chart_theme(theme), measure,
                        o.fit || !chart.has_axes()};
  PlotView& view = request.view;
  view.canvas_px = {o.width, o.height};
  view.font_px = o.font_size;
  view.show_labels = !o.no_labels;
  view.show_legend = !o.no_legend;
  view.legend_lists_hidden = false;  // a figure names only what it shows
  view.show_title = !o.no_title;
  view.show_caption = !o.no_caption;
  view.title = o.title;
  view.transparent = o.transparent;

  const ChartData data = chart_data(file.scenario);
  if (data.analysis.ops.empty()) {
    const std::vector<std::string>& w = data.analysis.warnings;
    throw CliError("cannot draw the chart: " +
                   (w.empty() ? std::string("the scenario gives no operators") : w.front()));
  }
  if (o.measured.file) {
    MeasuredData m = load_measured(o.measured, data.analysis, file.scenario.gpu);
    auto layer = std::make_shared<MeasuredLayer>();
    layer->source = std::filesystem::path(*o.measured.file).filename().string();
    layer->comparison = std::move(m.comparison);
    layer->profile = std::make_shared<const Profile>(std::move(m.profile));
    view.measured = std::move(layer);
  }
  return build_figure(data, request);
}

PlotGeometry throughput_figure(const ExportCliOptions& o, const Scenario& s, ChartTheme theme,
                               const TextMeasure& measure) {
  ThroughputView view;
  view.canvas_px = {o.width, o.height};
  view.font_px = o.font_size;
  view.show_title = !o.no_title;
  view.show_caption = !o.no_caption;
  view.show_labels = !o.no_labels;
  view.title = o.title;
  view.transparent = o.transparent;
  return build_throughput_plot(make_throughput_data(s), s, view, chart_theme(theme), measure);
}

// --size ID: the preset's width, height, font size and PNG scale, except those given too.
ExportCliOptions with_size_preset(ExportCliOptions o) {
  if (o.size.empty()) return o;
  const FigureSizePreset* p = find_figure_size_preset(o.size);
  if (p == nullptr) {
    std::string ids;
    for (const FigureSizePreset& q : figure_size_presets())
      ids.append(ids.empty() ? "" : ", ").append(q.id);
    throw CliError("--size " + o.size + ": unknown size: expected one of " + ids);
  }
  if (!o.width_given) o.width = p->width;
  if (!o.height_given) o.height = p->height;
  if (!o.font_given) o.font_size = p->font_px;
  if (!o.scale_given) o.scale = p->scale;
  return o;
}

void run_export(const ExportCliOptions& given) {
  const ExportCliOptions o = with_size_preset(given);
  const bool points = is_print_size(o.width, o.height);  // as the export dialog decides
  // "-": standard output, in the format --format names (it has no extension to tell).
  const bool to_stdout = o.out == "-";
  if (to_stdout && o.format.empty())
    throw CliError(
        "--out -: give --format svg, png, pdf, csv or md (standard output has no "
        "file extension to tell the format)");
  const std::string typed = o.format.empty() ? o.out : "figure." + o.format;
  const auto table_format = table_format_for_path(typed);
  const auto figure_format = figure_format_for_path(typed);
  if (!table_format && !figure_format) {
    throw CliError("--out " + o.out +
                   ": unknown file type: expected .svg, .png or .pdf (a figure) or .csv or .md "
                   "(the operator table)");
  }
  if (!o.format.empty() && !to_stdout &&
      (table_format_for_path(o.out) != table_format ||
       figure_format_for_path(o.out) != figure_format))
    throw CliError("--format " + o.format + " and --out " + o.out +
                   " disagree: give a file name ending in ." + o.format + ", or --out -");
  const std::string where = to_stdout ? "standard output" : o.out;
  ExportOptions export_options;
  export_options.scale = o.scale;
  export_options.points = points;
  if (figure_format) {
    // Check the request before any work, so bad sizes fail fast and write nothing.
    if (std::string error =
            check_figure_request(where, *figure_format, o.width, o.height, export_options).error();
        !error.empty())
      throw CliError(error);
    if (!(o.font_size >= kMinExportFontPx && o.font_size <= kMaxExportFontPx))
      throw CliError("--font-size: expected " + format_exact(kMinExportFontPx) + " to " +
                     format_exact(kMaxExportFontPx) + " pixels, got " +
                     std::to_string(o.font_size));
  }
  if (o.measured.file && o.chart == "throughput") {
    throw CliError(
        "--measured: measured kernels go on the roofline chart, not the throughput "
        "chart");
  }
  const ScenarioFile file = resolve_builtin_scenario_file(o.scenario);
  const Scenario& s = file.scenario;

  if (table_format) {
    if (o.measured.file) {
      throw CliError(
          "--measured draws measured kernels on a figure (.svg, .png, .pdf); for a "
          "table of them use: roofline-cli import " +
          *o.measured.file + " --format csv");
    }
    const Analysis a = analyze(s);
    if (to_stdout) {
      write_stdout_bytes(operator_table(a, *table_format));
      return;
    }
    if (std::string error = export_operator_table(a, o.out, *table_format).error(); !error.empty())
      throw CliError(error);
    write_stdout("wrote " + o.out + " (operator table, " + std::to_string(a.ops.size()) +
                 " operators)\n");
    return;
  }

  const std::string font = resolved_figure_font();
  if (font.empty()) {
    write_stderr(
        "roofline-cli: note: fontconfig finds no font at all, so the figure's text may be "
        "missing (install fonts-dejavu-core)\n");
  } else if (font != "DejaVu Sans") {
    write_stderr("roofline-cli: note: DejaVu Sans is not installed; fontconfig substitutes '" +
                 font + "' (install fonts-dejavu-core for the intended look)\n");
  }
  const ChartTheme theme = parse_chart_theme(o.theme).value_or(file.view.theme);
  const TextMeasure measure = figure_text_measure();
  const PlotGeometry g = o.chart == "throughput" ? throughput_figure(o, s, theme, measure)
                                                 : roofline_figure(o, file, theme, measure);
  if (to_stdout) {
    const std::string bytes = render_figure_to_string(g, *figure_format, export_options);
    if (bytes.empty()) throw CliError("standard output: the figure could not be drawn");
    write_stdout_bytes(bytes);
    return;
  }
  if (std::string error = export_figure(g, o.out, *figure_format, export_options).error();
      !error.empty())
    throw CliError(error);
  std::string what = size_text(o.width, o.height);
  if (points && *figure_format != FigureFormat::png) what += " pt";
  if (*figure_format == FigureFormat::png && o.scale != 1)
    what = size_text(o.width * o.scale, o.height * o.scale) + " pixels";
  write_stdout("wrote " + o.out + " (" + o.chart + " chart, " + what + ")\n");
}

}  // namespace

void register_export(CLI::App& app) {
  auto options = std::make_shared<ExportCliOptions>();
  CLI::App* cmd =
      app.add_subcommand("export",
                         "Write the roofline chart, the throughput chart (.svg/.png/.pdf) or the "
                         "operator table (.csv/.md); needs no display");
  add_scenario_options(*cmd, options->scenario);
  ExportCliOptions& o = *options;
  add_measured_options(*cmd, o.measured);
  cmd->add_option("--out", o.out,
                  "Output file; its extension picks the format. - writes to standard output "
                  "(with --format)")
      ->required();
  cmd->add_option("--format", o.format,
                  "svg, png, pdf (a figure), csv or md (the operator table): needed with --out -")
      ->check(CLI::IsMember({"svg", "png", "pdf", "csv", "md"}));
  std::string sizes;
  for (const FigureSizePreset& p : figure_size_presets()) {
    sizes.append(sizes.empty() ? "" : ", ").append(p.id).append(" (").append(p.name).append(")");
  }
  cmd->add_option("--size", o.size,
                  "A size preset, setting --width, --height, --font-size and --scale unless "
                  "given: " +
                      sizes + ". Paper and slide sizes are in points (an SVG says so in pt)");
  CLI::Option* width =
      cmd->add_option("--width", o.width, "Figure width in pixels (points for PDF; default 1280)")
          ->check(finite_number());
  CLI::Option* height =
      cmd->add_option("--height", o.height, "Figure height in pixels (points for PDF; default 800)")
          ->check(finite_number());
  CLI::Option* scale = cmd->add_option("--scale", o.scale,
                                       "PNG only: pixels per figure pixel, for HiDPI (default 1)")
                           ->check(finite_number());
  CLI::Option* font =
      cmd->add_option(
             "--font-size", o.font_size,
             "Base font size in pixels; every size in the chart scales with it (default 16)")
          ->check(finite_number());
  cmd->add_option("--theme", o.theme, "light or dark (default: the scenario's view theme)")
      ->check(CLI::Validator(chart_theme_problem, chart_theme_choices()));
  cmd->add_flag("--transparent", o.transparent, "No background (PNG, SVG, PDF)");
  cmd->add_option("--chart", o.chart, "roofline (default) or throughput (tokens/s vs batch)")
      ->check(CLI::IsMember({"roofline", "throughput"}));
  cmd->add_flag("--no-title", o.no_title, "Leave out the title line");
  cmd->add_flag("--no-caption", o.no_caption,
                "Leave out the caption line (GPU, model, phase, batch, seq, precision, roofs)");
  cmd->add_option("--title", o.title, "Title text instead of '<model> on <GPU>'");
  cmd->add_flag("--ops", o.ops, "Also plot one dot per operator");
  cmd->add_option("--hide", o.hide, "Group dots to leave out: fc, attention, elementwise, step")
      ->delimiter(',')
      ->check(CLI::IsMember({"fc", "attention", "elementwise", "step"}));
  cmd->add_flag("--no-trail", o.no_trail, "Leave out the batch (or prompt length) trail");
  cmd->add_flag("--no-other-roofs", o.no_other_roofs, "Only the active precision's roof");
  cmd->add_flag("--no-caches", o.no_caches, "Leave out cache (L2) ceilings");
  cmd->add_flag("--no-labels", o.no_labels, "No dot labels");
  cmd->add_flag("--no-legend", o.no_legend, "No legend");
  cmd->add_flag("--fit", o.fit, "Fit the axes to the content even if the scenario has ranges");
  cmd->callback([options, width, height, scale, font] {
    options->width_given = width->count() > 0;
    options->height_given = height->count() > 0;
    options->scale_given = scale->count() > 0;
    options->font_given = font->count() > 0;
    run_export(*options);
  });
}

}  // namespace roofline
