// Lesson files: JSON -> roofline::Lesson, with one clear message on bad input.

#include "roofline/io/lesson_io.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>

#include "embedded_presets.h"
#include "io_internal.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

namespace roofline {
namespace {

// The largest "order" a lesson may give (its place in the picker).
constexpr int64_t kMaxLessonOrder = 1'000'000;

// A string, or an array of paragraphs joined with a blank line.
std::string paragraphs(const Reader& r, std::string_view key) {
  constexpr std::string_view kExpected = "a string or an array of strings";
  const Json* v = r.find(key);
  if (v && !v->is_array() && !v->is_string()) r.fail(key, kExpected, *v);
  if (!v || !v->is_array()) return r.string(key);
  std::string text;
  for (const Json& p : *v) {
    if (!p.is_string()) r.fail(key, kExpected, p);
    text += (text.empty() ? "" : "\n\n") + p.get<std::string>();
  }
  return text;
}

std::vector<std::string> strings(const Reader& r, std::string_view key, std::string_view what) {
  const Json& v = r.at(key, what);
  if (!v.is_array()) r.fail(key, what, v);
  std::vector<std::string> list;
  for (const Json& s : v) {
    if (!s.is_string()) r.fail(key, what, s);
    list.push_back(s.get<std::string>());
  }
  return list;
}

// The changes object at `key`, in table order (`precision` before the three precisions it
// sets, knobs.h); messages name a change "KEY.NAME" ("question.reveal_changes.batch").
std::vector<ScenarioChange> read_changes(const Reader& r, std::string_view key) {
  std::vector<ScenarioChange> changes;
  const Json* v = r.find(key);
  if (!v) return changes;
  if (!v->is_object()) r.fail(key, "an object of scenario changes", *v);
  const Reader list = r.child(key);
  for (const auto& [name, value] : v->items()) {
    if (name.starts_with("_")) continue;
    const Knob* k = find_knob(name);
    if (!k) {
      std::string names;
      for (const Knob& known : knobs())
        names += (names.empty() ? "" : ", ") + std::string(known.name);
      list.fail_message(name, "unknown scenario change: expected one of " + names);
    }
    ScenarioChange change{k->key, to_knob_value(list, *k, value)};
    if (std::string e = check_change(change).error(); !e.empty()) list.fail_message(name, e);
    changes.push_back(std::move(change));
  }
  std::stable_sort(changes.begin(), changes.end(),
                   [](const ScenarioChange& a, const ScenarioChange& b) { return a.key < b.key; });
  return changes;
}

LessonQuestion read_question(const Reader& step) {
  const Reader q = step.child("question");
  q.only_keys({"prompt", "choices", "answer", "explanation", "reveal_changes"});
  LessonQuestion question;
  question.prompt = paragraphs(q, "prompt");
  question.choices = strings(q, "choices", "an array of strings");
  question.answer =
      static_cast<size_t>(q.integer("answer", {0, std::numeric_limits<int64_t>::max(),
                                               "the index of the right choice (from 0)"}));
  question.explanation = paragraphs(q, "explanation");
  question.reveal_changes = read_changes(q, "reveal_changes");
  return question;
}

// Messages inside a step name it "step 3 (\"Batching\"): ", by its title when it has one.
LessonStep read_step(const Reader& top, const Json& steps, size_t index) {
  const std::string number = "step " + std::to_string(index + 1);
  const Json& s = steps[index];
  if (!s.is_object()) top.fail(number, "an object", s);
  const Json* title = s.contains("title") ? &s["title"] : nullptr;
  const bool titled = title && title->is_string() && !title->get<std::string>().empty();
  const Reader r(s, top.origin(),
                 number + (titled ? " (\"" + title->get<std::string>() + "\")" : "") + ": ");
  r.only_keys({"title", "text", "changes", "highlight", "pin_ghosts", "question"});
  LessonStep step;
  step.title = r.string("title");
  step.text = paragraphs(r, "text");
  step.changes = read_changes(r, "changes");
  if (r.has("highlight")) step.highlight = strings(r, "highlight", "an array of series ids");
  step.pin_ghosts = r.boolean("pin_ghosts", false);
  if (r.has("question")) step.question = read_question(r);
  return step;
}

Lesson read_lesson(const Reader& r) {
  r.only_keys({"id", "title", "summary", "order", "steps"});
  Lesson lesson;
  lesson.id = r.string("id");
  lesson.title = r.string("title");
  lesson.summary = r.string("summary");
  lesson.order = static_cast<int>(r.integer("order", integer_between(0, kMaxLessonOrder), 0));
  const Json& steps = r.at("steps", "an array of steps");
  if (!steps.is_array()) r.fail("steps", "an array of steps", steps);
  for (size_t i = 0; i < steps.size(); ++i) lesson.steps.push_back(read_step(r, steps, i));
  return lesson;
}

}  // namespace

Result<Lesson> parse_lesson(std::string_view json_text, std::string_view origin) {
  auto lesson = read_json<Lesson>(json_text, origin, read_lesson);
  if (!lesson) return lesson;
  if (std::string e = validate(lesson.value()).error(); !e.empty()) {
    return Result<Lesson>::fail(std::string(origin) + ": " + e);
  }
  return lesson;
}

Result<Lesson> load_lesson(std::string_view json_text, std::string_view origin,
                           const PresetLibrary& library) {
  auto lesson = parse_lesson(json_text, origin);
  if (!lesson) return lesson;
  const std::string e =
      check_lesson(lesson.value(), library.default_scenario(), preset_resolver(library)).error();
  if (!e.empty()) return Result<Lesson>::fail(std::string(origin) + ": " + e);
  return lesson;
}

Result<Lesson> load_lesson_file(std::string_view path, const PresetLibrary& library) {
  auto text = read_text_file(path);
  if (!text) return Result<Lesson>::fail(text.error());
  return load_lesson(text.value(), path, library);
}

std::vector<PresetEntry> builtin_lesson_entries() {
  std::vector<PresetEntry> entries;
  for (const EmbeddedPreset& p : embedded_presets()) {
    if (std::string_view(p.kind) != "lessons") continue;
    entries.push_back({p.id, display_name_of(p.text, p.id), p.origin, p.text});
  }
  std::sort(entries.begin(), entries.end(),
            [](const PresetEntry& a, const PresetEntry& b) { return a.id < b.id; });
  return entries;
}

Result<Lesson> find_lesson(std::string_view id_or_path, const PresetLibrary& library) {
  const std::vector<PresetEntry> entries = builtin_lesson_entries();
  for (const PresetEntry& e : entries) {
    if (e.id == id_or_path) return load_lesson(e.text, e.origin, library);
  }
  if (looks_like_path(id_or_path)) return load_lesson_file(id_or_path, library);
  std::string ids;
  for (const PresetEntry& e : entries) ids += (ids.empty() ? "" : ", ") + e.id;
  return Result<Lesson>::fail("unknown lesson '" + std::string(id_or_path) + "': expected " +
                              (ids.empty() ? std::string("a path to a .json file")
                                           : "one of " + ids + " or a path to a .json file"));
}

LessonCatalog builtin_lessons(const PresetLibrary& library) {
  LessonCatalog catalog;
  for (const PresetEntry& e : builtin_lesson_entries()) {
    auto lesson = load_lesson(e.text, e.origin, library);
    if (lesson) {
      catalog.lessons.push_back(std::move(lesson).value());
    } else {
      catalog.errors.push_back(lesson.error());
    }
  }
  std::stable_sort(catalog.lessons.begin(), catalog.lessons.end(),
                   [](const Lesson& a, const Lesson& b) {
                     return a.order != b.order ? a.order < b.order : a.id < b.id;
                   });
  return catalog;
}

}  // namespace roofline
