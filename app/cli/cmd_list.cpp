// roofline-cli list gpus|models|scenarios: the built-in presets.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "commands.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_list.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/units.h"

namespace roofline {
namespace {

template <class T>
T loaded(Result<T> r) {
  if (!r) throw CliError(r.error());
  return std::move(r).value();
}

std::string peak_text(const GpuSpec& gpu, Precision p) {
  auto peak = gpu.peak(p);
  return peak ? format_flop_rate(*peak) : "-";
}

}  // namespace

std::string list_table(const PresetLibrary& library, std::string_view kind) {
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> right;
  if (kind == "gpus") {
    // Grouped as the app's GPU list: by class, then vendor.
    rows.push_back({"id", "name", "class", "memory", "bandwidth", "bf16", "fp8"});
    right = {false, false, false, true, true, true, true};
    std::vector<GpuSpec> gpus;
    for (const auto& e : library.gpus()) gpus.push_back(loaded(library.gpu(e.id)));
    for (size_t i : grouped_order(gpus)) {
      const GpuSpec& g = gpus[i];
      rows.push_back({g.id, g.name,
                      g.device_class ? std::string(to_string(*g.device_class)) : std::string("-"),
                      memory_text(g), format_bandwidth(g.memory_bandwidth_bytes_per_s),
                      peak_text(g, Precision::bf16), peak_text(g, Precision::fp8)});
    }
  } else if (kind == "models") {
    rows.push_back({"id", "name", "parameters", "active", "layers", "hidden", "heads/kv", "kind"});
    right = {false, false, true, true, true, true, true, false};
    for (const auto& e : library.models()) {
      ModelConfig m = loaded(library.model(e.id));
      const FfnType* moe = find_ffn(m, FfnKind::moe);
      std::string arch =
          moe ? "MoE " + std::to_string(moe->moe.top_k) + "/" + std::to_string(moe->moe.experts)
              : "dense";
      if (m.mla) arch += ", MLA";
      // The mixer kinds of a hybrid: "sliding 1024 + full attention".
      if (const std::string layout = layout_text(m); layout.find(": ") != std::string::npos) {
        std::string kinds;
        for (const MixerType& t : m.mixers) {
          if (t.kind == MixerKind::none) continue;
          if (!kinds.empty()) kinds += " + ";
          kinds += std::string(to_string(t.kind));
          if (t.window > 0) kinds += " " + std::to_string(t.window);
        }
        arch += ", " + kinds;
      }
      const ParameterCount p = count_parameters(m);
      rows.push_back({e.id, m.name, format_parameters(p.total()), format_parameters(p.active()),
                      std::to_string(m.layers), std::to_string(m.hidden),
                      std::to_string(m.heads) + "/" + std::to_string(m.kv_heads), arch});
    }
  } else {
    rows.push_back({"id", "gpu", "model", "phase", "batch", "seq", "precision"});
    right = {false, false, false, false, true, true, false};
    for (const auto& e : library.scenarios()) {
      const Scenario s = loaded(preset_scenario(library, e.id)).scenario;
      std::string precision = weights_text(s) + "/" + std::string(to_string(s.activations)) + "/" +
                              std::string(to_string(s.kv));
      rows.push_back({e.id, s.gpu.id, s.model.id, std::string(to_string(s.phase)),
                      std::to_string(s.batch), std::to_string(s.seq), precision});
    }
  }
  return aligned_table(rows, right);
}

namespace {

template <class T, class Load>
std::vector<ListedPreset<T>> listed(const std::vector<PresetEntry>& entries, Load load) {
  std::vector<ListedPreset<T>> list;
  for (const PresetEntry& e : entries) list.push_back({e, loaded(load(e.id))});
  return list;
}

}  // namespace

std::string list_json(const PresetLibrary& library, std::string_view kind) {
  if (kind == "gpus") {
    return preset_list_to_json(
        listed<GpuSpec>(library.gpus(), [&](std::string_view id) { return library.gpu(id); }));
  }
  if (kind == "models") {
    return preset_list_to_json(listed<ModelConfig>(
        library.models(), [&](std::string_view id) { return library.model(id); }));
  }
  return preset_list_to_json(listed<ScenarioFile>(
      library.scenarios(), [&](std::string_view id) { return preset_scenario(library, id); }));
}

void register_list(CLI::App& app) {
  struct Options {
    std::string kind;
    std::string format = "table";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("list", "The built-in GPU, model and scenario presets");
  cmd->add_option("what", options->kind, "gpus, models or scenarios")
      ->required()
      ->check(CLI::IsMember({"gpus", "models", "scenarios"}));
  cmd->add_option("--format", options->format, "Output format (default table)")
      ->check(CLI::IsMember({"table", "json"}));
  cmd->callback([options] {
    const PresetLibrary& library = PresetLibrary::builtin();
    write_stdout(options->format == "json" ? list_json(library, options->kind)
                                           : list_table(library, options->kind));
  });
}

}  // namespace roofline
