// frame_tick(): one ImGui frame of the app. Layout: menu bar; the control panel | splitter |
// (chart / splitter / details); the status line. Also the menus, shortcuts and help windows.

#include "roofline/ui/frame.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "roofline/ui/classroom.h"
#include "ui_internal.h"

namespace roofline {

namespace {

// GLFW key codes of the keys without an ImGuiKey_ in 1.86 (they equal their ASCII codes).
constexpr int kKeyE = 'E', kKeyO = 'O', kKeyQ = 'Q', kKeyS = 'S', kKey0 = '0', kKeyEqual = '=',
              kKeyMinus = '-', kKeyF12 = 301, kKeyPadSubtract = 333, kKeyPadAdd = 334;

constexpr float kScaleSteps[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};

bool key_pressed(int key) { return key >= 0 && key < 512 && ImGui::IsKeyPressed(key, false); }

void step_scale(AppState& s, int direction) {
  const float now = s.ui.user_scale;
  float next = now;
  if (direction > 0) {
    for (float step : kScaleSteps) {
      if (step > now + 1e-3f) {
        next = step;
        break;
      }
    }
  } else {
    for (float step : kScaleSteps) {
      if (step < now - 1e-3f) next = step;
    }
  }
  set_user_scale(s, next);
}

void save(AppState& s) {
  if (s.ui.scenario_path.empty()) {
    open_file_dialog(s, FileAction::save_scenario_as);
    return;
  }
  if (std::string error = save_scenario_to(s, s.ui.scenario_path); !error.empty()) {
    set_message(s, error, true);
  }
}

void request_fit(AppState& s) {
  s.view.auto_fit = true;
  s.view.fit_requested = true;
}

// A bar the user drags to resize the panels on either side; returns the mouse movement.
float splitter(const char* id, bool vertical, ImVec2 size) {
  ImGui::InvisibleButton(id, size);
  const bool hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
  if (hot) ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const ImU32 col = ImGui::GetColorU32(ImGui::IsItemActive() ? ImGuiCol_SeparatorActive
                                       : hot                 ? ImGuiCol_SeparatorHovered
                                                             : ImGuiCol_Separator);
  const float thickness = hot ? 3.0f : 1.0f;
  if (vertical) {
    const float x = (a.x + b.x) / 2;
    ImGui::GetWindowDrawList()->AddLine({x, a.y}, {x, b.y}, col, thickness);
  } else {
    const float y = (a.y + b.y) / 2;
    ImGui::GetWindowDrawList()->AddLine({a.x, y}, {b.x, y}, col, thickness);
  }
  if (!ImGui::IsItemActive()) return 0;
  return vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
}

void draw_file_menu(AppState& s) {
  if (!ImGui::BeginMenu("File")) return;
  if (ImGui::MenuItem("Open scenario…", "Ctrl+O")) open_file_dialog(s, FileAction::open_scenario);
  if (ImGui::BeginMenu("Open example")) {
    for (const PresetEntry& e : s.library->scenarios()) {
      if (ImGui::MenuItem(e.name.c_str())) {
        if (auto loaded = s.library->scenario(e.id)) {
          replace_document(s, std::move(loaded).value());
          s.ui.scenario_path.clear();
          set_message(s, "Opened the example " + e.name, false);
        } else {
          set_message(s, loaded.error(), true);
        }
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Save scenario", "Ctrl+S")) save(s);
  if (ImGui::MenuItem("Save scenario as…", "Ctrl+Shift+S")) {
    open_file_dialog(s, FileAction::save_scenario_as);
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Open model config.json…")) open_file_dialog(s, FileAction::load_model);
  if (ImGui::MenuItem("Load GPU preset file…")) open_file_dialog(s, FileAction::load_gpu);
  if (ImGui::MenuItem("Export figure…", "Ctrl+E")) open_export_dialog(s);
  if (ImGui::MenuItem("Quick export", "Ctrl+Shift+E")) quick_export(s);
  if (ImGui::IsItemHovered()) {
    const std::string where = "Writes " + quick_export_path(s) + " with the last export's options.";
    item_tooltip(where.c_str());
  }
  if (ImGui::MenuItem("Save window screenshot", "F12")) s.ui.screenshot_in_frames = 2;
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) s.ui.quit_requested = true;
  ImGui::EndMenu();
}

void draw_edit_menu(AppState& s) {
  if (!ImGui::BeginMenu("Edit")) return;
  if (ImGui::MenuItem("Undo", "Ctrl+Z", false,
                      s.history.can_undo() || !(s.doc == s.history.current()))) {
    undo(s);
  }
  if (ImGui::MenuItem("Redo", "Ctrl+Shift+Z", false, s.history.can_redo())) redo(s);
  ImGui::Separator();
  if (ImGui::MenuItem("Reset to the default scenario")) {
    s.doc = s.library->default_scenario();  // an undoable change, unlike opening a file
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
    for (float step : kScaleSteps) {
      const std::string label = std::to_string(static_cast<int>(step * 100 + 0.5f)) + " %";
      if (ImGui::MenuItem(label.c_str(), nullptr, std::abs(s.ui.user_scale - step) < 1e-3f)) {
        set_user_scale(s, step);
      }
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Larger", "Ctrl+=")) step_scale(s, +1);
    if (ImGui::MenuItem("Smaller", "Ctrl+-")) step_scale(s, -1);
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
  ImGui::MenuItem("Cache ceilings (L2)", nullptr, &v.show_caches);
  ImGui::MenuItem("Compare GPU", nullptr, &s.chart.show_compare, s.doc.compare_gpu.has_value());
  ImGui::MenuItem("Dot labels", nullptr, &s.view.plot.show_labels);
  ImGui::MenuItem("Legend", nullptr, &s.view.plot.show_legend);
  ImGui::Separator();
  if (ImGui::MenuItem("Fit the chart", "Ctrl+0")) request_fit(s);
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

void draw_layout(AppState& s) {
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float status_h = ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y;
  const float body_h = std::max(avail.y - status_h, 10 * em);
  const float split_w = 0.6f * em;

  const float min_controls = 15 * em, max_controls = std::max(min_controls, avail.x - 25 * em);
  const float controls_w = std::clamp(s.ui.controls_width_em * em, min_controls, max_controls);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {0, style.ItemSpacing.y});
  ImGui::BeginChild("controls", {controls_w, body_h}, false);
  ImGui::PopStyleVar();
  draw_left_panel(s);
  ImGui::EndChild();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, {0, 0});
  ImGui::SameLine();
  if (float dx = splitter("##split_controls", true, {split_w, body_h}); dx != 0) {
    s.ui.controls_width_em = std::clamp(controls_w + dx, min_controls, max_controls) / em;
  }
  ImGui::SameLine();
  ImGui::BeginChild("right", {0, body_h}, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const float right_h = ImGui::GetContentRegionAvail().y;
  const float min_details = 6 * em, max_details = std::max(min_details, right_h - 12 * em);
  const float details_h = std::clamp(s.ui.details_height_em * em, min_details, max_details);
  const float chart_h = std::max(right_h - details_h - split_w, 6 * em);
  ImGui::BeginChild("chart", {0, chart_h}, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_chart(s, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
  if (float dy = splitter("##split_details", false, {ImGui::GetContentRegionAvail().x, split_w});
      dy != 0) {
    s.ui.details_height_em = std::clamp(details_h - dy, min_details, max_details) / em;
  }
  ImGui::PopStyleVar();
  ImGui::BeginChild("details", {0, 0}, false);
  draw_details(s);
  ImGui::EndChild();
  ImGui::EndChild();
  draw_status_line(s);
}

}  // namespace

void set_user_scale(AppState& s, float scale) {
  const float clamped = std::clamp(scale, kMinUiScale, kMaxUiScale);
  if (clamped == s.ui.user_scale) return;
  s.ui.user_scale = clamped;
  s.ui.fonts_dirty = true;
}

void draw_menu_bar(AppState& s) {
  if (!ImGui::BeginMenuBar()) return;
  draw_file_menu(s);
  draw_edit_menu(s);
  draw_view_menu(s);
  draw_lessons_menu(s);
  draw_help_menu(s);
  ImGui::EndMenuBar();
}

void handle_shortcuts(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  if (key_pressed(kKeyF12)) s.ui.screenshot_in_frames = 1;
  handle_classroom_keys(s);
  if (!io.KeyCtrl) return;
  const bool typing = io.WantTextInput;  // a text field keeps Ctrl+Z for itself
  if (!typing && key_pressed(ImGui::GetKeyIndex(ImGuiKey_Z))) {
    if (io.KeyShift) {
      redo(s);
    } else {
      undo(s);
    }
  }
  if (!typing && key_pressed(ImGui::GetKeyIndex(ImGuiKey_Y))) redo(s);
  if (key_pressed(kKeyQ)) s.ui.quit_requested = true;
  if (key_pressed(kKeyE)) {
    if (io.KeyShift) {
      quick_export(s);
    } else {
      open_export_dialog(s);
    }
  }
  if (key_pressed(kKeyO)) open_file_dialog(s, FileAction::open_scenario);
  if (key_pressed(kKeyS)) {
    if (io.KeyShift) {
      open_file_dialog(s, FileAction::save_scenario_as);
    } else {
      save(s);
    }
  }
  if (key_pressed(kKey0)) request_fit(s);
  if (key_pressed(kKeyEqual) || key_pressed(kKeyPadAdd)) step_scale(s, +1);
  if (key_pressed(kKeyMinus) || key_pressed(kKeyPadSubtract)) step_scale(s, -1);
}

void draw_help_windows(AppState& s) {
  const float em = ImGui::GetFontSize();
  const ImVec2 center = ImGui::GetMainViewport()->GetCenter();
  if (s.ui.show_shortcuts) {
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, {0.5f, 0.5f});
    if (ImGui::Begin("Keyboard and mouse", &s.ui.show_shortcuts,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
      static constexpr const char* kRows[][2] = {
          {"Drag the fc dot", "batch (decode) or prompt length (prefill) follows"},
          {"Drag the attention dot", "prompt length (prefill); in decode it explains why not"},
          {"Hover a dot", "its FLOPs, bytes, time, bound and formula"},
          {"Mouse wheel", "zoom about the cursor"},
          {"Right-drag", "pan"},
          {"Double-click", "fit the chart (also Ctrl+0)"},
          {"Click a legend row", "show or hide that series"},
          {"Ctrl+click a slider", "type an exact value"},
          {"Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y", "undo / redo"},
          {"Ctrl+O / Ctrl+S / Ctrl+Shift+S", "open / save / save as"},
          {"Ctrl+= / Ctrl+-", "larger / smaller UI"},
          {"Ctrl+E / Ctrl+Shift+E", "export a figure / again, next to the scenario"},
          {"Click a dot", "its formula card, with the numbers substituted"},
          {"G / Shift+G", "pin the dots as ghosts / clear the ghosts"},
          {"PageDown / PageUp", "next / previous lesson step"},
          {"F11", "presentation mode: → next, ← back, Space reveal, Esc leave"},
          {"F12", "save a screenshot of the window (PNG, current folder)"},
          {"Ctrl+Q", "quit"},
      };
      if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const auto& row : kRows) {
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(row[0]);
          ImGui::TableNextColumn();
          ImGui::TextDisabled("%s", row[1]);
        }
        ImGui::EndTable();
      }
    }
    ImGui::End();
  }
  if (s.ui.show_about) {
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, {0.5f, 0.5f});
    if (ImGui::Begin("About roofline", &s.ui.show_about,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
      ImGui::PushTextWrapPos(30 * em);
      ImGui::TextUnformatted(
          "roofline: where each part of an LLM inference step sits on a GPU's "
          "roofline.");
      ImGui::Spacing();
      ImGui::TextWrapped(
          "The model is analytic: every operator's FLOPs and bytes from the "
          "model's config.json, timed as max(FLOPs / peak, bytes / bandwidth). "
          "Kernel-launch gaps and communication overlap are not modelled.");
      ImGui::Spacing();
      ImGui::TextDisabled("Dear ImGui %s · %zu GPU and %zu model presets", ImGui::GetVersion(),
                          s.library->gpus().size(), s.library->models().size());
      ImGui::PopTextWrapPos();
    }
    ImGui::End();
  }
}

void frame_tick(AppState& s) {
  apply_style_if_needed(s);
  ImGui::NewFrame();
  ++s.ui.frame;
  update_classroom(s);
  poll_export_job(s);
  handle_shortcuts(s);

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  const bool presenting = s.classroom.presentation;
  const ImGuiWindowFlags flags =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
      (presenting ? 0 : ImGuiWindowFlags_MenuBar) | ImGuiWindowFlags_NoBringToFrontOnFocus |
      ImGuiWindowFlags_NoScrollWithMouse;
  if (ImGui::Begin("roofline", nullptr, flags)) {
    if (presenting) {
      draw_presentation_layout(s);
    } else {
      draw_menu_bar(s);
      draw_layout(s);
    }
  }
  ImGui::End();
  draw_file_dialog(s);
  draw_export_dialog(s);
  draw_help_windows(s);
  draw_classroom_windows(s);
  // A step animation is one undo step, recorded when it ends.
  commit_if_settled(s, ImGui::IsAnyItemActive() || lesson_animating(s));
  ImGui::Render();
}

}  // namespace roofline
