#pragma once
// Measured kernels in roofline-cli: `import FILE` and `--measured FILE` on analyze and export.
// The options, the loading (one CliError naming the file on bad input) and the text renderings.

#include <optional>
#include <string>

#include "roofline/analysis.h"
#include "roofline/profile.h"

namespace CLI {
class App;
}

namespace roofline {

struct MeasuredOptions {
  std::optional<std::string> file;  // --measured FILE (import: the positional FILE)
  double steps = 1;                 // --steps N: steps the profile covers
  bool positional = false;          // the file is import's FILE, not --measured
};

// --measured FILE (unless `positional`: then FILE is the command's argument) and --steps N.
void add_measured_options(CLI::App& cmd, MeasuredOptions& options, bool positional = false);

struct MeasuredData {
  Profile profile;
  ProfileComparison comparison;
  double steps = 1;
};

// Imports the file and compares it with `a` through the built-in kernel table; a file that does
// not import throws CliError with the importer's message.
// `gpu`: the scenario's, which a profile of another device is warned against.
MeasuredData load_measured(const MeasuredOptions& options, const Analysis& a, const GpuSpec& gpu);

// The kernel table (each kernel's name, class, launches, time, FLOPs, bytes, intensity,
// achieved FLOP/s and share of the roof), the per-class comparison with the model, the summary
// line and any measured roofs with the efficiencies they give.
std::string measured_table(const MeasuredData& m, const Analysis& a, const Scenario& s);
// One row per kernel with raw SI numbers (empty where the source has no value).
std::string measured_csv(const MeasuredData& m);

}  // namespace roofline
