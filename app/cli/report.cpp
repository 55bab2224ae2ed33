// Table, CSV and Markdown renderings of an analysis and a sweep.

#include "report.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "roofline/compare.h"
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

std::string printf_string(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// Three significant digits without an exponent: 1.00, 24.4, 295, 4096. "-" for an op that
// moves no bytes (fused elementwise), which has no point on the chart.
std::string intensity_text(double intensity) {
  if (!std::isfinite(intensity)) return "-";
  double a = std::fabs(intensity);
  // Thresholds on the rounded value, so 0.9996 prints as 1.00, not 1.
  if (a >= 99.95 || a == 0) return printf_string("%.0f", intensity);
  if (a >= 9.995) return printf_string("%.1f", intensity);
  if (a >= 0.9995) return printf_string("%.2f", intensity);
  return printf_string("%.3g", intensity);
}

std::string si(double value, std::string_view unit) { return format_si(value, unit); }

std::string percent_text(double part, double whole) {
  return whole > 0 ? printf_string("%.1f%%", 100.0 * part / whole) : "-";
}

std::string on_off(bool on) { return on ? "on" : "off"; }

std::string workload_line(const Scenario& s) {
  std::string line =
      std::string(to_string(s.phase)) + ", batch " + std::to_string(s.batch) +
      (s.phase == Phase::prefill ? ", prompt " : ", context ") + std::to_string(s.seq) +
      " tokens; weights " + std::string(to_string(s.weights)) + ", activations " +
      std::string(to_string(s.activations)) + ", kv " + std::string(to_string(s.kv)) +
      "; flash attention " + on_off(s.flash_attention) + ", fused elementwise " +
      on_off(s.fuse_elementwise) + ", tp " + std::to_string(s.tp);
  return line;
}

std::string roof_line(const Analysis& a, const Scenario& s) {
  std::string line = std::string(to_string(a.roof_precision)) + " roof " +
                     si(a.peak_flops, "FLOP/s") + ", memory " + si(a.bandwidth, "B/s") +
                     ", ridge " + intensity_text(a.ridge_point) + " FLOP/B";
  if (s.compute_efficiency != 1.0 || s.memory_efficiency != 1.0) {
    line += " (efficiency: compute " + printf_string("%g", s.compute_efficiency) + ", memory " +
            printf_string("%g", s.memory_efficiency) + ")";
  } else {
    line += " (datasheet peak)";
  }
  if (a.math_precision != a.roof_precision) {
    line += "; math wants " + std::string(to_string(a.math_precision));
  }
  return line;
}

using Rows = std::vector<std::vector<std::string>>;

Rows op_rows(const Analysis& a) {
  Rows rows = {{"op", "kind", "count", "FLOPs", "bytes", "FLOP/B", "time", "share", "bound"}};
  for (const OpCost& op : a.ops) {
    rows.push_back({std::string(op.name), std::string(to_string(op.kind)), std::to_string(op.count),
                    si(op.flops, "FLOP"), si(op.bytes, "B"), intensity_text(op.intensity),
                    format_time(op.time_s), percent_text(op.time_s, a.totals.time_s),
                    std::string(to_string(op.bound))});
  }
  return rows;
}
const std::vector<bool> kOpRight = {false, false, true, true, true, true, true, true, false};

Rows group_rows(const Analysis& a) {
  Rows rows = {{"group", "FLOPs", "bytes", "FLOP/B", "time", "share", "achieved", "bound"}};
  const std::pair<const char*, const GroupCost*> groups[] = {{"fc", &a.fc},
                                                             {"attention", &a.attention},
                                                             {"elementwise", &a.elementwise},
                                                             {"step", &a.step}};
  for (const auto& [name, g] : groups) {
    rows.push_back({name, si(g->flops, "FLOP"), si(g->bytes, "B"), intensity_text(g->intensity),
                    format_time(g->time_s), percent_text(g->time_s, a.totals.time_s),
                    si(g->achieved_flops, "FLOP/s"), std::string(to_string(g->bound))});
  }
  return rows;
}
const std::vector<bool> kGroupRight = {false, true, true, true, true, true, true, false};

Rows total_rows(const Scenario& s, const Analysis& a) {
  const Totals& t = a.totals;
  Rows rows;
  std::string step = format_time(t.time_s);
  if (t.communication_time_s > 0) {
    step += " (" + format_time(t.communication_time_s) + " all-reduce)";
  }
  rows.push_back({"step time", step});
  if (s.phase == Phase::prefill) {
    rows.push_back({"time to first token", format_time(t.ttft_s)});
    rows.push_back({"prompt tokens/s", format_count(t.tokens_per_s)});
  } else {
    rows.push_back({"tokens/s", format_count(t.tokens_per_s)});
  }
  rows.push_back({"FLOPs", si(t.flops, "FLOP")});
  rows.push_back({"bytes", si(t.bytes, "B")});
  rows.push_back({"parameters", format_count(t.parameters)});
  rows.push_back({"weights", si(t.weights_bytes, "B")});
  rows.push_back({"KV cache", si(t.kv_cache_bytes, "B")});
  rows.push_back(
      {"memory per GPU", si(t.memory_per_gpu_bytes, "B") + " of " + si(t.usable_memory_bytes, "B") +
                             " usable: " + (t.fits_in_memory ? "fits" : "does not fit")});
  rows.push_back({"max batch", t.max_batch > 0 ? format_count(static_cast<double>(t.max_batch))
                                               : "0 (the weights alone do not fit)"});
  return rows;
}

std::string compare_line(const Scenario& s) {
  const GpuSpec& other = *s.compare_gpu;
  const Analysis b = analyze_on_gpu(s, other);
  return other.name + " (" + other.id + "): step " + format_time(b.totals.time_s) + ", " +
         format_count(b.totals.tokens_per_s) + " tokens/s, ridge " + intensity_text(b.ridge_point) +
         " FLOP/B, " + (b.totals.fits_in_memory ? "fits" : "does not fit");
}

std::string markdown_table(const Rows& rows, const std::vector<bool>& right) {
  std::string out;
  for (size_t r = 0; r < rows.size(); ++r) {
    out += "|";
    for (const auto& cell : rows[r]) out += " " + cell + " |";
    out += "\n";
    if (r == 0) {
      out += "|";
      for (size_t c = 0; c < rows[0].size(); ++c) {
        out += c < right.size() && right[c] ? "---:|" : "---|";
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace

std::string raw_number(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (std::isnan(value)) return "nan";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return ec == std::errc() ? std::string(buf, end) : printf_string("%.17g", value);
}

std::string aligned_table(const Rows& rows, const std::vector<bool>& right,
                          std::string_view indent) {
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
  out += aligned_table(op_rows(a), kOpRight) + "\n";
  out += aligned_table(group_rows(a), kGroupRight) + "\n";
  out += aligned_table(total_rows(s, a), {false, false});
  if (s.compare_gpu) out += "\ncompare: " + compare_line(s) + "\n";
  if (!a.warnings.empty()) {
    out += "\nwarnings:\n";
    for (const auto& w : a.warnings) out += "  - " + w + "\n";
  }
  out += "\nRoofline times: kernel-launch gaps and communication overlap are not modelled.\n";
  return out;
}

std::string analysis_markdown(const Scenario& s, const Analysis& a) {
  std::string out = "## " + s.model.name + " on " + s.gpu.name + "\n\n";
  out += workload_line(s) + ".  \n" + roof_line(a, s) + ".\n\n";
  out += markdown_table(op_rows(a), kOpRight) + "\n";
  out += markdown_table(group_rows(a), kGroupRight) + "\n";
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

std::string analysis_csv(const Analysis& a) {
  std::string out = "name,kind,count,flops,bytes,weight_bytes,kv_bytes,intensity,time_s,bound\n";
  for (const OpCost& op : a.ops) {
    out += std::string(op.name) + "," + std::string(to_string(op.kind)) + "," +
           std::to_string(op.count) + "," + raw_number(op.flops) + "," + raw_number(op.bytes) +
           "," + raw_number(op.weight_bytes) + "," + raw_number(op.kv_bytes) + "," +
           raw_number(op.intensity) + "," + raw_number(op.time_s) + "," +
           std::string(to_string(op.bound)) + "\n";
  }
  return out;
}

std::string sweep_csv(SweepParam param, const std::vector<SweepPoint>& points) {
  std::string out = std::string(to_string(param)) + ",time_s,tokens_per_s,fits_in_memory";
  for (const char* g : {"fc", "attention", "elementwise", "step"}) {
    out += std::string(",") + g + "_intensity," + g + "_achieved_flops";
  }
  out += "\n";
  for (const SweepPoint& p : points) {
    out += std::to_string(p.value) + "," + raw_number(p.time_s) + "," + raw_number(p.tokens_per_s) +
           "," + (p.fits_in_memory ? "true" : "false");
    for (const GroupCost* g : {&p.fc, &p.attention, &p.elementwise, &p.step}) {
      // Appended piece by piece: `"," + std::string&&` trips g++ 12's -Wrestrict false positive.
      out += ',';
      out += raw_number(g->intensity);
      out += ',';
      out += raw_number(g->achieved_flops);
    }
    out += "\n";
  }
  return out;
}

}  // namespace roofline
