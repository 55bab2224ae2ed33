// The kernel-name table (presets/kernels/kernel-names.json): which op class ran each kernel.

#include <string>
#include <vector>

#include "embedded_presets.h"
#include "roofline/io/json_reader.h"
#include "roofline/io/profile_import.h"

namespace roofline {

namespace {

constexpr std::string_view kClasses =
    "one of gemm, experts, attention, recurrence, elementwise, norm, other";

// The class named `name` into `out` (nullopt for "other"); false for an unknown name.
bool parse_class(std::string_view name, std::optional<OpClass>& out) {
  out.reset();
  if (name == "other") return true;
  for (size_t i = 0; i < static_cast<size_t>(OpClass::count); ++i) {
    const auto c = static_cast<OpClass>(i);
    if (to_string(c) == name) {
      out = c;
      return true;
    }
  }
  return false;
}

std::vector<KernelRule> read_rules(const Reader& r) {
  const Json& list = r.at("rules", "a list of {contains, class, library}");
  if (!list.is_array()) r.fail("rules", "a list of {contains, class, library}", list);
  std::vector<KernelRule> rules;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string key = "rules[" + std::to_string(i) + "]";
    if (!list[i].is_object()) r.fail(key, "an object {contains, class, library}", list[i]);
    const Reader rule(list[i], r.origin(), key + ".");
    rule.only_keys({"contains", "class", "library", "example", "source"});
    KernelRule k;
    k.contains = rule.string("contains");
    if (k.contains.empty()) rule.fail_message("contains", "expected a non-empty text");
    const Json& cls = rule.at("class", kClasses);
    if (!cls.is_string() || !parse_class(cls.get<std::string>(), k.op_class)) {
      rule.fail("class", kClasses, cls);
    }
    k.library = rule.string("library", "");
    rules.push_back(std::move(k));
  }
  return rules;
}

}  // namespace

Result<std::vector<KernelRule>> parse_kernel_rules(std::string_view json_text,
                                                   std::string_view origin) {
  return read_json<std::vector<KernelRule>>(json_text, origin, read_rules);
}

const std::vector<KernelRule>& builtin_kernel_rules() {
  static const std::vector<KernelRule> rules = [] {
    for (const EmbeddedPreset& p : embedded_presets()) {
      if (std::string_view(p.kind) == "kernels") {
        auto r = parse_kernel_rules(p.text, p.origin);
        if (r) return std::move(r).value();
      }
    }
    return std::vector<KernelRule>{};
  }();
  return rules;
}

}  // namespace roofline
