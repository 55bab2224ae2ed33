#pragma once
// Reading the GL back buffer into a PNG file.

#include <string>

namespace roofline {

// Reads the current GL back buffer (width × height framebuffer pixels; call before swapping)
// and writes it as an opaque RGB PNG, top row first, atomically. "" on success, else a message
// naming the path.
std::string write_back_buffer_png(const std::string& path, int width, int height);

}  // namespace roofline
