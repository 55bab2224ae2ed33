// Emphasis spans and live values of lesson text (lesson_text.h).

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <string>
#include <string_view>

#include "lesson_fixtures.h"
#include "roofline/analysis.h"
#include "roofline/compare.h"
#include "roofline/sweep.h"
#include "roofline/units.h"

namespace roofline {
namespace {

using test::scenario;

std::vector<TextSpan> spans(std::initializer_list<TextSpan> list) { return list; }

TEST(Emphasis, PlainTextIsOneSpan) {
  EXPECT_EQ(parse_emphasis("plain text"), spans({{"plain text", false, false}}));
  EXPECT_TRUE(parse_emphasis("").empty());
}

TEST(Emphasis, BoldAndItalic) {
  EXPECT_EQ(parse_emphasis("a *b* c"),
            spans({{"a ", false, false}, {"b", true, false}, {" c", false, false}}));
  EXPECT_EQ(parse_emphasis("_it_"), spans({{"it", false, true}}));
  EXPECT_EQ(parse_emphasis("*two words* and _three more words_."),
            spans({{"two words", true, false},
                   {" and ", false, false},
                   {"three more words", false, true},
                   {".", false, false}}));
}

TEST(Emphasis, Nested) {
  EXPECT_EQ(parse_emphasis("*_both_*"), spans({{"both", true, true}}));
  EXPECT_EQ(parse_emphasis("*bold _and italic_ bold*"),
            spans({{"bold ", true, false}, {"and italic", true, true}, {" bold", true, false}}));
}

TEST(Emphasis, MarkersInsideWordsStayLiteral) {
  EXPECT_EQ(parse_emphasis("lm_head and q_proj"), spans({{"lm_head and q_proj", false, false}}));
  EXPECT_EQ(parse_emphasis("2*B*T FLOPs"), spans({{"2*B*T FLOPs", false, false}}));
  EXPECT_EQ(parse_emphasis("a * b * c"), spans({{"a * b * c", false, false}}));
  EXPECT_EQ(parse_emphasis("*unclosed"), spans({{"*unclosed", false, false}}));
  EXPECT_EQ(parse_emphasis("**"), spans({{"**", false, false}}));
}

TEST(Emphasis, PunctuationAroundAndNewlinesKept) {
  EXPECT_EQ(parse_emphasis("(*x*), _q_absorb_\n\nnext"), spans({{"(", false, false},
                                                                {"x", true, false},
                                                                {"), ", false, false},
                                                                {"q_absorb", false, true},
                                                                {"\n\nnext", false, false}}));
}

TEST(Template, KnownAndUnknownPlaceholders) {
  EXPECT_EQ(check_template("ridge {ridge}, fc {fc.intensity}, {compare.speedup}, {{literal"), "");
  EXPECT_EQ(check_template("at {ridgepoint} now"),
            "unknown placeholder {ridgepoint}: did you mean {ridge}?");
  EXPECT_EQ(check_template("{fc.intensty}"),
            "unknown placeholder {fc.intensty}: did you mean {fc.intensity}?");
  EXPECT_EQ(check_template("{attention.tme}"),
            "unknown placeholder {attention.tme}: did you mean {attention.time}?");
  EXPECT_EQ(check_template("{xyz}"),
            "unknown placeholder {xyz}: expected a name such as {ridge}, {fc.intensity} or "
            "{step.time} (presets/lessons/README.md lists them all)");
  EXPECT_EQ(check_template("at {ridge"), "'{' is never closed: write {{ for a literal brace");
  EXPECT_TRUE(uses_compare("x {compare.gpu} y"));
  EXPECT_FALSE(uses_compare("x {gpu} compare.gpu"));
}

// The `{name}`s written in `text`, with "G." standing for each of the four groups.
std::set<std::string> documented_names(std::string_view text) {
  std::set<std::string> names;
  for (size_t open = text.find('{'); open != std::string_view::npos;
       open = text.find('{', open + 1)) {
    const size_t close = text.find('}', open);
    if (close == std::string_view::npos) break;
    const std::string name(text.substr(open + 1, close - open - 1));
    const bool word = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    });
    if (!word || name == "name") continue;  // "{{", "{compare.*}" and the generic "{name}"
    if (name.starts_with("G.")) {
      for (const char* g : {"fc.", "attention.", "elementwise.", "step.", "full.", "sliding.",
                            "chunked.", "linear.", "mamba."})
        names.insert(g + name.substr(2));
    } else {
      names.insert(name);
    }
  }
  return names;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Both places lesson authors look up the live values (the header's table and the lesson README's)
// list exactly the names fill_template() knows: a documented name the code does not know would
// stay in the text as written.
TEST(Template, EveryPlaceholderIsDocumentedAndEveryDocumentedOneIsKnown) {
  const std::set<std::string> known(placeholder_names().begin(), placeholder_names().end());
  ASSERT_EQ(known.size(), placeholder_names().size());

  const std::string header =
      read_text(ROOFLINE_LESSONS_INCLUDE_DIR "/roofline/lessons/lesson_text.h");
  const size_t table = header.find("// Live values.");
  const size_t table_end = header.find("// Every placeholder name");
  ASSERT_NE(table, std::string::npos);
  ASSERT_NE(table_end, std::string::npos);
  EXPECT_EQ(documented_names(std::string_view(header).substr(table, table_end - table)), known);

  std::string rows;  // the README's table rows: "| `{gpu}`, `{model}` | ..."
  std::istringstream readme(read_text(ROOFLINE_LESSONS_DIR "/README.md"));
  for (std::string line; std::getline(readme, line);) {
    if (line.starts_with("| `{")) rows += line.substr(0, line.find(" | ", 2)) + "\n";
  }
  EXPECT_EQ(documented_names(rows), known);
}

// H100 SXM, bf16: 989e12 / 3.35e12 = 295.2 FLOP/B (core/MODEL.md §12).
TEST(Template, RoofValuesOfH100) {
  const Scenario s = scenario();
  const Analysis a = analyze(s);
  EXPECT_EQ(fill_template("{ridge}", s, a), "295 FLOP/B");
  EXPECT_EQ(fill_template("{peak} and {bandwidth}", s, a), "989 TFLOP/s and 3.35 TB/s");
  // The app's form: the spaces inside each value do not break, those of the text do.
  EXPECT_EQ(fill_template("{peak} and {bandwidth}", s, a, kNoBreakSpace),
            "989\u00a0TFLOP/s and 3.35\u00a0TB/s");
  EXPECT_EQ(fill_template("{gpu} / {model} / {math_precision}", s, a),
            "NVIDIA H100 SXM5 80GB / Llama 3 8B / bf16");
  EXPECT_EQ(fill_template("{{ridge}} {ridge}", s, a), "{ridge}} 295 FLOP/B");
  EXPECT_EQ(fill_template("{nope}", s, a), "{nope}");  // unknown: kept as written
}

TEST(Template, WorkloadValuesOfLlama3_8B) {
  Scenario s = scenario();
  s.seq = 1;
  const Analysis a = analyze(s);
  // Spec §8: 4.48 ms per token, 223 tokens/s at S = 1.
  EXPECT_EQ(fill_template("{step.time}: {tokens_per_s}", s, a), "4.48 ms: 223 tokens/s");
  EXPECT_EQ(fill_template("{batch} x {seq}, {ttft}", s, a), "1 x 1, –");
  // 32 layers x 2 x 8 KV heads x 128 x 2 bytes = 131,072 bytes per token.
  EXPECT_EQ(fill_template("{kv_per_token}", s, a), "131 kB");
  // 8.03e9 parameters at 2 bytes.
  EXPECT_EQ(fill_template("{weights}", s, a), "16.1 GB");
  EXPECT_EQ(fill_template("{query_heads}/{kv_heads}, {experts}, tp {tp}", s, a), "32/8, –, tp 1");
}

// lesson_text.h documents "70%": a share keeps 3 significant digits but no trailing zeros.
TEST(Template, EfficienciesReadAsPercent) {
  Scenario s = scenario();
  s.compute_efficiency = 0.7;
  s.memory_efficiency = 0.825;
  const Analysis a = analyze(s);
  EXPECT_EQ(fill_template("{compute_efficiency} / {memory_efficiency}", s, a), "70% / 82.5%");
}

TEST(Template, GroupValuesEqualTheAnalysisFormatted) {
  Scenario s = scenario();
  s.batch = 64;
  const Analysis a = analyze(s);
  EXPECT_EQ(fill_template("{fc.intensity}", s, a), format_intensity(a.fc.intensity));
  EXPECT_EQ(fill_template("{fc.intensity}", s, a), "62.5 FLOP/B");
  // Spec §8: attention at 4.02 FLOP/byte at any batch.
  EXPECT_EQ(fill_template("{attention.intensity}", s, a), "4.02 FLOP/B");
  EXPECT_EQ(fill_template("{fc.achieved}", s, a), format_flop_rate(a.fc.achieved_flops));
  EXPECT_EQ(fill_template("{step.time}", s, a), format_time(a.totals.time_s));
  EXPECT_EQ(fill_template("{attention.time}", s, a), format_time(a.attention.time_s));
  EXPECT_EQ(fill_template("{step.bytes} {step.flops}", s, a),
            format_si(a.step.bytes, "B") + " " + format_si(a.step.flops, "FLOP"));
  EXPECT_EQ(fill_template("{fc.bound}/{elementwise.bound}", s, a), "memory/memory");
  EXPECT_EQ(fill_template("{max_batch}", s, a),
            format_count(static_cast<double>(a.totals.max_batch)));
  EXPECT_EQ(fill_template("{kv_cache}", s, a), format_si(a.totals.kv_cache_bytes, "B"));
  const auto critical = critical_value(s, SweepParam::batch, kMaxBatch);
  ASSERT_TRUE(critical.has_value());
  EXPECT_EQ(fill_template("{critical_batch}", s, a), format_count(static_cast<double>(*critical)));
}

TEST(Template, PercentOfPeakAndOfRoof) {
  const Scenario s = scenario();
  const Analysis a = analyze(s);
  // Batch 1: fc is memory-bound at ~1 FLOP/B, so it achieves ~3.35 TFLOP/s: 3.35 / 989 = 0.339%,
  // and every fc op sits on the slope, so the group is on its roof: 100%.
  EXPECT_EQ(fill_template("{fc.pct_peak}", s, a), "0.339%");
  EXPECT_EQ(fill_template("{fc.pct_roof}", s, a), "100%");
}

// The formats on numbers chosen by hand, independent of the model.
TEST(Template, FormatsOfSyntheticAnalysis) {
  const Scenario s = scenario();
  Analysis a;
  a.peak_flops = 1e15;
  a.bandwidth = 2e12;
  a.ridge_point = 500;
  a.fc = {.flops = 2e12, .bytes = 1e9, .intensity = 2000, .time_s = 0.004, .achieved_flops = 5e14};
  a.elementwise.intensity = std::numeric_limits<double>::infinity();
  a.attention.intensity = 0.5;
  a.totals.tokens_per_s = 12345.6;
  EXPECT_EQ(fill_template("{fc.intensity}", s, a), "2,000 FLOP/B");
  EXPECT_EQ(fill_template("{elementwise.intensity}", s, a), "∞ (moves no bytes)");
  EXPECT_EQ(fill_template("{attention.intensity}", s, a), "0.500 FLOP/B");
  EXPECT_EQ(fill_template("{ridge}", s, a), "500 FLOP/B");
  EXPECT_EQ(fill_template("{fc.time} {fc.flops} {fc.bytes}", s, a), "4.00 ms 2.00 TFLOP 1.00 GB");
  EXPECT_EQ(fill_template("{fc.pct_peak} {fc.pct_roof}", s, a), "50% 50%");
  EXPECT_EQ(fill_template("{tokens_per_s}", s, a), "12,346 tokens/s");
}

TEST(Template, CompareValues) {
  Scenario s = scenario();
  EXPECT_EQ(fill_template("{compare.speedup} {compare.gpu}", s, analyze(s)), "– –");
  s.compare_gpu = test::lib().gpu("h200").value();
  const Analysis a = analyze(s);
  const CompareResult c = compare(s, *s.compare_gpu);
  // Memory-bound decode: the step times are in the ratio of the bandwidths, 4.8 / 3.35 = 1.43.
  EXPECT_EQ(fill_template("{compare.speedup}", s, a), "1.43×");
  EXPECT_EQ(fill_template("{compare.gpu}: {compare.bandwidth}, {compare.ridge}", s, a),
            "NVIDIA H200 SXM 141GB: 4.80 TB/s, 206 FLOP/B");
  EXPECT_EQ(fill_template("{compare.step.time}", s, a), format_time(c.other.totals.time_s));
}

}  // namespace
}  // namespace roofline
