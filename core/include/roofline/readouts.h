#pragma once
// The readouts: one row per output of a step (an Analysis of a Scenario), of one of its groups
// and of a request (RequestResult). A row says its key (JSON and CSV, SI units), its lesson
// placeholder, its label for people, its quantity (which formatter of units.h writes it), how
// to get it, where it is shown and a line of help. The JSON and CSV writers, the lessons'
// {placeholders}, the CLI's report and request table, the app's status line, its Request tab
// and the presentation's bottom line iterate these tables, so a new output is one row here plus
// its computation.
//
// Sentences that combine outputs ("16.2 GB of 77.0 GB usable", "does not fit") are written once,
// at the end of this header, and carry a severity.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/compare.h"
#include "roofline/requests.h"
#include "roofline/scenario.h"

namespace roofline {

// [SECTION] Values and their text

// What a readout's value is, and so which formatter of units.h writes it.
enum class Quantity {
  time,        // seconds: "4.48 ms"
  flops,       // "16.1 GFLOP"
  flop_rate,   // "989 TFLOP/s"
  bytes,       // "1.07 GB"
  bandwidth,   // "3.35 TB/s"
  intensity,   // "295 FLOP/B"
  percent,     // a fraction: "70%"
  ratio,       // "1.43×"
  parameters,  // "8.03 B" (a table: every digit, "8,030,261,248")
  count,       // "1,024"
  token_rate,  // "221 tokens/s" (a table: "221", its label names the unit)
  energy,      // joules: "52.0 mJ"
  money,       // US dollars: "$0.423"
  text,        // words: a name, a precision, "memory"
  flag,        // true or false: "yes" / "no"
};

// A value in SI base units, a whole number, a truth or words.
using ReadoutValue = std::variant<double, int64_t, bool, std::string>;

// How people read a value: `line` has units on every number (lessons, the status line);
// `brief` is a line as short as it goes (a status line with little room: the memory's sum
// without its parts); `table` leaves units to a label that names them (the CLI's report:
// "tokens/s  221") and writes counts of parameters whole.
enum class TextStyle { line, brief, table };

// The value as people read it: string values as they are; numbers through the quantity's
// formatter; nullopt (the readout does not apply here) as "–".
std::string readout_text(Quantity q, const std::optional<ReadoutValue>& v,
                         TextStyle style = TextStyle::line);
inline constexpr std::string_view kNotApplicable = "–";

// How much a statement matters: info is plain text, an error shows in the error colour.
enum class Severity { info, warning, error };

// Where a row is shown (bits of StepReadout::shows and RequestReadout::shows).
enum Show : unsigned {
  kJson = 1u << 0,    // request's JSON (a step row says its object in StepReadout::object)
  kCsv = 1u << 1,     // request's CSV
  kReport = 1u << 2,  // the CLI's table and Markdown (analyze's totals, request's table)
  kStatus = 1u << 3,  // the app's status line / Request tab
  kSlide = 1u << 4,   // the presentation's bottom line
  // A request's memory at its last token (request's JSON "memory" object, its CSV): read on
  // the request's last decode step (RequestResult::last_step) with the request's scenario,
  // so these rows read the step's totals only.
  kMemory = 1u << 5,
};

// [SECTION] The step's readouts

// One analysis and its scenario, with the costly values (a step on the compare GPU, the
// critical batch) computed on first use.
class StepContext {
 public:
  // Holds references: the scenario and the analysis outlive it (no temporaries).
  StepContext(const Scenario& s, const Analysis& a) : scenario(s), analysis(a) {}
  StepContext(const Scenario&, Analysis&&) = delete;
  StepContext(Scenario&&, const Analysis&) = delete;
  const Scenario& scenario;
  const Analysis& analysis;
  const Totals& totals() const { return analysis.totals; }
  // The same step on s.compare_gpu; nullptr without one.
  const CompareResult* compare() const;
  // critical_value(s, batch, kMaxBatch): where fc reaches the ridge; nullopt for none.
  std::optional<int64_t> critical_batch() const;
  // speculation_stops_paying(s, kMaxBatch); nullopt where it pays at every batch.
  std::optional<int64_t> speculation_breakeven() const;

 private:
  mutable std::optional<CompareResult> compare_;
  mutable std::optional<std::optional<int64_t>> critical_;
  mutable std::optional<std::optional<int64_t>> breakeven_;
};

// Which object of analyze's JSON holds a step readout.
enum class JsonObject { none, hardware, totals };

struct StepReadout {
  std::string_view key = {};            // JSON key, SI units: "time_s" ("" for people only)
  std::string_view placeholder = {};    // lesson text's {name}: "ttft" ("" for none)
  std::string_view label = {};          // for people: "step time"
  std::string_view prefill_label = {};  // in prefill, when it differs: "prompt tokens/s"
  std::string_view short_label = {};    // the status line's, before the value: "Step" ("": none)
  Quantity quantity = Quantity::text;
  JsonObject object = JsonObject::none;
  unsigned shows = 0;  // Show bits beyond kJson (which `object` says)
  // The value; nullopt where it does not apply (TTFT in decode, experts of a dense model).
  std::optional<ReadoutValue> (*get)(const StepContext&) = nullptr;
  // People's lines (report, status line): whether the row is worth a line here (nullptr: when
  // it applies).
  bool (*shown)(const StepContext&) = nullptr;
  // People's text when it says more than the value ("4.48 ms (1.20 ms all-reduce)");
  // nullptr: readout_text of the value.
  std::string (*text)(const StepContext&, TextStyle) = nullptr;
  // How the line reads: an error (red) when the step does not fit (nullptr: info).
  Severity (*severity)(const StepContext&) = nullptr;
  // What kind of expected value it is, for its 80 % interval (nullptr: none; a rate's interval
  // inverts: Quantity::token_rate).
  Expected (*interval)(const StepContext&) = nullptr;
  std::string_view help = {};  // one line, no final period
};

// Every step readout: the hardware's, the step's totals, then the values lessons quote (the
// scenario's, the model's, the compare GPU's), in the order people read them.
std::span<const StepReadout> step_readouts();
const StepReadout* find_step_readout_by_key(std::string_view key);
const StepReadout* find_step_readout_by_placeholder(std::string_view placeholder);

// The row's label for people in the scenario's phase ("prompt tokens/s" in prefill).
std::string_view step_readout_label(const StepReadout& r, const StepContext& ctx);
// The row's value and people's text of it on `ctx` (its `text` where it has one).
std::string step_readout_text(const StepReadout& r, const StepContext& ctx, TextStyle style);
// Whether people see the row (its `shown`, else whether it applies).
bool step_readout_shown(const StepReadout& r, const StepContext& ctx);
Severity step_readout_severity(const StepReadout& r, const StepContext& ctx);
// The row's 80 % interval on `ctx` from its scenario's calibration (calibration.h's interval_of);
// nullopt where the row has no value or no interval (no calibration: the bound has none).
std::optional<ValueInterval> step_readout_interval(const StepReadout& r, const StepContext& ctx);

// The status line's pieces: "Step 4.48 ms", "221 tokens/s", ..., "Memory 16.1 GB weights +
// ... of 77.0 GB usable": each shown row with Show bit `where` (kStatus or kSlide), its short
// label before its text in `style` (line or brief).
struct StatusPiece {
  std::string text;
  Severity severity = Severity::info;
  std::string verdict;  // what stays said when the piece gives way ("does not fit"), or ""
};
std::vector<StatusPiece> status_pieces(const StepContext& ctx, unsigned where,
                                       TextStyle style = TextStyle::line);
// The first `n` pieces, `separator` between them, then the verdicts of those left out:
// "Step 4.52 ms   ·   221 tokens/s  (does not fit)".
std::string join_status(const std::vector<StatusPiece>& pieces, size_t n,
                        std::string_view separator);

// [SECTION] A group's readouts ("fc", "attention", "elementwise", "step", an attention type)

struct GroupReadout {
  std::string_view key = {};    // in each group's JSON object: "intensity" ("" for none)
  std::string_view field = {};  // lesson text's {G.field}: "intensity"
  std::string_view label = {};  // "intensity"
  Quantity quantity = Quantity::text;
  std::optional<ReadoutValue> (*get)(const GroupCost&, const Analysis&) = nullptr;
  std::string_view help = {};  // one line, no final period
};
std::span<const GroupReadout> group_readouts();

// [SECTION] A request's readouts

struct RequestReadout {
  std::string_view key = {};          // JSON and CSV key: "ttft_s"
  std::string_view label = {};        // the CLI's table: "time to first token"
  std::string_view short_label = {};  // the app's Request tab: "Time to first token"
  Quantity quantity = Quantity::time;
  unsigned shows = 0;  // Show bits: kJson, kCsv, kReport (the CLI's table), kStatus (the tab)
  // Expected under the scenario's calibration (the bound without one); 0 reads "–".
  double (*get)(const RequestResult&) = nullptr;
  // The roofline bound of the same; its JSON goes under "roofline" when `bound_in_json`.
  double (*bound)(const RequestResult&) = nullptr;
  bool bound_in_json = false;
  Expected interval = Expected::none;  // what kind of expected value, for its 80 % interval
  std::string_view help = {};          // one line, no final period (a tooltip adds one)
  // 0 is "none" (no price, no board power): null in JSON, empty in CSV, "–" for people.
  bool optional = false;
  // A CSV column added after the first release: written after the intervals, so that the
  // columns before it keep their places (its own interval joins the intervals' end).
  bool csv_last = false;
};
std::span<const RequestReadout> request_readouts();

// A request readout's 80 % interval under calibration `c` (nullptr: none); nullopt where the row
// has none or its value is 0 ("–").
std::optional<ValueInterval> request_readout_interval(const RequestReadout& r,
                                                      const RequestResult& result,
                                                      const Calibration* c);
// "41.2–52.0 ms": people's text of an interval in the readout's quantity.
std::string interval_text(Quantity q, const ValueInterval& i, TextStyle style);

// A request readout's value as people read it ("–" for 0: no decode step).
std::string request_readout_text(const RequestReadout& r, double value, TextStyle style);

// [SECTION] Memory: the sentences that combine its outputs

// How much of the memory a sentence breaks down.
enum class MemoryDetail {
  sum,    // "16.2 GB of 77.0 GB usable"
  parts,  // "16.1 GB weights + 134 MB KV + 2.1 GB state = 16.2 GB of 77.0 GB usable"
};
// What a step keeps per GPU against what is usable: the one sentence that says "X of Y usable".
// `per_gpu` says so after X when tp > 1 ("16.2 GB per GPU of 77.0 GB usable").
std::string memory_text(const Totals& t, int64_t tp, MemoryDetail detail, bool per_gpu);
// {info, "fits"} or {error, "does not fit"}.
struct Statement {
  Severity severity = Severity::info;
  std::string text;
};
Statement memory_fit(const Totals& t);
// What is usable, as a caption says it: "85.5 GB × 90% usable".
std::string usable_memory_caption(const Scenario& s);
// A request's memory when its last token is written, after "memory " or "Memory ":
// "at 2,048 tokens of context: 16.5 GB of 77.0 GB usable: fits (up to batch 453)".
Statement request_memory_statement(const RequestResult& r, int64_t isl, int64_t osl, int64_t tp);
// The analysis warning when it does not fit: "weights + KV cache need 90.1 GB per GPU, more than
// the 77.0 GB usable (85.5 GB x 90%)".
std::string memory_warning(const Scenario& s, const Totals& t);
// "0 (the weights alone do not fit)" for 0, else the count.
std::string max_batch_text(int64_t max_batch);

}  // namespace roofline
