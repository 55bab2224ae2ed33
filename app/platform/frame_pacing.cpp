#include "frame_pacing.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include "roofline/ui/classroom.h"
#include "roofline/ui/frame.h"

namespace roofline {

namespace {

// While a text field is active ImGui blinks its cursor: wake this often to redraw it.
constexpr double kTextInputWakeS = 0.5;
// While work runs off the UI thread (a figure written, a profile read) or the desktop's file
// chooser is open, look for its outcome this often.
constexpr double kBackgroundWorkWakeS = 0.05;

}  // namespace

bool FramePacer::wait_for_frame(const AppState& s, double elapsed_s) {
  // An animation (a lesson step) needs frames with no input to wake the loop.
  if (wants_continuous_frames(s)) frames_left_ = std::max(frames_left_, 1);
  // activity_: something asked for frames since the last one (the window's close button opening
  // "Save changes?"): draw them now, not at the next input event.
  if (scripted_ || frames_left_ > 0 || activity_) {
    glfwPollEvents();
  } else if (background_work_pending(s)) {
    glfwWaitEventsTimeout(kBackgroundWorkWakeS);
    activity_ = true;
  } else if (ImGui::GetIO().WantTextInput) {
    glfwWaitEventsTimeout(kTextInputWakeS);
    activity_ = true;
  } else if (quit_after_s_) {
    glfwWaitEventsTimeout(std::max(0.01, *quit_after_s_ - elapsed_s));
  } else {
    glfwWaitEvents();
  }
  if (activity_) {
    frames_left_ = kFramesAfterActivity;
    activity_ = false;
  }
  if (!scripted_ && frames_left_ <= 0) return false;
  --frames_left_;
  return true;
}

}  // namespace roofline
