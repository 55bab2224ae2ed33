#include "roofline/analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "operators.h"
#include "roofline/units.h"

namespace roofline {

std::string_view to_string(OpKind k) {
  switch (k) {
    case OpKind::fc:
      return "fc";
    case OpKind::attention:
      return "attention";
    case OpKind::elementwise:
      return "elementwise";
  }
  return "fc";
}

std::string_view to_string(Bound b) { return b == Bound::compute ? "compute" : "memory"; }

const OpCost* Analysis::find_op(std::string_view name) const {
  for (const OpCost& op : ops) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

const GroupCost& Analysis::group(OpKind k) const {
  switch (k) {
    case OpKind::fc:
      return fc;
    case OpKind::attention:
      return attention;
    case OpKind::elementwise:
      return elementwise;
  }
  return fc;
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double intensity_of(double flops, double bytes) { return bytes > 0 ? flops / bytes : kInf; }

void add_to(GroupCost& g, const OpCost& op) {
  g.flops += op.flops;
  g.bytes += op.bytes;
  g.time_s += op.time_s;
}

void finish_group(GroupCost& g, double ridge) {
  g.intensity = intensity_of(g.flops, g.bytes);
  g.achieved_flops = g.time_s > 0 ? g.flops / g.time_s : 0;
  g.bound = g.intensity > ridge ? Bound::compute : Bound::memory;
}

void memory_totals(const Scenario& s, Analysis& a) {
  const ModelConfig& m = s.model;
  Totals& t = a.totals;
  const double tp = static_cast<double>(s.tp);
  t.parameters = parameter_count(m);
  const double norms = norm_parameter_count(m);
  t.weights_bytes = (t.parameters - norms) * bytes_per_element(s.weights) + norms * 2;
  const double kv_per_seq = static_cast<double>(s.seq) * static_cast<double>(m.layers) *
                            static_cast<double>(kv_elements_per_token(m)) * bytes_per_element(s.kv);
  t.kv_cache_bytes = static_cast<double>(s.batch) * kv_per_seq;
  t.memory_per_gpu_bytes = (t.weights_bytes + t.kv_cache_bytes) / tp;
  t.usable_memory_bytes = s.gpu.memory_capacity_bytes * s.memory_utilization;
  t.fits_in_memory = t.memory_per_gpu_bytes <= t.usable_memory_bytes;
  const double room = t.usable_memory_bytes - t.weights_bytes / tp;
  const double max_batch = room > 0 ? std::floor(room / (kv_per_seq / tp)) : 0;
  t.max_batch = static_cast<int64_t>(std::min(max_batch, 1e18));
  if (!t.fits_in_memory) {
    a.warnings.push_back("weights + KV cache need " + format_bytes(t.memory_per_gpu_bytes) +
                         " per GPU, more than the " + format_bytes(t.usable_memory_bytes) +
                         " usable (" + format_bytes(s.gpu.memory_capacity_bytes) + " x " +
                         format_percent(s.memory_utilization) + ")");
  }
}

// Two all-reduces of the layer's M x d activations per layer (ring: 2(tp-1)/tp of the data
// crosses each link), not overlapped with compute.
double communication_time(const Scenario& s, Analysis& a) {
  if (s.tp <= 1) return 0;
  if (!s.gpu.interconnect_bandwidth_bytes_per_s) {
    a.warnings.push_back(s.gpu.name + " gives no interconnect bandwidth: the tensor-parallel " +
                         "all-reduce time is not counted");
    return 0;
  }
  const double tokens = s.phase == Phase::decode ? static_cast<double>(s.batch)
                                                 : static_cast<double>(s.batch * s.seq);
  const double tp = static_cast<double>(s.tp);
  const double data =
      tokens * static_cast<double>(s.model.hidden) * bytes_per_element(s.activations);
  const double one = 2 * (tp - 1) / tp * data / *s.gpu.interconnect_bandwidth_bytes_per_s;
  return static_cast<double>(s.model.layers) * 2 * one;
}

}  // namespace

void finish_op(OpCost& op, double peak_flops, double bandwidth) {
  const double compute_s = op.flops / peak_flops, memory_s = op.bytes / bandwidth;
  op.time_s = std::max(compute_s, memory_s);
  op.bound = compute_s > memory_s ? Bound::compute : Bound::memory;
  op.intensity = intensity_of(op.flops, op.bytes);
}

Analysis analyze(const Scenario& s) {
  Analysis a;
  if (std::string err = validate(s); !err.empty()) {
    a.warnings.push_back(std::move(err));
    return a;
  }
  a.math_precision = math_precision(s.weights, s.activations);
  const std::optional<Precision> roof = resolve_roof(s.gpu, a.math_precision);
  if (!roof) {
    a.warnings.push_back(s.gpu.name + " has no compute roof for " +
                         std::string(to_string(a.math_precision)) + " or any wider precision");
    return a;
  }
  a.roof_precision = *roof;
  if (a.roof_precision != a.math_precision) {
    a.warnings.push_back(s.gpu.name + " has no " + std::string(to_string(a.math_precision)) +
                         " roof: using " + std::string(to_string(a.roof_precision)) +
                         ", the next wider precision it has");
  }
  a.peak_flops = *s.gpu.peak(a.roof_precision) * s.compute_efficiency;
  a.bandwidth = s.gpu.memory_bandwidth_bytes_per_s * s.memory_efficiency;
  a.ridge_point = ridge_point(a.peak_flops, a.bandwidth);
  if (s.tp > 1 && s.model.heads % s.tp != 0) {
    a.warnings.push_back("tp " + std::to_string(s.tp) + " does not divide the " +
                         std::to_string(s.model.heads) + " attention heads: the split is uneven");
  }

  a.ops.reserve(24);
  append_operators(s, a.ops);
  const double tp = static_cast<double>(s.tp);
  for (OpCost& op : a.ops) {
    op.flops /= tp;
    op.bytes /= tp;
    op.weight_bytes /= tp;
    op.kv_bytes /= tp;
    finish_op(op, a.peak_flops, a.bandwidth);
    GroupCost& g = op.kind == OpKind::fc          ? a.fc
                   : op.kind == OpKind::attention ? a.attention
                                                  : a.elementwise;
    add_to(g, op);
    add_to(a.step, op);
  }
  Totals& t = a.totals;
  t.communication_time_s = communication_time(s, a);
  a.step.time_s += t.communication_time_s;
  for (GroupCost* g : {&a.fc, &a.attention, &a.elementwise, &a.step})
    finish_group(*g, a.ridge_point);

  t.flops = a.step.flops;
  t.bytes = a.step.bytes;
  t.time_s = a.step.time_s;
  const double tokens = s.phase == Phase::decode ? static_cast<double>(s.batch)
                                                 : static_cast<double>(s.batch * s.seq);
  t.tokens_per_s = tokens / t.time_s;
  t.ttft_s = s.phase == Phase::prefill ? t.time_s : 0;
  memory_totals(s, a);
  return a;
}

}  // namespace roofline
