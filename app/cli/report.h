#pragma once
// Text renderings of an analysis, a sweep and the preset lists (what roofline-cli prints).
// Pure functions of their inputs, so tests call them in-process.

#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/io/preset_library.h"
#include "roofline/scenario.h"
#include "roofline/sweep.h"

namespace roofline {

// "table" (aligned columns with units), "csv" (raw SI numbers) or "markdown" (GitHub tables);
// all three show the operator table of roofline/operator_table.h, the table and Markdown then
// the totals. JSON is analysis_to_json() of io.
std::string analysis_table(const Scenario& s, const Analysis& a);
std::string analysis_csv(const Analysis& a);
std::string analysis_markdown(const Scenario& s, const Analysis& a);

// Header "<param>,time_s,tokens_per_s,fits_in_memory,fc_intensity,fc_achieved_flops,..." then
// one row per point.
std::string sweep_csv(SweepParam param, const std::vector<SweepPoint>& points);

// kind: "gpus", "models" or "scenarios". Throws CliError if a preset does not load.
std::string list_table(const PresetLibrary& library, std::string_view kind);
std::string list_json(const PresetLibrary& library, std::string_view kind);

// Columns padded to their widest cell (UTF-8 aware: "µs" is two characters). `right[i]`
// right-aligns column i. Rows may be shorter than the header.
std::string aligned_table(const std::vector<std::vector<std::string>>& rows,
                          const std::vector<bool>& right, std::string_view indent = "");

}  // namespace roofline
