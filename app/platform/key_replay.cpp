#include "key_replay.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "roofline/ui/keys.h"

namespace roofline {

// The UI names GLFW's key codes without GLFW (roofline/ui/keys.h); they must stay equal.
static_assert(key::space == GLFW_KEY_SPACE && key::minus == GLFW_KEY_MINUS &&
              key::digit_0 == GLFW_KEY_0 && key::digit_1 == GLFW_KEY_1 &&
              key::digit_9 == GLFW_KEY_9 && key::equal == GLFW_KEY_EQUAL);
static_assert(key::d == GLFW_KEY_D && key::e == GLFW_KEY_E && key::g == GLFW_KEY_G &&
              key::o == GLFW_KEY_O && key::q == GLFW_KEY_Q && key::s == GLFW_KEY_S &&
              key::y == GLFW_KEY_Y && key::z == GLFW_KEY_Z);
static_assert(key::escape == GLFW_KEY_ESCAPE && key::enter == GLFW_KEY_ENTER &&
              key::tab == GLFW_KEY_TAB && key::right == GLFW_KEY_RIGHT &&
              key::left == GLFW_KEY_LEFT && key::down == GLFW_KEY_DOWN && key::up == GLFW_KEY_UP &&
              key::page_up == GLFW_KEY_PAGE_UP && key::page_down == GLFW_KEY_PAGE_DOWN &&
              key::home == GLFW_KEY_HOME && key::f11 == GLFW_KEY_F11 && key::f12 == GLFW_KEY_F12 &&
              key::keypad_subtract == GLFW_KEY_KP_SUBTRACT && key::keypad_add == GLFW_KEY_KP_ADD);

namespace {

// Marks the modifiers in GLFW's `mods` bits as held (never releases one).
void hold_mods(ImGuiIO& io, int mods) {
  io.KeyCtrl |= (mods & GLFW_MOD_CONTROL) != 0;
  io.KeyShift |= (mods & GLFW_MOD_SHIFT) != 0;
  io.KeyAlt |= (mods & GLFW_MOD_ALT) != 0;
}

bool down(const ImGuiIO& io, int left, int right) {
  return io.KeysDown[left] || io.KeysDown[right];
}

}  // namespace

void KeyReplay::on_key(int key, int action, int mods) {
  if (key < 0 || key >= IM_ARRAYSIZE(ImGuiIO::KeysDown)) return;
  if (action == GLFW_PRESS) {
    pending_.push_back({key, mods});
  } else if (action == GLFW_RELEASE) {
    for (auto it = pending_.begin(); it != pending_.end(); ++it) {
      if (it->key == key) {
        taps_.push_back(*it);
        pending_.erase(it);
        break;
      }
    }
  }
}

void KeyReplay::press() {
  held_ = std::move(taps_);
  taps_.clear();
  ImGuiIO& io = ImGui::GetIO();
  // A key pressed since the last frame and still down counts its modifiers as held even when
  // they were let go first.
  for (const Tap& t : pending_) {
    mods_forced_ |= t.mods != 0;
    hold_mods(io, t.mods);
  }
  pending_.clear();
  for (const Tap& t : held_) {
    io.KeysDown[t.key] = true;
    hold_mods(io, t.mods);
  }
  // A tapped modifier counts as held too (its own press does not carry its bit in `mods`).
  io.KeyCtrl |= down(io, GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
  io.KeyShift |= down(io, GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
  io.KeyAlt |= down(io, GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
}

bool KeyReplay::release() {
  if (held_.empty() && !mods_forced_) return false;
  mods_forced_ = false;
  ImGuiIO& io = ImGui::GetIO();
  for (const Tap& t : held_) io.KeysDown[t.key] = false;
  held_.clear();
  io.KeyCtrl = down(io, GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
  io.KeyShift = down(io, GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
  io.KeyAlt = down(io, GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
  return true;
}

}  // namespace roofline
