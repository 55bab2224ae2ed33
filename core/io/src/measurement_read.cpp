// Measurement files (tests/data/calibration/*.json): published measurements with their exact
// conditions, read into Measurement values whose scenario the model can analyse.

#include <filesystem>
#include <string>

#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"
#include "roofline/io/preset_library.h"
#include "roofline/measurement.h"

namespace roofline {
namespace {

const IntegerRule kPositive = integer_at_least(1);

std::string source_text(const Reader& r) {
  if (!r.has("source")) return {};
  const Reader s = r.child("source");
  // Appended piece by piece: `"literal" + std::string&&` trips g++ 12's -Wrestrict.
  std::string text;
  if (s.has("url")) return text.append(s.string("url")).append(": ").append(s.string("row", ""));
  text.append(s.string("repo", "")).append(" ").append(s.string("path", ""));
  if (s.has("commit")) text.append(" @").append(s.string("commit"));
  if (s.has("row")) text.append(": ").append(s.string("row"));
  if (s.has("note")) text.append(" ").append(s.string("note"));
  return text;
}

Precision precision_of(const Reader& c, std::string_view key, Precision fallback) {
  return c.enumeration(key, parse_precision, "a precision name", fallback);
}

Measurement read_one(const Reader& r, const PresetLibrary& library, const std::string& base_dir,
                     const Calibration* calibration) {
  Measurement m;
  m.id = r.string("id");
  m.source = source_text(r);
  m.conditions_incomplete = r.boolean("conditions_incomplete", false);
  m.metric = r.enumeration("metric", parse_measured_metric,
                           "op_time_s, decode_step_s, ttft_s, tpot_s, e2e_s, "
                           "output_tokens_per_s, total_tokens_per_s or allreduce_time_s",
                           MeasuredMetric::op_time_s);
  // A measured time from a nanosecond to a day, a rate up to a trillion tokens/s: 5e-324 s
  // printed "∞×" beside its prediction, 1e308 "-nan×".
  const bool rate = m.metric == MeasuredMetric::output_tokens_per_s ||
                    m.metric == MeasuredMetric::total_tokens_per_s;
  m.value = r.number("value", rate ? number_between(1e-6, 1e12, "a rate in tokens/s")
                                   : number_between(1e-9, 86400, "a time in seconds"));
  const Reader c = r.child("conditions");
  m.framework = c.string("framework", "");
  Scenario& s = m.scenario;
  auto gpu = library.gpu(c.string("gpu"));
  if (!gpu) c.fail_message("gpu", gpu.error());
  s.gpu = gpu.value();
  if (c.has("model")) {
    std::string id = c.string("model");
    const bool preset =
        std::find_if(library.models().begin(), library.models().end(),
                     [&](const PresetEntry& e) { return e.id == id; }) != library.models().end();
    if (!preset) id = (std::filesystem::path(base_dir) / id).lexically_normal().string();
    auto model = library.model(id);
    if (!model) c.fail_message("model", model.error());
    s.model = model.value();
  }
  // A phase that is neither is named ("prefil" was read as decode).
  s.phase = c.enumeration("phase", parse_phase, "\"prefill\" or \"decode\"", Phase::decode);
  s.batch = c.integer("batch", kPositive, 1);
  s.seq = c.integer("seq", kPositive, 1);
  s.tp = c.integer("tp", kPositive, 1);
  s.activations = precision_of(c, "activations", Precision::bf16);
  s.kv = precision_of(c, "kv", s.activations);
  if (c.has("weights")) s.weights = precision_of(c, "weights", Precision::bf16);
  if (calibration) s.calibration = *calibration;
  // Conditions out of roofline's ranges (a batch of 10^12) are named here, not printed in the
  // table's expected column.
  // (Without a model, an all-reduce, there is no step to validate.)
  if (std::string problem = c.has("model") ? validate(s).error() : std::string(); !problem.empty())
    c.fail_message("", "out of range: " + problem);
  if (r.has("eval")) {
    const Reader e = r.child("eval");
    if (const Json* ops = e.find("ops")) {
      if (!ops->is_array()) e.fail("ops", "a list of op names", *ops);
      for (size_t i = 0; i < ops->size(); ++i)
        m.ops.push_back(e.to_string("ops[" + std::to_string(i) + "]", (*ops)[i]));
    }
    m.isl = e.integer("isl", kPositive, c.integer("isl", kPositive, 0 + 1) - 1);
    m.osl = e.integer("osl", kPositive, c.integer("osl", kPositive, 0 + 1) - 1);
    m.bytes = e.number("bytes", positive_number("bytes"), 0);
    m.gpus = e.integer("gpus", kPositive, c.integer("n_gpus", kPositive, 1));
    m.timer_s = e.number("timer_s", number_between(0, 1, "a time in seconds"), 0);
    m.host = e.boolean("host", true);
  }
  if (m.timer_s > 0 && m.metric != MeasuredMetric::op_time_s)
    r.child("eval").fail_message("timer_s", "only an op_time_s measurement has a timer's cost");
  if (!m.host && m.metric != MeasuredMetric::decode_step_s)
    r.child("eval").fail_message("host", "only a decode_step_s step can be without host work");
  // A record whose source leaves a condition unstated is kept as published, never fitted: it
  // need not say what it cannot (its prediction then carries the reason instead).
  if (m.conditions_incomplete) return m;
  if (m.metric == MeasuredMetric::op_time_s && m.ops.empty())
    r.missing("eval.ops", "the ops an op_time_s measurement times");
  const bool needs_request = m.metric == MeasuredMetric::tpot_s ||
                             m.metric == MeasuredMetric::e2e_s ||
                             m.metric == MeasuredMetric::output_tokens_per_s ||
                             m.metric == MeasuredMetric::total_tokens_per_s;
  if (needs_request && (m.isl <= 0 || m.osl <= 0))
    r.missing("eval.isl", "isl and osl for a request metric");
  if (m.metric == MeasuredMetric::allreduce_time_s && (m.bytes <= 0 || m.gpus < 2))
    r.missing("eval.bytes", "bytes and gpus (2 or more) for an all-reduce");
  return m;
}

}  // namespace

Result<std::vector<Measurement>> parse_measurements(std::string_view json_text,
                                                    std::string_view origin,
                                                    const PresetLibrary& library,
                                                    const Calibration* calibration) {
  using R = Result<std::vector<Measurement>>;
  const std::string base_dir = std::filesystem::path(std::string(origin)).parent_path().string();
  try {
    if (std::string deep = too_deep(json_text); !deep.empty())
      return R::fail(std::string(origin) + ": " + deep);
    const Json root = Json::parse(json_text.begin(), json_text.end());
    if (!root.is_array()) return R::fail(std::string(origin) + ": expected a list of measurements");
    std::vector<Measurement> out;
    for (size_t i = 0; i < root.size(); ++i) {
      // Appended piece by piece: `"[" + std::string&&` trips g++ 12's -Wrestrict.
      std::string where("[");
      where.append(std::to_string(i)).append("]");
      if (!root[i].is_object())
        return R::fail(std::string(origin) + ": " + where + ": expected an object");
      const Reader r(root[i], origin, where + ".");
      out.push_back(read_one(r, library, base_dir.empty() ? "." : base_dir, calibration));
    }
    return R::ok(std::move(out));
  } catch (const InputError& e) {
    return R::fail(e.message);
  } catch (const nlohmann::json::exception& e) {
    return R::fail(std::string(origin) + ": " + condense_parse_error(e));
  }
}

}  // namespace roofline
