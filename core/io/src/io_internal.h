#pragma once
// Helpers shared by io's sources; not part of the public API.

#include <string>
#include <string_view>

#include "roofline/scenario.h"

namespace roofline {

// The "_name" key of a preset file, else its "name", else `fallback` (also for bad JSON: the
// preset's own parse reports that).
std::string display_name_of(std::string_view json_text, std::string_view fallback);

// "fp32, tf32, bf16, fp16, fp8, int8, fp4, int4": for "expected one of" messages.
std::string precision_names();

// The on/off keys of a scenario file's "view" object and the ViewSettings field each sets, in
// the order they are written.
struct ViewFlagKey {
  std::string_view key;
  bool ViewSettings::*field;
};
inline constexpr ViewFlagKey kViewFlagKeys[] = {
    {"show_fc", &ViewSettings::show_fc},
    {"show_attention", &ViewSettings::show_attention},
    {"show_elementwise", &ViewSettings::show_elementwise},
    {"show_step", &ViewSettings::show_step},
    {"show_ops", &ViewSettings::show_ops},
    {"show_other_roofs", &ViewSettings::show_other_roofs},
    {"show_caches", &ViewSettings::show_caches},
    {"show_trail", &ViewSettings::show_trail},
};

// True when `id_or_path` is to be read as a file path rather than a preset id.
bool looks_like_path(std::string_view id_or_path);

}  // namespace roofline
