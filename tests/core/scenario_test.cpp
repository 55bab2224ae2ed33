#include "roofline/scenario.h"

#include <gtest/gtest.h>

#include "test_fixtures.h"

namespace roofline {
namespace {

using namespace roofline::testing;

TEST(Scenario, PhaseNames) {
  EXPECT_EQ(to_string(Phase::decode), "decode");
  EXPECT_EQ(to_string(Phase::prefill), "prefill");
  EXPECT_EQ(parse_phase("decode"), Phase::decode);
  EXPECT_EQ(parse_phase("prefill"), Phase::prefill);
  EXPECT_FALSE(parse_phase("Decode").has_value());
}

TEST(Scenario, Defaults) {
  Scenario s;
  EXPECT_EQ(s.phase, Phase::decode);
  EXPECT_TRUE(s.flash_attention);
  EXPECT_FALSE(s.fuse_elementwise);
  EXPECT_EQ(s.tp, 1);
  EXPECT_EQ(s.memory_utilization, 0.9);
}

TEST(Scenario, ValidateAcceptsInRange) {
  EXPECT_EQ(validate(decode(h100_sxm(), llama3_8b(), 1, 1)), "");
  EXPECT_EQ(validate(decode(h100_sxm(), llama3_8b(), kMaxBatch, kMaxSeq)), "");
}

TEST(Scenario, ValidateNamesTheKey) {
  Scenario s = decode(h100_sxm(), llama3_8b(), 0, 1024);
  EXPECT_NE(validate(s).error().find("batch"), std::string::npos) << validate(s);
  s = decode(h100_sxm(), llama3_8b(), kMaxBatch + 1, 1024);
  EXPECT_NE(validate(s).error().find("batch"), std::string::npos) << validate(s);
  s = decode(h100_sxm(), llama3_8b(), 1, 0);
  EXPECT_NE(validate(s).error().find("seq"), std::string::npos) << validate(s);
  s = decode(h100_sxm(), llama3_8b(), 1, 1024);
  s.tp = 0;
  EXPECT_NE(validate(s).error().find("tp"), std::string::npos) << validate(s);
  s.tp = 1;
  s.compute_efficiency = 0;
  EXPECT_NE(validate(s).error().find("compute_efficiency"), std::string::npos) << validate(s);
  s.compute_efficiency = 1;
  s.memory_efficiency = 1.5;
  EXPECT_NE(validate(s).error().find("memory_efficiency"), std::string::npos) << validate(s);
  s.memory_efficiency = 1;
  s.memory_utilization = 0;
  EXPECT_NE(validate(s).error().find("memory_utilization"), std::string::npos) << validate(s);
}

TEST(Scenario, ValidateExampleMessage) {
  // scenario.h: "batch must be between 1 and 1000000, got 0"
  EXPECT_EQ(validate(decode(h100_sxm(), llama3_8b(), 0, 1024)),
            "batch must be between 1 and 1000000, got 0");
}

}  // namespace
}  // namespace roofline
