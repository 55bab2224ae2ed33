#include "screenshot.h"

#include <glad/gl.h>
// The implementation lives in libstb (linked through pkg-config's imgui): no
// STB_IMAGE_WRITE_IMPLEMENTATION here.
#include <stb_image_write.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace roofline {

std::string write_back_buffer_png(const std::string& path, int width, int height) {
  if (width <= 0 || height <= 0) return path + ": the window has no pixels to capture";
  const size_t w = static_cast<size_t>(width), h = static_cast<size_t>(height);
  std::vector<unsigned char> rgb(w * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  // GL rows run bottom-up; PNG rows top-down.
  std::vector<unsigned char> flipped(rgb.size());
  const size_t stride = w * 3;
  for (size_t y = 0; y < h; ++y) {
    std::memcpy(&flipped[y * stride], &rgb[(h - 1 - y) * stride], stride);
  }
  const std::string temp = path + ".tmp";
  if (stbi_write_png(temp.c_str(), width, height, 3, flipped.data(), static_cast<int>(stride)) ==
      0) {
    std::remove(temp.c_str());
    return path + ": cannot write the PNG (" + std::strerror(errno) + ")";
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    return path + ": cannot write the PNG (" + reason + ")";
  }
  return {};
}

}  // namespace roofline
