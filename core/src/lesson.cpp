// Lessons: scenario changes, animation, and the checks of a lesson's steps.

#include "roofline/lesson.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace roofline {

// [SECTION] Change keys

namespace {

constexpr std::array<ChangeKey, 16> kChangeKeys = {ChangeKey::gpu,
                                                   ChangeKey::model,
                                                   ChangeKey::phase,
                                                   ChangeKey::batch,
                                                   ChangeKey::seq,
                                                   ChangeKey::precision,
                                                   ChangeKey::weights,
                                                   ChangeKey::activations,
                                                   ChangeKey::kv,
                                                   ChangeKey::flash_attention,
                                                   ChangeKey::fuse_elementwise,
                                                   ChangeKey::tp,
                                                   ChangeKey::compute_efficiency,
                                                   ChangeKey::memory_efficiency,
                                                   ChangeKey::memory_utilization,
                                                   ChangeKey::compare_gpu};

std::string number_text(double v) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%g", v);
  return buf.data();
}

std::string integer_range(int64_t max, int64_t got) {
  if (got < 1) return "expected a positive integer, got " + std::to_string(got);
  return "expected an integer from 1 to " + std::to_string(max) + ", got " + std::to_string(got);
}

int64_t max_of(ChangeKey k) {
  return k == ChangeKey::batch ? kMaxBatch : k == ChangeKey::seq ? kMaxSeq : kMaxTp;
}

}  // namespace

std::string_view to_string(ChangeKey k) {
  switch (k) {
    case ChangeKey::gpu:
      return "gpu";
    case ChangeKey::model:
      return "model";
    case ChangeKey::phase:
      return "phase";
    case ChangeKey::batch:
      return "batch";
    case ChangeKey::seq:
      return "seq";
    case ChangeKey::precision:
      return "precision";
    case ChangeKey::weights:
      return "weights";
    case ChangeKey::activations:
      return "activations";
    case ChangeKey::kv:
      return "kv";
    case ChangeKey::flash_attention:
      return "flash_attention";
    case ChangeKey::fuse_elementwise:
      return "fuse_elementwise";
    case ChangeKey::tp:
      return "tp";
    case ChangeKey::compute_efficiency:
      return "compute_efficiency";
    case ChangeKey::memory_efficiency:
      return "memory_efficiency";
    case ChangeKey::memory_utilization:
      return "memory_utilization";
    case ChangeKey::compare_gpu:
      return "compare_gpu";
  }
  return "batch";
}

std::optional<ChangeKey> parse_change_key(std::string_view name) {
  for (ChangeKey k : kChangeKeys) {
    if (to_string(k) == name) return k;
  }
  return std::nullopt;
}

std::span<const ChangeKey> all_change_keys() { return kChangeKeys; }

std::string check_change(const ScenarioChange& c) {
  switch (c.key) {
    case ChangeKey::gpu:
    case ChangeKey::model: {
      const auto* id = std::get_if<std::string>(&c.value);
      if (!id || id->empty()) return "expected a preset id or a path to a .json file";
      return {};
    }
    case ChangeKey::compare_gpu:
      return std::holds_alternative<std::string>(c.value)
                 ? std::string()
                 : "expected a preset id, a path to a .json file, or null for none";
    case ChangeKey::phase:
      return std::holds_alternative<Phase>(c.value) ? std::string()
                                                    : "expected \"prefill\" or \"decode\"";
    case ChangeKey::precision:
    case ChangeKey::weights:
    case ChangeKey::activations:
    case ChangeKey::kv:
      return std::holds_alternative<Precision>(c.value) ? std::string()
                                                        : "expected a precision name";
    case ChangeKey::batch:
    case ChangeKey::seq:
    case ChangeKey::tp: {
      const auto* v = std::get_if<int64_t>(&c.value);
      if (!v) return "expected a positive integer";
      if (*v < 1 || *v > max_of(c.key)) return integer_range(max_of(c.key), *v);
      return {};
    }
    case ChangeKey::flash_attention:
    case ChangeKey::fuse_elementwise:
      return std::holds_alternative<bool>(c.value) ? std::string() : "expected true or false";
    case ChangeKey::compute_efficiency:
    case ChangeKey::memory_efficiency:
    case ChangeKey::memory_utilization: {
      const auto* v = std::get_if<double>(&c.value);
      if (!v) return "expected a number in (0, 1]";
      if (!std::isfinite(*v) || *v <= 0 || *v > 1) {
        return "expected a number in (0, 1], got " + number_text(*v);
      }
      return {};
    }
  }
  return "unknown key";
}

std::string describe(const ScenarioChange& c) {
  std::string text(to_string(c.key));
  text += ' ';
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::string>) {
          text += v.empty() ? std::string("none") : v;
        } else if constexpr (std::is_same_v<V, Phase> || std::is_same_v<V, Precision>) {
          text += to_string(v);
        } else if constexpr (std::is_same_v<V, bool>) {
          text += v ? "on" : "off";
        } else if constexpr (std::is_same_v<V, int64_t>) {
          text += std::to_string(v);
        } else {
          text += number_text(v);
        }
      },
      c.value);
  return text;
}

// [SECTION] Applying changes

namespace {

// Applies one change already checked by check_change(); "" or the resolver's message.
std::string apply_one(Scenario& s, const ScenarioChange& c, const PresetResolver& resolve) {
  const ChangeValue& v = c.value;
  switch (c.key) {
    case ChangeKey::gpu:
    case ChangeKey::compare_gpu: {
      const std::string& id = std::get<std::string>(v);
      if (c.key == ChangeKey::compare_gpu && id.empty()) {
        s.compare_gpu.reset();
        return {};
      }
      if (!resolve.gpu) return "no GPU presets to look '" + id + "' up in";
      Result<GpuSpec> gpu = resolve.gpu(id);
      if (!gpu) return gpu.error();
      (c.key == ChangeKey::gpu ? s.gpu : s.compare_gpu.emplace()) = std::move(gpu).value();
      return {};
    }
    case ChangeKey::model: {
      const std::string& id = std::get<std::string>(v);
      if (!resolve.model) return "no model presets to look '" + id + "' up in";
      Result<ModelConfig> model = resolve.model(id);
      if (!model) return model.error();
      s.model = std::move(model).value();
      return {};
    }
    case ChangeKey::phase:
      s.phase = std::get<Phase>(v);
      return {};
    case ChangeKey::batch:
      s.batch = std::get<int64_t>(v);
      return {};
    case ChangeKey::seq:
      s.seq = std::get<int64_t>(v);
      return {};
    case ChangeKey::tp:
      s.tp = std::get<int64_t>(v);
      return {};
    case ChangeKey::precision:
      s.weights = s.activations = s.kv = std::get<Precision>(v);
      return {};
    case ChangeKey::weights:
      s.weights = std::get<Precision>(v);
      return {};
    case ChangeKey::activations:
      s.activations = std::get<Precision>(v);
      return {};
    case ChangeKey::kv:
      s.kv = std::get<Precision>(v);
      return {};
    case ChangeKey::flash_attention:
      s.flash_attention = std::get<bool>(v);
      return {};
    case ChangeKey::fuse_elementwise:
      s.fuse_elementwise = std::get<bool>(v);
      return {};
    case ChangeKey::compute_efficiency:
      s.compute_efficiency = std::get<double>(v);
      return {};
    case ChangeKey::memory_efficiency:
      s.memory_efficiency = std::get<double>(v);
      return {};
    case ChangeKey::memory_utilization:
      s.memory_utilization = std::get<double>(v);
      return {};
  }
  return {};
}

// apply_changes() with the key path of the list in messages ("changes" or
// "question.reveal_changes").
Result<Scenario> apply_listed(const Scenario& start, std::span<const ScenarioChange> changes,
                              const PresetResolver& resolve, std::string_view path) {
  Scenario s = start;
  for (const ScenarioChange& c : changes) {
    std::string error = check_change(c);
    if (error.empty()) error = apply_one(s, c, resolve);
    if (!error.empty()) {
      return Result<Scenario>::fail(std::string(path) + "." + std::string(to_string(c.key)) + ": " +
                                    error);
    }
  }
  if (std::string error = validate(s); !error.empty()) {
    return Result<Scenario>::fail(std::string(path) + ": " + error);
  }
  return Result<Scenario>::ok(std::move(s));
}

}  // namespace

Result<Scenario> apply_changes(const Scenario& s, std::span<const ScenarioChange> changes,
                               const PresetResolver& resolve) {
  return apply_listed(s, changes, resolve, "changes");
}

Scenario interpolate(const Scenario& from, const Scenario& to, double t) {
  if (!(t < 1)) return to;  // also NaN
  t = std::max(t, 0.0);
  Scenario s = to;
  auto geometric = [t](int64_t a, int64_t b) {
    const double la = std::log(static_cast<double>(std::max<int64_t>(a, 1)));
    const double lb = std::log(static_cast<double>(std::max<int64_t>(b, 1)));
    const auto v = static_cast<int64_t>(std::llround(std::exp(la + t * (lb - la))));
    return std::clamp(v, std::min(a, b), std::max(a, b));
  };
  auto linear = [t](double a, double b) { return a + t * (b - a); };
  s.batch = geometric(from.batch, to.batch);
  s.seq = geometric(from.seq, to.seq);
  s.compute_efficiency = linear(from.compute_efficiency, to.compute_efficiency);
  s.memory_efficiency = linear(from.memory_efficiency, to.memory_efficiency);
  s.memory_utilization = linear(from.memory_utilization, to.memory_utilization);
  return s;
}

// [SECTION] Lessons

bool is_highlight_id(std::string_view id) {
  for (std::string_view fixed : {"group:fc", "group:attention", "group:elementwise", "group:step",
                                 "roof", "ridge", "trail", "critical", "compare"}) {
    if (id == fixed) return true;
  }
  if (id.starts_with("op:")) return id.size() > 3;
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
    if (std::string e = check_change(c); !e.empty()) {
      return std::string(path) + "." + std::string(to_string(c.key)) + ": " + e;
    }
  }
  return {};
}

std::string check_text(std::string_view text, std::string_view key) {
  if (text.empty()) return std::string(key) + ": expected a non-empty string";
  if (std::string e = check_template(text); !e.empty()) return std::string(key) + ": " + e;
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
             "': expected group:fc, group:attention, group:elementwise, group:step, op:NAME, "
             "roof, roof:PRECISION, ridge, trail, critical or compare";
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
    if (!id.starts_with("op:") || a.find_op(std::string_view(id).substr(3))) continue;
    std::string names;
    for (const OpCost& op : a.ops) names += (names.empty() ? "" : ", ") + std::string(op.name);
    return "highlight: this step's analysis has no op '" + id.substr(3) + "': expected one of " +
           names;
  }
  return {};
}

}  // namespace

std::string validate(const Lesson& lesson) {
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

Result<Scenario> scenario_at_step(const Lesson& lesson, const Scenario& start, size_t index,
                                  bool revealed, const PresetResolver& resolve) {
  if (index >= lesson.steps.size()) {
    return Result<Scenario>::fail("step " + std::to_string(index + 1) + ": the lesson has " +
                                  std::to_string(lesson.steps.size()) + " steps");
  }
  Scenario s = start;
  for (size_t i = 0; i <= index; ++i) {
    const LessonStep& step = lesson.steps[i];
    auto next = apply_listed(s, step.changes, resolve, "changes");
    if (next && step.question && (i < index || revealed)) {
      next = apply_listed(next.value(), step.question->reveal_changes, resolve,
                          "question.reveal_changes");
    }
    if (!next) return Result<Scenario>::fail(step_label(lesson, i) + ": " + next.error());
    s = std::move(next).value();
  }
  return Result<Scenario>::ok(std::move(s));
}

std::string check_lesson(const Lesson& lesson, const Scenario& start,
                         const PresetResolver& resolve) {
  if (std::string e = validate(lesson); !e.empty()) return e;
  Scenario s = start;
  for (size_t i = 0; i < lesson.steps.size(); ++i) {
    const LessonStep& step = lesson.steps[i];
    auto fail = [&](const std::string& e) { return step_label(lesson, i) + ": " + e; };
    auto shown = apply_listed(s, step.changes, resolve, "changes");
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
        apply_listed(s, step.question->reveal_changes, resolve, "question.reveal_changes");
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

}  // namespace roofline
