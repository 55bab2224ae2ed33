#include <gtest/gtest.h>

#include "roofline/io/json_io.h"

namespace roofline {
namespace {

constexpr const char* kGpu = R"({
  "id": "test-gpu", "name": "Test GPU", "vendor": "Acme",
  "memory_bandwidth": 3.35e12, "memory_capacity": 80e9,
  "peak_flops": {"bf16": 989e12, "fp8": 1979e12, "fp32": 67e12},
  "caches": [{"name": "L2", "bandwidth": 12e12}],
  "interconnect_bandwidth": 450e9,
  "board_power": 700, "board_power_source": "product page: up to 700W",
  "gpu_hour_usd": 2.5, "gpu_hour_usd_source": "a price list",
  "source": "datasheet, dense"
})";

// kGpu with one `"key": value` text replaced.
std::string with(std::string_view from, std::string_view to) {
  std::string text = kGpu;
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  return text;
}

std::string error_of(const std::string& text) {
  auto r = parse_gpu(text, "gpus/bad.json");
  EXPECT_FALSE(r) << "parsed: " << text;
  return r ? std::string() : r.error();
}

TEST(GpuJson, ParsesEveryField) {
  auto r = parse_gpu(kGpu, "gpus/test-gpu.json");
  ASSERT_TRUE(r) << r.error();
  const GpuSpec& g = r.value();
  EXPECT_EQ(g.id, "test-gpu");
  EXPECT_EQ(g.name, "Test GPU");
  EXPECT_EQ(g.vendor, "Acme");
  EXPECT_EQ(g.source, "datasheet, dense");
  EXPECT_EQ(g.memory_bandwidth_bytes_per_s, 3.35e12);
  EXPECT_EQ(g.memory_capacity_bytes, 80e9);
  EXPECT_EQ(g.peak(Precision::bf16), 989e12);
  EXPECT_EQ(g.peak(Precision::fp8), 1979e12);
  EXPECT_EQ(g.peak(Precision::fp32), 67e12);
  EXPECT_FALSE(g.peak(Precision::fp16).has_value());
  ASSERT_EQ(g.caches.size(), 1u);
  EXPECT_EQ(g.caches[0].name, "L2");
  EXPECT_EQ(g.caches[0].bandwidth_bytes_per_s, 12e12);
  EXPECT_EQ(g.interconnect_bandwidth_bytes_per_s, 450e9);
  EXPECT_EQ(g.board_power_w, 700);
  EXPECT_EQ(g.board_power_source, "product page: up to 700W");
  EXPECT_EQ(g.gpu_hour_usd, 2.5);
  EXPECT_EQ(g.gpu_hour_usd_source, "a price list");
}

// A board of a watt to a megawatt; a price of a hundredth of a cent to $10,000 an hour.
TEST(GpuJson, BoardPowerAndPriceInRange) {
  EXPECT_EQ(error_of(with("700", "0")),
            "gpus/bad.json: board_power: expected watts between 1 and 1000000, got 0");
  EXPECT_EQ(error_of(with("700", "\"700 W\"")),
            "gpus/bad.json: board_power: expected watts between 1 and 1000000, got \"700 W\"");
  EXPECT_EQ(error_of(with("2.5", "-1")),
            "gpus/bad.json: gpu_hour_usd: expected US dollars between 0.0001 and 10000, got -1");
}

TEST(GpuJson, OptionalKeysDefault) {
  auto r = parse_gpu(R"({"memory_bandwidth": 1e12, "memory_capacity": 1e10,
                         "peak_flops": {"fp16": 1e14}})",
                     "user/my-card.json");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->id, "my-card");  // the file name when the file has no "id"
  EXPECT_EQ(r->name, "my-card");
  EXPECT_TRUE(r->caches.empty());
  EXPECT_FALSE(r->interconnect_bandwidth_bytes_per_s.has_value());
  EXPECT_FALSE(r->board_power_w.has_value());
  EXPECT_FALSE(r->gpu_hour_usd.has_value());
}

TEST(GpuJson, RoundTripsThroughGpuToJson) {
  auto first = parse_gpu(kGpu, "a.json");
  ASSERT_TRUE(first);
  auto second = parse_gpu(gpu_to_json(first.value()), "b.json");
  ASSERT_TRUE(second) << second.error();
  EXPECT_EQ(first.value(), second.value());
}

TEST(GpuJson, MalformedJsonNamesFileAndPosition) {
  EXPECT_EQ(error_of("{\"id\": \"x\",\n  \"memory_bandwidth\": }"),
            "gpus/bad.json: invalid JSON at line 2, column 23: syntax error while parsing value "
            "- unexpected '}'; expected '[', '{', or a literal");
}

TEST(GpuJson, TopLevelMustBeAnObject) {
  EXPECT_EQ(error_of("[1, 2]"),
            "gpus/bad.json: expected a JSON object at the top level, got [1,2]");
}

TEST(GpuJson, WrongType) {
  EXPECT_EQ(error_of(with("3.35e12", "\"fast\"")),
            "gpus/bad.json: memory_bandwidth: expected a positive number (byte/s) of at least 1e6, "
            "got \"fast\"");
  EXPECT_EQ(error_of(with("\"Test GPU\"", "42")), "gpus/bad.json: name: expected a string, got 42");
}

TEST(GpuJson, MissingRequiredKey) {
  EXPECT_EQ(error_of(with("\"memory_capacity\": 80e9,", "")),
            "gpus/bad.json: memory_capacity: missing, expected a positive number (bytes) of at "
            "least 1e6");
  EXPECT_EQ(error_of(R"({"memory_bandwidth": 1e12, "memory_capacity": 1e10})"),
            "gpus/bad.json: peak_flops: missing, expected an object: precision name -> FLOP/s");
}

TEST(GpuJson, ZeroOrNegativeSizes) {
  EXPECT_EQ(
      error_of(with("80e9", "-1")),
      "gpus/bad.json: memory_capacity: expected a positive number (bytes) of at least 1e6, got -1");
  EXPECT_EQ(error_of(with("3.35e12", "0")),
            "gpus/bad.json: memory_bandwidth: expected a positive number (byte/s) of at least 1e6, "
            "got 0");
  EXPECT_EQ(error_of(with("989e12", "-5")),
            "gpus/bad.json: peak_flops.bf16: expected a positive number (FLOP/s) of at least 1e6, "
            "got -5");
  EXPECT_EQ(error_of(with("12e12", "0")),
            "gpus/bad.json: caches[0].bandwidth: expected a positive number (byte/s) of at least "
            "1e6, got 0");
}

TEST(GpuJson, UnknownPrecision) {
  EXPECT_EQ(error_of(with("\"fp8\"", "\"fp7\"")),
            "gpus/bad.json: peak_flops: expected precision names (fp32, tf32, bf16, fp16, fp8, "
            "int8, fp4, int4, mxfp4, nvfp4), got \"fp7\"");
}

TEST(GpuJson, NeedsAtLeastOnePeak) {
  EXPECT_EQ(error_of(R"({"memory_bandwidth": 1e12, "memory_capacity": 1e10, "peak_flops": {}})"),
            "gpus/bad.json: peak_flops: expected at least one precision with a peak (or a "
            "peak_flops_note saying why none), got {}");
}

// A device whose vendor publishes bandwidth only (Apple) loads with no roof, if it says why.
TEST(GpuJson, NoPeakWithANote) {
  auto g = parse_gpu(R"({"memory_bandwidth": 546e9, "memory_capacity": 1e11, "peak_flops": {},
                        "peak_flops_note": "Apple publishes no FLOP/s", "memory_type": "lpddr5x",
                        "unified_memory": true, "category": "consumer"})",
                     "gpus/m4.json");
  ASSERT_TRUE(g) << g.error();
  EXPECT_TRUE(has_no_roof(*g));
  EXPECT_EQ(g->peak_flops_note, "Apple publishes no FLOP/s");
  EXPECT_EQ(g->memory_type, MemoryType::lpddr5x);  // names are case-insensitive
  EXPECT_EQ(memory_text(*g), "100 GB LPDDR5X unified");
  EXPECT_EQ(g->device_class, DeviceClass::consumer);
}

TEST(GpuJson, MemoryTypeAndCategoryAreChecked) {
  EXPECT_EQ(error_of(R"({"memory_bandwidth": 1e12, "memory_capacity": 1e10,
                        "peak_flops": {"bf16": 1e14}, "memory_type": "HBM4"})"),
            "gpus/bad.json: memory_type: expected one of HBM2, HBM2e, HBM3, HBM3e, GDDR6, GDDR6X, "
            "GDDR7, LPDDR5, LPDDR5X, got \"HBM4\"");
  EXPECT_EQ(error_of(R"({"memory_bandwidth": 1e12, "memory_capacity": 1e10,
                        "peak_flops": {"bf16": 1e14}, "category": "server"})"),
            "gpus/bad.json: category: expected one of datacenter, workstation, consumer, "
            "embedded, accelerator, got \"server\"");
}

// The new keys survive a write and a read: memory type, class, note and a cache's derivation.
TEST(GpuJson, NewKeysRoundTrip) {
  GpuSpec g;
  g.id = "x";
  g.name = "X";
  g.memory_bandwidth_bytes_per_s = 1e12;
  g.memory_capacity_bytes = 1e10;
  g.set_peak(Precision::bf16, 1e14);
  g.memory_type = MemoryType::hbm3e;
  g.unified_memory = true;
  g.device_class = DeviceClass::accelerator;
  g.peak_flops_note = "no fp32 published";
  g.caches = {{"Shared memory", 3e13, "132 SMs x 128 B x 1.83 GHz"}};
  auto back = parse_gpu(gpu_to_json(g), "x.json");
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(*back, g);
}

}  // namespace
}  // namespace roofline
