#pragma once
// The GLFW window and its event-driven frame loop.

#include <chrono>

#include "options.h"
#include "roofline/ui/app_state.h"

namespace roofline {

// Opens the window (glfwInit must have succeeded), runs frames until quit, then tears it down.
// Returns the process exit code. `s` holds the final state afterwards. With the environment
// variable ROOFLINE_REPORT_TIMING set, prints to stderr when the first frame is drawn
// ("roofline: first frame NNN.N ms after main(), at unix time S.NNNNNNNNN (GL renderer)") and
// at exit how many frames were rendered (for tests/e2e/bench_app.sh).
int run_window(AppState& s, const AppOptions& options, int width, int height,
               std::chrono::steady_clock::time_point started);

}  // namespace roofline
