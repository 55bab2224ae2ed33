// The roofline chart widget: the plot library's geometry painted with ImDrawList, plus hover
// tooltips, zoom, pan, fit, legend toggles and dragging the fc / attention dots.

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "roofline/plot/theme.h"
#include "roofline/ui/draw_painter.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Auto fit follows structural changes (GPU, model, phase, precision...) but not batch or seq:
// those move the dots along their trail, which the fit already covers, and refitting while the
// user drags a dot would pull the axes out from under the mouse.
Scenario fit_key_of(const Scenario& doc) {
  Scenario key = doc;
  key.batch = 0;
  key.seq = 0;
  return key;
}

bool group_outside_view(const AppState& s) {
  const PlotView& v = s.view.plot;
  const GroupCost& fc = chart_data(s).analysis.fc;
  if (!std::isfinite(fc.intensity) || fc.intensity <= 0 || fc.achieved_flops <= 0) return false;
  return fc.intensity < v.x_min || fc.intensity > v.x_max || fc.achieved_flops < v.y_min ||
         fc.achieved_flops > v.y_max;
}

// True when `inner` lies inside `outer` and `outer` is at most half a decade wider on each end:
// then the current axes still show everything well and are kept.
bool still_fits(const PlotView& outer, const PlotView& inner) {
  const double slack = std::sqrt(10.0);
  auto ok = [slack](double olo, double ohi, double ilo, double ihi) {
    return olo <= ilo * (1 + 1e-9) && ohi >= ihi * (1 - 1e-9) && ilo / olo <= slack &&
           ohi / ihi <= slack;
  };
  return ok(outer.x_min, outer.x_max, inner.x_min, inner.x_max) &&
         ok(outer.y_min, outer.y_max, inner.y_min, inner.y_max);
}

void fit_if_needed(AppState& s, bool dragging) {
  ViewState& vs = s.view;
  bool automatic = false;
  if (vs.auto_fit && !dragging && !vs.fit_requested) {
    Scenario key = fit_key_of(s.doc);
    if (!(key == vs.fit_key) || group_outside_view(s)) {
      automatic = true;
      vs.fit_key = std::move(key);
    }
  }
  const ChartData& d = chart_data(s);
  // The axes also shrink back: once a change is over (no button held, so a slider drag does not
  // rescale under the mouse), axes more than half a decade wider at an end than what is drawn
  // are refitted (batch 1,000,000 then undo left the x axis out to 10k; closing a compare with
  // the L4 left y down to 100G).
  const uint64_t revision = s.derived.revision();
  if (vs.auto_fit && !dragging && !vs.fit_requested && !automatic &&
      revision != vs.fit_checked_revision && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    vs.fit_checked_revision = revision;
    const PlotView fitted =
        fit_view(vs.plot, d.analysis, d.scenario, vs.plot.chart.show_trail ? &d.trail : nullptr,
                 d.compare ? &*d.compare : nullptr);
    if (!still_fits(vs.plot, fitted)) vs.plot = fitted;
    return;
  }
  if (!vs.fit_requested && !automatic) return;
  const PlotView fitted =
      fit_view(vs.plot, d.analysis, d.scenario, vs.plot.chart.show_trail ? &d.trail : nullptr,
               d.compare ? &*d.compare : nullptr);
  // A new GPU or precision keeps the axes when its chart still fits them, so the roofs visibly
  // move (H100 -> H200 lifts the slope) instead of the axes moving under them.
  if (!automatic || !still_fits(vs.plot, fitted)) vs.plot = fitted;
  vs.fit_key = fit_key_of(s.doc);
  vs.fit_requested = false;
}

// hit_test, except that a draggable dot within reach wins over a non-draggable one drawn on top
// of it (at batch 1 the whole-step square covers the fc dot: a press there means "drag fc").
std::string pick(const AppState& s, Vec2 mouse, double radius_px) {
  std::string hit = hit_test(s.view.geometry, mouse, radius_px);
  if (hit.empty() || starts_with(hit, "legend:") || hit == "group:fc") return hit;
  for (const char* id : {"group:fc", "group:attention"}) {
    const Marker* m = s.view.geometry.find_marker(id);
    if (m == nullptr) continue;
    const double d = std::hypot(mouse.x - m->center.x, mouse.y - m->center.y) - m->radius_px;
    if (d <= radius_px) return id;
  }
  return hit;
}

void start_press(AppState& s, const std::string& hit, Vec2 mouse) {
  ViewState& vs = s.view;
  if (starts_with(hit, "legend:")) {
    if (toggle_series(s.chart, std::string_view(hit).substr(7))) vs.plot.chart = s.chart;
    return;
  }
  if (hit == "group:fc" || hit == "group:attention") {
    const Marker* m = vs.geometry.find_marker(hit);
    vs.drag_id = hit;
    vs.drag_offset_px = m != nullptr ? mouse.x - m->center.x : 0;
    if (hit == "group:attention" && s.doc.phase == Phase::decode) vs.attention_hint = true;
    return;
  }
  if (starts_with(hit, "op:") || starts_with(hit, "group:")) {
    vs.plot.selected_id = vs.plot.selected_id == hit ? std::string() : hit;
  }
}

// One frame of a dot drag: the mouse's x becomes a target intensity, mapped to the batch
// (decode) or prompt length (prefill) whose dot sits there.
void apply_drag(AppState& s, Vec2 mouse) {
  ViewState& vs = s.view;
  const double target = x_axis(vs.plot).from_px(mouse.x - vs.drag_offset_px);
  if (vs.drag_id == "group:fc") {
    if (auto value = value_for_fc_intensity(s.doc, target)) {
      (s.doc.phase == Phase::decode ? s.doc.batch : s.doc.seq) = *value;
    }
  } else if (vs.drag_id == "group:attention" && s.doc.phase == Phase::prefill) {
    if (auto value = value_for_attention_intensity(s.doc, target)) s.doc.seq = *value;
  }
}

void drag_tooltip(const AppState& s) {
  const bool decode = s.doc.phase == Phase::decode;
  const Analysis& a = chart_data(s).analysis;
  ImGui::BeginTooltip();
  if (s.view.drag_id == "group:fc") {
    ImGui::Text("%s %lld  →  fc intensity %s", decode ? "Batch" : "Prompt",
                static_cast<long long>(decode ? s.doc.batch : s.doc.seq),
                format_intensity(a.fc.intensity).c_str());
    ImGui::TextDisabled(
        "achieved %s of %s attainable · ridge at %s", format_flop_rate(a.fc.achieved_flops).c_str(),
        format_flop_rate(attainable_flops(a.fc.intensity, a.peak_flops, a.bandwidth)).c_str(),
        format_intensity(a.ridge_point).c_str());
  } else {
    ImGui::Text("Prompt %lld  →  attention intensity %s", static_cast<long long>(s.doc.seq),
                format_intensity(a.attention.intensity).c_str());
  }
  ImGui::EndTooltip();
}

// The note shown when the decode attention dot is dragged: why it stays, and its levers. It
// goes where it hides least of the chart (place_note: its dot and label count like the other
// dots and labels, so it sits beside them where there is room); the size is last frame's. It
// takes no focus on appearing: the click on the dot gave the chart the keyboard.
void draw_attention_hint(AppState& s, Vec2 dot) {
  if (!s.view.attention_hint) return;
  if (s.doc.phase != Phase::decode) {
    s.view.attention_hint = false;
    return;
  }
  const float em = ImGui::GetFontSize();
  const ModelConfig& m = s.doc.model;
  const ImVec2 size = s.view.attention_hint_size;
  const Rect box = place_note(s.view.geometry, dot, {size.x, size.y}, em);
  ImGui::SetNextWindowPos({s.view.canvas_origin.x + static_cast<float>(box.x0),
                           s.view.canvas_origin.y + static_cast<float>(box.y0)},
                          ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints({20 * em, 0}, {30 * em, 40 * em});
  bool open = true;
  if (ImGui::Begin("Why the attention dot stays put", &open,
                   ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                       ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                       ImGuiWindowFlags_NoFocusOnAppearing)) {
    ImGui::PushTextWrapPos(28 * em);
    // One GPU's heads: tp splits the query heads, not always the KV heads (kv_share).
    const MixerType* mixer = first_attention_type(m);
    // Speculating, the k + 1 verified tokens of a sequence share its cache read: q times g.
    const double g = (mixer ? heads_per_kv_head(m, *mixer, s.doc.tp) : 1) *
                     static_cast<double>(query_tokens(s.doc));
    const double bkv = bytes_per_element(s.doc.kv);
    if (m.mla) {
      ImGui::TextWrapped(
          "In decode, each sequence reads its own latent KV cache once per step, "
          "shared by all %s heads%s: FLOPs and bytes both grow with batch × "
          "context, so the intensity (≈ 4·H / b_kv = %s) does not move with either.",
          format_count(g).c_str(), s.doc.tp > 1 ? " of each GPU" : "",
          format_intensity(4 * g / bkv).c_str());
    } else if (s.doc.tp > 1) {
      const AttentionDims dims = mixer ? attention_dims(m, *mixer) : AttentionDims{};
      ImGui::TextWrapped(
          "In decode, each sequence reads its own K and V cache once per step: "
          "FLOPs and bytes both grow with batch × context, so they cancel. The "
          "intensity is ≈ 2·g / b_kv = 2 × %.3g / %.3g B = %s, set by the query heads per KV "
          "head on each of the %lld GPUs, g = (H/tp) / ⌈Hkv/tp⌉ (H = %lld, Hkv = %lld), and "
          "the KV precision.",
          g, bkv, format_intensity(2 * g / bkv).c_str(), static_cast<long long>(s.doc.tp),
          static_cast<long long>(dims.heads), static_cast<long long>(dims.kv_heads));
    } else {
      const AttentionDims dims = mixer ? attention_dims(m, *mixer) : AttentionDims{};
      ImGui::TextWrapped(
          "In decode, each sequence reads its own K and V cache once per step: "
          "FLOPs and bytes both grow with batch × context, so they cancel. The "
          "intensity is ≈ 2·g / b_kv = 2 × %.3g / %.3g B = %s, set by "
          "the GQA group g = H / Hkv = %lld / %lld and the KV precision.",
          g, bkv, format_intensity(2 * g / bkv).c_str(), static_cast<long long>(dims.heads),
          static_cast<long long>(dims.kv_heads));
    }
    if (speculative(s.doc)) {
      ImGui::TextWrapped(
          "Speculating: each sequence's %lld verified tokens share one read of its cache, so "
          "the verify step's attention is %lld× as intense as a plain step's.",
          static_cast<long long>(query_tokens(s.doc)), static_cast<long long>(query_tokens(s.doc)));
    }
    ImGui::Spacing();
    ImGui::TextUnformatted("Levers that move it:");
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("KV cache precision");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(8 * em);
    if (ImGui::BeginCombo("##hint_kv", std::string(to_string(s.doc.kv)).c_str())) {
      for (Precision p : kAllPrecisions) {
        if (ImGui::Selectable(std::string(to_string(p)).c_str(), p == s.doc.kv)) s.doc.kv = p;
      }
      ImGui::EndCombo();
    }
    item_tooltip("Fewer bytes per cached value: fp8 doubles the decode attention intensity.");
    ImGui::TextWrapped(
        "A model with a larger GQA group (fewer KV heads per query head), or "
        "latent attention (MLA, e.g. DeepSeek-V3), reads fewer KV bytes per FLOP.");
    ImGui::PopTextWrapPos();
  }
  s.view.attention_hint_size = ImGui::GetWindowSize();
  ImGui::End();
  if (!open) s.view.attention_hint = false;
}

}  // namespace

void draw_chart(AppState& s, ImVec2 size) {
  ImGuiIO& io = ImGui::GetIO();
  ViewState& vs = s.view;
  PlotView& v = vs.plot;
  const float em = ImGui::GetFontSize();
  size = {std::max(size.x, 8 * em), std::max(size.y, 6 * em)};
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  vs.canvas_origin = origin;
  // A new canvas size lays the chart out afresh: "best" chooses the legend's corner again
  // rather than keep the one a smaller window needed (the web page's first frame comes before
  // the browser's last resize).
  if (v.canvas_px.x != size.x || v.canvas_px.y != size.y) v.legend_last = LegendPlace::best;
  v.canvas_px = {size.x, size.y};
  v.font_px = em;
  v.chart = s.chart;

  ImGui::InvisibleButton("##roofline_chart", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  // Clicked, the chart has the keyboard (its arrow, + and - rows in the shortcut table).
  vs.chart_focused = ImGui::IsWindowFocused();
  const Vec2 mouse{io.MousePos.x - origin.x, io.MousePos.y - origin.y};
  const double hit_radius = 0.35 * em;
  // Hit tests use last frame's geometry: what the user saw when they clicked.
  const std::string under_mouse = hovered ? pick(s, mouse, hit_radius) : std::string();

  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) start_press(s, under_mouse, mouse);
  if (!vs.drag_id.empty()) {
    if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      if (io.MouseDelta.x != 0 || ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        apply_drag(s, mouse);
    } else {
      // A press on a draggable dot that never moved is a click: it selects the dot (its
      // formula card) like any other.
      if (io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f)
        vs.plot.selected_id = vs.plot.selected_id == vs.drag_id ? std::string() : vs.drag_id;
      vs.drag_id.clear();
    }
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && under_mouse.empty()) {
    vs.auto_fit = true;
    vs.fit_requested = true;
  }
  if (hovered && io.MouseWheel != 0) {
    zoom_about(v, mouse, std::pow(kWheelZoomFactor, static_cast<double>(io.MouseWheel)));
    vs.auto_fit = false;
  }
  if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f) &&
      (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
    pan(v, {io.MouseDelta.x, io.MouseDelta.y});
    vs.auto_fit = false;
  }

  v.measured = measured_layer(s);
  fit_if_needed(s, !vs.drag_id.empty());
  vs.hovered_id = !vs.drag_id.empty() ? vs.drag_id : under_mouse;
  v.hovered_id = starts_with(vs.hovered_id, "legend:") ? std::string() : vs.hovered_id;
  // A row hovered in the operator table (drawn after the chart: last frame's) lights its dot.
  if (v.hovered_id.empty()) v.hovered_id = vs.table_hovered_id;

  apply_classroom_view(s, v);
  // The buttons over the chart's top right corner (last frame's width and place): the title
  // keeps clear of them, and of nothing when they are not there.
  v.title_reserve_px = s.classroom.chart_tools_w > 0 && s.classroom.chart_tools_top
                           ? s.classroom.chart_tools_w + 0.9 * em
                           : 0;
  vs.geometry =
      build_figure(chart_data(s), {v, &ui_theme(s), imgui_text_measure(s.ui.font_regular)});
  v.legend_last = vs.geometry.legend.place;
  paint_geometry(*ImGui::GetWindowDrawList(), vs.geometry, origin,
                 {s.ui.font_regular, s.ui.font_bold});
  draw_chart_classroom_overlay(s, origin, size);
  if (const Analysis& a = chart_data(s).analysis; a.ops.empty()) {
    // Nothing to place: say why in the middle of the empty plot rather than draw a wrong roof.
    const Rect area = vs.geometry.plot_area;
    const std::string why = a.warnings.empty() ? std::string("The scenario gives no operators.")
                                               : a.warnings.front() + ".";
    const float wrap = static_cast<float>(std::min(area.width() * 0.8, 40.0 * em));
    const ImVec2 text = ImGui::CalcTextSize(why.c_str(), nullptr, false, wrap);
    const ImVec2 at{origin.x + static_cast<float>(area.x0 + area.x1) / 2 - text.x / 2,
                    origin.y + static_cast<float>(area.y0 + area.y1) / 2 - text.y / 2};
    ImDrawList& dl = *ImGui::GetWindowDrawList();
    dl.AddRectFilled({at.x - em, at.y - em}, {at.x + text.x + em, at.y + text.y + em},
                     ImGui::GetColorU32(ImGuiCol_PopupBg), 0.4f * em);
    dl.AddRect({at.x - em, at.y - em}, {at.x + text.x + em, at.y + text.y + em},
               ImGui::GetColorU32(ImGuiCol_Border), 0.4f * em);
    dl.AddText(nullptr, 0, at, ImGui::GetColorU32(ImGuiCol_Text), why.c_str(), nullptr, wrap);
  }

  const bool draggable = vs.hovered_id == "group:fc" ||
                         (vs.hovered_id == "group:attention" && s.doc.phase == Phase::prefill);
  if (!vs.drag_id.empty()) {
    // The decode attention dot does not move: its note says why (no tooltip over the note).
    const bool fixed = vs.drag_id == "group:attention" && s.doc.phase == Phase::decode;
    ImGui::SetMouseCursor(fixed ? ImGuiMouseCursor_NotAllowed : ImGuiMouseCursor_ResizeEW);
    if (!fixed) drag_tooltip(s);
  } else if (hovered && !vs.hovered_id.empty()) {
    if (starts_with(vs.hovered_id, "legend:")) {
      ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      ImGui::SetTooltip("Click to show or hide this series");
    } else {
      if (draggable) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      dot_tooltip(s, vs.hovered_id);
    }
  }
  if (vs.attention_hint) {
    const Marker* dot = vs.geometry.find_marker("group:attention");
    const Rect area = vs.geometry.plot_area;
    draw_attention_hint(s, dot != nullptr ? dot->center : Vec2{area.x0, area.y0});
  }
}

}  // namespace roofline
