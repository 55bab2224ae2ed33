// `roofline-cli import --format json` and the "measured" object of `analyze --measured`.

#include <nlohmann/json.hpp>

#include "readout_json.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

namespace roofline {

namespace {

Json optional_number(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }
Json class_json(const std::optional<OpClass>& c) {
  return c ? Json(std::string(to_string(*c))) : Json("other");
}
}  // namespace

std::string profile_to_json(const Profile& p, const ProfileComparison& c) {
  Json j = json_header();
  j["file"] = p.file;
  j["format"] = std::string(to_string(p.format));
  if (!p.device.empty()) j["device"] = p.device;
  j["launches"] = p.launches;
  j["notes"] = p.notes;
  // What does not add up against the scenario: another device, kernels faster than the bound.
  j["warnings"] = c.warnings;
  Json kernels = Json::array();
  for (size_t i = 0; i < p.kernels.size(); ++i) {
    const MeasuredKernel& k = p.kernels[i];
    Json e;
    e["name"] = k.name;
    e["class"] = class_json(i < c.kernel_class.size() ? c.kernel_class[i] : std::nullopt);
    e["launches"] = k.launches;
    e["time_s"] = optional_number(k.time_s);
    e["flops"] = optional_number(k.flops);
    e["bytes"] = optional_number(k.bytes);
    e["intensity"] = nullptr;
    e["achieved_flops"] = nullptr;
    e["share_of_roof"] = nullptr;
    if (const MeasuredPoint* point = c.point_of(i)) {
      const MeasuredPoint& pt = *point;
      e["intensity"] = pt.intensity;
      e["achieved_flops"] = pt.achieved_flops;
      e["share_of_roof"] = pt.share_of_roof;
      e["placed_at_model_intensity"] = pt.modelled;
    }
    kernels.push_back(std::move(e));
  }
  j["kernels"] = std::move(kernels);
  Json classes = Json::array();
  for (const ClassComparison& k : c.classes) {
    classes.push_back(
        {{"class", k.label},
         {"kernels", k.kernels},
         {"launches", k.launches},
         {"measured_s", k.measured_s > 0 ? Json(k.measured_s) : Json(nullptr)},
         {"expected_s", k.expected_s},
         {"bound_s", k.bound_s},
         {"measured_share_of_roof",
          k.measured_share_of_roof > 0 ? Json(k.measured_share_of_roof) : Json(nullptr)},
         {"expected_share_of_roof", k.expected_share_of_roof}});
  }
  j["classes"] = std::move(classes);
  j["other"] = {{"kernels", c.other_kernels}, {"measured_s", c.other_s}};
  j["step"] = {{"measured_s", c.has_time ? Json(c.measured_step_s) : Json(nullptr)},
               {"expected_s", c.expected_step_s},
               {"bound_s", c.bound_step_s}};
  Json roofs = Json::array();
  for (const MeasuredRoof& r : p.roofs) {
    roofs.push_back(
        {{"name", r.name},
         {"kind", r.kind == MeasuredRoof::Kind::bandwidth ? "bandwidth" : "compute"},
         {"value", r.value},
         {"unit", r.kind == MeasuredRoof::Kind::bandwidth ? "byte/s" : "FLOP/s"},
         {"precision", r.precision ? Json(std::string(to_string(*r.precision))) : Json(nullptr)},
         {"main_memory", r.main_memory}});
  }
  j["roofs"] = std::move(roofs);
  return dump_text(j) + "\n";
}

std::string analysis_with_profile_to_json(const Scenario& s, const Analysis& a, const Profile& p,
                                          const ProfileComparison& c) {
  Json j = Json::parse(analysis_to_json(s, a));
  j["measured"] = Json::parse(profile_to_json(p, c));
  return dump_text(j) + "\n";
}

}  // namespace roofline
