#include "roofline/analysis.h"
#include "roofline/readouts.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "operators.h"
#include "roofline/units.h"

namespace roofline {

Expected group_time_kind(bool whole_step, Phase phase) {
  if (!whole_step) return Expected::op_time;
  return phase == Phase::prefill ? Expected::ttft : Expected::step_time;
}

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

const OpCost* Analysis::find_op(std::string_view name, int layer_type) const {
  for (const OpCost& op : ops) {
    if (op.name == name && op.layer_type == layer_type) return &op;
  }
  return nullptr;
}

bool Analysis::name_recurs(const OpCost& op) const {
  // Asked for every op of every JSON document and table: the size and first letter tell most
  // names apart without a call to memcmp.
  const std::string_view name = op.name;
  for (const OpCost& other : ops) {
    if (&other == &op || other.name.size() != name.size()) continue;
    if (!name.empty() && other.name[0] != name[0]) continue;
    if (other.name == name) return true;
  }
  return false;
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

std::string type_key(const Analysis& a, int layer_type) {
  if (layer_type < 0 || static_cast<size_t>(layer_type) >= a.layer_types.size()) return {};
  const LayerTypeInfo& t = a.layer_types[static_cast<size_t>(layer_type)];
  int same = 0;
  for (int i = 0; i < layer_type; ++i) same += a.layer_types[static_cast<size_t>(i)].kind == t.kind;
  return std::string(t.kind) + (same > 0 ? std::to_string(same + 1) : "");
}

std::string op_key(const Analysis& a, const OpCost& op) {
  if (!a.name_recurs(op)) return std::string(op.name);
  return std::string(op.name) + "@" + type_key(a, op.layer_type);
}

std::string comm_key(const Analysis& a, const CommOp& c) {
  const bool recurs = std::any_of(a.comm.begin(), a.comm.end(),
                                  [&](const CommOp& o) { return &o != &c && o.name == c.name; });
  std::string key(c.name);  // appended, not "@" + ...: GCC 12's -Wrestrict false positive
  if (recurs) key.append("@").append(type_key(a, c.layer_type));
  return key;
}

CommPlace comm_place(const Analysis& a, const CommOp& c) {
  if (c.between_stages) return {"stage", "between pipeline stages"};
  const LayerTypeInfo& t = a.layer_types[static_cast<size_t>(c.layer_type)];
  return {t.kind, t.label};
}

const OpCost* find_op_key(const Analysis& a, std::string_view key) {
  const size_t at = key.find('@');
  if (at == std::string_view::npos) return a.find_op(key);
  for (const OpCost& op : a.ops) {
    if (op.name == key.substr(0, at) && type_key(a, op.layer_type) == key.substr(at + 1))
      return &op;
  }
  return nullptr;
}

const GroupCost* find_group(const Analysis& a, std::string_view key) {
  if (key == "fc") return &a.fc;
  if (key == "attention") return &a.attention;
  if (key == "elementwise") return &a.elementwise;
  if (key == "step") return &a.step;
  if (key.starts_with("attention@")) {
    for (const GroupCost& g : a.attention_types) {
      if (type_key(a, g.layer_type) == key.substr(10)) return &g;
    }
  }
  return nullptr;
}

std::string attention_type_label(const LayerTypeInfo& t) {
  if (t.kind == "linear" || t.kind == "mamba") return t.label;
  if (t.kind == "full") return "attention · full";
  return "attention · " + t.label;
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double intensity_of(double flops, double bytes) { return bytes > 0 ? flops / bytes : kInf; }

void add_to(GroupCost& g, const OpCost& op) {
  g.flops += op.flops;
  g.bytes += op.bytes;
  g.time_s += op.time_s;
  g.roofline_time_s += op.roofline_time_s;
}

void finish_group(GroupCost& g, double ridge) {
  g.intensity = intensity_of(g.flops, g.bytes);
  g.achieved_flops = g.time_s > 0 ? g.flops / g.time_s : 0;
  g.roofline_achieved_flops = g.roofline_time_s > 0 ? g.flops / g.roofline_time_s : 0;
  g.bound = g.intensity > ridge ? Bound::compute : Bound::memory;
}

// The weight-only multiplier of a matmul: its weights narrower than its activations run
// through a dequantizing kernel (core/MODEL.md §9).
double weight_only_factor(const OpCost& op, const Calibration& c, const WeightFormats& f,
                          Precision activations) {
  if (op.kind != OpKind::fc || op.weight_bytes <= 0) return 1;
  const Precision w = f.of(op.group).precision;
  const double bw = bytes_per_element(w);
  if (!(bw < bytes_per_element(activations))) return 1;
  return bw <= 0.6 ? c.weight_only_4bit : c.weight_only_8bit;
}

// One GPU's part of an op under tensor parallelism: 1/tp of it, except its KV-cache work where
// the KV heads do not split tp ways (kv_share): the matmuls that write the cache are that part of
// the whole op, an attention op reads that part of the cache and 1/tp of the rest; a replicated
// op runs whole.
void split_across_gpus(const Scenario& s, const Analysis& a, OpCost& op) {
  const double tp = static_cast<double>(s.tp);
  if (op.replicated) {  // whole on every GPU
    op.kv_share = 1;
    return;
  }
  if (op.expert_group) {  // every rank's tokens, over every GPU of the stage (MODEL.md §17)
    const double n = static_cast<double>(stage_gpus(s));
    op.kv_share = 1 / n;
    op.flops /= n;
    op.bytes /= n;
    op.weight_bytes /= n;
    return;
  }
  const LayerTypeInfo* type =
      op.layer_type >= 0 && static_cast<size_t>(op.layer_type) < a.layer_types.size()
          ? &a.layer_types[static_cast<size_t>(op.layer_type)]
          : nullptr;
  const MixerType* mixer = type && type->part == LayerPart::mixer && type->index >= 0 &&
                                   static_cast<size_t>(type->index) < s.model.mixers.size()
                               ? &s.model.mixers[static_cast<size_t>(type->index)]
                               : nullptr;
  op.kv_share = 1 / tp;
  if (mixer && kv_replicated(s.model, *mixer, s.tp) &&
      (op.kv_bytes > 0 || op.kv_bytes_per_key > 0)) {
    const double share = kv_share(s.model, *mixer, s.tp);
    op.kv_share = share;
    if (op.kind == OpKind::fc) {  // computes (and writes) this GPU's KV heads: all of them
      op.flops *= share;
      op.bytes *= share;
      op.weight_bytes *= share;
      op.kv_bytes *= share;
      return;
    }
    op.flops /= tp;
    op.bytes = (op.bytes - op.kv_bytes) / tp + op.kv_bytes * share;
    op.weight_bytes /= tp;
    op.kv_bytes *= share;
    op.flops_per_key /= tp;
    op.bytes_per_key = (op.bytes_per_key - op.kv_bytes_per_key) / tp + op.kv_bytes_per_key * share;
    op.kv_bytes_per_key *= share;
    return;
  }
  op.flops /= tp;
  op.bytes /= tp;
  op.weight_bytes /= tp;
  op.kv_bytes /= tp;
  op.flops_per_key /= tp;
  op.bytes_per_key /= tp;
  op.kv_bytes_per_key /= tp;
}

// One sequence's KV-cache elements over the model's layers: the whole cache, and one GPU's part
// of it (each type by its kv_share).
struct KvElements {
  double whole = 0, per_gpu = 0;
};

KvElements kv_elements_per_sequence(const Scenario& s) {
  KvElements out;
  for (const MixerType& t : s.model.mixers) {
    const double kv = static_cast<double>(t.count) * static_cast<double>(cached_tokens(t, s.seq)) *
                      static_cast<double>(kv_elements_per_token(s.model, t));
    out.whole += kv;
    out.per_gpu += kv * kv_share(s.model, t, s.tp);
  }
  return out;
}

void memory_totals(const Scenario& s, Analysis& a) {
  const ModelConfig& m = s.model;
  Totals& t = a.totals;
  const double tp = static_cast<double>(s.tp);
  const ParameterCount p = count_parameters(m);
  t.parameters = p.total();
  t.active_parameters = p.active();
  const WeightFormats f = weight_formats(s);
  t.weights_bytes = p.vectors * 2;  // norm scales, biases and the like stay 16-bit
  for (size_t g = 0; g < static_cast<size_t>(WeightGroup::count); ++g)
    t.weights_bytes += p.matrices[g] * f.group[g].bytes();

  const double bkv = bytes_per_element(s.kv), ba = bytes_per_element(s.activations);
  const double bstate = bytes_per_element(m.state_precision.value_or(s.activations));
  const KvElements kv = kv_elements_per_sequence(s);
  const double kv_per_seq = kv.whole * bkv, kv_per_gpu_seq = kv.per_gpu * bkv;
  double state_per_seq = 0;
  for (const MixerType& type : m.mixers) {
    const StateElements e = state_elements(m, type.kind);
    state_per_seq += static_cast<double>(type.count) * (e.recurrent * bstate + e.conv * ba);
  }
  const double B = static_cast<double>(s.batch), rank = static_cast<double>(rank_batch(s));
  // A pipeline stage holds its share of the layers (MODEL.md §18): of their KV and state too.
  const double share = stage_share(s);
  t.kv_cache_bytes = B * kv_per_seq;
  t.state_bytes = B * state_per_seq;
  // The busiest rank's KV cache by each type's share (a replicated KV head or MLA's latent is on
  // every GPU of the rank), and its state split tp ways.
  t.kv_cache_per_gpu_bytes = rank * kv_per_gpu_seq * share;
  t.state_per_gpu_bytes = rank * state_per_seq / tp * share;
  // The weights: 1/tp each (each data-parallel rank holds its own copy), the routed experts
  // 1/(tp × dp); but a matmul that runs whole (replicated) or writes KV heads that do not split
  // tp ways keeps its share of the whole on every GPU: its op's weights after the split (the
  // ops' weight bytes are per GPU and per micro-batch pass; these matmuls read all they hold).
  // Under pipeline stages the busiest GPU is the last stage's: its share of the layers and the
  // output table (the embedding table sits on the first stage).
  const double experts = p.of(WeightGroup::experts) * f.of(WeightGroup::experts).bytes();
  double layers = t.weights_bytes - experts, ends = 0;
  if (s.pp > 1) {
    const double other = f.of(WeightGroup::other).bytes();
    const double table = static_cast<double>(m.vocab) * static_cast<double>(m.hidden) * other;
    layers -= p.embedding * other + (m.tie_word_embeddings ? 0 : table);
    ends = table;  // lm_head, or the embedding it is tied to
  }
  t.weights_per_gpu_bytes =
      (layers * share + ends) / tp + experts * share / static_cast<double>(stage_gpus(s));
  const double passes = static_cast<double>(a.totals.pipeline_microbatches);
  for (const OpCost& op : a.ops) {
    const double split = op.replicated ? 1 : op.kv_share;
    if (op.kind == OpKind::fc && split * tp > 1 + 1e-12)
      t.weights_per_gpu_bytes += op.weight_bytes / passes * (1 - 1 / (tp * split));
  }
  t.memory_per_gpu_bytes =
      t.weights_per_gpu_bytes + t.state_per_gpu_bytes + t.kv_cache_per_gpu_bytes;
  t.usable_memory_bytes = s.gpu.memory_capacity_bytes * s.memory_utilization;
  t.fits_in_memory = t.memory_per_gpu_bytes <= t.usable_memory_bytes;
  const double room = t.usable_memory_bytes - t.weights_per_gpu_bytes;
  const double per_seq = (kv_per_gpu_seq + state_per_seq / tp) * share;
  // Sequences per rank, over every rank.
  const double max_batch = room > 0 ? std::floor(room / per_seq) * static_cast<double>(s.dp) : 0;
  t.max_batch = static_cast<int64_t>(std::min(max_batch, 1e18));
  if (!t.fits_in_memory) a.warnings.push_back(memory_warning(s, t));
}

// Speculative decoding's drafting: k passes, each one layer of the model's shape (its average
// layer: the plain decode step's layers, all-reduces included, over the layer count) and its
// output table, at the batch and context of the step (core/MODEL.md §10). Added to the step's
// time, bound, FLOPs and bytes; the ops stay the verify step's.
void add_drafting(const Scenario& s, Analysis& a) {
  Scenario plain = s;
  plain.spec = SpecMethod::none;
  const Analysis p = analyze(plain);
  double out_time = 0, out_bound = 0, out_flops = 0, out_bytes = 0;
  for (const OpCost& op : p.ops) {
    if (p.layer_types[static_cast<size_t>(op.layer_type)].part != LayerPart::output) continue;
    out_time += op.time_s;
    out_bound += op.roofline_time_s;
    out_flops += op.flops;
    out_bytes += op.bytes;
  }
  const double L = static_cast<double>(std::max<int64_t>(1, s.model.layers));
  const double k = static_cast<double>(s.spec_tokens);
  const double body = p.step.time_s - p.totals.step_overhead_s - out_time;
  Totals& t = a.totals;
  t.draft_time_s = k * (body / L + out_time);
  t.draft_roofline_time_s = k * ((p.step.roofline_time_s - out_bound) / L + out_bound);
  a.step.time_s += t.draft_time_s;
  a.step.roofline_time_s += t.draft_roofline_time_s;
  a.step.flops += k * ((p.step.flops - out_flops) / L + out_flops);
  a.step.bytes += k * ((p.step.bytes - out_bytes) / L + out_bytes);
}

// The communication after each mixer and feed-forward (MODEL.md §17), not overlapped with
// compute: an all-reduce of a rank's M x d activations over its tp GPUs (ring: 2(n-1)/n of the
// data leaves each GPU), and around the routed experts either an all-reduce over every GPU (an
// all-gather of the ranks' tokens and a reduce-scatter when dp > 1: the same bytes) or, with
// expert parallelism across data-parallel ranks, an all-to-all dispatch of each token to its k
// experts and a combine back. The bound moves the bytes at the full link bandwidth; a
// calibration adds its efficiency and a latency per collective.
struct Communication {
  double bound_s = 0, expected_s = 0;
};

// The other GPUs a token's k experts are on, on average, with E experts spread evenly over n
// GPUs and routed uniformly: (n − 1)·(1 − P(a GPU holds none of the k)), the chance being
// hypergeometric, Π_{i<k} (E − E/n − i)/(E − i).
double remote_gpus_per_token(const MoeShape& e, double n) {
  const double E = static_cast<double>(e.experts), per_gpu = E / n;
  double none = 1;
  for (int64_t i = 0; i < e.top_k; ++i) {
    const double x = static_cast<double>(i);
    none *= std::max(0.0, (E - per_gpu - x) / (E - x));
  }
  return (n - 1) * (1 - none);
}

// The time at full link speed of `bytes` sent by each GPU of a group of `gpus` in a layout of
// `layout` GPUs (hardware.h's link_time: the interconnect within a scale-up domain, the scale-out
// network beyond it); a figure the GPU lacks is said once. `out` is set when the scale-out
// network carries some of it.
double transfer_s(const Scenario& s, Analysis& a, int64_t gpus, int64_t layout, double bytes,
                  Collective c, bool& out) {
  const LinkTime t = link_time(s.gpu, gpus, layout, bytes, c);
  if (!t.missing.empty() &&
      std::find(a.warnings.begin(), a.warnings.end(), t.missing) == a.warnings.end())
    a.warnings.push_back(t.missing);
  out = t.scale_out;
  return t.seconds;
}

// `layout`: every GPU of the scenario (a pipeline's stages included), `s` being one stage's.
Communication communication(const Scenario& s, Analysis& a, int64_t layout) {
  const int64_t n = stage_gpus(s);
  // Nothing crosses a link on one GPU, nor between data-parallel ranks of one GPU without experts.
  if (n <= 1 || (s.tp <= 1 && !find_ffn(s.model, FfnKind::moe))) return {};
  if (!s.gpu.interconnect_bandwidth_bytes_per_s) {
    a.warnings.push_back(s.gpu.name + " gives no interconnect bandwidth: the time GPUs spend " +
                         "communicating is not counted");
    return {};
  }
  const double per_seq =
      s.phase == Phase::decode ? static_cast<double>(query_tokens(s)) : static_cast<double>(s.seq);
  const double rank_tokens = static_cast<double>(rank_batch(s)) * per_seq;
  const double all_tokens = static_cast<double>(s.batch) * per_seq;
  const double row = static_cast<double>(s.model.hidden) * bytes_per_element(s.activations);
  const double efficiency = s.calibration ? s.calibration->allreduce_efficiency : 1;
  const double latency = s.calibration ? s.calibration->allreduce_latency_s : 0;
  Communication total;
  auto add = [&](std::string_view name, int16_t type, int64_t count, int64_t gpus, double one,
                 int collectives = 1, bool all_to_all = false) {
    CommOp c{.name = name, .layer_type = type, .count = count, .gpus = gpus};
    c.bytes = static_cast<double>(count) * one;
    c.roofline_time_s =
        transfer_s(s, a, gpus, layout, c.bytes,
                   all_to_all ? Collective::all_to_all : Collective::ring, c.scale_out);
    c.latency_s = s.calibration ? static_cast<double>(count * collectives) * latency : 0;
    c.time_s = c.roofline_time_s / efficiency + c.latency_s;
    total.bound_s += c.roofline_time_s;
    total.expected_s += c.time_s;
    a.comm.push_back(c);
  };
  auto ring = [](int64_t gpus, double data) {
    const double g = static_cast<double>(gpus);
    return 2 * (g - 1) / g * data;
  };
  for (size_t i = 0; i < a.layer_types.size(); ++i) {
    const LayerTypeInfo& t = a.layer_types[i];
    const auto type = static_cast<int16_t>(i);
    const FfnType* moe = t.part == LayerPart::ffn && t.kind == "moe"
                             ? &s.model.ffns[static_cast<size_t>(t.index)]
                             : nullptr;
    if (t.part == LayerPart::output) continue;
    if (!moe) {  // a mixer or a dense feed-forward: within the rank
      if (s.tp > 1) add("all_reduce", type, t.count, s.tp, ring(s.tp, rank_tokens * row));
      continue;
    }
    // A latent MoE (Nemotron-3) sends its tokens at the latent width, after latent_down.
    const double moe_row = moe->moe.latent > 0 ? static_cast<double>(moe->moe.latent) *
                                                     bytes_per_element(s.activations)
                                               : row;
    if (expert_parallel(s) && s.dp > 1) {
      // Each GPU sends its 1/n of the tokens once to every other GPU that holds one of their k
      // experts (DeepEP's and pplx's kernels send a token once per rank); the busiest GPU
      // receives moe_imbalance times the mean. The combine brings them back.
      const double g = static_cast<double>(n);
      const double one =
          s.moe_imbalance * all_tokens / g * remote_gpus_per_token(moe->moe, g) * moe_row;
      add("dispatch", type, t.count, n, one, 1, true);
      add("combine", type, t.count, n, one, 1, true);
      // The shared experts and the rest of the block split tp ways within the rank.
      if (s.tp > 1) add("all_reduce", type, t.count, s.tp, ring(s.tp, rank_tokens * row));
    } else if (s.dp > 1) {  // two collectives a layer: an all-gather and a reduce-scatter
      add("gather_scatter", type, t.count, n, ring(n, all_tokens * moe_row), 2);
    } else {
      add("all_reduce", type, t.count, n, ring(n, all_tokens * row));
    }
  }
  return total;
}

// An op or collective run `times` over (MODEL.md §18: a stage's share of the layers, once per
// micro-batch): its work, times and per-key rates; its intensity stays.
void scale_op(OpCost& op, double times) {
  for (double* x :
       {&op.flops, &op.bytes, &op.weight_bytes, &op.kv_bytes, &op.flops_per_key, &op.bytes_per_key,
        &op.kv_bytes_per_key, &op.time_s, &op.roofline_time_s, &op.latency_s})
    *x *= times;
}

void scale_comm(CommOp& c, double times) {
  for (double* x : {&c.bytes, &c.time_s, &c.roofline_time_s, &c.latency_s}) *x *= times;
}

// Between pipeline stages (MODEL.md §18): each micro-batch's activations, a rank's tokens × d,
// sent once from each GPU of a stage to its peer in the next (point to point, one latency each).
Communication stage_sends(const Scenario& s, Analysis& a) {
  if (s.pp <= 1 || a.layer_types.empty()) return {};
  if (!s.gpu.interconnect_bandwidth_bytes_per_s) {
    const std::string why = s.gpu.name + " gives no interconnect bandwidth: the time GPUs spend " +
                            "communicating is not counted";
    if (std::find(a.warnings.begin(), a.warnings.end(), why) == a.warnings.end())
      a.warnings.push_back(why);  // unless communication() said so already
    return {};
  }
  const double efficiency = s.calibration ? s.calibration->allreduce_efficiency : 1;
  const double latency = s.calibration ? s.calibration->allreduce_latency_s : 0;
  const int64_t m = microbatches(s);
  const int64_t rank_mb = (microbatch_size(s) + s.dp - 1) / s.dp;
  const double per_seq =
      s.phase == Phase::decode ? static_cast<double>(query_tokens(s)) : static_cast<double>(s.seq);
  CommOp c{.name = "stage_send",
           .layer_type = static_cast<int16_t>(a.layer_types.size() - 1),
           .count = m,
           .gpus = 2,
           .between_stages = true};
  c.bytes = static_cast<double>(m) * static_cast<double>(rank_mb) * per_seq *
            static_cast<double>(s.model.hidden) * bytes_per_element(s.activations);
  // Some stage boundary leaves the scale-up domain once the layout is wider than it.
  c.roofline_time_s =
      transfer_s(s, a, gpu_count(s), gpu_count(s), c.bytes, Collective::ring, c.scale_out);
  c.latency_s = static_cast<double>(m) * latency;
  c.time_s = c.roofline_time_s / efficiency + c.latency_s;
  a.comm.push_back(c);
  return {c.roofline_time_s, c.time_s};
}

}  // namespace

void finish_op(OpCost& op, double peak_flops, double bandwidth) {
  const double compute_s = op.flops / peak_flops, memory_s = op.bytes / bandwidth;
  op.time_s = op.roofline_time_s = std::max(compute_s, memory_s);
  op.latency_s = 0;
  op.bound = compute_s > memory_s ? Bound::compute : Bound::memory;
  op.intensity = intensity_of(op.flops, op.bytes);
}

void calibrate_op(OpCost& op, const Calibration& c, double peak_flops, double bandwidth,
                  double weight_only) {
  const ClassEfficiency& e = c.of(op.op_class);
  const double compute_s = op.flops / (peak_flops * e.compute);
  const double memory_s = op.bytes / (bandwidth * e.memory * weight_only);
  // An op that moves no bytes of its own is fused into a neighbour: no kernel of its own.
  const double kernels = op.bytes > 0 ? c.kernels_of(op.name) : 0;
  op.latency_s = static_cast<double>(op.count) * kernels * c.kernel_latency_s;
  op.time_s = std::max(compute_s, memory_s) + op.latency_s;
}

Analysis analyze(const Scenario& s) {
  Analysis a;
  if (std::string err = validate(s).error(); !err.empty()) {
    a.warnings.push_back(std::move(err));
    return a;
  }
  a.math_precision = math_precision(widest_weights(s), s.activations);
  const std::optional<Precision> roof = resolve_roof(s.gpu, a.math_precision);
  if (!roof) {
    std::string why = s.gpu.name + " has no compute roof for " +
                      std::string(to_string(a.math_precision)) + " or any wider precision";
    if (!s.gpu.peak_flops_note.empty()) why += " (" + s.gpu.peak_flops_note + ")";
    a.no_roof = true;
    a.warnings.push_back(why + ": roofline computes no step times without one");
    return a;
  }
  a.roof_precision = *roof;
  if (a.roof_precision != a.math_precision) {
    a.warnings.push_back(s.gpu.name + " has no " + std::string(to_string(a.math_precision)) +
                         " roof: using " + std::string(to_string(a.roof_precision)) +
                         ", the next wider precision it has" +
                         (s.gpu.peak_flops_note.empty() ? "" : " (" + s.gpu.peak_flops_note + ")"));
  }
  a.peak_flops = *s.gpu.peak(a.roof_precision) * s.compute_efficiency;
  a.bandwidth = s.gpu.memory_bandwidth_bytes_per_s * s.memory_efficiency;
  a.ridge_point = ridge_point(a.peak_flops, a.bandwidth);
  if (s.model.max_context && s.seq > *s.model.max_context) {
    a.warnings.push_back(std::string(s.phase == Phase::decode ? "context " : "prompt ") +
                         format_count(static_cast<double>(s.seq)) + " is longer than " +
                         s.model.name + "'s max_position_embeddings (" +
                         format_count(static_cast<double>(*s.model.max_context)) +
                         "): the model was not trained for it");
  }
  bool apart = false;
  if (std::string c = checkpoint_comparison(s.model, &apart); apart)
    a.warnings.push_back(s.model.name + ": " + c);
  for (const MixerType& t : s.model.mixers) {
    if (!kv_replicated(s.model, t, s.tp)) continue;
    // The whole cache's factor over an even split (the types that split evenly included).
    const KvElements cache = kv_elements_per_sequence(s);
    const double times = cache.whole > 0 ? cache.per_gpu / cache.whole * static_cast<double>(s.tp)
                                         : kv_share(s.model, t, s.tp) * static_cast<double>(s.tp);
    const std::string tp = "tp " + std::to_string(s.tp);
    if (s.model.mla) {
      a.warnings.push_back(tp +
                           ": every GPU keeps the whole MLA latent KV cache (all heads read it), " +
                           format_ratio(times) + " an even split");
    } else {
      const int64_t kv = attention_dims(s.model, t).kv_heads;
      const int64_t each = (kv + s.tp - 1) / s.tp;
      a.warnings.push_back(tp + " does not split the " + std::to_string(kv) +
                           " KV heads evenly: each GPU keeps " + std::to_string(each) +
                           " (replicated where needed), " + format_ratio(times) +
                           " an even split of the KV cache");
    }
    break;
  }
  for (const MixerType& t : s.model.mixers) {
    const int64_t heads = attention_dims(s.model, t).heads;
    if (is_attention(t.kind) && s.tp > 1 && heads % s.tp != 0) {
      a.warnings.push_back("tp " + std::to_string(s.tp) + " does not divide the " +
                           std::to_string(heads) + " attention heads: the split is uneven");
      break;
    }
  }

  if (expert_parallel(s)) {
    const FfnType* moe = find_ffn(s.model, FfnKind::moe);
    const std::string ep = "ep " + std::to_string(s.ep);
    if (!moe) {
      a.warnings.push_back(ep + ": " + s.model.name +
                           " has no routed experts, so expert parallelism changes nothing");
    } else if (moe->moe.experts % s.ep != 0) {
      a.warnings.push_back(ep + " does not divide the " + std::to_string(moe->moe.experts) +
                           " routed experts: some GPUs hold one more than the mean");
    }
  }
  if (s.dp > 1 && s.batch % s.dp != 0) {
    a.warnings.push_back("dp " + std::to_string(s.dp) + " does not divide batch " +
                         std::to_string(s.batch) + ": the busiest rank has " +
                         std::to_string(rank_batch(s)) + " sequences and sets the step's time");
  }
  // Micro-batches of ⌈B/m⌉, each rank's share of one ⌈⌈B/m⌉/dp⌉: more sequences than a rank has
  // when the roundings do not divide.
  if (s.pp > 1 && microbatches(s) * ((microbatch_size(s) + s.dp - 1) / s.dp) > rank_batch(s)) {
    a.warnings.push_back("pp " + std::to_string(s.pp) + ": batch " + std::to_string(s.batch) +
                         " runs as " + std::to_string(microbatches(s)) +
                         " micro-batches of up to " + std::to_string(microbatch_size(s)) +
                         " sequences, each counted as full");
  }
  if (s.calibration) {
    if (std::string err = validate(*s.calibration).error(); !err.empty()) {
      a.warnings.push_back("calibration " + s.calibration->id + ": " + err);
      a.ops.clear();
      return a;
    }
    // Expected times on a GPU the calibration was not fitted for (a B200 compare under the H100
    // calibration) are a guess: said, not shown as if measured.
    if (!fitted_for(*s.calibration, s.gpu)) {
      std::string fitted;
      for (const std::string& id : s.calibration->gpus) fitted += (fitted.empty() ? "" : ", ") + id;
      a.warnings.push_back("calibration " + s.calibration->id + " was fitted for " + fitted +
                           ", not " + s.gpu.id + ": its expected times there are a guess");
    }
  }
  a.calibrated = s.calibration.has_value();
  if (a.calibrated) {
    auto ratio = [](const CalibrationError* e) {
      return e ? ValueInterval{e->interval_low, e->interval_high} : ValueInterval{};
    };
    a.op_interval = ratio(interval_of(&*s.calibration, group_time_kind(false, s.phase)));
    a.step_interval = ratio(interval_of(&*s.calibration, group_time_kind(true, s.phase)));
  }
  // Under pipeline stages (MODEL.md §18) the ops are one micro-batch's through the busiest
  // stage's share of the layers, run once per micro-batch.
  Scenario stage_scenario;
  const Scenario* stage = &s;
  if (s.pp > 1) {
    stage_scenario = s;
    stage_scenario.pp = 1;
    stage_scenario.batch = microbatch_size(s);
    stage = &stage_scenario;
  }
  Totals& t = a.totals;
  t.pipeline_microbatches = microbatches(s);
  t.pipeline_slots = pipeline_slots(s);
  const double passes = static_cast<double>(t.pipeline_microbatches);
  const double layer_passes = passes * stage_share(s);
  a.ops.reserve(40);
  append_operators(*stage, a.ops, a.layer_types);
  for (size_t i = 0; i < a.layer_types.size(); ++i) {
    if (a.layer_types[i].part == LayerPart::mixer)
      a.attention_types.push_back(GroupCost{.layer_type = static_cast<int16_t>(i)});
  }
  if (a.attention_types.size() < 2) a.attention_types.clear();
  const WeightFormats formats = weight_formats(s);
  for (OpCost& op : a.ops) {
    split_across_gpus(*stage, a, op);
    finish_op(op, a.peak_flops, a.bandwidth);
    if (s.calibration) {
      calibrate_op(op, *s.calibration, a.peak_flops, a.bandwidth,
                   weight_only_factor(op, *s.calibration, formats, s.activations));
    }
    if (s.pp > 1) {
      const bool output =
          a.layer_types[static_cast<size_t>(op.layer_type)].part == LayerPart::output;
      scale_op(op, output ? passes : layer_passes);
    }
    GroupCost& g = op.kind == OpKind::fc          ? a.fc
                   : op.kind == OpKind::attention ? a.attention
                                                  : a.elementwise;
    add_to(g, op);
    add_to(a.step, op);
    if (op.kind == OpKind::attention) {
      for (GroupCost& g_type : a.attention_types) {
        if (g_type.layer_type == op.layer_type) add_to(g_type, op);
      }
    }
  }
  for (GroupCost& g_type : a.attention_types) finish_group(g_type, a.ridge_point);
  Communication comm = communication(*stage, a, gpu_count(s));
  if (s.pp > 1) {
    for (CommOp& c : a.comm) scale_comm(c, layer_passes);
    comm.expected_s *= layer_passes;
    comm.bound_s *= layer_passes;
    const Communication sends = stage_sends(s, a);
    comm.expected_s += sends.expected_s;
    comm.bound_s += sends.bound_s;
  }
  t.communication_time_s = comm.expected_s;
  // The host's share: a fixed part and a part per sequence of the busiest rank, each rank
  // scheduling its own (MODEL.md §9, §17).
  t.step_overhead_s = s.calibration ? s.calibration->step_overhead_s +
                                          static_cast<double>(rank_batch(s)) *
                                              s.calibration->step_overhead_per_sequence_s
                                    : 0;
  for (const OpCost& op : a.ops) t.kernel_latency_s += op.latency_s;
  // A GPU waits (slots − micro-batches) of its stage's turns each step: the bubble.
  const double wait = static_cast<double>(t.pipeline_slots) / passes - 1;
  t.pipeline_bubble_s = wait * (a.step.time_s + comm.expected_s);
  t.pipeline_bubble_roofline_s = wait * (a.step.roofline_time_s + comm.bound_s);
  a.step.time_s += comm.expected_s + t.pipeline_bubble_s + t.step_overhead_s;
  a.step.roofline_time_s += comm.bound_s + t.pipeline_bubble_roofline_s;
  if (speculative(s)) add_drafting(s, a);
  for (GroupCost* g : {&a.fc, &a.attention, &a.elementwise, &a.step})
    finish_group(*g, a.ridge_point);

  t.flops = a.step.flops;
  t.bytes = a.step.bytes;
  t.time_s = a.step.time_s;
  t.roofline_time_s = a.step.roofline_time_s;
  t.accepted_tokens_per_step = accepted_tokens_per_step(s);
  const double tokens = s.phase == Phase::decode
                            ? static_cast<double>(s.batch) * t.accepted_tokens_per_step
                            : static_cast<double>(s.batch * s.seq);
  t.tokens_per_s = tokens / t.time_s;
  t.tokens_per_s_per_gpu = t.tokens_per_s / static_cast<double>(gpu_count(s));
  t.cost_per_mtok_usd = cost_per_mtok_usd(s, t.tokens_per_s_per_gpu);
  t.energy_per_token_j = energy_per_token_j(s, t.tokens_per_s_per_gpu);
  t.tokens_per_s_per_user =
      s.phase == Phase::decode ? t.accepted_tokens_per_step / t.time_s : t.tokens_per_s;
  t.ttft_s = s.phase == Phase::prefill ? t.time_s : 0;
  memory_totals(s, a);
  return a;
}

}  // namespace roofline
