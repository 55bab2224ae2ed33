// Lesson files: JSON -> roofline::Lesson, with one clear message on bad input.

#include "roofline/io/lesson_io.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "embedded_presets.h"
#include "io_internal.h"
#include "roofline/io/json_io.h"

namespace roofline {
namespace {

using Json = nlohmann::ordered_json;

struct LessonError {
  std::string message;  // without the origin
};

std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 48) text = text.substr(0, 45) + "...";
  return text;
}

// Where in the file we are: "" at the top, "step 3 (\"Batching\"): " inside a step.
struct Place {
  std::string prefix;

  [[noreturn]] void fail(std::string_view key, std::string_view message) const {
    throw LessonError{prefix + std::string(key) + ": " + std::string(message)};
  }
  [[noreturn]] void expected(std::string_view key, std::string_view what, const Json& got) const {
    fail(key, "expected " + std::string(what) + ", got " + shown(got));
  }
};

void check_keys(const Json& object, std::initializer_list<std::string_view> known,
                const Place& place, std::string_view path) {
  for (const auto& [key, value] : object.items()) {
    if (key.starts_with("_") || std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    place.fail(std::string(path) + key, "unknown key: expected one of " + list);
  }
}

const Json* find(const Json& object, std::string_view key) {
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

std::string string_at(const Json& object, std::string_view key, const Place& place,
                      std::string_view path = "") {
  const Json* v = find(object, key);
  const std::string full = std::string(path) + std::string(key);
  if (!v) place.fail(full, "missing, expected a string");
  if (!v->is_string()) place.expected(full, "a string", *v);
  return v->get<std::string>();
}

// A string, or an array of paragraphs joined with a blank line.
std::string paragraphs_at(const Json& object, std::string_view key, const Place& place,
                          std::string_view path = "") {
  const Json* v = find(object, key);
  const std::string full = std::string(path) + std::string(key);
  if (v && v->is_array()) {
    std::string text;
    for (const Json& p : *v) {
      if (!p.is_string()) place.expected(full, "a string or an array of strings", p);
      text += (text.empty() ? "" : "\n\n") + p.get<std::string>();
    }
    return text;
  }
  if (v && !v->is_string()) place.expected(full, "a string or an array of strings", *v);
  return string_at(object, key, place, path);
}

std::optional<int64_t> as_integer(const Json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  return std::nullopt;
}

ChangeValue change_value(const Knob& k, const Json& v, const Place& place,
                         const std::string& full) {
  switch (k.type) {
    case KnobType::reference:
      if (v.is_null() && k.preset.empty()) return std::string();  // an optional knob: none
      if (!v.is_string() || v.get<std::string>().empty()) place.expected(full, expected(k), v);
      return v.get<std::string>();
    case KnobType::phase: {
      const auto p = v.is_string() ? parse_phase(v.get<std::string>()) : std::nullopt;
      if (!p) place.expected(full, expected(k), v);
      return *p;
    }
    case KnobType::precision: {
      const auto p = v.is_string() ? parse_precision(v.get<std::string>()) : std::nullopt;
      if (!p) place.expected(full, "one of " + precision_names(), v);
      return *p;
    }
    case KnobType::integer: {
      const auto i = as_integer(v);
      if (!i) place.expected(full, expected(k), v);
      return *i;
    }
    case KnobType::toggle:
      if (!v.is_boolean()) place.expected(full, expected(k), v);
      return v.get<bool>();
    case KnobType::fraction:
      if (!v.is_number()) place.expected(full, expected(k), v);
      return v.get<double>();
  }
  place.fail(full, "unknown key");
}

// The changes object at `key`; messages name it as `path` + key ("question.reveal_changes").
std::vector<ScenarioChange> read_changes(const Json& object, std::string_view key,
                                         const Place& place, std::string_view path = "") {
  std::vector<ScenarioChange> changes;
  const Json* v = find(object, key);
  if (!v) return changes;
  const std::string list_key = std::string(path) + std::string(key);
  if (!v->is_object()) place.expected(list_key, "an object of scenario changes", *v);
  for (const auto& [name, value] : v->items()) {
    const std::string full = list_key + "." + name;
    if (name.starts_with("_")) continue;
    const Knob* k = find_knob(name);
    if (!k) {
      std::string list;
      for (const Knob& known : knobs())
        list += (list.empty() ? "" : ", ") + std::string(known.name);
      place.fail(full, "unknown scenario change: expected one of " + list);
    }
    ScenarioChange change{k->key, change_value(*k, value, place, full)};
    if (std::string e = check_change(change); !e.empty()) place.fail(full, e);
    changes.push_back(std::move(change));
  }
  // Table order: `precision` before the three precisions it sets (knobs.h).
  std::stable_sort(changes.begin(), changes.end(),
                   [](const ScenarioChange& a, const ScenarioChange& b) { return a.key < b.key; });
  return changes;
}

LessonQuestion read_question(const Json& q, const Place& place) {
  if (!q.is_object()) place.expected("question", "an object", q);
  check_keys(q, {"prompt", "choices", "answer", "explanation", "reveal_changes"}, place,
             "question.");
  LessonQuestion question;
  question.prompt = paragraphs_at(q, "prompt", place, "question.");
  const Json* choices = find(q, "choices");
  if (!choices) place.fail("question.choices", "missing, expected an array of strings");
  if (!choices->is_array()) place.expected("question.choices", "an array of strings", *choices);
  for (const Json& c : *choices) {
    if (!c.is_string()) place.expected("question.choices", "an array of strings", c);
    question.choices.push_back(c.get<std::string>());
  }
  const Json* answer = find(q, "answer");
  if (!answer) place.fail("question.answer", "missing, expected the index of the right choice");
  const auto index = as_integer(*answer);
  if (!index || *index < 0) {
    place.expected("question.answer", "the index of the right choice (from 0)", *answer);
  }
  question.answer = static_cast<size_t>(*index);
  question.explanation = paragraphs_at(q, "explanation", place, "question.");
  question.reveal_changes = read_changes(q, "reveal_changes", place, "question.");
  return question;
}

LessonStep read_step(const Json& s, const Place& top, size_t index) {
  const std::string number = "step " + std::to_string(index + 1);
  if (!s.is_object()) top.expected(number, "an object", s);
  LessonStep step;
  const Json* title = find(s, "title");
  if (title && title->is_string()) step.title = title->get<std::string>();
  Place place{number + (step.title.empty() ? "" : " (\"" + step.title + "\")") + ": "};
  check_keys(s, {"title", "text", "changes", "highlight", "pin_ghosts", "question"}, place, "");
  step.title = string_at(s, "title", place);
  step.text = paragraphs_at(s, "text", place);
  step.changes = read_changes(s, "changes", place);
  if (const Json* h = find(s, "highlight")) {
    if (!h->is_array()) place.expected("highlight", "an array of series ids", *h);
    for (const Json& id : *h) {
      if (!id.is_string()) place.expected("highlight", "an array of series ids", id);
      step.highlight.push_back(id.get<std::string>());
    }
  }
  if (const Json* pin = find(s, "pin_ghosts")) {
    if (!pin->is_boolean()) place.expected("pin_ghosts", "true or false", *pin);
    step.pin_ghosts = pin->get<bool>();
  }
  if (const Json* q = find(s, "question")) step.question = read_question(*q, place);
  return step;
}

Lesson read_lesson(const Json& root) {
  const Place top;
  if (!root.is_object())
    throw LessonError{"expected a JSON object at the top level, got " + shown(root)};
  check_keys(root, {"id", "title", "summary", "order", "steps"}, top, "");
  Lesson lesson;
  lesson.id = string_at(root, "id", top);
  lesson.title = string_at(root, "title", top);
  lesson.summary = string_at(root, "summary", top);
  if (const Json* order = find(root, "order")) {
    const auto o = as_integer(*order);
    if (!o || *o < 0 || *o > 1'000'000)
      top.expected("order", "an integer from 0 to 1000000", *order);
    lesson.order = static_cast<int>(*o);
  }
  const Json* steps = find(root, "steps");
  if (!steps) top.fail("steps", "missing, expected an array of steps");
  if (!steps->is_array()) top.expected("steps", "an array of steps", *steps);
  for (size_t i = 0; i < steps->size(); ++i) lesson.steps.push_back(read_step((*steps)[i], top, i));
  return lesson;
}

std::string condense_parse_error(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (auto bracket = what.find("] "); bracket != std::string::npos) what.erase(0, bracket + 2);
  constexpr std::string_view kPrefix = "parse error ";
  if (what.starts_with(kPrefix)) what.erase(0, kPrefix.size());
  return "invalid JSON " + what;
}

}  // namespace

Result<Lesson> parse_lesson(std::string_view json_text, std::string_view origin) {
  const std::string at = std::string(origin) + ": ";
  Lesson lesson;
  try {
    lesson = read_lesson(Json::parse(json_text.begin(), json_text.end()));
  } catch (const nlohmann::json::parse_error& e) {
    return Result<Lesson>::fail(at + condense_parse_error(e));
  } catch (const nlohmann::json::exception& e) {
    return Result<Lesson>::fail(at + e.what());
  } catch (const LessonError& e) {
    return Result<Lesson>::fail(at + e.message);
  }
  if (std::string e = validate(lesson); !e.empty()) return Result<Lesson>::fail(at + e);
  return Result<Lesson>::ok(std::move(lesson));
}

Result<Lesson> load_lesson(std::string_view json_text, std::string_view origin,
                           const PresetLibrary& library) {
  auto lesson = parse_lesson(json_text, origin);
  if (!lesson) return lesson;
  const std::string e =
      check_lesson(lesson.value(), library.default_scenario(), preset_resolver(library));
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
