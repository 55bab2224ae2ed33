// Hover text: control tooltips, and the chart's dot tooltips with the formula behind each dot.

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

std::string num(double v) {
  char buf[64];
  if (std::fabs(v) >= 1e6 || (v != 0 && std::fabs(v) < 1e-2)) {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  } else if (v == std::floor(v)) {
    return format_count(v);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  }
  return buf;
}

std::string intensity_text(double i) {
  if (!std::isfinite(i)) return "∞ (moves no bytes)";
  char buf[64];
  if (i >= 1000) return format_count(i) + " FLOP/byte";
  std::snprintf(buf, sizeof buf, "%.3g FLOP/byte", i);
  return buf;
}

std::string bytes_name(Precision p) {
  return std::string(to_string(p)) + ": " + num(bytes_per_element(p)) + " B";
}

// The cost formula of one op (spec: the analytic model), with the scenario's numbers.
std::string op_formula(const Scenario& s, const OpCost& op) {
  const ModelConfig& m = s.model;
  const bool decode = s.phase == Phase::decode;
  const std::string M = decode ? "B" : "B·T";
  const std::string m_val = num(static_cast<double>(decode ? s.batch : s.batch * s.seq));
  const std::string name(op.name);
  std::string f;
  if (op.kind == OpKind::fc) {
    f = "FLOPs = 2·M·K·N;  bytes = K·N·b_w + M·K·b_a + M·N·b_out\n";
    int64_t k = 0, n = 0;
    const int64_t hd = m.heads * m.head_dim, kvd = m.kv_heads * m.head_dim;
    if (!m.mla) {
      if (name == "q_proj") k = m.hidden, n = hd;
      if (name == "k_proj" || name == "v_proj") k = m.hidden, n = kvd;
      if (name == "o_proj") k = hd, n = m.hidden;
    }
    if (!m.moe || op.count < m.layers) {
      if (name == "gate_proj" || name == "up_proj") k = m.hidden, n = m.intermediate;
      if (name == "down_proj") k = m.intermediate, n = m.hidden;
    }
    if (name == "lm_head") k = m.hidden, n = m.vocab;
    if (k > 0) {
      f += "M = " +
           (name == "lm_head" ? std::string("B = ") + num(static_cast<double>(s.batch))
                              : M + " = " + m_val) +
           ",  K = " + num(static_cast<double>(k)) + ",  N = " + num(static_cast<double>(n));
    } else {
      f += "M = " + M + " = " + m_val + " token rows";
      if (name.rfind("expert_", 0) == 0) f += " × k experts per token; weights of touched experts";
    }
    if (name == "k_proj" || name == "v_proj" || name == "kv_a_proj") f += ";  b_out = b_kv";
    f += "\nb_w = " + bytes_name(s.weights) + ",  b_a = " + bytes_name(s.activations);
  } else if (op.kind == OpKind::attention) {
    const std::string seq = decode ? "S" : "T";
    if (m.mla && decode) {
      f = "Latent attention (absorbed): FLOPs = B·H·S·(2·(r_kv + d_rope) + 2·r_kv + 5)\n"
          "bytes = B·S·(r_kv + d_rope)·b_kv + B·H·(r_kv + d_rope)·b_a + B·H·r_kv·b_a";
    } else if (name == "attention" && decode) {
      f = "FLOPs = B·H·S·(4·dh + 5);  bytes = 2·B·S·Hkv·dh·b_kv + 2·B·H·dh·b_a\n"
          "intensity ≈ 2·g / b_kv with g = H / Hkv: batch and context cancel out";
    } else if (name == "attention") {
      f = "Causal flash attention: FLOPs = B·H·P·(4·dh + 5), P = T·(T + 1)/2\n"
          "bytes = 2·M·H·dh·b_a + 2·M·Hkv·dh·b_kv  (K, V read once)";
    } else if (name == "qk") {
      f = "FLOPs = 2·B·H·dh·" + seq + (decode ? "" : "²") + ";  scores written to memory";
    } else if (name == "softmax") {
      f = "FLOPs = 5·B·H·" + seq + (decode ? "" : "²") + ";  bytes = 2·B·H·" + seq +
          (decode ? "" : "²") + "·b_a";
    } else {
      f = "FLOPs = 2·B·H·" + seq + (decode ? "" : "²") + "·dh;  scores read back from memory";
    }
    f += "\nB = " + num(static_cast<double>(s.batch)) + ", " + seq + " = " +
         num(static_cast<double>(s.seq)) + ", H = " + num(static_cast<double>(m.heads)) +
         ", Hkv = " + num(static_cast<double>(m.kv_heads)) +
         ", dh = " + num(static_cast<double>(m.head_dim)) + ", b_kv = " + bytes_name(s.kv);
  } else {
    if (name.find("norm") != std::string::npos) {
      f = "RMSNorm: FLOPs = 4·M·d;  bytes = 2·M·d·b_a + 2·d";
    } else if (name == "act") {
      f = m.gated_mlp ? "silu(gate)·up: FLOPs = 5·M·dff;  bytes = 3·M·dff·b_a"
                      : "gelu: FLOPs = 8·M·dff;  bytes = 2·M·dff·b_a";
    } else {
      f = "Residual add: FLOPs = M·d;  bytes = 3·M·d·b_a";
    }
    f += "\nM = " + M + " = " + m_val + ", d = " + num(static_cast<double>(m.hidden));
    if (s.fuse_elementwise) f += "; fused: its bytes ride in the matmul epilogues";
  }
  if (op.count > 1) f += "\n× " + num(static_cast<double>(op.count)) + " layers";
  if (s.tp > 1) f += (op.count > 1 ? ", " : "\n") + std::string("÷ tp ") + std::to_string(s.tp);
  return f;
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
  const double attainable = std::min(a.peak_flops, intensity * a.bandwidth);
  row("Intensity", intensity_text(intensity) + "  = FLOPs / bytes");
  row("FLOPs", format_si(flops, "FLOP"));
  row("Bytes", format_si(bytes, "B"));
  row("Time", format_time(time_s));
  const double achieved = time_s > 0 ? flops / time_s : 0;
  row("Achieved", format_si(achieved, "FLOP/s") + "  = FLOPs / time");
  row("Attainable", format_si(attainable, "FLOP/s") + "  = min(" +
                        format_si(a.peak_flops, "FLOP/s") + ", I × " +
                        format_si(a.bandwidth, "B/s") + ")");
  if (a.peak_flops > 0 && attainable > 0) {
    char pct[96];
    std::snprintf(pct, sizeof pct, "%.3g%% of peak compute · %.3g%% of the roof above it",
                  100 * achieved / a.peak_flops, 100 * achieved / attainable);
    row("Of peak", pct);
  }
  row("Bound", std::string(to_string(bound)) + "  (compute " + format_time(compute_s) +
                   " vs memory " + format_time(memory_s) + ")");
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

void row_label(const char* label, const char* tooltip) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  item_tooltip(tooltip);
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  ImGui::SetNextItemWidth(-FLT_MIN);
}

void dot_tooltip(const AppState& s, const std::string& marker_id) {
  std::string_view id = marker_id;
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
    const std::string_view kind = id.substr(6);
    const GroupCost& g = kind == "fc"            ? a->fc
                         : kind == "attention"   ? a->attention
                         : kind == "elementwise" ? a->elementwise
                                                 : a->step;
    if (s.ui.font_bold != nullptr) ImGui::PushFont(s.ui.font_bold);
    ImGui::Text("%s", group_title(kind));
    if (s.ui.font_bold != nullptr) ImGui::PopFont();
    if (compare) ImGui::TextDisabled("on the compare GPU, %s", gpu.name.c_str());
    ImGui::Separator();
    cost_rows(*a, g.flops, g.bytes, g.intensity, g.time_s, g.bound);
    ImGui::Separator();
    ImGui::TextDisabled(
        "ΣFLOPs and Σbytes over its operators; time = Σ max(FLOPs / peak, "
        "bytes / bandwidth)%s",
        kind == "step" ? " + tensor-parallel all-reduce time" : "");
    if (kind == "fc" && s.doc.phase == Phase::decode) {
      ImGui::TextDisabled(
          "Decode: every weight byte serves B tokens, so intensity ≈ B · 2 / b_w "
          "= %s FLOP/byte (b_w = %s). Drag the dot to change the batch.",
          num(static_cast<double>(s.doc.batch) * 2 / bytes_per_element(s.doc.weights)).c_str(),
          bytes_name(s.doc.weights).c_str());
    } else if (kind == "fc") {
      ImGui::TextDisabled(
          "Prefill: B·T token rows share each weight read. Drag the dot to change "
          "the prompt length.");
    } else if (kind == "attention" && s.doc.phase == Phase::decode) {
      ImGui::TextDisabled(
          "Decode: intensity ≈ 2·g / b_kv, fixed by the GQA group g = H / Hkv = %s "
          "and the KV precision; batch and context do not move it.",
          num(static_cast<double>(s.doc.model.heads) /
              static_cast<double>(std::max<int64_t>(1, s.doc.model.kv_heads)))
              .c_str());
    } else if (kind == "attention") {
      ImGui::TextDisabled(
          "Prefill: intensity grows with the prompt length T. Drag the dot to "
          "change it.");
    }
  } else if (id.rfind("op:", 0) == 0) {
    const OpCost* op = a->find_op(id.substr(3));
    if (op != nullptr) {
      if (s.ui.font_bold != nullptr) ImGui::PushFont(s.ui.font_bold);
      ImGui::Text("%s  (%s)", std::string(op->name).c_str(),
                  std::string(to_string(op->kind)).c_str());
      if (s.ui.font_bold != nullptr) ImGui::PopFont();
      ImGui::Separator();
      cost_rows(*a, op->flops, op->bytes, op->intensity, op->time_s, op->bound);
      ImGui::Separator();
      ImGui::TextDisabled("%s", op_formula(s.doc, *op).c_str());
    }
  } else if (id == "critical" && d.trail.critical) {
    const bool batch = d.trail.param == SweepParam::batch;
    ImGui::Text("Critical %s: %s", batch ? "batch" : "prompt length",
                format_count(static_cast<double>(d.trail.critical->value)).c_str());
    ImGui::TextDisabled(
        "The smallest %s at which fc reaches the ridge (%s): fc is memory-bound below it and "
        "compute-bound from it on, so a larger %s stops being free.",
        batch ? "batch" : "prompt", intensity_text(a->ridge_point).c_str(),
        batch ? "batch" : "prompt");
  } else if (id == "ridge") {
    ImGui::Text("Ridge point: %s", intensity_text(a->ridge_point).c_str());
    ImGui::TextDisabled(
        "= peak / bandwidth = %s / %s. Left of it a kernel waits on memory, right "
        "of it on the math units.",
        format_si(a->peak_flops, "FLOP/s").c_str(), format_si(a->bandwidth, "B/s").c_str());
  } else if (id.rfind("roof:", 0) == 0) {
    const auto p = parse_precision(id.substr(5));
    const auto peak = p ? gpu.peak(*p) : std::nullopt;
    if (peak) {
      ImGui::Text("%s roof of %s: %s", std::string(id.substr(5)).c_str(), gpu.name.c_str(),
                  format_si(*peak * s.doc.compute_efficiency, "FLOP/s").c_str());
      ImGui::TextDisabled("attainable(I) = min(peak, I × bandwidth); bandwidth %s",
                          format_si(a->bandwidth, "B/s").c_str());
    }
  } else if (id.rfind("cache:", 0) == 0) {
    for (const CacheCeiling& c : gpu.caches) {
      if (id.substr(6) == c.name) {
        ImGui::Text("%s ceiling: %s", c.name.c_str(),
                    format_si(c.bandwidth_bytes_per_s, "B/s").c_str());
        ImGui::TextDisabled("A kernel whose working set stays in %s can run above the HBM slope.",
                            c.name.c_str());
      }
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace roofline
