#include "roofline/calibration.h"

#include "roofline/hardware.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "roofline/knobs.h"

namespace roofline {

std::string_view to_string(OpClass c) {
  switch (c) {
    case OpClass::gemm:
      return "gemm";
    case OpClass::experts:
      return "experts";
    case OpClass::attention:
      return "attention";
    case OpClass::recurrence:
      return "recurrence";
    case OpClass::elementwise:
      return "elementwise";
    case OpClass::norm:
      return "norm";
    case OpClass::count:
      break;
  }
  return "gemm";
}

double Calibration::kernels_of(std::string_view op) const {
  for (const auto& [op_name, n] : kernels) {
    if (op_name == op) return n;
  }
  return 1;
}

namespace {

// Each kind's chain: its own metric first, then the nearest classes of measurement.
struct IntervalChain {
  Expected what;
  std::array<std::string_view, 4> metrics;
};
constexpr IntervalChain kIntervalChains[] = {
    {Expected::op_time, {"op_time_s"}},
    {Expected::step_time, {"decode_step_s", "tpot_s", "output_tokens_per_s", "e2e_s"}},
    {Expected::ttft, {"ttft_s"}},
    {Expected::tpot, {"tpot_s", "decode_step_s", "output_tokens_per_s", "e2e_s"}},
    {Expected::e2e, {"e2e_s", "output_tokens_per_s", "tpot_s", "decode_step_s"}},
    {Expected::throughput, {"output_tokens_per_s", "e2e_s", "total_tokens_per_s", "tpot_s"}},
    {Expected::total_throughput, {"total_tokens_per_s", "output_tokens_per_s", "e2e_s", "tpot_s"}},
    {Expected::bare_step, {kBareStepMetric, "decode_step_s", "tpot_s", "output_tokens_per_s"}},
};

}  // namespace

const CalibrationError* interval_of(const Calibration* c, Expected what) {
  if (c == nullptr) return nullptr;
  for (const IntervalChain& chain : kIntervalChains) {
    if (chain.what != what) continue;
    for (std::string_view metric : chain.metrics) {
      if (metric.empty()) break;
      for (const CalibrationError& e : c->errors) {
        if (e.metric == metric && e.has_interval()) return &e;
      }
    }
  }
  return nullptr;
}

ValueInterval interval_around(double value, const CalibrationError& e, bool rate) {
  if (rate) return {value / e.interval_high, value / e.interval_low};
  return {value * e.interval_low, value * e.interval_high};
}

namespace {

std::string fraction_error(const std::string& key, double v) {
  if (std::isfinite(v) && v >= kMinFraction && v <= 1) return {};
  std::array<char, 32> got{};
  std::snprintf(got.data(), got.size(), "%g", v);
  return key + " must be in [0.01, 1], got " + got.data();
}

std::string latency_error(const std::string& key, double v) {
  if (std::isfinite(v) && v >= 0 && v < 1) return {};
  return key + " must be a time in seconds from 0 to 1, got " + std::to_string(v);
}

}  // namespace

static std::string calibration_problem(const Calibration& c) {
  for (size_t i = 0; i < static_cast<size_t>(OpClass::count); ++i) {
    const std::string key = "efficiency." + std::string(to_string(static_cast<OpClass>(i)));
    if (auto e = fraction_error(key + ".compute", c.efficiency[i].compute); !e.empty()) return e;
    if (auto e = fraction_error(key + ".memory", c.efficiency[i].memory); !e.empty()) return e;
  }
  for (auto [key, v] : {std::pair<const char*, double>{"weight_only.8bit", c.weight_only_8bit},
                        {"weight_only.4bit", c.weight_only_4bit},
                        {"allreduce_efficiency", c.allreduce_efficiency}}) {
    if (auto e = fraction_error(key, v); !e.empty()) return e;
  }
  for (auto [key, v] : {std::pair<const char*, double>{"kernel_latency_s", c.kernel_latency_s},
                        {"allreduce_latency_s", c.allreduce_latency_s},
                        {"step_overhead_s", c.step_overhead_s},
                        {"step_overhead_per_sequence_s", c.step_overhead_per_sequence_s}}) {
    if (auto e = latency_error(key, v); !e.empty()) return e;
  }
  for (const CalibrationError& e : c.errors) {
    if (e.interval_low == 0 && e.interval_high == 0) continue;
    if (!(std::isfinite(e.interval_low) && std::isfinite(e.interval_high) && e.interval_low > 0 &&
          e.interval_low <= e.interval_high && e.interval_high <= 100))
      return "errors (" + e.metric +
             "): interval_80 must be [low, high] with 0 < low <= high <= 100";
  }
  for (const auto& [name, n] : c.kernels) {
    if (!(std::isfinite(n) && n >= 0 && n <= 1000))
      return "kernels." + name + " must be a count from 0 to 1000, got " + std::to_string(n);
  }
  return {};
}

bool fitted_for(const Calibration& c, const GpuSpec& gpu) {
  if (c.gpus.empty()) return true;
  // A GPU loaded from a file has its path as its id: the preset file's own name counts.
  const std::string_view id = gpu.id;
  const size_t slash = id.find_last_of('/');
  std::string_view stem = slash == std::string_view::npos ? id : id.substr(slash + 1);
  if (stem.ends_with(".json")) stem.remove_suffix(5);
  for (const std::string& fitted : c.gpus)
    if (fitted == id || fitted == stem) return true;
  return false;
}

Status validate(const Calibration& c) { return Status::from_message(calibration_problem(c)); }

}  // namespace roofline
