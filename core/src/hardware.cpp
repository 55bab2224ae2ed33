#include "roofline/hardware.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "roofline/units.h"

namespace roofline {

namespace {

bool same_letters(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::string_view to_string(MemoryType t) {
  switch (t) {
    case MemoryType::hbm2:
      return "HBM2";
    case MemoryType::hbm2e:
      return "HBM2e";
    case MemoryType::hbm3:
      return "HBM3";
    case MemoryType::hbm3e:
      return "HBM3e";
    case MemoryType::gddr6:
      return "GDDR6";
    case MemoryType::gddr6x:
      return "GDDR6X";
    case MemoryType::gddr7:
      return "GDDR7";
    case MemoryType::lpddr5:
      return "LPDDR5";
    case MemoryType::lpddr5x:
      return "LPDDR5X";
  }
  return "";
}

std::optional<MemoryType> parse_memory_type(std::string_view name) {
  for (MemoryType t : kAllMemoryTypes) {
    if (same_letters(name, to_string(t))) return t;
  }
  return std::nullopt;
}

std::string_view to_string(DeviceClass c) {
  switch (c) {
    case DeviceClass::datacenter:
      return "datacenter";
    case DeviceClass::workstation:
      return "workstation";
    case DeviceClass::consumer:
      return "consumer";
    case DeviceClass::embedded:
      return "embedded";
    case DeviceClass::accelerator:
      return "accelerator";
  }
  return "";
}

std::optional<DeviceClass> parse_device_class(std::string_view name) {
  for (DeviceClass c : kAllDeviceClasses) {
    if (name == to_string(c)) return c;
  }
  return std::nullopt;
}

std::string_view device_class_title(DeviceClass c) {
  switch (c) {
    case DeviceClass::datacenter:
      return "Data centre GPUs";
    case DeviceClass::workstation:
      return "Workstation";
    case DeviceClass::consumer:
      return "Consumer (GeForce, Mac)";
    case DeviceClass::embedded:
      return "Embedded";
    case DeviceClass::accelerator:
      return "Other accelerators";
  }
  return "";
}

std::string memory_text(const GpuSpec& gpu) {
  std::string text = format_bytes(gpu.memory_capacity_bytes);
  if (gpu.memory_type) text.append(" ").append(to_string(*gpu.memory_type));
  if (gpu.unified_memory) text.append(" unified");
  return text;
}

std::vector<size_t> grouped_order(const std::vector<GpuSpec>& gpus) {
  std::vector<size_t> order(gpus.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto rank = [](const GpuSpec& g) {
    return g.device_class ? static_cast<int>(*g.device_class)
                          : static_cast<int>(kAllDeviceClasses.size());
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const GpuSpec &x = gpus[a], &y = gpus[b];
    if (rank(x) != rank(y)) return rank(x) < rank(y);
    return x.vendor < y.vendor;
  });
  return order;
}

std::string group_title(const GpuSpec& gpu) {
  std::string title(gpu.device_class ? device_class_title(*gpu.device_class) : "Other devices");
  if (!gpu.vendor.empty()) title.append(" · ").append(gpu.vendor);
  return title;
}

bool has_no_roof(const GpuSpec& gpu) {
  return std::none_of(gpu.peak_flops.begin(), gpu.peak_flops.end(),
                      [](const std::optional<double>& p) { return p.has_value(); });
}

std::optional<Precision> resolve_roof(const GpuSpec& gpu, Precision wanted) {
  for (Precision p : fallback_chain(wanted)) {
    if (gpu.peak(p)) return p;
  }
  return std::nullopt;
}

double attainable_flops(double intensity, double peak_flops, double bandwidth_bytes_per_s) {
  return std::min(peak_flops, intensity * bandwidth_bytes_per_s);
}

LinkTime link_time(const GpuSpec& gpu, int64_t group, int64_t layout, double bytes, Collective c) {
  const double up = gpu.interconnect_bandwidth_bytes_per_s.value_or(0);
  LinkTime out;
  out.seconds = up > 0 ? bytes / up : 0;
  if (!gpu.scale_up_gpus) {
    if (layout > 8)
      out.missing = gpu.name + " gives no scale-up domain size: all " + std::to_string(layout) +
                    " GPUs are counted on its interconnect, which is faster than the network "
                    "between nodes";
    return out;
  }
  const int64_t domain = *gpu.scale_up_gpus;
  if (layout <= domain || group < 2 || domain % group == 0) return out;
  if (!gpu.scale_out_bandwidth_bytes_per_s) {
    out.missing = gpu.name + " gives no scale-out bandwidth: GPUs beyond its " +
                  std::to_string(domain) +
                  "-GPU scale-up domain are counted on its interconnect, which is faster than "
                  "the network between domains";
    return out;
  }
  out.scale_out = true;
  const double scale_out = std::min(up, *gpu.scale_out_bandwidth_bytes_per_s);
  if (c == Collective::ring) {
    out.seconds = bytes / scale_out;
    return out;
  }
  const double g = static_cast<double>(group), r = static_cast<double>(std::gcd(group, domain));
  const double outside = (g - r) / (g - 1);
  out.seconds = std::max(bytes * (1 - outside) / up, bytes * outside / scale_out);
  return out;
}

double ridge_point(double peak_flops, double bandwidth_bytes_per_s) {
  return peak_flops / bandwidth_bytes_per_s;
}

}  // namespace roofline
