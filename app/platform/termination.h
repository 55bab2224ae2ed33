#pragma once
// SIGTERM (logout, shutdown, systemd), SIGHUP (the terminal closed) and SIGINT (Ctrl+C) end the
// app the way Ctrl+Q does: the window closes and the settings and the session are saved. The
// signals are blocked in every thread and taken by one thread that waits for them, which asks
// the window loop to stop and wakes it. The same signal a second time, or any of them before
// the window loop runs, ends the app at once, as the default would; a signal the app was
// started with ignored (nohup) stays ignored.

namespace roofline {

// First thing in main, before any other thread starts (threads inherit the blocked signals).
void install_termination_watch();
// True once one of the signals has arrived: the window loop ends as if closed.
bool termination_requested();
// Whether GLFW is up, so the watcher may wake glfwWaitEvents (glfwPostEmptyEvent); cleared
// before glfwTerminate (the two never race).
void set_termination_wakes_glfw(bool glfw_up);
// Whether the window loop runs: a signal then closes the window; otherwise it ends the app.
void set_window_loop_running(bool running);

}  // namespace roofline
