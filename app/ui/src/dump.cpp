#include "roofline/ui/dump.h"

#include <imgui.h>
#include <imgui_internal.h>  // the open windows, for the geometry dump

#include "roofline/io/json_io.h"
#include "roofline/persist/geometry_dump.h"
#include "roofline/persist/scenario_file.h"

namespace roofline {

std::vector<GeometryDump::Window> open_windows() {
  std::vector<GeometryDump::Window> out;
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g == nullptr) return out;
  for (const ImGuiWindow* w : g->Windows) {
    if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_ChildWindow) != 0) continue;
    out.push_back({w->Name, {w->Pos.x, w->Pos.y, w->Pos.x + w->Size.x, w->Pos.y + w->Size.y}});
  }
  return out;
}

std::string geometry_dump_json(const AppState& s) {
  const ImVec2 o = s.view.canvas_origin;
  const Rect& area = s.view.geometry.plot_area;
  GeometryDump d;
  d.frame = s.ui.frame;
  d.phase = s.doc.phase;
  d.batch = s.doc.batch;
  d.seq = s.doc.seq;
  d.plot_area = {o.x + area.x0, o.y + area.y0, o.x + area.x1, o.y + area.y1};
  for (const Marker& m : s.view.geometry.markers) {
    if (m.interactive) d.markers[m.id] = {o.x + m.center.x, o.y + m.center.y};
  }
  auto window_box = [&](const Rect& r) {
    return std::array<double, 4>{o.x + r.x0, o.y + r.y0, o.x + r.x1, o.y + r.y1};
  };
  for (const TextLabel& t : s.view.geometry.texts)
    d.labels.push_back({t.id, t.text, window_box(t.box)});
  if (s.view.geometry.legend.shown) d.legend = window_box(s.view.geometry.legend.box);
  d.windows = open_windows();
  return geometry_dump_to_json(d);
}

std::string state_dump_json(const AppState& s) {
  ScenarioFile file = document_file(s);
  // The axes as drawn, fitted or chosen: the state is restored as it was seen.
  file.view.x_min = s.view.plot.x_min;
  file.view.x_max = s.view.plot.x_max;
  file.view.y_min = s.view.plot.y_min;
  file.view.y_max = s.view.plot.y_max;
  return scenario_to_json(file);
}

}  // namespace roofline
