#include "scenario_options.h"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "commands.h"
#include "roofline/io/json_io.h"

namespace roofline {
namespace {

std::vector<std::string> precision_choices() {
  std::vector<std::string> names;
  for (Precision p : kAllPrecisions) names.emplace_back(to_string(p));
  return names;
}

}  // namespace

void add_scenario_options(CLI::App& app, ScenarioOptions& o) {
  const auto precisions = CLI::IsMember(precision_choices());
  const auto on_off = CLI::IsMember({"on", "off"});
  app.add_option("--scenario", o.scenario,
                 "Scenario id or JSON file to start from (later flags override it)")
      ->type_name("ID|FILE");
  app.add_option("--gpu", o.gpu, "GPU preset id or GPU JSON file (default h100-sxm)")
      ->type_name("ID|FILE");
  app.add_option("--model", o.model,
                 "Model preset id or Hugging Face config.json (default llama-3-8b)")
      ->type_name("ID|FILE");
  app.add_option("--compare-gpu", o.compare_gpu, "A second GPU to compare against")
      ->type_name("ID|FILE");
  app.add_option("--phase", o.phase, "prefill or decode (default decode)")
      ->check(CLI::IsMember({"prefill", "decode"}));
  app.add_option("--batch", o.batch, "Sequences per step (default 1)");
  app.add_option("--seq", o.seq,
                 "Prompt length in prefill, context length in decode (default 1024)");
  app.add_option("--weights", o.weights, "Weight precision (default bf16)")->check(precisions);
  app.add_option("--activations", o.activations, "Activation precision (default bf16)")
      ->check(precisions);
  app.add_option("--kv", o.kv, "KV-cache precision (default bf16)")->check(precisions);
  app.add_option("--precision", o.precision, "Sets weights, activations and kv at once")
      ->check(precisions);
  app.add_option("--flash", o.flash, "Flash attention on|off (default on)")->check(on_off);
  app.add_option("--fuse-elementwise", o.fuse_elementwise,
                 "Fuse norms/activations/residuals into matmul epilogues on|off (default off)")
      ->check(on_off);
  app.add_option("--tp", o.tp, "Tensor-parallel GPUs (default 1)");
  app.add_option("--compute-efficiency", o.compute_efficiency,
                 "Share of peak FLOP/s reachable, in (0, 1] (default 1)");
  app.add_option("--memory-efficiency", o.memory_efficiency,
                 "Share of peak bandwidth reachable, in (0, 1] (default 1)");
  app.add_option("--memory-utilization", o.memory_utilization,
                 "Share of GPU memory usable for weights and KV, in (0, 1] (default 0.9)");
}

Result<ScenarioFile> resolve_scenario(const ScenarioOptions& o, const PresetLibrary& library) {
  using R = Result<ScenarioFile>;
  ScenarioFile file = library.default_scenario_file();
  if (o.scenario) {
    auto loaded = library.scenario(*o.scenario);
    if (!loaded) return R::fail("--scenario: " + loaded.error());
    file = std::move(loaded).value();
  }
  Scenario& s = file.scenario;
  if (o.gpu) {
    auto gpu = library.gpu(*o.gpu);
    if (!gpu) return R::fail("--gpu: " + gpu.error());
    s.gpu = std::move(gpu).value();
  }
  if (o.model) {
    auto model = library.model(*o.model);
    if (!model) return R::fail("--model: " + model.error());
    s.model = std::move(model).value();
  }
  if (o.compare_gpu) {
    auto gpu = library.gpu(*o.compare_gpu);
    if (!gpu) return R::fail("--compare-gpu: " + gpu.error());
    s.compare_gpu = std::move(gpu).value();
  }
  // The choices were checked by CLI11, so the parses below cannot fail.
  if (o.phase) s.phase = parse_phase(*o.phase).value_or(s.phase);
  if (o.batch) s.batch = *o.batch;
  if (o.seq) s.seq = *o.seq;
  if (o.precision) {
    Precision p = parse_precision(*o.precision).value_or(s.weights);
    s.weights = s.activations = s.kv = p;
  }
  if (o.weights) s.weights = parse_precision(*o.weights).value_or(s.weights);
  if (o.activations) s.activations = parse_precision(*o.activations).value_or(s.activations);
  if (o.kv) s.kv = parse_precision(*o.kv).value_or(s.kv);
  if (o.flash) s.flash_attention = *o.flash == "on";
  if (o.fuse_elementwise) s.fuse_elementwise = *o.fuse_elementwise == "on";
  if (o.tp) s.tp = *o.tp;
  if (o.compute_efficiency) s.compute_efficiency = *o.compute_efficiency;
  if (o.memory_efficiency) s.memory_efficiency = *o.memory_efficiency;
  if (o.memory_utilization) s.memory_utilization = *o.memory_utilization;
  if (std::string err = validate(s); !err.empty()) return R::fail(err);
  return R::ok(std::move(file));
}

ScenarioFile resolve_builtin_scenario_file(const ScenarioOptions& options) {
  auto file = resolve_scenario(options, PresetLibrary::builtin());
  if (!file) throw CliError(file.error());
  return std::move(file).value();
}

Scenario resolve_builtin_scenario(const ScenarioOptions& options) {
  return resolve_builtin_scenario_file(options).scenario;
}

}  // namespace roofline
