#include "file_chooser.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

// GLFW's X11 accessor (glfw3native.h), declared here because that header pulls in the Xrandr
// development headers; Xlib's Window is an unsigned long. It returns 0 off X11.
extern "C" unsigned long glfwGetX11Window(GLFWwindow* window);

#include <cstdio>
#include <memory>

#include "roofline/desktop/file_chooser_portal.h"
#include "roofline/ui/app_state.h"

namespace roofline {

void install_file_chooser(AppState& s, GLFWwindow* window) {
  auto portal = std::make_shared<desktop::FileChooserPortal>();
  if (!portal->connected()) return;  // no session bus: the in-app dialog, as before
  // The portal's handle for an X11 window: "x11:" and the window id in hexadecimal.
  if (const unsigned long xid = glfwGetX11Window(window); xid != 0) {
    char handle[32];
    std::snprintf(handle, sizeof handle, "x11:%lx", xid);
    portal->parent_window = handle;
  }
  s.ui.file_chooser = std::move(portal);
}

}  // namespace roofline
