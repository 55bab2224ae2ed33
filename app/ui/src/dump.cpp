#include "roofline/ui/dump.h"

#include <nlohmann/json.hpp>

#include "roofline/io/json_io.h"

namespace roofline {

std::string geometry_dump_json(const AppState& s) {
  const ImVec2 o = s.view.canvas_origin;
  const Rect& area = s.view.geometry.plot_area;
  nlohmann::json markers = nlohmann::json::object();
  for (const Marker& m : s.view.geometry.markers) {
    if (!m.interactive) continue;
    markers[m.id] = {o.x + m.center.x, o.y + m.center.y};
  }
  nlohmann::json root = {
      {"frame", s.ui.frame},
      {"phase", std::string(to_string(s.doc.phase))},
      {"batch", s.doc.batch},
      {"seq", s.doc.seq},
      {"plot_area", {o.x + area.x0, o.y + area.y0, o.x + area.x1, o.y + area.y1}},
      {"markers", std::move(markers)},
  };
  return root.dump(2) + "\n";
}

std::string state_dump_json(const AppState& s) {
  Scenario doc = s.doc;
  store_view_settings(s.view.plot, doc.view);
  return scenario_to_json(doc);
}

}  // namespace roofline
