// Parsing of scenario files.
// Every failure becomes one line "ORIGIN: KEY: expected X, got Y"; nlohmann's exceptions and
// our own InputError are caught at each public function, never let out.

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "io_internal.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/knobs.h"

namespace roofline {
namespace {

using Json = nlohmann::ordered_json;

struct InputError {
  std::string message;
};

// The value as the user wrote it, shortened so a message stays one line.
std::string shown(const Json& value) {
  std::string text = value.dump();
  if (text.size() > 48) text = text.substr(0, 45) + "...";
  return text;
}

// "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." becomes
// "invalid JSON at line 3, column 5: syntax error ...".
std::string condense_parse_error(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (auto bracket = what.find("] "); bracket != std::string::npos) what.erase(0, bracket + 2);
  constexpr std::string_view kPrefix = "parse error ";
  if (what.rfind(kPrefix, 0) == 0) what.erase(0, kPrefix.size());
  return "invalid JSON " + what;
}

Json parse_root(std::string_view text, std::string_view origin) {
  Json root;
  try {
    root = Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
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
    auto u = v.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  if (v.is_number_float()) {
    double d = v.get<double>();
    // 1e12 or 4096.0 are integers written as floats; 9.2e18 keeps the cast in range.
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18) {
      return static_cast<int64_t>(d);
    }
  }
  return std::nullopt;
}

// Typed access to the keys of one JSON object; `path` prefixes nested keys ("view.theme").
class Reader {
 public:
  Reader(const Json& object, std::string_view origin, std::string path = "")
      : object_(object), origin_(origin), path_(std::move(path)) {}

  std::string key_path(std::string_view key) const { return path_ + std::string(key); }

  [[noreturn]] void fail(std::string_view key, std::string_view expected, const Json& got) const {
    throw InputError{std::string(origin_) + ": " + key_path(key) + ": expected " +
                     std::string(expected) + ", got " + shown(got)};
  }
  [[noreturn]] void fail_message(std::string_view key, std::string_view message) const {
    throw InputError{std::string(origin_) + ": " + key_path(key) + ": " + std::string(message)};
  }
  [[noreturn]] void missing(std::string_view key, std::string_view expected) const {
    fail_message(key, "missing, expected " + std::string(expected));
  }

  // nullptr when the key is absent or null (null means "not given" in HF configs).
  const Json* find(std::string_view key) const {
    auto it = object_.find(key);
    if (it == object_.end() || it->is_null()) return nullptr;
    return &*it;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }

  std::optional<int64_t> optional_integer(std::string_view key, int64_t min,
                                          std::string_view expected) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    auto i = as_integer(*v);
    if (!i || *i < min) fail(key, expected, *v);
    return i;
  }
  std::optional<int64_t> optional_positive(std::string_view key) const {
    return optional_integer(key, 1, "a positive integer");
  }
  int64_t positive(std::string_view key) const {
    auto i = optional_positive(key);
    if (!i) missing(key, "a positive integer");
    return *i;
  }
  int64_t non_negative(std::string_view key, int64_t fallback) const {
    return optional_integer(key, 0, "an integer >= 0").value_or(fallback);
  }
  // Any integer: the range is checked by core's validate() with its own message.
  int64_t integer(std::string_view key, int64_t fallback) const {
    return optional_integer(key, std::numeric_limits<int64_t>::min(), "an integer")
        .value_or(fallback);
  }

  std::optional<double> optional_positive_number(std::string_view key,
                                                 std::string_view expected) const {
    const Json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_number() || !(v->get<double>() > 0) || !std::isfinite(v->get<double>())) {
      fail(key, expected, *v);
    }
    return v->get<double>();
  }
  double positive_number(std::string_view key, std::string_view expected) const {
    auto d = optional_positive_number(key, expected);
    if (!d) missing(key, expected);
    return *d;
  }
  double number(std::string_view key, double fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_number() || !std::isfinite(v->get<double>())) fail(key, "a number", *v);
    return v->get<double>();
  }

  std::string string(std::string_view key, std::string_view fallback) const {
    const Json* v = find(key);
    if (!v) return std::string(fallback);
    if (!v->is_string()) fail(key, "a string", *v);
    return v->get<std::string>();
  }
  bool boolean(std::string_view key, bool fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    if (!v->is_boolean()) fail(key, "true or false", *v);
    return v->get<bool>();
  }
  Precision precision(std::string_view key, Precision fallback) const {
    const Json* v = find(key);
    if (!v) return fallback;
    auto p = v->is_string() ? parse_precision(v->get<std::string>()) : std::nullopt;
    if (!p) fail(key, "one of " + precision_names(), *v);
    return *p;
  }

 private:
  const Json& object_;
  std::string_view origin_;
  std::string path_;
};

// A key of the scenario file itself (knob or "view"), as opposed to one kept for saving.
bool is_scenario_key(std::string_view key) {
  const Knob* k = find_knob(key);
  return key == "view" || (k && k->saved);
}

bool is_view_key(std::string_view key) {
  for (const ViewFlagKey& flag : kViewFlagKeys)
    if (flag.key == key) return true;
  for (std::string_view other : {"x_min", "x_max", "y_min", "y_max", "theme"})
    if (other == key) return true;
  return false;
}

ViewSettings read_view(const Json& view, const Reader& top, std::string_view origin,
                       Json& unknown) {
  if (!view.is_object()) top.fail("view", "an object", view);
  Reader r(view, origin, "view.");
  ViewSettings v;
  v.x_min = r.optional_positive_number("x_min", "a positive number (FLOP/byte) or null");
  v.x_max = r.optional_positive_number("x_max", "a positive number (FLOP/byte) or null");
  v.y_min = r.optional_positive_number("y_min", "a positive number (FLOP/s) or null");
  v.y_max = r.optional_positive_number("y_max", "a positive number (FLOP/s) or null");
  for (const ViewFlagKey& flag : kViewFlagKeys) v.*flag.field = r.boolean(flag.key, v.*flag.field);
  v.theme = r.string("theme", v.theme);
  if (v.theme != "light" && v.theme != "dark")
    r.fail("theme", "\"light\" or \"dark\"", Json(v.theme));
  for (const auto& [key, value] : view.items()) {
    if (!is_view_key(key)) unknown["view"][key] = value;
  }
  return v;
}

// A gpu/model reference of a scenario: a built-in id as is; a relative path against the
// scenario's folder, made absolute so that saving the scenario elsewhere keeps it valid.
std::string resolve_reference(const std::string& value, const std::vector<PresetEntry>& builtins,
                              std::string_view base_dir) {
  for (const auto& e : builtins) {
    if (e.id == value) return value;
  }
  std::filesystem::path p(value);
  if (!looks_like_path(value) || p.is_absolute() || base_dir.empty() || base_dir == ".") {
    return value;
  }
  return std::filesystem::absolute(std::filesystem::path(std::string(base_dir)) / p)
      .lexically_normal()
      .string();
}

// A knob's value in a scenario file; nullopt when the key is absent or null. Integer and
// number ranges are validate()'s to check, with its messages.
std::optional<ChangeValue> read_knob(const Reader& r, const Knob& k) {
  if (!r.has(k.name)) return std::nullopt;
  switch (k.type) {
    case KnobType::reference: {
      const Json& v = *r.find(k.name);
      if (!v.is_string()) r.fail(k.name, "a preset id or a path to a .json file", v);
      return v.get<std::string>();
    }
    case KnobType::phase: {
      const std::string name = r.string(k.name, "");
      const auto phase = parse_phase(name);
      if (!phase) r.fail(k.name, expected(k), Json(name));
      return *phase;
    }
    case KnobType::precision:
      return r.precision(k.name, Precision::bf16);
    case KnobType::integer:
      return r.integer(k.name, 0);
    case KnobType::toggle:
      return r.boolean(k.name, false);
    case KnobType::fraction:
      return r.number(k.name, 0);
  }
  return std::nullopt;
}

Scenario read_scenario(const Json& root, std::string_view origin, const PresetLibrary& library,
                       std::string_view base_dir) {
  Reader r(root, origin);
  const PresetResolver resolve{
      [&](std::string_view ref) {
        return library.gpu(resolve_reference(std::string(ref), library.gpus(), base_dir));
      },
      [&](std::string_view ref) {
        return library.model(resolve_reference(std::string(ref), library.models(), base_dir));
      }};
  Scenario s;
  for (ChangeKey key : file_order()) {
    const Knob& k = knob(key);
    if (!k.saved) continue;
    std::optional<ChangeValue> value = read_knob(r, k);
    if (!value && !k.preset.empty()) value = std::string(k.preset);
    if (!value) continue;
    if (std::string error = k.set(s, *value, resolve); !error.empty()) {
      r.fail_message(k.name, error);
    }
  }

  Json unknown = Json::object();
  if (const Json* view = r.find("view")) s.view = read_view(*view, r, origin, unknown);
  for (const auto& [key, value] : root.items()) {
    if (!is_scenario_key(key)) unknown[key] = value;
  }
  if (!unknown.empty()) s.unknown_keys_json = unknown.dump();

  if (std::string err = validate(s); !err.empty()) {
    throw InputError{std::string(origin) + ": " + err};
  }
  return s;
}

}  // namespace

bool looks_like_path(std::string_view id_or_path) {
  return id_or_path.find('/') != std::string_view::npos ||
         (id_or_path.size() >= 5 && id_or_path.substr(id_or_path.size() - 5) == ".json");
}

std::string display_name_of(std::string_view json_text, std::string_view fallback) {
  try {
    Json root = Json::parse(json_text.begin(), json_text.end());
    for (const char* key : {"_name", "name"}) {
      if (root.is_object() && root.contains(key) && root[key].is_string()) {
        return root[key].get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception&) {
  }
  return std::string(fallback);
}

Result<Scenario> parse_scenario(std::string_view json_text, std::string_view origin,
                                const PresetLibrary& library, std::string_view base_dir) {
  try {
    return Result<Scenario>::ok(
        read_scenario(parse_root(json_text, origin), origin, library, base_dir));
  } catch (const InputError& e) {
    return Result<Scenario>::fail(e.message);
  } catch (const nlohmann::json::exception& e) {
    return Result<Scenario>::fail(std::string(origin) + ": " + e.what());
  } catch (const std::filesystem::filesystem_error& e) {
    return Result<Scenario>::fail(std::string(origin) + ": " + e.what());
  }
}

}  // namespace roofline
