// Hover text: control tooltips, and the chart's dot tooltips with the formula behind each dot.

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "roofline/formulas.h"
#include "roofline/plot/axes.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

// "b_w = 2 B (bf16)": the bytes per element of a precision, as the formula symbols show it.
std::string bytes_name(std::string_view symbol, Precision p) {
  return symbol_text({symbol, bytes_per_element(p), std::string(to_string(p))});
}

// The op's formula from the formula table, the values of its symbols, and how per-layer
// values scale to the step.
std::string op_formula(const Scenario& s, const Analysis& a, const OpCost& op) {
  const OpFormula f = formula_for(s, a, op);
  // Appended piece by piece: `"literal" + std::string&&` trips g++ 12's -Wrestrict false
  // positive.
  std::string text = "FLOPs = ";
  text.append(f.flops).append("\nbytes = ").append(f.bytes);
  if (!f.note.empty()) text.append("\n").append(f.note);
  std::vector<std::string> used;
  collect_symbols(f.flops, used);
  collect_symbols(f.bytes, used);
  const std::vector<std::string> values = symbol_texts(formula_symbols(s, a, op), used);
  for (size_t i = 0; i < values.size(); ++i)
    text.append(i == 0 ? "\nwith " : ",  ").append(values[i]);
  if (op.count > 1)
    text.append("\nper layer, × ")
        .append(format_count(static_cast<double>(op.count)))
        .append(" layers");
  if (const std::string split = tp_split_text(s, a, op); !split.empty())
    text.append(op.count > 1 ? ", " : "\n").append(split);
  return text;
}

void row(const char* label, const std::string& value) {
  ImGui::TextDisabled("%s", label);
  ImGui::SameLine(7.5f * ImGui::GetFontSize());
  ImGui::TextUnformatted(value.c_str());
}

void cost_rows(const Analysis& a, double flops, double bytes, double intensity, double time_s,
               Bound bound) {
  const double compute_s = a.peak_flops > 0 ? flops / a.peak_flops : 0;
  const double memory_s = a.bandwidth > 0 ? bytes / a.bandwidth : 0;
  const double attainable = attainable_flops(intensity, a.peak_flops, a.bandwidth);
  row("Intensity", format_intensity(intensity) + "  = FLOPs / bytes");
  row("FLOPs", format_flops(flops));
  row("Bytes", format_bytes(bytes));
  row("Time", format_time(time_s));
  const double achieved = time_s > 0 ? flops / time_s : 0;
  row("Achieved", format_flop_rate(achieved) + "  = FLOPs / time");
  row("Attainable", format_flop_rate(attainable) + "  = min(" + format_flop_rate(a.peak_flops) +
                        ", I × " + format_bandwidth(a.bandwidth) + ")");
  if (a.peak_flops > 0 && attainable > 0) {
    row("Of peak", format_percent(achieved / a.peak_flops) + " of peak compute · " +
                       format_percent(achieved / attainable) + " of the roof above it");
  }
  row("Bound", std::string(to_string(bound)) + "  (compute " + format_time(compute_s) +
                   " vs memory " + format_time(memory_s) + ")");
}

// Energy at the GPU's board power over the step's GPUs (MODEL.md §16), and the share of the
// step's energy and cost it is: its share of the step time.
void energy_row(const Scenario& s, const GpuSpec& gpu, const Analysis& a, double time_s) {
  if (!gpu.board_power_w || !(time_s > 0)) return;
  const int64_t n = gpu_count(s);
  std::string text = format_energy(*gpu.board_power_w * static_cast<double>(n) * time_s) +
                     " per step at " + format_count(*gpu.board_power_w) + " W";
  if (n > 1) text += " × " + std::to_string(n) + " GPUs";
  if (a.totals.time_s > 0)
    text += " · " + format_percent(time_s / a.totals.time_s) + " of the step's energy and cost";
  row("Energy", text);
}

// Under a calibration: where the expected time goes beyond the bound, as shares of it:
// "1.20 ms expected = bound 67 % + kernel latency 21 % + practical roofs 12 %".
void expected_rows(const Analysis& a, double time_s, double bound_s, double latency_s,
                   double fixed_s, const CalibrationError* interval) {
  if (!a.calibrated || !(time_s > 0)) return;
  // Where 8 in 10 measurements of its class fell against what was expected (calibration.h).
  if (interval) {
    row("80 % interval",
        interval_text(Quantity::time, interval_around(time_s, *interval, false), TextStyle::line) +
            "  (from " + std::to_string(interval->interval_points) +
            (interval->interval_transfer   ? " measurements of another GPU, "
             : interval->interval_held_out ? " held-out measurements of "
                                           : " measurements of ") +
            interval->metric + ")");
  }
  const double roofs_s = std::max(0.0, time_s - bound_s - latency_s - fixed_s);
  std::string split = "bound " + format_percent(bound_s / time_s);
  if (latency_s > 0) split += " + kernel latency " + format_percent(latency_s / time_s);
  split += " + practical roofs " + format_percent(roofs_s / time_s);
  if (fixed_s > 0) split += " + communication and step costs " + format_percent(fixed_s / time_s);
  row("Bound", format_time(bound_s) + "  (the roofline; the time above is expected)");
  row("The gap", split);
}

const char* group_title(std::string_view kind) {
  if (kind == "fc") return "fc: every matmul (projections, MLP, lm_head)";
  if (kind == "attention") return "attention: scores and weighted sum over the KV cache";
  if (kind == "elementwise") return "elementwise: norms, activation, residual adds";
  return "step: the whole inference step";
}

}  // namespace

void item_tooltip(const char* text) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(32.0f * ImGui::GetFontSize());
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

std::string fit_combo_preview(const std::string& text) {
  const float room =
      ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x;
  if (ImGui::CalcTextSize(text.c_str()).x <= room) return text;
  // Whole code points off the end until the text and "…" fit (a binary search: a name of a
  // million characters is measured a few dozen times, not a million).
  return ellipsize(text,
                   [&](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x <= room; });
}

void row_label(const char* label, const char* tooltip) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  item_tooltip(tooltip);
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void dot_tooltip(const AppState& s, const std::string& marker_id) {
  std::string_view id = marker_id;
  if (id.starts_with("measured:") && !id.starts_with("measured:link:")) {
    measured_tooltip(s, id);
    return;
  }
  const bool compare = id.rfind("compare:", 0) == 0;
  if (compare) id.remove_prefix(8);
  const ChartData& d = chart_data(s);
  const Analysis* a = compare ? (d.compare ? &*d.compare : nullptr) : &d.analysis;
  if (a == nullptr) return;
  const GpuSpec& gpu = compare && s.doc.compare_gpu ? *s.doc.compare_gpu : s.doc.gpu;
  const bool known = id.rfind("group:", 0) == 0 || id.rfind("op:", 0) == 0 || id == "ridge" ||
                     id == "critical" || id.rfind("roof:", 0) == 0 || id.rfind("cache:", 0) == 0;
  if (!known) return;

  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(40.0f * ImGui::GetFontSize());
  if (id.rfind("group:", 0) == 0) {
    std::string_view kind = id.substr(6);
    const GroupCost* found = find_group(*a, kind);
    if (found == nullptr) {
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
      return;
    }
    const GroupCost& g = *found;
    const LayerTypeInfo* type =
        g.layer_type >= 0 ? &a->layer_types[static_cast<size_t>(g.layer_type)] : nullptr;
    if (s.ui.font_bold != nullptr) ImGui::PushFont(s.ui.font_bold);
    if (type) {
      ImGui::Text("%s  (%s layers)", attention_type_label(*type).c_str(),
                  format_count(static_cast<double>(type->count)).c_str());
    } else {
      ImGui::Text("%s", group_title(kind));
    }
    if (s.ui.font_bold != nullptr) ImGui::PopFont();
    if (type) kind = "attention";
    if (compare) ImGui::TextDisabled("on the compare GPU, %s", gpu.name.c_str());
    ImGui::Separator();
    cost_rows(*a, g.flops, g.bytes, g.intensity, g.time_s, g.bound);
    energy_row(s.doc, gpu, *a, g.time_s);
    if (a->calibrated) {
      double latency = 0, ops_bound = 0;
      for (const OpCost& op : a->ops) {
        const bool in =
            kind == "step" || (type ? op.layer_type == g.layer_type && op.kind == OpKind::attention
                                    : to_string(op.kind) == kind);
        if (!in) continue;
        latency += op.latency_s;
        ops_bound += op.roofline_time_s;
      }
      // The step's communication and pipeline bubble beyond their bounds (the step bound less
      // the ops' and the drafting's), its fixed overhead, and the drafting passes beyond their
      // bound.
      const Totals& t = a->totals;
      const double fixed = kind == "step"
                               ? t.communication_time_s + t.pipeline_bubble_s -
                                     (g.roofline_time_s - ops_bound - t.draft_roofline_time_s) +
                                     t.step_overhead_s + (t.draft_time_s - t.draft_roofline_time_s)
                               : 0;
      ImGui::Separator();
      const Calibration* cal = s.doc.calibration ? &*s.doc.calibration : nullptr;
      expected_rows(*a, g.time_s, g.roofline_time_s, latency, std::max(0.0, fixed),
                    interval_of(cal, group_time_kind(kind == "step", s.doc.phase)));
    }
    ImGui::Separator();
    ImGui::TextDisabled(
        "ΣFLOPs and Σbytes over its operators; time = Σ max(FLOPs / peak, "
        "bytes / bandwidth)%s",
        kind == "step" ? " + the communication's time (all-reduces, all-to-alls) and any pipeline "
                         "bubble"
                       : "");
    if (kind == "fc" && s.doc.phase == Phase::decode) {
      // One rank's sequences of one micro-batch (core/MODEL.md §17, §18).
      Scenario micro = s.doc;
      micro.batch = microbatch_size(s.doc);
      const int64_t dot_batch = rank_batch(micro);
      // Speculating, each sequence's k drafted tokens and one more share the weight reads.
      ImGui::TextDisabled(
          "Decode: every weight byte serves %s tokens, so intensity ≈ %s · 2 / b_w "
          "= %s (%s)%s. Drag the dot to change the batch.",
          speculative(s.doc) ? "B · (k + 1)" : "B", speculative(s.doc) ? "B · (k + 1)" : "B",
          format_intensity(static_cast<double>(dot_batch * query_tokens(s.doc)) * 2 /
                           weight_formats(s.doc).of(WeightGroup::mixer).bytes())
              .c_str(),
          bytes_name("b_w", weight_formats(s.doc).of(WeightGroup::mixer).precision).c_str(),
          s.doc.pp > 1   ? "; B is one rank's share of one pipeline micro-batch"
          : s.doc.dp > 1 ? "; B is one rank's ⌈batch/dp⌉, while the routed experts see every "
                           "rank's tokens"
                         : "");
    } else if (kind == "fc") {
      ImGui::TextDisabled(
          "Prefill: B·T token rows share each weight read. Drag the dot to change "
          "the prompt length.");
    } else if (kind == "attention" && s.doc.phase == Phase::decode && type &&
               (type->kind == "linear" || type->kind == "mamba")) {
      ImGui::TextDisabled(
          "Decode: a recurrent layer reads and writes a fixed state per sequence, whatever "
          "the context: its intensity does not grow with it.");
    } else if (kind == "attention" && s.doc.phase == Phase::decode) {
      // The heads of this dot's layer type on one GPU (tp splits them; replicated KV heads and
      // MLA's latent do not split as far).
      const ModelConfig& m = s.doc.model;
      const MixerType* mixer =
          type && type->index >= 0 && static_cast<size_t>(type->index) < m.mixers.size()
              ? &m.mixers[static_cast<size_t>(type->index)]
              : first_attention_type(m);
      // Speculating, each sequence's k + 1 verified tokens share its cache read.
      const double group = (mixer ? heads_per_kv_head(m, *mixer, s.doc.tp) : 1) *
                           static_cast<double>(query_tokens(s.doc));
      const char* per_gpu = s.doc.tp > 1 ? " on each GPU" : "";
      if (m.mla) {
        ImGui::TextDisabled(
            "Decode: intensity ≈ 4·H / b_kv, fixed by the heads %s%s sharing the latent cache "
            "and the KV precision; batch and context do not move it.",
            symbol_text({"H", group,
                         speculative(s.doc) ? "H × (k + 1) verified tokens"
                         : s.doc.tp > 1     ? "H / tp"
                                            : "H"})
                .c_str(),
            per_gpu);
      } else {
        ImGui::TextDisabled(
            "Decode: intensity ≈ 2·g / b_kv, fixed by the query heads per KV head %s%s and "
            "the KV precision; batch and context do not move it.",
            symbol_text({"g", group,
                         speculative(s.doc) ? "query tokens per KV head, × (k + 1) verified"
                         : s.doc.tp > 1     ? "(H/tp) / ⌈Hkv/tp⌉"
                                            : "H / Hkv"})
                .c_str(),
            per_gpu);
      }
    } else if (kind == "attention") {
      ImGui::TextDisabled(
          "Prefill: intensity grows with the prompt length T. Drag the dot to "
          "change it.");
    }
  } else if (id.rfind("op:", 0) == 0) {
    const OpCost* op = find_op_key(*a, id.substr(3));
    if (op != nullptr) {
      if (s.ui.font_bold != nullptr) ImGui::PushFont(s.ui.font_bold);
      ImGui::Text("%s  (%s · %s)", std::string(op->name).c_str(),
                  std::string(to_string(op->kind)).c_str(),
                  a->layer_types[static_cast<size_t>(op->layer_type)].label.c_str());
      if (s.ui.font_bold != nullptr) ImGui::PopFont();
      ImGui::Separator();
      cost_rows(*a, op->flops, op->bytes, op->intensity, op->time_s, op->bound);
      energy_row(s.doc, gpu, *a, op->time_s);
      if (a->calibrated) {
        ImGui::Separator();
        expected_rows(
            *a, op->time_s, op->roofline_time_s, op->latency_s, 0,
            interval_of(s.doc.calibration ? &*s.doc.calibration : nullptr, Expected::op_time));
      }
      ImGui::Separator();
      ImGui::TextDisabled("%s", op_formula(s.doc, *a, *op).c_str());
    }
  } else if (id == "critical" && d.trail.critical) {
    const bool batch = d.trail.param == SweepParam::batch;
    ImGui::Text("Critical %s: %s", batch ? "batch" : "prompt length",
                format_count(static_cast<double>(d.trail.critical->value)).c_str());
    ImGui::TextDisabled(
        "The smallest %s at which fc reaches the ridge (%s): fc is memory-bound below it and "
        "compute-bound from it on, so a larger %s stops being free.",
        batch ? "batch" : "prompt", format_intensity(a->ridge_point).c_str(),
        batch ? "batch" : "prompt");
  } else if (id == "ridge") {
    ImGui::Text("Ridge point: %s", format_intensity(a->ridge_point).c_str());
    ImGui::TextDisabled(
        "= peak / bandwidth = %s / %s. Left of it a kernel waits on memory, right "
        "of it on the math units.",
        format_flop_rate(a->peak_flops).c_str(), format_bandwidth(a->bandwidth).c_str());
  } else if (id.rfind("roof:", 0) == 0) {
    const auto p = parse_precision(id.substr(5));
    const auto peak = p ? gpu.peak(*p) : std::nullopt;
    if (peak) {
      ImGui::Text("%s roof of %s: %s", std::string(id.substr(5)).c_str(), gpu.name.c_str(),
                  format_flop_rate(*peak * s.doc.compute_efficiency).c_str());
      ImGui::TextDisabled("attainable(I) = min(peak, I × bandwidth); bandwidth %s",
                          format_bandwidth(a->bandwidth).c_str());
    }
  } else if (id.rfind("cache:", 0) == 0) {
    for (const CacheCeiling& c : gpu.caches) {
      if (id.substr(6) == c.name) {
        ImGui::Text("%s ceiling: %s", c.name.c_str(),
                    format_bandwidth(c.bandwidth_bytes_per_s).c_str());
        const std::string memory =
            gpu.memory_type ? std::string(to_string(*gpu.memory_type)) : std::string("memory");
        ImGui::TextDisabled("A kernel whose working set stays in %s can run above the %s slope.",
                            c.name.c_str(), memory.c_str());
        if (!c.derived.empty()) {
          ImGui::TextDisabled("Derived, not a vendor figure: %s.", c.derived.c_str());
        } else {
          ImGui::TextDisabled("The vendor's figure (the preset's source says where).");
        }
      }
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace roofline
