#pragma once
// The readouts (readouts.h) as JSON: shared by io's writers of analyses and requests.

#include <nlohmann/json.hpp>

#include "roofline/readouts.h"

namespace roofline {

// The step readouts with a key that analyze's JSON puts in `object`, or, when `shows` is set,
// those with that Show bit; the ones that do not apply (TTFT in decode) are left out.
nlohmann::ordered_json step_object_json(const StepContext& ctx, JsonObject object,
                                        unsigned shows = 0);

// `key`_low and `key`_high: the 80 % interval of the value at `key` (calibration.h).
std::string interval_key(std::string_view key, bool high);
void put_interval(nlohmann::ordered_json& j, std::string_view key, const ValueInterval& i);

// The first keys of every JSON document the CLI writes as an object (analyze, request, frontier,
// sweep, import): {"schema_version": kJsonSchemaVersion, "version": "0.1.0"}. The schema version
// moves only when a field changes meaning or goes away; fields are only ever added.
inline constexpr int kJsonSchemaVersion = 1;
nlohmann::ordered_json json_header();

}  // namespace roofline
