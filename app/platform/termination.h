#pragma once
// SIGTERM (logout, shutdown, systemd), SIGHUP (the terminal closed) and SIGINT (Ctrl+C) end the
// app the way Ctrl+Q does: the window closes and the settings and the session are saved. The
// signals are blocked in every thread and taken by one thread that waits for them, which asks
// the window loop to stop and wakes it. A second signal ends the app at once, as the default.

namespace roofline {

// First thing in main, before any other thread starts (threads inherit the blocked signals).
void install_termination_watch();
// True once one of the signals has arrived: the window loop ends as if closed.
bool termination_requested();
// Whether GLFW is up, so the watcher may wake glfwWaitEvents (glfwPostEmptyEvent).
void set_termination_wakes_glfw(bool glfw_up);

}  // namespace roofline
