#include "roofline/requests.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "operators.h"
#include "roofline/knobs.h"
#include "roofline/sweep.h"
#include "roofline/units.h"

namespace roofline {

namespace {

double d(int64_t v) { return static_cast<double>(v); }

// Σ a + b·k for integer k in [k1, k2] (0 when k2 < k1).
double series(double a, double b, double k1, double k2) {
  if (k2 < k1) return 0;
  const double n = k2 - k1 + 1;
  return n * a + b * (k1 + k2) * n / 2;
}

// Σ max(a + b·k, c + d·k) for integer k in [k1, k2]: the two lines cross at most once.
double sum_max_affine(double a, double b, double c, double dd, double k1, double k2) {
  if (k2 < k1) return 0;
  if (b == dd) return a >= c ? series(a, b, k1, k2) : series(c, dd, k1, k2);
  // (b − d)·k >= c − a: the first line is the larger.
  const double x = (c - a) / (b - dd);
  const double split = std::clamp(std::ceil(x), k1, k2 + 1);
  if (b > dd) return series(c, dd, k1, split - 1) + series(a, b, split, k2);
  return series(a, b, k1, split - 1) + series(c, dd, split, k2);
}

// One op's time as a function of the keys k it reads in a decode step:
// max((F0 + f·k) / P, (B0 + b·k) / W) + latency.
struct KeyCost {
  double F0, f, B0, b, P, W, latency;

  double at(double k) const { return std::max((F0 + f * k) / P, (B0 + b * k) / W) + latency; }
  double sum(double k1, double k2) const {
    return sum_max_affine(F0 / P, f / P, B0 / W, b / W, k1, k2) +
           (k2 >= k1 ? (k2 - k1 + 1) * latency : 0);
  }
};

// Σ over contexts S in [s0, s1] of the op's time, keys(S) being `window`-limited (min(S, W)),
// chunked (((S − 1) mod C) + 1) or S.
double sum_over_contexts(const KeyCost& c, double s0, double s1, MixerKind kind, double window) {
  if (s1 < s0) return 0;
  if (kind == MixerKind::sliding) {
    const double over = std::max(0.0, s1 - std::max(window, s0 - 1));
    return c.sum(s0, std::min(s1, window)) + over * c.at(window);
  }
  if (kind == MixerKind::chunked) {
    const double C = window;
    const double qa = std::floor((s0 - 1) / C), qb = std::floor((s1 - 1) / C);
    const double ka = s0 - qa * C, kb = s1 - qb * C;
    if (qa == qb) return c.sum(ka, kb);
    return c.sum(ka, C) + (qb - qa - 1) * c.sum(1, C) + c.sum(1, kb);
  }
  return c.sum(s0, s1);
}

// The decode steps at contexts s0 … s1, summed exactly from the analysis at s0.
double decode_sum(const Scenario& s, const Analysis& a, int64_t s0, int64_t s1, bool expected) {
  const double n = d(s1 - s0 + 1);
  double per_step = expected ? a.totals.time_s : a.totals.roofline_time_s;
  // Under pipeline stages an op's time recurs in the bubble (MODEL.md §18): slots / passes of it.
  const double stretch = d(a.totals.pipeline_slots) / d(a.totals.pipeline_microbatches);
  double varying = 0;
  const int64_t top_k = s.model.indexer ? s.model.indexer->top_k : 0;
  for (const OpCost& op : a.ops) {
    if (op.flops_per_key == 0 && op.bytes_per_key == 0) continue;
    per_step -= stretch * (expected ? op.time_s : op.roofline_time_s);
    const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(op.layer_type)];
    double P = a.peak_flops, W = a.bandwidth, latency = 0;
    if (expected && s.calibration) {
      P *= s.calibration->of(op.op_class).compute;
      W *= s.calibration->of(op.op_class).memory;
      latency = op.latency_s;
    }
    const KeyCost cost{op.flops - op.flops_per_key * op.keys,
                       op.flops_per_key,
                       op.bytes - op.bytes_per_key * op.keys,
                       op.bytes_per_key,
                       P,
                       W,
                       latency};
    MixerKind kind = MixerKind::full;
    double window = d(type.window);
    if (type.kind == "sliding") kind = MixerKind::sliding;
    if (type.kind == "chunked") kind = MixerKind::chunked;
    if (top_k > 0 && op.name != "indexer") {  // sparse attention reads the top-k
      kind = MixerKind::sliding;
      window = d(top_k);
    }
    varying += stretch * sum_over_contexts(cost, d(s0), d(s1), kind, window);
  }
  return n * per_step + varying;
}

std::string check_request(const Scenario& s, int64_t isl, int64_t osl) {
  if (isl < 1) return "isl must be a positive number of prompt tokens, got " + std::to_string(isl);
  if (osl < 1) return "osl must be a positive number of output tokens, got " + std::to_string(osl);
  if (isl > kMaxSeq || osl > kMaxSeq || isl + osl > kMaxSeq)
    return "isl + osl must be at most " + format_count(d(kMaxSeq)) + " tokens, got " +
           format_count(d(isl) + d(osl));
  if (s.model.max_context && isl + osl > *s.model.max_context) {
    return "isl + osl (" + format_count(d(isl + osl)) + " tokens) is beyond " + s.model.name +
           "'s context limit of " + format_count(d(*s.model.max_context)) +
           " tokens (max_position_embeddings)";
  }
  return {};
}

}  // namespace

std::string frontier_layout_problem(const Scenario& s, int64_t tp) {
  const int64_t gpus = tp * s.dp;
  if (gpus * s.pp > 1024)
    return "tp " + std::to_string(tp) + " × dp " + std::to_string(s.dp) +
           (s.pp > 1 ? " × pp " + std::to_string(s.pp) : std::string()) +
           " is more than 1,024 GPUs";
  const FfnType* moe = find_ffn(s.model, FfnKind::moe);
  if (expert_parallel(s) && moe && gpus > moe->moe.experts)
    return "ep " + std::to_string(gpus) + " (tp " + std::to_string(tp) + " × dp " +
           std::to_string(s.dp) + ") is more GPUs than " + s.model.name + "'s " +
           std::to_string(moe->moe.experts) + " routed experts";
  return {};
}

Result<RequestResult> request(const Scenario& s, int64_t isl, int64_t osl) {
  using R = Result<RequestResult>;
  if (std::string err = check_request(s, isl, osl); !err.empty()) return R::fail(err);
  if (std::string err = validate(s).error(); !err.empty()) return R::fail(err);
  RequestResult r;
  Scenario p = s;
  p.phase = Phase::prefill;
  p.seq = isl;
  const Analysis prefill = analyze(p);
  if (prefill.ops.empty())
    return R::fail(prefill.warnings.empty() ? "no operators" : prefill.warnings.front());
  r.ttft_s = prefill.totals.time_s;
  r.roofline_ttft_s = prefill.totals.roofline_time_s;

  Scenario dstep = s;
  dstep.phase = Phase::decode;
  dstep.seq = isl + 1;
  const double B = d(s.batch), tp = d(gpu_count(s));
  double decode_s = 0, roofline_decode_s = 0;
  if (osl > 1) {
    const Analysis first = analyze(dstep);
    if (first.ops.empty())
      return R::fail(first.warnings.empty() ? "no operators" : first.warnings.front());
    // Speculating, a step makes τ tokens: the sum over every context is τ times the steps',
    // and a request needs one whole step at least (osl − 1 < τ).
    const double per = std::min(accepted_tokens_per_step(dstep), d(osl - 1));
    decode_s = decode_sum(s, first, isl + 1, isl + osl - 1, true) / per;
    roofline_decode_s = decode_sum(s, first, isl + 1, isl + osl - 1, false) / per;
    r.tpot_s = decode_s / d(osl - 1);
    r.roofline_tpot_s = roofline_decode_s / d(osl - 1);
    r.tokens_per_s_per_user = 1 / r.tpot_s;
  } else {
    r.warnings.push_back(
        "osl 1: the prompt's prefill makes the only token; there is no decode step");
  }
  r.e2e_s = r.ttft_s + decode_s;
  r.roofline_e2e_s = r.roofline_ttft_s + roofline_decode_s;
  r.output_tokens_per_s = B * d(osl) / r.e2e_s;
  r.output_tokens_per_s_per_gpu = r.output_tokens_per_s / tp;
  r.total_tokens_per_s = B * d(isl + osl) / r.e2e_s;
  r.cost_per_mtok_usd = cost_per_mtok_usd(s, r.output_tokens_per_s_per_gpu);
  r.energy_per_token_j = energy_per_token_j(s, r.output_tokens_per_s_per_gpu);

  // Memory when the last token is written: ISL + OSL tokens of context.
  dstep.seq = isl + osl;
  r.last_step = analyze(dstep);
  for (const std::string& w : r.last_step.warnings) r.warnings.push_back(w);
  return R::ok(std::move(r));
}

Result<std::vector<FrontierPoint>> frontier(const Scenario& s, std::span<const int64_t> tps,
                                            std::span<const Precision> precisions, int64_t isl,
                                            int64_t osl, int batch_points) {
  using R = Result<std::vector<FrontierPoint>>;
  if (std::string err = check_request(s, isl, osl); !err.empty()) return R::fail(err);
  std::vector<Precision> ps(precisions.begin(), precisions.end());
  if (ps.empty()) ps.push_back(s.activations);
  std::vector<FrontierPoint> out;
  std::string skipped;
  for (int64_t tp : tps) {
    if (const Status st = range_error(knob(ChangeKey::tp), tp); !st) return R::fail(st);
    for (Precision p : ps) {
      // Through the knob table's setters, as a change list would set them.
      std::vector<ScenarioChange> changes = {{ChangeKey::tp, tp}};
      // Expert parallelism spans every GPU of the layout: it follows tp. A tp whose layout
      // cannot be (more GPUs than 1,024, or than the routed experts under ep) is left out.
      const std::string layout = frontier_layout_problem(s, tp);
      if (!layout.empty()) {
        skipped = layout;
        continue;
      }
      if (expert_parallel(s)) changes.push_back({ChangeKey::ep, tp * s.dp});
      if (!precisions.empty()) changes.push_back({ChangeKey::precision, p});
      auto changed = apply_changes(s, changes, {}, "frontier");
      if (!changed) return R::fail(changed.error());
      Scenario base = std::move(changed).value();
      base.phase = Phase::decode;
      base.seq = isl + osl;
      base.batch = 1;
      const int64_t fit = analyze(base).totals.max_batch;
      const int64_t top = std::clamp<int64_t>(fit, 1, kMaxBatch);
      for (int64_t b : log_spaced_values(1, top, batch_points)) {
        base.batch = b;
        auto r = request(base, isl, osl);
        if (!r) return R::fail(r.error());
        FrontierPoint f{
            .batch = b,
            .tp = tp,
            .dp = base.dp,
            .ep = base.ep,
            .pp = base.pp,
            .precision = p,
            .tpot_s = r->tpot_s,
            .tokens_per_s_per_user = r->tokens_per_s_per_user,
            .tokens_per_s_per_gpu = r->tpot_s > 0 ? d(b) / r->tpot_s / d(gpu_count(base)) : 0,
            .ttft_s = r->ttft_s,
            .fits_in_memory = r->memory().fits_in_memory};
        f.cost_per_mtok_usd = cost_per_mtok_usd(base, f.tokens_per_s_per_gpu);
        f.energy_per_token_j = energy_per_token_j(base, f.tokens_per_s_per_gpu);
        out.push_back(f);
      }
    }
  }
  if (out.empty() && !skipped.empty()) return R::fail(skipped);
  for (FrontierPoint& f : out) {
    if (!f.fits_in_memory) continue;
    f.pareto = std::none_of(out.begin(), out.end(), [&](const FrontierPoint& g) {
      return g.fits_in_memory && g.tokens_per_s_per_user >= f.tokens_per_s_per_user &&
             g.tokens_per_s_per_gpu >= f.tokens_per_s_per_gpu &&
             (g.tokens_per_s_per_user > f.tokens_per_s_per_user ||
              g.tokens_per_s_per_gpu > f.tokens_per_s_per_gpu);
    });
  }
  return R::ok(std::move(out));
}

}  // namespace roofline
