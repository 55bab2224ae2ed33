#include "termination.h"

#include <pthread.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <mutex>
#include <thread>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace roofline {

namespace {

std::atomic<bool> g_requested{false};
std::atomic<int> g_first_signal{0};
// Whether the window loop runs (a signal then ends it) and GLFW is up (the watcher may wake it).
// Guarded, so that glfwPostEmptyEvent never races glfwTerminate.
std::mutex g_glfw_mutex;
bool g_glfw_up = false;
std::atomic<bool> g_loop_running{false};

// SIGTERM, SIGHUP and SIGINT, less any the app was started with ignored (nohup's SIGHUP, a
// background job's SIGINT): those stay ignored.
sigset_t termination_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) {
    struct sigaction old {};
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    sigaddset(&set, sig);
  }
  return set;
}

// The signal's default action, now: the app ends as it would have without the watcher.
[[noreturn]] void end_as_default(int sig) {
  std::signal(sig, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, sig);
  pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  std::raise(sig);
  std::_Exit(128 + sig);  // not reached: the default action of these signals ends the process
}

}  // namespace

void install_termination_watch() {
  const sigset_t set = termination_signals();
  if (pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;  // the defaults stay
  std::thread([set] {
    int sig = 0;
    while (sigwait(&set, &sig) == 0) {
      // Once the app is closing, the same signal again means it did not finish in time; another
      // one (logout sends SIGTERM, then SIGHUP) is not a second request, even after the window
      // closed and while the settings are saved.
      if (g_requested.load()) {
        if (sig == g_first_signal.load()) end_as_default(sig);
        continue;
      }
      // Before the window loop runs there is nothing to close: the default action.
      if (!g_loop_running.load()) end_as_default(sig);
      g_first_signal.store(sig);
      g_requested.store(true);
      const std::lock_guard<std::mutex> lock(g_glfw_mutex);
      // glfwPostEmptyEvent may be called from any thread while GLFW is initialised.
      if (g_glfw_up) glfwPostEmptyEvent();
    }
  }).detach();
}

bool termination_requested() { return g_requested.load(); }

void set_termination_wakes_glfw(bool glfw_up) {
  const std::lock_guard<std::mutex> lock(g_glfw_mutex);
  g_glfw_up = glfw_up;
}

void set_window_loop_running(bool running) { g_loop_running.store(running); }

}  // namespace roofline
