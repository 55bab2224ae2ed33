#include "fullscreen.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

namespace roofline {

namespace {

// The monitor holding most of the window.
GLFWmonitor* monitor_of(GLFWwindow* window) {
  int wx = 0, wy = 0, ww = 0, wh = 0;
  glfwGetWindowPos(window, &wx, &wy);
  glfwGetWindowSize(window, &ww, &wh);
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  GLFWmonitor* best = glfwGetPrimaryMonitor();
  long best_area = -1;
  for (int i = 0; i < count; ++i) {
    const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
    if (mode == nullptr) continue;
    int mx = 0, my = 0;
    glfwGetMonitorPos(monitors[i], &mx, &my);
    const long w = std::max(0, std::min(wx + ww, mx + mode->width) - std::max(wx, mx));
    const long h = std::max(0, std::min(wy + wh, my + mode->height) - std::max(wy, my));
    if (w * h > best_area) {
      best_area = w * h;
      best = monitors[i];
    }
  }
  return best;
}

}  // namespace

bool Fullscreen::follow(GLFWwindow* window, bool on) {
  if (on == on_) return false;
  if (on) {
    GLFWmonitor* monitor = monitor_of(window);
    const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
    if (mode == nullptr) return false;
    glfwGetWindowPos(window, &x_, &y_);
    glfwGetWindowSize(window, &width_, &height_);
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window, nullptr, x_, y_, width_, height_, 0);
  }
  on_ = on;
  return true;
}

}  // namespace roofline
