#pragma once
// A headless ImGui context driving the app's real frame_tick(): no window, no GL. Input is
// scripted through ImGuiIO (mouse position, buttons, wheel, keys), one frame at a time.

#include <imgui.h>

#include <string>

#include "roofline/io/preset_library.h"
#include "roofline/ui/app_state.h"
#include "roofline/ui/frame.h"

namespace roofline::test {

class HeadlessUi {
 public:
  // A workload alone comes with the default ChartView.
  explicit HeadlessUi(Scenario doc, ImVec2 display = {1280, 800})
      : HeadlessUi(ScenarioFile{std::move(doc)}, display) {}
  explicit HeadlessUi(ScenarioFile doc, ImVec2 display = {1280, 800})
      : context_(ImGui::CreateContext()),
        state(make_app_state(PresetLibrary::builtin(), std::move(doc))) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = display;
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.DeltaTime = 1.0f / 60.0f;
    // As the GLFW backend maps them: GLFW key codes, which equal ASCII for letters.
    io.KeyMap[ImGuiKey_Z] = 'Z';
    io.KeyMap[ImGuiKey_Y] = 'Y';
    io.KeyMap[ImGuiKey_Escape] = 256;
    io.KeyMap[ImGuiKey_Enter] = 257;
    build_fonts(state);
    build_atlas();
  }
  ~HeadlessUi() { ImGui::DestroyContext(context_); }
  HeadlessUi(const HeadlessUi&) = delete;
  HeadlessUi& operator=(const HeadlessUi&) = delete;

  void frame(int count = 1) {
    for (int i = 0; i < count; ++i) {
      if (rebuild_fonts_if_needed(state)) build_atlas();
      frame_tick(state);
      ImGuiIO& io = ImGui::GetIO();
      io.MouseWheel = 0;
    }
  }

  void move_to(ImVec2 p) {
    ImGui::GetIO().MousePos = p;
    frame();
  }
  void press(int button = 0) {
    ImGui::GetIO().MouseDown[button] = true;
    frame();
  }
  void release(int button = 0) {
    ImGui::GetIO().MouseDown[button] = false;
    frame();
  }
  void click(ImVec2 p, int button = 0) {
    move_to(p);
    press(button);
    release(button);
  }
  void wheel(float notches) {
    ImGui::GetIO().MouseWheel = notches;
    frame();
  }
  // Ctrl (+ Shift) + key for one frame, then released.
  void shortcut(int key, bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    io.KeyShift = shift;
    io.KeysDown[key] = true;
    frame();
    io.KeysDown[key] = false;
    io.KeyCtrl = false;
    io.KeyShift = false;
    frame();
  }

  // A marker's centre in screen (ImGui) pixels; fails the test if it is not drawn.
  ImVec2 marker_screen_pos(const std::string& id) const {
    const Marker* m = state.view.geometry.find_marker(id);
    if (m == nullptr) return {-1, -1};
    return {state.view.canvas_origin.x + static_cast<float>(m->center.x),
            state.view.canvas_origin.y + static_cast<float>(m->center.y)};
  }
  const LegendEntry* legend_entry(const std::string& series_id) const {
    for (const LegendEntry& e : state.view.geometry.legend.entries) {
      if (e.series_id == series_id) return &e;
    }
    return nullptr;
  }

 private:
  void build_atlas() {
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }

  ImGuiContext* context_;

 public:
  AppState state;
};

}  // namespace roofline::test
