// The Measured tab (an imported profile against the model, per class and per kernel) and the
// tooltip of a measured kernel or roof on the chart.

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <string>

#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

std::string class_text(const std::optional<OpClass>& c) {
  return c ? std::string(to_string(*c)) : std::string("other");
}

void right_aligned(const std::string& text) {
  const float w = ImGui::CalcTextSize(text.c_str()).x;
  const float room = ImGui::GetContentRegionAvail().x;
  if (room > w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + room - w);
  ImGui::TextUnformatted(text.c_str());
}

std::string or_dash(const std::optional<double>& v, std::string (*format)(double)) {
  return v ? format(*v) : std::string("—");
}
std::string time_text(double s) { return format_time(s); }

void header(const char* label, const char* tip) {
  ImGui::TableHeader(label);
  if (ImGui::IsItemHovered()) item_tooltip(tip);
}

void class_table(const ProfileComparison& c) {
  constexpr int kColumns = 8;
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("measured_classes", kColumns, flags)) return;
  const char* names[kColumns] = {"Class", "Kernels",    "Measured",        "Expected",
                                 "Bound", "Meas./exp.", "Of roof (meas.)", "Of roof (exp.)"};
  const char* tips[kColumns] = {
      "The op class the kernel table maps each kernel to (presets/kernels/kernel-names.json)",
      "Kernel names mapped to the class",
      "The class's measured kernel time per step (the profile's time / its steps)",
      "The model's expected time of the class's ops (the bound without a calibration)",
      "The roofline bound of the class's ops: max(FLOPs / peak, bytes / bandwidth)",
      "Measured time over expected time: above 1, slower than the model expects",
      "Bound over measured time: the share of the roof the kernels reached",
      "Bound over expected time: the share of the roof the model expects"};
  for (int i = 0; i < kColumns; ++i) ImGui::TableSetupColumn(names[i]);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i < kColumns; ++i) {
    ImGui::TableSetColumnIndex(i);
    header(names[i], tips[i]);
  }
  for (const ClassComparison& k : c.classes) {
    if (k.kernels == 0 && k.expected_s <= 0) continue;
    ImGui::TableNextRow();
    const bool measured = k.measured_s > 0;
    const std::string cells[kColumns] = {
        k.label,
        std::to_string(k.kernels),
        measured ? format_time(k.measured_s) : "—",
        format_time(k.expected_s),
        format_time(k.bound_s),
        measured && k.expected_s > 0 ? format_ratio(k.measured_s / k.expected_s) : "—",
        k.measured_share_of_roof > 0 ? format_percent(k.measured_share_of_roof) : "—",
        k.expected_share_of_roof > 0 ? format_percent(k.expected_share_of_roof) : "—"};
    for (int i = 0; i < kColumns; ++i) {
      ImGui::TableSetColumnIndex(i);
      if (i == 0) {
        ImGui::TextUnformatted(cells[i].c_str());
      } else {
        right_aligned(cells[i]);
      }
    }
  }
  if (c.other_kernels > 0) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted("other");
    if (ImGui::IsItemHovered()) {
      item_tooltip(
          "Kernels no rule maps to a model op (copies, sampling, communication): in the "
          "measured step, not compared with an op.");
    }
    ImGui::TableSetColumnIndex(1);
    right_aligned(std::to_string(c.other_kernels));
    ImGui::TableSetColumnIndex(2);
    right_aligned(c.other_s > 0 ? format_time(c.other_s) : "—");
  }
  ImGui::EndTable();
}

void kernel_table(AppState& s, const MeasuredLayer& m) {
  const Profile& p = *m.profile;
  constexpr int kColumns = 9;
  // No scrolling of its own: the tab scrolls as a whole (the clipper draws the visible rows).
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("measured_kernels", kColumns, flags)) return;
  const char* names[kColumns] = {"Kernel", "Class",  "Launches", "Time",   "FLOPs",
                                 "Bytes",  "FLOP/B", "FLOP/s",   "Of roof"};
  const float weights[kColumns] = {2.6f, 0.9f, 0.8f, 0.8f, 0.8f, 0.8f, 0.7f, 0.9f, 0.7f};
  const char* tips[kColumns] = {
      "The kernel's name (hover a row for the whole name)",
      "The op class it ran (other: none)",
      "Launches in the profile",
      "Its time in the whole profile",
      "FLOPs it counted (counters only; — where the source has none)",
      "DRAM / HBM bytes it moved (counters only)",
      "Intensity: measured FLOPs / bytes, or (*) its class's modelled intensity for time-only "
      "sources",
      "Achieved FLOP/s: measured FLOPs / time, or (*) the class's modelled FLOPs over the "
      "class's measured time",
      "Achieved FLOP/s over the model's roof at that intensity"};
  for (int i = 0; i < kColumns; ++i) ImGui::TableSetupColumn(names[i], 0, weights[i]);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i < kColumns; ++i) {
    ImGui::TableSetColumnIndex(i);
    header(names[i], tips[i]);
  }
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(p.kernels.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto k = static_cast<size_t>(row);
      const MeasuredKernel& kernel = p.kernels[k];
      const MeasuredPoint* pt = m.comparison.point_of(k);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      const std::string id = "measured:" + std::to_string(k);
      ImGui::PushID(row);
      ImGui::Selectable(short_kernel_name(kernel.name).c_str(), s.view.hovered_id == id,
                        ImGuiSelectableFlags_SpanAllColumns);
      if (ImGui::IsItemHovered()) {
        s.view.table_hovered_id = id;
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(48.0f * ImGui::GetFontSize());
        ImGui::TextUnformatted(kernel.name.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
      ImGui::PopID();
      const std::string cells[kColumns] = {
          "",
          class_text(m.comparison.kernel_class[k]),
          format_count(static_cast<double>(kernel.launches)),
          or_dash(kernel.time_s, time_text),
          or_dash(kernel.flops, format_flops),
          or_dash(kernel.bytes, format_bytes),
          pt ? format_intensity(pt->intensity, false) + (pt->modelled ? "*" : "") : "—",
          pt ? format_flop_rate(pt->achieved_flops) : "—",
          pt ? format_percent(pt->share_of_roof) : "—"};
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(cells[1].c_str());
      for (int i = 2; i < kColumns; ++i) {
        ImGui::TableSetColumnIndex(i);
        right_aligned(cells[i]);
      }
    }
  }
  ImGui::EndTable();
}

void roofs_table(AppState& s, const Profile& p) {
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("measured_roofs", 3, flags)) {
    ImGui::TableSetupColumn("Measured roof");
    ImGui::TableSetupColumn("Value");
    ImGui::TableSetupColumn("Precision");
    ImGui::TableHeadersRow();
    for (const MeasuredRoof& r : p.roofs) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(r.name.c_str());
      ImGui::TableSetColumnIndex(1);
      right_aligned(r.kind == MeasuredRoof::Kind::bandwidth ? format_bandwidth(r.value)
                                                            : format_flop_rate(r.value));
      ImGui::TableSetColumnIndex(2);
      ImGui::TextUnformatted(r.precision ? std::string(to_string(*r.precision)).c_str() : "—");
    }
    ImGui::EndTable();
  }
  const Analysis& a = chart_data(s).analysis;
  const RoofEfficiencies e = roof_efficiencies(p, s.doc.gpu, a.roof_precision);
  ImGui::BeginDisabled(!e.memory && !e.compute);
  if (ImGui::Button("Use these roofs")) use_measured_roofs(s);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    std::string tip;
    if (e.memory)
      tip += "Memory efficiency " + format_percent(*e.memory) + " (" + e.memory_roof + ")\n";
    if (e.compute) {
      tip += "Compute efficiency " + format_percent(*e.compute) + " (" + e.compute_roof + ")\n";
    }
    for (const std::string& m : e.mismatch) tip += "Not used: " + m + "\n";
    if (tip.empty()) {
      tip = "No measured roof is " + s.doc.gpu.name + "'s main memory or its " +
            std::string(to_string(a.roof_precision)) + " compute roof.";
    }
    item_tooltip(tip.c_str());
  }
}

}  // namespace

void draw_measured_tab(AppState& s) {
  const std::shared_ptr<const MeasuredLayer> layer = measured_layer(s);
  if (!layer) return;
  const Profile& p = *layer->profile;
  const float em = ImGui::GetFontSize();
  std::string head = layer->source + " · " + std::string(to_string(p.format));
  if (p.has_kernels()) {
    head += " · " + std::to_string(p.kernels.size()) + " kernels, " +
            format_count(static_cast<double>(p.launches)) + " launches";
  }
  if (!p.device.empty()) head += " · " + p.device;
  const float line_w = ImGui::GetContentRegionAvail().x;
  const float head_w = ImGui::CalcTextSize(head.c_str()).x;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(head.c_str());
  if (ImGui::IsItemHovered()) item_tooltip(s.measured.path.c_str());
  // The close button at the right end of the first line when it fits beside the text there
  // (measured before the text moved the cursor to the next line), else on a line of its own.
  const float close_w = ImGui::CalcTextSize("Close").x + 2 * ImGui::GetStyle().FramePadding.x;
  if (head_w + close_w + em <= line_w) {
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - close_w);
  }
  if (ImGui::SmallButton("Close")) {
    close_measurements(s);
    return;
  }
  if (ImGui::IsItemHovered())
    item_tooltip("Take the measurements off the chart (File > Close measurements)");
  if (p.has_kernels()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Steps in the profile");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(7 * em);
    double steps = s.measured.steps;
    if (ImGui::InputDouble("##steps", &steps, 1, 16, "%.0f")) {
      s.measured.steps = std::clamp(std::round(steps), 1.0, 1e9);
    }
    if (ImGui::IsItemHovered()) {
      item_tooltip(
          "How many inference steps the profile covers: its times are divided by it, so "
          "a profile of 64 decode steps compares with one step (count a kernel that runs "
          "once a step, such as the sampler's argmax).");
    }
    ImGui::SameLine(0, 1.5f * em);
    ImGui::TextDisabled("%s", comparison_summary(layer->comparison).c_str());
  }
  ImGui::BeginChild("measured_body", {0, 0}, false);
  for (const std::string& note : p.notes) ImGui::TextDisabled("%s", note.c_str());
  const ProfileComparison& c = layer->comparison;
  for (const std::string& w : c.warnings) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(status_color(Severity::warning), "%s", w.c_str());
    ImGui::PopTextWrapPos();
  }
  if (p.has_kernels()) {
    class_table(c);
    ImGui::Spacing();
    kernel_table(s, *layer);
  }
  if (!p.roofs.empty()) roofs_table(s, p);
  ImGui::EndChild();
}

void measured_tooltip(const AppState& s, std::string_view id) {
  const std::shared_ptr<const MeasuredLayer>& layer = s.measured.layer;
  if (!layer || !layer->profile) return;
  const Profile& p = *layer->profile;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(40.0f * ImGui::GetFontSize());
  if (id.starts_with("measured:roof:")) {
    const size_t i = std::stoul(std::string(id.substr(14)));
    if (i < p.roofs.size()) {
      const MeasuredRoof& r = p.roofs[i];
      ImGui::Text("Measured %s: %s", r.name.c_str(),
                  (r.kind == MeasuredRoof::Kind::bandwidth ? format_bandwidth(r.value)
                                                           : format_flop_rate(r.value))
                      .c_str());
      ImGui::TextDisabled("from %s (%s)", layer->source.c_str(),
                          std::string(to_string(p.format)).c_str());
    }
  } else {
    const size_t k = std::stoul(std::string(id.substr(9)));
    const MeasuredPoint* pt = layer->comparison.point_of(k);
    if (k < p.kernels.size() && pt != nullptr) {
      const MeasuredKernel& kernel = p.kernels[k];
      if (s.ui.font_bold != nullptr) ImGui::PushFont(s.ui.font_bold);
      ImGui::TextUnformatted(short_kernel_name(kernel.name).c_str());
      if (s.ui.font_bold != nullptr) ImGui::PopFont();
      ImGui::TextDisabled("%s", kernel.name.substr(0, 300).c_str());
      ImGui::Separator();
      ImGui::Text("Measured · %s · %s launches", class_text(pt->op_class).c_str(),
                  format_count(static_cast<double>(kernel.launches)).c_str());
      if (kernel.time_s) ImGui::Text("Time %s in the profile", format_time(*kernel.time_s).c_str());
      ImGui::Text("Intensity %s%s", format_intensity(pt->intensity).c_str(),
                  pt->modelled ? " (its class's, modelled)" : "");
      ImGui::Text("Achieved %s: %s of the roof there", format_flop_rate(pt->achieved_flops).c_str(),
                  format_percent(pt->share_of_roof).c_str());
      if (pt->op_class) {
        for (const ClassComparison& c : layer->comparison.classes) {
          if (c.op_class != *pt->op_class || c.expected_share_of_roof <= 0) continue;
          ImGui::Text("The model expects %s of the roof for %s ops",
                      format_percent(c.expected_share_of_roof).c_str(), c.label.c_str());
        }
      }
      if (pt->modelled) {
        ImGui::TextDisabled(
            "The source has times only: placed at the modelled intensity of its class, the "
            "class's modelled FLOPs over the measured time of all its kernels (they share this "
            "point).");
      }
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace roofline
