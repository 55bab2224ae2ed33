#pragma once
// The workload: one Scenario value holds everything the analysis depends on. What the chart
// shows is plot's ChartView; a scenario file holds both (io's ScenarioFile).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "roofline/hardware.h"
#include "roofline/model_config.h"
#include "roofline/precision.h"

namespace roofline {

enum class Phase { prefill, decode };
std::string_view to_string(Phase p);
std::optional<Phase> parse_phase(std::string_view name);

// The largest batch and sequence length: the batch and seq knobs' ranges (knobs.h), and where
// sweeps over them stop.
inline constexpr int64_t kMaxBatch = 1'000'000;
inline constexpr int64_t kMaxSeq = 10'000'000;

struct Scenario {
  GpuSpec gpu;        // resolved preset (gpu.id is what is saved)
  ModelConfig model;  // resolved preset or user config (model.id is what is saved)
  std::optional<GpuSpec> compare_gpu;
  Phase phase = Phase::decode;
  int64_t batch = 1;   // B
  int64_t seq = 1024;  // prefill: prompt length T; decode: context length S
  Precision weights = Precision::bf16;
  Precision activations = Precision::bf16;
  Precision kv = Precision::bf16;
  bool flash_attention = true;
  bool fuse_elementwise = false;
  int64_t tp = 1;
  double compute_efficiency = 1.0;  // (0, 1]: scales the compute roof
  double memory_efficiency = 1.0;   // (0, 1]: scales the bandwidth roof
  double memory_utilization = 0.9;  // (0, 1]: share of capacity usable for weights + KV

  bool operator==(const Scenario&) const = default;
};

// Empty when every knob is in its range (knobs.h) and the GPU and model are sound; otherwise
// one message naming the key and the expected range ("batch must be between 1 and 1000000,
// got 0").
std::string validate(const Scenario& s);

}  // namespace roofline
