// The shortcut table and what reads it: the per-frame key handling, the menus' shortcut labels
// and Help > Keyboard and mouse.

#include "roofline/ui/shortcuts.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "roofline/operator_table.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/frame.h"
#include "roofline/ui/keys.h"
#include "ui_internal.h"

namespace roofline {

void act_open_scenario(AppState& s, int) { open_file_dialog(s, FileAction::open_scenario); }

void act_save_scenario(AppState& s, int) {
  if (s.ui.scenario_path.empty()) {
    open_file_dialog(s, FileAction::save_scenario_as);
    return;
  }
  if (std::string error = save_scenario_to(s, s.ui.scenario_path); !error.empty()) {
    set_message(s, error, true);
  }
}

void act_save_scenario_as(AppState& s, int) { open_file_dialog(s, FileAction::save_scenario_as); }
void act_import_measurements(AppState& s, int) {
  open_file_dialog(s, FileAction::import_measurements);
}
void act_export_figure(AppState& s, int) { open_export_dialog(s); }
void act_quick_export(AppState& s, int) { quick_export(s); }
// Two frames on: the frame after the one that asked, so that a menu that asked has closed.
void act_save_screenshot(AppState& s, int) { s.ui.screenshot_in_frames = 2; }
void act_quit(AppState& s, int) {
  unless_unsaved(s, "quit", [](AppState& a) { a.ui.quit_requested = true; });
}
void act_undo(AppState& s, int) { undo(s); }
void act_redo(AppState& s, int) { redo(s); }
void act_copy_table(AppState& s, int) {
  const Analysis& a = chart_data(s).analysis;
  if (a.ops.empty()) {
    set_message(s, "Nothing to copy: the scenario gives no operators", true);
    return;
  }
  ImGui::SetClipboardText(operator_table_tsv(a).c_str());
  set_message(s,
              "Copied the operator table (" + std::to_string(a.ops.size()) +
                  " operators and the totals) as tab-separated text",
              false);
}

void act_fit_chart(AppState& s, int) {
  s.view.auto_fit = true;
  s.view.fit_requested = true;
}

int64_t power_of_two_step(int64_t v, int index, int64_t hi) {
  int64_t p = 1;
  if (index == 0) {
    while (p * 2 < v) p *= 2;
    return std::min(p, hi);
  }
  while (p <= v && p < hi) p *= 2;
  return std::min(p, hi);
}

void act_nudge_batch(AppState& s, int index) {
  s.doc.batch = power_of_two_step(s.doc.batch, index, kMaxBatch);
}
void act_nudge_seq(AppState& s, int index) {
  s.doc.seq = power_of_two_step(s.doc.seq, index, kMaxSeq);
}
void act_zoom_chart(AppState& s, int index) {
  const Vec2 centre = s.view.geometry.plot_area.center();
  zoom_about(s.view.plot, centre, index == 0 ? 1 / kWheelZoomFactor : kWheelZoomFactor);
  s.view.auto_fit = false;
}

void act_larger_ui(AppState& s, int) {
  for (float step : kUiScaleSteps) {
    if (step > s.ui.user_scale + 1e-3f) {
      set_user_scale(s, step);
      return;
    }
  }
}

void act_smaller_ui(AppState& s, int) {
  float next = s.ui.user_scale;
  for (float step : kUiScaleSteps) {
    if (step < s.ui.user_scale - 1e-3f) next = step;
  }
  set_user_scale(s, next);
}

void act_pin_ghosts(AppState& s, int) { pin_current_dots(s); }
void act_clear_ghosts(AppState& s, int) { clear_ghosts(s); }
void act_toggle_presentation(AppState& s, int) { set_presentation(s, !s.classroom.presentation); }

namespace {

void next_step(AppState& s, int) { lesson_next(s); }
void previous_step(AppState& s, int) { lesson_back(s); }
void first_step(AppState& s, int) { lesson_restart(s); }
void close_picker(AppState& s, int) { s.classroom.show_picker = false; }
void leave_presentation(AppState& s, int) { set_presentation(s, false); }
void reveal_or_next(AppState& s, int) {
  if (!lesson_reveal(s)) lesson_next(s);
}
void choose_answer(AppState& s, int index) { lesson_choose(s, index); }

bool lesson_running(const AppState& s) { return s.classroom.run.has_value(); }
bool picker_open(const AppState& s) { return s.classroom.show_picker; }
bool presenting(const AppState& s) { return s.classroom.presentation; }
bool formula_card_open(const AppState& s) {
  const std::string& id = s.view.plot.selected_id;
  return id.starts_with("op:") || id.starts_with("group:");
}
void close_formula_card(AppState& s, int) { s.view.plot.selected_id.clear(); }
bool presenting_lesson(const AppState& s) { return presenting(s) && lesson_running(s); }
bool chart_has_keys(const AppState& s) { return s.view.chart_focused && !presenting_lesson(s); }
void batch_down(AppState& s, int) { act_nudge_batch(s, 0); }
void batch_up(AppState& s, int) { act_nudge_batch(s, 1); }
void seq_down(AppState& s, int) { act_nudge_seq(s, 0); }
void seq_up(AppState& s, int) { act_nudge_seq(s, 1); }
void zoom_in(AppState& s, int) { act_zoom_chart(s, 1); }
void zoom_out(AppState& s, int) { act_zoom_chart(s, 0); }
void keyboard_to_controls(AppState& s, int) { s.ui.focus_controls = true; }
// Presenting, the slide has no controls to hand the keyboard to.
bool chart_has_keys_beside_controls(const AppState& s) {
  return chart_has_keys(s) && !presenting(s);
}
constexpr const char* kOnChart = "On the chart, once clicked";

constexpr Shortcut kShortcuts[] = {
    {.key = key::o,
     .mods = KeyMods::ctrl,
     .action = act_open_scenario,
     .what = "open a scenario file",
     .in_text_fields = true},
    {.key = key::s,
     .mods = KeyMods::ctrl,
     .action = act_save_scenario,
     .what = "save the scenario",
     .in_text_fields = true},
    {.key = key::s,
     .mods = KeyMods::ctrl_shift,
     .action = act_save_scenario_as,
     .what = "save the scenario as a new file",
     .in_text_fields = true},
    {.key = key::i,
     .mods = KeyMods::ctrl,
     .action = act_import_measurements,
     .what = "import measurements (Nsight, PyTorch, ERT, rocprof)",
     .in_text_fields = true},
    {.key = key::e,
     .mods = KeyMods::ctrl,
     .action = act_export_figure,
     .what = "export a figure or the operator table",
     .in_text_fields = true},
    {.key = key::e,
     .mods = KeyMods::ctrl_shift,
     .action = act_quick_export,
     .what = "export again: last options, beside the scenario",
     .in_text_fields = true},
    {.key = key::f12,
     .mods = KeyMods::any,
     .action = act_save_screenshot,
     .what = "screenshot of the window (PNG, current folder)",
     .in_text_fields = true},
    {.key = key::q,
     .mods = KeyMods::ctrl_any_shift,
     .action = act_quit,
     .what = "quit",
     .in_text_fields = true},
    {.key = key::z, .mods = KeyMods::ctrl, .action = act_undo, .what = "undo"},
    {.key = key::z, .mods = KeyMods::ctrl_shift, .action = act_redo, .what = "redo"},
    {.key = key::y, .mods = KeyMods::ctrl_any_shift, .action = act_redo, .what = "redo"},
    {.key = key::c,
     .mods = KeyMods::ctrl,
     .action = act_copy_table,
     .what = "copy the operator table (tab-separated)"},
    {.key = key::digit_0,
     .mods = KeyMods::ctrl_any_shift,
     .action = act_fit_chart,
     .what = "fit the chart (or double-click it)",
     .in_text_fields = true},
    {.key = key::equal,
     .mods = KeyMods::ctrl_any_shift,
     .action = act_larger_ui,
     .what = "larger UI",
     .in_text_fields = true},
    {.key = key::keypad_add,
     .mods = KeyMods::ctrl_any_shift,
     .action = act_larger_ui,
     .what = "larger UI",
     .in_text_fields = true},
    {.key = key::minus,
     .mods = KeyMods::ctrl_any_shift,
     .action = act_smaller_ui,
     .what = "smaller UI",
     .in_text_fields = true},
    {.key = key::keypad_subtract,
     .mods = KeyMods::ctrl_any_shift,
     .action = act_smaller_ui,
     .what = "smaller UI",
     .in_text_fields = true},
    {.key = key::g, .action = act_pin_ghosts, .what = "pin the dots as ghosts"},
    {.key = key::g, .mods = KeyMods::shift, .action = act_clear_ghosts, .what = "clear the ghosts"},
    {.key = key::f11,
     .mods = KeyMods::any,
     .action = act_toggle_presentation,
     .what = "presentation mode on / off",
     .in_text_fields = true},
    {.key = key::page_down,
     .mods = KeyMods::any_shift,
     .when = lesson_running,
     .action = next_step,
     .what = "next lesson step",
     .where = "In a lesson"},
    {.key = key::page_up,
     .mods = KeyMods::any_shift,
     .when = lesson_running,
     .action = previous_step,
     .what = "previous lesson step",
     .where = "In a lesson"},
    {.key = key::escape,
     .mods = KeyMods::any_shift,
     .when = formula_card_open,
     .action = close_formula_card,
     .what = "close the formula card",
     .where = "Closing"},
    {.key = key::escape,
     .mods = KeyMods::any_shift,
     .when = picker_open,
     .action = close_picker,
     .what = "close the lesson picker",
     .where = "Closing"},
    {.key = key::escape,
     .mods = KeyMods::any_shift,
     .when = presenting,
     .action = leave_presentation,
     .what = "leave presentation mode",
     .where = "Closing"},
    {.key = key::right,
     .mods = KeyMods::any_shift,
     .when = presenting_lesson,
     .action = next_step,
     .what = "next step",
     .where = "Presenting a lesson"},
    {.key = key::left,
     .mods = KeyMods::any_shift,
     .when = presenting_lesson,
     .action = previous_step,
     .what = "previous step",
     .where = "Presenting a lesson"},
    {.key = key::home,
     .mods = KeyMods::any_shift,
     .when = presenting_lesson,
     .action = first_step,
     .what = "first step",
     .where = "Presenting a lesson"},
    {.key = key::space,
     .mods = KeyMods::any_shift,
     .when = presenting_lesson,
     .action = reveal_or_next,
     .what = "reveal the answer, else next step",
     .where = "Presenting a lesson"},
    {.key = key::digit_1,
     .key_count = key::digit_9 - key::digit_1 + 1,
     .mods = KeyMods::any_shift,
     .when = presenting_lesson,
     .action = choose_answer,
     .what = "choose that answer",
     .where = "Presenting a lesson"},
    // The chart's own keys, once it has been clicked (Tab moves the keyboard on).
    {.key = key::tab,
     .mods = KeyMods::any_shift,
     .when = chart_has_keys_beside_controls,
     .action = keyboard_to_controls,
     .what = "the keyboard back to the controls",
     .where = kOnChart},
    {.key = key::right,
     .mods = KeyMods::none,
     .when = chart_has_keys,
     .action = batch_up,
     .what = "batch: up to a power of two",
     .where = kOnChart},
    {.key = key::left,
     .mods = KeyMods::none,
     .when = chart_has_keys,
     .action = batch_down,
     .what = "batch: down to a power of two",
     .where = kOnChart},
    {.key = key::up,
     .mods = KeyMods::none,
     .when = chart_has_keys,
     .action = seq_up,
     .what = "context (prefill: prompt): up",
     .where = kOnChart},
    {.key = key::down,
     .mods = KeyMods::none,
     .when = chart_has_keys,
     .action = seq_down,
     .what = "context (prefill: prompt): down",
     .where = kOnChart},
    {.key = key::equal,
     .mods = KeyMods::any_shift,
     .when = chart_has_keys,
     .action = zoom_in,
     .what = "zoom in (+ or =)",
     .where = kOnChart},
    {.key = key::keypad_add,
     .mods = KeyMods::any_shift,
     .when = chart_has_keys,
     .action = zoom_in,
     .what = "zoom in",
     .where = kOnChart},
    {.key = key::minus,
     .mods = KeyMods::any_shift,
     .when = chart_has_keys,
     .action = zoom_out,
     .what = "zoom out",
     .where = kOnChart},
    {.key = key::keypad_subtract,
     .mods = KeyMods::any_shift,
     .when = chart_has_keys,
     .action = zoom_out,
     .what = "zoom out",
     .where = kOnChart},
};

bool mods_match(KeyMods mods, const ImGuiIO& io) {
  switch (mods) {
    case KeyMods::none:
      return !io.KeyCtrl && !io.KeyShift && !io.KeyAlt;
    case KeyMods::shift:
      return !io.KeyCtrl && io.KeyShift && !io.KeyAlt;
    case KeyMods::any_shift:
      return !io.KeyCtrl && !io.KeyAlt;
    case KeyMods::ctrl:
      return io.KeyCtrl && !io.KeyShift;
    case KeyMods::ctrl_shift:
      return io.KeyCtrl && io.KeyShift;
    case KeyMods::ctrl_any_shift:
      return io.KeyCtrl;
    case KeyMods::any:
      return true;
  }
  return false;
}

bool key_pressed(int k) {
  return k >= 0 && k < IM_ARRAYSIZE(ImGuiIO::KeysDown) && ImGui::IsKeyPressed(k, false);
}

std::string key_name(int k) {
  switch (k) {
    case key::space:
      return "Space";
    case key::tab:
      return "Tab";
    case key::escape:
      return "Esc";
    case key::enter:
      return "Enter";
    case key::right:
      return "→";
    case key::left:
      return "←";
    case key::up:
      return "↑";
    case key::down:
      return "↓";
    case key::page_up:
      return "PageUp";
    case key::page_down:
      return "PageDown";
    case key::home:
      return "Home";
    case key::f11:
      return "F11";
    case key::f12:
      return "F12";
    case key::keypad_add:
      return "Keypad +";
    case key::keypad_subtract:
      return "Keypad -";
    default:
      return std::string(1, static_cast<char>(k));  // letters, digits, '=', '-'
  }
}

const Shortcut& row_of(ShortcutAction action) {
  for (const Shortcut& row : kShortcuts) {
    if (row.action == action) return row;
  }
  IM_ASSERT(false && "every action a menu offers has a row in the shortcut table");
  return kShortcuts[0];
}

// Mouse gestures, listed above the keys in Help > Keyboard and mouse.
constexpr const char* kMouseRows[][2] = {
    {"Drag the fc dot", "batch (decode) or prompt length (prefill) follows"},
    {"Drag the attention dot", "prefill: prompt length; decode: why it stays"},
    {"Hover a dot", "its FLOPs, bytes, time, bound and formula"},
    {"Click a dot", "its formula card, with the numbers substituted"},
    {"Click the chart", "give it the keyboard: arrows, + and - (below)"},
    {"Mouse wheel", "zoom about the cursor"},
    {"Right-drag", "pan"},
    {"Double-click", "fit the chart"},
    {"Click a legend row", "show or hide that series"},
    {"Ctrl+click a slider", "type an exact value"},
};

}  // namespace

std::span<const Shortcut> shortcut_table() { return kShortcuts; }

std::string shortcut_keys(const Shortcut& shortcut) {
  std::string prefix;
  switch (shortcut.mods) {
    case KeyMods::shift:
      prefix = "Shift+";
      break;
    case KeyMods::ctrl:
    case KeyMods::ctrl_any_shift:
      prefix = "Ctrl+";
      break;
    case KeyMods::ctrl_shift:
      prefix = "Ctrl+Shift+";
      break;
    case KeyMods::none:
    case KeyMods::any_shift:
    case KeyMods::any:
      break;
  }
  std::string keys = prefix + key_name(shortcut.key);
  if (shortcut.key_count > 1) keys += " … " + key_name(shortcut.key + shortcut.key_count - 1);
  return keys;
}

void handle_shortcuts(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  std::vector<int> taken;  // keys a row has acted on this frame
  for (const Shortcut& row : kShortcuts) {
    if (!mods_match(row.mods, io) || (io.WantTextInput && !row.in_text_fields)) continue;
    for (int i = 0; i < row.key_count; ++i) {
      const int k = row.key + i;
      if (!key_pressed(k) || std::find(taken.begin(), taken.end(), k) != taken.end()) continue;
      if (row.when != nullptr && !row.when(s)) continue;
      taken.push_back(k);
      row.action(s, i);
    }
  }
}

bool shortcut_menu_item(AppState& s, const char* label, ShortcutAction action, bool selected,
                        bool enabled) {
  const std::string keys = shortcut_keys(row_of(action));
  if (!ImGui::MenuItem(label, keys.c_str(), selected, enabled)) return false;
  action(s, 0);
  return true;
}

void draw_keyboard_help(AppState& s) {
  if (!s.ui.show_shortcuts) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Appearing, {0.5f, 0.5f});
  // Two columns of headed sections, scrolling where even that is taller than the window.
  ImGui::SetNextWindowSizeConstraints({0, 0}, {viewport->WorkSize.x, viewport->WorkSize.y * 0.95f});
  if (ImGui::Begin("Keyboard and mouse", &s.ui.show_shortcuts,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
    using Rows = std::vector<std::pair<std::string, const char*>>;
    const float em = ImGui::GetFontSize();
    // A heading, then its rows: the keys, and what they do in a column after the widest keys.
    // Each column at most half the screen: what a key does wraps within it.
    const float column_w = std::max(
        20 * em,
        (viewport->WorkSize.x * 0.95f - 2 * ImGui::GetStyle().WindowPadding.x - 2 * em) / 2);
    ImFont* bold = s.ui.font_bold;
    auto section = [em, column_w, bold](const char* heading, const Rows& rows) {
      if (bold != nullptr) ImGui::PushFont(bold);
      ImGui::TextUnformatted(heading);
      if (bold != nullptr) ImGui::PopFont();
      float keys_w = 0;
      for (const auto& [keys, what] : rows)
        keys_w = std::max(keys_w, ImGui::CalcTextSize(keys.c_str()).x);
      ImGui::Indent(0.5f * em);
      const ImVec4 what_colour = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
      const float what_w = std::max(10 * em, column_w - 0.5f * em - keys_w - em);
      for (const auto& [keys, what] : rows) {
        ImGui::TextUnformatted(keys.c_str());
        // (Spacing, not a position: SameLine's position is off by the group's inside a group.)
        ImGui::SameLine(0, keys_w - ImGui::CalcTextSize(keys.c_str()).x + em);
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + what_w);
        ImGui::PushStyleColor(ImGuiCol_Text, what_colour);
        ImGui::TextWrapped("%s", what);
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
      }
      ImGui::Unindent(0.5f * em);
      ImGui::Spacing();
    };
    // The shortcut table's rows under `where` (nullptr: the ones that always work), in order.
    auto rows_of = [](const char* where) {
      Rows rows;
      for (const Shortcut& shortcut : kShortcuts) {
        const bool match = where == nullptr ? shortcut.where == nullptr
                                            : shortcut.where != nullptr &&
                                                  std::string_view(shortcut.where) == where;
        if (match) rows.emplace_back(shortcut_keys(shortcut), shortcut.what);
      }
      return rows;
    };
    // Two columns, about even: the mouse and the keys of lessons and closing; then the keys that
    // always work and the chart's.
    ImGui::BeginGroup();
    Rows mouse;
    for (const auto& row : kMouseRows) mouse.emplace_back(row[0], row[1]);
    section("Mouse", mouse);
    std::vector<std::string_view> shown;
    for (const Shortcut& shortcut : kShortcuts) {
      if (shortcut.where == nullptr || std::string_view(shortcut.where) == kOnChart ||
          std::find(shown.begin(), shown.end(), shortcut.where) != shown.end())
        continue;
      shown.push_back(shortcut.where);
      section(shortcut.where, rows_of(shortcut.where));
    }
    ImGui::EndGroup();
    ImGui::SameLine(0, 2 * em);
    ImGui::BeginGroup();
    section("Everywhere", rows_of(nullptr));
    section(kOnChart, rows_of(kOnChart));
    ImGui::EndGroup();
  }
  ImGui::End();
}

}  // namespace roofline
