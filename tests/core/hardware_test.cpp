#include "roofline/hardware.h"

#include <gtest/gtest.h>

#include <limits>

#include "test_fixtures.h"

namespace roofline {
namespace {

using testing::a100_sxm;
using testing::h100_sxm;

TEST(Hardware, RidgeH100Bf16) {
  // spec §8: 989e12 / 3.35e12 = 295.22 -> 295.2
  EXPECT_NEAR(ridge_point(989e12, 3.35e12), 295.2, 0.05);
}

TEST(Hardware, RidgeH100Fp8) {
  // spec §8: 1979e12 / 3.35e12 = 590.75 -> 590.7
  EXPECT_NEAR(ridge_point(1979e12, 3.35e12), 590.7, 0.05);
}

TEST(Hardware, AttainableIsMinOfRoofs) {
  // memory side: 10 FLOP/byte * 3.35e12 byte/s = 33.5e12 < 989e12
  EXPECT_DOUBLE_EQ(attainable_flops(10.0, 989e12, 3.35e12), 33.5e12);
  // compute side: 1000 * 3.35e12 = 3.35e15 > 989e12
  EXPECT_DOUBLE_EQ(attainable_flops(1000.0, 989e12, 3.35e12), 989e12);
  // at the ridge both roofs meet
  EXPECT_NEAR(attainable_flops(989e12 / 3.35e12, 989e12, 3.35e12), 989e12, 989e12 * 1e-12);
  // fused ops (intensity +inf) sit on the compute roof
  EXPECT_DOUBLE_EQ(attainable_flops(std::numeric_limits<double>::infinity(), 989e12, 3.35e12),
                   989e12);
}

TEST(Hardware, PeakPerPrecision) {
  GpuSpec g = h100_sxm();
  EXPECT_EQ(g.peak(Precision::bf16), 989e12);
  EXPECT_EQ(g.peak(Precision::fp8), 1979e12);
  EXPECT_FALSE(g.peak(Precision::fp4).has_value());
  EXPECT_FALSE(a100_sxm().peak(Precision::fp8).has_value());
}

TEST(Hardware, ResolveRoofExactWhenPresent) {
  EXPECT_EQ(resolve_roof(h100_sxm(), Precision::fp8), Precision::fp8);
  EXPECT_EQ(resolve_roof(h100_sxm(), Precision::bf16), Precision::bf16);
  EXPECT_EQ(resolve_roof(a100_sxm(), Precision::bf16), Precision::bf16);
}

TEST(Hardware, ResolveRoofFallsBackToWider) {
  // A100 has no fp8: fp8 -> bf16 (first of fp8, bf16, fp16, tf32, fp32 it has).
  EXPECT_EQ(resolve_roof(a100_sxm(), Precision::fp8), Precision::bf16);
  // A GPU with only fp32 and fp16: fp8 -> fp16.
  GpuSpec g;
  g.memory_bandwidth_bytes_per_s = 1e12;
  g.set_peak(Precision::fp32, 1e12);
  g.set_peak(Precision::fp16, 2e12);
  EXPECT_EQ(resolve_roof(g, Precision::fp8), Precision::fp16);
  EXPECT_EQ(resolve_roof(g, Precision::bf16), Precision::fp16);
  EXPECT_EQ(resolve_roof(g, Precision::tf32), Precision::fp32);
}

TEST(Hardware, ResolveRoofNoneWhenGpuHasNoRoof) {
  GpuSpec g;
  g.memory_bandwidth_bytes_per_s = 1e12;
  EXPECT_FALSE(resolve_roof(g, Precision::bf16).has_value());
  // Only a narrower roof than asked: never used.
  g.set_peak(Precision::fp8, 1e15);
  EXPECT_FALSE(resolve_roof(g, Precision::bf16).has_value());
}

}  // namespace
}  // namespace roofline
