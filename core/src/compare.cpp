#include "roofline/compare.h"

namespace roofline {

Analysis analyze_on_gpu(const Scenario& s, const GpuSpec& gpu) {
  Scenario moved = s;
  moved.gpu = gpu;
  // The scenario's price of a GPU-hour is the first GPU's: the other is priced at its own
  // preset's, if any (MODEL.md §16), never at another GPU's.
  moved.gpu_hour_usd = 0;
  return analyze(moved);
}

CompareResult compare(const Scenario& s, const GpuSpec& other) {
  CompareResult r;
  r.base = analyze(s);
  r.other = analyze_on_gpu(s, other);
  const bool both = !r.base.ops.empty() && !r.other.ops.empty() && r.other.totals.time_s > 0;
  r.speedup = both ? r.base.totals.time_s / r.other.totals.time_s : 0;
  return r;
}

}  // namespace roofline
