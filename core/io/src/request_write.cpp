// Writing requests, frontiers and predictions as JSON (spec/interfaces.md, "Additions").

#include <nlohmann/json.hpp>

#include "roofline/io/json_io.h"

namespace roofline {

namespace {
using Json = nlohmann::ordered_json;
}

std::string request_to_json(const Scenario& s, int64_t isl, int64_t osl, const RequestResult& r) {
  Json j;
  j["scenario"] = {{"gpu", s.gpu.id},
                   {"model", s.model.id},
                   {"batch", s.batch},
                   {"tp", s.tp},
                   {"isl", isl},
                   {"osl", osl},
                   {"weights", weights_text(s)},
                   {"activations", to_string(s.activations)},
                   {"kv", to_string(s.kv)},
                   {"calibration", s.calibration ? s.calibration->id : "none"}};
  j["ttft_s"] = r.ttft_s;
  j["tpot_s"] = r.tpot_s;
  j["e2e_s"] = r.e2e_s;
  j["output_tokens_per_s"] = r.output_tokens_per_s;
  j["output_tokens_per_s_per_gpu"] = r.output_tokens_per_s_per_gpu;
  j["total_tokens_per_s"] = r.total_tokens_per_s;
  j["tokens_per_s_per_user"] = r.tokens_per_s_per_user;
  j["roofline"] = {
      {"ttft_s", r.roofline_ttft_s}, {"tpot_s", r.roofline_tpot_s}, {"e2e_s", r.roofline_e2e_s}};
  j["memory"] = {{"context_tokens", isl + osl},
                 {"weights_bytes", r.weights_bytes},
                 {"kv_cache_bytes", r.kv_cache_bytes},
                 {"state_bytes", r.state_bytes},
                 {"memory_per_gpu_bytes", r.memory_per_gpu_bytes},
                 {"usable_memory_bytes", r.usable_memory_bytes},
                 {"fits_in_memory", r.fits_in_memory},
                 {"max_batch", r.max_batch}};
  j["warnings"] = r.warnings;
  return j.dump(2) + "\n";
}

std::string frontier_to_json(const std::vector<FrontierPoint>& points) {
  Json rows = Json::array();
  for (const FrontierPoint& p : points) {
    rows.push_back({{"batch", p.batch},
                    {"tp", p.tp},
                    {"precision", to_string(p.precision)},
                    {"tokens_per_s_per_user", p.tokens_per_s_per_user},
                    {"tokens_per_s_per_gpu", p.tokens_per_s_per_gpu},
                    {"tpot_s", p.tpot_s},
                    {"ttft_s", p.ttft_s},
                    {"fits", p.fits_in_memory},
                    {"pareto", p.pareto}});
  }
  return Json{{"points", rows}}.dump(2) + "\n";
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
      row["bound"] = p.bound;
    } else {
      row["error"] = p.error;
    }
    rows.push_back(std::move(row));
  }
  return rows.dump(2) + "\n";
}

}  // namespace roofline
