#include "termination.h"

#include <pthread.h>

#include <atomic>
#include <csignal>
#include <thread>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace roofline {

namespace {

std::atomic<bool> g_requested{false};
std::atomic<bool> g_glfw_up{false};

sigset_t termination_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  sigaddset(&set, SIGINT);
  return set;
}

}  // namespace

void install_termination_watch() {
  const sigset_t set = termination_signals();
  if (pthread_sigmask(SIG_BLOCK, &set, nullptr) != 0) return;  // the defaults stay
  std::thread([set] {
    int sig = 0;
    while (sigwait(&set, &sig) == 0) {
      if (g_requested.exchange(true)) {
        // A second signal: the app did not finish in time; end it as the default would.
        std::signal(sig, SIG_DFL);
        sigset_t one;
        sigemptyset(&one);
        sigaddset(&one, sig);
        pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
        std::raise(sig);
        return;
      }
      // glfwPostEmptyEvent may be called from any thread once GLFW is initialised.
      if (g_glfw_up.load()) glfwPostEmptyEvent();
    }
  }).detach();
}

bool termination_requested() { return g_requested.load(); }

void set_termination_wakes_glfw(bool glfw_up) { g_glfw_up.store(glfw_up); }

}  // namespace roofline
