#pragma once
// Machine-readable views of the running app, for end-to-end tests and scripts.

#include <string>

#include "roofline/ui/app_state.h"

namespace roofline {

// The chart's dots in window coordinates (ImGui pixels from the window's top-left), plus the
// knobs a drag changes:
//   {"frame": 3, "phase": "decode", "batch": 1, "seq": 1024,
//    "plot_area": [x0, y0, x1, y1],
//    "markers": {"group:fc": [x, y], "group:attention": [x, y], ...}}
std::string geometry_dump_json(const AppState& s);

// The document as a scenario file (io's format), with the chart's current view stored.
std::string state_dump_json(const AppState& s);

}  // namespace roofline
