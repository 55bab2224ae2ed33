// Every readout (readouts.h) through each place that iterates the tables: analyze's JSON, the
// request's JSON and CSV, lesson text and the CLI's report, on scenarios that show every row
// (decode and prefill, a calibration, tensor parallelism, MoE, recurrent state, a compare GPU).

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/lessons/lesson_text.h"
#include "roofline/readouts.h"
#include "roofline/requests.h"

namespace roofline {
namespace {

using Json = nlohmann::json;

struct Case {
  std::string flags;  // as roofline-cli takes them
  std::vector<ScenarioChange> changes;
};

// Each case with the flags the CLI gets and the same changes applied in-process.
std::vector<Case> cases() {
  return {
      {"", {}},
      {"--phase prefill --calibration h100-cuda-graphs --tp 2 --gpu-hour-usd 2.5",
       {{ChangeKey::phase, Phase::prefill},
        {ChangeKey::calibration, std::string("h100-cuda-graphs")},
        {ChangeKey::tp, int64_t{2}},
        {ChangeKey::gpu_hour_usd, 2.5}}},
      {"--model qwen3-next-80b-a3b --gpu h200 --batch 8 --seq 65536 --compare-gpu b200",
       {{ChangeKey::model, std::string("qwen3-next-80b-a3b")},
        {ChangeKey::gpu, std::string("h200")},
        {ChangeKey::batch, int64_t{8}},
        {ChangeKey::seq, int64_t{65536}},
        {ChangeKey::compare_gpu, std::string("b200")}}},
      {"--model llama-3-70b --batch 4096",
       {{ChangeKey::model, std::string("llama-3-70b")}, {ChangeKey::batch, int64_t{4096}}}},
      {"--model deepseek-v3 --gpu h200 --tp 8 --batch 16 --spec mtp --spec-tokens 3 "
       "--spec-acceptance 0.8",
       {{ChangeKey::model, std::string("deepseek-v3")},
        {ChangeKey::gpu, std::string("h200")},
        {ChangeKey::tp, int64_t{8}},
        {ChangeKey::batch, int64_t{16}},
        {ChangeKey::spec, std::string("mtp")},
        {ChangeKey::spec_tokens, int64_t{3}},
        {ChangeKey::spec_acceptance, 0.8}}},
      // A short context: the matmuls dominate, and speculation stops paying at some batch.
      {"--seq 128 --spec mtp",
       {{ChangeKey::seq, int64_t{128}}, {ChangeKey::spec, std::string("mtp")}}},
  };
}

// "{name}", appended piece by piece (g++ 12's -Wrestrict false positive on "{" + name).
std::string braced(std::string_view name) { return std::string("{").append(name).append("}"); }

Scenario scenario_of(const Case& c) {
  const PresetLibrary& lib = PresetLibrary::builtin();
  auto s = apply_changes(lib.default_scenario(), c.changes, preset_resolver(lib));
  EXPECT_TRUE(s) << s.error();
  return s.value();
}

// The value a JSON writer wrote for a readout value.
void expect_json_value(const Json& j, const ReadoutValue& v, std::string_view key) {
  if (const auto* d = std::get_if<double>(&v)) {
    if (std::isfinite(*d)) {
      EXPECT_EQ(j.get<double>(), *d) << key;
    } else {
      EXPECT_TRUE(j.is_null()) << key;
    }
  } else if (const auto* i = std::get_if<int64_t>(&v)) {
    EXPECT_EQ(j.get<int64_t>(), *i) << key;
  } else if (const auto* b = std::get_if<bool>(&v)) {
    EXPECT_EQ(j.get<bool>(), *b) << key;
  } else {
    EXPECT_EQ(j.get<std::string>(), std::get<std::string>(v)) << key;
  }
}

TEST(ReadoutsEverywhere, StepReadoutsInJsonLessonsAndReport) {
  std::set<std::string> shown_in_report, in_json, filled;
  for (const Case& c : cases()) {
    Scenario s = scenario_of(c);
    // The last case's model as from a folder whose checkpoint holds 2 % more (the checkpoint
    // row and its warning; read_checkpoint's own tests are in tests/io/checkpoint_test.cpp).
    if (c.flags == cases().back().flags)
      s.model.checkpoint_parameters = parameter_count(s.model) * 1.02;
    const Analysis a = analyze(s);
    const StepContext ctx(s, a);
    const Json json = Json::parse(analysis_to_json(s, a));
    const std::string report = analysis_table(s, a);
    const std::string markdown = analysis_markdown(s, a);
    for (const StepReadout& r : step_readouts()) {
      const std::optional<ReadoutValue> v = r.get(ctx);
      // JSON: in its object exactly when it applies, with its value.
      if (r.object != JsonObject::none) {
        const Json& object = json.at(r.object == JsonObject::hardware ? "hardware" : "totals");
        const std::string key(r.key);
        EXPECT_EQ(object.contains(key), v.has_value()) << key << " " << c.flags;
        if (v && object.contains(key)) {
          expect_json_value(object.at(key), *v, key);
          in_json.insert(key);
        }
      }
      // Lessons: {placeholder} reads as the value's text.
      if (!r.placeholder.empty()) {
        EXPECT_EQ(fill_template(braced(r.placeholder), s, a), readout_text(r.quantity, v))
            << r.placeholder << " " << c.flags;
        filled.insert(std::string(r.placeholder));
      }
      // The report: a shown row is one line, label then text; a row not shown is absent.
      if (r.shows & kReport) {
        const std::string label(step_readout_label(r, ctx));
        const std::string text = step_readout_text(r, ctx, TextStyle::table);
        std::string needle = "\n";  // built piece by piece: g++ 12's -Wrestrict false positive
        needle += label;
        needle += "  ";
        const size_t at = report.find(needle);
        if (step_readout_shown(r, ctx)) {
          ASSERT_NE(at, std::string::npos) << label << " " << c.flags << "\n" << report;
          const size_t end = report.find('\n', at + 1);
          const std::string line = report.substr(at + 1, end - at - 1);
          EXPECT_TRUE(line.ends_with("  " + text)) << line << " vs " << text;
          EXPECT_NE(markdown.find("| " + label + " "), std::string::npos) << label;
          shown_in_report.insert(label);
        } else {
          EXPECT_EQ(at, std::string::npos) << label << " " << c.flags;
        }
      }
    }
  }
  // Every row with a key, a placeholder or a report line was seen at least once.
  for (const StepReadout& r : step_readouts()) {
    if (r.object != JsonObject::none && r.key != "ttft_s") {
      EXPECT_TRUE(in_json.count(std::string(r.key))) << r.key;
    }
    if (!r.placeholder.empty()) {
      EXPECT_TRUE(filled.count(std::string(r.placeholder)));
    }
    if (r.shows & kReport) {
      EXPECT_TRUE(shown_in_report.count(std::string(r.label)) ||
                  shown_in_report.count(std::string(r.prefill_label)))
          << "never shown: " << r.label;
    }
  }
}

TEST(ReadoutsEverywhere, GroupReadoutsInJsonAndLessons) {
  const Case c = cases()[2];  // linear and full attention: per-type groups too
  const Scenario s = scenario_of(c);
  const Analysis a = analyze(s);
  const Json json = Json::parse(analysis_to_json(s, a));
  for (const GroupReadout& g : group_readouts()) {
    for (const auto& [name, group] :
         {std::pair{"fc", &a.fc}, std::pair{"attention", &a.attention},
          std::pair{"elementwise", &a.elementwise}, std::pair{"step", &a.step}}) {
      const std::optional<ReadoutValue> v = g.get(*group, a);
      if (!g.key.empty())
        expect_json_value(json.at("groups").at(name).at(std::string(g.key)), *v, g.key);
      EXPECT_EQ(fill_template(braced(std::string(name).append(".").append(g.field)), s, a),
                readout_text(g.quantity, v))
          << name << "." << g.field;
    }
  }
}

// Request readouts: the JSON's keys and bounds, the CSV's columns in table order, the table's
// labels, each with the value request() gives; the memory at the last token from the step's
// kMemory rows.
TEST(ReadoutsEverywhere, RequestReadoutsInJsonCsvAndTable) {
  for (const Case& c : {cases()[0], cases()[1]}) {
    const Scenario s = scenario_of(c);
    auto r = request(s, 1024, 256);
    ASSERT_TRUE(r) << r.error();
    const Json json = Json::parse(request_to_json(s, 1024, 256, *r));
    const test::CliRun csv = test::cli("request --isl 1024 --osl 256 --format csv " + c.flags);
    ASSERT_EQ(csv.code, 0) << csv.err;
    const test::CliRun table = test::cli("request --isl 1024 --osl 256 " + c.flags);
    ASSERT_EQ(table.code, 0) << table.err;
    std::istringstream lines(csv.out);
    std::string header, row;
    std::getline(lines, header);
    std::getline(lines, row);
    std::string expected_header = "isl,osl,batch,tp";
    for (const RequestReadout& q : request_readouts()) {
      if (q.shows & kJson) {
        // An optional row without a value (no price in the first case) is null.
        if (q.optional && q.get(*r) == 0) {
          EXPECT_TRUE(json.at(std::string(q.key)).is_null()) << q.key;
        } else {
          EXPECT_EQ(json.at(std::string(q.key)).get<double>(), q.get(*r)) << q.key;
        }
        if (q.bound_in_json) {
          EXPECT_EQ(json.at("roofline").at(std::string(q.key)).get<double>(), q.bound(*r));
        }
      }
      if ((q.shows & kCsv) && !q.csv_last) expected_header.append(",").append(q.key);
      if (q.shows & kReport) {
        EXPECT_NE(table.out.find(std::string(q.label) + "  "), std::string::npos) << q.label;
        EXPECT_NE(table.out.find(request_readout_text(q, q.get(*r), TextStyle::table)),
                  std::string::npos)
            << q.label;
      }
    }
    const StepContext last(s, r->last_step);
    for (const StepReadout& m : step_readouts()) {
      if (m.shows & kCsv) expected_header.append(",").append(m.key);
      if (m.shows & kMemory)
        expect_json_value(json.at("memory").at(std::string(m.key)), *m.get(last), m.key);
    }
    for (const RequestReadout& q : request_readouts()) {
      if ((q.shows & kCsv) && q.interval != Expected::none)
        expected_header.append(",").append(q.key).append("_low,").append(q.key).append("_high");
    }
    for (const RequestReadout& q : request_readouts())
      if ((q.shows & kCsv) && q.csv_last) expected_header.append(",").append(q.key);
    expected_header += ",dp,ep,moe_imbalance,pp";
    EXPECT_EQ(header, expected_header);
    EXPECT_EQ(std::count(row.begin(), row.end(), ','),
              std::count(header.begin(), header.end(), ','));
    // The memory line says the one sentence.
    EXPECT_NE(table.out.find(memory_text(r->memory(), s.tp, MemoryDetail::sum, true) + ": fits"),
              std::string::npos)
        << table.out;
  }
}

}  // namespace
}  // namespace roofline
