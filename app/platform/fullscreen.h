#pragma once
// Presentation mode fills a monitor; leaving it puts the window back where it was.

struct GLFWwindow;

namespace roofline {

class Fullscreen {
 public:
  // Makes the window fill the monitor holding most of it (the projector, when the window was
  // dragged there) at that monitor's current video mode, so nothing flickers; or, with
  // `on` false, restores its place and size. True when it changed anything.
  bool follow(GLFWwindow* window, bool on);

 private:
  bool on_ = false;
  int x_ = 0, y_ = 0, width_ = 0, height_ = 0;  // the windowed placement to restore
};

}  // namespace roofline
