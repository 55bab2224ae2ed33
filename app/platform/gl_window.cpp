#include "gl_window.h"

// glad first, in a block of its own: it provides the GL declarations GLFW would otherwise include.
#include <glad/gl.h>

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "roofline/plot/theme.h"
#include "roofline/ui/frame.h"

namespace roofline {

GLFWwindow* open_gl_window(int width, int height, bool vsync) {
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
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    std::fprintf(stderr, "roofline: cannot load the OpenGL 3.3 functions\n");
    glfwDestroyWindow(window);
    return nullptr;
  }
  glfwSwapInterval(vsync ? 1 : 0);
  return window;
}

void start_imgui(GLFWwindow* window, AppState& s) {
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
}

void upload_fonts_if_rebuilt(AppState& s) {
  if (rebuild_fonts_if_needed(s)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

void render_draw_data(GLFWwindow* window, const AppState& s) {
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  const Rgba bg = ui_theme(s).background;
  glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void close_gl_window(GLFWwindow* window, AppState& s) {
  int win_w = 0, win_h = 0;
  glfwGetWindowSize(window, &win_w, &win_h);
  const float scale = s.ui.content_scale > 0 ? s.ui.content_scale : 1.0f;
  s.ui.window_width = static_cast<int>(std::lround(static_cast<float>(win_w) / scale));
  s.ui.window_height = static_cast<int>(std::lround(static_cast<float>(win_h) / scale));
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
}

}  // namespace roofline
