#pragma once
// The desktop's own file chooser for the window: the XDG desktop portal on the session bus,
// parented to the window (X11), installed in s.ui.file_chooser where a session bus is; nothing
// otherwise, so the UI uses its in-app dialog.

struct GLFWwindow;

namespace roofline {

struct AppState;

void install_file_chooser(AppState& s, GLFWwindow* window);

}  // namespace roofline
