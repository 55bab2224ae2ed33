#pragma once
// Log axes: the value <-> pixel transform, the tick locator and the tick label formatter
// (ImPlot's Transform / Locator / Formatter split).
//
// Promises:
// - LogAxis maps log10(value) linearly onto pixels: to_px(lo) == px_lo, to_px(hi) == px_hi,
//   and from_px(to_px(v)) == v up to rounding. px_lo may be greater than px_hi (a y axis,
//   whose low values sit at the bottom of the screen).
// - log_ticks gives majors at every 10^k inside [lo, hi] and minors at 2..9·10^k, in
//   increasing value order. Labels are pruned so that no two drawn labels overlap: on a
//   horizontal axis by measured width, on a vertical one by the font height; when whole
//   decades are too dense, every 2nd, 3rd, 5th... decade keeps its label (always including
//   10^0 multiples of that step). When fewer than two majors fall inside the range, the
//   minors at 2 and 5 (then all minors) get labels instead, so a zoomed-in axis still reads.
//   Zoomed in further, where fewer than three labels would remain, the ticks are evenly spaced
//   at the finest 1-2-5 step that fits (3 to 10 of them, all labelled: 20, 21, ... 28).
// - format_tick_si writes the shortest SI form: 1, 10, 100, 1k, 10k, 1M, ... 1T, 10T, 100T,
//   1P; 2.5k; below 1 as a plain decimal (0.5, 0.01, 0.002); below 1e-3 in e-notation (1e-4).

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace roofline {

// Width in pixels of `text` drawn at `size_px` (the caller's font).
using TextMeasure = std::function<double(std::string_view text, double size_px)>;

// The longest start of `text` (whole UTF-8 characters, trailing spaces dropped) that, with "…"
// after it, `fits`; "…" alone when none does. A binary search over the characters, so a name
// of a million characters costs a few dozen measurements, not a million (text widths grow with
// the text). The chart's titles and labels and the app's combo previews cut text this way.
std::string ellipsize(std::string_view text, const std::function<bool(const std::string&)>& fits);

// 0.55·size per character: a stand-in for tests and for layout without a font at hand.
TextMeasure approximate_text_measure();

struct LogAxis {
  double lo = 1, hi = 10;         // data range, 0 < lo < hi
  double px_lo = 0, px_hi = 100;  // pixel positions of lo and hi

  double to_px(double value) const;
  double from_px(double px) const;
};

struct Tick {
  double value = 0;
  double px = 0;
  bool major = false;     // a power of ten
  bool labelled = false;  // its label survived pruning
  std::string label;      // format_tick_si(value), set for every tick
};

enum class AxisOrientation { horizontal, vertical };

// Ticks of `axis` with labels at `font_px`. `min_gap_px` is the free space kept between two
// drawn labels (horizontal) or added to the font height (vertical).
std::vector<Tick> log_ticks(const LogAxis& axis, AxisOrientation orientation,
                            const TextMeasure& measure, double font_px, double min_gap_px);

// "1", "10", "1k", "2.5k", "100T", "1P", "0.5", "1e-4" (see the promise above), to
// `significant` digits at most (never fewer than 3): 2,250 at 4 is "2.25k", 20,125 is "20.13k".
std::string format_tick_si(double value, int significant = 3);

}  // namespace roofline
