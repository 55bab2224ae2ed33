// Calibrations (core/MODEL.md §9): an op's expected time on the calibrated roofs plus its kernel
// latency, weight-only kernels, the all-reduce latency and the step overhead, checked against
// numbers worked by hand for Llama-3-8B on an H100 SXM (3.35 TB/s, 989 TFLOP/s bf16).
#include "roofline/calibration.h"

#include <gtest/gtest.h>

#include "roofline/measurement.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

Scenario calibrated_llama(int64_t tp = 1) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 1, 1);
  s.tp = tp;
  s.calibration = toy_calibration();
  return s;
}

TEST(Calibration, OpTimeIsTheCalibratedRoofPlusItsKernels) {
  const Analysis a = analyze(calibrated_llama());
  // q_proj, batch 1: 4096·4096 bf16 weights + 4096 in + 4096 out = 33,570,816 B a layer, at
  // 50 % of 3.35 TB/s = 20.042 µs, + one kernel of 3 µs; 32 layers.
  const OpCost* q = a.find_op("q_proj");
  ASSERT_NE(q, nullptr);
  EXPECT_NEAR(q->time_s, 32 * (33570816 / 1.675e12 + 3e-6), 1e-12);
  EXPECT_NEAR(q->roofline_time_s, 32 * 33570816 / 3.35e12, 1e-12);
  EXPECT_NEAR(q->latency_s, 32 * 3e-6, 1e-15);
  EXPECT_EQ(q->op_class, OpClass::gemm);
  // k_proj is fused into q_proj's kernel (kernels 0): the roof only. 4096·1024 weights + 4096 in
  // + 1024 out, 2 B each = 8,398,848 B.
  const OpCost* k = a.find_op("k_proj");
  EXPECT_NEAR(k->time_s, 32 * 8398848 / 1.675e12, 1e-12);
  EXPECT_EQ(k->latency_s, 0);
  // The norm is its own class (25 % of the bandwidth here), the residual add elementwise.
  const OpCost* norm = a.find_op("attn_norm");
  EXPECT_EQ(norm->op_class, OpClass::norm);
  EXPECT_EQ(a.find_op("attn_residual")->op_class, OpClass::elementwise);
  EXPECT_NEAR(norm->time_s, norm->bytes / (0.25 * 3.35e12) + 32 * 3e-6, 1e-15);
  // The step: every op's expected time and 50 µs of step overhead; the bound keeps the roofline.
  double ops = 0, bound = 0, latency = 0;
  for (const OpCost& op : a.ops) {
    ops += op.time_s;
    bound += op.roofline_time_s;
    latency += op.latency_s;
  }
  EXPECT_NEAR(a.totals.time_s, ops + 50e-6, 1e-12);
  EXPECT_NEAR(a.totals.roofline_time_s, bound, 1e-12);
  EXPECT_NEAR(a.totals.kernel_latency_s, latency, 1e-15);
  EXPECT_EQ(a.totals.step_overhead_s, 50e-6);
  // 32 layers × (attn_norm, q_proj, attention, o_proj, mlp_norm, gate, up, down, act, two
  // residuals) + final_norm + lm_head: k_proj and v_proj fused away.
  EXPECT_NEAR(latency, (32 * 11 + 2) * 3e-6, 1e-12);
}

// The host work that grows with the batch (issue 27: vLLM's step went from ~9 to ~21 ms between
// batch 1 and 128, a fixed overhead cannot follow): each sequence adds its share, once a step.
TEST(Calibration, TheStepOverheadGrowsWithTheSequencesInTheStep) {
  Scenario one = calibrated_llama();
  one.calibration->step_overhead_per_sequence_s = 20e-6;
  Scenario many = one;
  many.batch = 64;
  const Analysis a1 = analyze(one);
  const Analysis a64 = analyze(many);
  EXPECT_NEAR(a1.totals.step_overhead_s, 50e-6 + 20e-6, 1e-15);
  EXPECT_NEAR(a64.totals.step_overhead_s, 50e-6 + 64 * 20e-6, 1e-15);
  // In the step's time once, beside the ops (which the batch moves too).
  double ops = 0;
  for (const OpCost& op : a64.ops) ops += op.time_s;
  EXPECT_NEAR(a64.totals.time_s, ops + 50e-6 + 64 * 20e-6, 1e-12);
  // A calibration file may leave it out (0); a negative one is refused.
  Calibration c = toy_calibration();
  EXPECT_EQ(c.step_overhead_per_sequence_s, 0);
  c.step_overhead_per_sequence_s = -1e-6;
  EXPECT_EQ(validate(c),
            "step_overhead_per_sequence_s must be a time in seconds from 0 to 1, got -0.000001");
}

TEST(Calibration, DecodeAttentionRunsAtTheAttentionEfficiencies) {
  // Decode attention once ran at the matmuls' efficiencies (its op class was left at gemm).
  Scenario s = decode(h100_sxm(), llama3_8b(), 8, 4096);
  Calibration c = toy_calibration();
  c.efficiency[static_cast<size_t>(OpClass::attention)] = {1.0, 0.1};
  s.calibration = c;
  const Analysis a = analyze(s);
  const OpCost* att = a.find_op("attention");
  ASSERT_NE(att, nullptr);
  EXPECT_EQ(att->op_class, OpClass::attention);
  ASSERT_EQ(att->bound, Bound::memory);  // ~4 FLOP/byte, far below the ridge
  // On 10 % of the bandwidth: ten times the bound, plus one kernel a layer.
  EXPECT_NEAR(att->time_s - att->latency_s, 10 * att->roofline_time_s, 1e-9 * att->roofline_time_s);
}

// Expected times on a GPU the calibration was not fitted for are a guess, and say so (issue 28:
// the H100 calibration applied to a B200 in silence).
TEST(Calibration, AGpuItWasNotFittedForIsAWarning) {
  Scenario s = calibrated_llama();
  s.calibration->gpus = {"h100-sxm", "h200"};
  EXPECT_TRUE(fitted_for(*s.calibration, s.gpu));
  EXPECT_TRUE(analyze(s).warnings.empty());
  s.gpu.id = "b200";
  EXPECT_FALSE(fitted_for(*s.calibration, s.gpu));
  const Analysis a = analyze(s);
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings.front(),
            "calibration " + s.calibration->id +
                " was fitted for h100-sxm, h200, not b200: its expected times there are a guess");
  s.gpu.id = "/home/u/presets/gpus/h200.json";  // loaded from a file: its path is its id
  EXPECT_TRUE(fitted_for(*s.calibration, s.gpu));
  s.calibration->gpus.clear();  // one that names no GPU claims none
  EXPECT_TRUE(fitted_for(*s.calibration, s.gpu));
}

TEST(Calibration, WithoutOneExpectedIsTheBound) {
  Scenario s = calibrated_llama();
  s.calibration.reset();
  const Analysis a = analyze(s);
  for (const OpCost& op : a.ops) {
    EXPECT_EQ(op.time_s, op.roofline_time_s) << op.name;
    EXPECT_EQ(op.latency_s, 0);
  }
  EXPECT_EQ(a.totals.time_s, a.totals.roofline_time_s);
}

TEST(Calibration, WeightOnlyKernelsReachLessBandwidth) {
  Scenario s = calibrated_llama();
  s.weights = Precision::int4;
  const Analysis a = analyze(s);
  const OpCost* q = a.find_op("q_proj");
  // int4 weights under bf16 activations: the 4-bit kernel at half of the class's 50 %.
  EXPECT_NEAR(q->time_s, q->bytes / (0.25 * 3.35e12) + 32 * 3e-6, 1e-15);
  s.weights = Precision::int8;
  // Each analysis kept alive while its op is read (find_op points into it).
  const Analysis a8 = analyze(s);
  const OpCost* q8 = a8.find_op("q_proj");
  EXPECT_NEAR(q8->time_s, q8->bytes / (0.75 * 0.5 * 3.35e12) + 32 * 3e-6, 1e-15);
  // fp8 weights with fp8 activations are not weight-only: the class efficiency alone.
  s.weights = Precision::fp8;
  s.activations = Precision::fp8;
  const Analysis a_fp8 = analyze(s);
  const OpCost* q_fp8 = a_fp8.find_op("q_proj");
  EXPECT_NEAR(q_fp8->time_s, q_fp8->bytes / (0.5 * 3.35e12) + 32 * 3e-6, 1e-15);
}

TEST(Calibration, AllReducePaysItsLatencyPerMessage) {
  const Analysis a = analyze(calibrated_llama(2));
  // Batch 1: 4096 bf16 activations = 8192 B; a ring over 2 GPUs moves 2·(1/2)·8192 B per link
  // at 450 GB/s = 18.2 ns. Two per layer, 64 in all, each at 80 % of the link plus 10 µs.
  const double one = 8192 / 450e9;
  EXPECT_NEAR(a.totals.communication_time_s, 64 * (one / 0.8 + 10e-6), 1e-12);
  double ops = 0, bound = 0;
  for (const OpCost& op : a.ops) {
    ops += op.time_s;
    bound += op.roofline_time_s;
  }
  EXPECT_NEAR(a.totals.time_s, ops + 64 * (one / 0.8 + 10e-6) + 50e-6, 1e-12);
  EXPECT_NEAR(a.totals.roofline_time_s, bound + 64 * one, 1e-12);
  const Calibration c = toy_calibration();
  const Prediction p = allreduce_time(h100_sxm(), 1 << 20, 8, &c);
  EXPECT_NEAR(p.bound, 2.0 * 7 / 8 * (1 << 20) / 450e9, 1e-15);
  EXPECT_NEAR(p.expected, p.bound / 0.8 + 10e-6, 1e-15);
  EXPECT_EQ(allreduce_time(h100_sxm(), 1024, 1, &c).error, "an all-reduce needs 2 GPUs or more");
}

TEST(Calibration, ValidateNamesTheBadParameter) {
  Calibration c = toy_calibration();
  EXPECT_EQ(validate(c), "");
  c.efficiency[static_cast<size_t>(OpClass::attention)].memory = 1.3;
  EXPECT_EQ(validate(c), "efficiency.attention.memory must be in [0.01, 1], got 1.3");
  c = toy_calibration();
  c.kernel_latency_s = -1e-6;
  EXPECT_EQ(validate(c), "kernel_latency_s must be a time in seconds from 0 to 1, got -0.000001");
  c = toy_calibration();
  c.kernels.emplace_back("act", -1);
  EXPECT_EQ(validate(c), "kernels.act must be a count from 0 to 1000, got -1.000000");
  // An invalid calibration on a scenario gives no ops and one warning, never wrong numbers.
  Scenario s = calibrated_llama();
  s.calibration->weight_only_4bit = 0;
  const Analysis a = analyze(s);
  EXPECT_TRUE(a.ops.empty());
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_EQ(a.warnings.back(),
            "calibration toy-calibration: weight_only.4bit must be in [0.01, 1], got 0");
}

// A measurement of Llama-3-8B under the toy calibration (the scenario above).
Measurement llama_measurement(MeasuredMetric metric, std::vector<std::string> ops = {}) {
  Measurement m;
  m.scenario = calibrated_llama();
  m.metric = metric;
  m.ops = std::move(ops);
  return m;
}

TEST(Calibration, PredictsOneLayersOps) {
  Measurement m;
  m.scenario = calibrated_llama();
  m.metric = MeasuredMetric::op_time_s;
  m.ops = {"q_proj", "k_proj"};
  const Prediction p = predict(m);
  ASSERT_EQ(p.error, "");
  EXPECT_NEAR(p.expected, 33570816 / 1.675e12 + 3e-6 + 8398848 / 1.675e12, 1e-15);
  EXPECT_NEAR(p.bound, (33570816 + 8398848) / 3.35e12, 1e-15);
  m.ops = {"qkv_proj"};
  EXPECT_EQ(predict(m).error, "no op 'qkv_proj' in this step");
}

// A kernel timed alone between two CUDA events pays the timer's cost once (eval.timer_s); the
// bound does not.
TEST(Calibration, AnOpTimedAlonePaysItsTimerOnce) {
  Measurement m = llama_measurement(MeasuredMetric::op_time_s, {"q_proj", "k_proj"});
  const Prediction in_step = predict(m);
  m.timer_s = 3e-6;
  const Prediction alone = predict(m);
  EXPECT_NEAR(alone.expected, in_step.expected + 3e-6, 1e-15);
  EXPECT_EQ(alone.bound, in_step.bound);
}

// A decode step replayed bare as one CUDA graph (eval.host false) pays no step overhead: the
// toy calibration's 50 us is taken off the step, nothing else.
TEST(Calibration, AStepWithoutHostWorkPaysNoStepOverhead) {
  Measurement m = llama_measurement(MeasuredMetric::decode_step_s);
  const Prediction served = predict(m);
  m.host = false;
  const Prediction bare = predict(m);
  EXPECT_NEAR(bare.expected, served.expected - 50e-6, 1e-15);
  EXPECT_EQ(bare.bound, served.bound);
}

// [SECTION] 80 % intervals (MODEL.md §15)

CalibrationError error_with_interval(std::string metric, double low, double high) {
  CalibrationError e;
  e.metric = std::move(metric);
  e.interval_low = low;
  e.interval_high = high;
  e.interval_points = 5;
  e.interval_held_out = true;
  return e;
}

TEST(Calibration, AnIntervalComesFromItsOwnMetricElseTheNearest) {
  Calibration c = toy_calibration();
  EXPECT_EQ(interval_of(&c, Expected::op_time), nullptr);  // no errors, no interval
  EXPECT_EQ(interval_of(nullptr, Expected::ttft), nullptr);
  c.errors = {error_with_interval("op_time_s", 0.8, 1.25),
              error_with_interval("output_tokens_per_s", 0.6, 1.3)};
  CalibrationError without = error_with_interval("ttft_s", 0, 0);  // an entry with no interval
  c.errors.push_back(without);
  EXPECT_EQ(interval_of(&c, Expected::op_time)->metric, "op_time_s");
  // A decode step, a TPOT, an end to end: no measurement of their own, throughput's.
  EXPECT_EQ(interval_of(&c, Expected::step_time)->metric, "output_tokens_per_s");
  EXPECT_EQ(interval_of(&c, Expected::tpot)->metric, "output_tokens_per_s");
  EXPECT_EQ(interval_of(&c, Expected::e2e)->metric, "output_tokens_per_s");
  // TTFT has no stand-in: its entry carries none, so no interval at all.
  EXPECT_EQ(interval_of(&c, Expected::ttft), nullptr);
  EXPECT_EQ(interval_of(&c, Expected::none), nullptr);
  c.errors.push_back(error_with_interval("tpot_s", 0.9, 1.1));
  EXPECT_EQ(interval_of(&c, Expected::step_time)->metric, "tpot_s");
  // A bare graph step has its own class; a served step never borrows its narrow interval.
  EXPECT_EQ(interval_of(&c, Expected::bare_step)->metric, "tpot_s");
  c.errors.push_back(error_with_interval(std::string(kBareStepMetric), 0.95, 1.05));
  EXPECT_EQ(interval_of(&c, Expected::bare_step)->metric, kBareStepMetric);
  EXPECT_EQ(interval_of(&c, Expected::step_time)->metric, "tpot_s");
  EXPECT_EQ(interval_of(&c, Expected::tpot)->metric, "tpot_s");
}

TEST(Calibration, ATimesIntervalScalesARatesInverts) {
  const CalibrationError e = error_with_interval("e2e_s", 0.8, 1.25);
  // 10 ms expected: measured 8 to 12.5 ms.
  const ValueInterval t = interval_around(10e-3, e, false);
  EXPECT_DOUBLE_EQ(t.low, 8e-3);
  EXPECT_DOUBLE_EQ(t.high, 12.5e-3);
  // 100 tokens/s expected: the same times, as rates, 100 / 1.25 = 80 to 100 / 0.8 = 125.
  const ValueInterval r = interval_around(100, e, true);
  EXPECT_DOUBLE_EQ(r.low, 80);
  EXPECT_DOUBLE_EQ(r.high, 125);
}

TEST(Calibration, ValidateRefusesABackwardInterval) {
  Calibration c = toy_calibration();
  c.errors = {error_with_interval("op_time_s", 1.3, 0.9)};
  EXPECT_EQ(validate(c).error(),
            "errors (op_time_s): interval_80 must be [low, high] with 0 < low <= high <= 100");
  // A biased model's interval may leave 1 out: all measured slower than expected.
  c.errors = {error_with_interval("e2e_s", 1.1, 1.4)};
  EXPECT_TRUE(validate(c).is_ok());
}

TEST(Calibration, APredictionCarriesItsClasssInterval) {
  Measurement m;
  m.metric = MeasuredMetric::decode_step_s;
  m.scenario = calibrated_llama();
  m.scenario.calibration->errors = {error_with_interval("decode_step_s", 0.9, 1.2)};
  const Prediction p = predict(m);
  ASSERT_TRUE(p.error.empty()) << p.error;
  EXPECT_DOUBLE_EQ(p.interval.low, 0.9 * p.expected);
  EXPECT_DOUBLE_EQ(p.interval.high, 1.2 * p.expected);
  // The bound (no calibration) has none.
  m.scenario.calibration.reset();
  EXPECT_EQ(predict(m).interval.low, 0);
}

}  // namespace
}  // namespace roofline
