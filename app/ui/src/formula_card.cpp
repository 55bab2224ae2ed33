// The formula card of the clicked dot: the symbolic FLOPs and bytes (formulas.h), the values of
// the symbols in this scenario, and what they give: FLOPs, bytes, intensity and share of peak.

#include <imgui.h>

#include <algorithm>
#include <limits>
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

void label_value(const char* label, const std::string& value) {
  ImGui::TextDisabled("%s", label);
  ImGui::SameLine(6.5f * ImGui::GetFontSize());
  ImGui::TextUnformatted(value.c_str());
}

void results(const Analysis& a, double flops, double bytes, double time_s) {
  const double achieved = time_s > 0 ? flops / time_s : 0;
  const double intensity = bytes > 0 ? flops / bytes : std::numeric_limits<double>::infinity();
  label_value("FLOPs", format_flops(flops));
  label_value("Bytes", format_bytes(bytes));
  label_value("Intensity", format_intensity(intensity) + (bytes > 0 ? "  = FLOPs / bytes" : ""));
  label_value("Time", format_time(time_s));
  label_value("Achieved", format_flop_rate(achieved) + "  = " +
                              (a.peak_flops > 0 ? format_percent(achieved / a.peak_flops) : "–") +
                              " of the " + format_flop_rate(a.peak_flops) + " peak");
}

// The texts of the symbols `used` names, over every op shown: a symbol whose value differs
// between them (b_w of bf16 attention and mxfp4 experts) lists each value once.
std::vector<std::string> used_symbol_texts(const Scenario& s, const Analysis& a,
                                           const std::vector<const OpCost*>& ops,
                                           const std::vector<std::string>& used) {
  std::vector<std::string> out;
  std::vector<std::vector<std::string>> per_op;
  for (const OpCost* op : ops) per_op.push_back(symbol_texts(formula_symbols(s, a, *op), used));
  for (const std::string& name : used) {
    std::string joined;
    for (const auto& texts : per_op) {
      for (const std::string& t : texts) {
        const bool named = t.starts_with(name + " ");
        if (named && joined.find(t) == std::string::npos)
          joined += (joined.empty() ? "" : "; ") + t;
      }
    }
    if (!joined.empty()) out.push_back(joined);
  }
  return out;
}

void op_rows(const Scenario& s, const Analysis& a, const std::vector<const OpCost*>& ops,
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
    const OpFormula f = formula_for(s, a, *op);
    collect_symbols(f.flops, used);
    collect_symbols(f.bytes, used);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    std::string name(op->name);
    if (a.name_recurs(*op))
      name += " · " + a.layer_types[static_cast<size_t>(op->layer_type)].label;
    ImGui::TextUnformatted(name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(f.flops).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(std::string(f.bytes).c_str());
  }
  ImGui::EndTable();
}

void symbols_block(const Scenario& s, const Analysis& a, const std::vector<const OpCost*>& ops,
                   const std::vector<std::string>& used, int64_t layers, bool group) {
  const float em = ImGui::GetFontSize();
  // "name = value" items flow over lines, never broken inside one ("dff = 14,336").
  const float right = std::max(ImGui::GetItemRectMax().x, ImGui::GetCursorScreenPos().x + 30 * em);
  ImGui::TextDisabled("with");
  for (const std::string& item : used_symbol_texts(s, a, ops, used)) {
    const float w = ImGui::CalcTextSize(item.c_str()).x;
    ImGui::SameLine(0, 1.2f * em);
    if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    ImGui::TextUnformatted(item.c_str());
  }
  std::string scale;
  if (layers > 1)
    scale = group ? "per layer, × the layers of each op's type (lm_head and final_norm once)"
                  : "per layer, × " + count(layers) + " layers";
  if (gpu_count(s) > 1) {
    // One op says how it splits; a group says whether any of its ops does not split tp ways
    // (a replicated op, KV heads that do not split that far, routed experts over tp × dp).
    std::string split = s.dp > 1 ? "one rank's ⌈B/dp⌉ sequences" : "";
    if (s.tp > 1) split += (split.empty() ? "" : ", ") + std::string("÷ tp = ") + count(s.tp);
    if (ops.size() == 1) split = tp_split_text(s, a, *ops.front());
    bool whole = false;
    for (const OpCost* op : ops)
      whole = whole || op->kv_share * double(s.tp) > 1 + 1e-12 ||
              (op->expert_group && (s.dp > 1 || s.ep > 1));
    if (ops.size() > 1 && whole) split += " (not all of it: see each op)";
    if (ops.size() > 1 && s.pp > 1) {  // core/MODEL.md §18
      split += (split.empty() ? "" : "; ") +
               std::string("× the busiest pipeline stage's share of the layers, × ") +
               count(microbatches(s)) + " micro-batches";
    }
    if (!split.empty()) scale += (scale.empty() ? "" : ", ") + split;
  }
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
      if (const OpCost* op = find_op_key(a, name)) {
        const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(op->layer_type)];
        ImGui::TextDisabled("%s operator · %s", std::string(to_string(op->kind)).c_str(),
                            type.label.c_str());
        op_rows(s.doc, a, {op}, used);
        if (const std::string_view note = formula_for(s.doc, a, *op).note; !note.empty())
          ImGui::TextDisabled("%s", std::string(note).c_str());
        symbols_block(s.doc, a, {op}, used, op->count, false);
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
        label_value(label, format_flops(g->flops) + ",  " + format_bytes(g->bytes) + ",  " +
                               format_time(g->time_s));
      }
      if (a.totals.communication_time_s > 0)
        label_value("communication", format_time(a.totals.communication_time_s));
      ImGui::Separator();
      results(a, a.step.flops, a.step.bytes, a.step.time_s);
    } else {
      const OpKind kind = name.starts_with("attention") ? OpKind::attention
                          : name == "elementwise"       ? OpKind::elementwise
                                                        : OpKind::fc;
      // "attention@sliding": one attention type's dot sums that type's ops only.
      const GroupCost* type_group = nullptr;
      for (const GroupCost& t : a.attention_types) {
        if (name == "attention@" + type_key(a, t.layer_type)) type_group = &t;
      }
      std::vector<const OpCost*> ops;
      int64_t layers = 1;
      for (const OpCost& op : a.ops) {
        if (op.kind != kind || (type_group && op.layer_type != type_group->layer_type)) continue;
        ops.push_back(&op);
        layers = std::max(layers, op.count);
      }
      ImGui::TextDisabled("ΣFLOPs and Σbytes of its %zu operators", ops.size());
      op_rows(s.doc, a, ops, used);
      symbols_block(s.doc, a, ops, used, layers, true);
      ImGui::Separator();
      const GroupCost& g = type_group ? *type_group : a.group(kind);
      results(a, g.flops, g.bytes, g.time_s);
    }
    // Kept inside the window, title bar first: a card placed by the chart's corner, or dragged,
    // could otherwise hang above the window where its close button cannot be reached.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    const ImVec2 lo = viewport->WorkPos;
    const ImVec2 hi{lo.x + viewport->WorkSize.x, lo.y + viewport->WorkSize.y};
    const ImVec2 inside{std::clamp(pos.x, lo.x, std::max(lo.x, hi.x - size.x)),
                        std::clamp(pos.y, lo.y, std::max(lo.y, hi.y - size.y))};
    if (inside.x != pos.x || inside.y != pos.y) ImGui::SetWindowPos(inside);
  }
  ImGui::End();
  if (!open) id.clear();
}

}  // namespace roofline
