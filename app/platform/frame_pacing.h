#pragma once
// When the window draws a frame (Tracy's habit): sleep in glfwWaitEvents until input arrives,
// then render a few frames so ImGui settles (hover states, popups opening), then sleep again.
// An idle window costs no CPU. Scripted runs (--frames, --screenshot) render back to back.

#include <optional>

#include "roofline/ui/app_state.h"

namespace roofline {

class FramePacer {
 public:
  // `quit_after_s`: --quit-after, so that a sleeping window still wakes up to quit in time.
  FramePacer(bool scripted, std::optional<double> quit_after_s)
      : scripted_(scripted), quit_after_s_(quit_after_s) {}

  // Input or a change that needs frames to show (GLFW callbacks, a replayed key).
  void note_activity() { activity_ = true; }

  // Processes events, sleeping while nothing needs drawing (at most until --quit-after, or
  // briefly while a text cursor blinks or a figure is written off the UI thread). True when a
  // frame should be rendered now; false when only a timer woke it.
  bool wait_for_frame(const AppState& s, double elapsed_s);

 private:
  static constexpr int kFramesAfterActivity = 3;

  bool scripted_;
  std::optional<double> quit_after_s_;
  bool activity_ = false;
  int frames_left_ = kFramesAfterActivity;  // the first frames, with no input yet
};

}  // namespace roofline
