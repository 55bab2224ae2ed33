// The trail (a sweep with the current point and decade points kept exactly) and the drag
// mapping from a target intensity back to batch or prompt length.

#include <algorithm>
#include <cmath>

#include "roofline/plot/roofline_plot.h"

namespace roofline {

SweepParam trail_param_for(const Scenario& s) {
  return s.phase == Phase::decode ? SweepParam::batch : SweepParam::seq;
}

Trail make_trail(const Scenario& s, SweepParam param, int points) {
  Trail trail;
  trail.param = param;
  trail.current = param == SweepParam::batch ? s.batch : s.seq;
  const int64_t limit = param == SweepParam::batch ? kMaxBatch : kMaxSeq;
  const int64_t from = param == SweepParam::batch ? 1 : std::min<int64_t>(16, trail.current);
  const int64_t to =
      std::min(limit, std::max<int64_t>(param == SweepParam::batch ? 1024 : 32768, trail.current));
  trail.points = sweep(s, param, from, to, std::max(points, 2));
  // Powers of ten (the trail's scale ticks) and the current value, exactly.
  std::vector<int64_t> extra{trail.current};
  for (int64_t v = 1; v <= to; v *= 10)
    if (v >= from) extra.push_back(v);
  for (int64_t v : extra) {
    const bool present = std::any_of(trail.points.begin(), trail.points.end(),
                                     [v](const SweepPoint& p) { return p.value == v; });
    if (present) continue;
    auto one = sweep(s, param, v, v, 1);
    trail.points.insert(trail.points.end(), one.begin(), one.end());
  }
  std::sort(trail.points.begin(), trail.points.end(),
            [](const SweepPoint& a, const SweepPoint& b) { return a.value < b.value; });
  if (auto critical = critical_value(s, param, limit)) {
    auto at = sweep(s, param, *critical, *critical, 1);
    if (!at.empty()) trail.critical = at.front();
  }
  return trail;
}

namespace {

// The value in [1, limit] whose group intensity is closest (in log terms) to `target`,
// assuming the intensity does not decrease as the value grows.
std::optional<int64_t> search(Scenario s, bool batch, OpKind group, double target) {
  if (!(target > 0) || !std::isfinite(target)) return std::nullopt;
  const int64_t limit = batch ? kMaxBatch : kMaxSeq;
  auto intensity = [&](int64_t v) {
    (batch ? s.batch : s.seq) = v;
    const Analysis a = analyze(s);
    return a.ops.empty() ? -1.0 : a.group(group).intensity;
  };
  const double at_one = intensity(1);
  if (at_one < 0) return std::nullopt;
  if (target <= at_one) return 1;
  if (intensity(limit) <= target) return limit;
  // Invariant: intensity(lo) < target <= intensity(hi).
  int64_t lo = 1, hi = limit;
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    (intensity(mid) < target ? lo : hi) = mid;
  }
  const double below = intensity(lo), above = intensity(hi);
  return std::abs(std::log(target / below)) <= std::abs(std::log(above / target)) ? lo : hi;
}

}  // namespace

std::optional<int64_t> value_for_fc_intensity(const Scenario& s, double target_intensity) {
  return search(s, s.phase == Phase::decode, OpKind::fc, target_intensity);
}

std::optional<int64_t> value_for_attention_intensity(const Scenario& s, double target_intensity) {
  if (s.phase == Phase::decode) return std::nullopt;
  return search(s, false, OpKind::attention, target_intensity);
}

}  // namespace roofline
