#pragma once
// The GLFW window with its OpenGL 3.3 core context, and Dear ImGui on it.

#include "roofline/ui/app_state.h"

struct GLFWwindow;

namespace roofline {

// Opens a width × height window (glfwInit must have succeeded) with an OpenGL 3.3 core
// context, current, its functions loaded. `vsync` false for scripted runs, which should not
// wait for a vertical blank that a virtual display never sends. Nullptr after a message on
// stderr.
GLFWwindow* open_gl_window(int width, int height, bool vsync);

// Dear ImGui on `window`: its context, the GLFW and OpenGL 3 backends (installed after our own
// GLFW callbacks, which they chain to) and the fonts at the window's content scale.
void start_imgui(GLFWwindow* window, AppState& s);

// Draws ImGui's draw data (after frame_tick) over the theme's background.
void render_draw_data(GLFWwindow* window, const AppState& s);

// Uploads the font atlas again when frame_tick's fonts changed (scale, presentation mode).
void upload_fonts_if_rebuilt(AppState& s);

// Remembers the window's size in s.ui (unscaled: GLFW_SCALE_TO_MONITOR scales it again at the
// next start), then shuts ImGui down and destroys the window.
void close_gl_window(GLFWwindow* window, AppState& s);

}  // namespace roofline
