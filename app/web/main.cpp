// roofline in the browser (issue 29): the desktop's AppState, UI, chart and lessons, on
// emscripten's GLFW (a WebGL 2 canvas) and the browser's animation frames. What app/platform
// does with the OS, this does with the page: the window is the canvas and follows the browser
// window; files open through the page's picker or a drop and save as downloads
// (web_file_chooser.h); the loop pauses while nothing changes (no frames, no CPU) and input
// resumes it.

#define GLFW_INCLUDE_NONE
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../platform/key_replay.h"
#include "roofline/analysis.h"
#include "roofline/io/json_io.h"
#include "roofline/io/lesson_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/persist/scenario_link.h"
#include "roofline/persist/settings_file.h"
#include "roofline/plot/theme.h"
#include "roofline/ui/app_state.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/dump.h"
#include "roofline/ui/frame.h"
#include "roofline/ui/session.h"
#include "web_file_chooser.h"

namespace {

using namespace roofline;

// Frames drawn after input so ImGui settles (hover states, popups opening), as on the desktop.
constexpr int kFramesAfterActivity = 3;
constexpr size_t kMaxTimedFrames = 100000;
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
  std::string fragment;  // the address's part after '#' as last written (scenario_link.h)
  // The document and lesson step the address was last worked out for.
  bool located = false;
  Scenario located_doc;
  std::string located_lesson;
  size_t located_step = SIZE_MAX;
  // The settings folder (kept in the browser's IndexedDB: pre.js) and its settings as read.
  std::string settings_dir;
  Settings settings;
  double saved_at_ms = 0;           // when the session was last saved
  bool changed_since_save = false;  // frames drawn (input, a change) since then
  // The main thread's time per frame drawn, for tests: the UI and chart (frame_tick), and the
  // whole frame with its WebGL calls.
  std::vector<double> tick_ms, frame_ms;
};

WebApp* app = nullptr;

// The canvas in device pixels: the page's size in CSS pixels times the device pixel ratio (2 on
// most laptops' screens, and it changes with the browser's zoom), so text is as sharp as the
// screen; the page's style keeps its CSS size the window's. The app's content scale is that ratio
// (the desktop's is the monitor's), so the layout, in em, stays the same size to the eye.
// The EM_JS bodies are JavaScript, which clang-format would break ("=>" into "= >"): each is
// fenced off from it.
// clang-format off
EM_JS(double, js_pixel_ratio, (), { return window.devicePixelRatio || 1; });
// clang-format on
// clang-format off
EM_JS(int, js_canvas_width, (),
      { return Math.round(window.innerWidth * (window.devicePixelRatio || 1)); });
// clang-format on
// clang-format off
EM_JS(int, js_canvas_height, (),
      { return Math.round(window.innerHeight * (window.devicePixelRatio || 1)); });
// clang-format on
// The page learns that the first frame is drawn (it hides its loading note) and when the
// document has unsaved changes (it asks before the tab closes).
// clang-format off
EM_JS(void, js_first_frame, (), {
  if (Module.onFirstFrame) Module.onFirstFrame();
});
// clang-format on
// clang-format off
EM_JS(void, js_set_unsaved, (int unsaved), { Module.rooflineUnsaved = unsaved != 0; });
// clang-format on
// The canvas as a PNG download, read in the frame that drew it (WebGL keeps no copy after).
// clang-format off
EM_JS(void, js_download_canvas, (const char* name), {
  const file = UTF8ToString(name);
  Module.canvas.toBlob((blob) => Module.rooflineDownload(blob, file), 'image/png');
});
// clang-format on

// The page's address after '#' (the scenario and lesson step), read and replaced in place (no
// history entry per change; the page's hashchange listener opens a link typed or followed).
// clang-format off
EM_JS(char*, js_location_hash, (), { return allocateUTF8(location.hash.slice(1)); });
// clang-format on
// Browsers limit how often a page may replace its address (Safari: 100 times in 30 s; past it
// Firefox and Safari throw, Chrome ignores the call): at most one replacement a second, the
// last one written by a timer, so the address always ends up right without frames.
// clang-format off
EM_JS(void, js_replace_hash, (const char* fragment), {
  Module.rooflineHash = UTF8ToString(fragment);
  const write = () => {
    Module.rooflineHashTimer = 0;
    Module.rooflineHashAt = Date.now();
    const text = Module.rooflineHash;
    try {
      history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
    } catch (error) {
      console.warn("roofline: the address could not follow the scenario: " + error);
    }
  };
  if (Module.rooflineHashTimer) return;
  const wait = (Module.rooflineHashAt || 0) + 1000 - Date.now();
  if (wait <= 0) write(); else Module.rooflineHashTimer = setTimeout(write, wait);
});
// clang-format on
// The page's own clipboard for ImGui (emscripten's GLFW keeps it inside the page): what the app
// copies goes to the system clipboard too (Copy operator table, a text field's Ctrl+C).
// clang-format off
EM_JS(void, js_copy_text, (const char* text), {
  const value = UTF8ToString(text);
  if (navigator.clipboard) {
    navigator.clipboard.writeText(value).catch((error) => {
      console.warn("roofline: the browser did not let the page copy: " + error);
    });
    // clang-format on
  }
});
// The address to the clipboard; the outcome comes back through roofline_link_copied().
// clang-format off
EM_JS(void, js_copy_link, (), {
  const done = (ok) => Module.ccall("roofline_link_copied", null, ["number"], [ok ? 1 : 0]);
  if (!navigator.clipboard) { done(false); return; }
  navigator.clipboard.writeText(location.href).then(() => done(true), () => done(false));
});
// clang-format on

// The settings folder to the browser's storage (IndexedDB), in the background.
// clang-format off
EM_JS(void, js_store_settings, (), { Module.rooflineStoreSettings(Module.rooflineClosing); });
// clang-format on

std::string clipboard_text;  // what the app copied last (pasting reads it back)

void set_clipboard(void*, const char* text) {
  clipboard_text = text != nullptr ? text : "";
  js_copy_text(clipboard_text.c_str());
}
const char* get_clipboard(void*) { return clipboard_text.c_str(); }

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
  for (int i = 0; i < count; ++i) {
    web::note_uploaded(paths[i]);
    app->state.ui.dropped_paths.emplace_back(paths[i]);
  }
  wake();
}

void follow_pixel_ratio(AppState& s) {
  const auto ratio = static_cast<float>(js_pixel_ratio());
  if (ratio == s.ui.content_scale) return;
  s.ui.content_scale = ratio;
  s.ui.fonts_dirty = true;
}

EM_BOOL on_browser_resize(int, const EmscriptenUiEvent*, void*) {
  glfwSetWindowSize(app->window, js_canvas_width(), js_canvas_height());
  follow_pixel_ratio(app->state);
  wake();
  return EM_FALSE;
}

void resume_after_timeout(void*) { wake(); }

std::string read_location_hash() {
  char* text = js_location_hash();
  std::string out = text != nullptr ? text : "";
  std::free(text);
  return out;
}

// Opens the scenario and lesson step a link holds over the document (the default scenario, or
// at a hashchange what is open, after "Save changes?"); a bad link says why and changes nothing.
void open_link(AppState& s, std::string_view fragment) {
  auto link = parse_scenario_link(fragment);
  if (!link) {
    set_message(s, link.error(), true);
    return;
  }
  const PresetLibrary& library = *s.library;
  // Without a lesson the knobs are changes from the defaults; in a lesson, from the step.
  auto doc = apply_changes(library.default_scenario(),
                           link->lesson.empty() ? link->changes : std::vector<ScenarioChange>{},
                           preset_resolver(library), "link");
  if (!doc) {
    set_message(s, doc.error(), true);
    return;
  }
  // The page's look stays; the document reads as changed where it differs from the default
  // (it is saved nowhere yet).
  ScenarioFile fresh = default_scenario_file(library);
  fresh.view.theme = s.chart.theme;
  if (link->lesson.empty()) {
    if (s.classroom.run) stop_lesson(s);
    ScenarioFile file = fresh;
    file.scenario = std::move(doc).value();
    replace_document(s, std::move(file));
    mark_saved_as(s, fresh);
    return;
  }
  auto lesson = find_lesson(link->lesson, library);
  if (!lesson) {
    set_message(s, "link: lesson: " + lesson.error(), true);
    return;
  }
  const size_t steps = lesson->steps.size();
  if (link->step > steps) {
    set_message(s,
                "link: step: lesson '" + lesson->id + "' has steps 1 to " + std::to_string(steps) +
                    ", got " + std::to_string(link->step),
                true);
    return;
  }
  start_lesson(s, std::move(lesson).value(), false);
  go_to_step(s, link->step - 1, false);
  // What the learner had changed at that step, on top of it.
  if (!link->changes.empty()) {
    auto changed = apply_changes(s.doc, link->changes, preset_resolver(library), "link");
    if (!changed) {
      set_message(s, changed.error(), true);
      return;
    }
    s.doc = std::move(changed).value();
  }
}

// The settings and the document into the settings folder, and that to the browser's storage:
// a reload (or the next visit without a link) finds the session as it was.
void save_session(WebApp& a) {
  a.saved_at_ms = emscripten_get_now();
  a.changed_since_save = false;
  if (a.settings_dir.empty()) return;
  if (std::string warning = remember_session(a.state, a.settings, a.settings_dir);
      !warning.empty()) {
    std::fprintf(stderr, "roofline: %s\n", warning.c_str());
    return;
  }
  js_store_settings();
}

// While the page is in use, the session is saved every few seconds (the theme, the scale, the
// splitters and the export options change no address); closing the page saves it too.
constexpr double kSessionSaveMs = 3000;
void save_session_now_and_then(WebApp& a) {
  if (a.changed_since_save && emscripten_get_now() - a.saved_at_ms >= kSessionSaveMs)
    save_session(a);
}

// The address follows the document (not while a drag or a step's animation moves it: browsers
// limit how often a page may replace its address); the session is saved with it.
void update_location(WebApp& a) {
  const AppState& s = a.state;
  if (lesson_animating(s) || ImGui::IsAnyMouseDown()) return;
  const auto& run = s.classroom.run;
  // Only when the document or the lesson step has changed: the step's scenario is worked out
  // from the lesson's changes, too much to do at every frame.
  const std::string lesson = run ? run->lesson.id : std::string();
  const size_t step_index = run ? run->step : SIZE_MAX;
  if (a.located && s.doc == a.located_doc && lesson == a.located_lesson &&
      step_index == a.located_step)
    return;
  a.located = true;
  a.located_doc = s.doc;
  a.located_lesson = lesson;
  a.located_step = step_index;
  std::string now = scenario_link_fragment(s.doc);
  if (run) {
    // The step as a link reopens it (not revealed): a reveal's changes are in the knobs.
    auto step = lesson_step_scenario(s, run->step, false);
    now = step ? scenario_link_fragment(s.doc, run->lesson.id, run->step + 1, *step)
               : scenario_link_fragment(s.doc, run->lesson.id, run->step + 1);
  }
  if (now == a.fragment) return;
  a.fragment = std::move(now);
  js_replace_hash(a.fragment.c_str());
  save_session(a);
}

// What the desktop's platform does for the UI's requests that reach the OS.
void answer_platform_requests(AppState& s) {
  if (s.ui.copy_link_requested) {
    s.ui.copy_link_requested = false;
    js_copy_link();
  }
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
  const double tick_start_ms = emscripten_get_now();
  frame_tick(s);
  if (a.tick_ms.size() < kMaxTimedFrames) a.tick_ms.push_back(emscripten_get_now() - tick_start_ms);
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
  const double start_ms = emscripten_get_now();
  render_frame(a);
  if (a.frame_ms.size() < kMaxTimedFrames) a.frame_ms.push_back(emscripten_get_now() - start_ms);
  a.changed_since_save = true;
  answer_platform_requests(s);
  if (web::offer_downloads(a.settings_dir)) a.frames_left = std::max(a.frames_left, 1);
  update_location(a);
  save_session_now_and_then(a);
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

// For scripts and tests driving the page (Module.roofline in pre.js), as the desktop's
// --dump-geometry and --dump-state: the chart's dots and windows, the document, the status line,
// and a file opened as if dropped on the page. Each text lives until the next call.
extern "C" {

EMSCRIPTEN_KEEPALIVE const char* roofline_geometry_json() {
  static std::string text;
  text = app != nullptr ? geometry_dump_json(app->state) : "{}";
  return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* roofline_state_json() {
  static std::string text;
  text = app != nullptr ? state_dump_json(app->state) : "{}";
  return text.c_str();
}

// The built-in scenarios' ids, one per line, and the analysis of one as roofline-cli analyze
// --scenario ID --format json writes it (the test of the same numbers), or "" for an unknown id.
EMSCRIPTEN_KEEPALIVE const char* roofline_scenario_ids() {
  static std::string text;
  text.clear();
  for (const PresetEntry& e : PresetLibrary::builtin().scenarios()) text += e.id + "\n";
  return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* roofline_analysis_json(const char* id) {
  static std::string text;
  auto file = preset_scenario(PresetLibrary::builtin(), id != nullptr ? id : "");
  text = file ? analysis_to_json(file->scenario, analyze(file->scenario)) : std::string();
  return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* roofline_message() {
  return app != nullptr ? app->state.ui.message.c_str() : "";
}

EMSCRIPTEN_KEEPALIVE int roofline_message_is_error() {
  return app != nullptr && app->state.ui.message_is_error ? 1 : 0;
}

// Frames drawn since the page opened.
EMSCRIPTEN_KEEPALIVE double roofline_frames() {
  return app != nullptr ? static_cast<double>(app->state.ui.frame) : 0;
}

// The median of the main thread's time per frame, in ms, over the frames drawn since the `skip`
// first (which build the fonts): of frame_tick (the UI and the chart: `whole` 0) or of the whole
// frame with its WebGL calls (1).
EMSCRIPTEN_KEEPALIVE double roofline_frame_ms(int skip, int whole) {
  if (app == nullptr) return 0;
  const std::vector<double>& all = whole != 0 ? app->frame_ms : app->tick_ms;
  if (all.size() <= static_cast<size_t>(skip)) return 0;
  std::vector<double> ms(all.begin() + skip, all.end());
  std::nth_element(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(ms.size() / 2), ms.end());
  return ms[ms.size() / 2];
}

EMSCRIPTEN_KEEPALIVE const char* roofline_title() {
  return app != nullptr ? app->title.c_str() : "";
}

// The page's hashchange: a link typed into the address bar or followed, opened as the document
// (after "Save changes?").
EMSCRIPTEN_KEEPALIVE void roofline_open_link() {
  if (app == nullptr) return;
  const std::string fragment = read_location_hash();
  if (fragment == app->fragment) return;  // the address this page wrote
  app->fragment = fragment;
  app->located = false;               // worked out again after it opens (or fails to)
  js_replace_hash(fragment.c_str());  // a replacement still waiting would undo the link
  unless_unsaved(app->state, "open the link", [fragment](AppState& s) { open_link(s, fragment); });
  wake();
}

// The page is hidden or closing (pagehide, visibilitychange): the session as it is now.
EMSCRIPTEN_KEEPALIVE void roofline_save_session() {
  if (app != nullptr) save_session(*app);
}

EMSCRIPTEN_KEEPALIVE void roofline_link_copied(int ok) {
  if (app == nullptr) return;
  const bool lesson = app->state.classroom.run.has_value();
  // A GPU, model or calibration opened from a file is named by its path in this page only.
  std::string files;
  for (const ChangeKey key :
       {ChangeKey::gpu, ChangeKey::model, ChangeKey::compare_gpu, ChangeKey::calibration}) {
    const ChangeValue v = knob(key).get(app->state.doc);
    if (const auto* ref = std::get_if<std::string>(&v); ref && ref->find('/') != std::string::npos)
      files += (files.empty() ? "" : ", ") + std::filesystem::path(*ref).filename().string();
  }
  if (ok != 0 && !files.empty()) {
    set_message(app->state,
                "Copied the link, but it names files opened in this page (" + files +
                    "): whoever opens it needs them too, and will be told which are missing",
                true);
    wake();
    return;
  }
  set_message(app->state,
              ok != 0 ? std::string("Copied the link: whoever opens it sees this scenario") +
                            (lesson ? " at this lesson step" : "")
                      : std::string("The browser did not let the page copy its address: copy it "
                                    "from the address bar"),
              ok == 0);
  wake();
}

EMSCRIPTEN_KEEPALIVE void roofline_open(const char* path) {
  if (app == nullptr || path == nullptr) return;
  web::note_uploaded(path);
  app->state.ui.dropped_paths.emplace_back(path);
  wake();
}

}  // extern "C"

int main() {
  // Emscripten's process starts with a umask of 0777, so every file the app wrote (the settings,
  // a saved scenario) would have no permissions and could not be read back: a login's usual 022.
  ::umask(022);
  // The working folder is the downloads folder: a figure or table exported next to an untitled
  // document (the export dialog's folder, Quick export) is written there, so it is downloaded.
  std::error_code ec;
  std::filesystem::create_directories(web::kDownloadDir, ec);
  std::filesystem::current_path(web::kDownloadDir, ec);
  if (glfwInit() == GLFW_FALSE) {
    std::fprintf(stderr, "roofline: GLFW could not start in this browser\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWwindow* window =
      glfwCreateWindow(js_canvas_width(), js_canvas_height(), "roofline", nullptr, nullptr);
  if (window == nullptr) {
    std::fprintf(stderr, "roofline: this browser gives no WebGL 2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(window);

  const PresetLibrary& library = PresetLibrary::builtin();
  app = new WebApp;
  app->window = window;
  // The settings and the last session, from the browser's storage (pre.js read them in before
  // main). The page's address holds the document (update_location), so a reload comes back
  // with a link to the session's own scenario: that restores the session (its look, its changed
  // mark); another link opens over the defaults, and a session with changes is kept aside first.
  app->settings_dir = settings_dir();
  std::string settings_warning;
  app->settings = load_settings(app->settings_dir, &settings_warning);
  ScenarioFile doc = default_scenario_file(library);
  doc.view.theme = app->settings.theme;
  const ScenarioFile fresh = doc;
  const std::string fragment = read_location_hash();
  std::optional<ScenarioFile> session;
  std::string session_problem;
  if (const std::string last = last_scenario_path(app->settings_dir);
      !last.empty() && std::filesystem::exists(last)) {
    if (auto loaded = load_scenario_file(last, library)) {
      session = std::move(loaded).value();
    } else {
      session_problem = "The last session could not be restored (" + loaded.error() + ")";
    }
  }
  bool restore = session && fragment.empty();
  if (session && !fragment.empty()) {
    auto link = parse_scenario_link(fragment);
    auto linked = link && link->lesson.empty()
                      ? apply_changes(library.default_scenario(), link->changes,
                                      preset_resolver(library), "link")
                      : Result<Scenario>::fail("");
    restore = linked && *linked == session->scenario;
  }
  if (restore) doc = std::move(*session);
  app->state = make_app_state(library, std::move(doc));
  apply_settings(app->state, app->settings);
  // Files opened in an earlier visit are gone with its page: they leave the recent list.
  std::erase_if(app->state.ui.recent_files,
                [](const std::string& path) { return !std::filesystem::exists(path); });
  // A restored session is compared with the default (nothing is saved in the page itself).
  if (restore) mark_saved_as(app->state, fresh);
  if (!settings_warning.empty())
    set_message(app->state, "Settings: " + settings_warning + "; using defaults", true);
  if (!session_problem.empty()) set_message(app->state, session_problem, true);
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
  io.SetClipboardTextFn = set_clipboard;       // after the backend, which sets GLFW's (page-only)
  io.GetClipboardTextFn = get_clipboard;
  ImGui_ImplOpenGL3_Init("#version 300 es");
  follow_pixel_ratio(app->state);
  build_fonts(app->state);
  // A link's scenario and lesson step (#gpu=h200&batch=64, #lesson=batching&step=3).
  if (!fragment.empty()) {
    if (!restore) open_link(app->state, fragment);
    app->fragment = fragment;
  }
  // A session with changes that a link replaced is kept aside first (the page's saved files do
  // not outlive it, so the session is compared with the default).
  if (session && !restore && session->scenario != app->state.doc) {
    Settings page_only = app->settings;
    page_only.scenario_path.clear();
    if (const std::string kept = keep_unsaved_session(page_only, app->settings_dir);
        !kept.empty()) {
      AppState& s = app->state;
      s.ui.recent_files = with_recent_file(s.ui.recent_files, kept);
      const std::string note = "kept as unsaved-session.roofline.json (File → Open recent)";
      if (s.ui.message_is_error && !s.ui.message.empty()) {  // the link's error stays first
        set_message(s, s.ui.message + "; your last session here had changes: " + note, true);
      } else {
        set_message(s, "Your last session here had changes: " + note, false);
      }
    }
  }
  // The settings folder's files are the page's own, not downloads, until the app writes one
  // again (Save on a kept session).
  std::error_code listing;
  for (const auto& entry : std::filesystem::directory_iterator(app->settings_dir, listing))
    web::note_uploaded(entry.path().string());

  emscripten_set_main_loop_arg(frame, nullptr, 0, true);
  return 0;
}
