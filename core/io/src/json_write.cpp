// Writing: GPU presets, scenario workloads, and the analyze / sweep JSON of spec/interfaces.md.
// Keys keep insertion order (ordered_json), numbers keep full precision (shortest round-trip
// form), and an infinite intensity (an op or group that moves no bytes) is written as null.
// The analysis and its parts are written value by value to a JsonOut (json_out.h), so the Python
// module gets them without text; the other documents are nlohmann trees that take those parts
// through JsonTreeOut.

#include <cmath>
#include <string>
#include <type_traits>
#include <variant>

#include <nlohmann/json.hpp>

#include "io_internal.h"
#include "readout_json.h"
#include "roofline/compare.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_out.h"
#include "roofline/io/preset_list.h"
#include "roofline/io/scenario_json.h"
#include "roofline/knobs.h"
#include "roofline/readouts.h"
#include "roofline/version.h"

namespace roofline {
namespace {

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
  if (gpu.scale_up_gpus) j["scale_up_gpus"] = *gpu.scale_up_gpus;
  if (gpu.scale_out_bandwidth_bytes_per_s)
    j["scale_out_bandwidth"] = *gpu.scale_out_bandwidth_bytes_per_s;
  if (gpu.board_power_w) j["board_power"] = *gpu.board_power_w;
  if (!gpu.board_power_source.empty()) j["board_power_source"] = gpu.board_power_source;
  if (gpu.gpu_hour_usd) j["gpu_hour_usd"] = *gpu.gpu_hour_usd;
  if (!gpu.gpu_hour_usd_source.empty()) j["gpu_hour_usd_source"] = gpu.gpu_hour_usd_source;
  j["source"] = gpu.source;
  return j;
}

// A knob's value as scenario files and the analyze output write it.
void write_knob(JsonOut& out, const ChangeValue& value) {
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, Phase> || std::is_same_v<V, Precision>) {
          out.string(to_string(v));
        } else if constexpr (std::is_same_v<V, WeightsChoice>) {
          out.string(v.precision ? to_string(*v.precision) : std::string_view("auto"));
        } else {
          out.value(v);
        }
      },
      value);
}

// The knobs that are not preset references, shared by scenario files and the analyze output.
void put_knobs(JsonOut& out, const Scenario& s) {
  for (const Knob& k : knobs()) {
    if (!k.saved || k.type == KnobType::reference) continue;
    out.key(k.name);
    write_knob(out, k.get(s));
  }
}

void write_model_shape(JsonOut& out, const ModelConfig& m) {
  out.begin_object();
  out.member("model_type", m.model_type);
  out.member("layers", m.layers);
  out.member("layout", layout_text(m));
  out.member("hidden", m.hidden);
  out.member("heads", m.heads);
  out.member("kv_heads", m.kv_heads);
  out.member("head_dim", m.head_dim);
  if (m.v_head_dim > 0) out.member("v_head_dim", m.v_head_dim);
  const FfnType* dense = find_ffn(m, FfnKind::dense);
  out.key("intermediate");
  dense ? out.value(dense->width) : out.null();
  out.member("vocab", m.vocab);
  out.member("tie_word_embeddings", m.tie_word_embeddings);
  out.member("gated_mlp", m.gated_mlp);
  out.member("hidden_act", m.hidden_act);
  out.key("max_position_embeddings");
  m.max_context ? out.value(*m.max_context) : out.null();
  out.key("mixers");
  out.begin_array();
  for (const MixerType& t : m.mixers) {
    out.begin_object();
    out.member("kind", to_string(t.kind));
    out.member("layers", t.count);
    if (t.window > 0) out.member("window", t.window);
    if (is_attention(t.kind) && t.own != HeadShape{}) {  // heads of their own (Step-3.5, MiMo-V2)
      const AttentionDims a = attention_dims(m, t);
      out.member("heads", a.heads);
      out.member("kv_heads", a.kv_heads);
      out.member("head_dim", a.head_dim);
      out.member("v_head_dim", a.v_head_dim);
    }
    out.end();
  }
  out.end();
  out.key("ffns");
  out.begin_array();
  for (const FfnType& t : m.ffns) {
    out.begin_object();
    out.member("kind", to_string(t.kind));
    out.member("layers", t.count);
    if (t.kind == FfnKind::dense) out.member("intermediate", t.width);
    if (t.kind == FfnKind::moe) {
      out.member("experts", t.moe.experts);
      out.member("experts_per_token", t.moe.top_k);
      out.member("expert_intermediate", t.moe.width);
      out.member("shared_intermediate", t.moe.shared_width);
      if (t.moe.latent > 0) out.member("latent", t.moe.latent);
    }
    out.end();
  }
  out.end();
  out.key("moe");
  if (const FfnType* moe = find_ffn(m, FfnKind::moe)) {
    out.begin_object();
    out.member("experts", moe->moe.experts);
    out.member("experts_per_token", moe->moe.top_k);
    out.member("expert_intermediate", moe->moe.width);
    out.member("shared_intermediate", moe->moe.shared_width);
    out.member("layers", ffn_layers(m, FfnKind::moe));
    out.end();
  } else {
    out.null();
  }
  out.key("mla");
  if (m.mla) {
    out.begin_object();
    out.key("q_lora_rank");
    m.mla->q_lora_rank ? out.value(*m.mla->q_lora_rank) : out.null();
    out.member("kv_lora_rank", m.mla->kv_lora_rank);
    out.member("qk_nope_head_dim", m.mla->qk_nope_head_dim);
    out.member("qk_rope_head_dim", m.mla->qk_rope_head_dim);
    out.member("v_head_dim", m.mla->v_head_dim);
    out.end();
  } else {
    out.null();
  }
  out.key("quantization");
  m.quantization.method.empty() ? out.null() : out.string(m.quantization.method);
  out.member("mtp_layers_not_counted", m.mtp_layers);
  if (m.checkpoint_parameters) out.member("checkpoint_parameters", *m.checkpoint_parameters);
  out.end();
}

void write_readout(JsonOut& out, const ReadoutValue& v) {
  std::visit([&](const auto& x) { out.value(x); }, v);
}

// A group's object: the group readouts that have a key (readouts.h), of a group of `a`; with
// `type`, the layer type it is the attention of.
void write_group(JsonOut& out, const GroupCost& g, const Analysis& a,
                 const LayerTypeInfo* type = nullptr) {
  out.begin_object();
  for (const GroupReadout& r : group_readouts()) {
    if (r.key.empty()) continue;
    if (const auto v = r.get(g, a)) {
      out.key(r.key);
      write_readout(out, *v);
    }
  }
  if (type) {
    out.member("layer_type", type->kind);
    out.member("layer", type->label);
    out.member("layers", type->count);
  }
  out.end();
}

// The groups object; with `types`, its attention by layer type where there is more than one.
void write_groups(JsonOut& out, const GroupCost& fc, const GroupCost& attention,
                  const GroupCost& elementwise, const GroupCost& step, const Analysis& a,
                  const Analysis* types = nullptr) {
  out.begin_object();
  out.key("fc");
  write_group(out, fc, a);
  out.key("attention");
  write_group(out, attention, a);
  out.key("elementwise");
  write_group(out, elementwise, a);
  out.key("step");
  write_group(out, step, a);
  if (types && !types->attention_types.empty()) {
    out.key("attention_types");
    out.begin_array();
    for (const GroupCost& g : types->attention_types)
      write_group(out, g, a, &types->layer_types[static_cast<size_t>(g.layer_type)]);
    out.end();
  }
  out.end();
}

void write_header(JsonOut& out) {
  out.member("schema_version", kJsonSchemaVersion);
  out.member("version", version());
}

void write_interval(JsonOut& out, std::string_view key, const ValueInterval& i) {
  out.member(interval_key(key, false), i.low);
  out.member(interval_key(key, true), i.high);
}

void write_step_object(JsonOut& out, const StepContext& ctx, JsonObject object, unsigned shows) {
  out.begin_object();
  for (const StepReadout& r : step_readouts()) {
    if (r.key.empty() || (shows ? !(r.shows & shows) : r.object != object)) continue;
    if (const auto v = r.get(ctx)) {
      out.key(r.key);
      write_readout(out, *v);
    }
    if (const auto iv = step_readout_interval(r, ctx)) write_interval(out, r.key, *iv);
  }
  out.end();
}

// The step on the compare GPU: the side-by-side numbers the app shows.
void write_compare(JsonOut& out, const Scenario& s, const GpuSpec& other_gpu) {
  Scenario on_other = s;
  on_other.gpu = other_gpu;
  const Analysis b = analyze_on_gpu(s, other_gpu);
  const StepContext other(on_other, b);
  out.begin_object();
  out.key("hardware");
  write_step_object(out, other, JsonObject::hardware, 0);
  out.key("groups");
  write_groups(out, b.fc, b.attention, b.elementwise, b.step, b);
  out.key("totals");
  write_step_object(out, other, JsonObject::totals, 0);
  out.member("warnings", b.warnings);
  out.end();
}

}  // namespace

Json workload_json(const Scenario& s) {
  return json_tree([&](JsonOut& out) {
    out.begin_object();
    for (const Knob& k : knobs()) {  // the preset references first; no key for no compare GPU
      if (k.type != KnobType::reference) continue;
      const ChangeValue id = k.get(s);
      if (std::get<std::string>(id).empty()) continue;
      out.key(k.name);
      write_knob(out, id);
    }
    put_knobs(out, s);
    out.end();
  });
}

Json json_header() {
  return json_tree([](JsonOut& out) {
    out.begin_object();
    write_header(out);
    out.end();
  });
}

std::string interval_key(std::string_view key, bool high) {
  return std::string(key) + (high ? "_high" : "_low");
}

void put_interval(Json& j, std::string_view key, const ValueInterval& i) {
  j[interval_key(key, false)] = i.low;
  j[interval_key(key, true)] = i.high;
}

Json step_object_json(const StepContext& ctx, JsonObject object, unsigned shows) {
  return json_tree([&](JsonOut& out) { write_step_object(out, ctx, object, shows); });
}

// JsonTreeOut: each value goes into the innermost open container, under the last key.
Json& JsonTreeOut::place() {
  if (open_.empty()) return root_;
  Json& container = *open_.back();
  if (container.is_array()) {
    container.push_back(nullptr);
    return container.back();
  }
  return container[key_];
}
void JsonTreeOut::begin_object() {
  Json& j = place();
  j = Json::object();
  open_.push_back(&j);
}
void JsonTreeOut::begin_array() {
  Json& j = place();
  j = Json::array();
  open_.push_back(&j);
}
void JsonTreeOut::end() { open_.pop_back(); }
void JsonTreeOut::key(std::string_view name) { key_.assign(name); }
void JsonTreeOut::null() { place() = nullptr; }
void JsonTreeOut::boolean(bool value) { place() = value; }
void JsonTreeOut::integer(int64_t value) { place() = value; }
void JsonTreeOut::unsigned_integer(uint64_t value) { place() = value; }
void JsonTreeOut::number(double value) {
  place() = std::isfinite(value) ? Json(value) : Json(nullptr);
}
void JsonTreeOut::string(std::string_view value) { place() = std::string(value); }

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

void write_analysis(JsonOut& out, const Scenario& s, const Analysis& a) {
  out.begin_object();
  write_header(out);
  out.key("scenario");
  out.begin_object();
  out.member("gpu", s.gpu.id);
  out.member("gpu_name", s.gpu.name);
  out.member("model", s.model.id);
  out.member("model_name", s.model.name);
  out.key("compare_gpu");
  s.compare_gpu ? out.string(s.compare_gpu->id) : out.null();
  out.member("calibration", s.calibration ? std::string_view(s.calibration->id) : "none");
  put_knobs(out, s);
  // The precisions as they resolve ("auto" takes the config's quantization, else bf16).
  const WeightFormats formats = weight_formats(s);
  out.member("weights", to_string(formats.of(WeightGroup::mixer).precision));
  out.member("expert_weights", to_string(formats.of(WeightGroup::experts).precision));
  out.member("weights_from_config", !s.weights && !s.model.quantization.method.empty());
  out.key("model_shape");
  write_model_shape(out, s.model);
  out.end();

  const StepContext ctx(s, a);
  out.key("hardware");
  write_step_object(out, ctx, JsonObject::hardware, 0);
  out.key("ops");
  out.begin_array();
  for (const OpCost& op : a.ops) {
    out.begin_object();
    out.member("name", op.name);
    out.member("id", op_key(a, op));  // unique in the step: "attention@sliding" where it recurs
    out.member("kind", to_string(op.kind));
    out.member("count", op.count);
    const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(op.layer_type)];
    out.member("layer_type", type.kind);
    out.member("layer", type.label);
    out.member("flops", op.flops);
    out.member("bytes", op.bytes);
    out.member("weight_bytes", op.weight_bytes);
    out.member("kv_bytes", op.kv_bytes);
    out.member("intensity", op.intensity);  // null where it moves no bytes
    out.member("time_s", op.time_s);
    if (a.op_interval.low > 0 && op.time_s > 0)
      write_interval(out, "time_s",
                     {op.time_s * a.op_interval.low, op.time_s * a.op_interval.high});
    out.member("roofline_time_s", op.roofline_time_s);
    out.member("bound", to_string(op.bound));
    out.end();
  }
  // The communication operators: bytes each GPU sends over the interconnect, no arithmetic.
  for (const CommOp& c : a.comm) {
    out.begin_object();
    out.member("name", c.name);
    out.member("id", comm_key(a, c));
    out.member("kind", "comm");
    out.member("count", c.count);
    const CommPlace place = comm_place(a, c);
    out.member("layer_type", place.kind);
    out.member("layer", place.label);
    out.member("gpus", c.gpus);
    out.member("flops", 0.0);
    out.member("bytes", c.bytes);
    out.member("weight_bytes", 0.0);
    out.member("kv_bytes", 0.0);
    out.member("intensity", 0.0);
    out.member("time_s", c.time_s);
    out.member("roofline_time_s", c.roofline_time_s);
    out.member("bound", "link");
    out.member("scale_out", c.scale_out);
    out.end();
  }
  out.end();
  out.key("groups");
  write_groups(out, a.fc, a.attention, a.elementwise, a.step, a, &a);
  out.key("totals");
  write_step_object(out, ctx, JsonObject::totals, 0);
  out.member("warnings", a.warnings);
  if (s.compare_gpu) {
    out.key("compare");
    write_compare(out, s, *s.compare_gpu);
  }
  out.end();
}

Json analysis_json(const Scenario& s, const Analysis& a) {
  return json_tree([&](JsonOut& out) { write_analysis(out, s, a); });
}

std::string analysis_to_json(const Scenario& s, const Analysis& a) {
  return dump_text(analysis_json(s, a)) + "\n";
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
    row["groups"] = json_tree([&](JsonOut& out) {
      write_groups(out, p.fc, p.attention, p.elementwise, p.step, kGroupsOnly);
    });
    rows.push_back(std::move(row));
  }
  Json j = json_header();
  j["param"] = to_string(param);
  j["points"] = std::move(rows);
  return dump_text(j) + "\n";
}

}  // namespace roofline
