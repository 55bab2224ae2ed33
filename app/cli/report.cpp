// Table, CSV and Markdown renderings of an analysis and a sweep.

#include "report.h"

#include <algorithm>
#include <string>
#include <utility>

#include "roofline/compare.h"
#include "roofline/operator_table.h"
#include "roofline/readouts.h"
#include "roofline/units.h"

namespace roofline {
namespace {

size_t display_width(std::string_view text) {
  size_t width = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++width;  // skip UTF-8 continuations
  }
  return width;
}

std::string on_off(bool on) { return on ? "on" : "off"; }

std::string workload_line(const Scenario& s) {
  std::string line = std::string(to_string(s.phase)) + ", batch " + std::to_string(s.batch) +
                     (s.phase == Phase::prefill ? ", prompt " : ", context ") +
                     std::to_string(s.seq) + " tokens; weights " + weights_text(s) +
                     ", activations " + std::string(to_string(s.activations)) + ", kv " +
                     std::string(to_string(s.kv)) + "; flash attention " +
                     on_off(s.flash_attention) + ", fused elementwise " +
                     on_off(s.fuse_elementwise) + ", tp " + std::to_string(s.tp);
  if (s.dp > 1) line += ", dp " + std::to_string(s.dp);
  if (s.pp > 1) line += ", pp " + std::to_string(s.pp);
  if (s.ep > 1) line += ", ep " + std::to_string(s.ep);
  if (s.ep > 1 && s.moe_imbalance != 1)
    line += " (busiest GPU " + format_ratio(s.moe_imbalance) + " the mean)";
  if (speculative(s)) line += "; " + speculation_text(s);
  return line;
}

std::string roof_line(const Analysis& a, const Scenario& s) {
  std::string line = std::string(to_string(a.roof_precision)) + " roof " +
                     format_flop_rate(a.peak_flops) + ", memory " + format_bandwidth(a.bandwidth) +
                     ", ridge " + format_intensity(a.ridge_point);
  if (s.compute_efficiency != 1.0 || s.memory_efficiency != 1.0) {
    line += " (efficiency: compute " + format_percent(s.compute_efficiency) + ", memory " +
            format_percent(s.memory_efficiency) + ")";
  } else {
    line += " (datasheet peak)";
  }
  if (a.math_precision != a.roof_precision) {
    line += "; math wants " + std::string(to_string(a.math_precision));
  }
  return line;
}

using Rows = std::vector<std::vector<std::string>>;

// The operator table with its people's headers, and which columns are numbers.
std::pair<Rows, std::vector<bool>> operator_rows(const Analysis& a) {
  std::vector<bool> numeric;
  Rows rows = operator_table_for_people(a, numeric);
  return {std::move(rows), std::move(numeric)};
}

// The step's readouts the report shows (readouts.h), label and text.
Rows total_rows(const Scenario& s, const Analysis& a) {
  const StepContext ctx(s, a);
  Rows rows;
  for (const StepReadout& r : step_readouts()) {
    if (!(r.shows & kReport) || !step_readout_shown(r, ctx)) continue;
    rows.push_back(
        {std::string(step_readout_label(r, ctx)), step_readout_text(r, ctx, TextStyle::table)});
  }
  return rows;
}

std::string compare_line(const Scenario& s) {
  const GpuSpec& other = *s.compare_gpu;
  const Analysis b = analyze_on_gpu(s, other);
  // Expected times under a calibration not fitted for the compare GPU are a guess there.
  const bool guess = s.calibration && !fitted_for(*s.calibration, other);
  return other.name + " (" + other.id + "): step " + format_time(b.totals.time_s) +
         (guess ? " (calibration not fitted for it: a guess)" : "") + ", " +
         format_token_rate(b.totals.tokens_per_s) + ", ridge " + format_intensity(b.ridge_point) +
         ", " + memory_fit(b.totals).text;
}

}  // namespace

std::string aligned_table(const Rows& raw_rows, const std::vector<bool>& right,
                          std::string_view indent) {
  // A cell is one line: a name with a line break (a kernel's, from a profile) cannot forge one.
  Rows rows = raw_rows;
  for (auto& row : rows)
    for (std::string& cell : row) cell = printable(cell);
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], display_width(row[c]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line(indent);
    for (size_t c = 0; c < row.size(); ++c) {
      std::string pad(widths[c] - display_width(row[c]), ' ');
      bool last = c + 1 == row.size();
      if (c > 0) line += "  ";
      if (c < right.size() && right[c]) {
        line += pad + row[c];
      } else {
        line += row[c];
        if (!last) line += pad;
      }
    }
    out += line + "\n";
  }
  return out;
}

std::string analysis_table(const Scenario& s, const Analysis& a) {
  std::string out = s.model.name + " on " + s.gpu.name + "\n";
  out += "  " + workload_line(s) + "\n";
  out += "  " + roof_line(a, s) + "\n\n";
  const auto [ops, numeric] = operator_rows(a);
  out += aligned_table(ops, numeric) + "\n";
  out += aligned_table(total_rows(s, a), {false, false});
  if (s.compare_gpu) out += "\ncompare: " + compare_line(s) + "\n";
  if (!a.warnings.empty()) {
    out += "\nwarnings:\n";
    for (const auto& w : a.warnings) out += "  - " + w + "\n";
  }
  if (a.calibrated) {
    out += "\nExpected times under the calibration " + s.calibration->id + " (" +
           s.calibration->name + "); the roofline bound beside them.\n";
    if (!s.calibration->prior_from.empty())
      out += "A prior: " + s.calibration->prior_from +
             "'s parameters carried over to a GPU with no measurement of its own; its 80 % "
             "intervals are how far a fit fell on a GPU it never saw.\n";
  } else {
    out +=
        "\nRoofline times (bounds): kernel latency, per-step overhead and all-reduce latency "
        "are not counted; --calibration adds them.\n";
  }
  return out;
}

std::string analysis_markdown(const Scenario& s, const Analysis& a) {
  std::string out = "## " + s.model.name + " on " + s.gpu.name + "\n\n";
  out += workload_line(s) + ".  \n" + roof_line(a, s) + ".\n\n";
  out += operator_table_markdown(a) + "\n";
  Rows totals = total_rows(s, a);
  totals.insert(totals.begin(), {"total", "value"});
  out += markdown_table(totals, {false, true});
  if (s.compare_gpu) out += "\nCompare: " + compare_line(s) + "\n";
  if (!a.warnings.empty()) {
    out += "\n**Warnings**\n\n";
    for (const auto& w : a.warnings) out += "- " + w + "\n";
  }
  return out;
}

std::string analysis_csv(const Analysis& a) { return operator_table_csv(a); }

std::string sweep_csv(SweepParam param, const std::vector<SweepPoint>& points) {
  std::string out = std::string(to_string(param)) + ",time_s,tokens_per_s,fits_in_memory";
  for (const char* g : {"fc", "attention", "elementwise", "step"}) {
    out += std::string(",") + g + "_intensity," + g + "_achieved_flops";
  }
  out += "\n";
  for (const SweepPoint& p : points) {
    out += std::to_string(p.value) + "," + format_exact(p.time_s) + "," +
           format_exact(p.tokens_per_s) + "," + (p.fits_in_memory ? "true" : "false");
    for (const GroupCost* g : {&p.fc, &p.attention, &p.elementwise, &p.step}) {
      // Appended piece by piece: `"," + std::string&&` trips g++ 12's -Wrestrict false positive.
      out += ',';
      out += format_exact(g->intensity);
      out += ',';
      out += format_exact(g->achieved_flops);
    }
    out += "\n";
  }
  return out;
}

}  // namespace roofline
