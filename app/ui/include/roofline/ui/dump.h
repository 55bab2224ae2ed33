#pragma once
// Machine-readable views of the running app, for end-to-end tests and scripts.

#include <string>
#include <vector>

#include "roofline/persist/geometry_dump.h"
#include "roofline/ui/app_state.h"

namespace roofline {

// The chart's dots in window coordinates (ImGui pixels from the window's top-left), plus the
// knobs a drag changes, every text the chart drew with its box, the legend's box and each
// open top-level window (geometry_dump.h has the format):
//   {"frame": 3, "phase": "decode", "batch": 1, "seq": 1024,
//    "plot_area": [x0, y0, x1, y1],
//    "markers": {"group:fc": [x, y], "group:attention": [x, y], ...},
//    "labels": [{"id": "label:group:fc", "text": "fc", "box": [x0, y0, x1, y1]}, ...],
//    "legend": [x0, y0, x1, y1], "windows": [{"name": "...", "rect": [...]}, ...]}
std::string geometry_dump_json(const AppState& s);

// The open top-level ImGui windows (not child windows) and their rectangles, in window pixels.
std::vector<GeometryDump::Window> open_windows();

// The document as a scenario file (persist's format), with the chart's current view stored.
std::string state_dump_json(const AppState& s);

}  // namespace roofline
