// Writing requests, frontiers and predictions as JSON (spec/interfaces.md, "Additions").

#include <nlohmann/json.hpp>

#include "readout_json.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"

namespace roofline {

std::string request_to_json(const Scenario& s, int64_t isl, int64_t osl, const RequestResult& r) {
  Json j = json_header();
  j["scenario"] = {{"gpu", s.gpu.id},
                   {"model", s.model.id},
                   {"batch", s.batch},
                   {"tp", s.tp},
                   {"dp", s.dp},
                   {"ep", s.ep},
                   {"moe_imbalance", s.moe_imbalance},
                   {"pp", s.pp},
                   {"isl", isl},
                   {"osl", osl},
                   {"weights", weights_text(s)},
                   {"activations", to_string(s.activations)},
                   {"kv", to_string(s.kv)},
                   {"calibration", s.calibration ? s.calibration->id : "none"},
                   {"gpu_hour_usd", s.gpu_hour_usd},  // the knob: 0 takes the GPU's own price
                   // What cost and energy were counted with (null: none, so neither is).
                   {"gpu_hour_price_usd", gpu_hour_price(s) ? Json(*gpu_hour_price(s)) : Json()},
                   {"board_power_w", s.gpu.board_power_w ? Json(*s.gpu.board_power_w) : Json()}};
  // The readouts (readouts.h): expected values, their bounds, the memory at the last token.
  Json bounds = Json::object();
  for (const RequestReadout& row : request_readouts()) {
    if (!(row.shows & kJson)) continue;
    if (row.optional && !(row.get(r) > 0)) {
      j[std::string(row.key)] = nullptr;
    } else {
      j[std::string(row.key)] = row.get(r);
    }
    if (const auto iv = request_readout_interval(row, r, s.calibration ? &*s.calibration : nullptr))
      put_interval(j, row.key, *iv);
    if (row.bound_in_json) bounds[std::string(row.key)] = row.bound(r);  // never optional
  }
  j["roofline"] = std::move(bounds);
  Json memory = {{"context_tokens", isl + osl}};
  const Json at_last_token =
      step_object_json(StepContext(s, r.last_step), JsonObject::none, kMemory);
  for (const auto& [key, value] : at_last_token.items()) memory[key] = value;
  j["memory"] = std::move(memory);
  j["warnings"] = r.warnings;
  return dump_text(j) + "\n";
}

std::string frontier_to_json(const std::vector<FrontierPoint>& points, const Calibration* c) {
  Json rows = Json::array();
  for (const FrontierPoint& p : points) {
    Json row = {{"batch", p.batch}, {"tp", p.tp}, {"dp", p.dp},
                {"ep", p.ep},       {"pp", p.pp}, {"precision", to_string(p.precision)}};
    for (const FrontierExpected& f : kFrontierExpected) {
      if (f.optional && !(p.*f.value > 0)) {
        row[std::string(f.key)] = nullptr;
      } else {
        row[std::string(f.key)] = p.*f.value;
      }
      const CalibrationError* e = interval_of(c, f.kind);
      if (e && p.*f.value > 0) put_interval(row, f.key, interval_around(p.*f.value, *e, f.rate));
    }
    row["fits"] = p.fits_in_memory;
    row["pareto"] = p.pareto;
    rows.push_back(std::move(row));
  }
  Json j = json_header();
  j["points"] = std::move(rows);
  return dump_text(j) + "\n";
}

std::string predictions_to_json(const std::vector<Measurement>& measurements,
                                const std::vector<Prediction>& predictions) {
  Json rows = Json::array();
  for (size_t i = 0; i < measurements.size(); ++i) {
    const Measurement& m = measurements[i];
    const Prediction& p = predictions[i];
    Json row = {{"id", m.id},
                {"metric", to_string(m.metric)},
                {"gpu", m.scenario.gpu.id},
                {"framework", m.framework},
                {"source", m.source},
                {"conditions_incomplete", m.conditions_incomplete},
                {"measured", m.value}};
    if (p.error.empty()) {
      row["expected"] = p.expected;
      if (p.interval.low > 0) put_interval(row, "expected", p.interval);
      row["bound"] = p.bound;
    } else {
      row["error"] = p.error;
    }
    rows.push_back(std::move(row));
  }
  return dump_text(rows) + "\n";
}

}  // namespace roofline
