#include "roofline/persist/scenario_link.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace roofline {

namespace {

constexpr std::string_view kLesson = "lesson";
constexpr std::string_view kStep = "step";

bool unreserved(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_pair(std::string& out, std::string_view key, std::string_view value) {
  if (!out.empty()) out += '&';
  out.append(key).append(1, '=').append(percent_encode(value));
}

size_t order_of(ChangeKey key) {
  const auto order = file_order();
  return static_cast<size_t>(std::find(order.begin(), order.end(), key) - order.begin());
}

}  // namespace

std::string percent_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    if (unreserved(c)) {
      out += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      out.append(1, '%').append(1, kHex[byte >> 4]).append(1, kHex[byte & 15]);
    }
  }
  return out;
}

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int hi = hex_digit(text[i + 1]);
    const int lo = hex_digit(text[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return out;
}

namespace {

// The saved knobs whose value on `s` differs from `base` (a scenario, or the knobs' defaults).
std::string knob_pairs(std::string out, const Scenario& s, const Scenario* base) {
  for (const ChangeKey key : file_order()) {
    const Knob& k = knob(key);
    if (!k.saved) continue;
    const ChangeValue value = k.get(s);
    if (value == (base != nullptr ? k.get(*base) : default_value(k))) continue;
    append_pair(out, k.name, exact_value_text(value));
  }
  return out;
}

std::string lesson_pairs(std::string_view lesson, size_t step) {
  std::string out;
  if (lesson.empty()) return out;
  append_pair(out, kLesson, lesson);
  append_pair(out, kStep, std::to_string(step));
  return out;
}

}  // namespace

std::string scenario_link_fragment(const Scenario& s, std::string_view lesson, size_t step) {
  return knob_pairs(lesson_pairs(lesson, step), s, nullptr);
}

std::string scenario_link_fragment(const Scenario& s, std::string_view lesson, size_t step,
                                   const Scenario& step_scenario) {
  return knob_pairs(lesson_pairs(lesson, step), s, &step_scenario);
}

Result<ScenarioLink> parse_scenario_link(std::string_view fragment) {
  using R = Result<ScenarioLink>;
  if (!fragment.empty() && fragment.front() == '#') fragment.remove_prefix(1);
  ScenarioLink link;
  std::vector<std::string> seen;
  while (!fragment.empty()) {
    const size_t amp = fragment.find('&');
    const std::string_view pair = fragment.substr(0, amp);
    fragment = amp == std::string_view::npos ? std::string_view() : fragment.substr(amp + 1);
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    const auto key = percent_decode(pair.substr(0, eq));
    const auto value = eq == std::string_view::npos ? std::optional<std::string>()
                                                    : percent_decode(pair.substr(eq + 1));
    if (!key || !value)
      return R::fail("link: '" + std::string(pair) + "' is not KEY=VALUE (percent-encoded)");
    if (std::find(seen.begin(), seen.end(), *key) != seen.end())
      return R::fail("link: " + *key + " is given twice");
    seen.push_back(*key);
    if (*key == kLesson) {
      if (value->empty()) return R::fail("link: lesson: expected a lesson id, got ''");
      link.lesson = *value;
      continue;
    }
    if (*key == kStep) {
      size_t step = 0;
      const auto [end, ec] = std::from_chars(value->data(), value->data() + value->size(), step);
      if (ec != std::errc() || end != value->data() + value->size() || step == 0)
        return R::fail("link: step: expected a step number from 1, got '" + *value + "'");
      link.step = step;
      continue;
    }
    const Knob* k = find_knob(*key);
    if (k == nullptr || !k->saved) {
      std::string known = "lesson, step";
      for (const ChangeKey each : file_order()) {
        if (knob(each).saved) known.append(", ").append(knob(each).name);
      }
      return R::fail("link: unknown key '" + *key + "': expected one of " + known);
    }
    auto parsed = value_from_text(*k, *value);
    if (!parsed) return R::fail("link: " + *key + ": " + parsed.error());
    link.changes.push_back({k->key, std::move(parsed).value()});
  }
  if (link.lesson.empty() && std::find(seen.begin(), seen.end(), kStep) != seen.end())
    return R::fail("link: step without a lesson");
  std::stable_sort(link.changes.begin(), link.changes.end(),
                   [](const ScenarioChange& a, const ScenarioChange& b) {
                     return order_of(a.key) < order_of(b.key);
                   });
  return R::ok(std::move(link));
}

}  // namespace roofline
