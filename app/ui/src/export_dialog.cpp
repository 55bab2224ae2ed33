// File > Export figure… (Ctrl+E): the options of `roofline-cli export` (what, format, size with
// presets, PNG scale, font, theme, background, title, caption, what the chart shows), a preview
// of the figure at that aspect, and the folder listing of the file dialog. Bad input is named
// in the dialog and nothing is written; a good request is written off the UI thread
// (export_job.cpp) and reported in the status line.

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cfloat>
#include <cmath>
#include <filesystem>
#include <string>
#include <system_error>

#include "roofline/export/export.h"
#include "roofline/plot/roofline_plot.h"
#include "ui_internal.h"

namespace roofline {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTitle = "Export figure###export_dialog";

// What a PDF picked at a screen size takes.
const FigureSizePreset& page_width_preset() { return *find_figure_size_preset("page"); }

std::string lower_extension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// The typed name with the extension of `o` (a name without one gets it appended).
std::string with_extension(const std::string& name, const FigureExportOptions& o) {
  if (name.empty()) return name;
  fs::path p(name);
  p.replace_extension(std::string(export_extension(o)));
  return p.string();
}

constexpr float kLabelEm = 6.5f;      // the options' label column
constexpr float kLookLabelEm = 4.5f;  // the theme and title rows under the preview

// A row's label; the widget follows at `column_em` from the table column's left edge.
void label(const char* text, const char* tooltip = nullptr, float column_em = kLabelEm) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  if (tooltip != nullptr) item_tooltip(tooltip);
  ImGui::SameLine(column_em * ImGui::GetFontSize());
}

template <typename Enum>
bool radio(const char* text, Enum& value, Enum option) {
  const bool chosen = ImGui::RadioButton(text, value == option);
  if (chosen) value = option;
  return chosen;
}

void draw_what_and_format(FigureExportOptions& o) {
  label("Export");
  radio("Roofline chart", o.what, ExportWhat::roofline);
  ImGui::SameLine();
  radio("Throughput chart", o.what, ExportWhat::throughput);
  ImGui::SameLine();
  radio("Operator table", o.what, ExportWhat::table);
  label("Format");
  if (o.what == ExportWhat::table) {
    radio("CSV", o.table_format, TableFormat::csv);
    item_tooltip("SI base units, '.' decimal point: for scripts and spreadsheets.");
    ImGui::SameLine();
    radio("Markdown", o.table_format, TableFormat::markdown);
    item_tooltip("Human units (TFLOP/s, GB, ms) in aligned columns: for documents.");
    return;
  }
  struct Choice {
    const char* label;
    FigureFormat format;
    const char* help;
  };
  static constexpr Choice kChoices[] = {
      {"SVG", FigureFormat::svg, "Vector; text stays text. For the web and documents."},
      {"PNG", FigureFormat::png, "Pixels; the scale multiplies them for sharp slides and print."},
      {"PDF", FigureFormat::pdf,
       "Vector with the font embedded; sizes in points. For LaTeX and print."}};
  for (const Choice& choice : kChoices) {
    if (choice.format != FigureFormat::svg) ImGui::SameLine();
    // The web build writes SVG only (figure_format_available).
    const bool available = figure_format_available(choice.format);
    if (!available) ImGui::BeginDisabled();
    radio(choice.label, o.figure_format, choice.format);
    if (!available) ImGui::EndDisabled();
    item_tooltip(available ? choice.help
                           : "Not made in the browser: the desktop app and roofline-cli write "
                             "PNG and PDF. SVG keeps the text as text.");
  }
}

void draw_size(FigureExportOptions& o) {
  const float em = ImGui::GetFontSize();
  const FigureSizePreset* current = matching_size_preset(o);
  label("Preset", "Sets the size, the font size and, for PNG, the scale.");
  ImGui::SetNextItemWidth(-FLT_MIN);
  const std::string shown = current != nullptr ? std::string(current->name) : "Custom";
  if (ImGui::BeginCombo("##preset", shown.c_str())) {
    for (const FigureSizePreset& p : figure_size_presets()) {
      if (ImGui::Selectable(std::string(p.name).c_str(), &p == current)) apply_size_preset(o, p);
    }
    ImGui::EndCombo();
  }
  const bool pdf = o.figure_format == FigureFormat::pdf;
  label("Size", pdf ? "Width and height in points (1/72 inch)." : "Width and height in pixels.");
  ImGui::SetNextItemWidth(5.5f * em);
  ImGui::InputInt("##width", &o.width, 0, 0);
  ImGui::SameLine();
  ImGui::TextUnformatted("×");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(5.5f * em);
  ImGui::InputInt("##height", &o.height, 0, 0);
  ImGui::SameLine();
  ImGui::TextUnformatted(pdf ? "pt" : "px");
  ImGui::SameLine();
  if (ImGui::Button("Swap")) std::swap(o.width, o.height);
  item_tooltip("Portrait ↔ landscape.");
  if (o.figure_format == FigureFormat::png) {
    label("Scale", "PNG pixels per figure pixel (2 for HiDPI screens, 4.17 for 300 dpi print).");
    ImGui::SetNextItemWidth(5.5f * em);
    ImGui::InputDouble("##scale", &o.scale, 0, 0, "%.3g");
    ImGui::SameLine();
    ImGui::TextDisabled("→ %.0f × %.0f pixels", std::round(o.width * o.scale),
                        std::round(o.height * o.scale));
  }
  label("Font size", "Every size in the chart scales with it.");
  ImGui::SetNextItemWidth(5.5f * em);
  ImGui::InputDouble("##font", &o.font_px, 0, 0, "%.3g");
  ImGui::SameLine();
  ImGui::TextUnformatted(pdf ? "pt" : "px");
}

void draw_look(AppState& s, FigureExportOptions& o) {
  const std::string window_theme = "As the window (" + std::string(to_string(s.chart.theme)) + ")";
  label("Theme", nullptr, kLookLabelEm);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize(window_theme.c_str()).x + ImGui::GetFrameHeight() +
                          2 * ImGui::GetStyle().FramePadding.x);
  const char* shown = !o.theme                       ? window_theme.c_str()
                      : *o.theme == ChartTheme::dark ? "Dark"
                                                     : "Light";
  if (ImGui::BeginCombo("##theme", shown)) {
    if (ImGui::Selectable(window_theme.c_str(), !o.theme)) o.theme.reset();
    if (ImGui::Selectable("Light", o.theme == ChartTheme::light)) o.theme = ChartTheme::light;
    if (ImGui::Selectable("Dark", o.theme == ChartTheme::dark)) o.theme = ChartTheme::dark;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::Checkbox("Transparent", &o.transparent);
  item_tooltip("No background: the slide or page shows through.");
  label("Title", nullptr, kLookLabelEm);
  ImGui::Checkbox("##show_title", &o.show_title);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(!o.show_title);
  const std::string hint = default_title(s.doc) + " (default)";
  ImGui::InputTextWithHint("##title", hint.c_str(), &o.title);
  ImGui::EndDisabled();
  label("Caption", nullptr, kLookLabelEm);
  ImGui::Checkbox("GPU, model, workload, precision", &o.show_caption);
  item_tooltip("The line under the title: GPU, model, phase, batch, sequence, precision, roofs.");
}

void draw_contents(AppState& s, FigureExportOptions& o) {
  const float em = ImGui::GetFontSize();
  label("Shows");
  ImGui::Checkbox("Same as the window", &o.same_as_window);
  item_tooltip("The series, labels and legend the chart in the window shows now.");
  // Show the window's choices, greyed: what the figure will contain.
  if (o.same_as_window) shown_series_from_view(s.view.plot, o);
  ImGui::BeginDisabled(o.same_as_window);
  if (o.what == ExportWhat::throughput) {
    ImGui::SetCursorPosX(6.5f * em);
    ImGui::Checkbox("Labels (the KV wall, the knee)", &o.show_labels);
  } else {
    struct Flag {
      const char* name;
      bool* value;
    };
    // Three columns: the dots, then what surrounds them.
    const Flag flags[] = {
        {"fc", &o.series.show_fc},
        {"attention", &o.series.show_attention},
        {"elementwise", &o.series.show_elementwise},
        {"whole step", &o.series.show_step},
        {"every operator", &o.series.show_ops},
        {"trail", &o.series.show_trail},
        {"dot labels", &o.show_labels},
        {"legend", &o.show_legend},
        {"other roofs", &o.series.show_other_roofs},
        {"cache ceilings", &o.series.show_caches},
        {"compare GPU", &o.series.show_compare},
    };
    constexpr int kColumns = 3;
    const float column_w = 9 * em;
    int i = 0;
    for (const Flag& f : flags) {
      if (f.value == &o.series.show_compare && !s.doc.compare_gpu) continue;  // nothing to show
      if (i % kColumns == 0) {
        ImGui::SetCursorPosX(6.5f * em);
      } else {
        ImGui::SameLine(6.5f * em + static_cast<float>(i % kColumns) * column_w);
      }
      ImGui::Checkbox(f.name, f.value);
      ++i;
    }
  }
  ImGui::EndDisabled();
  if (o.what == ExportWhat::roofline) {
    ImGui::SetCursorPosX(6.5f * em);
    ImGui::Checkbox("Fit the axes to the content", &o.fit);
    item_tooltip("Off: the axes the window shows now (zoom and pan included).");
  }
}

std::string resolved_path(const ExportDialogState& d) {
  return d.path.empty() ? std::string() : resolve_in_folder(d.folder, d.path, /*saving=*/true);
}

// Accepting a folder enters it; a file starts the export and closes the dialog.
bool accept(AppState& s) {
  ExportDialogState& d = s.ui.export_dialog;
  const std::string path = resolved_path(d);
  if (!path.empty() && enter_if_folder(d.folder, path)) {
    d.path = export_base_name(s, d.options.what) + std::string(export_extension(d.options));
    d.default_path = d.path;
    d.error.clear();
    return false;
  }
  d.error = start_export(s, d.options, path);
  if (!d.error.empty()) return false;
  std::error_code ec;
  d.options.folder = fs::absolute(fs::path(path).parent_path(), ec).lexically_normal().string();
  return true;
}

// "Choose…": the desktop's own chooser for the file's folder and name (Export still writes).
void start_export_chooser(AppState& s) {
  ExportDialogState& d = s.ui.export_dialog;
  const std::string ext(export_extension(d.options));
  desktop::FileRequest r;
  r.save = true;
  r.title = "Export figure";
  r.accept_label = "Choose";
  r.filters = {{ext.substr(1) + " files (*" + ext + ")", {"*" + ext}}, {"All files", {"*"}}};
  const fs::path target(resolved_path(d));  // a full path typed: its own folder
  r.folder = target.has_parent_path() ? target.parent_path().string() : d.folder.directory;
  r.current_name = target.filename().string();
  d.choosing = s.ui.file_chooser->start(r);
  if (!d.choosing) d.error = capitalised(chooser_name(s)) + " could not be opened.";
}

// What the desktop's chooser came back with: the folder and name picked, in the dialog.
void poll_export_chooser(AppState& s) {
  ExportDialogState& d = s.ui.export_dialog;
  if (!s.ui.file_chooser) {
    d.choosing = false;
    return;
  }
  const desktop::FileResult r = s.ui.file_chooser->poll();
  if (r.outcome == desktop::Outcome::pending) return;
  d.choosing = false;
  if (r.outcome == desktop::Outcome::picked) {
    const fs::path picked(r.path);
    d.folder.directory = picked.parent_path().string();
    d.path = picked.filename().string();
  } else if (r.outcome == desktop::Outcome::unavailable) {
    s.ui.file_chooser.reset();
    d.error = "No desktop file chooser answered: pick the folder in the list above.";
  } else if (r.outcome == desktop::Outcome::failed) {
    d.error = capitalised(chooser_name(s)) + " failed (" + r.message + ").";
  }
}

}  // namespace

void open_export_dialog(AppState& s) {
  ExportDialogState& d = s.ui.export_dialog;
  if (d.open) return;
  d.open = true;
  d.open_requested = true;
  if (!figure_format_available(d.options.figure_format))
    d.options.figure_format = FigureFormat::svg;  // the web build's one format
  d.shown_format = d.options.figure_format;
  d.note.clear();
  d.error.clear();
  d.options_at_open = d.options;
  std::error_code ec;
  const bool remembered = !d.options.folder.empty() && fs::is_directory(d.options.folder, ec);
  d.folder.directory = remembered ? d.options.folder : scenario_folder(s);
  d.folder.extensions = {".svg", ".png", ".pdf", ".csv", ".md"};
  d.folder.listed_directory.clear();
  d.folder.places_read = false;  // bookmarks may have changed since
  d.path = export_base_name(s, d.options.what) + std::string(export_extension(d.options));
  d.default_path = d.path;
}

void draw_export_dialog(AppState& s) {
  ExportDialogState& d = s.ui.export_dialog;
  if (!d.open) return;
  if (d.open_requested) {
    ImGui::OpenPopup(kTitle);
    d.open_requested = false;
  }
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowSize({64 * em, 0}, ImGuiCond_Always);  // height 0: fit the content
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_NoSavedSettings)) {
    d.open = false;
    if (d.choosing && s.ui.file_chooser) s.ui.file_chooser->cancel();  // closed another way
    d.choosing = false;
    return;
  }
  FigureExportOptions& o = d.options;
  const FigureExportOptions before = o;
  const std::string path_before = d.path;
  if (d.choosing) poll_export_chooser(s);  // a name picked there is adopted like a typed one

  if (ImGui::BeginTable("##export_layout", 2, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("options", ImGuiTableColumnFlags_WidthFixed, 34 * em);
    ImGui::TableSetupColumn("preview", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextColumn();
    draw_what_and_format(o);
    ImGui::Spacing();
    if (o.what == ExportWhat::table) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled(
          "Every operator of the step (count, FLOPs, bytes, intensity, time, share, bound), "
          "then the four groups. Size, theme and contents apply to the charts only.");
      ImGui::PopTextWrapPos();
    } else {
      draw_size(o);
      ImGui::Spacing();
      draw_contents(s, o);
    }
    ImGui::TableNextColumn();
    const std::string problem = check_export_options(o, with_extension("figure", o));
    draw_export_preview(s, o, problem.empty());
    if (o.what != ExportWhat::table) {
      ImGui::Spacing();
      draw_look(s, o);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();

  bool accepted = false;
  if (draw_folder_listing(d.folder, d.path, 6 * em,
                          "No .svg, .png, .pdf, .csv or .md files here yet.")) {
    accepted = accept(s);
  }
  label("File", "A name in the folder above, or a full path. Its extension picks the format.");
  const bool desktop_chooser = s.ui.file_chooser != nullptr;
  const float choose_w = 7 * em;
  ImGui::SetNextItemWidth(desktop_chooser ? -(choose_w + ImGui::GetStyle().ItemSpacing.x)
                                          : -FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  if (ImGui::InputText("##export_path", &d.path, ImGuiInputTextFlags_EnterReturnsTrue)) {
    accepted = accept(s);
  }
  if (desktop_chooser) {
    ImGui::SameLine();
    ImGui::BeginDisabled(d.choosing || s.ui.file_dialog.chooser_action != FileAction::none);
    if (ImGui::Button("Choose…", {choose_w, 0})) start_export_chooser(s);
    ImGui::EndDisabled();
    item_tooltip("The folder and name in the desktop's own file chooser; Export then writes it.");
  }
  // While the name is the one the dialog proposed, it follows the chart and the format.
  if (d.path == d.default_path && d.path == path_before) {
    d.path = export_base_name(s, o.what) + std::string(export_extension(o));
    d.default_path = d.path;
  }
  // The name's extension and the chosen format stay in step: typing "fig.pdf" picks PDF;
  // picking PDF renames "fig.svg" to "fig.pdf".
  const std::string ext = lower_extension(d.path);
  if (d.path != path_before) {
    adopt_extension(o, ext);
  } else if (FigureExportOptions named = o;
             adopt_extension(named, ext) && export_extension(named) != export_extension(o)) {
    d.path = with_extension(d.path, o);
  }
  // PDF is for print: picked while the size is a screen's (pixels read as points), it takes the
  // page-width preset, 7 × 4 in with 9 pt type; the note says so and how to pick another.
  if (d.shown_format && *d.shown_format != FigureFormat::pdf &&
      o.figure_format == FigureFormat::pdf && o.what != ExportWhat::table) {
    const auto presets = figure_size_presets();
    const bool screen_size =
        std::any_of(presets.begin(), presets.end(), [&](const FigureSizePreset& p) {
          return !p.print && o.width == p.width && o.height == p.height;
        });
    if (screen_size) {
      apply_size_preset(o, page_width_preset());
      d.note = "PDF sized for print: " + std::string(page_width_preset().name) +
               " (the Preset list has a paper column and a slide).";
    }
  }
  if (o.figure_format != FigureFormat::pdf) d.note.clear();
  d.shown_format = o.figure_format;
  if (!(o == before) || d.path != path_before) d.error.clear();

  // What is wrong now (sizes, the name's extension), else the last Export's failure.
  std::string problem = d.error;
  if (problem.empty() && !d.path.empty()) problem = check_export_options(o, resolved_path(d));
  draw_error_text(problem);
  if (problem.empty() && !d.note.empty()) ImGui::TextDisabled("%s", d.note.c_str());
  if (problem.empty()) {
    std::error_code ec;
    const std::string target = resolved_path(d);
    if (!target.empty() && fs::is_regular_file(target, ec)) {
      ImGui::TextDisabled("%s exists: Export replaces it.",
                          fs::path(target).filename().string().c_str());
    }
  }
  ImGui::Spacing();
  if (ImGui::Button("Export", {8 * em, 0})) accepted = accept(s);
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel", {8 * em, 0}) ||
                      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  ImGui::SameLine();
  ImGui::TextDisabled("Ctrl+Shift+E repeats the last export next to the scenario.");
  if (cancel) o = d.options_at_open;
  if ((accepted || cancel) && d.choosing && s.ui.file_chooser) {
    s.ui.file_chooser->cancel();  // the desktop's chooser goes with the dialog
    d.choosing = false;
  }
  if (accepted || cancel) {
    ImGui::CloseCurrentPopup();
    d.open = false;
  }
  ImGui::EndPopup();
}

}  // namespace roofline
