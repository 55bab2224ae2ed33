// Writing: GPU presets, scenario workloads, and the analyze / sweep JSON of spec/interfaces.md.
// Keys keep insertion order (ordered_json), numbers keep full precision (shortest round-trip
// form), and an infinite intensity (an op or group that moves no bytes) is written as null.

#include <cmath>
#include <string>
#include <type_traits>
#include <variant>

#include <nlohmann/json.hpp>

#include "io_internal.h"
#include "readout_json.h"
#include "roofline/compare.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_list.h"
#include "roofline/io/scenario_json.h"
#include "roofline/knobs.h"
#include "roofline/readouts.h"
#include "roofline/version.h"

namespace roofline {
namespace {

Json finite_or_null(double value) { return std::isfinite(value) ? Json(value) : Json(nullptr); }

Json gpu_json(const GpuSpec& gpu) {
  Json j;
  j["id"] = gpu.id;
  j["name"] = gpu.name;
  j["vendor"] = gpu.vendor;
  j["memory_bandwidth"] = gpu.memory_bandwidth_bytes_per_s;
  j["memory_capacity"] = gpu.memory_capacity_bytes;
  if (gpu.memory_type) j["memory_type"] = std::string(to_string(*gpu.memory_type));
  if (gpu.unified_memory) j["unified_memory"] = true;
  if (gpu.device_class) j["category"] = std::string(to_string(*gpu.device_class));
  Json peaks = Json::object();
  for (Precision p : kAllPrecisions) {
    if (auto peak = gpu.peak(p)) peaks[std::string(to_string(p))] = *peak;
  }
  j["peak_flops"] = peaks;
  if (!gpu.peak_flops_note.empty()) j["peak_flops_note"] = gpu.peak_flops_note;
  if (!gpu.caches.empty()) {
    Json caches = Json::array();
    for (const auto& c : gpu.caches) {
      Json cache = {{"name", c.name}, {"bandwidth", c.bandwidth_bytes_per_s}};
      if (!c.derived.empty()) cache["derived"] = c.derived;
      caches.push_back(std::move(cache));
    }
    j["caches"] = caches;
  }
  if (gpu.interconnect_bandwidth_bytes_per_s) {
    j["interconnect_bandwidth"] = *gpu.interconnect_bandwidth_bytes_per_s;
  }
  if (gpu.board_power_w) j["board_power"] = *gpu.board_power_w;
  if (!gpu.board_power_source.empty()) j["board_power_source"] = gpu.board_power_source;
  if (gpu.gpu_hour_usd) j["gpu_hour_usd"] = *gpu.gpu_hour_usd;
  if (!gpu.gpu_hour_usd_source.empty()) j["gpu_hour_usd_source"] = gpu.gpu_hour_usd_source;
  j["source"] = gpu.source;
  return j;
}

// A knob's value as scenario files and the analyze output write it.
Json knob_json(const ChangeValue& value) {
  return std::visit(
      [](const auto& v) -> Json {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, Phase> || std::is_same_v<V, Precision>) {
          return to_string(v);
        } else if constexpr (std::is_same_v<V, WeightsChoice>) {
          return v.precision ? Json(to_string(*v.precision)) : Json("auto");
        } else {
          return v;
        }
      },
      value);
}

// The knobs that are not preset references, shared by scenario files and the analyze output.
void put_knobs(Json& j, const Scenario& s) {
  for (const Knob& k : knobs()) {
    if (k.saved && k.type != KnobType::reference) j[std::string(k.name)] = knob_json(k.get(s));
  }
}

Json model_shape_json(const ModelConfig& m) {
  Json j;
  j["model_type"] = m.model_type;
  j["layers"] = m.layers;
  j["layout"] = layout_text(m);
  j["hidden"] = m.hidden;
  j["heads"] = m.heads;
  j["kv_heads"] = m.kv_heads;
  j["head_dim"] = m.head_dim;
  if (m.v_head_dim > 0) j["v_head_dim"] = m.v_head_dim;
  const FfnType* dense = find_ffn(m, FfnKind::dense);
  j["intermediate"] = dense ? Json(dense->width) : Json(nullptr);
  j["vocab"] = m.vocab;
  j["tie_word_embeddings"] = m.tie_word_embeddings;
  j["gated_mlp"] = m.gated_mlp;
  j["hidden_act"] = m.hidden_act;
  j["max_position_embeddings"] = m.max_context ? Json(*m.max_context) : Json(nullptr);
  Json mixers = Json::array();
  for (const MixerType& t : m.mixers) {
    Json x = {{"kind", to_string(t.kind)}, {"layers", t.count}};
    if (t.window > 0) x["window"] = t.window;
    if (is_attention(t.kind) && t.own != HeadShape{}) {  // heads of their own (Step-3.5, MiMo-V2)
      const AttentionDims a = attention_dims(m, t);
      x["heads"] = a.heads;
      x["kv_heads"] = a.kv_heads;
      x["head_dim"] = a.head_dim;
      x["v_head_dim"] = a.v_head_dim;
    }
    mixers.push_back(std::move(x));
  }
  j["mixers"] = std::move(mixers);
  Json ffns = Json::array();
  for (const FfnType& t : m.ffns) {
    Json x = {{"kind", to_string(t.kind)}, {"layers", t.count}};
    if (t.kind == FfnKind::dense) x["intermediate"] = t.width;
    if (t.kind == FfnKind::moe) {
      x["experts"] = t.moe.experts;
      x["experts_per_token"] = t.moe.top_k;
      x["expert_intermediate"] = t.moe.width;
      x["shared_intermediate"] = t.moe.shared_width;
      if (t.moe.latent > 0) x["latent"] = t.moe.latent;
    }
    ffns.push_back(std::move(x));
  }
  j["ffns"] = std::move(ffns);
  if (const FfnType* moe = find_ffn(m, FfnKind::moe)) {
    j["moe"] = {{"experts", moe->moe.experts},
                {"experts_per_token", moe->moe.top_k},
                {"expert_intermediate", moe->moe.width},
                {"shared_intermediate", moe->moe.shared_width},
                {"layers", ffn_layers(m, FfnKind::moe)}};
  } else {
    j["moe"] = nullptr;
  }
  if (m.mla) {
    j["mla"] = {{"q_lora_rank", m.mla->q_lora_rank ? Json(*m.mla->q_lora_rank) : Json(nullptr)},
                {"kv_lora_rank", m.mla->kv_lora_rank},
                {"qk_nope_head_dim", m.mla->qk_nope_head_dim},
                {"qk_rope_head_dim", m.mla->qk_rope_head_dim},
                {"v_head_dim", m.mla->v_head_dim}};
  } else {
    j["mla"] = nullptr;
  }
  j["quantization"] = m.quantization.method.empty() ? Json(nullptr) : Json(m.quantization.method);
  j["mtp_layers_not_counted"] = m.mtp_layers;
  if (m.checkpoint_parameters) j["checkpoint_parameters"] = *m.checkpoint_parameters;
  return j;
}

// A group's object: the group readouts that have a key (readouts.h), of a group of `a`.
Json group_json(const GroupCost& g, const Analysis& a) {
  Json j = Json::object();
  for (const GroupReadout& r : group_readouts()) {
    if (r.key.empty()) continue;
    if (const auto v = r.get(g, a)) j[std::string(r.key)] = readout_json(*v);
  }
  return j;
}

Json groups_json(const GroupCost& fc, const GroupCost& attention, const GroupCost& elementwise,
                 const GroupCost& step, const Analysis& a) {
  return {{"fc", group_json(fc, a)},
          {"attention", group_json(attention, a)},
          {"elementwise", group_json(elementwise, a)},
          {"step", group_json(step, a)}};
}

Json groups_json(const Analysis& a) {
  return groups_json(a.fc, a.attention, a.elementwise, a.step, a);
}

}  // namespace

Json workload_json(const Scenario& s) {
  Json j;
  for (const Knob& k : knobs()) {  // the preset references first; no key for no compare GPU
    if (k.type != KnobType::reference) continue;
    const ChangeValue id = k.get(s);
    if (!std::get<std::string>(id).empty()) j[std::string(k.name)] = knob_json(id);
  }
  put_knobs(j, s);
  return j;
}

Json json_header() {
  Json j;
  j["schema_version"] = kJsonSchemaVersion;
  j["version"] = std::string(version());
  return j;
}

Json readout_json(const ReadoutValue& v) {
  return std::visit(
      [](const auto& x) -> Json {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, double>) {
          return finite_or_null(x);
        } else {
          return Json(x);
        }
      },
      v);
}

void put_interval(Json& j, std::string_view key, const ValueInterval& i) {
  j[std::string(key) + "_low"] = i.low;
  j[std::string(key) + "_high"] = i.high;
}

Json step_object_json(const StepContext& ctx, JsonObject object, unsigned shows) {
  Json j = Json::object();
  for (const StepReadout& r : step_readouts()) {
    if (r.key.empty() || (shows ? !(r.shows & shows) : r.object != object)) continue;
    if (const auto v = r.get(ctx)) j[std::string(r.key)] = readout_json(*v);
    if (const auto iv = step_readout_interval(r, ctx)) put_interval(j, r.key, *iv);
  }
  return j;
}

std::string gpu_to_json(const GpuSpec& gpu) { return dump_text(gpu_json(gpu)) + "\n"; }

std::string preset_list_to_json(const std::vector<ListedPreset<GpuSpec>>& gpus) {
  Json list = Json::array();
  for (const auto& [entry, gpu] : gpus) {
    Json g = gpu_json(gpu);
    g["origin"] = entry.origin;
    list.push_back(std::move(g));
  }
  return dump_text(list) + "\n";
}

std::string preset_list_to_json(const std::vector<ListedPreset<ModelConfig>>& models) {
  Json list = Json::array();
  for (const auto& [entry, m] : models) {
    list.push_back({{"id", entry.id},
                    {"name", m.name},
                    {"origin", entry.origin},
                    {"source", m.source},
                    {"parameters", parameter_count(m)},
                    {"active_parameters", count_parameters(m).active()},
                    {"layers", m.layers},
                    {"layout", layout_text(m)},
                    {"hidden", m.hidden},
                    {"heads", m.heads},
                    {"kv_heads", m.kv_heads},
                    {"head_dim", m.head_dim},
                    {"moe", find_ffn(m, FfnKind::moe) != nullptr},
                    {"mla", m.mla.has_value()}});
  }
  return dump_text(list) + "\n";
}

std::string analysis_to_json(const Scenario& s, const Analysis& a) {
  Json scenario;
  scenario["gpu"] = s.gpu.id;
  scenario["gpu_name"] = s.gpu.name;
  scenario["model"] = s.model.id;
  scenario["model_name"] = s.model.name;
  scenario["compare_gpu"] = s.compare_gpu ? Json(s.compare_gpu->id) : Json(nullptr);
  scenario["calibration"] = s.calibration ? s.calibration->id : "none";
  put_knobs(scenario, s);
  // The precisions as they resolve ("auto" takes the config's quantization, else bf16).
  const WeightFormats formats = weight_formats(s);
  scenario["weights"] = to_string(formats.of(WeightGroup::mixer).precision);
  scenario["expert_weights"] = to_string(formats.of(WeightGroup::experts).precision);
  scenario["weights_from_config"] =
      s.weights ? Json(false) : Json(!s.model.quantization.method.empty());
  scenario["model_shape"] = model_shape_json(s.model);

  Json ops = Json::array();
  for (const OpCost& op : a.ops) {
    Json o;
    o["name"] = std::string(op.name);
    o["id"] = op_key(a, op);  // unique in the step: "attention@sliding" where the name recurs
    o["kind"] = to_string(op.kind);
    o["count"] = op.count;
    const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(op.layer_type)];
    o["layer_type"] = std::string(type.kind);
    o["layer"] = type.label;
    o["flops"] = op.flops;
    o["bytes"] = op.bytes;
    o["weight_bytes"] = op.weight_bytes;
    o["kv_bytes"] = op.kv_bytes;
    o["intensity"] = finite_or_null(op.intensity);
    o["time_s"] = op.time_s;
    if (a.op_interval.low > 0 && op.time_s > 0)
      put_interval(o, "time_s", {op.time_s * a.op_interval.low, op.time_s * a.op_interval.high});
    o["roofline_time_s"] = op.roofline_time_s;
    o["bound"] = to_string(op.bound);
    ops.push_back(std::move(o));
  }

  Json j = json_header();
  j["scenario"] = std::move(scenario);
  const StepContext ctx(s, a);
  j["hardware"] = step_object_json(ctx, JsonObject::hardware);
  j["ops"] = std::move(ops);
  j["groups"] = groups_json(a);
  if (!a.attention_types.empty()) {
    Json types = Json::array();
    for (const GroupCost& g : a.attention_types) {
      const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(g.layer_type)];
      Json t = group_json(g, a);
      t["layer_type"] = std::string(type.kind);
      t["layer"] = type.label;
      t["layers"] = type.count;
      types.push_back(std::move(t));
    }
    j["groups"]["attention_types"] = std::move(types);
  }
  j["totals"] = step_object_json(ctx, JsonObject::totals);
  j["warnings"] = a.warnings;
  if (s.compare_gpu) {
    // The same workload on the other GPU: the side-by-side numbers the app shows.
    Scenario on_other = s;
    on_other.gpu = *s.compare_gpu;
    const Analysis b = analyze_on_gpu(s, *s.compare_gpu);
    const StepContext other(on_other, b);
    j["compare"] = {{"hardware", step_object_json(other, JsonObject::hardware)},
                    {"groups", groups_json(b)},
                    {"totals", step_object_json(other, JsonObject::totals)},
                    {"warnings", b.warnings}};
  }
  return dump_text(j) + "\n";
}

std::string sweep_to_json(SweepParam param, const std::vector<SweepPoint>& points) {
  Json rows = Json::array();
  for (const SweepPoint& p : points) {
    Json row;
    row[std::string(to_string(param))] = p.value;
    row["time_s"] = p.time_s;
    row["tokens_per_s"] = p.tokens_per_s;
    row["fits_in_memory"] = p.fits_in_memory;
    // A sweep point keeps its groups, not its analysis: the keyed group rows read the groups
    // alone.
    static const Analysis kGroupsOnly;
    row["groups"] = groups_json(p.fc, p.attention, p.elementwise, p.step, kGroupsOnly);
    rows.push_back(std::move(row));
  }
  Json j = json_header();
  j["param"] = to_string(param);
  j["points"] = std::move(rows);
  return dump_text(j) + "\n";
}

}  // namespace roofline
