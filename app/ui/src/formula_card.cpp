// The formula card of the clicked dot: the symbolic FLOPs and bytes (formulas.h), the values of
// the symbols in this scenario, and what they give: FLOPs, bytes, intensity and share of peak.

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "roofline/formulas.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

std::string count(int64_t v) { return format_count(static_cast<double>(v)); }

std::string bytes_of(Precision p) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g B (%s)", bytes_per_element(p),
                std::string(to_string(p)).c_str());
  return buf;
}

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g%%", fraction * 100);
  return buf;
}

// The identifiers a formula uses: "2·M·d·H·dh" -> M, d, H, dh.
void collect_symbols(std::string_view formula, std::vector<std::string>& out) {
  for (size_t i = 0; i < formula.size();) {
    const auto c = static_cast<unsigned char>(formula[i]);
    if (!std::isalpha(c)) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < formula.size() &&
           (std::isalnum(static_cast<unsigned char>(formula[j])) || formula[j] == '_'))
      ++j;
    std::string name(formula.substr(i, j - i));
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(std::move(name));
    i = j;
  }
}

// "symbol = value" for each known symbol in `used`, in a fixed reading order.
std::vector<std::string> symbol_values(const Scenario& s, const std::vector<std::string>& used) {
  const ModelConfig& m = s.model;
  const bool decode = s.phase == Phase::decode;
  std::vector<std::pair<std::string, std::string>> known = {
      {"B", count(s.batch)},
      {"S", count(s.seq)},
      {"T", count(s.seq)},
      {"M", decode ? "B = " + count(s.batch) : "B·T = " + count(s.batch * s.seq)},
      {"d", count(m.hidden)},
      {"H", count(m.heads)},
      {"Hkv", count(m.kv_heads)},
      {"dh", count(m.head_dim)},
      {"dff", count(m.intermediate)},
      {"V", count(m.vocab)},
  };
  if (m.moe) {
    known.insert(known.end(), {{"E", count(m.moe->experts)},
                               {"k", count(m.moe->experts_per_token)},
                               {"dffe", count(m.moe->expert_intermediate)},
                               {"ns", count(m.moe->shared_experts)},
                               {"E_t", "experts touched this step, ≤ min(E, M·k)"}});
  }
  if (m.mla) {
    if (m.mla->q_lora_rank) known.push_back({"rq", count(*m.mla->q_lora_rank)});
    known.insert(
        known.end(),
        {{"rkv", count(m.mla->kv_lora_rank)},
         {"dn", count(m.mla->qk_nope_head_dim)},
         {"dr", count(m.mla->qk_rope_head_dim)},
         {"dv", count(m.mla->v_head_dim)},
         {"dqk", "dn + dr = " + count(m.mla->qk_nope_head_dim + m.mla->qk_rope_head_dim)}});
  } else {
    known.push_back({"dqk", "dh = " + count(m.head_dim)});
    known.push_back({"dv", "dh = " + count(m.head_dim)});
  }
  known.insert(
      known.end(),
      {{"b_w", bytes_of(s.weights)}, {"b_a", bytes_of(s.activations)}, {"b_kv", bytes_of(s.kv)}});
  std::vector<std::string> out;
  for (const auto& [name, value] : known) {
    const bool in_use = std::find(used.begin(), used.end(), name) != used.end();
    // S is the context in decode and T the prompt in prefill: never both.
    if (in_use && !(name == "S" && !decode) && !(name == "T" && decode))
      out.push_back(name + " = " + value);
  }
  return out;
}

void label_value(const char* label, const std::string& value) {
  ImGui::TextDisabled("%s", label);
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  ImGui::TextUnformatted(value.c_str());
}

void results(const Analysis& a, double flops, double bytes, double time_s) {
  const double achieved = time_s > 0 ? flops / time_s : 0;
  const double intensity = bytes > 0 ? flops / bytes : 0;
  label_value("FLOPs", format_si(flops, "FLOP"));
  label_value("Bytes", format_si(bytes, "B"));
  char buf[64];
  if (intensity >= 1000) {
    std::snprintf(buf, sizeof buf, "%s FLOP/B  = FLOPs / bytes",
                  format_count(std::round(intensity)).c_str());
  } else {
    std::snprintf(buf, sizeof buf, "%#.3g FLOP/B  = FLOPs / bytes", intensity);
  }
  label_value("Intensity", bytes > 0 ? std::string(buf) : std::string("∞ (moves no bytes)"));
  label_value("Time", format_time(time_s));
  label_value("Achieved", format_si(achieved, "FLOP/s") + "  = " +
                              (a.peak_flops > 0 ? percent(achieved / a.peak_flops) : "–") +
                              " of the " + format_si(a.peak_flops, "FLOP/s") + " peak");
}

void op_rows(const Scenario& s, const std::vector<const OpCost*>& ops,
             std::vector<std::string>& used) {
  if (!ImGui::BeginTable(
          "formulas", 3,
          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupColumn("op");
  ImGui::TableSetupColumn("FLOPs");
  ImGui::TableSetupColumn("bytes");
  ImGui::TableHeadersRow();
  for (const OpCost* op : ops) {
    const OpFormula f = formula_for(s, op->name);
    collect_symbols(f.flops, used);
    collect_symbols(f.bytes, used);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(op->name).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(f.flops).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(f.bytes).c_str());
  }
  ImGui::EndTable();
}

void symbols_block(const Scenario& s, const std::vector<std::string>& used, int64_t layers,
                   bool group) {
  const float em = ImGui::GetFontSize();
  // "name = value" items flow over lines, never broken inside one ("dff = 14,336").
  const float right = std::max(ImGui::GetItemRectMax().x, ImGui::GetCursorScreenPos().x + 30 * em);
  ImGui::TextDisabled("with");
  for (const std::string& item : symbol_values(s, used)) {
    const float w = ImGui::CalcTextSize(item.c_str()).x;
    ImGui::SameLine(0, 1.2f * em);
    if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    ImGui::TextUnformatted(item.c_str());
  }
  std::string scale;
  if (layers > 1)
    scale = group ? "per layer, × " + count(layers) + " layers (lm_head and final_norm once)"
                  : "per layer, × " + count(layers) + " layers";
  if (s.tp > 1) scale += (scale.empty() ? "" : ", ") + std::string("÷ tp = ") + count(s.tp);
  if (!scale.empty()) ImGui::TextDisabled("%s", scale.c_str());
}

}  // namespace

void draw_formula_card(AppState& s) {
  std::string& id = s.view.plot.selected_id;
  const bool op_dot = id.starts_with("op:"), group_dot = id.starts_with("group:");
  if (!op_dot && !group_dot) return;
  const Analysis& a = chart_data(s).analysis;
  const float em = ImGui::GetFontSize();
  const Rect area = s.view.geometry.plot_area;
  const ImVec2 corner{s.view.canvas_origin.x + static_cast<float>(area.x1) - 0.5f * em,
                      s.view.canvas_origin.y + static_cast<float>(area.y1) - 0.5f * em};
  ImGui::SetNextWindowPos(corner, ImGuiCond_Appearing, {1.0f, 1.0f});
  const std::string_view name = std::string_view(id).substr(op_dot ? 3 : 6);
  const std::string title = "Formula: " + std::string(name) + "###formula_card";
  bool open = true;
  if (ImGui::Begin(title.c_str(), &open,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                       ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoCollapse)) {
    std::vector<std::string> used;
    if (op_dot) {
      if (const OpCost* op = a.find_op(name)) {
        ImGui::TextDisabled("%s operator", std::string(to_string(op->kind)).c_str());
        op_rows(s.doc, {op}, used);
        symbols_block(s.doc, used, op->count, false);
        ImGui::Separator();
        results(a, op->flops, op->bytes, op->time_s);
      } else {
        ImGui::TextDisabled("This operator is not part of the current step.");
      }
    } else if (name == "step") {
      ImGui::TextDisabled("The whole step: the three groups added up");
      for (auto [label, g] : {std::pair<const char*, const GroupCost*>{"fc", &a.fc},
                              {"attention", &a.attention},
                              {"elementwise", &a.elementwise}}) {
        label_value(label, format_si(g->flops, "FLOP") + ",  " + format_si(g->bytes, "B") + ",  " +
                               format_time(g->time_s));
      }
      if (a.totals.communication_time_s > 0)
        label_value("all-reduce", format_time(a.totals.communication_time_s));
      ImGui::Separator();
      results(a, a.step.flops, a.step.bytes, a.step.time_s);
    } else {
      const OpKind kind = name == "attention"     ? OpKind::attention
                          : name == "elementwise" ? OpKind::elementwise
                                                  : OpKind::fc;
      std::vector<const OpCost*> ops;
      int64_t layers = 1;
      for (const OpCost& op : a.ops) {
        if (op.kind != kind) continue;
        ops.push_back(&op);
        layers = std::max(layers, op.count);
      }
      ImGui::TextDisabled("ΣFLOPs and Σbytes of its %zu operators", ops.size());
      op_rows(s.doc, ops, used);
      symbols_block(s.doc, used, layers, true);
      ImGui::Separator();
      const GroupCost& g = a.group(kind);
      results(a, g.flops, g.bytes, g.time_s);
    }
  }
  ImGui::End();
  if (!open) id.clear();
}

}  // namespace roofline
