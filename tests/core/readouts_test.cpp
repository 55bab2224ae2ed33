// The readouts tables (readouts.h): each row's text by hand, the memory sentences, the status
// line's pieces, and the tables' own consistency. tests/cli/readouts_cli_test.cpp takes every
// row through JSON, CSV, lesson text and the CLI's report.

#include "roofline/readouts.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "roofline/knobs.h"
#include "test_fixtures.h"

namespace roofline {
namespace {

using testing::h100_sxm;
using testing::llama3_8b;

// Llama 3 8B decode, batch 1, context 1024, bf16 on an H100 SXM of 80 GB (the fixture's
// datasheet figure, 72 GB usable at 90 %).
Scenario llama_decode() {
  Scenario s;
  s.gpu = h100_sxm();
  s.model = llama3_8b();
  s.batch = 1;
  s.seq = 1024;
  return s;
}

TEST(Readouts, EachQuantityReadsAsItsFormatter) {
  EXPECT_EQ(readout_text(Quantity::time, 4.52e-3), "4.52 ms");
  EXPECT_EQ(readout_text(Quantity::bytes, 16.06e9), "16.1 GB");
  EXPECT_EQ(readout_text(Quantity::flop_rate, 989e12), "989 TFLOP/s");
  EXPECT_EQ(readout_text(Quantity::intensity, 295.2), "295 FLOP/B");
  EXPECT_EQ(readout_text(Quantity::percent, 0.7), "70%");
  EXPECT_EQ(readout_text(Quantity::ratio, 1.4312), "1.43×");
  // Parameters as people say them, but every digit in a table whose label names the unit.
  EXPECT_EQ(readout_text(Quantity::parameters, 8030261248.0), "8.03 B");
  EXPECT_EQ(readout_text(Quantity::parameters, 8030261248.0, TextStyle::table), "8,030,261,248");
  EXPECT_EQ(readout_text(Quantity::token_rate, 221.2), "221 tokens/s");
  EXPECT_EQ(readout_text(Quantity::token_rate, 221.2, TextStyle::table), "221");
  EXPECT_EQ(readout_text(Quantity::count, int64_t{1024}), "1,024");
  EXPECT_EQ(readout_text(Quantity::flag, true), "yes");
  EXPECT_EQ(readout_text(Quantity::text, std::string("memory")), "memory");
  // A readout that does not apply (TTFT in decode) reads as a dash.
  EXPECT_EQ(readout_text(Quantity::time, std::nullopt), "–");
}

// Llama 3 8B: 8,030,261,248 parameters, 16.06 GB in bf16; its KV cache holds 32 layers × 8 KV
// heads × 128 × 2 (K and V) × 2 bytes = 131,072 bytes a token, 134 MB at 1,024 tokens.
TEST(Readouts, MemoryIsSaidOnce) {
  const Scenario s = llama_decode();
  const Analysis a = analyze(s);
  EXPECT_EQ(memory_text(a.totals, 1, MemoryDetail::sum, true), "16.2 GB of 72.0 GB usable");
  EXPECT_EQ(memory_text(a.totals, 1, MemoryDetail::parts, true),
            "16.1 GB weights + 134 MB KV = 16.2 GB of 72.0 GB usable");
  EXPECT_EQ(memory_fit(a.totals).text, "fits");
  EXPECT_EQ(memory_fit(a.totals).severity, Severity::info);

  Scenario two = s;
  two.tp = 2;
  const Analysis b = analyze(two);
  // Per GPU: half of everything, said after the sum where the sentence says it.
  EXPECT_EQ(memory_text(b.totals, 2, MemoryDetail::parts, true),
            "8.03 GB weights + 67.1 MB KV = 8.10 GB per GPU of 72.0 GB usable");
  EXPECT_EQ(memory_text(b.totals, 2, MemoryDetail::sum, false), "8.10 GB of 72.0 GB usable");

  // 16.06 GB of weights and 2,000 sequences × 134 MB of cache: 284 GB, far past 72 GB.
  Scenario big = s;
  big.batch = 2000;
  const Analysis c = analyze(big);
  EXPECT_EQ(memory_fit(c.totals).text, "does not fit");
  EXPECT_EQ(memory_fit(c.totals).severity, Severity::error);
  EXPECT_EQ(memory_warning(big, c.totals),
            "weights + KV cache need 284 GB per GPU, more than the 72.0 GB usable (80.0 GB x 90%)");
  EXPECT_EQ(max_batch_text(0), "0 (the weights alone do not fit)");
  EXPECT_EQ(max_batch_text(453), "453");
}

// The status line's pieces in table order, each its short label and line text.
TEST(Readouts, StatusLinePieces) {
  const Scenario s = llama_decode();
  const Analysis a = analyze(s);
  const StepContext ctx(s, a);
  const std::vector<StatusPiece> pieces = status_pieces(ctx, kStatus);
  ASSERT_EQ(pieces.size(), 4u);
  EXPECT_EQ(pieces[0].text, "Step " + readout_text(Quantity::time, a.totals.time_s));
  EXPECT_EQ(pieces[1].text, readout_text(Quantity::token_rate, a.totals.tokens_per_s));
  // Decode at batch 1: one sequence gets every token, 1 / step time.
  EXPECT_EQ(pieces[2].text,
            readout_text(Quantity::token_rate, a.totals.tokens_per_s) + " per sequence");
  EXPECT_EQ(pieces[3].text, "Memory 16.1 GB weights + 134 MB KV = 16.2 GB of 72.0 GB usable");
  EXPECT_EQ(status_pieces(ctx, kStatus, TextStyle::brief)[3].text,
            "Memory 16.2 GB of 72.0 GB usable");

  // Prefill: TTFT instead of the per-sequence rate; tokens are prompt tokens.
  Scenario p = s;
  p.phase = Phase::prefill;
  const Analysis pa = analyze(p);
  const StepContext pctx(p, pa);
  const std::vector<StatusPiece> prefill = status_pieces(pctx, kStatus);
  ASSERT_EQ(prefill.size(), 4u);
  EXPECT_EQ(prefill[1].text, "TTFT " + readout_text(Quantity::time, pa.totals.ttft_s));
  EXPECT_EQ(prefill[2].text,
            readout_text(Quantity::token_rate, pa.totals.tokens_per_s) + " (prompt)");

  // Past the memory: the memory piece is an error and says so.
  Scenario big = s;
  big.batch = 2000;
  const Analysis ba = analyze(big);
  const std::vector<StatusPiece> over = status_pieces(StepContext(big, ba), kStatus);
  EXPECT_EQ(over.back().severity, Severity::error);
  EXPECT_NE(over.back().text.find("(does not fit)"), std::string::npos) << over.back().text;
  EXPECT_EQ(over.front().severity, Severity::info);
  // A line too short for the memory keeps its verdict.
  EXPECT_EQ(join_status(over, 1, " · "), over[0].text + "  (does not fit)");
  EXPECT_EQ(join_status(over, over.size(), " · "),
            over[0].text + " · " + over[1].text + " · " + over[2].text + " · " + over[3].text);
  EXPECT_EQ(join_status(pieces, 1, " · "), pieces[0].text);  // it fits: nothing to keep
}

// The panel's widgets read their rows: the percent sliders start where a real GPU could be
// (5 % of a roof, 30 % of the memory) above the 1 % files may ask for, move in 1 % steps; the
// tp menu offers every power of two of the knob's range.
TEST(Readouts, KnobWidgetsReadTheirRows) {
  for (ChangeKey key : {ChangeKey::compute_efficiency, ChangeKey::memory_efficiency}) {
    EXPECT_EQ(knob(key).widget, Widget::percent_slider);
    EXPECT_EQ(widget_range(knob(key)).min, 0.05);
    EXPECT_EQ(widget_range(knob(key)).max, 1.0);
    EXPECT_EQ(knob(key).ui_step, 0.01);
  }
  EXPECT_EQ(widget_range(knob(ChangeKey::memory_utilization)).min, 0.3);
  EXPECT_EQ(widget_range(knob(ChangeKey::batch)).min, 1);
  EXPECT_EQ(widget_range(knob(ChangeKey::batch)).max, static_cast<double>(kMaxBatch));
  const auto menu = knob(ChangeKey::tp).menu;
  ASSERT_EQ(menu.size(), 11u);
  EXPECT_EQ(menu.front(), knob(ChangeKey::tp).min);
  EXPECT_EQ(menu.back(), knob(ChangeKey::tp).max);
  for (size_t i = 1; i < menu.size(); ++i) EXPECT_EQ(menu[i], 2 * menu[i - 1]);
  for (const Knob& k : knobs()) {
    const WidgetRange r = widget_range(k);
    EXPECT_LE(r.min, r.max) << k.name;
    if (k.type == KnobType::integer || k.type == KnobType::fraction || k.type == KnobType::amount) {
      EXPECT_GE(r.min, k.min) << k.name;  // a widget never offers what a file may not hold
      EXPECT_LE(r.max, k.max) << k.name;
    }
  }
}

// The report's rows: label by phase, table text ("221", not "221 tokens/s"; every digit of
// the parameters), the shown rows only.
TEST(Readouts, ReportRowsByHand) {
  const Scenario s = llama_decode();
  const Analysis a = analyze(s);
  const StepContext ctx(s, a);
  std::vector<std::pair<std::string, std::string>> rows;
  for (const StepReadout& r : step_readouts()) {
    if ((r.shows & kReport) && step_readout_shown(r, ctx))
      rows.emplace_back(step_readout_label(r, ctx), step_readout_text(r, ctx, TextStyle::table));
  }
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"step time", readout_text(Quantity::time, a.totals.time_s)},
      {"tokens/s", readout_text(Quantity::token_rate, a.totals.tokens_per_s, TextStyle::table)},
      // Batch 1: one sequence gets every token.
      {"tokens/s per sequence",
       readout_text(Quantity::token_rate, a.totals.tokens_per_s, TextStyle::table)},
      {"FLOPs", readout_text(Quantity::flops, a.totals.flops)},
      {"bytes", readout_text(Quantity::bytes, a.totals.bytes)},
      {"layers", "32 layers"},
      {"parameters", "8,030,261,248"},
      {"weights", "16.1 GB"},
      {"KV cache", "134 MB"},
      {"memory per GPU", "16.2 GB of 72.0 GB usable: fits"},
      {"max batch", readout_text(Quantity::count, a.totals.max_batch)},
  };
  EXPECT_EQ(rows, expected);
}

TEST(Readouts, TablesAreConsistent) {
  std::set<std::string_view> keys, placeholders;
  for (const StepReadout& r : step_readouts()) {
    EXPECT_FALSE(r.label.empty()) << r.key;
    EXPECT_FALSE(r.help.empty()) << r.label;
    EXPECT_NE(r.help.back(), '.') << r.label;
    ASSERT_NE(r.get, nullptr) << r.label;
    if (!r.key.empty()) {
      EXPECT_TRUE(keys.insert(r.key).second) << "key twice: " << r.key;
    }
    if (!r.placeholder.empty()) {
      EXPECT_TRUE(placeholders.insert(r.placeholder).second) << "twice: " << r.placeholder;
    }
    // A row any writer writes by key needs a key.
    if (r.object != JsonObject::none || (r.shows & (kMemory | kCsv))) {
      EXPECT_FALSE(r.key.empty()) << r.label;
    }
    EXPECT_TRUE(r.key.empty() || r.object != JsonObject::none || (r.shows & kMemory))
        << r.key << " has a key but no JSON object";
  }
  std::set<std::string_view> fields;
  for (const GroupReadout& g : group_readouts()) {
    EXPECT_TRUE(fields.insert(g.field).second) << g.field;
    EXPECT_FALSE(g.help.empty()) << g.field;
  }
  std::set<std::string_view> request_keys;
  for (const RequestReadout& r : request_readouts()) {
    EXPECT_TRUE(request_keys.insert(r.key).second) << r.key;
    EXPECT_FALSE(r.short_label.empty()) << r.key;
    EXPECT_NE(r.help.back(), '.') << r.key;
    ASSERT_NE(r.get, nullptr);
    ASSERT_NE(r.bound, nullptr);
  }
}

// The roof presets of the knob table pass the knobs' own checks.
TEST(Readouts, RoofPresetsAreValidChanges) {
  ASSERT_EQ(roof_presets().size(), 2u);
  for (const RoofPreset& p : roof_presets()) {
    for (const ScenarioChange& c : roof_preset_changes(p)) EXPECT_EQ(check_change(c), "") << p.name;
    auto s = apply_changes(llama_decode(), roof_preset_changes(p), {});
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(matching_roof_preset(s.value()), &p);
  }
  Scenario other = llama_decode();
  other.compute_efficiency = 0.5;
  EXPECT_EQ(matching_roof_preset(other), nullptr);
  EXPECT_EQ(roof_presets()[1].compute_efficiency, 0.7);
  EXPECT_EQ(roof_presets()[1].memory_efficiency, 0.8);
}

}  // namespace
}  // namespace roofline
