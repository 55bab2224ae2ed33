#include "roofline/io/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "io_internal.h"
#include "roofline/charconv.h"

namespace roofline {

bool is_utf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    size_t n = 0;
    uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n = 1;
      cp = c & 0x1Fu;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2;
      cp = c & 0x0Fu;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3;
      cp = c & 0x07u;
    } else {
      return false;
    }
    for (size_t k = 1; k <= n; ++k) {
      if (i + k >= text.size()) return false;
      const auto b = static_cast<unsigned char>(text[i + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3Fu);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 48) text = text.substr(0, 45) + "...";
  return text;
}

std::string limit_text(double value) { return chars_fixed(value); }

std::string too_deep(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  int line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (in_string) {
      if (c == '\\') {
        ++i;  // an escaped character, '"' included
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        return "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels at line " +
               std::to_string(line);
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return {};
}

// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." becomes
// "invalid JSON at line 3, column 5: syntax error ...".
std::string condense_parse_error(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (auto bracket = what.find("] "); bracket != std::string::npos) what.erase(0, bracket + 2);
  constexpr std::string_view kPrefix = "parse error ";
  if (what.starts_with(kPrefix)) return "invalid JSON " + what.erase(0, kPrefix.size());
  // Not a syntax error: a number past double's range ("number overflow parsing '1e400'").
  return "invalid JSON: " + what;
}

Json parse_object(std::string_view text, std::string_view origin) {
  // A file saved as UTF-16 (a Windows editor's "Unicode") is named as such, not reported as an
  // invalid literal quoting its first byte.
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
    throw InputError{std::string(origin) +
                     ": the file is UTF-16 text; roofline reads JSON in UTF-8 (save it as UTF-8)"};
  }
  // An empty file (a failed download, a truncated save) is named as such, not as a syntax error;
  // so is one with nothing but a UTF-8 byte-order mark and white space.
  const std::string_view body = text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text;
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw InputError{std::string(origin) + ": the file is empty (" +
                     (text.empty() ? std::string("0 bytes") : "only white space") +
                     "): expected a JSON object"};
  }
  if (std::string deep = too_deep(text); !deep.empty()) {
    throw InputError{std::string(origin) + ": " + deep};
  }
  Json root;
  try {
    root = Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    throw InputError{std::string(origin) + ": " + condense_parse_error(e)};
  }
  if (!root.is_object()) {
    throw InputError{std::string(origin) + ": expected a JSON object at the top level, got " +
                     shown(root)};
  }
  return root;
}

std::optional<int64_t> as_integer(const Json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_float()) {
    const double d = v.get<double>();
    // 9.2e18 keeps the cast in range.
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18) {
      return static_cast<int64_t>(d);
    }
  }
  return std::nullopt;
}

IntegerRule integer_at_least(int64_t min) {
  if (min == 1) return {1, std::numeric_limits<int64_t>::max(), "a positive integer"};
  return {min, std::numeric_limits<int64_t>::max(), "an integer >= " + std::to_string(min)};
}

IntegerRule integer_between(int64_t lo, int64_t hi, std::string_view noun) {
  return {lo, hi,
          std::string(noun) + " between " + std::to_string(lo) + " and " + std::to_string(hi)};
}

NumberRule positive_number(std::string_view unit) {
  return {0, std::numeric_limits<double>::infinity(), true,
          "a positive number (" + std::string(unit) + ")"};
}

NumberRule physical_quantity(std::string_view unit, double min) {
  // A power of ten as "1e6" (not printf's "1e+06"), anything else as a person writes it.
  const double exponent = std::round(std::log10(min));
  const std::string text = std::pow(10.0, exponent) == min
                               ? "1e" + std::to_string(static_cast<int>(exponent))
                               : limit_text(min);
  return {min, std::numeric_limits<double>::infinity(), false,
          "a positive number (" + std::string(unit) + ") of at least " + text};
}

NumberRule number_between(double lo, double hi, std::string_view noun) {
  return {lo, hi, false,
          std::string(noun) + " between " + limit_text(lo) + " and " + limit_text(hi)};
}

Reader::Reader(const Json& object, std::string_view origin, std::string path)
    : object_(object), origin_(origin), path_(std::move(path)) {}

void Reader::fail(std::string_view key, std::string_view expected, const Json& got) const {
  fail_message(key, "expected " + std::string(expected) + ", got " + shown(got));
}

void Reader::fail_message(std::string_view key, std::string_view message) const {
  throw InputError{std::string(origin_) + ": " + key_path(key) + ": " + std::string(message)};
}

void Reader::missing(std::string_view key, std::string_view expected) const {
  fail_message(key, "missing, expected " + std::string(expected));
}

const Json* Reader::find(std::string_view key) const {
  if (log_ && !log_->contains(key)) log_->emplace(key);
  auto it = object_.find(key);
  if (it == object_.end() || it->is_null()) return nullptr;
  return &*it;
}

const Json& Reader::at(std::string_view key, std::string_view expected) const {
  const Json* v = find(key);
  if (!v) missing(key, expected);
  return *v;
}

Reader Reader::child(std::string_view key) const {
  const Json& v = at(key, "an object");
  if (!v.is_object()) fail(key, "an object", v);
  return Reader(v, origin_, key_path(key) + ".");
}

void Reader::only_keys(std::initializer_list<std::string_view> known) const {
  for (const auto& [key, value] : object_.items()) {
    if (key.starts_with("_") || std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    fail_message(key, "unknown key: expected one of " + list);
  }
}

int64_t Reader::to_integer(std::string_view key, const Json& v, const IntegerRule& rule) const {
  const auto i = as_integer(v);
  if (!i || *i < rule.min || *i > rule.max) fail(key, rule.expected, v);
  return *i;
}

double Reader::to_number(std::string_view key, const Json& v, const NumberRule& rule) const {
  const double d = v.is_number() ? v.get<double>() : std::nan("");
  const bool above_min = rule.min_open ? d > rule.min : d >= rule.min;
  if (!std::isfinite(d) || !above_min || !(d <= rule.max)) fail(key, rule.expected, v);
  return d;
}

std::string Reader::to_string(std::string_view key, const Json& v) const {
  if (!v.is_string()) fail(key, "a string", v);
  return v.get<std::string>();
}

bool Reader::to_bool(std::string_view key, const Json& v) const {
  if (!v.is_boolean()) fail(key, "true or false", v);
  return v.get<bool>();
}

std::optional<int64_t> Reader::optional_integer(std::string_view key,
                                                const IntegerRule& rule) const {
  const Json* v = find(key);
  if (!v) return std::nullopt;
  return to_integer(key, *v, rule);
}

int64_t Reader::integer(std::string_view key, const IntegerRule& rule) const {
  return to_integer(key, at(key, rule.expected), rule);
}

int64_t Reader::integer(std::string_view key, const IntegerRule& rule, int64_t fallback) const {
  return optional_integer(key, rule).value_or(fallback);
}

std::optional<double> Reader::optional_number(std::string_view key, const NumberRule& rule) const {
  const Json* v = find(key);
  if (!v) return std::nullopt;
  return to_number(key, *v, rule);
}

double Reader::number(std::string_view key, const NumberRule& rule) const {
  return to_number(key, at(key, rule.expected), rule);
}

double Reader::number(std::string_view key, const NumberRule& rule, double fallback) const {
  return optional_number(key, rule).value_or(fallback);
}

std::string Reader::string(std::string_view key) const {
  return to_string(key, at(key, "a string"));
}

std::string Reader::string(std::string_view key, std::string_view fallback) const {
  const Json* v = find(key);
  return v ? to_string(key, *v) : std::string(fallback);
}

bool Reader::boolean(std::string_view key, bool fallback) const {
  const Json* v = find(key);
  return v ? to_bool(key, *v) : fallback;
}

ChangeValue to_knob_value(const Reader& r, const Knob& k, const Json& v) {
  const std::string_view key = k.name;
  switch (k.type) {
    case KnobType::reference:
      if (v.is_null() && k.preset.empty()) return std::string();
      if (!v.is_string() || v.get<std::string>().empty()) r.fail(key, expected(k), v);
      return v.get<std::string>();
    case KnobType::phase:
      return r.to_enum(key, v, parse_phase, expected(k));
    case KnobType::precision:
      return r.to_enum(key, v, parse_precision, "one of " + precision_names());
    case KnobType::weights:
      if (v.is_string() && v.get<std::string>() == "auto") return WeightsChoice{};
      return WeightsChoice{
          r.to_enum(key, v, parse_precision, "\"auto\" or one of " + precision_names())};
    case KnobType::integer:
      return r.to_integer(key, v, {.expected = expected(k)});
    case KnobType::toggle:
      return r.to_bool(key, v);
    case KnobType::fraction:
    case KnobType::amount:
      return r.to_number(key, v, {.expected = expected(k)});
  }
  r.fail_message(key, "unknown key");
}

}  // namespace roofline
