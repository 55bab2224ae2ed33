// Expert and data parallelism and the communication operators (core/MODEL.md §17), worked by hand
// on tiny_moe (2 layers, d 64, the first feed-forward dense, the second MoE: 4 experts, top 2,
// width 32, one shared expert of 32; bf16) on the toy GPU (1 TB/s, 1 GB/s links).

#include <gtest/gtest.h>

#include <algorithm>

#include "roofline/analysis.h"
#include "roofline/formulas.h"
#include "roofline/knobs.h"
#include "roofline/requests.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

Scenario layout(int64_t tp, int64_t dp, int64_t ep, int64_t batch = 4) {
  Scenario s = decode(toy_gpu(), tiny_moe(), batch, 8);
  s.kv = Precision::bf16;
  s.tp = tp;
  s.dp = dp;
  s.ep = ep;
  return s;
}

const CommOp* find_comm(const Analysis& a, std::string_view name, std::string_view kind = {}) {
  for (const CommOp& c : a.comm) {
    if (c.name == name &&
        (kind.empty() || a.layer_types[static_cast<size_t>(c.layer_type)].kind == kind))
      return &c;
  }
  return nullptr;
}

// dp 2 ranks of one GPU each, experts whole on each GPU (ep 2), batch 4: each rank runs 2
// sequences through attention; the experts serve all 4 tokens, half of them on each GPU.
TEST(Parallel, DataParallelAttentionWithExpertParallelism) {
  const Analysis a = analyze(layout(1, 2, 2));
  ASSERT_FALSE(a.ops.empty()) << a.warnings.front();
  // q_proj on a rank's 2 tokens: 2·2·64·64 FLOPs a layer, 2 layers = 32,768.
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->flops, 32768);
  // expert_up: 4 tokens x top 2 = 8 rows, 2·8·64·32 = 32,768 FLOPs over 2 GPUs: 16,384 each.
  EXPECT_DOUBLE_EQ(a.find_op("expert_up")->flops, 16384);
  // Experts touched by 4 tokens: 4·(1 − (1 − 2/4)^4) = 3.75; 3.75·64·32·2 B over 2 GPUs.
  EXPECT_DOUBLE_EQ(a.find_op("expert_up")->weight_bytes, 7680);
  // Dispatch: each GPU sends its 4/2 tokens once to the other GPU if it holds one of their 2
  // experts; it holds 2 of the 4, so it holds neither with chance (2/4)·(1/3) = 1/6: 2·(5/6)
  // tokens of 64·2 B = 213.3 bytes, 213 ns on a 1 GB/s link; the combine brings them back.
  const CommOp* dispatch = find_comm(a, "dispatch");
  ASSERT_NE(dispatch, nullptr);
  EXPECT_DOUBLE_EQ(dispatch->bytes, 640.0 / 3);
  EXPECT_DOUBLE_EQ(dispatch->roofline_time_s, 640e-9 / 3);
  EXPECT_EQ(dispatch->gpus, 2);
  ASSERT_NE(find_comm(a, "combine"), nullptr);
  EXPECT_DOUBLE_EQ(find_comm(a, "combine")->bytes, 640.0 / 3);
  // tp 1 inside each rank: no all-reduce, and only the two all-to-alls.
  EXPECT_EQ(a.comm.size(), 2u);
  EXPECT_DOUBLE_EQ(a.totals.communication_time_s, 1280e-9 / 3);
  // 2 GPUs: tokens/s per GPU is half the step's.
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s_per_gpu, a.totals.tokens_per_s / 2);
  EXPECT_EQ(comm_key(a, *dispatch), "dispatch");
}

// The busiest GPU takes 1.5x the mean of the routed rows: its experts' FLOPs and the tokens it
// receives grow by 1.5; the weights it reads do not.
TEST(Parallel, ImbalanceLoadsTheBusiestGpu) {
  Scenario s = layout(1, 2, 2);
  s.moe_imbalance = 1.5;
  const Analysis a = analyze(s);
  EXPECT_DOUBLE_EQ(a.find_op("expert_up")->flops, 24576);
  EXPECT_DOUBLE_EQ(a.find_op("expert_up")->weight_bytes, 7680);
  EXPECT_DOUBLE_EQ(find_comm(a, "dispatch")->bytes, 320);  // 1.5 x 640/3
  // Without expert parallelism every GPU holds a slice of every expert: no imbalance.
  s.ep = 1;
  const Analysis split = analyze(s);
  EXPECT_DOUBLE_EQ(split.find_op("expert_up")->flops, 16384);
}

// dp 2 with the experts split over both GPUs (ep 1): the ranks' tokens are gathered before the
// experts and the results scattered after, an all-reduce's bytes: 2·(1/2)·4·128 = 512.
TEST(Parallel, DataParallelWithoutExpertParallelismGathersAndScatters) {
  Scenario s = layout(1, 2, 1);
  const Analysis a = analyze(s);
  ASSERT_EQ(a.comm.size(), 1u);
  EXPECT_EQ(a.comm[0].name, "gather_scatter");
  EXPECT_DOUBLE_EQ(a.comm[0].bytes, 512);
  // Under a calibration: the link at its efficiency and two latencies (gather, scatter) a layer.
  Calibration c;
  c.id = "link";
  c.allreduce_efficiency = 0.5;
  c.allreduce_latency_s = 1e-6;
  s.calibration = c;
  const Analysis e = analyze(s);
  ASSERT_EQ(e.comm.size(), 1u);
  EXPECT_DOUBLE_EQ(e.comm[0].latency_s, 2e-6);
  EXPECT_DOUBLE_EQ(e.comm[0].time_s, 1024e-9 + 2e-6);
}

// DeepSeek-V3's shape: 256 experts, top 8, over 8 GPUs: a token's experts are on 7·(1 − P) other
// GPUs, P = Π_{i<8} (224 − i)/(256 − i) = 0.33817 (224·223·…·217 / 256·255·…·249).
TEST(Parallel, DispatchSendsATokenOncePerGpu) {
  Scenario s = layout(1, 8, 8, 8);
  s.model.ffns.back().moe.experts = 256;
  s.model.ffns.back().moe.top_k = 8;
  const Analysis a = analyze(s);
  // 8 tokens over 8 GPUs: one each, to 7·(1 − P) = 4.6328 GPUs, 128 bytes each time.
  EXPECT_NEAR(find_comm(a, "dispatch")->bytes, 4.63282 * 128, 0.01);
}

// tp 2 alone: an all-reduce after each mixer and each feed-forward, 2·(1/2)·4 tokens·128 B = 512
// bytes each, as before there were communication operators: 2 mixers, 1 dense and 1 MoE block.
TEST(Parallel, TensorParallelAllReducesOnePerMixerAndFeedForward) {
  const Analysis a = analyze(layout(2, 1, 1));
  ASSERT_EQ(a.comm.size(), 3u);
  EXPECT_DOUBLE_EQ(find_comm(a, "all_reduce", "full")->bytes, 1024);
  EXPECT_EQ(find_comm(a, "all_reduce", "full")->count, 2);
  EXPECT_DOUBLE_EQ(find_comm(a, "all_reduce", "dense")->bytes, 512);
  EXPECT_DOUBLE_EQ(find_comm(a, "all_reduce", "moe")->bytes, 512);
  EXPECT_DOUBLE_EQ(a.totals.communication_time_s, 2048e-9);
  EXPECT_EQ(comm_key(a, a.comm[0]), "all_reduce@full");
  // ep 2 = tp 2 with dp 1: every GPU has every token, the experts' outputs are all-reduced.
  const Analysis ep = analyze(layout(2, 1, 2));
  EXPECT_DOUBLE_EQ(ep.totals.communication_time_s, 2048e-9);
  EXPECT_DOUBLE_EQ(ep.find_op("expert_up")->flops, a.find_op("expert_up")->flops);
}

// Memory per GPU: each rank keeps the attention and dense weights whole (tp 1) and its own 2
// sequences' cache; the routed experts (4·3·64·32 = 24,576 weights, 49,152 B) are split in two.
TEST(Parallel, MemoryPerGpuFollowsTheLayout) {
  const Analysis one = analyze(layout(1, 1, 1)), a = analyze(layout(1, 2, 2));
  EXPECT_DOUBLE_EQ(a.totals.weights_bytes, one.totals.weights_bytes);
  EXPECT_DOUBLE_EQ(a.totals.weights_per_gpu_bytes, one.totals.weights_bytes - 24576);
  // KV per sequence: 2 layers·8 tokens·2·2 heads·16·2 B = 2,048; 2 sequences on each GPU.
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_per_gpu_bytes, 4096);
  EXPECT_DOUBLE_EQ(a.totals.kv_cache_bytes, 8192);
  // Each GPU holds (0.9 MB − its weights) / 2,048 sequences of its rank, times 2 ranks.
  const double room = 0.9e6 - a.totals.weights_per_gpu_bytes;
  EXPECT_EQ(a.totals.max_batch, static_cast<int64_t>(std::floor(room / 2048)) * 2);
}

// A batch dp does not divide: the busiest rank has ⌈5/2⌉ = 3 sequences, and a warning says so.
TEST(Parallel, UnevenBatchTheBusiestRankSetsTheStep) {
  const Analysis a = analyze(layout(1, 2, 2, 5));
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->flops, 2.0 * 3 * 64 * 64 * 2);
  EXPECT_TRUE(std::any_of(a.warnings.begin(), a.warnings.end(), [](const std::string& w) {
    return w.find("busiest rank has 3 sequences") != std::string::npos;
  }));
}

// ep must span the layout (1 or tp × dp) and may not exceed the experts; on a dense model it is
// inert, and says so.
TEST(Parallel, BadLayoutsAreRefusedByName) {
  EXPECT_NE(validate(layout(2, 1, 4)).error().find("ep 4 must be 1 or tp × dp (2)"),
            std::string::npos);
  EXPECT_NE(validate(layout(8, 1, 8)).error().find("more GPUs than tiny's 4 routed experts"),
            std::string::npos);
  Scenario dense = layout(2, 1, 2);
  dense.model = tiny_dense();
  const Analysis a = analyze(dense);
  ASSERT_FALSE(a.ops.empty());
  EXPECT_NE(a.warnings.front().find("no routed experts"), std::string::npos);
}

// Each rank schedules its own sequences: the per-sequence host overhead is the busiest rank's.
TEST(Parallel, StepOverheadPerSequenceIsTheBusiestRanks) {
  Scenario s = layout(1, 2, 2, 5);
  Calibration c;
  c.id = "host";
  c.step_overhead_s = 1e-3;
  c.step_overhead_per_sequence_s = 1e-5;
  s.calibration = c;
  EXPECT_DOUBLE_EQ(analyze(s).totals.step_overhead_s, 1e-3 + 3 * 1e-5);  // ⌈5/2⌉ = 3
}

// The frontier keeps dp and makes ep follow each tp; tp 4 would put 4 × 2 = 8 GPUs on 4 experts
// and is left out; no tp left is an error that says why.
TEST(Parallel, FrontierFollowsTheLayout) {
  const Scenario s = layout(1, 2, 2);
  const int64_t tps[] = {1, 2, 4};
  auto f = frontier(s, tps, {}, 8, 4, 3);
  ASSERT_TRUE(f) << f.error();
  ASSERT_FALSE(f->empty());
  for (const FrontierPoint& p : *f) {
    EXPECT_LE(p.tp, 2);
    EXPECT_DOUBLE_EQ(p.tokens_per_s_per_gpu,
                     static_cast<double>(p.batch) / p.tpot_s / static_cast<double>(p.tp * 2));
  }
  const int64_t too_many[] = {4};
  auto none = frontier(s, too_many, {}, 8, 4, 3);
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().find("more GPUs than tiny's 4 routed experts"), std::string::npos);
}

// The formula of an op under dp: attention's is one rank's (B = ⌈B/dp⌉), an expert's the whole
// batch's over every GPU, and the tooltip's split says which.
TEST(Parallel, FormulasSayWhoseSequencesAndWhichSplit) {
  Scenario s = layout(1, 2, 2);
  s.moe_imbalance = 1.5;
  const Analysis a = analyze(s);
  auto symbol = [&](const OpCost& op, std::string_view name) {
    for (const FormulaSymbol& f : formula_symbols(s, a, op))
      if (f.name == name) return f.value;
    return -1.0;
  };
  EXPECT_DOUBLE_EQ(symbol(*a.find_op("q_proj"), "B"), 2);
  EXPECT_DOUBLE_EQ(symbol(*a.find_op("expert_up"), "B"), 4);
  EXPECT_EQ(tp_split_text(s, a, *a.find_op("q_proj")), "one rank's ⌈B/dp⌉ sequences");
  EXPECT_EQ(tp_split_text(s, a, *a.find_op("expert_up")),
            "÷ 2 GPUs (tp × dp, whole experts on each), its rows 1.50× on the busiest GPU");
}

// A request divides its rates by every GPU of the layout.
TEST(Parallel, RequestRatesPerGpuCountTheRanks) {
  auto r = request(layout(1, 2, 2), 8, 4);
  ASSERT_TRUE(r) << r.error();
  EXPECT_DOUBLE_EQ(r->output_tokens_per_s_per_gpu, r->output_tokens_per_s / 2);
}

// Beyond the scale-up domain (core/MODEL.md §17): toy GPUs joined 2 at a time by 1 GB/s links and
// 0.5 GB/s of scale-out network each. dp 4, ep 4 on tiny_moe at batch 4: each GPU holds 1 of the 4
// experts, so a token's 2 experts miss a GPU with chance (3/4)·(2/3) = 1/2 and reach
// 3·(1 − 1/2) = 1.5 others: 1 token × 1.5 × 64 × 2 B = 192 B per GPU. Of the 3 other GPUs 2 are
// outside the domain: 128 B at 0.5 GB/s (256 ns) while 64 B cross the link (64 ns).
TEST(Parallel, AllToAllsBeyondTheDomainCrossTheScaleOutNetwork) {
  Scenario s = layout(1, 4, 4);
  s.gpu.scale_up_gpus = 2;
  s.gpu.scale_out_bandwidth_bytes_per_s = 0.5e9;
  const Analysis a = analyze(s);
  const CommOp* dispatch = find_comm(a, "dispatch");
  ASSERT_NE(dispatch, nullptr);
  EXPECT_DOUBLE_EQ(dispatch->bytes, 192);
  EXPECT_DOUBLE_EQ(dispatch->roofline_time_s, 256e-9);
  EXPECT_TRUE(dispatch->scale_out);
  // Within the domain (dp 2, ep 2) the link carries it all, as before.
  Scenario two = layout(1, 2, 2);
  two.gpu = s.gpu;
  const Analysis inside = analyze(two);
  ASSERT_NE(find_comm(inside, "dispatch"), nullptr);
  EXPECT_FALSE(find_comm(inside, "dispatch")->scale_out);
  EXPECT_DOUBLE_EQ(find_comm(inside, "dispatch")->roofline_time_s, 640e-9 / 3);
  // A ring over more GPUs than the domain (tp 4) runs at the scale-out bandwidth: 2·(3/4) of
  // 4 tokens × 128 B = 768 B a layer, 2 layers of attention at 0.5 GB/s.
  Scenario ring = layout(4, 1, 1);
  ring.gpu = s.gpu;
  const Analysis rings = analyze(ring);
  const CommOp* reduce = find_comm(rings, "all_reduce", "full");
  ASSERT_NE(reduce, nullptr);
  EXPECT_TRUE(reduce->scale_out);
  EXPECT_DOUBLE_EQ(reduce->roofline_time_s, 2 * 768 / 0.5e9);
  // A group the domain does not divide: 3 GPUs over domains of 2 leave one GPU alone in its
  // domain (gcd(3, 2) = 1), and all it sends crosses the scale-out network.
  Scenario three = layout(1, 3, 3);
  three.gpu = s.gpu;
  const Analysis odd = analyze(three);
  const CommOp* lone = find_comm(odd, "dispatch");
  ASSERT_NE(lone, nullptr);
  EXPECT_DOUBLE_EQ(lone->roofline_time_s, lone->bytes / 0.5e9);
  // Under a calibration: the efficiency and a latency per collective on top, as on the link.
  Scenario calibrated = s;
  calibrated.calibration = toy_calibration();
  const Analysis expected = analyze(calibrated);  // alive while `slow` points into it
  const CommOp* slow = find_comm(expected, "dispatch");
  ASSERT_NE(slow, nullptr);
  EXPECT_DOUBLE_EQ(slow->time_s, 256e-9 / 0.8 + 10e-6);
  // No scale-out figure: the link, and a warning that says it is too fast.
  s.gpu.scale_out_bandwidth_bytes_per_s.reset();
  const Analysis unknown = analyze(s);
  ASSERT_NE(find_comm(unknown, "dispatch"), nullptr);
  EXPECT_DOUBLE_EQ(find_comm(unknown, "dispatch")->roofline_time_s, 192e-9);
  EXPECT_NE(std::find_if(unknown.warnings.begin(), unknown.warnings.end(),
                         [](const std::string& w) {
                           return w.find("gives no scale-out bandwidth") != std::string::npos;
                         }),
            unknown.warnings.end());
}

// Pipeline stages (core/MODEL.md §18), worked by hand on tiny_dense (2 layers, d 64, 4 heads of
// 16, 2 KV heads, dff 128, V 100, untied, bf16) on the toy GPU: pp 2 puts one layer on each stage.
Scenario staged(Phase phase, int64_t batch, int64_t pp = 2) {
  Scenario s = make_scenario(toy_gpu(), tiny_dense(), phase, batch, 8);
  s.kv = Precision::bf16;
  s.pp = pp;
  return s;
}

// Decode, batch 4 over 2 stages: 2 micro-batches of 2 sequences, each through one layer per
// stage; a GPU runs both, so nothing waits (slots = pp = micro-batches).
TEST(Pipeline, DecodeRunsEachMicroBatchThroughOneStage) {
  const Analysis a = analyze(staged(Phase::decode, 4));
  ASSERT_FALSE(a.ops.empty()) << a.warnings.front();
  EXPECT_EQ(a.totals.pipeline_microbatches, 2);
  EXPECT_EQ(a.totals.pipeline_slots, 2);
  EXPECT_DOUBLE_EQ(a.totals.pipeline_bubble_s, 0);
  // q_proj: 2 tokens · 2·64·64 FLOPs, one layer, twice: 32,768; its 64·64·2 B read each time.
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->flops, 32768);
  EXPECT_DOUBLE_EQ(a.find_op("q_proj")->weight_bytes, 16384);
  // lm_head on the last stage, whole: 2·2·64·100 per micro-batch, twice; 12,800 B each time.
  EXPECT_DOUBLE_EQ(a.find_op("lm_head")->flops, 51200);
  EXPECT_DOUBLE_EQ(a.find_op("lm_head")->weight_bytes, 25600);
  // Between stages: each micro-batch's 2 tokens × 64 × 2 B, twice = 512 B at 1 GB/s.
  ASSERT_EQ(a.comm.size(), 1u);
  EXPECT_EQ(a.comm[0].name, "stage_send");
  EXPECT_EQ(a.comm[0].count, 2);
  EXPECT_DOUBLE_EQ(a.comm[0].bytes, 512);
  EXPECT_DOUBLE_EQ(a.comm[0].roofline_time_s, 512e-9);
  double ops = 0;
  for (const OpCost& op : a.ops) ops += op.time_s;
  EXPECT_DOUBLE_EQ(a.totals.time_s, ops + 512e-9);
  // 4 tokens a step on 2 GPUs.
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s, 4 / a.totals.time_s);
  EXPECT_DOUBLE_EQ(a.totals.tokens_per_s_per_gpu, a.totals.tokens_per_s / 2);
}

// Fewer sequences than stages: batch 1 is one micro-batch, and each GPU waits one stage-time
// of two: the bubble equals its work.
TEST(Pipeline, OneSequenceLeavesHalfTheStagesIdle) {
  const Analysis a = analyze(staged(Phase::decode, 1));
  EXPECT_EQ(a.totals.pipeline_microbatches, 1);
  EXPECT_EQ(a.totals.pipeline_slots, 2);
  const double work = a.totals.time_s - a.totals.pipeline_bubble_s;
  EXPECT_GT(work, 0);
  EXPECT_DOUBLE_EQ(a.totals.pipeline_bubble_s, work);
  EXPECT_DOUBLE_EQ(a.totals.pipeline_bubble_roofline_s, a.totals.roofline_time_s / 2);
}

// Prefill fills and drains the pipeline: batch 2 as 2 micro-batches of one prompt over 2 stages
// lasts 2 + 2 − 1 = 3 stage-times, of which a GPU works 2: the bubble is half its work (GPipe's
// (pp − 1) / (m + pp − 1) of the step).
TEST(Pipeline, PrefillCountsTheFillAndDrain) {
  const Analysis a = analyze(staged(Phase::prefill, 2));
  EXPECT_EQ(a.totals.pipeline_slots, 3);
  const double work = a.totals.time_s - a.totals.pipeline_bubble_s;
  EXPECT_DOUBLE_EQ(a.totals.pipeline_bubble_s, work / 2);
  EXPECT_DOUBLE_EQ(a.totals.pipeline_bubble_s / a.totals.time_s, 1.0 / 3);
  EXPECT_DOUBLE_EQ(a.totals.ttft_s, a.totals.time_s);
  // Each send carries a micro-batch's 8 prompt tokens: 2 × 8 × 64 × 2 B.
  EXPECT_DOUBLE_EQ(a.comm[0].bytes, 2048);
}

// Memory per GPU: the last stage's layer and the output table. tiny_dense holds 2 layers of
// 36,864 weights (q 4,096, k 2,048, v 2,048, o 4,096, gate/up/down 24,576), 320 norm weights,
// the embedding and lm_head of 6,400 each, all 2 bytes: 173,696 B. Two stages: (173,696 −
// 2 × 12,800) / 2 + 12,800 = 86,848 B. KV: 2 × 32 × 8 tokens × 2 B = 1,024 B per sequence and
// layer, one layer per stage: 4 × 1,024.
TEST(Pipeline, EachStageHoldsItsLayersAndTheirCache) {
  const Analysis one = analyze(staged(Phase::decode, 4, 1));
  EXPECT_DOUBLE_EQ(one.totals.weights_per_gpu_bytes, 173696);
  EXPECT_DOUBLE_EQ(one.totals.kv_cache_per_gpu_bytes, 8192);
  const Analysis two = analyze(staged(Phase::decode, 4));
  EXPECT_DOUBLE_EQ(two.totals.weights_per_gpu_bytes, 86848);
  EXPECT_DOUBLE_EQ(two.totals.kv_cache_per_gpu_bytes, 4096);
  // (0.9 × 10^6 − 86,848) / 1,024 = 794.1 sequences.
  EXPECT_EQ(two.totals.max_batch, 794);
  // Tied embeddings: the last stage keeps its copy of the table, the first one the embedding.
  Scenario tied = staged(Phase::decode, 4);
  tied.model.tie_word_embeddings = true;
  EXPECT_DOUBLE_EQ(analyze(tied).totals.weights_per_gpu_bytes, (160896 - 12800) / 2.0 + 12800);
}

// One message naming the knob for what cannot be.
TEST(Pipeline, RefusesWhatCannotBe) {
  Scenario s = staged(Phase::decode, 4, 3);
  EXPECT_EQ(validate(s).error(), "pp 3 is more pipeline stages than tiny's 2 layers");
  s.pp = 2;
  s.spec = SpecMethod::mtp;
  EXPECT_EQ(validate(s).error(),
            "pp 2: speculative decoding across pipeline stages is not modelled; set spec none or "
            "pp 1");
  s.phase = Phase::prefill;  // refused in prefill too: a request's decode steps would be invalid
  EXPECT_EQ(validate(s).error(),
            "pp 2: speculative decoding across pipeline stages is not modelled; set spec none or "
            "pp 1");
  s.phase = Phase::decode;
  s.spec = SpecMethod::none;
  s.tp = 512;  // 1,024 GPUs in all: allowed
  EXPECT_EQ(validate(s).error(), "");
  s.tp = 1024;
  EXPECT_EQ(validate(s).error(), "tp × dp × pp must be at most 1,024 GPUs, got 2048");
  EXPECT_EQ(parallel_text(staged(Phase::decode, 4)), "tp 1 \u00d7 pp 2");
}

// A shallower model halves the stages until they fit its layers.
TEST(Pipeline, SwitchingToAShallowerModelKeepsAValidLayout) {
  Scenario s = staged(Phase::decode, 4);
  s.model = llama3_8b();
  s.pp = 16;
  set_model(s, tiny_dense());
  EXPECT_EQ(s.pp, 2);
  EXPECT_EQ(validate(s).error(), "");
  // The same through the knob table (a lesson's or a file's model change).
  s.model = llama3_8b();
  s.pp = 8;
  PresetResolver resolver;
  resolver.model = [](std::string_view) { return Result<ModelConfig>::ok(tiny_dense()); };
  ASSERT_TRUE(knob(ChangeKey::model).set(s, ChangeValue{std::string("tiny")}, resolver).is_ok());
  EXPECT_EQ(s.pp, 2);
}

// Micro-batches that the batch or the ranks do not divide are counted full, with a warning:
// batch 6 over dp 2 and pp 2 is 2 micro-batches of 3, each rank's share 2, so 4 sequences a rank
// against its 3. Batch 4 over pp 2 divides evenly.
TEST(Pipeline, UnevenMicroBatchesSaySo) {
  Scenario s = staged(Phase::decode, 6);
  s.dp = 2;
  const Analysis a = analyze(s);
  EXPECT_NE(std::find_if(a.warnings.begin(), a.warnings.end(),
                         [](const std::string& w) { return w.starts_with("pp 2: batch 6"); }),
            a.warnings.end());
  EXPECT_TRUE(analyze(staged(Phase::decode, 4)).warnings.empty());
}

// A request sums its decode steps with the bubble: its TPOT at batch 1 (one micro-batch, two
// stage-times a token) is the mean of the steps analyze() gives at contexts 9 and 10.
TEST(Pipeline, RequestStepsCountTheBubble) {
  Scenario s = staged(Phase::decode, 1);
  s.calibration = toy_calibration();
  auto r = request(s, 8, 3);
  ASSERT_TRUE(r) << r.error();
  double steps = 0;
  for (int64_t context : {9, 10}) {
    Scenario step = s;
    step.seq = context;
    steps += analyze(step).totals.time_s;
  }
  EXPECT_NEAR(r->tpot_s, steps / 2, 1e-15);
  EXPECT_DOUBLE_EQ(r->output_tokens_per_s_per_gpu, r->output_tokens_per_s / 2);
}

}  // namespace
}  // namespace roofline
