#pragma once
// Without a display GLFW cannot open a window; the chart is still worth having.

#include <string>

#include "roofline/scenario.h"

namespace roofline {

// Draws the roofline chart of `doc` (width × height pixels) into a PNG with the Cairo painter,
// as `roofline-cli export` does. "" on success, else a message.
std::string write_chart_png_without_display(const Scenario& doc, const std::string& path, int width,
                                            int height);

}  // namespace roofline
