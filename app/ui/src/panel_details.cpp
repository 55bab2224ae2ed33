// Beside the chart: the operator table and the throughput-vs-batch plot (tabs), and the status
// line under everything.

#include <imgui.h>
#include <imgui_internal.h>  // the table's columns, for the width its text needs

#include <algorithm>
#include <cfloat>
#include <numeric>
#include <string>
#include <vector>

#include "roofline/plot/theme.h"
#include "roofline/requests.h"
#include "roofline/ui/draw_painter.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

enum Column { kName, kKind, kCount, kFlops, kBytes, kIntensity, kTime, kShare, kBound, kColumns };

double sort_key(const OpCost& op, int column) {
  switch (column) {
    case kCount:
      return static_cast<double>(op.count);
    case kFlops:
      return op.flops;
    case kBytes:
      return op.bytes;
    case kIntensity:
      return op.intensity;
    case kTime:
    case kShare:
      return op.time_s;
    default:
      return 0;
  }
}

void sort_ops(AppState& s, const ImGuiTableSortSpecs* specs) {
  const std::vector<OpCost>& ops = chart_data(s).analysis.ops;
  std::vector<int>& order = s.ui.op_order;
  order.resize(ops.size());
  std::iota(order.begin(), order.end(), 0);
  if (specs == nullptr || specs->SpecsCount == 0) return;  // execution order
  const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
  const int column = spec.ColumnIndex;
  const bool ascending = spec.SortDirection == ImGuiSortDirection_Ascending;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const OpCost& x = ops[static_cast<size_t>(a)];
    const OpCost& y = ops[static_cast<size_t>(b)];
    int cmp = 0;
    if (column == kName) {
      cmp = x.name.compare(y.name);
    } else if (column == kKind) {
      cmp = to_string(x.kind).compare(to_string(y.kind));
    } else if (column == kBound) {
      cmp = to_string(x.bound).compare(to_string(y.bound));
    } else {
      const double kx = sort_key(x, column), ky = sort_key(y, column);
      cmp = kx < ky ? -1 : (kx > ky ? 1 : 0);
    }
    return ascending ? cmp < 0 : cmp > 0;
  });
}

// The widest text drawn in each column of the operator table this frame (right-aligned numbers
// reach the cell's edge whatever their width, so ImGui's own content extent cannot say).
struct CellWidths {
  float px[kColumns] = {};
  // Notes `text` in the current column; returns its width.
  float note(const char* text) {
    const float w = ImGui::CalcTextSize(text).x;
    const int c = ImGui::TableGetColumnIndex();
    if (c >= 0 && c < kColumns) px[c] = std::max(px[c], w);
    return w;
  }
};

void text_cell(CellWidths& widths, const std::string& t) {
  widths.note(t.c_str());
  ImGui::TextUnformatted(t.c_str());
}

// A number, right-aligned in its cell so that digits line up down the column.
void number_cell(CellWidths& widths, const std::string& t, bool disabled = false) {
  const float room = ImGui::GetContentRegionAvail().x - widths.note(t.c_str());
  if (room > 0) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + room);
  if (disabled) {
    ImGui::TextDisabled("%s", t.c_str());
  } else {
    ImGui::TextUnformatted(t.c_str());
  }
}

// The headers, each with a tooltip saying what its column holds (TableHeadersRow has none).
void headers_with_tooltips(bool calibrated) {
  static constexpr const char* kTips[kColumns] = {
      "The operator, as the model's layers run it (click a header to sort; a third click goes "
      "back to this order).",
      "fc (matmuls), attention or elementwise: the dot group it belongs to.",
      "How many layers run it in one step.",
      "Floating-point operations in one step, all its layers together.",
      "Bytes it moves to and from memory in one step (weights, KV cache, activations).",
      "Arithmetic intensity: FLOPs per byte moved, the dot's x position on the chart.",
      nullptr,
      "Its share of the whole step's time.",
      "Which roof caps it: memory (left of the ridge) or compute (right of it).",
  };
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < kColumns; ++c) {
    if (!ImGui::TableSetColumnIndex(c)) continue;
    ImGui::TableHeader(ImGui::TableGetColumnName(c));
    if (!ImGui::IsItemHovered()) continue;
    const char* tip = kTips[c] != nullptr ? kTips[c]
                      : calibrated
                          ? "Expected time in one step under the GPU's calibration (the "
                            "roofline bound plus the fitted kernel costs)."
                          : "Roofline time in one step: max(FLOPs / peak, bytes / bandwidth).";
    ImGui::SetTooltip("%s", tip);
  }
}

// The inner width at which each column of the table being drawn holds its widest cell (`cells`)
// and its header (with room for the sort arrow) whole, the columns keeping their stretch weights
// (the user's, once resized). Headers are measured here, not read back from ImGui, which measures
// only the columns in view. A column's share of the width left after the padding and spacing
// around every column is its weight's share, so: that remainder must give each column its text.
float table_width_for_content(const ImGuiTable& t, const CellWidths& cells) {
  float weights = 0;
  float around = 0;  // padding and spacing around the columns' content, all together
  for (int c = 0; c < t.ColumnsCount; ++c) {
    const ImGuiTableColumn& col = t.Columns[c];
    if (!col.IsEnabled || col.StretchWeight <= 0) continue;
    weights += col.StretchWeight;
    around += (col.MaxX - col.MinX) - (col.WorkMaxX - col.WorkMinX) + 1;  // + 1: ImGui floors
  }
  const float arrow = ImGui::GetFontSize();
  float content = 0;
  for (int c = 0; c < t.ColumnsCount; ++c) {
    const ImGuiTableColumn& col = t.Columns[c];
    if (!col.IsEnabled || col.StretchWeight <= 0) continue;
    const float header = ImGui::CalcTextSize(ImGui::TableGetColumnName(&t, c)).x + arrow;
    content = std::max(content, std::max(cells.px[c], header) * weights / col.StretchWeight);
  }
  return content + around;
}

// What a communication operator is and moves, for its row's tooltip.
std::string comm_tooltip(const CommOp& c, const Analysis& a) {
  std::string what;
  if (c.name == "dispatch") {
    what = "All-to-all: each GPU sends its tokens to the GPUs that hold their experts.";
  } else if (c.name == "combine") {
    what = "All-to-all: the experts' outputs travel back to their tokens' GPUs.";
  } else if (c.name == "gather_scatter") {
    what =
        "The ranks' tokens gathered onto every GPU before the split experts, the results "
        "reduce-scattered after: an all-reduce's bytes.";
  } else if (c.between_stages) {
    what =
        "Point to point: each micro-batch's activations sent from a pipeline stage's GPU to its "
        "peer in the next stage.";
  } else {
    what = "All-reduce (ring): the partial sums of a split layer added up on every GPU.";
  }
  std::string runs = c.between_stages ? (c.count == 1 ? " micro-batch" : " micro-batches")
                                      : (c.count == 1 ? " layer" : " layers");
  if (!c.between_stages && a.totals.pipeline_slots > 1)  // core/MODEL.md §18
    runs += " (the busiest pipeline stage's share of them, once per micro-batch)";
  std::string out = what + "\n\n" + format_bytes(c.bytes) + " sent by each GPU over " +
                    std::to_string(c.count) + runs + ", " + std::to_string(c.gpus) +
                    " GPUs in each " + (c.between_stages ? "send" : "collective") + "; " +
                    format_time(c.roofline_time_s) + " at the links' full bandwidth";
  if (a.calibrated)
    out += ", " + format_time(c.time_s) + " expected (" + format_time(c.latency_s) + " latency)";
  if (c.scale_out)
    out +=
        ". The GPUs span more than one scale-up domain: the bytes leaving it cross the "
        "scale-out network, at its bandwidth per GPU";
  return out + ". Not overlapped with compute.";
}

void draw_operator_table(AppState& s) {
  const Analysis& a = chart_data(s).analysis;
  ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg |
                          ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                          ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingStretchProp |
                          ImGuiTableFlags_Hideable | ImGuiTableFlags_SortTristate;
  // As wide as the panel; where the panel is narrower than the text needs (last frame's), as
  // wide as that, scrolling sideways.
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  float inner = 0;
  if (s.ui.op_table_width_px > room) {
    flags |= ImGuiTableFlags_ScrollX;
    inner = s.ui.op_table_width_px;
  }
  if (!ImGui::BeginTable("operators", kColumns, flags, {0, 0}, inner)) return;
  // The header row and the operator's name stay in view when the table scrolls.
  ImGui::TableSetupScrollFreeze(1, 1);
  // Weights in proportion to what the columns hold (names, "elementwise", "5.24 MFLOP", "2.71
  // GB", "interconnect"), so that a table scrolled sideways at its narrowest is no wider than
  // its text needs.
  ImGui::TableSetupColumn("Operator", ImGuiTableColumnFlags_NoHide, 1.4f);  // unsorted: run order
  ImGui::TableSetupColumn("Kind", 0, 1.0f);
  ImGui::TableSetupColumn("Layers", 0, 0.75f);
  ImGui::TableSetupColumn("FLOPs", ImGuiTableColumnFlags_PreferSortDescending, 0.95f);
  ImGui::TableSetupColumn("Bytes", ImGuiTableColumnFlags_PreferSortDescending, 0.75f);
  ImGui::TableSetupColumn("FLOP/B", ImGuiTableColumnFlags_PreferSortDescending, 0.8f);
  ImGui::TableSetupColumn(a.calibrated ? "Expected" : "Time",
                          ImGuiTableColumnFlags_PreferSortDescending, 0.75f);
  ImGui::TableSetupColumn("Share", ImGuiTableColumnFlags_PreferSortDescending, 0.75f);
  ImGui::TableSetupColumn("Bound", 0, 1.0f);
  headers_with_tooltips(a.calibrated);

  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  const bool analysis_changed = s.ui.op_order_revision != s.derived.revision();
  if ((specs != nullptr && specs->SpecsDirty) || analysis_changed ||
      s.ui.op_order.size() != a.ops.size()) {
    sort_ops(s, specs);
    if (specs != nullptr) specs->SpecsDirty = false;
    s.ui.op_order_revision = s.derived.revision();
  }

  const double step = a.totals.time_s;
  CellWidths widths;
  s.view.table_hovered_id.clear();
  // In execution order the rows come by layer type, each under a line naming it.
  const bool grouped = specs == nullptr || specs->SpecsCount == 0;
  int last_type = -1;
  for (int index : s.ui.op_order) {
    const OpCost& op = a.ops[static_cast<size_t>(index)];
    const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(op.layer_type)];
    if (grouped && op.layer_type != last_type) {
      last_type = op.layer_type;
      ImGui::TableNextRow(ImGuiTableRowFlags_None);
      ImGui::TableNextColumn();
      const std::string heading = type.part == LayerPart::output
                                      ? std::string("once per step")
                                      : std::to_string(type.count) + " × " + type.label;
      // The heading runs on over the next columns, which stay empty on this row; vertically it
      // keeps to the cell's clip, so a heading scrolled under the frozen header row is hidden.
      // Drawn, not laid out: the heading takes no width in the column, so it does not make
      // the column's width for content (table_width_for_content).
      const ImVec2 at = ImGui::GetCursorScreenPos();
      ImDrawList* list = ImGui::GetWindowDrawList();
      const float top = std::max(at.y, list->GetClipRectMin().y);
      const float bottom =
          std::min(at.y + ImGui::GetTextLineHeightWithSpacing(), list->GetClipRectMax().y);
      ImGui::PushClipRect(
          {at.x, top}, {at.x + ImGui::CalcTextSize(heading.c_str()).x + 1, std::max(top, bottom)},
          false);
      list->AddText(at, ImGui::GetColorU32(ImGuiCol_TextDisabled), heading.c_str());
      ImGui::PopClipRect();
      ImGui::Dummy({0, ImGui::GetTextLineHeight()});
    }
    const std::string id = "op:" + op_key(a, op);
    std::string label(op.name);
    if (!grouped && a.name_recurs(op)) label += " · " + type.label;
    if (grouped) label = "  " + label;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const bool selected = s.view.plot.selected_id == id;
    // Grouped rows repeat names ("attention" under sliding and under full): the op's index keeps
    // each row's ImGui id apart.
    ImGui::PushID(index);
    widths.note(label.c_str());
    if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_SpanAllColumns)) {
      s.view.plot.selected_id = selected ? std::string() : id;
    }
    ImGui::PopID();
    if (ImGui::IsItemHovered()) {
      s.view.table_hovered_id = id;
      dot_tooltip(s, id);
    }
    ImGui::TableNextColumn();
    text_cell(widths, std::string(to_string(op.kind)));
    ImGui::TableNextColumn();
    number_cell(widths, std::to_string(op.count));
    ImGui::TableNextColumn();
    number_cell(widths, format_flops(op.flops));
    ImGui::TableNextColumn();
    number_cell(widths, format_bytes(op.bytes));
    ImGui::TableNextColumn();
    number_cell(widths, format_intensity(op.intensity, false));
    ImGui::TableNextColumn();
    number_cell(widths, format_time(op.time_s));
    ImGui::TableNextColumn();
    number_cell(widths, format_percent(step > 0 ? op.time_s / step : 0.0));
    ImGui::TableNextColumn();
    // Plain words (blue read as a link): compute-bound ops in the compute region's warm tone.
    if (op.bound == Bound::compute) {
      widths.note("compute");
      ImGui::TextColored(compute_text_color(), "compute");
    } else {
      text_cell(widths, "memory");
    }
  }
  // Time that belongs to no operator: a row with only its time, share and what it is.
  auto time_only_row = [&](const char* name, double time_s, const char* bound) {
    if (!(time_s > 0)) return;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    widths.note(name);
    ImGui::TextDisabled("%s", name);
    for (int c = 1; c < kTime; ++c) ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    number_cell(widths, format_time(time_s));
    ImGui::TableNextColumn();
    number_cell(widths, format_percent(step > 0 ? time_s / step : 0.0));
    ImGui::TableNextColumn();
    widths.note(bound);
    ImGui::TextDisabled("%s", bound);
  };
  // The communication operators (core/MODEL.md §17): bytes each GPU sends, no FLOPs, bound by
  // the interconnect.
  for (const CommOp& c : a.comm) {
    const std::string label = std::string(c.name) + " · " + std::string(comm_place(a, c).label);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    widths.note(label.c_str());
    ImGui::TextUnformatted(label.c_str());
    if (ImGui::IsItemHovered()) item_tooltip(comm_tooltip(c, a).c_str());
    ImGui::TableNextColumn();
    text_cell(widths, "comm");
    ImGui::TableNextColumn();
    number_cell(widths, std::to_string(c.count));
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    number_cell(widths, format_bytes(c.bytes));
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    number_cell(widths, format_time(c.time_s));
    ImGui::TableNextColumn();
    number_cell(widths, format_percent(step > 0 ? c.time_s / step : 0.0));
    ImGui::TableNextColumn();
    text_cell(widths, "link");
  }
  time_only_row("pipeline bubble", a.totals.pipeline_bubble_s, "stages");
  time_only_row("per-step overhead", a.totals.step_overhead_s, "calibration");
  // The whole step, last whatever the sort: the sums the rows add up to.
  if (!a.ops.empty()) {
    ImGui::TableNextRow();
    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, ImGui::GetColorU32(ImGuiCol_TableHeaderBg));
    ImGui::TableNextColumn();
    text_cell(widths, "whole step");
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    ImGui::TableNextColumn();
    number_cell(widths, format_flops(a.totals.flops));
    ImGui::TableNextColumn();
    number_cell(widths, format_bytes(a.totals.bytes));
    ImGui::TableNextColumn();
    number_cell(widths,
                format_intensity(a.totals.bytes > 0 ? a.totals.flops / a.totals.bytes : 0, false));
    ImGui::TableNextColumn();
    number_cell(widths, format_time(step));
    ImGui::TableNextColumn();
    number_cell(widths, format_percent(1.0));
    ImGui::TableNextColumn();
  }
  s.ui.op_table_width_px = table_width_for_content(*ImGui::GetCurrentTable(), widths);
  ImGui::EndTable();
}

void draw_throughput(AppState& s) {
  const float em = ImGui::GetFontSize();
  if (ImGui::RadioButton("vs batch", !s.ui.throughput_frontier)) s.ui.throughput_frontier = false;
  item_tooltip("Tokens/s of the current step as the batch grows, up to the KV-memory wall.");
  ImGui::SameLine();
  if (ImGui::RadioButton("vs interactivity (frontier)", s.ui.throughput_frontier))
    s.ui.throughput_frontier = true;
  item_tooltip(
      "What a serving engineer chooses from: output tokens/s per GPU against tokens/s each user "
      "sees, over batch, tp 1–8 (the scenario's dp kept; expert parallelism follows tp) and "
      "precision, for the Request tab's prompt and output lengths. The black line is the "
      "Pareto frontier; the square is the current scenario.");
  const ImVec2 size = ImGui::GetContentRegionAvail();
  if (size.x < 8 * em || size.y < 5 * em) return;
  const ThroughputData& data = throughput_data(s);
  ViewState& vs = s.view;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  vs.throughput_origin = origin;
  vs.throughput.canvas_px = {size.x, size.y};
  vs.throughput.font_px = em;
  vs.throughput.show_title = false;
  ImGui::InvisibleButton("##throughput_chart", size);
  const bool frontier = s.ui.throughput_frontier;
  const ImGuiIO& io = ImGui::GetIO();
  const Vec2 mouse{io.MousePos.x - origin.x, io.MousePos.y - origin.y};
  vs.throughput.hovered_id =
      ImGui::IsItemHovered() ? hit_test(vs.throughput_geometry, mouse, 0.35 * em) : std::string();
  const Theme& theme = chart_theme(s.chart.theme);
  vs.throughput_geometry = frontier
                               ? build_frontier_plot(frontier_data(s), s.doc, vs.throughput, theme,
                                                     imgui_text_measure(s.ui.font_regular))
                               : build_throughput_plot(data, s.doc, vs.throughput, theme,
                                                       imgui_text_measure(s.ui.font_regular));
  paint_geometry(*ImGui::GetWindowDrawList(), vs.throughput_geometry, origin,
                 {s.ui.font_regular, s.ui.font_bold});
  const std::string& hov = vs.throughput.hovered_id;
  const bool prefill = s.doc.phase == Phase::prefill;
  if (frontier) {
    const FrontierData& fd = frontier_data(s);
    if (hov == "current") {
      ImGui::SetTooltip(
          "Batch %lld on %lld GPU%s: %s per user, %s per GPU\n(prompt %lld, output "
          "%lld tokens: the Request tab's)",
          static_cast<long long>(fd.current_batch), static_cast<long long>(fd.current_gpus),
          fd.current_gpus > 1 ? "s" : "", format_token_rate(fd.current_per_user).c_str(),
          format_token_rate(fd.current_per_gpu).c_str(), static_cast<long long>(fd.isl),
          static_cast<long long>(fd.osl));
    }
    return;
  }
  if (hov == "current") {
    ImGui::SetTooltip("Batch %lld: %s %s", static_cast<long long>(data.current_batch),
                      format_token_rate(data.current_tokens_per_s).c_str(),
                      prefill ? "(prompt tokens)" : "");
  } else if (hov == "knee" && data.knee) {
    ImGui::SetTooltip(
        "From batch %lld the fc group reaches the ridge: more batch adds time "
        "as fast as tokens.",
        static_cast<long long>(*data.knee));
  } else if (hov == "wall:kv") {
    ImGui::SetTooltip("Batch %lld fills the usable memory with weights + KV cache.",
                      static_cast<long long>(data.max_batch));
  }
}

// A static batch of requests (core/MODEL.md §10): the document's batch of prompts of ISL tokens,
// each generating OSL tokens. Cheap enough to compute every frame it is shown (the decode sum
// is closed-form: about one analysis).
void draw_request(AppState& s) {
  const float em = ImGui::GetFontSize();
  int64_t& isl = s.ui.request_isl;
  int64_t& osl = s.ui.request_osl;
  const int64_t step = 128, big = 1024;
  auto length = [&](const char* label, const char* id, int64_t& value, const char* tip) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label);
    item_tooltip(tip);
    ImGui::SameLine(8 * em);
    ImGui::SetNextItemWidth(9 * em);
    ImGui::InputScalar(id, ImGuiDataType_S64, &value, &step, &big, "%lld");
    item_tooltip(tip);
    value = std::clamp<int64_t>(value, 1, kMaxSeq);
  };
  ImGui::BeginGroup();
  length("Prompt (ISL)", "##isl", isl,
         "Input sequence length: prompt tokens per sequence. The prefill of all of them is the "
         "time to first token.");
  length("Output (OSL)", "##osl", osl,
         "Output sequence length: tokens each sequence generates, one decode step each after "
         "the first.");
  ImGui::TextDisabled("Batch %s (from Workload)",
                      format_count(static_cast<double>(s.doc.batch)).c_str());
  ImGui::TextDisabled("%s", s.doc.calibration ? ("Expected: " + s.doc.calibration->name).c_str()
                                              : "Bounds (Roofs → Expected for calibrated times)");
  ImGui::EndGroup();
  const float inputs_w = ImGui::GetItemRectSize().x;
  auto r = request(s.doc, isl, osl);
  if (!r) {
    ImGui::SameLine(0, 2 * em);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(status_color(Severity::error), "%s", r.error().c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  const bool calibrated = s.doc.calibration.has_value();
  const Calibration* cal = calibrated ? &*s.doc.calibration : nullptr;
  // The request's readouts the tab shows (readouts.h): label, expected, its 80 % interval where
  // the calibration gives one, the bound; and the row's help.
  struct Line {
    std::vector<std::string> cells;
    std::string tip;
  };
  std::vector<std::string> headers = {"", calibrated ? "expected" : "roofline bound"};
  bool intervals = false;
  for (const RequestReadout& row : request_readouts())
    intervals = intervals || ((row.shows & kStatus) && request_readout_interval(row, *r, cal));
  if (intervals) headers.emplace_back("80 % interval");
  if (calibrated) headers.emplace_back("bound");
  std::vector<Line> lines;
  for (const RequestReadout& row : request_readouts()) {
    if (!(row.shows & kStatus)) continue;
    Line l{{std::string(row.short_label), request_readout_text(row, row.get(*r), TextStyle::line)},
           std::string(row.help) + "."};
    if (intervals) {
      const auto iv = request_readout_interval(row, *r, cal);
      l.cells.push_back(iv ? interval_text(row.quantity, *iv, TextStyle::line) : "");
    }
    if (calibrated) l.cells.push_back(request_readout_text(row, row.bound(*r), TextStyle::line));
    lines.push_back(std::move(l));
  }
  const int columns = static_cast<int>(headers.size());
  // The table's width for its text; beside the lengths where that fits, else under them.
  float table_w = 0;
  for (size_t c = 0; c < headers.size(); ++c) {
    float w = ImGui::CalcTextSize(headers[c].c_str()).x;
    for (const Line& l : lines) w = std::max(w, ImGui::CalcTextSize(l.cells[c].c_str()).x);
    table_w += w + 2 * ImGui::GetStyle().CellPadding.x + 1;
  }
  if (inputs_w + 2 * em + table_w <= ImGui::GetContentRegionAvail().x) {
    ImGui::SameLine(0, 2 * em);
  } else {
    ImGui::Spacing();
  }
  ImGui::BeginGroup();
  if (ImGui::BeginTable(
          "request", columns,
          ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV,
          {table_w, 0})) {
    for (const std::string& h : headers) ImGui::TableSetupColumn(h.c_str());
    ImGui::TableHeadersRow();
    const std::string interval_tip =
        cal ? "Where 8 in 10 measurements fall: " + cal->name +
                  "'s errors on measurements it was not fitted on (hover a row for what it is)."
            : std::string();
    for (const Line& l : lines) {
      ImGui::TableNextRow();
      for (size_t c = 0; c < headers.size(); ++c) {
        ImGui::TableNextColumn();
        // The label and the expected value read as text; the interval and the bound dimmed.
        if (c < 2) {
          ImGui::TextUnformatted(l.cells[c].c_str());
        } else {
          ImGui::TextDisabled("%s", l.cells[c].c_str());
        }
        if (c == 0) item_tooltip(l.tip.c_str());
        if (intervals && c == 2) item_tooltip(interval_tip.c_str());
      }
    }
    ImGui::EndTable();
  }
  const Statement fit = request_memory_statement(*r, isl, osl, gpu_count(s.doc));
  const std::string memory_line = "Memory " + fit.text;
  // The memory line and the warnings wrap at the panel's edge.
  ImGui::PushTextWrapPos(0.0f);
  if (fit.severity == Severity::info) {
    ImGui::TextUnformatted(memory_line.c_str());
  } else {
    ImGui::TextColored(status_color(fit.severity), "%s", memory_line.c_str());
  }
  for (const std::string& w : r->warnings) ImGui::TextDisabled("%s", w.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
}

}  // namespace

void draw_details(AppState& s) {
  if (!ImGui::BeginTabBar("details")) return;
  const int wanted = s.ui.select_details_tab;
  s.ui.select_details_tab = -1;
  if (ImGui::BeginTabItem("Operators", nullptr, wanted == 0 ? ImGuiTabItemFlags_SetSelected : 0)) {
    s.ui.details_tab = 0;
    draw_operator_table(s);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Throughput", nullptr, wanted == 1 ? ImGuiTabItemFlags_SetSelected : 0)) {
    s.ui.details_tab = 1;
    draw_throughput(s);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Request", nullptr, wanted == 2 ? ImGuiTabItemFlags_SetSelected : 0)) {
    s.ui.details_tab = 2;
    draw_request(s);
    ImGui::EndTabItem();
  }
  if (s.measured.profile &&
      ImGui::BeginTabItem("Measured", nullptr, wanted == 3 ? ImGuiTabItemFlags_SetSelected : 0)) {
    s.ui.details_tab = 3;
    draw_measured_tab(s);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

namespace {

bool fits(const std::string& text, float room) {
  return ImGui::CalcTextSize(text.c_str()).x <= room;
}

// `m` shortened to `room` pixels: first the leading folders of its longest path go
// ("…/figures/fig.svg"), then, if need be, the middle of the whole message.
std::string fit_message(const std::string& m, float room) {
  if (fits(m, room)) return m;
  size_t best = std::string::npos, best_slashes = 0;
  for (size_t at = 0; at < m.size();) {
    const size_t end = std::min(m.find(' ', at), m.size());
    const auto slashes = static_cast<size_t>(
        std::count(m.begin() + static_cast<long>(at), m.begin() + static_cast<long>(end), '/'));
    if (slashes > best_slashes) {
      best = at;
      best_slashes = slashes;
    }
    at = end + 1;
  }
  if (best != std::string::npos) {
    const size_t end = std::min(m.find(' ', best), m.size());
    for (size_t slash = m.find('/', best + 1); slash < end; slash = m.find('/', slash + 1)) {
      const std::string shown = m.substr(0, best) + "…" + m.substr(slash);
      if (fits(shown, room)) return shown;
    }
  }
  // Cut at character boundaries (UTF-8 continuation bytes are 10xxxxxx).
  auto boundary = [&m](size_t i, int step) {
    while (i > 0 && i < m.size() && (static_cast<unsigned char>(m[i]) & 0xC0) == 0x80) {
      i = static_cast<size_t>(static_cast<long>(i) + step);
    }
    return i;
  };
  for (size_t keep = m.size() / 2; keep > 0; --keep) {
    const size_t head = boundary(keep / 2, -1), tail = boundary(m.size() - (keep - keep / 2), +1);
    const std::string shown = m.substr(0, head) + "…" + m.substr(tail);
    if (fits(shown, room)) return shown;
  }
  return "…";
}

}  // namespace

void draw_status_line(AppState& s) {
  if (import_running(s)) {
    // A long import shows its progress until it ends (then its result is the message).
    s.ui.message = import_progress_text(s);
    s.ui.message_is_error = false;
  }
  const Analysis& a = chart_data(s).analysis;
  if (a.ops.empty()) {  // no step to total: say why instead of a row of zeros
    ImGui::Separator();
    ImGui::AlignTextToFramePadding();
    // The chart and the precision panel give the whole reason; one line here.
    const std::string why =
        a.no_roof ? "No step times: " + s.doc.gpu.name + " has no " +
                        std::string(to_string(a.math_precision)) + " compute roof (see the chart)"
        : a.warnings.empty() ? std::string("No step times: the scenario gives no operators")
                             : a.warnings.front();
    ImGui::TextColored(status_color(Severity::error), "%s", why.c_str());
    return;
  }
  // The readouts of the status line (readouts.h), and their brief form for a short line.
  const StepContext ctx(s.doc, a);
  const std::vector<StatusPiece> pieces = status_pieces(ctx, kStatus);
  const std::vector<StatusPiece> brief = status_pieces(ctx, kStatus, TextStyle::brief);
  bool error = false;
  for (const StatusPiece& p : pieces) error = error || p.severity == Severity::error;
  auto totals = [&](size_t n, bool short_last) {
    std::vector<StatusPiece> shown = pieces;
    if (short_last && n > 0) shown[n - 1] = brief[n - 1];
    return join_status(shown, n, "   ·   ");
  };
  ImGui::Separator();
  const float em = ImGui::GetFontSize();
  // The totals fit the line: the last one (the memory) gives way to its brief form first (the
  // sum, not its parts), then the last totals go, down to the step time. A message is news:
  // while one shows, the totals make room for it the same way. Hovering shortened totals shows
  // them all.
  const std::string all_totals = totals(pieces.size(), false);
  const float width = ImGui::GetContentRegionAvail().x;
  const float reserved =
      s.ui.message.empty() ? 0.0f : ImGui::CalcTextSize(s.ui.message.c_str()).x + 5 * em;
  auto fits = [&](size_t n, bool short_last) {
    return ImGui::CalcTextSize(totals(n, short_last).c_str()).x + reserved <= width;
  };
  size_t shown_parts = pieces.size();
  bool short_last = !fits(shown_parts, false);
  while (shown_parts > 1 && !fits(shown_parts, short_last)) {
    --shown_parts;
    short_last = false;
  }
  const std::string text = totals(shown_parts, short_last);
  ImGui::AlignTextToFramePadding();
  if (error) {
    ImGui::TextColored(status_color(Severity::error), "%s", text.c_str());
  } else {
    ImGui::TextUnformatted(text.c_str());
  }
  if (text != all_totals) item_tooltip(all_totals.c_str());
  if (!s.ui.message.empty()) {
    // Right-aligned after the totals; a message still too long (a long path) loses its
    // leading folders, or its middle, and its tooltip shows it whole.
    const float totals_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    const float right = ImGui::GetWindowContentRegionMax().x - 2 * em;  // the × button
    const float room = std::max(right - totals_end - 2 * em, 8 * em);
    const std::string shown = fit_message(s.ui.message, room);
    const bool elided = shown != s.ui.message;
    const float w = ImGui::CalcTextSize(shown.c_str()).x;
    ImGui::SameLine(std::max(totals_end + 2 * em, right - w));
    if (s.ui.message_is_error) {
      ImGui::TextColored(status_color(Severity::error), "%s", shown.c_str());
    } else {
      ImGui::TextDisabled("%s", shown.c_str());
    }
    if (elided) item_tooltip(s.ui.message.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("×")) s.ui.message.clear();
    item_tooltip("Dismiss the message.");
  }
}

}  // namespace roofline
