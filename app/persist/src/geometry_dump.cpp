// The window's geometry dump as JSON (geometry_dump.h), for end-to-end tests and scripts.

#include "roofline/persist/geometry_dump.h"

#include <nlohmann/json.hpp>

#include "roofline/io/json_reader.h"

namespace roofline {

std::string geometry_dump_to_json(const GeometryDump& d) {
  // nlohmann::json, not ordered_json: the keys sorted, as scripts have always read them.
  nlohmann::json markers = nlohmann::json::object();
  for (const auto& [id, center] : d.markers) markers[id] = center;
  nlohmann::json labels = nlohmann::json::array();
  for (const GeometryDump::Label& l : d.labels)
    labels.push_back({{"id", l.id}, {"text", l.text}, {"box", l.box}});
  nlohmann::json windows = nlohmann::json::array();
  for (const GeometryDump::Window& w : d.windows)
    windows.push_back({{"name", w.name}, {"rect", w.rect}});
  const nlohmann::json root = {{"frame", d.frame},
                               {"phase", std::string(to_string(d.phase))},
                               {"batch", d.batch},
                               {"seq", d.seq},
                               {"plot_area", d.plot_area},
                               {"markers", std::move(markers)},
                               {"labels", std::move(labels)},
                               {"legend", d.legend ? nlohmann::json(*d.legend) : nlohmann::json()},
                               {"windows", std::move(windows)}};
  return dump_text(root) + "\n";
}

}  // namespace roofline
