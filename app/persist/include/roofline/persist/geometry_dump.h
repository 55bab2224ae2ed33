#pragma once
// The app's chart as end-to-end tests and scripts read it (the window's geometry dump), as plain
// values; JSON-free like io's json_io.h.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "roofline/scenario.h"

namespace roofline {

// Positions in window coordinates (pixels from the window's top-left).
struct GeometryDump {
  uint64_t frame = 0;
  Phase phase = Phase::decode;  // the knobs a drag changes
  int64_t batch = 1;
  int64_t seq = 1;
  std::array<double, 4> plot_area{};                     // x0, y0, x1, y1
  std::map<std::string, std::array<double, 2>> markers;  // interactive dots by id: x, y
  // Every text the roofline chart drew (title, ticks, axis titles, labels), with its box.
  struct Label {
    std::string id, text;
    std::array<double, 4> box{};  // x0, y0, x1, y1 (a rotated text: its bounding box)
  };
  std::vector<Label> labels;
  std::optional<std::array<double, 4>> legend;  // the legend's box; nullopt: none drawn
  // Each open top-level window (the main window, dialogs, the formula card, tooltips).
  struct Window {
    std::string name;
    std::array<double, 4> rect{};  // x0, y0, x1, y1
  };
  std::vector<Window> windows;
};

// {"batch": 1, "frame": 3, "labels": [{"box": [x0, y0, x1, y1], "id": "title", "text": "..."},
//  ...], "legend": [x0, y0, x1, y1] or null, "markers": {"group:attention": [x, y], ...},
//  "phase": "decode", "plot_area": [x0, y0, x1, y1], "seq": 1024, "windows": [{"name": ...,
//  "rect": [x0, y0, x1, y1]}, ...]}: keys sorted, two-space indent, final newline.
std::string geometry_dump_to_json(const GeometryDump& d);

}  // namespace roofline
