#include "timing_report.h"

#include <glad/gl.h>

#include <cstdio>
#include <cstdlib>

namespace roofline {

TimingReport::TimingReport(std::chrono::steady_clock::time_point started)
    : started_(started), enabled_(std::getenv("ROOFLINE_REPORT_TIMING") != nullptr) {}

void TimingReport::frame_rendered() {
  if (!enabled_ || first_reported_) return;
  glFinish();  // the frame is drawn, not just queued
  const double unix_s =
      std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  const double since_main_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started_)
          .count();
  std::fprintf(stderr, "roofline: first frame %.1f ms after main(), at unix time %.9f (%s)\n",
               since_main_ms, unix_s, reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  first_reported_ = true;
}

void TimingReport::at_exit(uint64_t frames) const {
  if (!enabled_) return;
  std::fprintf(stderr, "roofline: %llu frames rendered\n", static_cast<unsigned long long>(frames));
}

}  // namespace roofline
