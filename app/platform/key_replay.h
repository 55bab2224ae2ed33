#pragma once
// Key presses that would fall between two frames, replayed so that a frame sees them.

#include <vector>

namespace roofline {

// ImGui 1.86 has no input queue: it reads io.KeysDown once per frame, so a key pressed and
// released between two frames (xdotool, fast typists) is lost, and xdotool's ctrl+shift+e
// releases Shift and Ctrl before E. KeyReplay, fed GLFW's key events, holds such a key (and
// the modifiers it was pressed with) down for the one frame between press() and release().
class KeyReplay {
 public:
  // From the GLFW key callback (GLFW key code, GLFW_PRESS / GLFW_RELEASE, GLFW_MOD_ bits).
  void on_key(int key, int action, int mods);
  // Before frame_tick(): the taps since the last frame as keys held, with their modifiers.
  void press();
  // After frame_tick(): lets them go. True when it changed the keys, so one more frame must
  // run to see them up.
  bool release();

 private:
  struct Tap {
    int key = 0;
    int mods = 0;
  };
  std::vector<Tap> pending_;  // pressed, with modifiers, since the last frame
  std::vector<Tap> taps_;     // pressed and released before a frame could see them
  std::vector<Tap> held_;     // taps_ held down for the current frame
  bool mods_forced_ = false;  // press() set modifiers that release() must recompute
};

}  // namespace roofline
