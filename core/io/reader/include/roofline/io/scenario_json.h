#pragma once
// A scenario file's workload (its saved knob keys) as JSON, part of roofline::json_reader: io
// reads the workload alone (parse_scenario_workload, the default scenario) and persist
// (app/persist) the whole file, its "view" and the keys kept for saving around the same code.

#include <string_view>

#include "roofline/io/json_reader.h"
#include "roofline/scenario.h"

namespace roofline {

class PresetLibrary;

// The saved knobs of the scenario object `r`, not yet validated: a knob's type is checked here
// (to_knob_value, the lesson files' conversion too), its range by check_workload. An absent or
// null knob keeps its default. `gpu`, `model` and the other preset references are ids of
// `library` or paths; a relative path resolves against `base_dir` and is kept absolute, so
// that saving the scenario elsewhere keeps it valid. Keys that are not knobs are not read.
Scenario read_workload(const Reader& r, const PresetLibrary& library, std::string_view base_dir);
// Throws InputError "ORIGIN: <validate()'s message>" when `s` is not a valid scenario.
void check_workload(const Reader& r, const Scenario& s);

// The saved knobs as a scenario file writes them: the preset references first, as their ids
// (no key for no compare GPU), then the others in the knob table's order.
Json workload_json(const Scenario& s);

}  // namespace roofline
