// frame_tick(): one ImGui frame of the app. Layout: menu bar; the control panel | splitter |
// (chart / splitter / details); the status line; then the dialogs and help windows.

#include "roofline/ui/frame.h"
#include "roofline/version.h"

#include <imgui.h>

#include <algorithm>

#include "roofline/ui/classroom.h"
#include "ui_internal.h"

namespace roofline {

namespace {

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
  // The keyboard starts in the controls (Tab walks them at once) rather than in the main window
  // around them (which has nothing to walk), and comes back to them on Tab from the chart.
  if (s.ui.focus_controls || ImGui::IsWindowFocused() ||
      !ImGui::IsWindowFocused(ImGuiFocusedFlags_AnyWindow)) {
    ImGui::SetNextWindowFocus();
    s.ui.focus_controls = false;
  }
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
  // The Throughput tab is a chart: it gets at least 22 em (a readable plot and its axis titles)
  // whatever height the table was left at, as far as the roofline keeps its 12 em.
  const float wanted_details =
      s.ui.details_tab == 1 ? std::max(s.ui.details_height_em, 22.0f) : s.ui.details_height_em;
  const float details_h = std::clamp(wanted_details * em, min_details, max_details);
  const float chart_h = std::max(right_h - details_h - split_w, 6 * em);
  // Its arrows nudge the workload (shortcuts.cpp), not keyboard navigation.
  ImGui::BeginChild("chart", {0, chart_h}, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                        ImGuiWindowFlags_NoNavInputs);
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

void draw_about_window(AppState& s) {
  if (!s.ui.show_about) return;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
  if (ImGui::Begin("About roofline", &s.ui.show_about,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::PushTextWrapPos(30 * em);
    ImGui::TextUnformatted(
        "roofline: where each part of an LLM inference step sits on a GPU's "
        "roofline.");
    ImGui::TextDisabled("version %s · MIT licence", std::string(version()).c_str());
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

void frame_tick(AppState& s) {
  apply_style_if_needed(s);
  ImGui::NewFrame();
  ++s.ui.frame;
  update_classroom(s);
  poll_export_job(s);
  poll_import_job(s);
  handle_dropped_files(s);
  // While "Save changes?" asks, its own keys (Enter, D, Esc) are the only ones: Esc must not
  // also leave presentation mode, nor Ctrl+S save behind its back.
  if (!s.ui.pending_discard || s.ui.pending_discard->waiting_for_save) handle_shortcuts(s);

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
  poll_file_chooser(s);
  draw_file_dialog(s);
  draw_export_dialog(s);
  draw_save_changes(s);
  draw_keyboard_help(s);
  draw_about_window(s);
  draw_classroom_windows(s);
  // A step animation is one undo step, recorded when it ends.
  commit_if_settled(s, ImGui::IsAnyItemActive() || lesson_animating(s));
  ImGui::Render();
}

}  // namespace roofline
