#include "roofline/ui/dump.h"

#include "roofline/io/geometry_dump.h"
#include "roofline/io/json_io.h"

namespace roofline {

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
