// Parsing of GPU presets and model configs (Hugging Face config.json: model_read.cpp), with
// json_reader.h's Reader: one message "ORIGIN: KEY: expected X, got Y" for any bad input.

#include <filesystem>
#include <set>
#include <string>
#include <string_view>

#include "io_internal.h"
#include "model_read.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

namespace roofline {
namespace {

// Every figure of a GPU at least a millionth of any real one's: 1 MB/s, 1 MB, 1 MFLOP/s.
const NumberRule kBandwidth = physical_quantity("byte/s", 1e6);

GpuSpec read_gpu(const Reader& r, std::string_view origin) {
  const Json& root = r.object();
  if (!root.contains("memory_bandwidth") &&
      (root.contains("num_hidden_layers") || root.contains("hidden_size"))) {
    throw InputError{std::string(origin) +
                     ": this is a model's config.json (it has num_hidden_layers or hidden_size), "
                     "not a GPU preset: load it as the model"};
  }
  GpuSpec gpu;
  gpu.id = r.string("id", std::filesystem::path(std::string(origin)).stem().string());
  gpu.name = r.string("name", gpu.id);
  gpu.vendor = r.string("vendor", "");
  gpu.source = r.string("source", "");
  gpu.memory_bandwidth_bytes_per_s = r.number("memory_bandwidth", kBandwidth);
  gpu.memory_capacity_bytes = r.number("memory_capacity", physical_quantity("bytes", 1e6));
  gpu.interconnect_bandwidth_bytes_per_s = r.optional_number("interconnect_bandwidth", kBandwidth);
  gpu.scale_up_gpus = r.optional_integer("scale_up_gpus", integer_between(1, 1'000'000, "GPUs"));
  gpu.scale_out_bandwidth_bytes_per_s = r.optional_number("scale_out_bandwidth", kBandwidth);
  if (gpu.scale_out_bandwidth_bytes_per_s && !gpu.scale_up_gpus)
    r.fail_message("scale_out_bandwidth",
                   "needs scale_up_gpus, the GPUs the interconnect joins before the scale-out "
                   "network takes over");
  // A watt to a megawatt: a board, not a milliwatt sensor or a data hall.
  gpu.board_power_w = r.optional_number("board_power", number_between(1, 1e6, "watts"));
  gpu.board_power_source = r.string("board_power_source", "");
  gpu.gpu_hour_usd = r.optional_number("gpu_hour_usd", number_between(0.0001, 10000, "US dollars"));
  gpu.gpu_hour_usd_source = r.string("gpu_hour_usd_source", "");
  if (const Json* type = r.find("memory_type")) {
    gpu.memory_type =
        r.to_enum("memory_type", *type, parse_memory_type, "one of " + memory_type_names());
  }
  gpu.unified_memory = r.boolean("unified_memory", false);
  if (const Json* c = r.find("category")) {
    gpu.device_class =
        r.to_enum("category", *c, parse_device_class, "one of " + device_class_names());
  }
  gpu.peak_flops_note = r.string("peak_flops_note", "");

  constexpr std::string_view kPeaks = "an object: precision name -> FLOP/s";
  const Json& peaks = r.at("peak_flops", kPeaks);
  if (!peaks.is_object()) r.fail("peak_flops", kPeaks, peaks);
  const Reader pr = r.child("peak_flops");
  for (const auto& [name, value] : peaks.items()) {
    auto p = parse_precision(name);
    if (!p) r.fail("peak_flops", "precision names (" + precision_names() + ")", Json(name));
    if (auto peak = pr.optional_number(name, physical_quantity("FLOP/s", 1e6)))
      gpu.set_peak(*p, *peak);
  }
  bool any_peak = false;
  for (Precision p : kAllPrecisions) any_peak = any_peak || gpu.peak(p).has_value();
  // A device whose vendor publishes no FLOP/s (Apple) may carry none, if it says so.
  if (!any_peak && gpu.peak_flops_note.empty()) {
    r.fail("peak_flops",
           "at least one precision with a peak (or a peak_flops_note saying why none)", peaks);
  }

  if (const Json* caches = r.find("caches")) {
    if (!caches->is_array()) r.fail("caches", "a list of {name, bandwidth}", *caches);
    for (size_t i = 0; i < caches->size(); ++i) {
      const Json& c = (*caches)[i];
      const std::string where = "caches[" + std::to_string(i) + "]";
      if (!c.is_object()) r.fail(where, "an object {name, bandwidth}", c);
      const Reader cr(c, origin, r.key_path(where) + ".");
      CacheCeiling ceiling;
      ceiling.name = cr.string("name", "");
      if (ceiling.name.empty()) cr.missing("name", "a non-empty string");
      ceiling.bandwidth_bytes_per_s = cr.number("bandwidth", kBandwidth);
      ceiling.derived = cr.string("derived", "");
      gpu.caches.push_back(std::move(ceiling));
    }
  }
  return gpu;
}

}  // namespace

std::string memory_type_names() {
  std::string names;
  for (MemoryType t : kAllMemoryTypes) names.append(names.empty() ? "" : ", ").append(to_string(t));
  return names;
}

std::string device_class_names() {
  std::string names;
  for (DeviceClass c : kAllDeviceClasses) {
    names.append(names.empty() ? "" : ", ").append(to_string(c));
  }
  return names;
}

std::string precision_names() {
  std::string names;
  for (Precision p : kAllPrecisions) {
    if (!names.empty()) names += ", ";
    names += to_string(p);
  }
  return names;
}

Result<GpuSpec> parse_gpu(std::string_view json_text, std::string_view origin) {
  return read_json<GpuSpec>(json_text, origin,
                            [&](const Reader& r) { return read_gpu(r, origin); });
}

Result<ModelConfig> parse_model(std::string_view json_text, std::string_view origin,
                                std::string_view id) {
  const std::string text = without_python_literals(json_text);
  return read_json<ModelConfig>(text, origin, [&](const Reader& r) {
    ModelConfig m = read_model(r, id);
    if (std::string err = validate(m).error(); !err.empty()) {
      throw InputError{std::string(origin) + ": " + err};
    }
    return m;
  });
}

}  // namespace roofline
