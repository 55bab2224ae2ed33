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
  Scenario doc = s.doc;
  store_view_settings(s.view.plot, doc.view);
  return scenario_to_json(doc);
}

}  // namespace roofline
