#pragma once
// Reading profiler output into a Profile (roofline/profile.h): Nsight Compute CSV, Nsight
// Systems kernel summaries, PyTorch profiler traces (.json, .json.gz), ERT roofline.json and
// rocprofiler-compute roofline.csv / pmc_perf.csv. The format is recognised from the content,
// never the file name. Files are read in pieces (gzip on the fly) and kernels are summed by
// name as they stream by, so memory stays bounded by the number of distinct kernel names, not
// the file's size. Every failure is one line naming the file, the line or key, and what was
// expected: "trace.json: line 3, column 7: invalid JSON: ...", "k.csv: line 12:
// dram__bytes.sum: expected a number, got 'abc'".

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/profile.h"
#include "roofline/result.h"

namespace roofline {

// Called now and then while a file is read: bytes read so far (of the file as stored, so of the
// compressed bytes for .gz) and the file's size (0 when unknown, a pipe). Returning false stops
// the import ("FILE: import cancelled").
using ImportProgress = std::function<bool(uint64_t done, uint64_t total)>;

Result<Profile> import_profile(std::string_view path, const ImportProgress& progress = {});
// The same from text in memory (tests, fuzzing); `origin` names it in messages.
Result<Profile> import_profile_text(std::string_view text, std::string_view origin);

// The kernel-name table: {"rules": [{"contains": "...", "class": "gemm" | ... | "other",
// "library": "..."}]}, in order.
Result<std::vector<KernelRule>> parse_kernel_rules(std::string_view json_text,
                                                   std::string_view origin);
// The built-in table (presets/kernels/kernel-names.json, embedded).
const std::vector<KernelRule>& builtin_kernel_rules();

}  // namespace roofline
