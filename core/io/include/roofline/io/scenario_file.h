#pragma once
// ScenarioFile: what a scenario file holds. The document of the app is its first two members.

#include <string>

#include "roofline/plot/chart_view.h"
#include "roofline/scenario.h"

namespace roofline {

// A scenario file: the workload, what the chart shows (its "view" object) and the keys this
// version does not know, kept verbatim for saving.
// (The `{}` initialisers let `ScenarioFile{scenario}` leave the rest default without a
// -Wmissing-field-initializers warning.)
struct ScenarioFile {
  Scenario scenario;
  ChartView view{};
  // The unknown keys as a serialized JSON object ("" when none); unknown keys inside "view"
  // sit under "view". Written by parse_scenario, read by scenario_to_json.
  std::string extra_keys_json{};

  bool operator==(const ScenarioFile&) const = default;
};

}  // namespace roofline
