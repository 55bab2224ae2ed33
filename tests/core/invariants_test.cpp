// Properties that hold for every preset, phase, batch and length.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/hardware.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

std::vector<ModelConfig> all_models() {
  return {tiny_dense(), tiny_gelu(),  tiny_moe(),     tiny_mla(),
          llama3_8b(),  llama3_70b(), mixtral_8x7b(), deepseek_v3()};
}

std::vector<Scenario> many_scenarios() {
  std::vector<Scenario> out;
  for (const ModelConfig& m : all_models())
    for (Phase phase : {Phase::decode, Phase::prefill})
      for (int64_t b : {1, 3, 64})
        for (int64_t seq : {1, 100, 4096})
          for (bool flash : {true, false})
            for (bool fuse : {false, true})
              for (int64_t tp : {1, 2}) {
                Scenario s = make_scenario(h100_sxm(), m, phase, b, seq);
                s.flash_attention = flash;
                s.fuse_elementwise = fuse;
                s.tp = tp;
                s.kv = seq == 100 ? Precision::fp8 : Precision::bf16;
                if (b == 3) s.weights = Precision::int4;
                out.push_back(s);
              }
  return out;
}

std::string describe(const Scenario& s) {
  return s.model.id + " " + std::string(to_string(s.phase)) + " B=" + std::to_string(s.batch) +
         " seq=" + std::to_string(s.seq) + " flash=" + std::to_string(s.flash_attention) +
         " fuse=" + std::to_string(s.fuse_elementwise) + " tp=" + std::to_string(s.tp);
}

TEST(Invariants, FcIntensityGrowsWithBatchInDenseDecode) {
  for (const ModelConfig& m : {tiny_dense(), llama3_8b(), llama3_70b()}) {
    double previous = 0;
    for (int64_t b = 1; b <= 4096; b *= 2) {
      double fc = analyze(decode(h100_sxm(), m, b, 1024)).fc.intensity;
      EXPECT_GT(fc, previous) << m.id << " B=" << b;
      previous = fc;
    }
  }
}

TEST(Invariants, DecodeAttentionIntensityIgnoresBatch) {
  for (const ModelConfig& m : {llama3_8b(), llama3_70b(), tiny_dense(), deepseek_v3()}) {
    double at1 = analyze(decode(h100_sxm(), m, 1, 2048)).attention.intensity;
    for (int64_t b : {2, 7, 64, 512}) {
      double at = analyze(decode(h100_sxm(), m, b, 2048)).attention.intensity;
      EXPECT_TRUE(rel_near(at, at1, 1e-12)) << m.id << " B=" << b << ": " << at << " vs " << at1;
    }
  }
}

TEST(Invariants, DecodeAttentionIntensityBarelyMovesWithLongContext) {
  // GQA: intensity = H*S*(4*dh+5) / (2*S*Hkv*dh*bkv + 2*H*dh*ba); the Q/O term is 4/S of the KV
  // term for Llama-3-8B, so from S = 4096 on the intensity moves less than 1e-3 (it rises
  // towards 32*517/(2*8*128*2) = 4.039).
  double at4096 = analyze(decode(h100_sxm(), llama3_8b(), 4, 4096)).attention.intensity;
  double previous = 0;
  for (int64_t seq : {4096, 8192, 32768, 131072}) {
    double at = analyze(decode(h100_sxm(), llama3_8b(), 4, seq)).attention.intensity;
    EXPECT_TRUE(rel_near(at, at4096, 1e-3)) << seq;
    EXPECT_GE(at, previous) << seq;
    EXPECT_LT(at, 32.0 * 517 / (2 * 8 * 128 * 2)) << seq;
    previous = at;
  }
}

TEST(Invariants, OpTimeIsMaxOfBothRoofs) {
  for (const Scenario& s : many_scenarios()) {
    Analysis a = analyze(s);
    ASSERT_FALSE(a.ops.empty()) << describe(s);
    for (const OpCost& op : a.ops) {
      SCOPED_TRACE(describe(s) + " " + std::string(op.name));
      double compute = op.flops / a.peak_flops;
      double memory = op.bytes / a.bandwidth;
      EXPECT_GE(op.time_s, compute * (1 - 1e-12));
      EXPECT_GE(op.time_s, memory * (1 - 1e-12));
      EXPECT_DOUBLE_EQ(op.time_s, std::max(compute, memory));
      EXPECT_EQ(op.bound, compute > memory ? Bound::compute : Bound::memory);
      EXPECT_GT(op.flops, 0);
      EXPECT_GE(op.bytes, 0);
      EXPECT_LE(op.weight_bytes + op.kv_bytes, op.bytes * (1 + 1e-12));
      if (op.bytes > 0) {
        EXPECT_DOUBLE_EQ(op.intensity, op.flops / op.bytes);
      } else {
        EXPECT_TRUE(std::isinf(op.intensity));
      }
    }
  }
}

TEST(Invariants, GroupsAreSumsOfOps) {
  for (const Scenario& s : many_scenarios()) {
    SCOPED_TRACE(describe(s));
    Analysis a = analyze(s);
    for (OpKind k : {OpKind::fc, OpKind::attention, OpKind::elementwise}) {
      double flops = 0, bytes = 0, time = 0;
      for (const OpCost& op : a.ops)
        if (op.kind == k) flops += op.flops, bytes += op.bytes, time += op.time_s;
      const GroupCost& g = a.group(k);
      EXPECT_NEAR(g.flops, flops, 1e-12 * flops) << to_string(k);
      EXPECT_NEAR(g.bytes, bytes, 1e-12 * bytes) << to_string(k);
      EXPECT_NEAR(g.time_s, time, 1e-12 * time) << to_string(k);
    }
    double flops = a.fc.flops + a.attention.flops + a.elementwise.flops;
    double bytes = a.fc.bytes + a.attention.bytes + a.elementwise.bytes;
    double time = a.fc.time_s + a.attention.time_s + a.elementwise.time_s;
    EXPECT_NEAR(a.step.flops, flops, 1e-12 * flops);
    EXPECT_NEAR(a.step.bytes, bytes, 1e-12 * bytes);
    EXPECT_NEAR(a.step.time_s, time + a.totals.communication_time_s, 1e-12 * a.step.time_s);
    EXPECT_DOUBLE_EQ(a.totals.flops, a.step.flops);
    EXPECT_DOUBLE_EQ(a.totals.bytes, a.step.bytes);
    EXPECT_DOUBLE_EQ(a.totals.time_s, a.step.time_s);
    EXPECT_DOUBLE_EQ(a.step.intensity, a.step.flops / a.step.bytes);
    EXPECT_DOUBLE_EQ(a.step.achieved_flops, a.step.flops / a.step.time_s);
  }
}

TEST(Invariants, GroupsSitOnOrBelowTheRoof) {
  for (const Scenario& s : many_scenarios()) {
    SCOPED_TRACE(describe(s));
    Analysis a = analyze(s);
    for (const GroupCost* g : {&a.fc, &a.attention, &a.elementwise, &a.step}) {
      if (g->time_s == 0) continue;
      double roof = attainable_flops(g->intensity, a.peak_flops, a.bandwidth);
      EXPECT_LE(g->achieved_flops, roof * (1 + 1e-9));
      EXPECT_GT(g->achieved_flops, 0);
    }
  }
}

TEST(Invariants, MoreBandwidthNeverSlower) {
  for (const ModelConfig& m : all_models())
    for (Phase phase : {Phase::decode, Phase::prefill})
      for (int64_t tp : {1, 2}) {
        double previous = std::numeric_limits<double>::infinity();
        for (double bw : {0.5e12, 1e12, 2e12, 3.35e12, 8e12, 100e12}) {
          Scenario s = make_scenario(h100_sxm(), m, phase, 16, 512);
          s.gpu.memory_bandwidth_bytes_per_s = bw;
          s.tp = tp;
          double t = analyze(s).totals.time_s;
          EXPECT_LE(t, previous) << m.id << " bw=" << bw;
          previous = t;
        }
      }
}

TEST(Invariants, DenseStepStreamsAllWeightsButEmbeddings) {
  for (const ModelConfig& m : {tiny_dense(), tiny_gelu(), llama3_8b(), llama3_70b()})
    for (Precision w : {Precision::bf16, Precision::fp8, Precision::int4}) {
      Scenario s = decode(h100_sxm(), m, 4, 512);
      s.weights = w;
      Analysis a = analyze(s);
      double streamed = 0;
      for (const OpCost& op : a.ops) streamed += op.weight_bytes;
      double expected =
          a.totals.weights_bytes - embedding_parameter_count(m) * bytes_per_element(w);
      EXPECT_NEAR(streamed, expected, 1e-12 * expected) << m.id << " " << to_string(w);
    }
}

TEST(Invariants, AnalyzeIsDeterministic) {
  for (const Scenario& s : many_scenarios()) {
    Analysis a = analyze(s);
    Analysis b = analyze(s);
    SCOPED_TRACE(describe(s));
    ASSERT_EQ(a.ops.size(), b.ops.size());
    for (size_t i = 0; i < a.ops.size(); ++i) {
      EXPECT_EQ(a.ops[i].name, b.ops[i].name);
      EXPECT_EQ(a.ops[i].flops, b.ops[i].flops);
      EXPECT_EQ(a.ops[i].bytes, b.ops[i].bytes);
      EXPECT_EQ(a.ops[i].time_s, b.ops[i].time_s);
    }
    EXPECT_EQ(a.totals.time_s, b.totals.time_s);
    EXPECT_EQ(a.totals.max_batch, b.totals.max_batch);
    EXPECT_EQ(a.step.achieved_flops, b.step.achieved_flops);
    EXPECT_EQ(a.warnings, b.warnings);
  }
}

}  // namespace
}  // namespace roofline
