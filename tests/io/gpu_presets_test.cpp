// Every GPU preset against the rules of presets/README.md: a cited source, dense figures, a
// memory type and class, the driver's capacity, plausible ridge points; and spot checks of
// datasheet figures that were once wrong (L40S INT4 sparse, H100's derived ceiling clock).

#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <set>
#include <string>

#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"

namespace roofline {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

std::vector<GpuSpec> all_gpus() {
  std::vector<GpuSpec> gpus;
  for (const PresetEntry& e : lib().gpus()) gpus.push_back(lib().gpu(e.id).value());
  return gpus;
}

TEST(GpuPresets, EachCitesItsPageAndSaysDense) {
  const std::regex page(R"((https?://|www\.)\S+)");
  for (const GpuSpec& g : all_gpus()) {
    EXPECT_TRUE(std::regex_search(g.source, page)) << g.id << ": cite the vendor page";
    EXPECT_NE(g.source.find("dense"), std::string::npos)
        << g.id << ": say whether the figures are dense";
  }
}

TEST(GpuPresets, EachHasAMemoryTypeAClassAndPositiveFiniteRoofs) {
  for (const GpuSpec& g : all_gpus()) {
    EXPECT_TRUE(g.memory_type.has_value()) << g.id;
    EXPECT_TRUE(g.device_class.has_value()) << g.id;
    EXPECT_FALSE(g.vendor.empty()) << g.id;
    for (Precision p : kAllPrecisions) {
      if (auto peak = g.peak(p)) {
        EXPECT_TRUE(std::isfinite(*peak) && *peak > 0) << g.id;
      }
    }
    // No roof at all only where the preset says what the vendor does not publish.
    if (has_no_roof(g)) {
      EXPECT_FALSE(g.peak_flops_note.empty()) << g.id;
    }
    for (const CacheCeiling& c : g.caches) {
      EXPECT_GT(c.bandwidth_bytes_per_s, g.memory_bandwidth_bytes_per_s) << g.id << " " << c.name;
    }
  }
}

// Ridge points (peak / bandwidth) of real chips lie between ~1 FLOP/byte (FP32 on an HBM part)
// and ~2,000 (FP4 on Blackwell); a 16-bit ridge outside 20..1,000 is a unit or sparsity slip.
TEST(GpuPresets, RidgePointsArePlausible) {
  for (const GpuSpec& g : all_gpus()) {
    for (Precision p : kAllPrecisions) {
      const auto peak = g.peak(p);
      if (!peak) continue;
      const double ridge = *peak / g.memory_bandwidth_bytes_per_s;
      EXPECT_GE(ridge, 1.0) << g.id << " " << to_string(p);
      EXPECT_LE(ridge, 2500.0) << g.id << " " << to_string(p);
      if (p == Precision::bf16 || p == Precision::fp16) {
        EXPECT_GE(ridge, 20.0) << g.id << " " << to_string(p);
        EXPECT_LE(ridge, 1000.0) << g.id << " " << to_string(p);
      }
    }
  }
}

TEST(GpuPresets, NoTwoShareAnIdOrAName) {
  std::set<std::string> ids, names;
  for (const GpuSpec& g : all_gpus()) {
    EXPECT_TRUE(ids.insert(g.id).second) << g.id;
    EXPECT_TRUE(names.insert(g.name).second) << g.name;
  }
}

// Capacity is what the driver reports (nvidia-smi / rocm-smi totals, or binary GiB where none
// was found): never below the marketed decimal GB of the name, never above its binary GiB.
TEST(GpuPresets, CapacityIsTheDriversNotTheMarketingGigabytes) {
  const std::regex gb(R"((\d+)GB)");
  for (const GpuSpec& g : all_gpus()) {
    std::smatch m;
    if (!std::regex_search(g.name, m, gb)) continue;  // "TPU v5e (per chip)"
    const double marketed = std::stod(m[1].str()) * 1e9;
    EXPECT_GE(g.memory_capacity_bytes, marketed) << g.id;
    EXPECT_LE(g.memory_capacity_bytes, marketed / 1e9 * 1073741824.0) << g.id;
  }
  // The driver totals the issue lists, byte for byte (MiB x 1,048,576).
  EXPECT_EQ(lib().gpu("h100-sxm")->memory_capacity_bytes, 81559.0 * 1048576);
  EXPECT_EQ(lib().gpu("h200")->memory_capacity_bytes, 143771.0 * 1048576);
  EXPECT_EQ(lib().gpu("b200")->memory_capacity_bytes, 183359.0 * 1048576);
  EXPECT_EQ(lib().gpu("a100-80gb-sxm")->memory_capacity_bytes, 81920.0 * 1048576);
  EXPECT_EQ(lib().gpu("a100-40gb")->memory_capacity_bytes, 40960.0 * 1048576);
  EXPECT_EQ(lib().gpu("rtx-4090")->memory_capacity_bytes, 24564.0 * 1048576);
  EXPECT_EQ(lib().gpu("mi300x")->memory_capacity_bytes, 205822885888.0);
}

TEST(GpuPresets, DatasheetSpotChecks) {
  // L40S datasheet "INT4 733 | 1,466*": the dense figure, not the sparse one.
  EXPECT_EQ(lib().gpu("l40s")->peak(Precision::int4), 733e12);
  // H100's shared-memory ceiling at the clock its 989.4 TFLOPS BF16 roof implies:
  // 989.4e12 / (132 SMs x 4,096 FLOP/clock) = 1.83 GHz; 132 x 128 B x 1.83 GHz = 30.92 TB/s.
  const GpuSpec h100 = lib().gpu("h100-sxm").value();
  ASSERT_EQ(h100.caches.size(), 1u);
  EXPECT_EQ(h100.caches[0].bandwidth_bytes_per_s, 30.92e12);
  EXPECT_NE(h100.caches[0].derived.find("1.83 GHz"), std::string::npos);
  // B200: the HGX page's per-GPU 7.7 TB/s (the DGX sheet's 64 TB/s / 8 = 8 is not used).
  EXPECT_EQ(lib().gpu("b200")->memory_bandwidth_bytes_per_s, 7.7e12);
  // B300 cut INT8: 307 TOPS with sparsity on the Blackwell Ultra datasheet, 153.5 dense.
  EXPECT_EQ(lib().gpu("b300")->peak(Precision::int8), 153.5e12);
  // B300 prints FP4 as "18 | 14" PFLOPS (sparse | dense): 14, not 18 / 2.
  EXPECT_EQ(lib().gpu("b300")->peak(Precision::fp4), 14e15);
  // AMD's FP4 is OCP MXFP4: the MI355X carries it under mxfp4, not a generic fp4.
  const GpuSpec mi355 = lib().gpu("mi355x").value();
  EXPECT_EQ(mi355.peak(Precision::mxfp4), 10066.4e12);
  EXPECT_FALSE(mi355.peak(Precision::fp4).has_value());
  // GeForce: bf16 at the FP32-accumulate rate (RTX 5090 209.5, half the FP16-accumulate 419).
  EXPECT_EQ(lib().gpu("rtx-5090")->peak(Precision::bf16), 209.5e12);
  // Memory types people see: GDDR on the consumer cards, not HBM.
  EXPECT_EQ(lib().gpu("rtx-4090")->memory_type, MemoryType::gddr6x);
  EXPECT_EQ(lib().gpu("l4")->memory_type, MemoryType::gddr6);
  EXPECT_EQ(lib().gpu("rtx-5090")->memory_type, MemoryType::gddr7);
}

// Apple publishes bandwidth and no FLOP/s: the preset carries no roof and says so, and the
// analysis refuses to invent one.
// Board power (MODEL.md §16): a cited figure where the vendor publishes one, between the
// smallest and largest boards; none for Apple's chips and Google's TPUs, whose makers publish none.
TEST(GpuPresets, BoardPowerIsCitedOrAbsent) {
  const std::set<std::string> unpublished = {"apple-m3-ultra", "apple-m4-max", "tpu-v5e",
                                             "tpu-v6e"};
  for (const GpuSpec& g : all_gpus()) {
    if (unpublished.count(g.id)) {
      EXPECT_FALSE(g.board_power_w.has_value()) << g.id;
      continue;
    }
    ASSERT_TRUE(g.board_power_w.has_value()) << g.id;
    EXPECT_GE(*g.board_power_w, 15) << g.id;
    EXPECT_LE(*g.board_power_w, 1500) << g.id;
    EXPECT_FALSE(g.board_power_source.empty()) << g.id;
  }
  // The datasheets' own figures (presets/gpus/*.json cite each).
  EXPECT_EQ(lib().gpu("h100-sxm")->board_power_w, 700);   // "Up to 700W (configurable)"
  EXPECT_EQ(lib().gpu("h100-pcie")->board_power_w, 350);  // product brief PB-11133-001_v02
  EXPECT_EQ(lib().gpu("mi300x")->board_power_w, 750);     // "Total Board Power (TBP) 750W Peak"
  EXPECT_EQ(lib().gpu("l4")->board_power_w, 72);
  EXPECT_EQ(lib().gpu("b200")->board_power_w, 1000);
}

TEST(GpuPresets, BandwidthOnlyDevicesSayWhatTheyCannotShow) {
  for (const char* id : {"apple-m3-ultra", "apple-m4-max", "a10g"}) {
    const GpuSpec g = lib().gpu(id).value();
    EXPECT_TRUE(has_no_roof(g)) << id;
    EXPECT_FALSE(g.peak_flops_note.empty()) << id;
    Scenario s = lib().default_scenario();
    s.gpu = g;
    const Analysis a = analyze(s);
    EXPECT_TRUE(a.ops.empty()) << id;
    ASSERT_FALSE(a.warnings.empty()) << id;
    EXPECT_NE(a.warnings.front().find(g.peak_flops_note), std::string::npos) << id;
  }
  EXPECT_TRUE(lib().gpu("apple-m4-max")->unified_memory);
  EXPECT_EQ(memory_text(lib().gpu("apple-m4-max").value()), "137 GB LPDDR5X unified");
}

// The GPU list's order: data centre first, then workstation, consumer, embedded, other
// accelerators; vendors A-Z inside a class.
TEST(GpuPresets, GroupedOrder) {
  const std::vector<GpuSpec> gpus = all_gpus();
  const std::vector<size_t> order = grouped_order(gpus);
  ASSERT_EQ(order.size(), gpus.size());
  for (size_t i = 1; i < order.size(); ++i) {
    const GpuSpec &a = gpus[order[i - 1]], &b = gpus[order[i]];
    ASSERT_LE(*a.device_class, *b.device_class) << a.id << " before " << b.id;
    if (a.device_class == b.device_class) {
      EXPECT_LE(a.vendor, b.vendor) << a.id << " " << b.id;
    }
  }
  EXPECT_EQ(gpus[order.front()].device_class, DeviceClass::datacenter);
  EXPECT_EQ(gpus[order.back()].device_class, DeviceClass::accelerator);
  EXPECT_EQ(group_title(lib().gpu("tpu-v6e").value()), "Other accelerators · Google");
}

}  // namespace
}  // namespace roofline
