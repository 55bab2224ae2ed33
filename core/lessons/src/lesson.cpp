// Lessons: the checks of a lesson's steps and the scenario at each step.

#include "roofline/lessons/lesson.h"

#include <algorithm>

namespace roofline {

bool is_highlight_id(std::string_view id) {
  for (std::string_view fixed : {"group:fc", "group:attention", "group:elementwise", "group:step",
                                 "roof", "ridge", "trail", "critical", "compare"}) {
    if (id == fixed) return true;
  }
  if (id.starts_with("op:")) return id.size() > 3;
  if (id.starts_with("group:attention@")) return id.size() > 16;
  if (id.starts_with("roof:")) return parse_precision(id.substr(5)).has_value();
  return false;
}

std::string step_label(const Lesson& lesson, size_t index) {
  std::string label = "step " + std::to_string(index + 1);
  if (index < lesson.steps.size()) label += " (\"" + lesson.steps[index].title + "\")";
  return label;
}

namespace {

bool valid_id(std::string_view id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
  });
}

std::string check_changes(std::span<const ScenarioChange> changes, std::string_view path) {
  for (const ScenarioChange& c : changes) {
    if (std::string e = check_change(c).error(); !e.empty()) {
      return std::string(path) + "." + std::string(to_string(c.key)) + ": " + e;
    }
  }
  return {};
}

std::string check_text(std::string_view text, std::string_view key) {
  if (text.empty()) return std::string(key) + ": expected a non-empty string";
  if (std::string e = check_template(text).error(); !e.empty()) return std::string(key) + ": " + e;
  return {};
}

std::string check_question(const LessonQuestion& q) {
  if (std::string e = check_text(q.prompt, "question.prompt"); !e.empty()) return e;
  if (q.choices.size() < 2) {
    return "question.choices: expected at least two choices, got " +
           std::to_string(q.choices.size());
  }
  for (size_t i = 0; i < q.choices.size(); ++i) {
    const std::string key = "question.choices[" + std::to_string(i) + "]";
    if (std::string e = check_text(q.choices[i], key); !e.empty()) return e;
  }
  if (q.answer >= q.choices.size()) {
    return "question.answer: expected an index from 0 to " + std::to_string(q.choices.size() - 1) +
           ", got " + std::to_string(q.answer);
  }
  if (std::string e = check_text(q.explanation, "question.explanation"); !e.empty()) return e;
  return check_changes(q.reveal_changes, "question.reveal_changes");
}

std::string check_step(const LessonStep& step) {
  if (step.title.empty()) return "title: expected a non-empty string";
  if (std::string e = check_text(step.text, "text"); !e.empty()) return e;
  if (std::string e = check_changes(step.changes, "changes"); !e.empty()) return e;
  for (const std::string& id : step.highlight) {
    if (!is_highlight_id(id)) {
      return "highlight: unknown id '" + id +
             "': expected group:fc, group:attention, group:attention@KIND, group:elementwise, "
             "group:step, op:NAME, roof, roof:PRECISION, ridge, trail, critical or compare";
    }
  }
  return step.question ? check_question(*step.question) : std::string();
}

// The texts shown before Reveal, with their keys.
std::vector<std::pair<std::string, std::string_view>> shown_texts(const LessonStep& step) {
  std::vector<std::pair<std::string, std::string_view>> texts = {{"text", step.text}};
  if (step.question) {
    texts.emplace_back("question.prompt", step.question->prompt);
    for (size_t i = 0; i < step.question->choices.size(); ++i) {
      texts.emplace_back("question.choices[" + std::to_string(i) + "]", step.question->choices[i]);
    }
  }
  return texts;
}

std::string check_analysis(const Scenario& s, const Analysis& a, std::string_view key) {
  if (!a.ops.empty()) return {};
  std::string why = a.warnings.empty() ? std::string("no operators") : a.warnings.front();
  return std::string(key) + ": the scenario cannot be analysed (" + why + ") on " + s.gpu.id;
}

std::string check_op_highlights(const LessonStep& step, const Analysis& a) {
  for (const std::string& id : step.highlight) {
    if (id.starts_with("group:attention@")) {
      if (find_group(a, std::string_view(id).substr(6))) continue;
      std::string names;
      for (const GroupCost& g : a.attention_types)
        names += (names.empty() ? "" : ", ") + std::string("group:attention@") +
                 type_key(a, g.layer_type);
      return "highlight: this step's model has no attention type '" + id.substr(16) +
             "': expected " + (names.empty() ? std::string("group:attention") : "one of " + names);
    }
    if (!id.starts_with("op:") || find_op_key(a, std::string_view(id).substr(3))) continue;
    std::string names;
    for (const OpCost& op : a.ops) names += (names.empty() ? "" : ", ") + op_key(a, op);
    return "highlight: this step's analysis has no op '" + id.substr(3) + "': expected one of " +
           names;
  }
  return {};
}

}  // namespace

static std::string lesson_problem(const Lesson& lesson) {
  if (!valid_id(lesson.id)) {
    return "id: expected letters, digits, '.', '_' or '-', got \"" + lesson.id + "\"";
  }
  if (lesson.title.empty()) return "title: expected a non-empty string";
  if (lesson.steps.empty()) return "steps: expected at least one step";
  for (size_t i = 0; i < lesson.steps.size(); ++i) {
    if (std::string e = check_step(lesson.steps[i]); !e.empty()) {
      return step_label(lesson, i) + ": " + e;
    }
  }
  return {};
}

Status validate(const Lesson& lesson) {
  return Status::from_message(lesson_problem(lesson));
}

Result<Scenario> scenario_at_step(const Lesson& lesson, const Scenario& start, size_t index,
                                  bool revealed, const PresetResolver& resolve) {
  if (index >= lesson.steps.size()) {
    return Result<Scenario>::fail("step " + std::to_string(index + 1) + ": the lesson has " +
                                  std::to_string(lesson.steps.size()) + " steps");
  }
  Scenario s = start;
  for (size_t i = 0; i <= index; ++i) {
    const LessonStep& step = lesson.steps[i];
    auto next = apply_changes(s, step.changes, resolve);
    if (next && step.question && (i < index || revealed)) {
      next = apply_changes(next.value(), step.question->reveal_changes, resolve,
                           "question.reveal_changes");
    }
    if (!next) return Result<Scenario>::fail(step_label(lesson, i) + ": " + next.error());
    s = std::move(next).value();
  }
  return Result<Scenario>::ok(std::move(s));
}

static std::string lesson_walk_problem(const Lesson& lesson, const Scenario& start,
                         const PresetResolver& resolve) {
  if (std::string e = lesson_problem(lesson); !e.empty()) return e;
  Scenario s = start;
  for (size_t i = 0; i < lesson.steps.size(); ++i) {
    const LessonStep& step = lesson.steps[i];
    auto fail = [&](const std::string& e) { return step_label(lesson, i) + ": " + e; };
    auto shown = apply_changes(s, step.changes, resolve);
    if (!shown) return fail(shown.error());
    s = std::move(shown).value();
    const Analysis a = analyze(s);
    if (std::string e = check_analysis(s, a, "changes"); !e.empty()) return fail(e);
    if (std::string e = check_op_highlights(step, a); !e.empty()) return fail(e);
    for (const auto& [key, text] : shown_texts(step)) {
      if (uses_compare(text) && !s.compare_gpu) {
        return fail(key + ": {compare.*} needs a compare_gpu set by this step or an earlier one");
      }
    }
    if (!step.question) continue;
    auto revealed =
        apply_changes(s, step.question->reveal_changes, resolve, "question.reveal_changes");
    if (!revealed) return fail(revealed.error());
    s = std::move(revealed).value();
    const Analysis b = analyze(s);
    if (std::string e = check_analysis(s, b, "question.reveal_changes"); !e.empty()) return fail(e);
    if (uses_compare(step.question->explanation) && !s.compare_gpu) {
      return fail("question.explanation: {compare.*} needs a compare_gpu");
    }
  }
  return {};
}

Status check_lesson(const Lesson& lesson, const Scenario& start,
                         const PresetResolver& resolve) {
  return Status::from_message(lesson_walk_problem(lesson, start, resolve));
}

}  // namespace roofline
