// Presentation mode: the projector theme, the reduced layout (lesson panel | chart), and the
// classroom's menu items (its keys are rows of the shortcut table).

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "roofline/knobs.h"
#include "roofline/readouts.h"
#include "roofline/ui/classroom.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

// The numbers an audience reads off the bottom line: the readouts for the slide (readouts.h),
// each in its brief form, as many as the line holds (the memory's verdict stays).
void draw_presentation_status(const AppState& s) {
  const StepContext ctx(s.doc, chart_data(s).analysis);
  const std::vector<StatusPiece> pieces = status_pieces(ctx, kSlide, TextStyle::brief);
  Severity severity = Severity::info;
  for (const StatusPiece& p : pieces) severity = std::max(severity, p.severity);
  auto line = [&](size_t n) {
    return std::string(s.doc.phase == Phase::prefill ? "Prefill" : "Decode") + "   ·   " +
           join_status(pieces, n, "   ·   ");
  };
  size_t shown = pieces.size();
  while (shown > 1 && ImGui::CalcTextSize(line(shown).c_str()).x > ImGui::GetContentRegionAvail().x)
    --shown;
  const std::string text = line(shown);
  ImGui::Separator();
  ImGui::AlignTextToFramePadding();
  if (severity == Severity::info) {
    ImGui::TextUnformatted(text.c_str());
  } else {
    ImGui::TextColored(status_color(severity), "%s", text.c_str());
  }
}

// The controls a presenter needs without a lesson: hardware, model and the two workload knobs.
void draw_essentials(AppState& s) {
  const float em = ImGui::GetFontSize();
  auto gpu_combo = [&](const char* id, const std::string& current, bool allow_none) {
    std::string picked;
    if (ImGui::BeginCombo(id, fit_combo_preview(current).c_str(), ImGuiComboFlags_HeightLarge)) {
      if (allow_none && ImGui::Selectable("None", !s.doc.compare_gpu)) picked.assign(1, '-');
      for (const PresetEntry& e : s.library->gpus()) {
        if (ImGui::Selectable(e.name.c_str())) picked = e.id;
      }
      ImGui::EndCombo();
    }
    return picked;
  };
  ImGui::PushItemWidth(-FLT_MIN);
  row_label("GPU", "The GPU whose roofs are drawn.");
  if (std::string id = gpu_combo("##p_gpu", s.doc.gpu.name, false); !id.empty()) {
    if (auto gpu = s.library->gpu(id)) s.doc.gpu = std::move(gpu).value();
  }
  row_label("Compare", "A second GPU, dashed, with hollow dots and the step's speed-up.");
  const std::string other = s.doc.compare_gpu ? s.doc.compare_gpu->name : std::string("None");
  if (std::string id = gpu_combo("##p_compare", other, true); id == "-") {
    s.doc.compare_gpu.reset();
  } else if (!id.empty()) {
    if (auto gpu = s.library->gpu(id)) s.doc.compare_gpu = std::move(gpu).value();
  }
  row_label("Model", "The transformer whose step is analysed.");
  if (ImGui::BeginCombo("##p_model", fit_combo_preview(s.doc.model.name).c_str(),
                        ImGuiComboFlags_HeightLarge)) {
    for (const PresetEntry& e : s.library->models()) {
      if (ImGui::Selectable(e.name.c_str())) {
        if (auto m = s.library->model(e.id)) set_model(s.doc, std::move(m).value());
      }
    }
    ImGui::EndCombo();
  }
  row_label("Phase", "Prefill: whole prompts. Decode: one token per sequence.");
  int phase = s.doc.phase == Phase::prefill ? 0 : 1;
  if (ImGui::RadioButton("Prefill", &phase, 0)) s.doc.phase = Phase::prefill;
  ImGui::SameLine();
  if (ImGui::RadioButton("Decode", &phase, 1)) s.doc.phase = Phase::decode;
  // Logarithmic sliders over the knobs' widget ranges (knobs.h).
  auto log_slider = [](const char* id, ChangeKey key, int64_t& value) {
    const WidgetRange r = widget_range(knob(key));
    const auto lo = static_cast<int64_t>(r.min), hi = static_cast<int64_t>(r.max);
    ImGui::SliderScalar(id, ImGuiDataType_S64, &value, &lo, &hi, "%lld",
                        ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  };
  row_label("Batch", "B, the sequences processed together.");
  log_slider("##p_batch", ChangeKey::batch, s.doc.batch);
  row_label(s.doc.phase == Phase::prefill ? "Prompt" : "Context", "Tokens per sequence.");
  log_slider("##p_seq", ChangeKey::seq, s.doc.seq);
  ImGui::PopItemWidth();
  ImGui::Dummy({0, 0.5f * em});
}

}  // namespace

const Theme& ui_theme(const AppState& s) {
  return s.classroom.presentation ? projector_theme() : chart_theme(s.chart.theme);
}

void apply_projector_colors(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = {0, 0, 0, 1};
  c[ImGuiCol_TextDisabled] = {0.25f, 0.27f, 0.30f, 1};
  c[ImGuiCol_WindowBg] = {1, 1, 1, 1};
  c[ImGuiCol_ChildBg] = {1, 1, 1, 0};
  c[ImGuiCol_PopupBg] = {1, 1, 1, 1};
  c[ImGuiCol_Border] = {0, 0, 0, 0.55f};
  c[ImGuiCol_FrameBg] = {1, 1, 1, 1};
  c[ImGuiCol_FrameBgHovered] = {0.85f, 0.91f, 0.98f, 1};
  c[ImGuiCol_FrameBgActive] = {0.75f, 0.85f, 0.97f, 1};
  c[ImGuiCol_Button] = {0.84f, 0.89f, 0.96f, 1};
  c[ImGuiCol_ButtonHovered] = {0.0f, 0.35f, 0.61f, 1};
  c[ImGuiCol_ButtonActive] = {0.0f, 0.27f, 0.50f, 1};
  c[ImGuiCol_CheckMark] = {0.0f, 0.35f, 0.61f, 1};
  c[ImGuiCol_SliderGrab] = {0.0f, 0.35f, 0.61f, 1};
  c[ImGuiCol_SliderGrabActive] = {0.0f, 0.27f, 0.50f, 1};
  c[ImGuiCol_Header] = {0.84f, 0.89f, 0.96f, 1};
  c[ImGuiCol_HeaderHovered] = {0.74f, 0.83f, 0.95f, 1};
  c[ImGuiCol_HeaderActive] = {0.64f, 0.77f, 0.93f, 1};
  c[ImGuiCol_Separator] = {0, 0, 0, 0.45f};
  c[ImGuiCol_PlotHistogram] = {0.0f, 0.35f, 0.61f, 1};
  style.FrameBorderSize = 1;
  style.ChildBorderSize = 1;
}

void update_classroom(AppState& s) {
  ImGuiIO& io = ImGui::GetIO();
  advance_lesson_animation(s, std::min(static_cast<double>(io.DeltaTime), 0.1));
  // ×2 on a 1920×1080 screen, in proportion on others: a projector's pixels are big when
  // it has few of them, and the lesson and chart must still fit side by side.
  if (s.classroom.presentation && io.DisplaySize.x > 0 && io.DisplaySize.y > 0) {
    const float fit = std::min(io.DisplaySize.x / 1920.0f, io.DisplaySize.y / 1080.0f);
    const float scale = kPresentationScale * std::clamp(fit, 0.7f, 2.0f);
    if (std::abs(scale - s.ui.presentation_scale) > 0.02f * scale) {
      s.ui.presentation_scale = scale;
      s.ui.fonts_dirty = true;
    }
  }
  // Arrow keys and Space step the lesson in presentation mode: keyboard navigation (which
  // would move focus and press the focused button) is off meanwhile.
  const bool nav_on = (io.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard) != 0;
  if (s.classroom.presentation && nav_on) {
    s.classroom.nav_keyboard_was_on = true;
    io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  } else if (!s.classroom.presentation && s.classroom.nav_keyboard_was_on) {
    s.classroom.nav_keyboard_was_on = false;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  }
}

void draw_classroom_view_items(AppState& s) {
  ImGui::Separator();
  ImGui::MenuItem("Percent of peak in dot labels", nullptr, &s.view.plot.label_percent_of_peak);
  shortcut_menu_item(s, "Pin the dots as ghosts", act_pin_ghosts);
  shortcut_menu_item(s, "Clear the ghosts", act_clear_ghosts, false, !s.classroom.ghosts.empty());
  ImGui::Separator();
  shortcut_menu_item(s, "Presentation mode", act_toggle_presentation, s.classroom.presentation);
}

void draw_presentation_layout(AppState& s) {
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float status_h = ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y;
  const float body_h = std::max(avail.y - status_h, 10 * em);
  const float panel_w = std::clamp(0.32f * avail.x, std::min(20 * em, 0.5f * avail.x), 32 * em);
  ImGui::BeginChild("presentation_panel", {panel_w, body_h}, true);
  if (s.classroom.run) {
    draw_lesson_panel(s, true);
  } else {
    draw_essentials(s);
    ImGui::Separator();
    ImGui::TextDisabled("Lessons");
    draw_lesson_list(s);
    ImGui::Spacing();
    if (ImGui::Button("Leave presentation (Esc)")) set_presentation(s, false);
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("presentation_chart", {0, body_h}, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_chart(s, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
  draw_presentation_status(s);
}

}  // namespace roofline
