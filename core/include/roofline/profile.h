#pragma once
// Measured kernels and measured roofs from a profiler (Nsight Compute, Nsight Systems, the
// PyTorch profiler, ERT, rocprofiler-compute), the table that says which model op class ran each
// kernel, and the comparison of a profile with the model's step (core/MODEL.md §13). Reading the
// files is io's (roofline/io/profile_import.h); this is the pure part.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/calibration.h"
#include "roofline/hardware.h"
#include "roofline/precision.h"

namespace roofline {

enum class ProfileFormat {
  ncu_csv,              // Nsight Compute `--csv` (details, metrics or raw page)
  nsys_kernel_summary,  // Nsight Systems `stats -r cuda_gpu_kern_sum --format csv`
  torch_trace,          // PyTorch profiler (Kineto) Chrome trace, .json or .json.gz
  ert_json,             // Empirical Roofline Toolkit roofline.json: measured roofs
  rocprof_roofline,     // rocprofiler-compute roofline.csv: measured roofs
  rocprof_counters,     // rocprofiler-compute pmc_perf.csv: per-dispatch counters
};
// "Nsight Compute CSV", "Nsight Systems kernel summary", ...
std::string_view to_string(ProfileFormat f);

// One kernel name of a profile, summed over its launches. A quantity the source does not have
// is nullopt: time-only sources (Nsight Systems, most traces) have no FLOPs nor bytes, a
// roofline section page has rates but no time.
struct MeasuredKernel {
  std::string name;
  int64_t launches = 0;
  std::optional<double> time_s{};  // all launches
  std::optional<double> flops{};
  std::optional<double> bytes{};  // DRAM / HBM traffic, read + write
  // Rates for sources that give rates without a time (Nsight Compute's roofline section page);
  // otherwise derived from the totals above when they are known.
  std::optional<double> flops_per_s{};
  std::optional<double> bytes_per_s{};

  // FLOPs per byte: from the totals, or from the rates; nullopt when either is unknown.
  std::optional<double> intensity() const;
  // FLOP/s: flops / time, or the rate.
  std::optional<double> achieved_flops() const;
};

// A roof measured by a benchmark (ERT, rocprofiler-compute), drawn as an empirical roof.
struct MeasuredRoof {
  enum class Kind { bandwidth, compute };
  std::string name;  // as the source names it: "HBM", "L2", "MFMA BF16", "FP64 GFLOPs"
  Kind kind = Kind::bandwidth;
  double value = 0;  // byte/s or FLOP/s
  // compute roofs: the precision it measures, when the source says (rocprof's MFMABF16Flops).
  std::optional<Precision> precision{};
  bool main_memory = false;  // bandwidth roofs: DRAM / HBM rather than a cache level
};

struct Profile {
  std::string file;  // as given
  ProfileFormat format = ProfileFormat::ncu_csv;
  std::string device;                   // "NVIDIA A100-PG509-200" where the source names it
  int64_t launches = 0;                 // every kernel launch (dispatch, event) read
  std::vector<MeasuredKernel> kernels;  // by total time, longest first (name order for ties)
  std::vector<MeasuredRoof> roofs;
  std::vector<std::string> notes;  // what the source lacks or how a value was derived

  bool has_kernels() const { return !kernels.empty(); }
};

// [SECTION] Kernel names -> op classes

// One rule of the kernel table (presets/kernels.json): a kernel whose name contains `contains`
// (case-sensitive) ran ops of class `op_class`; nullopt is "other" (copies, sampling,
// communication). Rules are tried in order; the first that matches wins.
struct KernelRule {
  std::string contains;
  std::optional<OpClass> op_class{};
  std::string library;  // "cuBLAS", "FlashAttention", ... (shown in tooltips)
};

struct KernelMatch {
  std::optional<OpClass> op_class{};  // nullopt: other
  const KernelRule* rule = nullptr;   // nullptr: no rule matched (other)
};

KernelMatch match_kernel(std::string_view name, const std::vector<KernelRule>& rules);

// The op kind a class's ops belong to (the chart's group dot a measured kernel is joined to):
// gemm and experts fc, attention and recurrence attention, norm and elementwise elementwise.
OpKind kind_of(OpClass c);

// A short, readable kernel name for labels: the function name without the return type,
// namespaces, template and call arguments ("gemvx::kernel<...>(T13)" -> "gemvx::kernel").
std::string short_kernel_name(std::string_view name);

// [SECTION] A profile against the model's step

struct ProfileOptions {
  // How many steps the profile covers: measured times are divided by it, so a profile of 64
  // decode steps is compared with one step. 1 by default.
  double steps = 1;
  // The scenario's GPU: a profile whose device names another GPU is a warning (nullptr: not
  // checked).
  const GpuSpec* gpu = nullptr;
};

// Whether the profile's device (a PyTorch trace's "NVIDIA A100-PG509-200") names another GPU
// than `gpu`: its model number (the first word with a digit, "a100") is not in the GPU's name or
// id. The warning, or "" when it is the same or cannot be told (no device, "AMD Radeon Graphics").
std::string device_mismatch(const Profile& p, const GpuSpec& gpu);

// One measured kernel placed on the chart.
struct MeasuredPoint {
  size_t kernel = 0;                  // index into Profile::kernels
  std::optional<OpClass> op_class{};  // nullopt: other
  double intensity = 0;               // FLOP/byte
  double achieved_flops = 0;          // FLOP/s
  double roof_flops = 0;              // the model's roof at that intensity: min(P, B·I)
  double share_of_roof = 0;           // achieved / roof
  bool modelled = false;  // a time-only kernel, placed at its class's modelled intensity with
                          // the class's modelled FLOPs over the class's measured time (every
                          // time-only kernel of a class shares that point)
};

// One op class: the model's ops of that class against the kernels mapped to it, per step.
struct ClassComparison {
  OpClass op_class = OpClass::gemm;
  // The model's ops of a sibling class whose kernels the names could not tell apart (eager
  // MoE experts run as plain GEMMs, eager norms as elementwise kernels): counted here, and the
  // label says so ("gemm + experts").
  std::optional<OpClass> folded{};
  std::string label;  // "gemm", "gemm + experts"

  int kernels = 0;  // kernel names mapped to it
  int64_t launches = 0;
  double measured_s = 0;  // per step
  double expected_s = 0;  // the model's expected time of the class's ops
  double bound_s = 0;     // their roofline bound
  double model_flops = 0;
  double model_bytes = 0;
  double measured_share_of_roof = 0;  // bound / measured (0 when not measured)
  double expected_share_of_roof = 0;  // bound / expected
};

struct ProfileComparison {
  std::vector<MeasuredPoint> points;                 // every kernel that can be placed
  std::vector<ClassComparison> classes;              // classes with model ops or mapped kernels, in
                                                     // OpClass order
  std::vector<std::optional<OpClass>> kernel_class;  // per Profile::kernels entry
  std::vector<int> point_index;  // per Profile::kernels entry: its index in `points`, or -1
  int other_kernels = 0;         // names no rule maps
  int untimed_kernels = 0;       // kernels the source gives no time for (not in the measured step)
  double other_s = 0;            // their time per step
  double unplaced_s = 0;         // time of kernels that cannot be drawn (other, time-only)
  bool has_time = false;         // the source gives kernel times (a step can be summed)
  double measured_step_s = 0;    // every kernel's time per step (other included)
  double expected_step_s = 0;    // Analysis::totals.time_s
  double bound_step_s = 0;       // Analysis::totals.roofline_time_s
  // A class whose kernels took less than its ops' bound could not have run this step's work:
  // the profile is of another model, batch or number of steps. One line per class.
  std::vector<std::string> warnings;

  // The point of kernel `k`, or nullptr when it has none.
  const MeasuredPoint* point_of(size_t k) const {
    return k < point_index.size() && point_index[k] >= 0
               ? &points[static_cast<size_t>(point_index[k])]
               : nullptr;
  }
};

ProfileComparison compare_profile(const Analysis& a, const Profile& p,
                                  const std::vector<KernelRule>& rules,
                                  const ProfileOptions& options = {});

// "measured step 9.50 ms · expected 9.10 ms · bound 6.50 ms" (or why there is none).
std::string comparison_summary(const ProfileComparison& c);

// The scenario efficiencies that put the model's roofs on the measured ones: the main-memory
// bandwidth roof over the GPU's bandwidth, and the compute roof measured at `precision` over the
// GPU's peak at it. A measured roof below 5 % or above 110 % of the datasheet's was not measured
// on this GPU: it gives no efficiency, and `mismatch` says so ("DRAM 31.2 GB/s is 0.93 % of
// NVIDIA H100 SXM5 80GB's 3.35 TB/s: measured on another machine?").
struct RoofEfficiencies {
  std::optional<double> memory{};  // in [kMinFraction, 1]
  std::optional<double> compute{};
  std::string memory_roof;   // the roof used ("HBM")
  std::string compute_roof;  // ("MFMA BF16")
  std::vector<std::string> mismatch;
};
inline constexpr double kMinPlausibleRoofShare = 0.05;
inline constexpr double kMaxPlausibleRoofShare = 1.10;
RoofEfficiencies roof_efficiencies(const Profile& p, const GpuSpec& gpu, Precision precision);

}  // namespace roofline
