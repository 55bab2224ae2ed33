#pragma once
// The presets as `roofline-cli list --format json` prints them (spec/interfaces.md): one
// object per preset, built from the loaded values. JSON-free like json_io.h.

#include <string>
#include <vector>

#include "roofline/hardware.h"
#include "roofline/io/preset_library.h"
#include "roofline/model_config.h"

namespace roofline {

// A preset of the library (its id, display name and origin) with its loaded value.
template <class T>
struct ListedPreset {
  PresetEntry entry;
  T value;
};

// GPUs: each as gpu_to_json writes it, plus "origin".
std::string preset_list_to_json(const std::vector<ListedPreset<GpuSpec>>& gpus);
// Models: id, name, origin, source, parameters, layers, hidden, heads, kv_heads, head_dim,
// moe and mla (true when the model has them).
std::string preset_list_to_json(const std::vector<ListedPreset<ModelConfig>>& models);
// (Scenarios, with their view: persist's scenario_file.h, app/persist.)

}  // namespace roofline
