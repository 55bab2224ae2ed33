#pragma once
// Reading the GL back buffer into a PNG file: F12's screenshots and --screenshot's.

#include <string>

#include "roofline/ui/app_state.h"

namespace roofline {

// Reads the current GL back buffer (width × height framebuffer pixels; call before swapping)
// and writes it as an opaque RGB PNG, top row first, atomically. "" on success, else a message
// naming the path.
std::string write_back_buffer_png(const std::string& path, int width, int height);

// F12 / File > Save window screenshot: the back buffer into the next free
// roofline-screenshot-N.png of the working directory; the status line says where (absolute
// path, size) or why not.
void save_user_screenshot(AppState& s, int width, int height);

}  // namespace roofline
