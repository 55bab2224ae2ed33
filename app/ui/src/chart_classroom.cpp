// The classroom on the chart: the lesson step's highlights, what-if ghosts and the critical
// value go into the view before it is built; the ghost buttons sit over the chart's corner.

#include <imgui.h>

#include <algorithm>

#include "roofline/ui/classroom.h"
#include "ui_internal.h"

namespace roofline {

void apply_classroom_view(AppState& s, PlotView& v) {
  v.show_critical = true;
  v.highlighted.clear();
  if (s.classroom.run)
    v.highlighted = s.classroom.run->lesson.steps[s.classroom.run->step].highlight;
  v.ghosts = current_ghost_arrows(s);
  v.ghosts_caption = ghosts_caption(s);
}

void draw_chart_classroom_overlay(AppState& s, ImVec2 origin, ImVec2 size) {
  // On a slide the ghost buttons would be projected too: G and Shift+G pin and clear there.
  const bool ghost_buttons = !s.classroom.presentation;
  if (!ghost_buttons && s.view.auto_fit) {
    s.classroom.chart_tools_w = 0;
    return;
  }
  const float em = ImGui::GetFontSize();
  // Top right, beside the title; when a long title (or large fonts) reaches there, the bottom
  // right corner beside the x axis title instead.
  const float left = origin.x + size.x - 0.4f * em - s.classroom.chart_tools_w;
  bool top = true;
  for (const char* id : {"title", "caption"}) {
    const TextLabel* t = s.view.geometry.find_text(id);
    if (t != nullptr && origin.x + static_cast<float>(t->box.x1) + 0.5f * em > left &&
        origin.y + static_cast<float>(t->box.y0) < origin.y + 0.35f * em + ImGui::GetFrameHeight())
      top = false;
  }
  s.classroom.chart_tools_top = top;
  // A window of its own, so its buttons win the mouse over the chart's invisible button.
  if (top) {
    ImGui::SetNextWindowPos({origin.x + size.x - 0.4f * em, origin.y + 0.35f * em},
                            ImGuiCond_Always, {1.0f, 0.0f});
  } else {
    ImGui::SetNextWindowPos({origin.x + size.x - 0.4f * em, origin.y + size.y - 0.3f * em},
                            ImGuiCond_Always, {1.0f, 1.0f});
  }
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_NoFocusOnAppearing |
                                 ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, {0, 0});
  if (ImGui::Begin("##chart_tools", nullptr, flags)) {
    // Zoomed or panned: the axes no longer follow the data, and nothing else on the chart says so.
    if (!s.view.auto_fit) {
      if (ImGui::SmallButton("Zoomed · Fit")) act_fit_chart(s);
      item_tooltip(
          "The axes are zoomed or panned and no longer follow the data: fit them to what "
          "the chart shows (Ctrl+0, or double-click the chart).");
      if (ghost_buttons) ImGui::SameLine();
    }
    if (ghost_buttons && !s.classroom.ghosts.empty()) {
      if (ImGui::SmallButton("Clear ghosts")) clear_ghosts(s);
      item_tooltip("Remove the pinned ghost dots and their arrows (Shift+G).");
      ImGui::SameLine();
    }
    if (ghost_buttons) {
      if (ImGui::SmallButton(s.classroom.ghosts.empty() ? "Pin dots (G)" : "Pin again (G)"))
        pin_current_dots(s);
      item_tooltip(
          "What-if ghosts: pin the dots where they are, change a setting, and the chart joins "
          "the old positions to the new ones with arrows.");
    }
    s.classroom.chart_tools_w = ImGui::GetWindowSize().x;
  }
  ImGui::End();
  ImGui::PopStyleVar();
}

}  // namespace roofline
