#pragma once
// Sweeps: the analysis as batch or sequence length runs over a range (trails, throughput plots).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"

namespace roofline {

enum class SweepParam { batch, seq };
std::string_view to_string(SweepParam p);
std::optional<SweepParam> parse_sweep_param(std::string_view name);

struct SweepPoint {
  int64_t value = 0;  // the swept batch or seq
  double time_s = 0;
  double tokens_per_s = 0;
  GroupCost fc, attention, elementwise, step;
  bool fits_in_memory = false;
};

// `points` values from `from` to `to` (inclusive), spaced evenly in log scale and rounded to
// integers; duplicates after rounding are dropped, so fewer points may come back.
// Precondition: 1 <= from <= to, points >= 1 (points == 1 gives `from`).
std::vector<int64_t> log_spaced_values(int64_t from, int64_t to, int points);

std::vector<SweepPoint> sweep(const Scenario& base, SweepParam param, int64_t from, int64_t to,
                              int points);

// The smallest batch (decode) or prompt length (prefill) at which the fc group reaches the
// ridge point, searched in [1, limit]; nullopt if it never does.
std::optional<int64_t> critical_value(const Scenario& base, SweepParam param, int64_t limit);

// The smallest batch at which a speculative step (core/MODEL.md §14) makes no more tokens/s than
// the plain one: the first of 1, 2, 4, … up to `limit` where it does not pay, then bisected
// below it. nullopt when it pays at every batch tried, or `base` does not speculate.
std::optional<int64_t> speculation_stops_paying(const Scenario& base, int64_t limit);

}  // namespace roofline
