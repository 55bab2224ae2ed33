// The lesson panel (step text with emphasis and live values, question, next / back /
// restart), the lesson picker and the Lessons menu.

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/ui/classroom.h"
#include "ui_internal.h"

namespace roofline {

namespace {

ImFont* span_font(const AppState& s, const TextSpan& span, bool all_bold) {
  ImFont* f = span.bold || all_bold ? s.ui.font_bold
              : span.italic         ? s.ui.font_italic
                                    : s.ui.font_regular;
  return f != nullptr ? f : ImGui::GetFont();
}

// One piece of a line: text in one font, either a run of spaces, a newline or part of a word.
struct Piece {
  std::string_view text;
  ImFont* font;
  bool space = false;
  bool newline = false;
};

float width_of(const Piece& p) {
  return p.font
      ->CalcTextSizeA(p.font->FontSize, FLT_MAX, 0, p.text.data(), p.text.data() + p.text.size())
      .x;
}

// A paragraph with *bold* and _italic_ spans, wrapped at `wrap_w`: ImGui's own wrapping
// handles one font per call, so words are laid out here and drawn with the draw list.
void rich_paragraph(const AppState& s, std::string_view paragraph, float wrap_w, ImU32 colour,
                    bool all_bold) {
  const std::vector<TextSpan> spans = parse_emphasis(paragraph);
  std::vector<Piece> pieces;
  for (const TextSpan& span : spans) {
    ImFont* font = span_font(s, span, all_bold);
    std::string_view t = span.text;
    while (!t.empty()) {
      size_t n = 1;
      if (t[0] == '\n') {
        pieces.push_back({t.substr(0, 1), font, false, true});
      } else if (t[0] == ' ') {
        n = std::min(t.find_first_not_of(' '), t.size());
        pieces.push_back({t.substr(0, n), font, true, false});
      } else {
        n = std::min(t.find_first_of(" \n"), t.size());
        pieces.push_back({t.substr(0, n), font, false, false});
      }
      t.remove_prefix(n);
    }
  }
  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float line_h = ImGui::GetFontSize() * 1.3f;
  float x = 0, y = 0;
  for (size_t i = 0; i < pieces.size();) {
    const Piece& p = pieces[i];
    if (p.newline || p.space) {
      if (p.newline) {
        x = 0;
        y += line_h;
      } else if (x > 0) {
        x += width_of(p);
      }
      ++i;
      continue;
    }
    // A word may span several pieces ("*bold*," is a bold piece and a plain one).
    size_t end = i;
    float word_w = 0;
    while (end < pieces.size() && !pieces[end].space && !pieces[end].newline)
      word_w += width_of(pieces[end++]);
    if (x > 0 && x + word_w > wrap_w) {
      x = 0;
      y += line_h;
    }
    for (; i < end; ++i) {
      const Piece& w = pieces[i];
      list->AddText(w.font, w.font->FontSize, {start.x + x, start.y + y}, colour, w.text.data(),
                    w.text.data() + w.text.size());
      x += width_of(w);
    }
  }
  ImGui::Dummy({wrap_w, y + ImGui::GetFontSize()});
}

// Paragraphs are separated by a blank line.
void rich_text(const AppState& s, std::string_view text, float wrap_w,
               ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text), bool all_bold = false) {
  bool first = true;
  while (true) {
    const size_t blank = text.find("\n\n");
    if (!first) ImGui::Dummy({0, 0.35f * ImGui::GetFontSize()});
    first = false;
    rich_paragraph(s, text.substr(0, blank), wrap_w, colour, all_bold);
    if (blank == std::string_view::npos) break;
    text.remove_prefix(blank + 2);
  }
}

void bold_text(const AppState& s, const std::string& text, float wrap_w) {
  rich_text(s, text, wrap_w, ImGui::GetColorU32(ImGuiCol_Text), true);
}

void draw_question(AppState& s, const FilledStep& f, const LessonQuestion& q, float wrap_w) {
  const float em = ImGui::GetFontSize();
  LessonRun& run = *s.classroom.run;
  ImGui::Dummy({0, 0.3f * em});
  ImGui::Separator();
  ImGui::Dummy({0, 0.2f * em});
  bold_text(s, f.prompt, wrap_w);
  ImGui::Dummy({0, 0.2f * em});
  const float indent = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  for (size_t i = 0; i < f.choices.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool chosen = run.choice == static_cast<int>(i);
    const bool answer = i == q.answer;
    if (run.revealed) ImGui::BeginDisabled();
    if (ImGui::RadioButton("##choice", chosen)) lesson_choose(s, static_cast<int>(i));
    if (run.revealed) ImGui::EndDisabled();
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text);
    if (run.revealed && answer) colour = ImGui::GetColorU32(success_color());
    if (run.revealed && chosen && !answer)
      colour = ImGui::GetColorU32(status_color(Severity::warning));
    const std::string number =
        s.classroom.presentation && i < 9 ? std::to_string(i + 1) + ". " : std::string();
    ImGui::BeginGroup();
    rich_text(s, number + f.choices[i], wrap_w - indent, colour, run.revealed && answer);
    ImGui::EndGroup();
    // The text picks the choice too, like a radio button's label.
    if (!run.revealed && ImGui::IsItemClicked()) lesson_choose(s, static_cast<int>(i));
    ImGui::PopID();
  }
  ImGui::Dummy({0, 0.2f * em});
  if (!run.revealed) {
    if (ImGui::Button(s.classroom.presentation ? "Reveal (Space)" : "Reveal")) lesson_reveal(s);
    item_tooltip("Show the answer (pick yours first); the chart moves to prove it.");
    return;
  }
  const float answer_top = ImGui::GetCursorPosY();
  if (run.choice >= 0) {
    const bool right = static_cast<size_t>(run.choice) == q.answer;
    ImGui::PushStyleColor(ImGuiCol_Text, right ? success_color() : status_color(Severity::warning));
    bold_text(s, right ? "Right." : "Not quite.", wrap_w);
    ImGui::PopStyleColor();
  }
  rich_text(s, f.explanation, wrap_w);
  // Just revealed: the answer scrolls into view, its end if it fits, else its start (issue 28:
  // on a projector the explanation, even "Right.", was below the fold).
  if (s.classroom.scroll_to_answer > 0) {
    --s.classroom.scroll_to_answer;
    const float end = ImGui::GetCursorPosY();
    const float view = ImGui::GetWindowHeight();
    ImGui::SetScrollY(std::max(0.0f, std::min(answer_top - 0.3f * em, end - view)));
  }
}

// The key hint under the step buttons.
std::string navigation_hint(bool presenting, size_t choices, bool revealed) {
  if (!presenting) return "PageDown / PageUp step · F11 presents";
  // No-break spaces keep each key with its meaning when the line wraps.
  if (choices > 0 && !revealed) {
    return "→\u00a0next   ←\u00a0back   1–" + std::to_string(std::min<size_t>(9, choices)) +
           "\u00a0answer   Space\u00a0reveal   Esc\u00a0leave";
  }
  return "→\u00a0or\u00a0Space\u00a0next   ←\u00a0back   Esc\u00a0leave";
}

// The height draw_navigation takes, so that the step text above it can leave exactly that.
float navigation_height(bool presenting, float wrap_w) {
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  // The taller of the hints (a question's, then the revealed one), so revealing moves nothing.
  float hint_h = 0;
  for (bool revealed : {false, true}) {
    const std::string hint = navigation_hint(presenting, 9, revealed);
    hint_h = std::max(hint_h, ImGui::CalcTextSize(hint.c_str(), nullptr, false, wrap_w).y);
  }
  return 0.4f * em + style.ItemSpacing.y + ImGui::GetFrameHeight() + style.ItemSpacing.y +
         (presenting ? 0.2f * em + style.ItemSpacing.y : 0.0f) + hint_h + style.ItemSpacing.y;
}

void draw_navigation(AppState& s, bool presenting) {
  const float em = ImGui::GetFontSize();
  LessonRun& run = *s.classroom.run;
  const size_t count = run.lesson.steps.size();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = (ImGui::GetContentRegionAvail().x - 2 * style.ItemSpacing.x) / 3;
  ImGui::Dummy({0, 0.4f * em});
  s.classroom.navigation_top_px = ImGui::GetCursorScreenPos().y;
  ImGui::BeginDisabled(run.step == 0);
  if (ImGui::Button("◀ Back", {w, 0})) lesson_back(s);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Restart", {w, 0})) lesson_restart(s);
  item_tooltip("Back to the first step, with its scenario.");
  ImGui::SameLine();
  if (run.step + 1 < count) {
    if (ImGui::Button("Next ▶", {w, 0})) lesson_next(s);
  } else if (ImGui::Button("Finish", {w, 0})) {
    stop_lesson(s);
    return;
  }
  if (presenting) ImGui::Dummy({0, 0.2f * em});
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s",
                      navigation_hint(presenting, run.filled.choices.size(), run.revealed).c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace

void draw_lesson_panel(AppState& s, bool presenting) {
  const float em = ImGui::GetFontSize();
  const FilledStep& f = filled_step(s);
  LessonRun& run = *s.classroom.run;
  const float wrap_w = ImGui::GetContentRegionAvail().x;
  const size_t count = run.lesson.steps.size();

  // Header: the lesson, where we are in it, and a way out (top right).
  const float close_w = ImGui::CalcTextSize("×").x + 2 * ImGui::GetStyle().FramePadding.x;
  const ImVec2 top = ImGui::GetCursorPos();
  ImGui::PushTextWrapPos(top.x + wrap_w - close_w - em);
  // No-break spaces: "step 3 of 5" wraps as one piece, never as "step 3" / "of 5".
  ImGui::TextDisabled("%s · step\u00a0%zu\u00a0of\u00a0%zu", run.lesson.title.c_str(), run.step + 1,
                      count);
  ImGui::PopTextWrapPos();
  const float below = ImGui::GetCursorPosY();
  ImGui::SetCursorPos({top.x + wrap_w - close_w, top.y});
  if (ImGui::SmallButton("×")) {
    stop_lesson(s);
    return;
  }
  item_tooltip("Close the lesson (the chart keeps its scenario).");
  ImGui::SetCursorPos({top.x, std::max(below, ImGui::GetCursorPosY())});
  // Progress: one segment per step.
  {
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float gap = 0.25f * em, h = 0.3f * em;
    const float seg = (wrap_w - gap * static_cast<float>(count - 1)) / static_cast<float>(count);
    for (size_t i = 0; i < count; ++i) {
      const float x0 = at.x + static_cast<float>(i) * (seg + gap);
      const ImU32 col =
          ImGui::GetColorU32(i <= run.step ? ImGuiCol_PlotHistogram : ImGuiCol_FrameBg);
      list->AddRectFilled({x0, at.y}, {x0 + seg, at.y + h}, col, h / 2);
      list->AddRect({x0, at.y}, {x0 + seg, at.y + h}, ImGui::GetColorU32(ImGuiCol_Border), h / 2);
    }
    ImGui::Dummy({wrap_w, h + 0.3f * em});
  }
  // The step's text scrolls above Back / Restart / Next, which stay at the panel's foot whatever
  // the step's length, so a presenter's repeated click always lands on Next.
  const float nav_h = navigation_height(presenting, wrap_w);
  ImGui::BeginChild("step_text", {0, -nav_h}, false);
  const float text_w = ImGui::GetContentRegionAvail().x;
  bold_text(s, f.title, text_w);
  ImGui::Dummy({0, 0.1f * em});
  rich_text(s, f.text, text_w);
  if (const auto& q = run.lesson.steps[run.step].question) draw_question(s, f, *q, text_w);
  ImGui::EndChild();
  draw_navigation(s, presenting);
}

void draw_lesson_list(AppState& s) {
  const float em = ImGui::GetFontSize();
  const LessonCatalog& catalog = lesson_catalog(s);
  for (const std::string& e : catalog.errors) {
    ImGui::PushStyleColor(ImGuiCol_Text, status_color(Severity::error));
    ImGui::TextWrapped("%s", e.c_str());
    ImGui::PopStyleColor();
  }
  const float wrap_w = ImGui::GetContentRegionAvail().x;
  for (const Lesson& lesson : catalog.lessons) {
    ImGui::PushID(lesson.id.c_str());
    const ImVec2 top = ImGui::GetCursorScreenPos();
    ImGui::BeginGroup();
    bold_text(s, lesson.title, wrap_w);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap_w);
    ImGui::TextUnformatted(lesson.summary.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::EndGroup();
    const ImVec2 bottom = ImGui::GetItemRectMax();
    // The whole entry is one button.
    ImGui::SetCursorScreenPos(top);
    if (ImGui::InvisibleButton("##start", {wrap_w, bottom.y - top.y})) {
      unless_unsaved(s, "start the lesson “" + lesson.title + "”", [lesson](AppState& a) {
        start_lesson(a, lesson);
        a.classroom.show_picker = false;
      });
    }
    if (ImGui::IsItemHovered()) {
      ImGui::GetWindowDrawList()->AddRectFilled(
          {top.x - 0.3f * em, top.y - 0.2f * em}, {top.x + wrap_w, bottom.y + 0.2f * em},
          ImGui::GetColorU32(ImGuiCol_HeaderHovered, 0.5f), 0.3f * em);
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    }
    ImGui::Dummy({0, 0.5f * em});
    ImGui::PopID();
  }
}

void draw_left_panel(AppState& s) {
  if (!s.classroom.run) {
    draw_controls_panel(s);
    return;
  }
  const float em = ImGui::GetFontSize();
  const float avail_h = ImGui::GetContentRegionAvail().y;
  // One height for every step (three fifths of the column, at least 16 em where there is room),
  // so the step buttons do not move from one step to the next.
  const float lesson_h = std::clamp(0.6f * avail_h, std::min(16 * em, avail_h), avail_h);
  ImGui::BeginChild("lesson", {0, lesson_h}, true);
  draw_lesson_panel(s, false);
  ImGui::EndChild();
  ImGui::BeginChild("controls_below", {0, 0}, false);
  draw_controls_panel(s);
  ImGui::EndChild();
}

void draw_lessons_menu(AppState& s) {
  if (!ImGui::BeginMenu("Lessons")) return;
  const LessonCatalog& catalog = lesson_catalog(s);
  for (const Lesson& lesson : catalog.lessons) {
    const bool current = s.classroom.run && s.classroom.run->lesson.id == lesson.id;
    if (ImGui::MenuItem(lesson.title.c_str(), nullptr, current)) {
      unless_unsaved(s, "start the lesson “" + lesson.title + "”",
                     [lesson](AppState& a) { start_lesson(a, lesson); });
    }
    item_tooltip(lesson.summary.c_str());
  }
  if (!catalog.errors.empty())
    ImGui::TextDisabled("%zu lesson(s) failed to load", catalog.errors.size());
  ImGui::Separator();
  if (ImGui::MenuItem("All lessons, with summaries…")) s.classroom.show_picker = true;
  if (ImGui::MenuItem("Close the lesson", nullptr, false, s.classroom.run.has_value())) {
    stop_lesson(s);
  }
  ImGui::EndMenu();
}

void draw_classroom_windows(AppState& s) {
  if (s.classroom.show_picker) {
    const float em = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            {0.5f, 0.5f});
    ImGui::SetNextWindowSize({36 * em, 34 * em}, ImGuiCond_Appearing);
    if (ImGui::Begin("Lessons", &s.classroom.show_picker, ImGuiWindowFlags_NoSavedSettings)) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped(
          "Pick a lesson: the chart follows each step, with the numbers our model computes. "
          "F11 presents it full screen (arrow keys step, Space reveals).");
      ImGui::PopStyleColor();
      ImGui::Separator();
      ImGui::Spacing();
      draw_lesson_list(s);
    }
    ImGui::End();
  }
  draw_formula_card(s);
}

}  // namespace roofline
