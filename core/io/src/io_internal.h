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
// "HBM2, HBM2e, …" and "datacenter, workstation, …" for messages.
std::string memory_type_names();
std::string device_class_names();

}  // namespace roofline
