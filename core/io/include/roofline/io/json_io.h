#pragma once
// JSON <-> value types. nlohmann_json stays inside the readers' and writers' sources (io's and
// persist's): these headers are JSON-free,
// so callers and tests pass text in and get values or one clear message out.
// Every message names the origin (file name or "<string>"), the key and what was expected:
//   "presets/gpus/x.json: memory_bandwidth: expected a positive number (byte/s), got -1"

#include <string>
#include <string_view>

#include "roofline/analysis.h"
#include "roofline/calibration.h"
#include "roofline/hardware.h"
#include "roofline/measurement.h"
#include "roofline/model_config.h"
#include "roofline/profile.h"
#include "roofline/requests.h"
#include "roofline/result.h"
#include "roofline/scenario.h"
#include "roofline/sweep.h"

namespace roofline {

class PresetLibrary;

// A GPU preset file (spec/interfaces.md). Validates: positive bandwidth and capacity, at least
// one peak, known precision names, positive peaks.
Result<GpuSpec> parse_gpu(std::string_view json_text, std::string_view origin);
std::string gpu_to_json(const GpuSpec& gpu);

// A Hugging Face config.json (core/MODEL.md: the symbols at its top). `id` is stored in the result.
Result<ModelConfig> parse_model(std::string_view json_text, std::string_view origin,
                                std::string_view id);

// A calibration file (core/MODEL.md §9): every efficiency in (0, 1], every latency in [0, 1] s;
// a missing or out-of-range parameter is named: "cal.json: efficiency.gemm.memory: missing, ...".
Result<Calibration> parse_calibration(std::string_view json_text, std::string_view origin);

// A measurement file: a list of published measurements with their conditions (gpu and model
// are preset ids, or model paths relative to the file). `calibration`, when given, is set on
// every measurement's scenario. A record the model cannot read is named by its index and key.
Result<std::vector<Measurement>> parse_measurements(std::string_view json_text,
                                                    std::string_view origin,
                                                    const PresetLibrary& library,
                                                    const Calibration* calibration = nullptr);

// The workload of a scenario file: its knob keys, validated. `gpu` and `model` are ids of
// `library` or paths to files (relative paths resolve against `base_dir`). Missing keys take
// the defaults; "view" and unknown keys are not read (the whole file, view and unknown keys
// included, is persist's parse_scenario, app/persist).
Result<Scenario> parse_scenario_workload(std::string_view json_text, std::string_view origin,
                                         const PresetLibrary& library,
                                         std::string_view base_dir = ".");

// The `analyze --format json` object of spec/interfaces.md.
std::string analysis_to_json(const Scenario& s, const Analysis& a);
std::string sweep_to_json(SweepParam param, const std::vector<SweepPoint>& points);

// `roofline-cli request --format json`: the request's times and rates, its bounds, the memory
// with ISL + OSL tokens of context.
std::string request_to_json(const Scenario& s, int64_t isl, int64_t osl, const RequestResult& r);
// `roofline-cli frontier --format json`: {"points": [{batch, tp, precision, ...}]}.
// With `c`, each expected value's 80 % interval beside it (`tpot_s_low`, ...; requests.h's
// kFrontierExpected) where c's errors give one.
std::string frontier_to_json(const std::vector<FrontierPoint>& points,
                             const Calibration* c = nullptr);
// `roofline-cli predict --format json`: each measurement with what the model predicts.
std::string predictions_to_json(const std::vector<Measurement>& measurements,
                                const std::vector<Prediction>& predictions);

// `roofline-cli import --format json`: the file's kernels (with their class, intensity, achieved
// FLOP/s and share of the roof, null where the source has no value), the per-class comparison
// with the model, the step and the measured roofs.
std::string profile_to_json(const Profile& p, const ProfileComparison& c);
// `analyze --measured FILE --format json`: analysis_to_json() with that object as "measured".
std::string analysis_with_profile_to_json(const Scenario& s, const Analysis& a, const Profile& p,
                                          const ProfileComparison& c);

// The largest file read_text_file reads: 8 MiB (presets, scenarios, lessons, calibrations and
// measurement files are kilobytes; the largest shipped, serving.json, is 171 kB).
inline constexpr size_t kMaxInputFileBytes = size_t{8} << 20;

// How every reader opens a file (presets and user files, the paths inside scenario, lesson and
// measurement files, profiles): a regular file only, opened without blocking, so that a FIFO,
// /dev/stdin, /dev/tty or a device is refused at once by name instead of hanging the reader:
// "PATH: cannot read (a FIFO, not a regular file)". Gives the open descriptor (blocking again,
// close-on-exec); the caller closes it.
Result<int> open_regular_file(std::string_view path);

// Reads a whole file (opened by open_regular_file); fails with "FILE: cannot read (reason)".
// "-" is standard input, where the program called allow_standard_input() (roofline-cli; the
// app never blocks on it): read whole once, up to the limit, and kept, so that a second "-"
// gets the same text; refused when it is a terminal.
Result<std::string> read_text_file(std::string_view path);
void allow_standard_input();
// The same with another limit (a checkpoint's model.safetensors.index.json: 128 MiB).
Result<std::string> read_text_file(std::string_view path, size_t max_bytes);
// Writes `path` atomically: a uniquely named temporary file beside it (mode 0666 less the
// umask; a file replaced keeps its mode), then rename(); a symbolic link is followed, so the
// file it names is replaced and the link stays. Ok, or one message naming the path,
// "PATH: cannot write (reason)", and neither a partial nor a temporary file left behind.
Status write_text_file_atomic(std::string_view path, std::string_view content);

}  // namespace roofline
