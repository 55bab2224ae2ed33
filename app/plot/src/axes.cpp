#include "roofline/plot/axes.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace roofline {

TextMeasure approximate_text_measure() {
  return [](std::string_view text, double size_px) {
    size_t code_points = 0;
    for (const char c : text)  // count UTF-8 lead bytes only
      if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++code_points;
    return 0.55 * size_px * static_cast<double>(code_points);
  };
}

double LogAxis::to_px(double value) const {
  const double t = (std::log10(value) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  return px_lo + t * (px_hi - px_lo);
}

double LogAxis::from_px(double px) const {
  const double t = (px - px_lo) / (px_hi - px_lo);
  const double l = std::log10(lo) + t * (std::log10(hi) - std::log10(lo));
  return std::pow(10.0, l);
}

namespace {

// m·10^k computed so that 0.1, 0.3, 2e12 come out as the nearest doubles.
double tick_value(int mantissa, int exponent) {
  if (exponent >= 0) return mantissa * std::pow(10.0, exponent);
  return mantissa / std::pow(10.0, -exponent);
}

std::string trim_number(double v, int significant) {
  significant = std::clamp(significant, 1, 17);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*g", significant, v);
  return buf;
}

// True when every pair of neighbouring labelled ticks leaves room for both labels.
bool labels_fit(const std::vector<Tick>& ticks, const std::vector<bool>& labelled,
                AxisOrientation orientation, const TextMeasure& measure, double font_px,
                double min_gap_px) {
  const Tick* previous = nullptr;
  double previous_half = 0;
  for (size_t i = 0; i < ticks.size(); ++i) {
    if (!labelled[i]) continue;
    const double half = orientation == AxisOrientation::horizontal
                            ? measure(ticks[i].label, font_px) / 2
                            : font_px / 2;
    if (previous != nullptr &&
        std::abs(ticks[i].px - previous->px) < previous_half + half + min_gap_px)
      return false;
    previous = &ticks[i];
    previous_half = half;
  }
  return true;
}

size_t count_labelled(const std::vector<bool>& labelled) {
  return static_cast<size_t>(std::count(labelled.begin(), labelled.end(), true));
}

// Zoomed into a fraction of a decade, the 1..9 mantissas leave one or two ticks: evenly spaced
// ticks at a 1-2-5 step instead, the finest whose labels fit (at most ten), every one labelled,
// with as many digits as the step needs ("20.5", "2.25k"). Empty when none fits three.
std::vector<Tick> linear_ticks(const LogAxis& axis, AxisOrientation orientation,
                               const TextMeasure& measure, double font_px, double min_gap_px) {
  const double span = axis.hi - axis.lo;
  const int first_exponent = static_cast<int>(std::floor(std::log10(span))) - 2;
  for (int k = first_exponent; k <= first_exponent + 3; ++k) {
    for (int m : {1, 2, 5}) {
      const double step = tick_value(m, k);
      const double start = std::ceil(axis.lo / step - 1e-9);
      const double stop = std::floor(axis.hi / step + 1e-9);
      const double count = stop - start + 1;
      if (count > 10) continue;
      if (count < 3) return {};
      std::vector<Tick> ticks;
      const int step_digit = static_cast<int>(std::floor(std::log10(step) + 1e-9));
      for (double i = start; i <= stop; ++i) {
        Tick t;
        t.value = i * step;
        t.px = axis.to_px(t.value);
        const double lead = std::floor(std::log10(t.value) + 1e-9);
        t.major = std::abs(lead - std::log10(t.value)) < 1e-9;
        t.labelled = true;
        t.label = format_tick_si(t.value, static_cast<int>(lead) - step_digit + 1);
        ticks.push_back(std::move(t));
      }
      const std::vector<bool> all(ticks.size(), true);
      if (labels_fit(ticks, all, orientation, measure, font_px, min_gap_px)) return ticks;
    }
  }
  return {};
}

}  // namespace

std::vector<Tick> log_ticks(const LogAxis& axis, AxisOrientation orientation,
                            const TextMeasure& measure, double font_px, double min_gap_px) {
  std::vector<Tick> ticks;
  std::vector<int> mantissas, exponents;
  if (!(axis.lo > 0) || !(axis.hi > axis.lo) || !std::isfinite(axis.hi)) return ticks;
  const int first = static_cast<int>(std::floor(std::log10(axis.lo))) - 1;
  const int last = static_cast<int>(std::ceil(std::log10(axis.hi))) + 1;
  const double tolerance = 1e-9;
  for (int k = first; k <= last; ++k) {
    for (int m = 1; m <= 9; ++m) {
      const double v = tick_value(m, k);
      if (v < axis.lo * (1 - tolerance) || v > axis.hi * (1 + tolerance)) continue;
      Tick t;
      t.value = v;
      t.px = axis.to_px(v);
      t.major = m == 1;
      t.label = format_tick_si(v);
      ticks.push_back(std::move(t));
      mantissas.push_back(m);
      exponents.push_back(k);
    }
  }

  std::vector<bool> labelled(ticks.size(), false);
  auto try_set = [&](auto&& keep) {
    for (size_t i = 0; i < ticks.size(); ++i) labelled[i] = keep(mantissas[i], exponents[i]);
    return labels_fit(ticks, labelled, orientation, measure, font_px, min_gap_px);
  };

  int majors = 0;
  for (const Tick& t : ticks) majors += t.major ? 1 : 0;
  bool done = false;
  if (majors < 2) {
    // Too little of a decade to read by majors alone: label minors too.
    done = try_set([](int, int) { return true; }) ||
           try_set([](int m, int) { return m == 1 || m == 2 || m == 5; }) ||
           try_set([](int m, int) { return m == 1 || m == 3; });
  }
  if (!done) {
    static constexpr std::array<int, 9> kSteps = {1, 2, 3, 5, 10, 20, 50, 100, 1000};
    for (int step : kSteps) {
      auto in_step = [step](int m, int k) {
        const int r = ((k % step) + step) % step;
        return m == 1 && r == 0;
      };
      if (try_set(in_step)) {
        done = true;
        break;
      }
    }
    if (!done) labelled.assign(ticks.size(), false);
  }
  if (majors < 2 && count_labelled(labelled) < 3) {  // inside a decade (1..30 keeps 1 and 10)
    std::vector<Tick> even = linear_ticks(axis, orientation, measure, font_px, min_gap_px);
    if (even.size() > count_labelled(labelled)) return even;
  }
  for (size_t i = 0; i < ticks.size(); ++i) ticks[i].labelled = labelled[i];
  return ticks;
}

std::string format_tick_si(double value, int significant) {
  significant = std::max(significant, 3);
  if (value == 0) return "0";
  if (!std::isfinite(value)) return value > 0 ? "inf" : "-inf";
  if (value < 0) {
    std::string out = "-";  // not "-" + string: g++ 12 warns falsely (-Wrestrict) on that
    out += format_tick_si(-value, significant);
    return out;
  }
  static constexpr std::array<std::pair<double, const char*>, 6> kPrefixes = {
      {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};
  const double tolerance = 1 + 1e-9;
  for (const auto& [scale, prefix] : kPrefixes) {
    if (value * tolerance >= scale) return trim_number(value / scale, significant) + prefix;
  }
  if (value * tolerance >= 1e-3) return trim_number(value, significant);
  // Tiny values: "1e-4", "2.5e-5".
  int exponent = static_cast<int>(std::floor(std::log10(value * tolerance)));
  const double mantissa = value / std::pow(10.0, exponent);
  return trim_number(mantissa, significant) + "e" + std::to_string(exponent);
}

}  // namespace roofline
