#pragma once
// Without a display GLFW cannot open a window; the chart is still worth having.

#include <string>

#include "roofline/persist/scenario_file.h"

namespace roofline {

// Draws the roofline chart of `doc` (width × height pixels) into a PNG with the Cairo painter,
// as `roofline-cli export` does (chart_data + build_figure). "" on success, else a message.
std::string write_chart_png_without_display(const ScenarioFile& doc, const std::string& path,
                                            int width, int height);

}  // namespace roofline
