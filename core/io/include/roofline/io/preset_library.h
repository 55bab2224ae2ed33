#pragma once
// The built-in presets (embedded in the binary at build time from presets/) plus lookup of
// user files by path.

#include <string>
#include <string_view>
#include <vector>

#include "roofline/hardware.h"
#include "roofline/knobs.h"
#include "roofline/model_config.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

struct PresetEntry {
  std::string id;      // file name without .json
  std::string name;    // display name
  std::string origin;  // "presets/gpus/h100-sxm.json"
  std::string text;    // the JSON text
};

class PresetLibrary {
 public:
  // The presets compiled into the binary. Parsed once; never fails (tests check every preset).
  static const PresetLibrary& builtin();

  const std::vector<PresetEntry>& gpus() const { return gpus_; }
  const std::vector<PresetEntry>& models() const { return models_; }
  const std::vector<PresetEntry>& scenarios() const { return scenarios_; }
  const std::vector<PresetEntry>& calibrations() const { return calibrations_; }

  // An id of a built-in preset, or else a path to a JSON file. Unknown ids give
  // "unknown GPU 'x': expected one of h100-sxm, h200, ... or a path to a .json file".
  // (A scenario preset with its view: persist's preset_scenario(), app/persist.)
  Result<GpuSpec> gpu(std::string_view id_or_path) const;
  Result<ModelConfig> model(std::string_view id_or_path) const;
  Result<Calibration> calibration(std::string_view id_or_path) const;
  // The calibration presets fitted for `gpu_id` (their `gpus` list it), CUDA-graph ones first.
  std::vector<std::string> calibrations_for(std::string_view gpu_id) const;

  // The built-in default scenario: h100-sxm, llama-3-8b, decode, batch 1, seq 1024, bf16; the
  // workload of the "default" scenario preset (parse_scenario_workload), else those defaults.
  // (With its view and extra keys: persist's default_scenario_file(), app/persist.)
  Scenario default_scenario() const;

  PresetLibrary(std::vector<PresetEntry> gpus, std::vector<PresetEntry> models,
                std::vector<PresetEntry> scenarios, std::vector<PresetEntry> calibrations = {});

 private:
  std::vector<PresetEntry> gpus_, models_, scenarios_, calibrations_;
};

// Resolves gpu, model and calibration ids (or paths) through `library`, which must outlive the
// resolver.
PresetResolver preset_resolver(const PresetLibrary& library);

// The entry of `entries` with this id; nullptr when none has it.
const PresetEntry* find_preset(const std::vector<PresetEntry>& entries, std::string_view id);
// True when `id_or_path` is to be read as a file path rather than a preset id.
bool looks_like_path(std::string_view id_or_path);
// The name of a model whose config has no _name: the folder of a config.json (a Hugging Face
// cache snapshot's ORG/NAME), else the file's name without .json; a preset id as is.
std::string model_display_name(std::string_view id);
// "unknown WHAT 'ID': expected one of a, b, ... or a path to a .json file" (with no entries:
// "... expected a path to a .json file (no built-in presets)").
std::string unknown_preset_message(std::string_view what, std::string_view id,
                                   const std::vector<PresetEntry>& entries);

}  // namespace roofline
