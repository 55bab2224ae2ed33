#pragma once
// With the environment variable ROOFLINE_REPORT_TIMING set (tests/e2e/bench_app.sh), the
// window reports on stderr when its first frame is drawn:
//   "roofline: first frame NNN.N ms after main(), at unix time S.NNNNNNNNN (GL renderer)"
// and at exit how many frames it rendered: "roofline: N frames rendered".

#include <chrono>
#include <cstdint>

namespace roofline {

class TimingReport {
 public:
  // `started`: when main() began. Reads the environment once.
  explicit TimingReport(std::chrono::steady_clock::time_point started);
  // After each frame is rendered (needs the GL context): reports the first one.
  void frame_rendered();
  void at_exit(uint64_t frames) const;

 private:
  std::chrono::steady_clock::time_point started_;
  bool enabled_;
  bool first_reported_ = false;
};

}  // namespace roofline
