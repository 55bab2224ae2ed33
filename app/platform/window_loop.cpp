// Event-driven frame loop (Tracy's habit): sleep in glfwWaitEvents until input arrives, then
// render a few frames so ImGui settles (hover states, popups opening), then sleep again. An
// idle window costs no CPU. Scripted runs (--frames) render back to back and exit.

#include "window_loop.h"

// glad first, in a block of its own: it provides the GL declarations GLFW would otherwise include.
#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "roofline/io/json_io.h"
#include "roofline/plot/theme.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/dump.h"
#include "roofline/ui/frame.h"
#include "roofline/units.h"
#include "screenshot.h"

namespace roofline {

namespace {

constexpr int kFramesAfterActivity = 3;
// While a text field is active ImGui blinks its cursor: wake this often to redraw it.
constexpr double kTextInputWakeS = 0.5;
// While a figure is written off the UI thread, look for its outcome this often.
constexpr double kBackgroundWorkWakeS = 0.05;
// Frames rendered before the dot positions are dumped (ImGui's first frame sizes windows).
constexpr uint64_t kGeometryDumpFrame = 3;

// A key pressed and released between two frames (xdotool, fast typists): ImGui 1.86 has no
// input queue and reads io.KeysDown once per frame, so without help the press is lost.
struct KeyTap {
  int key = 0;
  int mods = 0;
};

struct LoopContext {
  AppState* state = nullptr;
  bool activity = true;
  std::vector<KeyTap> pending;  // pressed, with modifiers, since the last frame
  std::vector<KeyTap> taps;     // pressed and released before a frame could see them
  bool mods_forced = false;     // press_taps() set modifiers that release_taps() must recompute
  bool fullscreen = false;      // presentation mode took the monitor
  int windowed_x = 0, windowed_y = 0, windowed_w = 0, windowed_h = 0;  // to restore
};

LoopContext* context_of(GLFWwindow* w) {
  return static_cast<LoopContext*>(glfwGetWindowUserPointer(w));
}

// Installed before ImGui's own callbacks, which chain to these: any input wakes the loop.
void on_mouse_button(GLFWwindow* w, int, int, int) { context_of(w)->activity = true; }
void on_cursor_pos(GLFWwindow* w, double, double) { context_of(w)->activity = true; }
void on_scroll(GLFWwindow* w, double, double) { context_of(w)->activity = true; }
void on_key(GLFWwindow* w, int key, int, int action, int mods) {
  LoopContext* c = context_of(w);
  c->activity = true;
  if (key < 0 || key >= 512) return;
  if (action == GLFW_PRESS) {
    c->pending.push_back({key, mods});
  } else if (action == GLFW_RELEASE) {
    for (auto it = c->pending.begin(); it != c->pending.end(); ++it) {
      if (it->key == key) {
        c->taps.push_back(*it);
        c->pending.erase(it);
        break;
      }
    }
  }
}

// Marks the modifiers in GLFW's `mods` bits as held (never releases one).
void hold_mods(ImGuiIO& io, int mods) {
  io.KeyCtrl |= (mods & GLFW_MOD_CONTROL) != 0;
  io.KeyShift |= (mods & GLFW_MOD_SHIFT) != 0;
  io.KeyAlt |= (mods & GLFW_MOD_ALT) != 0;
}

// Replays taps as keys held for this one frame; returns them for release_taps().
std::vector<KeyTap> press_taps(LoopContext& c) {
  std::vector<KeyTap> taps = std::move(c.taps);
  c.taps.clear();
  ImGuiIO& io = ImGui::GetIO();
  // A key pressed since the last frame and still down counts its modifiers as held even when
  // they were let go first (xdotool's ctrl+shift+e releases Shift and Ctrl before E).
  for (const KeyTap& t : c.pending) {
    c.mods_forced |= t.mods != 0;
    hold_mods(io, t.mods);
  }
  c.pending.clear();
  for (const KeyTap& t : taps) {
    io.KeysDown[t.key] = true;
    hold_mods(io, t.mods);
  }
  // A tapped modifier counts as held too (its own press does not carry its bit in `mods`).
  io.KeyCtrl |= io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift |= io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt |= io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
  return taps;
}

void release_taps(LoopContext& c, const std::vector<KeyTap>& taps) {
  if (taps.empty() && !c.mods_forced) return;
  c.mods_forced = false;
  ImGuiIO& io = ImGui::GetIO();
  for (const KeyTap& t : taps) io.KeysDown[t.key] = false;
  io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
  c.activity = true;  // one more frame sees the keys up
}
void on_char(GLFWwindow* w, unsigned int) { context_of(w)->activity = true; }
void on_focus(GLFWwindow* w, int) { context_of(w)->activity = true; }
void on_enter(GLFWwindow* w, int) { context_of(w)->activity = true; }
void on_refresh(GLFWwindow* w) { context_of(w)->activity = true; }
void on_size(GLFWwindow* w, int, int) { context_of(w)->activity = true; }
void on_content_scale(GLFWwindow* w, float xscale, float) {
  LoopContext* c = context_of(w);
  c->state->ui.content_scale = xscale;
  c->state->ui.fonts_dirty = true;
  c->activity = true;
}

void install_callbacks(GLFWwindow* w) {
  glfwSetMouseButtonCallback(w, on_mouse_button);
  glfwSetCursorPosCallback(w, on_cursor_pos);
  glfwSetScrollCallback(w, on_scroll);
  glfwSetKeyCallback(w, on_key);
  glfwSetCharCallback(w, on_char);
  glfwSetWindowFocusCallback(w, on_focus);
  glfwSetCursorEnterCallback(w, on_enter);
  glfwSetWindowRefreshCallback(w, on_refresh);
  glfwSetFramebufferSizeCallback(w, on_size);
  glfwSetWindowContentScaleCallback(w, on_content_scale);
}

void write_or_warn(const std::string& path, const std::string& content, const char* what) {
  if (path.empty()) return;
  if (std::string error = write_text_file_atomic(path, content); !error.empty()) {
    std::fprintf(stderr, "roofline: %s: %s\n", what, error.c_str());
  }
}

void render(AppState& s, GLFWwindow* window, LoopContext& context, bool scripted) {
  if (rebuild_fonts_if_needed(s)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // A scripted frame shows no hover state from wherever the X pointer happens to be.
  if (scripted) ImGui::GetIO().MousePos = {-FLT_MAX, -FLT_MAX};
  const std::vector<KeyTap> taps = press_taps(context);
  frame_tick(s);
  release_taps(context, taps);
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  const Rgba bg = theme_by_name(to_string(s.chart.theme)).background;
  glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// F12 / File > Save window screenshot: the next free roofline-screenshot-N.png in the working
// directory, reported with its absolute path.
void save_user_screenshot(AppState& s, GLFWwindow* window) {
  std::error_code ec;
  std::filesystem::path folder = std::filesystem::current_path(ec);
  if (ec) folder = ".";
  std::string path;
  for (int n = 1; n < 10000; ++n) {
    path = (folder / ("roofline-screenshot-" + std::to_string(n) + ".png")).string();
    if (!std::filesystem::exists(path, ec)) break;
  }
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(window, &fb_w, &fb_h);
  if (std::string error = write_back_buffer_png(path, fb_w, fb_h); !error.empty()) {
    set_message(s, error, true);
  } else {
    std::error_code size_ec;
    const auto bytes = std::filesystem::file_size(path, size_ec);
    set_message(s,
                "Saved the window to " + path +
                    (size_ec ? std::string()
                             : " (" + std::to_string(fb_w) + " × " + std::to_string(fb_h) +
                                   " px, " + format_si(static_cast<double>(bytes), "B") + ")"),
                false);
  }
}

// The monitor holding most of the window: where presentation mode goes full screen (the
// projector, when the window was dragged there).
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

// Presentation mode fills the monitor (at its current video mode, so nothing flickers);
// leaving it puts the window back where it was.
void follow_presentation(GLFWwindow* window, LoopContext& c, bool presenting) {
  if (presenting == c.fullscreen) return;
  if (presenting) {
    GLFWmonitor* monitor = monitor_of(window);
    const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
    if (mode == nullptr) return;
    glfwGetWindowPos(window, &c.windowed_x, &c.windowed_y);
    glfwGetWindowSize(window, &c.windowed_w, &c.windowed_h);
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window, nullptr, c.windowed_x, c.windowed_y, c.windowed_w, c.windowed_h,
                         0);
  }
  c.fullscreen = presenting;
  c.activity = true;
}

}  // namespace

int run_window(AppState& s, const AppOptions& options, int width, int height,
               std::chrono::steady_clock::time_point started) {
  using Clock = std::chrono::steady_clock;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(width, height, "roofline", nullptr, nullptr);
  if (window == nullptr) {
    std::fprintf(stderr,
                 "roofline: cannot create an OpenGL 3.3 core window (see the GLFW error "
                 "above)\n");
    return 1;
  }
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    std::fprintf(stderr, "roofline: cannot load the OpenGL 3.3 functions\n");
    glfwDestroyWindow(window);
    return 1;
  }
  // Scripted frames should not wait for a vertical blank that a virtual display never sends.
  glfwSwapInterval(options.scripted() ? 0 : 1);

  LoopContext context;
  context.state = &s;
  glfwSetWindowUserPointer(window, &context);
  install_callbacks(window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout lives in our settings, in em
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  float xscale = 1, yscale = 1;
  glfwGetWindowContentScale(window, &xscale, &yscale);
  s.ui.content_scale = xscale;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  build_fonts(s);

  const bool scripted = options.scripted();
  const int frames_wanted = options.frames.value_or(0);
  int frames_left = kFramesAfterActivity;
  int exit_code = 0;
  bool first_frame_reported = false;
  while (!glfwWindowShouldClose(window) && !s.ui.quit_requested) {
    const double elapsed_s = std::chrono::duration<double>(Clock::now() - started).count();
    if (options.quit_after_s && elapsed_s >= *options.quit_after_s) break;
    // An animation (a lesson step) needs frames with no input to wake the loop.
    if (wants_continuous_frames(s)) frames_left = std::max(frames_left, 1);
    if (scripted || frames_left > 0) {
      glfwPollEvents();
    } else if (background_work_pending(s)) {
      glfwWaitEventsTimeout(kBackgroundWorkWakeS);
      context.activity = true;
    } else if (io.WantTextInput) {
      glfwWaitEventsTimeout(kTextInputWakeS);
      context.activity = true;
    } else if (options.quit_after_s) {
      glfwWaitEventsTimeout(std::max(0.01, *options.quit_after_s - elapsed_s));
    } else {
      glfwWaitEvents();
    }
    if (context.activity) {
      frames_left = kFramesAfterActivity;
      context.activity = false;
    }
    if (!scripted && frames_left <= 0) continue;  // woke for the timer only
    --frames_left;

    render(s, window, context, scripted);
    // Scripted runs keep their --size: presentation mode there is the layout, not the screen.
    if (!scripted) follow_presentation(window, context, s.classroom.presentation);
    if (!first_frame_reported && std::getenv("ROOFLINE_REPORT_TIMING") != nullptr) {
      glFinish();  // the frame is drawn, not just queued
      const double unix_s =
          std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
              .count();
      std::fprintf(stderr, "roofline: first frame %.1f ms after main(), at unix time %.9f (%s)\n",
                   std::chrono::duration<double, std::milli>(Clock::now() - started).count(),
                   unix_s, reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
      first_frame_reported = true;
    }
    if (s.ui.screenshot_in_frames > 0 && --s.ui.screenshot_in_frames == 0) {
      save_user_screenshot(s, window);
      context.activity = true;  // show the message
    }
    const bool last_scripted = scripted && static_cast<int>(s.ui.frame) >= frames_wanted;
    if (last_scripted && !options.screenshot_path.empty()) {
      int fb_w = 0, fb_h = 0;
      glfwGetFramebufferSize(window, &fb_w, &fb_h);
      if (std::string error = write_back_buffer_png(options.screenshot_path, fb_w, fb_h);
          !error.empty()) {
        std::fprintf(stderr, "roofline: screenshot: %s\n", error.c_str());
        exit_code = 1;
      }
    }
    glfwSwapBuffers(window);
    if (s.ui.frame == kGeometryDumpFrame || (last_scripted && s.ui.frame < kGeometryDumpFrame)) {
      write_or_warn(options.dump_geometry_path, geometry_dump_json(s), "--dump-geometry");
    }
    if (last_scripted) break;
  }

  if (!options.dump_geometry_path.empty()) {
    write_or_warn(options.dump_geometry_path, geometry_dump_json(s), "--dump-geometry");
  }
  if (std::getenv("ROOFLINE_REPORT_TIMING") != nullptr) {
    std::fprintf(stderr, "roofline: %llu frames rendered\n",
                 static_cast<unsigned long long>(s.ui.frame));
  }
  follow_presentation(window, context, false);
  // Remembered unscaled: GLFW_SCALE_TO_MONITOR scales the size again at the next start.
  int win_w = 0, win_h = 0;
  glfwGetWindowSize(window, &win_w, &win_h);
  const float scale = s.ui.content_scale > 0 ? s.ui.content_scale : 1.0f;
  s.ui.window_width = static_cast<int>(std::lround(static_cast<float>(win_w) / scale));
  s.ui.window_height = static_cast<int>(std::lround(static_cast<float>(win_h) / scale));

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  return exit_code;
}

}  // namespace roofline
