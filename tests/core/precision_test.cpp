#include "roofline/precision.h"

#include <gtest/gtest.h>

#include <string>

namespace roofline {
namespace {

TEST(Precision, BytesPerElement) {
  EXPECT_EQ(bytes_per_element(Precision::fp32), 4.0);
  EXPECT_EQ(bytes_per_element(Precision::tf32), 4.0);
  EXPECT_EQ(bytes_per_element(Precision::bf16), 2.0);
  EXPECT_EQ(bytes_per_element(Precision::fp16), 2.0);
  EXPECT_EQ(bytes_per_element(Precision::fp8), 1.0);
  EXPECT_EQ(bytes_per_element(Precision::int8), 1.0);
  EXPECT_EQ(bytes_per_element(Precision::fp4), 0.5);
  EXPECT_EQ(bytes_per_element(Precision::int4), 0.5);
}

TEST(Precision, Names) {
  EXPECT_EQ(to_string(Precision::fp32), "fp32");
  EXPECT_EQ(to_string(Precision::tf32), "tf32");
  EXPECT_EQ(to_string(Precision::bf16), "bf16");
  EXPECT_EQ(to_string(Precision::fp16), "fp16");
  EXPECT_EQ(to_string(Precision::fp8), "fp8");
  EXPECT_EQ(to_string(Precision::int8), "int8");
  EXPECT_EQ(to_string(Precision::fp4), "fp4");
  EXPECT_EQ(to_string(Precision::int4), "int4");
}

TEST(Precision, NamesRoundTrip) {
  for (Precision p : kAllPrecisions) {
    auto parsed = parse_precision(to_string(p));
    ASSERT_TRUE(parsed.has_value()) << to_string(p);
    EXPECT_EQ(*parsed, p);
  }
}

TEST(Precision, ParseRejectsOtherNames) {
  EXPECT_FALSE(parse_precision("").has_value());
  EXPECT_FALSE(parse_precision("BF16").has_value());  // lower-case only
  EXPECT_FALSE(parse_precision("bfloat16").has_value());
  EXPECT_FALSE(parse_precision("fp64").has_value());
  EXPECT_FALSE(parse_precision(" bf16").has_value());
}

TEST(Precision, MathPrecisionIsActivationsUnlessWeightsWider) {
  // W4A16: weights dequantized to the activation precision.
  EXPECT_EQ(math_precision(Precision::int4, Precision::bf16), Precision::bf16);
  EXPECT_EQ(math_precision(Precision::fp4, Precision::fp16), Precision::fp16);
  // W8A16.
  EXPECT_EQ(math_precision(Precision::int8, Precision::bf16), Precision::bf16);
  EXPECT_EQ(math_precision(Precision::fp8, Precision::fp8), Precision::fp8);
  EXPECT_EQ(math_precision(Precision::bf16, Precision::bf16), Precision::bf16);
  // bf16 weights are wider than fp8 activations: the weights' precision.
  EXPECT_EQ(math_precision(Precision::bf16, Precision::fp8), Precision::bf16);
  EXPECT_EQ(math_precision(Precision::fp32, Precision::bf16), Precision::fp32);
}

TEST(Precision, FallbackChainOfFp8) {
  auto chain = fallback_chain(Precision::fp8);
  ASSERT_EQ(chain.size(), 5u);
  EXPECT_EQ(chain[0], Precision::fp8);
  EXPECT_EQ(chain[1], Precision::bf16);
  EXPECT_EQ(chain[2], Precision::fp16);
  EXPECT_EQ(chain[3], Precision::tf32);
  EXPECT_EQ(chain[4], Precision::fp32);
}

TEST(Precision, EveryFallbackChainStartsWithItselfAndEndsWithFp32) {
  for (Precision p : kAllPrecisions) {
    auto chain = fallback_chain(p);
    ASSERT_FALSE(chain.empty()) << to_string(p);
    EXPECT_EQ(chain.front(), p) << to_string(p);
    EXPECT_EQ(chain.back(), Precision::fp32) << to_string(p);
    // Never narrower than the precision asked for: compared by element width, so the block
    // scales of mxfp4 and nvfp4 do not make plain fp4 narrower than they are.
    auto element = [](Precision x) {
      return x == Precision::mxfp4 || x == Precision::nvfp4 ? 0.5 : bytes_per_element(x);
    };
    for (Precision q : chain) EXPECT_GE(element(q), element(p)) << to_string(p);
  }
  EXPECT_EQ(fallback_chain(Precision::fp32).size(), 1u);
}

}  // namespace
}  // namespace roofline
