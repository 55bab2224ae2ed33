#include "roofline/measurement.h"

#include <array>

#include "roofline/analysis.h"
#include "roofline/requests.h"

namespace roofline {

namespace {

constexpr std::array<std::string_view, 8> kMetrics = {
    "op_time_s",           "decode_step_s",      "ttft_s",          "tpot_s", "e2e_s",
    "output_tokens_per_s", "total_tokens_per_s", "allreduce_time_s"};

Prediction from_request(const Measurement& m) {
  auto r = request(m.scenario, m.isl, m.osl);
  if (!r) return {0, 0, r.error(), {}};
  switch (m.metric) {
    case MeasuredMetric::ttft_s:
      return {r->ttft_s, r->roofline_ttft_s, {}, {}};
    case MeasuredMetric::tpot_s:
      return {r->tpot_s, r->roofline_tpot_s, {}, {}};
    case MeasuredMetric::e2e_s:
      return {r->e2e_s, r->roofline_e2e_s, {}, {}};
    case MeasuredMetric::output_tokens_per_s: {
      const double tokens = static_cast<double>(m.scenario.batch * m.osl);
      return {tokens / r->e2e_s, tokens / r->roofline_e2e_s, {}, {}};
    }
    case MeasuredMetric::total_tokens_per_s: {
      const double tokens = static_cast<double>(m.scenario.batch * (m.isl + m.osl));
      return {tokens / r->e2e_s, tokens / r->roofline_e2e_s, {}, {}};
    }
    default:
      return {0, 0, "not a request metric", {}};
  }
}

}  // namespace

std::string_view to_string(MeasuredMetric m) { return kMetrics[static_cast<size_t>(m)]; }

std::optional<MeasuredMetric> parse_measured_metric(std::string_view name) {
  for (size_t i = 0; i < kMetrics.size(); ++i) {
    if (kMetrics[i] == name) return static_cast<MeasuredMetric>(i);
  }
  return std::nullopt;
}

Prediction allreduce_time(const GpuSpec& gpu, double bytes, int64_t gpus, const Calibration* c) {
  if (!gpu.interconnect_bandwidth_bytes_per_s)
    return {0, 0, gpu.name + " gives no interconnect bandwidth", {}};
  if (gpus < 2) return {0, 0, "an all-reduce needs 2 GPUs or more", {}};
  const double n = static_cast<double>(gpus);
  // A ring over the GPUs, across the scale-out network where they span domains (MODEL.md §17).
  const double bound =
      link_time(gpu, gpus, gpus, 2 * (n - 1) / n * bytes, Collective::ring).seconds;
  if (!c) return {bound, bound, {}, {}};
  return {bound / c->allreduce_efficiency + c->allreduce_latency_s, bound, {}, {}};
}

namespace {

Prediction predict_value(const Measurement& m) {
  const Scenario& s = m.scenario;
  switch (m.metric) {
    case MeasuredMetric::allreduce_time_s:
      return allreduce_time(s.gpu, m.bytes, m.gpus, s.calibration ? &*s.calibration : nullptr);
    case MeasuredMetric::op_time_s: {
      const Analysis a = analyze(s);
      if (a.ops.empty())
        return {0, 0, a.warnings.empty() ? "no operators" : a.warnings.front(), {}};
      Prediction p;
      for (const std::string& name : m.ops) {
        const OpCost* op = a.find_op(name);
        if (!op) return {0, 0, "no op '" + name + "' in this step", {}};
        // One layer's op: the step's op over its layers.
        const double layers = static_cast<double>(op->count);
        p.expected += op->time_s / layers;
        p.bound += op->roofline_time_s / layers;
      }
      p.expected += m.timer_s;
      return p;
    }
    case MeasuredMetric::decode_step_s:
    case MeasuredMetric::ttft_s: {
      if (m.metric == MeasuredMetric::ttft_s && m.isl > 0) return from_request(m);
      const Analysis a = analyze(s);
      if (a.ops.empty())
        return {0, 0, a.warnings.empty() ? "no operators" : a.warnings.front(), {}};
      // A bare graph replay pays no host work: the step without the calibration's overhead.
      const bool bare = !m.host && m.metric == MeasuredMetric::decode_step_s;
      const double host = bare ? a.totals.step_overhead_s : 0;
      return {a.totals.time_s - host, a.totals.roofline_time_s, {}, {}};
    }
    default:
      return from_request(m);
  }
}

// The kind of expected value a measurement is, for its interval.
Expected expected_kind(const Measurement& measurement) {
  switch (measurement.metric) {
    case MeasuredMetric::op_time_s:
      return Expected::op_time;
    case MeasuredMetric::decode_step_s:
      return measurement.host ? Expected::step_time : Expected::bare_step;
    case MeasuredMetric::ttft_s:
      return Expected::ttft;
    case MeasuredMetric::tpot_s:
      return Expected::tpot;
    case MeasuredMetric::e2e_s:
      return Expected::e2e;
    case MeasuredMetric::output_tokens_per_s:
      return Expected::throughput;
    case MeasuredMetric::total_tokens_per_s:
      return Expected::total_throughput;
    case MeasuredMetric::allreduce_time_s:
      break;
  }
  return Expected::none;
}

}  // namespace

Prediction predict(const Measurement& m) {
  Prediction p = predict_value(m);
  const Calibration* c = m.scenario.calibration ? &*m.scenario.calibration : nullptr;
  if (const CalibrationError* e = interval_of(c, expected_kind(m));
      e && p.error.empty() && p.expected > 0) {
    const bool rate = m.metric == MeasuredMetric::output_tokens_per_s ||
                      m.metric == MeasuredMetric::total_tokens_per_s;
    p.interval = interval_around(p.expected, *e, rate);
  }
  return p;
}

}  // namespace roofline
