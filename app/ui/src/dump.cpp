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
  ScenarioFile file = document_file(s);
  // The axes as drawn, fitted or chosen: the state is restored as it was seen.
  file.view.x_min = s.view.plot.x_min;
  file.view.x_max = s.view.plot.x_max;
  file.view.y_min = s.view.plot.y_min;
  file.view.y_max = s.view.plot.y_max;
  return scenario_to_json(file);
}

}  // namespace roofline
