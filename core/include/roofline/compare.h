#pragma once
// Comparing: the same step on a second GPU. Pure data.

#include "roofline/analysis.h"
#include "roofline/hardware.h"
#include "roofline/scenario.h"

namespace roofline {

struct CompareResult {
  Analysis base;   // analyze(s)
  Analysis other;  // analyze(s) with s.gpu = other: everything else the same
  // base step time / other step time: 1.43 means the other GPU runs the step 1.43x faster.
  // 0 when either analysis failed (no ops: see its warnings).
  double speedup = 0;
};

CompareResult compare(const Scenario& s, const GpuSpec& other);

// analyze(s) with s.gpu = gpu: the same workload, precisions and efficiencies on another GPU
// (s.compare_gpu plays no part in an analysis). What compare() puts in `other`.
Analysis analyze_on_gpu(const Scenario& s, const GpuSpec& gpu);

}  // namespace roofline
