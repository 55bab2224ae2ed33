// roofline in the browser (issue 29): the desktop's AppState, UI, chart and lessons, on
// emscripten's GLFW (a WebGL 2 canvas) and the browser's animation frames. What app/platform
// does with the OS, this does with the page: the window is the canvas and follows the browser
// window; files open through the page's picker or a drop and save as downloads
// (web_file_chooser.h); the loop pauses while nothing changes (no frames, no CPU) and input
// resumes it.

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <GLES3/gl3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "../platform/key_replay.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/plot/theme.h"
#include "roofline/ui/app_state.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/frame.h"
#include "web_file_chooser.h"

namespace {

using namespace roofline;

// Frames drawn after input so ImGui settles (hover states, popups opening), as on the desktop.
constexpr int kFramesAfterActivity = 3;
// While a text field is active its cursor blinks: a frame this often.
constexpr int kTextInputWakeMs = 500;

struct WebApp {
  AppState state;
  GLFWwindow* window = nullptr;
  KeyReplay keys;
  int frames_left = kFramesAfterActivity;
  bool paused = false;
  bool first_frame_reported = false;
  std::string title;
};

WebApp* app = nullptr;

// The page's size for the canvas, in CSS pixels.
EM_JS(int, js_window_width, (), { return window.innerWidth; });
EM_JS(int, js_window_height, (), { return window.innerHeight; });
// The page learns that the first frame is drawn (it hides its loading note) and when the
// document has unsaved changes (it asks before the tab closes).
EM_JS(void, js_first_frame, (), {
  if (Module.onFirstFrame) Module.onFirstFrame();
});
EM_JS(void, js_set_unsaved, (int unsaved), { Module.rooflineUnsaved = unsaved != 0; });
// The canvas as a PNG download, read in the frame that drew it (WebGL keeps no copy after).
EM_JS(void, js_download_canvas, (const char* name), {
  const file = UTF8ToString(name);
  Module.canvas.toBlob((blob) => Module.rooflineDownload(blob, file), 'image/png');
});

void wake() {
  if (app == nullptr) return;
  app->frames_left = kFramesAfterActivity;
  if (app->paused) {
    app->paused = false;
    emscripten_resume_main_loop();
  }
}

void on_mouse_button(GLFWwindow*, int, int, int) { wake(); }
void on_cursor_pos(GLFWwindow*, double, double) { wake(); }
void on_scroll(GLFWwindow*, double, double) { wake(); }
void on_key(GLFWwindow*, int key, int, int action, int mods) {
  app->keys.on_key(key, action, mods);
  wake();
}
void on_char(GLFWwindow*, unsigned int) { wake(); }
void on_focus(GLFWwindow*, int) { wake(); }
void on_enter(GLFWwindow*, int) { wake(); }
void on_size(GLFWwindow*, int, int) { wake(); }
// Files dropped on the page (emscripten's GLFW copies them into /.glfw_dropped_files): the
// next frame opens or imports them, as on the desktop.
void on_drop(GLFWwindow*, int count, const char** paths) {
  for (int i = 0; i < count; ++i) app->state.ui.dropped_paths.emplace_back(paths[i]);
  wake();
}

EM_BOOL on_browser_resize(int, const EmscriptenUiEvent*, void*) {
  glfwSetWindowSize(app->window, js_window_width(), js_window_height());
  wake();
  return EM_FALSE;
}

void resume_after_timeout(void*) { wake(); }

// What the desktop's platform does for the UI's requests that reach the OS.
void answer_platform_requests(AppState& s) {
  if (s.ui.quit_requested) {  // a page cannot close its tab
    s.ui.quit_requested = false;
    set_message(s, "roofline runs in this tab: close the tab to leave it", false);
  }
}

void render_frame(WebApp& a) {
  AppState& s = a.state;
  if (rebuild_fonts_if_needed(s)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // Browsers may repeat a frame's timestamp: ImGui needs time to move forward.
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = std::max(io.DeltaTime, 1e-4f);
  a.keys.press();
  frame_tick(s);
  if (a.keys.release()) a.frames_left = std::max(a.frames_left, 1);
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(a.window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  const Rgba bg = ui_theme(s).background;
  glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (s.ui.screenshot_in_frames > 0 && --s.ui.screenshot_in_frames == 0) {
    js_download_canvas("roofline-screenshot.png");
    set_message(s, "Saved the window as roofline-screenshot.png (a download)", false);
    a.frames_left = std::max(a.frames_left, 1);
  }
}

void frame(void*) {
  WebApp& a = *app;
  AppState& s = a.state;
  // An animation (a lesson step) needs frames with no input.
  if (wants_continuous_frames(s)) a.frames_left = std::max(a.frames_left, 1);
  if (a.frames_left <= 0) {
    // Nothing changes: no frames until input (or a blinking text cursor) resumes the loop.
    a.paused = true;
    emscripten_pause_main_loop();
    if (ImGui::GetIO().WantTextInput || background_work_pending(s))
      emscripten_async_call(resume_after_timeout, nullptr, kTextInputWakeMs);
    return;
  }
  --a.frames_left;
  render_frame(a);
  answer_platform_requests(s);
  if (web::offer_downloads()) a.frames_left = std::max(a.frames_left, 1);
  if (std::string now = window_title(s); now != a.title) {
    a.title = std::move(now);
    emscripten_set_window_title(a.title.c_str());
  }
  js_set_unsaved(document_modified(s) ? 1 : 0);
  if (!a.first_frame_reported && s.ui.frame >= 2) {
    a.first_frame_reported = true;
    js_first_frame();
  }
}

}  // namespace

int main() {
  if (glfwInit() == GLFW_FALSE) {
    std::fprintf(stderr, "roofline: GLFW could not start in this browser\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWwindow* window =
      glfwCreateWindow(js_window_width(), js_window_height(), "roofline", nullptr, nullptr);
  if (window == nullptr) {
    std::fprintf(stderr, "roofline: this browser gives no WebGL 2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(window);

  const PresetLibrary& library = PresetLibrary::builtin();
  app = new WebApp;
  app->state = make_app_state(library, default_scenario_file(library));
  app->window = window;
  app->state.ui.file_chooser = std::make_shared<web::WebFileChooser>();
  app->state.ui.in_browser = true;

  glfwSetMouseButtonCallback(window, on_mouse_button);
  glfwSetCursorPosCallback(window, on_cursor_pos);
  glfwSetScrollCallback(window, on_scroll);
  glfwSetKeyCallback(window, on_key);
  glfwSetCharCallback(window, on_char);
  glfwSetWindowFocusCallback(window, on_focus);
  glfwSetCursorEnterCallback(window, on_enter);
  glfwSetFramebufferSizeCallback(window, on_size);
  glfwSetDropCallback(window, on_drop);
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, nullptr, EM_FALSE,
                                 on_browser_resize);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the layout lives in the app's state, in em
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplGlfw_InitForOpenGL(window, true);  // chains to the callbacks above
  ImGui_ImplOpenGL3_Init("#version 300 es");
  build_fonts(app->state);

  emscripten_set_main_loop_arg(frame, nullptr, 0, true);
  return 0;
}
