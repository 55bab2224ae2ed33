// Lesson text: the emphasis parser and the live-value placeholders of lesson_text.h.

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "roofline/lessons/lesson_text.h"
#include "roofline/readouts.h"

namespace roofline {

// [SECTION] Emphasis

namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// Letters, digits and any byte of a multi-byte UTF-8 character.
bool is_word(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80;
}

bool can_open(std::string_view t, size_t i) {
  return i + 1 < t.size() && !is_space(t[i + 1]) && (i == 0 || !is_word(t[i - 1]));
}

bool can_close(std::string_view t, size_t i) {
  return i > 0 && !is_space(t[i - 1]) && (i + 1 == t.size() || !is_word(t[i + 1]));
}

// The first place after `open` that closes it, with at least one character between.
std::optional<size_t> find_closer(std::string_view t, size_t open) {
  for (size_t j = open + 2; j < t.size(); ++j) {
    if (t[j] == t[open] && can_close(t, j)) return j;
  }
  return std::nullopt;
}

}  // namespace

std::vector<TextSpan> parse_emphasis(std::string_view text) {
  std::vector<TextSpan> spans;
  TextSpan current;
  std::optional<size_t> close_bold, close_italic;
  auto flush = [&] {
    if (current.text.empty()) return;
    if (!spans.empty() && spans.back().bold == current.bold &&
        spans.back().italic == current.italic) {
      spans.back().text += current.text;
    } else {
      spans.push_back(current);
    }
    current.text.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '*' && c != '_') {
      current.text += c;
      continue;
    }
    std::optional<size_t>& closer = c == '*' ? close_bold : close_italic;
    bool& style = c == '*' ? current.bold : current.italic;
    if (closer && *closer == i) {
      flush();
      style = false;
      closer.reset();
    } else if (!closer && can_open(text, i) && (closer = find_closer(text, i))) {
      flush();
      style = true;
    } else {
      current.text += c;
    }
  }
  flush();
  return spans;
}

// [SECTION] Placeholders

namespace {

// The four groups, then one attention type each (its kind, core/MODEL.md §6): the attention
// ops of the model's layers of that kind. {G.field} takes a field of readouts.h's group table.
constexpr std::array<std::string_view, 9> kGroups = {
    "fc", "attention", "elementwise", "step", "full", "sliding", "chunked", "linear", "mamba"};

// Every name: the step readouts' placeholders, then each group's fields.
const std::vector<std::string>& name_storage() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const StepReadout& r : step_readouts())
      if (!r.placeholder.empty()) out.emplace_back(r.placeholder);
    for (std::string_view g : kGroups) {
      for (const GroupReadout& f : group_readouts())
        out.push_back(std::string(g) + "." + std::string(f.field));
    }
    return out;
  }();
  return names;
}

bool known_name(std::string_view name) {
  for (const std::string& n : name_storage()) {
    if (n == name) return true;
  }
  return false;
}

// Each `{name}` of `text` in order; `error` set (and parsing stopped) on an unclosed brace.
template <class F>
void for_each_placeholder(std::string_view text, F&& on_name, std::string* error = nullptr,
                          std::string* literal = nullptr) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{') {
      if (literal) *literal += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '{') {
      if (literal) *literal += '{';
      ++i;
      continue;
    }
    const size_t end = text.find('}', i);
    if (end == std::string_view::npos) {
      if (error) *error = "'{' is never closed: write {{ for a literal brace";
      if (literal) *literal += text.substr(i);
      return;
    }
    on_name(text.substr(i + 1, end - i - 1), literal);
    i = end;
  }
}

// The values of one scenario and analysis: a step readout by its placeholder, or a group's
// field. The costly ones (the compare GPU's step, the critical batch) are computed on first use.
class Values {
 public:
  Values(const Scenario& s, const Analysis& a) : ctx_(s, a) {}

  std::optional<std::string> operator()(std::string_view name) const {
    if (const StepReadout* r = find_step_readout_by_placeholder(name))
      return readout_text(r->quantity, r->get(ctx_));
    const size_t dot = name.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    const std::string_view field = name.substr(dot + 1);
    for (const GroupReadout& f : group_readouts()) {
      if (f.field != field) continue;
      const GroupCost* g = group(name.substr(0, dot));
      return g ? readout_text(f.quantity, f.get(*g, ctx_.analysis))
               : std::string(kNotApplicable);
    }
    return std::nullopt;
  }

 private:
  // An attention type by its kind ("sliding"): its own group, or the attention group when the
  // model has only that kind (MLA layers are "full" here); nullptr when it has none.
  const GroupCost* attention_type(std::string_view kind) const {
    const Analysis& a = ctx_.analysis;
    auto matches = [&](const LayerTypeInfo& t) {
      return t.kind == kind || (kind == "full" && t.kind == "mla");
    };
    for (const GroupCost& g : a.attention_types) {
      if (matches(a.layer_types[static_cast<size_t>(g.layer_type)])) return &g;
    }
    if (!a.attention_types.empty()) return nullptr;
    for (const LayerTypeInfo& t : a.layer_types) {
      if (t.part == LayerPart::mixer) return matches(t) ? &a.attention : nullptr;
    }
    return nullptr;
  }

  const GroupCost* group(std::string_view name) const {
    const Analysis& a = ctx_.analysis;
    return name == "fc"            ? &a.fc
           : name == "attention"   ? &a.attention
           : name == "elementwise" ? &a.elementwise
           : name == "step"        ? &a.step
                                   : attention_type(name);
  }

  StepContext ctx_;
};

}  // namespace

std::span<const std::string_view> placeholder_names() {
  static const std::vector<std::string_view> views = [] {
    std::vector<std::string_view> out;
    for (const std::string& n : name_storage()) out.emplace_back(n);
    return out;
  }();
  return views;
}

namespace {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The known name a typo most likely meant: a few edits away, or one a prefix of the other.
std::optional<std::string_view> closest_name(std::string_view name) {
  std::optional<std::string_view> best;
  size_t best_distance = std::max<size_t>(2, name.size() / 4) + 1;
  for (std::string_view n : placeholder_names()) {
    const size_t d = name.starts_with(n) || n.starts_with(name) ? 1 : edit_distance(name, n);
    if (d < best_distance) {
      best = n;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace

static std::string template_problem(std::string_view text) {
  std::string error;
  for_each_placeholder(
      text,
      [&](std::string_view name, std::string*) {
        if (!error.empty() || known_name(name)) return;
        error = "unknown placeholder {" + std::string(name) + "}: ";
        if (const auto guess = closest_name(name)) {
          error += "did you mean {" + std::string(*guess) + "}?";
        } else {
          error +=
              "expected a name such as {ridge}, {fc.intensity} or {step.time} "
              "(presets/lessons/README.md lists them all)";
        }
      },
      &error);
  return error;
}

Status check_template(std::string_view text) {
  return Status::from_message(template_problem(text));
}

bool uses_compare(std::string_view text) {
  bool found = false;
  for_each_placeholder(text, [&](std::string_view name, std::string*) {
    found = found || name.starts_with("compare.");
  });
  return found;
}

std::string fill_template(std::string_view text, const Scenario& s, const Analysis& a,
                          std::string_view value_space) {
  Values values(s, a);
  std::string out;
  for_each_placeholder(
      text,
      [&](std::string_view name, std::string* literal) {
        const std::optional<std::string> v = known_name(name) ? values(name) : std::nullopt;
        if (v) {
          for (char c : *v) c == ' ' ? literal->append(value_space) : literal->append(1, c);
        } else {  // kept as written (gcc 12 warns falsely on "{" + name + "}")
          literal->append(1, '{').append(name).append(1, '}');
        }
      },
      nullptr, &out);
  return out;
}

}  // namespace roofline
