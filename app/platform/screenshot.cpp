#include "screenshot.h"

#include <glad/gl.h>
// The implementation lives in libstb (linked through pkg-config's imgui): no
// STB_IMAGE_WRITE_IMPLEMENTATION here.
#include <stb_image_write.h>

#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

#include "roofline/io/json_io.h"
#include "roofline/units.h"

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
  std::string png;
  const auto append = [](void* out, void* data, int size) {
    static_cast<std::string*>(out)->append(static_cast<const char*>(data),
                                           static_cast<size_t>(size));
  };
  if (stbi_write_png_to_func(append, &png, width, height, 3, flipped.data(),
                             static_cast<int>(stride)) == 0) {
    return path + ": cannot encode the PNG";
  }
  return write_text_file_atomic(path, png).error();
}

void save_user_screenshot(AppState& s, int width, int height) {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::current_path(ec);
  if (ec) folder = ".";
  std::string path;
  for (int n = 1; n < 10000; ++n) {
    path = (folder / ("roofline-screenshot-" + std::to_string(n) + ".png")).string();
    if (!std::filesystem::exists(path, ec)) break;
  }
  if (std::string error = write_back_buffer_png(path, width, height); !error.empty()) {
    set_message(s, error, true);
    return;
  }
  std::error_code size_ec;
  const auto bytes = std::filesystem::file_size(path, size_ec);
  set_message(s,
              "Saved the window to " + path +
                  (size_ec ? std::string()
                           : " (" + std::to_string(width) + " × " + std::to_string(height) +
                                 " px, " + format_bytes(static_cast<double>(bytes)) + ")"),
              false);
}

}  // namespace roofline
