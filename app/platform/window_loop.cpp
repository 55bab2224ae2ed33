// The window's frame loop: wires GLFW's input callbacks to the frame pacing and the key
// replay, and runs frames until quit. Each concern lives in its own file: gl_window (GL and
// ImGui setup), frame_pacing (when to draw), key_replay (keys between frames), fullscreen
// (presentation mode), timing_report (ROOFLINE_REPORT_TIMING), screenshot (F12, --screenshot).

#include "window_loop.h"

#define GLFW_INCLUDE_NONE  // no GL calls here
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cfloat>
#include <cstdio>
#include <string>

#include "file_chooser.h"
#include "frame_pacing.h"
#include "fullscreen.h"
#include "gl_window.h"
#include "key_replay.h"
#include "roofline/io/json_io.h"
#include "roofline/ui/dump.h"
#include "roofline/ui/frame.h"
#include "screenshot.h"
#include "termination.h"
#include "timing_report.h"

namespace roofline {

namespace {

// Frames rendered before the dot positions are dumped (ImGui's first frame sizes windows).
constexpr uint64_t kGeometryDumpFrame = 3;

struct LoopContext {
  AppState* state = nullptr;
  FramePacer* pacer = nullptr;
  KeyReplay keys;
};

LoopContext* context_of(GLFWwindow* w) {
  return static_cast<LoopContext*>(glfwGetWindowUserPointer(w));
}
void wake(GLFWwindow* w) { context_of(w)->pacer->note_activity(); }

// Installed before ImGui's own callbacks, which chain to these: any input wakes the loop.
void on_mouse_button(GLFWwindow* w, int, int, int) { wake(w); }
void on_cursor_pos(GLFWwindow* w, double, double) { wake(w); }
void on_scroll(GLFWwindow* w, double, double) { wake(w); }
void on_key(GLFWwindow* w, int key, int, int action, int mods) {
  context_of(w)->keys.on_key(key, action, mods);
  wake(w);
}
void on_char(GLFWwindow* w, unsigned int) { wake(w); }
void on_focus(GLFWwindow* w, int) { wake(w); }
void on_enter(GLFWwindow* w, int) { wake(w); }
void on_refresh(GLFWwindow* w) { wake(w); }
void on_size(GLFWwindow* w, int, int) { wake(w); }
// Files dropped on the window: the next frame imports them (or opens a scenario).
void on_drop(GLFWwindow* w, int count, const char** paths) {
  AppState& s = *context_of(w)->state;
  for (int i = 0; i < count; ++i) s.ui.dropped_paths.emplace_back(paths[i]);
  wake(w);
}
void on_content_scale(GLFWwindow* w, float xscale, float) {
  AppState& s = *context_of(w)->state;
  s.ui.content_scale = xscale;
  s.ui.fonts_dirty = true;
  wake(w);
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
  glfwSetDropCallback(w, on_drop);
}

void render(AppState& s, GLFWwindow* window, LoopContext& context, bool scripted) {
  upload_fonts_if_rebuilt(s);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // A scripted frame shows no hover state from wherever the X pointer happens to be.
  if (scripted) ImGui::GetIO().MousePos = {-FLT_MAX, -FLT_MAX};
  context.keys.press();
  frame_tick(s);
  if (context.keys.release()) context.pacer->note_activity();  // one more frame sees keys up
  render_draw_data(window, s);
}

// --dump-geometry: written once, after the first frames (or at the last frame, when the
// window closes sooner), so that a test can find the dots while the window runs.
class GeometryDumpWriter {
 public:
  explicit GeometryDumpWriter(std::string path) : path_(std::move(path)), done_(path_.empty()) {}
  void write(const AppState& s) {
    if (done_) return;
    done_ = true;
    if (std::string error = write_text_file_atomic(path_, geometry_dump_json(s)).error();
        !error.empty()) {
      std::fprintf(stderr, "roofline: --dump-geometry: %s\n", error.c_str());
    }
  }

 private:
  std::string path_;
  bool done_;
};

}  // namespace

int run_window(AppState& s, const AppOptions& options, int width, int height,
               std::chrono::steady_clock::time_point started) {
  using Clock = std::chrono::steady_clock;
  const bool scripted = options.scripted();
  GLFWwindow* window = open_gl_window(width, height, /*vsync=*/!scripted);
  if (window == nullptr) return 1;
  FramePacer pacer(scripted, options.quit_after_s);
  LoopContext context{&s, &pacer, {}};
  glfwSetWindowUserPointer(window, &context);
  install_callbacks(window);
  start_imgui(window, s);
  if (!options.no_portal) install_file_chooser(s, window);

  Fullscreen fullscreen;
  TimingReport timing(started);
  GeometryDumpWriter geometry(options.dump_geometry_path);
  const uint64_t frames_wanted = static_cast<uint64_t>(options.frames.value_or(0));
  int exit_code = 0;
  std::string title;  // as last set: the document's name and a mark when it has changed
  // A termination signal (termination.h) ends the loop as closing the window does.
  set_window_loop_running(true);
  while (!s.ui.quit_requested && !termination_requested()) {
    // The window's close button asks as Quit does ("Save changes?" where there are some); a
    // scripted run just ends.
    if (glfwWindowShouldClose(window)) {
      if (scripted) break;
      glfwSetWindowShouldClose(window, GLFW_FALSE);
      unless_unsaved(s, "quit", [](AppState& a) { a.ui.quit_requested = true; });
      pacer.note_activity();
      if (s.ui.quit_requested) break;
    }
    const double elapsed_s = std::chrono::duration<double>(Clock::now() - started).count();
    if (options.quit_after_s && elapsed_s >= *options.quit_after_s) break;
    if (!pacer.wait_for_frame(s, elapsed_s)) continue;  // woke for the timer only

    render(s, window, context, scripted);
    if (std::string now = window_title(s); now != title) {
      title = std::move(now);
      glfwSetWindowTitle(window, title.c_str());
    }
    // Scripted runs keep their --size: presentation mode there is the layout, not the screen.
    if (!scripted && fullscreen.follow(window, s.classroom.presentation)) pacer.note_activity();
    timing.frame_rendered();
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    if (s.ui.screenshot_in_frames > 0 && --s.ui.screenshot_in_frames == 0) {
      save_user_screenshot(s, fb_w, fb_h);
      pacer.note_activity();  // show the message
    }
    const bool last_scripted = scripted && s.ui.frame >= frames_wanted;
    if (last_scripted && !options.screenshot_path.empty()) {
      if (std::string error = write_back_buffer_png(options.screenshot_path, fb_w, fb_h);
          !error.empty()) {
        std::fprintf(stderr, "roofline: screenshot: %s\n", error.c_str());
        exit_code = 1;
      }
    }
    glfwSwapBuffers(window);
    if (s.ui.frame >= kGeometryDumpFrame || last_scripted) geometry.write(s);
    if (last_scripted) break;
  }

  set_window_loop_running(false);
  geometry.write(s);  // when the window closed before its first frames
  timing.at_exit(s.ui.frame);
  fullscreen.follow(window, false);
  close_gl_window(window, s);
  return exit_code;
}

}  // namespace roofline
