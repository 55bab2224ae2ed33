#pragma once
// A GPU: its roofs (peak FLOP/s per precision, memory bandwidth), capacity and links.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/precision.h"

namespace roofline {

// The memory technology behind memory_bandwidth (shown beside the capacity: "80 GB HBM3").
enum class MemoryType { hbm2, hbm2e, hbm3, hbm3e, gddr6, gddr6x, gddr7, lpddr5, lpddr5x };

inline constexpr std::array<MemoryType, 9> kAllMemoryTypes = {
    MemoryType::hbm2,  MemoryType::hbm2e,  MemoryType::hbm3,
    MemoryType::hbm3e, MemoryType::gddr6,  MemoryType::gddr6x,
    MemoryType::gddr7, MemoryType::lpddr5, MemoryType::lpddr5x};

// As vendors write it: "HBM3e", "GDDR6X", "LPDDR5X".
std::string_view to_string(MemoryType t);
// Case-insensitive; nullopt for anything else.
std::optional<MemoryType> parse_memory_type(std::string_view name);

// The class a device is sold in; the GPU list groups by it.
enum class DeviceClass { datacenter, workstation, consumer, embedded, accelerator };

inline constexpr std::array<DeviceClass, 5> kAllDeviceClasses = {
    DeviceClass::datacenter, DeviceClass::workstation, DeviceClass::consumer, DeviceClass::embedded,
    DeviceClass::accelerator};

// The JSON name: "datacenter", "workstation", "consumer", "embedded", "accelerator".
std::string_view to_string(DeviceClass c);
std::optional<DeviceClass> parse_device_class(std::string_view name);
// A heading for lists: "Data centre GPUs", "Other accelerators".
std::string_view device_class_title(DeviceClass c);

// A faster memory level (L2, shared memory) drawn as an extra bandwidth ceiling.
struct CacheCeiling {
  std::string name;
  double bandwidth_bytes_per_s = 0;
  // How the figure was derived when no vendor prints it ("132 SMs x 128 B/clock x 1.83 GHz");
  // empty for a published figure.
  std::string derived;

  bool operator==(const CacheCeiling&) const = default;
};

struct GpuSpec {
  std::string id;
  std::string name;
  std::string vendor;
  std::string source;  // where the numbers come from (datasheet, dense or sparse)
  double memory_bandwidth_bytes_per_s = 0;
  double memory_capacity_bytes = 0;
  std::optional<MemoryType> memory_type;  // nullopt: not given (a user file)
  bool unified_memory = false;            // shared with the CPU (Apple, DGX Spark, Jetson)
  std::optional<DeviceClass> device_class;
  // What the vendor does not publish ("Apple publishes no FLOP/s for its GPUs"): said wherever a
  // roof is missing, instead of inventing one.
  std::string peak_flops_note;
  // Dense peak per precision; nullopt where the GPU has no such roof.
  std::array<std::optional<double>, kAllPrecisions.size()> peak_flops{};
  std::vector<CacheCeiling> caches;
  // Per direction; nullopt when the preset gives none (tensor parallel time is then not counted).
  std::optional<double> interconnect_bandwidth_bytes_per_s;
  // The scale-up domain (core/MODEL.md §17): how many GPUs the link above joins (an NVLink /
  // NVSwitch node or rack, an Infinity Fabric node), and the bandwidth per GPU and direction of
  // the scale-out network beyond it (InfiniBand / RoCE NICs). nullopt where the preset cites none:
  // then every GPU counts as on the link above (a warning says so where a layout is wider).
  std::optional<int64_t> scale_up_gpus;
  std::optional<double> scale_out_bandwidth_bytes_per_s;
  // The vendor's maximum board power (TDP, TBP) in watts, the ceiling of what the board draws:
  // energy per token is counted at it (core/MODEL.md §16). nullopt where none is published.
  std::optional<double> board_power_w;
  std::string board_power_source;  // the datasheet and its wording
  // A published on-demand price of one GPU-hour in US dollars, the default of the scenario's
  // gpu_hour_usd; nullopt where the preset cites none.
  std::optional<double> gpu_hour_usd;
  std::string gpu_hour_usd_source;  // the price list, instance, region and date seen

  std::optional<double> peak(Precision p) const { return peak_flops[static_cast<size_t>(p)]; }
  void set_peak(Precision p, double flops_per_s) {
    peak_flops[static_cast<size_t>(p)] = flops_per_s;
  }

  bool operator==(const GpuSpec&) const = default;
};

// "80 GB HBM3", "128 GB LPDDR5X unified", "24 GB" (no type given).
std::string memory_text(const GpuSpec& gpu);

// The order GPU lists show `gpus` in: by class (data centre, workstation, consumer, embedded,
// other accelerators, then unclassified), then vendor A-Z, keeping the given order within a group.
std::vector<size_t> grouped_order(const std::vector<GpuSpec>& gpus);

// The heading of the group a GPU is listed under: "Data centre GPUs · NVIDIA".
std::string group_title(const GpuSpec& gpu);

// True when the GPU has no compute roof at all (a preset that carries only bandwidth).
bool has_no_roof(const GpuSpec& gpu);

// The roof a step of math precision `wanted` runs on: the first precision of
// fallback_chain(wanted) that the GPU has. nullopt if it has none of them.
std::optional<Precision> resolve_roof(const GpuSpec& gpu, Precision wanted);

// attainable(I) = min(peak, I * bandwidth).
double attainable_flops(double intensity, double peak_flops, double bandwidth_bytes_per_s);

// How a group of GPUs talks (core/MODEL.md §17): a ring (all-reduce, all-gather, a send between
// pipeline stages) or an all-to-all.
enum class Collective { ring, all_to_all };

struct LinkTime {
  double seconds = 0;      // at the links' full bandwidth
  bool scale_out = false;  // some of it crosses the scale-out network
  // The GPU gives no figure for what the layout needs (no scale-up domain while the layout is
  // wider than 8 GPUs, or no scale-out bandwidth beyond its domain): counted on the interconnect,
  // which is too fast; the words say which.
  std::string missing;
};

// The time `bytes`, sent by each GPU of an aligned group of `group` contiguous GPUs in a layout
// of `layout` GPUs, take on `gpu`'s links (its interconnect_bandwidth must be set). Within one
// scale-up domain of D GPUs: the interconnect. A group that spans domains (layout > D and D not a
// multiple of the group) has a smallest piece of r = gcd(group, D) GPUs in one domain: an
// all-to-all sends (group − r)/(group − 1) of its bytes out over the scale-out network while the
// rest crosses the interconnect (the slower part sets the time); a ring sends all of them at the
// scale-out bandwidth (its slowest link).
LinkTime link_time(const GpuSpec& gpu, int64_t group, int64_t layout, double bytes, Collective c);

// Ridge point peak / bandwidth, in FLOP/byte.
double ridge_point(double peak_flops, double bandwidth_bytes_per_s);

}  // namespace roofline
