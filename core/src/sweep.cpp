#include "roofline/sweep.h"

#include <algorithm>
#include <cmath>

namespace roofline {

std::string_view to_string(SweepParam p) { return p == SweepParam::batch ? "batch" : "seq"; }

std::optional<SweepParam> parse_sweep_param(std::string_view name) {
  if (name == "batch") return SweepParam::batch;
  if (name == "seq") return SweepParam::seq;
  return std::nullopt;
}

std::vector<int64_t> log_spaced_values(int64_t from, int64_t to, int points) {
  std::vector<int64_t> values;
  if (points <= 1 || from >= to) {
    values.push_back(from);
    return values;
  }
  values.reserve(static_cast<size_t>(points));
  const double lo = std::log(static_cast<double>(from)), hi = std::log(static_cast<double>(to));
  for (int i = 0; i < points; ++i) {
    const double f = static_cast<double>(i) / static_cast<double>(points - 1);
    int64_t v = i == points - 1 ? to : std::llround(std::exp(lo + f * (hi - lo)));
    v = std::clamp(v, from, to);
    if (values.empty() || v > values.back()) values.push_back(v);
  }
  return values;
}

namespace {
void set_param(Scenario& s, SweepParam p, int64_t v) {
  if (p == SweepParam::batch) {
    s.batch = v;
  } else {
    s.seq = v;
  }
}
}  // namespace

std::vector<SweepPoint> sweep(const Scenario& base, SweepParam param, int64_t from, int64_t to,
                              int points) {
  std::vector<SweepPoint> out;
  Scenario s = base;
  for (int64_t v : log_spaced_values(from, to, points)) {
    set_param(s, param, v);
    const Analysis a = analyze(s);
    out.push_back({.value = v,
                   .time_s = a.totals.time_s,
                   .tokens_per_s = a.totals.tokens_per_s,
                   .fc = a.fc,
                   .attention = a.attention,
                   .elementwise = a.elementwise,
                   .step = a.step,
                   .fits_in_memory = a.totals.fits_in_memory});
  }
  return out;
}

namespace {

// The smallest value in (lo, hi] where `holds` does, given it holds at hi and not at lo (lo 0 is
// a sentinel).
template <class Pred>
int64_t bisect(int64_t lo, int64_t hi, Pred holds) {
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    if (holds(mid)) {
      hi = mid;
    } else {
      lo = mid;
    }
  }
  return hi;
}

}  // namespace

std::optional<int64_t> critical_value(const Scenario& base, SweepParam param, int64_t limit) {
  Scenario s = base;
  auto reaches = [&](int64_t v) {
    set_param(s, param, v);
    const Analysis a = analyze(s);
    return !a.ops.empty() && a.fc.intensity >= a.ridge_point;
  };
  if (limit < 1 || !reaches(limit)) return std::nullopt;
  return bisect(0, limit, reaches);
}

std::optional<int64_t> speculation_stops_paying(const Scenario& base, int64_t limit) {
  if (!speculative(base)) return std::nullopt;
  Scenario with = base, without = base;
  without.spec = SpecMethod::none;
  auto stops = [&](int64_t b) {
    with.batch = without.batch = b;
    const Analysis a = analyze(with), p = analyze(without);
    return !a.ops.empty() && !(a.totals.tokens_per_s > p.totals.tokens_per_s);
  };
  int64_t hi = 1;
  while (hi <= limit && !stops(hi)) {
    if (hi > limit / 2) return std::nullopt;
    hi *= 2;
  }
  if (hi > limit) return std::nullopt;
  return bisect(hi / 2, hi, stops);  // pays at hi / 2 (or it is 0), stops at hi
}

}  // namespace roofline
