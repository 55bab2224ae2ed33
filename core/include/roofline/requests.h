#pragma once
// Requests (core/MODEL.md §10): B sequences, each a prompt of ISL tokens then OSL generated
// tokens (a static batch), and the serving frontier over batch, tensor parallelism and precision.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

struct RequestResult {
  // Expected under the scenario's calibration (the bounds without one).
  double ttft_s = 0;  // the prefill step of B × ISL
  double tpot_s = 0;  // the mean decode step over contexts ISL + 1 … ISL + OSL − 1 (0 if OSL 1)
  double e2e_s = 0;   // ttft + every decode step
  double roofline_ttft_s = 0, roofline_tpot_s = 0, roofline_e2e_s = 0;  // the bounds
  double output_tokens_per_s = 0;                                       // B·OSL / e2e
  double output_tokens_per_s_per_gpu = 0;                               // over tp x dp
  double total_tokens_per_s = 0;                                        // B·(ISL + OSL) / e2e
  double tokens_per_s_per_user = 0;                                     // 1 / tpot (0 if OSL 1)
  // MODEL.md §16, per output token, on output_tokens_per_s_per_gpu (prefill's time included):
  // 0 where the scenario has no price of a GPU-hour or the GPU no board power.
  double cost_per_mtok_usd = 0;
  double energy_per_token_j = 0;
  // The decode step that writes the last token, with ISL + OSL tokens of context: its totals
  // are the request's memory (readouts.h's kMemory rows read them).
  Analysis last_step;
  std::vector<std::string> warnings;

  const Totals& memory() const { return last_step.totals; }
};

// The request on `s` (s.phase and s.seq are ignored; s.batch is B). The decode sum is exact and
// closed-form: each op's FLOPs and bytes are affine in the keys it reads, which are piecewise
// affine (or saw-toothed, for chunked attention) in the context, so a piece's sum of
// max(compute, memory) is an arithmetic series on each side of one crossing. Fails with one
// message for osl < 1, isl < 1, or isl + osl past the model's max_position_embeddings or the
// seq limit.
Result<RequestResult> request(const Scenario& s, int64_t isl, int64_t osl);

// Why frontier() leaves tp out with the scenario's dp and expert parallelism (over 1,024 GPUs,
// or more GPUs than routed experts under ep: core/MODEL.md §17); "" when it keeps it.
std::string frontier_layout_problem(const Scenario& s, int64_t tp);

struct FrontierPoint {
  int64_t batch = 0;
  int64_t tp = 0;
  int64_t dp = 1, ep = 1;                 // the scenario's ranks; ep follows tp (MODEL.md §17)
  int64_t pp = 1;                         // the scenario's pipeline stages (MODEL.md §18)
  Precision precision = Precision::bf16;  // weights, activations and KV cache
  double tpot_s = 0;
  double tokens_per_s_per_user = 0;  // 1 / TPOT
  double tokens_per_s_per_gpu = 0;   // B / TPOT / (tp x dp)
  double ttft_s = 0;
  // MODEL.md §16 on tokens_per_s_per_gpu (the decode steps'): 0 without a price or a power.
  double cost_per_mtok_usd = 0;
  double energy_per_token_j = 0;
  bool fits_in_memory = false;
  bool pareto = false;  // no fitting point is better in both tokens/s per user and per GPU
};

// A frontier point's expected values that carry an 80 % interval (calibration.h): the JSON and
// CSV key, the value, what kind of expected value it is, whether it is a rate, and whether 0 is
// "none" (null in JSON, empty in CSV: no price, no board power).
struct FrontierExpected {
  std::string_view key;
  double FrontierPoint::*value;
  Expected kind;
  bool rate;
  bool optional = false;
};
inline constexpr FrontierExpected kFrontierExpected[] = {
    {"tokens_per_s_per_user", &FrontierPoint::tokens_per_s_per_user, Expected::tpot, true},
    // B / TPOT / tp: the decode step's time, as tokens/s per user's.
    {"tokens_per_s_per_gpu", &FrontierPoint::tokens_per_s_per_gpu, Expected::tpot, true},
    {"tpot_s", &FrontierPoint::tpot_s, Expected::tpot, false},
    {"ttft_s", &FrontierPoint::ttft_s, Expected::ttft, false},
    // Proportional to the decode step's time, as TPOT.
    {"cost_per_mtok_usd", &FrontierPoint::cost_per_mtok_usd, Expected::tpot, false, true},
    {"energy_per_token_j", &FrontierPoint::energy_per_token_j, Expected::tpot, false, true},
};

// Every (batch, tp, precision): batches log-spaced from 1 up to the largest that fits (at most
// kMaxBatch, `batch_points` of them), for a request of ISL and OSL tokens. Points that do not fit
// are listed with fits_in_memory false and are never Pareto-optimal. An empty `precisions`
// keeps the scenario's own.
Result<std::vector<FrontierPoint>> frontier(const Scenario& s, std::span<const int64_t> tps,
                                            std::span<const Precision> precisions, int64_t isl,
                                            int64_t osl, int batch_points = 24);

}  // namespace roofline
