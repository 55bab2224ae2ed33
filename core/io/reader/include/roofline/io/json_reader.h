#pragma once
// The one way roofline reads JSON (not installed): the target roofline::json_reader, shared by
// io's sources and persist's (app/persist), which link it privately, so nlohmann stays out of
// their public headers. Every reader of a file roofline knows (GPU presets, model configs,
// scenario files, lessons, settings, export options) walks its object with a Reader: `at` for
// a required key, a fallback for an optional one, typed getters whose range checks and
// "expected ..." texts come from one rule object, so a limit is written once.
// Every failure throws InputError with one line naming the origin, the key path and what was
// expected:  "settings.json: export.width: expected a whole number between 16 and 16384, got 0".
// The public functions catch it at the boundary (read_json()) and return a Result.
//
// The rules, the same for every file:
// - A key whose value is null counts as absent (Hugging Face configs write null for "not
//   given"); a required key that is absent or null is "missing, expected ...".
// - An integer may be written as a float with no fraction (4096.0, 1e12); 4096.5 is not one.
// - Numbers must be finite.

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "roofline/knobs.h"
#include "roofline/result.h"

namespace roofline {

using Json = nlohmann::ordered_json;

struct InputError {
  std::string message;  // the whole line, origin included
};

// The value as the user wrote it, shortened so a message stays one line.
std::string shown(const Json& value);

// A limit as a person writes it: 0.5, 3, 16384, 0.25 (never 1e+06).
std::string limit_text(double value);

// nlohmann's "[json.exception.parse_error.101] parse error at line 3, column 5: ..." as "invalid
// JSON at line 3, column 5: ..." (and its other exceptions as "invalid JSON: ...").
std::string condense_parse_error(const nlohmann::json::exception& e);

// No file roofline reads nests deeper than this; deeper text is refused before it is parsed
// (nlohmann's parser, dump and copy recurse once per level: 100,000 levels overflow the stack).
inline constexpr int kMaxJsonDepth = 64;

// "JSON nested deeper than 64 levels at line L" when `text` is, else "": a scan that does not
// recurse, so it is safe on any input.
std::string too_deep(std::string_view text);

// True when `text` is well-formed UTF-8, the only bytes a JSON string may hold (a Linux file
// name may hold any).
bool is_utf8(std::string_view text);

// `j` as text with `indent` spaces (-1: one line). Every writer dumps through this: a string
// that is not UTF-8 (a file name) is written with U+FFFD in place of its bad bytes instead of
// throwing nlohmann's type_error.316 at the caller.
template <class J>
std::string dump_text(const J& j, int indent = 2) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The text, parsed; throws InputError "ORIGIN: invalid JSON at line 1, column 2: ..." or
// "ORIGIN: expected a JSON object at the top level, got [1]".
Json parse_object(std::string_view text, std::string_view origin);

// The one integer rule: an integral number, or a float with no fraction, within int64_t.
std::optional<int64_t> as_integer(const Json& value);

// What an integer must be, and the words a message uses for it.
struct IntegerRule {
  int64_t min = std::numeric_limits<int64_t>::min();
  int64_t max = std::numeric_limits<int64_t>::max();
  std::string expected = "an integer";
};
// [min, inf): "a positive integer" for 1, "an integer >= 0" for 0.
IntegerRule integer_at_least(int64_t min);
// [lo, hi]: "NOUN between LO and HI".
IntegerRule integer_between(int64_t lo, int64_t hi, std::string_view noun = "an integer");

// What a number must be: finite, in [min, max] (or (min, max] when min_open).
struct NumberRule {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_open = false;
  std::string expected = "a number";
};
// (0, inf): "a positive number (UNIT)".
NumberRule positive_number(std::string_view unit);
// [min, inf) for a physical quantity: "a positive number (UNIT) of at least MIN". Denormals such
// as 5e-324 are positive but would make times infinite; no real GPU is below `min`.
NumberRule physical_quantity(std::string_view unit, double min);
// [lo, hi]: "NOUN between LO and HI".
NumberRule number_between(double lo, double hi, std::string_view noun = "a number");

// Typed access to the keys of one JSON object. `path` prefixes every key a message names:
// "view." inside the scenario file's view, "step 3 (\"Batching\"): " inside a lesson step.
class Reader {
 public:
  // The keys a reader looked up, present or not (a config's keys that no rule asked for are
  // then checked by name: model_keys.cpp).
  using KeyLog = std::set<std::string, std::less<>>;

  Reader(const Json& object, std::string_view origin, std::string path = "");
  // This reader, recording every key it looks up into `log` (its children do not).
  Reader logging_into(KeyLog& log) const {
    Reader r = *this;
    r.log_ = &log;
    return r;
  }

  std::string key_path(std::string_view key) const { return path_ + std::string(key); }
  const Json& object() const { return object_; }
  std::string_view origin() const { return origin_; }

  [[noreturn]] void fail(std::string_view key, std::string_view expected, const Json& got) const;
  [[noreturn]] void fail_message(std::string_view key, std::string_view message) const;
  [[noreturn]] void missing(std::string_view key, std::string_view expected) const;

  // nullptr when the key is absent or null.
  const Json* find(std::string_view key) const;
  bool has(std::string_view key) const { return find(key) != nullptr; }
  // A required key: its value, else "KEY: missing, expected EXPECTED".
  const Json& at(std::string_view key, std::string_view expected) const;

  // The object at `key` read with the path "PATH.KEY."; "expected an object" otherwise.
  Reader child(std::string_view key) const;
  // Fails on a key not in `known` (keys starting with "_" are comments):
  // "KEY: unknown key: expected one of a, b, c".
  void only_keys(std::initializer_list<std::string_view> known) const;

  // The conversions of a value `v` found at `key` (absent and null already handled).
  int64_t to_integer(std::string_view key, const Json& v, const IntegerRule& rule) const;
  double to_number(std::string_view key, const Json& v, const NumberRule& rule) const;
  std::string to_string(std::string_view key, const Json& v) const;
  bool to_bool(std::string_view key, const Json& v) const;
  // A name that `parse` (std::string_view -> std::optional<T>) turns into a value.
  template <class Parse>
  auto to_enum(std::string_view key, const Json& v, Parse parse, std::string_view expected) const {
    auto value = v.is_string() ? parse(v.get<std::string>()) : decltype(parse(""))();
    if (!value) fail(key, expected, v);
    return *value;
  }

  // Optional keys: nullopt (or the fallback) when absent; required ones fail when absent.
  std::optional<int64_t> optional_integer(std::string_view key, const IntegerRule& rule) const;
  int64_t integer(std::string_view key, const IntegerRule& rule) const;
  int64_t integer(std::string_view key, const IntegerRule& rule, int64_t fallback) const;
  std::optional<double> optional_number(std::string_view key, const NumberRule& rule) const;
  double number(std::string_view key, const NumberRule& rule) const;
  double number(std::string_view key, const NumberRule& rule, double fallback) const;
  std::string string(std::string_view key) const;
  std::string string(std::string_view key, std::string_view fallback) const;
  bool boolean(std::string_view key, bool fallback) const;
  template <class Parse, class T>
  T enumeration(std::string_view key, Parse parse, std::string_view expected, T fallback) const {
    const Json* v = find(key);
    return v ? to_enum(key, *v, parse, expected) : fallback;
  }

 private:
  const Json& object_;
  std::string_view origin_;
  std::string path_;
  KeyLog* log_ = nullptr;
};

// The value `v` of knob `k` at `key`, as scenario files and lesson changes write it; types are
// checked here with expected(k)'s words, ranges by the caller (validate() or check_change()).
// null is "none" for an optional preset reference (compare_gpu) and wrong for anything else.
ChangeValue to_knob_value(const Reader& r, const Knob& k, const Json& v);

// Parses `text` as an object and hands a Reader of it to `read`; InputError, nlohmann's
// exceptions and filesystem errors become one failed Result naming `origin`.
template <class T, class Read>
Result<T> read_json(std::string_view text, std::string_view origin, Read read) {
  try {
    const Json root = parse_object(text, origin);
    return Result<T>::ok(read(Reader(root, origin)));
  } catch (const InputError& e) {
    return Result<T>::fail(e.message);
  } catch (const std::exception& e) {
    return Result<T>::fail(std::string(origin) + ": " + e.what());
  }
}

}  // namespace roofline
