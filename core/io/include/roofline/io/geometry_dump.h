#pragma once
// The app's chart as end-to-end tests and scripts read it (the window's geometry dump), as plain
// values; JSON-free like json_io.h.

#include <array>
#include <cstdint>
#include <map>
#include <string>

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
};

// {"batch": 1, "frame": 3, "markers": {"group:attention": [x, y], ...}, "phase": "decode",
//  "plot_area": [x0, y0, x1, y1], "seq": 1024}: keys sorted, two-space indent, final newline.
std::string geometry_dump_to_json(const GeometryDump& d);

}  // namespace roofline
