// A measured profile against the model (core/MODEL.md §13): kernels mapped to op classes, placed
// on the chart from their counters or, time-only, at their class's modelled intensity; the
// per-class comparison, the folding of sibling classes, the warnings, the measured roofs as
// efficiencies. Hand numbers for Llama-3-8B decode at batch 1, 1,024 tokens on an H100 SXM
// (3.35 TB/s, 989 TFLOP/s bf16).
#include "roofline/profile.h"

#include <gtest/gtest.h>

#include "roofline/units.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

const std::vector<KernelRule> kRules = {
    {"gemv", OpClass::gemm, "cuBLAS"},
    {"flash_fwd", OpClass::attention, "FlashAttention"},
    {"Memcpy", std::nullopt, "copies"},
};

MeasuredKernel timed(std::string name, double time_s, int64_t launches = 1) {
  MeasuredKernel k;
  k.name = std::move(name);
  k.launches = launches;
  k.time_s = time_s;
  return k;
}

const ClassComparison* find_class(const ProfileComparison& c, OpClass oc) {
  for (const ClassComparison& k : c.classes)
    if (k.op_class == oc) return &k;
  return nullptr;
}

// The device's model number (its first word with a digit) against the GPU's name and id.
TEST(Profile, AnotherDeviceIsTold) {
  Profile p;
  const GpuSpec h100 = h100_sxm();
  EXPECT_EQ(device_mismatch(p, h100), "");  // no device: nothing to tell
  p.device = "NVIDIA H100 80GB HBM3";
  EXPECT_EQ(device_mismatch(p, h100), "");
  p.device = "NVIDIA A100-PG509-200";
  EXPECT_EQ(device_mismatch(p, h100),
            "the profile was measured on NVIDIA A100-PG509-200, not on the scenario's NVIDIA "
            "H100 SXM: its kernels are set against another GPU's roofs (choose that GPU)");
  EXPECT_EQ(device_mismatch(p, a100_sxm()), "");
  p.device = "AMD Radeon Graphics";  // no model number: cannot be told
  EXPECT_EQ(device_mismatch(p, h100), "");
  p.device = "NVIDIA GeForce RTX 5090";
  GpuSpec rtx = h100;
  rtx.id = "rtx-5090";
  rtx.name = "NVIDIA GeForce RTX 5090";
  EXPECT_EQ(device_mismatch(p, rtx), "");
  rtx.id = "rtx-4090";
  rtx.name = "NVIDIA GeForce RTX 4090";
  EXPECT_NE(device_mismatch(p, rtx), "");
  // compare_profile puts it first among its warnings when given the GPU.
  const Analysis a = analyze(decode(h100, llama3_8b(), 1, 1024));
  p.device = "NVIDIA A100-PG509-200";
  const ProfileComparison c = compare_profile(a, p, {}, {.gpu = &h100});
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_TRUE(c.warnings[0].starts_with("the profile was measured on NVIDIA A100"));
  EXPECT_TRUE(compare_profile(a, p, {}).warnings.empty());
}

TEST(Profile, MatchKernelTakesTheFirstRule) {
  EXPECT_EQ(match_kernel("internal::gemvx::kernel<int>", kRules).op_class, OpClass::gemm);
  EXPECT_EQ(match_kernel("flash::flash_fwd_splitkv_kernel", kRules).op_class, OpClass::attention);
  const KernelMatch copy = match_kernel("Memcpy HtoD (Host -> Device)", kRules);
  EXPECT_FALSE(copy.op_class);
  ASSERT_NE(copy.rule, nullptr);
  EXPECT_EQ(copy.rule->library, "copies");
  const KernelMatch none = match_kernel("my_kernel", kRules);
  EXPECT_FALSE(none.op_class);
  EXPECT_EQ(none.rule, nullptr);
  // Case-sensitive: "GEMV" is not "gemv".
  EXPECT_EQ(match_kernel("GEMV", kRules).rule, nullptr);
}

TEST(Profile, ShortKernelNames) {
  EXPECT_EQ(short_kernel_name("std::enable_if<!T7, void>::type internal::gemvx::kernel<int, int, "
                              "__nv_bfloat16>(T13)"),
            "gemvx::kernel");
  EXPECT_EQ(short_kernel_name("void at::native::vectorized_elementwise_kernel<(int)4, "
                              "at::native::CUDAFunctor_add<float>>(int, T2, T3)"),
            "vectorized_elementwise_kernel");
  EXPECT_EQ(short_kernel_name("void at::native::<unnamed>::CatArrayBatchedCopy<int>(T1 *)"),
            "CatArrayBatchedCopy");
  EXPECT_EQ(short_kernel_name("void at::native::(anonymous namespace)::max_pool_forward_nchw<float,"
                              " float>(int, float const*)"),
            "max_pool_forward_nchw");
  EXPECT_EQ(short_kernel_name("triton_poi_fused_add_cos_sin_0"), "triton_poi_fused_add_cos_sin_0");
  EXPECT_EQ(short_kernel_name("Memcpy HtoD (Host -> Device)"), "Memcpy HtoD");
}

TEST(Profile, TimeOnlyKernelsSitAtTheirClassesModelledIntensity) {
  const Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1024));
  Profile p;
  p.kernels.push_back(timed("gemvx::kernel", 9e-3, 64));  // 4.5 ms a step over 2 steps
  MeasuredKernel attn = timed("flash_fwd_kernel", 1e-3, 64);
  attn.flops = 2e9;  // counters: placed where they say
  attn.bytes = 1e9;
  p.kernels.push_back(attn);
  p.kernels.push_back(timed("Memcpy DtoD", 2e-3, 2));
  const ProfileComparison c = compare_profile(a, p, kRules, {.steps = 2});

  // fc is the gemm class here: 15,009,316,864 FLOPs and 15,014,824,448 bytes a step, bound by
  // memory: 15,014,824,448 / 3.35e12 = 4.48204 ms.
  const ClassComparison* gemm = find_class(c, OpClass::gemm);
  ASSERT_NE(gemm, nullptr);
  EXPECT_EQ(gemm->label, "gemm");
  EXPECT_EQ(gemm->kernels, 1);
  EXPECT_EQ(gemm->launches, 64);
  EXPECT_DOUBLE_EQ(gemm->measured_s, 4.5e-3);
  EXPECT_NEAR(gemm->bound_s, 15014824448.0 / 3.35e12, 1e-12);
  EXPECT_NEAR(gemm->measured_share_of_roof, 15014824448.0 / 3.35e12 / 4.5e-3, 1e-9);
  ASSERT_EQ(c.points.size(), 2u);
  const MeasuredPoint& g = c.points[0];
  EXPECT_TRUE(g.modelled);
  EXPECT_NEAR(g.intensity, 15009316864.0 / 15014824448.0, 1e-12);
  EXPECT_NEAR(g.achieved_flops, 15009316864.0 / 4.5e-3, 1);
  EXPECT_NEAR(g.share_of_roof, 15014824448.0 / 3.35e12 / 4.5e-3, 1e-9);
  // The attention kernel's own counters: 2 FLOP/byte, 2 TFLOP/s, under a 6.7 TFLOP/s roof.
  const MeasuredPoint& f = c.points[1];
  EXPECT_FALSE(f.modelled);
  EXPECT_DOUBLE_EQ(f.intensity, 2.0);
  EXPECT_DOUBLE_EQ(f.achieved_flops, 2e12);
  EXPECT_NEAR(f.share_of_roof, 2e12 / 6.7e12, 1e-12);
  // The copy is other: in the step, not on the chart.
  EXPECT_EQ(c.other_kernels, 1);
  EXPECT_DOUBLE_EQ(c.other_s, 1e-3);
  EXPECT_FALSE(c.kernel_class[2]);
  EXPECT_TRUE(c.has_time);
  EXPECT_DOUBLE_EQ(c.measured_step_s, 6e-3);
  EXPECT_DOUBLE_EQ(c.expected_step_s, a.totals.time_s);
  EXPECT_TRUE(c.warnings.empty());
  EXPECT_EQ(comparison_summary(c), "measured step 6.00 ms · expected " +
                                       format_time(a.totals.time_s) + " · bound " +
                                       format_time(a.totals.roofline_time_s));
}

TEST(Profile, LessTimeThanTheBoundIsNotThisStep) {
  const Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1024));
  Profile p;
  p.kernels.push_back(timed("gemvx::kernel", 1e-3));
  const ProfileComparison c = compare_profile(a, p, kRules);
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(c.warnings[0],
            "gemm kernels took 1.00 ms, less than the model's bound of 4.48 ms for this step: the "
            "profile is not one step of this scenario (another model or batch, or set the steps "
            "it covers)");
}

TEST(Profile, ExpertsWithoutKernelsOfTheirOwnAreComparedWithTheGemms) {
  // Mixtral: eager experts run as plain GEMMs, so no kernel maps to the experts class.
  const Analysis a = analyze(decode(h100_sxm(), mixtral_8x7b(), 1, 1024));
  double gemm_s = 0, experts_s = 0;
  for (const OpCost& op : a.ops) {
    if (op.op_class == OpClass::gemm) gemm_s += op.roofline_time_s;
    if (op.op_class == OpClass::experts) experts_s += op.roofline_time_s;
  }
  ASSERT_GT(experts_s, 0);
  Profile p;
  p.kernels.push_back(timed("gemvx::kernel", 1.0));
  const ProfileComparison c = compare_profile(a, p, kRules);
  const ClassComparison* gemm = find_class(c, OpClass::gemm);
  ASSERT_NE(gemm, nullptr);
  EXPECT_EQ(gemm->label, "gemm + experts");
  EXPECT_NEAR(gemm->bound_s, gemm_s + experts_s, 1e-15);
  EXPECT_EQ(find_class(c, OpClass::experts), nullptr);
  // A kernel of the experts' own keeps the two apart.
  const std::vector<KernelRule> rules = {{"gemv", OpClass::gemm, ""},
                                         {"fused_moe", OpClass::experts, ""}};
  p.kernels.push_back(timed("fused_moe_kernel", 1.0));
  const ProfileComparison apart = compare_profile(a, p, rules);
  EXPECT_EQ(find_class(apart, OpClass::gemm)->label, "gemm");
  EXPECT_NEAR(find_class(apart, OpClass::experts)->bound_s, experts_s, 1e-15);
}

TEST(Profile, RatesWithoutTimesArePlacedButNotSummed) {
  const Analysis a = analyze(decode(h100_sxm(), llama3_8b(), 1, 1024));
  Profile p;
  MeasuredKernel k;
  k.name = "gemv2T_kernel";
  k.launches = 1;
  k.flops_per_s = 344.1935e9;
  k.bytes_per_s = 345.14e9;
  p.kernels.push_back(k);
  const ProfileComparison c = compare_profile(a, p, kRules);
  ASSERT_EQ(c.points.size(), 1u);
  EXPECT_NEAR(c.points[0].intensity, 344.1935 / 345.14, 1e-12);
  EXPECT_FALSE(c.has_time);
  EXPECT_EQ(find_class(c, OpClass::gemm)->measured_share_of_roof, 0);
  EXPECT_TRUE(comparison_summary(c).starts_with("no kernel times in this file · "));
}

TEST(Profile, MeasuredRoofsAsEfficiencies) {
  const GpuSpec h100 = h100_sxm();  // 3.35 TB/s, 989 TFLOP/s bf16
  Profile p;
  p.roofs.push_back({"HBM", MeasuredRoof::Kind::bandwidth, 2.68e12, std::nullopt, true});
  p.roofs.push_back({"L2", MeasuredRoof::Kind::bandwidth, 9e12, std::nullopt, false});
  p.roofs.push_back({"MFMA BF16", MeasuredRoof::Kind::compute, 692.3e12, Precision::bf16, false});
  RoofEfficiencies e = roof_efficiencies(p, h100, Precision::bf16);
  ASSERT_TRUE(e.memory);
  EXPECT_NEAR(*e.memory, 0.8, 1e-12);
  EXPECT_EQ(e.memory_roof, "HBM");
  ASSERT_TRUE(e.compute);
  EXPECT_NEAR(*e.compute, 0.7, 1e-3);
  // No fp8 roof measured: no compute efficiency for fp8.
  EXPECT_FALSE(roof_efficiencies(p, h100, Precision::fp8).compute);
  // A CPU's 31 GB/s is 0.93 % of the H100's: measured elsewhere, not used.
  Profile cpu;
  cpu.roofs.push_back({"DRAM", MeasuredRoof::Kind::bandwidth, 31.16e9, std::nullopt, true});
  e = roof_efficiencies(cpu, h100, Precision::bf16);
  EXPECT_FALSE(e.memory);
  ASSERT_EQ(e.mismatch.size(), 1u);
  EXPECT_EQ(e.mismatch[0], "DRAM 31.2 GB/s is 0.93% of " + h100.name +
                               "'s 3.35 TB/s: measured on another machine?");
}

}  // namespace
}  // namespace roofline
