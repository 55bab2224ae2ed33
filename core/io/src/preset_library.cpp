// The built-in presets (embedded at build time) and lookup by id or by path.

#include "roofline/io/preset_library.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>

#include "embedded_presets.h"
#include "io_internal.h"
#include "roofline/io/checkpoint.h"
#include "roofline/io/json_io.h"
#include "roofline/units.h"

namespace roofline {

const PresetEntry* find_preset(const std::vector<PresetEntry>& entries, std::string_view id) {
  for (const auto& e : entries) {
    if (e.id == id) return &e;
  }
  return nullptr;
}

bool looks_like_path(std::string_view id_or_path) {
  return id_or_path == "-" || id_or_path.find('/') != std::string_view::npos ||
         (id_or_path.size() >= 5 && id_or_path.substr(id_or_path.size() - 5) == ".json");
}

std::string unknown_preset_message(std::string_view what, std::string_view id,
                                   const std::vector<PresetEntry>& entries) {
  std::string ids;
  for (const auto& e : entries) {
    if (!ids.empty()) ids += ", ";
    ids += e.id;
  }
  // An id is quoted whole up to 64 characters (a 100 kB one was echoed whole), and printable.
  std::string shown = printable(id.substr(0, 64));
  if (id.size() > 64) shown += "… (" + std::to_string(id.size()) + " characters)";
  std::string message = "unknown " + std::string(what) + " '" + shown + "': expected ";
  message += ids.empty() ? std::string("a path to a .json file (no built-in presets)")
                         : "one of " + ids + " or a path to a .json file";
  return message;
}

PresetLibrary::PresetLibrary(std::vector<PresetEntry> gpus, std::vector<PresetEntry> models,
                             std::vector<PresetEntry> scenarios,
                             std::vector<PresetEntry> calibrations)
    : gpus_(std::move(gpus)),
      models_(std::move(models)),
      scenarios_(std::move(scenarios)),
      calibrations_(std::move(calibrations)) {
  auto by_id = [](const PresetEntry& a, const PresetEntry& b) { return a.id < b.id; };
  for (auto* list : {&gpus_, &models_, &scenarios_, &calibrations_})
    std::sort(list->begin(), list->end(), by_id);
}

const PresetLibrary& PresetLibrary::builtin() {
  static const PresetLibrary library = [] {
    std::vector<PresetEntry> gpus, models, scenarios, calibrations;
    for (const EmbeddedPreset& p : embedded_presets()) {
      PresetEntry e{p.id, display_name_of(p.text, p.id), p.origin, p.text};
      std::string_view kind = p.kind;
      if (kind == "gpus") gpus.push_back(std::move(e));
      if (kind == "models") models.push_back(std::move(e));
      if (kind == "scenarios") scenarios.push_back(std::move(e));
      if (kind == "calibrations") calibrations.push_back(std::move(e));
    }
    return PresetLibrary(std::move(gpus), std::move(models), std::move(scenarios),
                         std::move(calibrations));
  }();
  return library;
}

Result<GpuSpec> PresetLibrary::gpu(std::string_view id_or_path) const {
  if (const PresetEntry* e = find_preset(gpus_, id_or_path)) {
    auto gpu = parse_gpu(e->text, e->origin);
    if (gpu) gpu.value().id = e->id;
    return gpu;
  }
  if (!looks_like_path(id_or_path)) {
    return Result<GpuSpec>::fail(unknown_preset_message("GPU", id_or_path, gpus_));
  }
  auto text = read_text_file(id_or_path);
  if (!text) return Result<GpuSpec>::fail(text.error());
  auto gpu = parse_gpu(text.value(), id_or_path);
  // A scenario saves gpu.id: for a user file that must be its path, to load it again.
  if (gpu) gpu.value().id = std::string(id_or_path);
  return gpu;
}

namespace {

// config.json and the headers of the safetensors beside it: the checkpoint's count, and its
// dtype as the weights' format where the config has no quantization_config.
Result<ModelConfig> model_from_folder(const std::string& folder, const std::string& config,
                                      std::string_view id) {
  using R = Result<ModelConfig>;
  auto text = read_text_file(config);
  if (!text) return R::fail(text.error());
  auto parsed = parse_model(text.value(), config, id);
  if (!parsed) return parsed;
  ModelConfig m = std::move(parsed).value();
  auto c = read_checkpoint(folder, m.layers);
  if (!c) return R::fail(c.error());
  // Nothing to compare: no safetensors, packed weights, or shards missing.
  if (c->files == 0 || !c->packed.empty() || !c->missing.empty()) return R::ok(std::move(m));
  m.checkpoint_parameters = c->parameters;
  if (m.quantization.method.empty()) {
    const auto widest = std::max_element(c->dtypes.begin(), c->dtypes.end(),
                                         [](auto& a, auto& b) { return a.second < b.second; });
    std::optional<Precision> stored;
    // fp16 is served as stored; an fp32 checkpoint is served in 16 bits, not set here.
    if (widest != c->dtypes.end() && widest->first == "F16") stored = Precision::fp16;
    for (WeightGroup g : {WeightGroup::mixer, WeightGroup::dense, WeightGroup::experts})
      if (stored) m.quantization.group[static_cast<size_t>(g)] = stored;
  }
  return R::ok(std::move(m));
}

}  // namespace

Result<ModelConfig> PresetLibrary::model(std::string_view id_or_path) const {
  if (const PresetEntry* e = find_preset(models_, id_or_path)) {
    return parse_model(e->text, e->origin, e->id);
  }
  // A folder (a Hugging Face snapshot) or a model id in the local Hugging Face cache; "-" is
  // standard input, never a folder of that name.
  if (std::optional<std::string> folder =
          id_or_path == "-" ? std::nullopt : model_folder(id_or_path)) {
    return model_from_folder(*folder, *folder + "/config.json", id_or_path);
  }
  if (!looks_like_path(id_or_path)) {
    return Result<ModelConfig>::fail(unknown_preset_message("model", id_or_path, models_) +
                                     ", a folder or a model id in the Hugging Face cache");
  }
  // A snapshot's config.json picked by itself: its folder's safetensors are read too.
  const std::filesystem::path path(id_or_path);
  if (path.filename() == "config.json") {
    const std::string dir = path.has_parent_path() ? path.parent_path().string() : ".";
    return model_from_folder(dir, std::string(id_or_path), id_or_path);
  }
  auto text = read_text_file(id_or_path);
  if (!text) return Result<ModelConfig>::fail(text.error());
  return parse_model(text.value(), id_or_path, id_or_path);
}

Result<Calibration> PresetLibrary::calibration(std::string_view id_or_path) const {
  if (const PresetEntry* e = find_preset(calibrations_, id_or_path)) {
    auto c = parse_calibration(e->text, e->origin);
    if (c) c.value().id = e->id;
    return c;
  }
  if (!looks_like_path(id_or_path)) {
    return Result<Calibration>::fail(
        unknown_preset_message("calibration", id_or_path, calibrations_) + ", or none");
  }
  auto text = read_text_file(id_or_path);
  if (!text) return Result<Calibration>::fail(text.error());
  auto c = parse_calibration(text.value(), id_or_path);
  if (c) c.value().id = std::string(id_or_path);
  return c;
}

std::vector<std::string> PresetLibrary::calibrations_for(std::string_view gpu_id) const {
  std::vector<std::string> graphs, others;
  for (const PresetEntry& e : calibrations_) {
    auto c = calibration(e.id);
    if (!c || std::find(c->gpus.begin(), c->gpus.end(), gpu_id) == c->gpus.end()) continue;
    (c->style == "cuda-graphs" ? graphs : others).push_back(e.id);
  }
  graphs.insert(graphs.end(), others.begin(), others.end());
  return graphs;
}

Scenario PresetLibrary::default_scenario() const {
  if (const PresetEntry* e = find_preset(scenarios_, "default")) {
    if (auto s = parse_scenario_workload(e->text, e->origin, *this)) return s.value();
  }
  Scenario s;
  if (auto g = gpu(knob(ChangeKey::gpu).preset)) s.gpu = g.value();
  if (auto m = model(knob(ChangeKey::model).preset)) s.model = m.value();
  return s;
}

PresetResolver preset_resolver(const PresetLibrary& library) {
  return {[&library](std::string_view id) { return library.gpu(id); },
          [&library](std::string_view id) { return library.model(id); },
          [&library](std::string_view id) { return library.calibration(id); }};
}

}  // namespace roofline
