// The menu bar: File, Edit, View, Lessons, Help. Items with a shortcut take their keys and
// action from the shortcut table.

#include <imgui.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>

#include "roofline/ui/frame.h"
#include "roofline/ui/history.h"
#include "ui_internal.h"

namespace roofline {

namespace {

// "upper left" -> "Upper left".
std::string cap_first(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

void draw_file_menu(AppState& s) {
  if (!ImGui::BeginMenu("File")) return;
  shortcut_menu_item(s, "Open scenario…", act_open_scenario);
  if (ImGui::BeginMenu("Open recent", !s.ui.recent_files.empty())) {
    // The file's name, its folder greyed at the right (two files of one name stay apart).
    std::optional<size_t> chosen;
    for (size_t i = 0; i < s.ui.recent_files.size(); ++i) {
      const std::string& path = s.ui.recent_files[i];
      const std::string label =
          std::filesystem::path(path).filename().string() + "##recent" + std::to_string(i);
      if (ImGui::MenuItem(label.c_str(), recent_file_folder(path).c_str())) chosen = i;
      if (ImGui::IsItemHovered()) item_tooltip(path.c_str());
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Clear the list")) s.ui.recent_files.clear();
    ImGui::EndMenu();
    if (chosen) open_recent_file(s, *chosen);
  }
  if (ImGui::BeginMenu("Open example")) {
    for (const PresetEntry& e : s.library->scenarios()) {
      if (ImGui::MenuItem(e.name.c_str())) {
        if (auto loaded = preset_scenario(*s.library, e.id)) {
          unless_unsaved(s, "open the example " + e.name,
                         [file = std::move(loaded).value(), name = e.name](AppState& a) mutable {
                           replace_document(a, std::move(file));
                           a.ui.scenario_path.clear();
                           set_message(a, "Opened the example " + name, false);
                         });
        } else {
          set_message(s, loaded.error(), true);
        }
      }
    }
    ImGui::EndMenu();
  }
  shortcut_menu_item(s, "Save scenario", act_save_scenario);
  shortcut_menu_item(s, "Save scenario as…", act_save_scenario_as);
  ImGui::Separator();
  if (ImGui::MenuItem("Open model (config.json or folder)…"))
    open_file_dialog(s, FileAction::load_model);
  if (ImGui::IsItemHovered()) {
    item_tooltip(
        "A Hugging Face config.json, or a model's folder: a snapshot with config.json and its "
        "safetensors (Open on the folder), whose headers' parameter count is checked. You can "
        "also drop the folder on the window.");
  }
  if (ImGui::MenuItem("Load GPU preset file…")) open_file_dialog(s, FileAction::load_gpu);
  shortcut_menu_item(s, "Import measurements…", act_import_measurements);
  if (ImGui::IsItemHovered()) {
    item_tooltip(
        "Measured kernels beside the model's dots: Nsight Compute CSV (ncu --csv), Nsight Systems "
        "kernel summary (nsys stats -r cuda_gpu_kern_sum --format csv), PyTorch profiler trace "
        "(.json, .json.gz); or measured roofs: ERT roofline.json, rocprofiler-compute "
        "roofline.csv. You can also drop the file on the window.");
  }
  if (ImGui::MenuItem("Close measurements", nullptr, false, s.measured.profile != nullptr)) {
    close_measurements(s);
  }
  shortcut_menu_item(s, "Export figure…", act_export_figure);
  shortcut_menu_item(s, "Quick export", act_quick_export);
  if (ImGui::IsItemHovered()) {
    const std::string where = "Writes " + quick_export_path(s) + " with the last export's options.";
    item_tooltip(where.c_str());
  }
  shortcut_menu_item(s, "Save window screenshot", act_save_screenshot);
  if (s.ui.in_browser) {
    if (ImGui::MenuItem("Copy link")) s.ui.copy_link_requested = true;
    item_tooltip(
        "Copies this page's address, which holds the scenario and the lesson step: "
        "whoever opens it sees what you see.");
  } else {  // a page cannot close its tab
    ImGui::Separator();
    shortcut_menu_item(s, "Quit", act_quit);
  }
  ImGui::EndMenu();
}

void draw_edit_menu(AppState& s) {
  if (!ImGui::BeginMenu("Edit")) return;
  shortcut_menu_item(s, "Undo", act_undo, false,
                     s.history.can_undo() || !(s.doc == s.history.current()));
  shortcut_menu_item(s, "Redo", act_redo, false, s.history.can_redo());
  ImGui::Separator();
  shortcut_menu_item(s, "Copy operator table", act_copy_table);
  ImGui::Separator();
  if (ImGui::MenuItem("Reset to the default scenario")) {
    // An undoable change, unlike opening a file; asked all the same, as the file is left behind.
    unless_unsaved(s, "reset to the default scenario",
                   [](AppState& a) { a.doc = a.library->default_scenario(); });
  }
  ImGui::EndMenu();
}

void draw_view_menu(AppState& s) {
  if (!ImGui::BeginMenu("View")) return;
  if (ImGui::MenuItem("Light theme", nullptr, s.chart.theme == ChartTheme::light))
    s.chart.theme = ChartTheme::light;
  if (ImGui::MenuItem("Dark theme", nullptr, s.chart.theme == ChartTheme::dark))
    s.chart.theme = ChartTheme::dark;
  if (ImGui::BeginMenu("UI scale")) {
    for (float step : kUiScaleSteps) {
      const std::string label = std::to_string(static_cast<int>(step * 100 + 0.5f)) + " %";
      if (ImGui::MenuItem(label.c_str(), nullptr, std::abs(s.ui.user_scale - step) < 1e-3f)) {
        set_user_scale(s, step);
      }
    }
    ImGui::Separator();
    shortcut_menu_item(s, "Larger", act_larger_ui);
    shortcut_menu_item(s, "Smaller", act_smaller_ui);
    ImGui::EndMenu();
  }
  ImGui::Separator();
  ImGui::TextDisabled("The chart shows");
  ChartView& v = s.chart;
  ImGui::MenuItem("fc group (matmuls)", nullptr, &v.show_fc);
  ImGui::MenuItem("Attention group", nullptr, &v.show_attention);
  ImGui::MenuItem("Elementwise group", nullptr, &v.show_elementwise);
  ImGui::MenuItem("Whole step", nullptr, &v.show_step);
  ImGui::MenuItem("Every operator", nullptr, &v.show_ops);
  ImGui::MenuItem("Trails (batch / prompt sweep)", nullptr, &v.show_trail);
  ImGui::MenuItem("Other precisions' roofs", nullptr, &v.show_other_roofs);
  // Named after what this GPU's preset carries (H100: shared memory; A100: L2 and shared memory).
  std::string caches;
  for (const CacheCeiling& c : s.doc.gpu.caches) caches += (caches.empty() ? "" : ", ") + c.name;
  const std::string caches_item =
      "Cache ceilings" +
      (caches.empty() ? std::string(" (none for this GPU)") : " (" + caches + ")");
  ImGui::MenuItem(caches_item.c_str(), nullptr, &v.show_caches, !s.doc.gpu.caches.empty());
  ImGui::MenuItem("Compare GPU", nullptr, &v.show_compare, s.doc.compare_gpu.has_value());
  ImGui::MenuItem("Dot labels", nullptr, &s.view.plot.show_labels);
  ImGui::MenuItem("Legend", nullptr, &s.view.plot.show_legend);
  if (ImGui::BeginMenu("Legend position", s.view.plot.show_legend)) {
    for (LegendPlace p : kAllLegendPlaces) {
      const std::string name = p == LegendPlace::best ? std::string("Best (covers the least)")
                                                      : cap_first(std::string(to_string(p)));
      if (ImGui::MenuItem(name.c_str(), nullptr, v.legend == p)) v.legend = p;
    }
    ImGui::EndMenu();
  }
  ImGui::Separator();
  shortcut_menu_item(s, "Fit the chart", act_fit_chart);
  draw_classroom_view_items(s);
  ImGui::EndMenu();
}

void draw_help_menu(AppState& s) {
  if (!ImGui::BeginMenu("Help")) return;
  if (ImGui::MenuItem("Lessons…")) s.classroom.show_picker = true;
  if (ImGui::MenuItem("Keyboard and mouse")) s.ui.show_shortcuts = true;
  if (ImGui::MenuItem("About roofline")) s.ui.show_about = true;
  ImGui::EndMenu();
}

}  // namespace

void draw_menu_bar(AppState& s) {
  if (!ImGui::BeginMenuBar()) return;
  draw_file_menu(s);
  draw_edit_menu(s);
  draw_view_menu(s);
  draw_lessons_menu(s);
  draw_help_menu(s);
  ImGui::EndMenuBar();
}

}  // namespace roofline
