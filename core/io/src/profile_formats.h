#pragma once
// The readers of each profile format (not installed), and what they share: the table that sums
// kernels by name as launches stream by, and the FLOP weights of SASS instruction counters.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "profile_source.h"
#include "roofline/profile.h"

namespace roofline::profile_io {

// What one launch (dispatch, trace event) measured; nullopt where the source has nothing.
struct LaunchValues {
  std::optional<double> time_s{};
  std::optional<double> flops{};
  std::optional<double> bytes{};
  std::optional<double> flops_per_s{};
  std::optional<double> bytes_per_s{};
};

// Kernels summed by name: launches, and time / FLOPs / bytes when every launch of the name has
// them (a name with one launch lacking a value has none: a partial sum would mislead).
class KernelTable {
 public:
  size_t index(std::string_view name);
  // `launches` launches that together measured `v` (a summary row gives their sum).
  void add(size_t kernel, const LaunchValues& v, int64_t launches = 1);
  // The kernel of that name, if one was added.
  std::optional<size_t> find(std::string_view name) const;
  // FLOPs counted apart from the launches (PyTorch's CUPTI range counters).
  void add_flops(size_t kernel, double flops);
  bool empty() const { return kernels_.empty(); }
  // Moves the kernels into `p`, sorted longest first, with their rates.
  void finish(Profile& p);

 private:
  std::vector<MeasuredKernel> kernels_;
  std::vector<char> all_timed_, all_flops_, all_bytes_;  // every launch had the value
  std::vector<int64_t> rated_;  // launches that gave rates (the mean is over those)
  std::unordered_map<std::string, size_t> by_name_;
  int64_t launches_ = 0;
};

// FLOPs per counted instruction of an smsp__sass_thread_inst_executed_op_*_pred_on.sum counter
// (fadd 1, ffma 2, hfma 4, ...); nullopt for another metric.
std::optional<double> sass_flop_weight(std::string_view metric);

// Each reader gets the reader positioned after the header line and the header's fields.
Profile read_ncu(CsvReader& in, const std::vector<std::string>& header);
Profile read_nsys(CsvReader& in, const std::vector<std::string>& header);
Profile read_rocprof_roofline(CsvReader& in, const std::vector<std::string>& header);
Profile read_rocprof_counters(CsvReader& in, const std::vector<std::string>& header);
// A PyTorch profiler trace or an ERT roofline.json, from the first '{' or '['.
Profile read_json_profile(Source& src, const std::string& origin);

}  // namespace roofline::profile_io
