// The operator table: CSV for machines, Markdown for people.

#include <cmath>
#include <cstdio>
#include <vector>

#include "painters.h"
#include "roofline/export/export.h"
#include "roofline/units.h"

namespace roofline {

namespace {

struct Row {
  std::string name, kind, count;
  double flops = 0, bytes = 0, intensity = 0, time_s = 0;
  std::string bound;
};

std::vector<Row> rows(const Analysis& a) {
  std::vector<Row> out;
  for (const OpCost& op : a.ops)
    out.push_back({std::string(op.name), std::string(to_string(op.kind)), std::to_string(op.count),
                   op.flops, op.bytes, op.intensity, op.time_s, std::string(to_string(op.bound))});
  const std::pair<const char*, const GroupCost*> groups[] = {{"fc", &a.fc},
                                                             {"attention", &a.attention},
                                                             {"elementwise", &a.elementwise},
                                                             {"step", &a.step}};
  for (const auto& [name, g] : groups)
    out.push_back({std::string("total ") + name, "group", "", g->flops, g->bytes, g->intensity,
                   g->time_s, std::string(to_string(g->bound))});
  return out;
}

std::string csv_number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

size_t display_width(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string percent(double share) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", share * 100);
  return buf;
}

std::string intensity_text(double v) {
  if (std::isinf(v)) return "∞ (fused)";
  char buf[32];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
  return buf;
}

}  // namespace

std::string operator_table(const Analysis& a, TableFormat format) {
  const double step = a.totals.time_s;
  const auto all = rows(a);
  if (format == TableFormat::csv) {
    std::string out =
        "name,kind,count,flops,bytes,intensity_flop_per_byte,time_s,share_of_step_time,bound\n";
    for (const Row& r : all) {
      out += r.name + "," + r.kind + "," + r.count + "," + csv_number(r.flops) + "," +
             csv_number(r.bytes) + "," + csv_number(r.intensity) + "," + csv_number(r.time_s) +
             "," + csv_number(step > 0 ? r.time_s / step : 0) + "," + r.bound + "\n";
    }
    return out;
  }
  std::vector<std::vector<std::string>> cells;
  cells.push_back({"Operator", "Kind", "Layers", "FLOPs", "Bytes", "Intensity (FLOP/B)", "Time",
                   "Share of step", "Bound"});
  for (const Row& r : all) {
    cells.push_back({r.name, r.kind, r.count, format_si(r.flops, "FLOP"), format_si(r.bytes, "B"),
                     intensity_text(r.intensity), format_time(r.time_s),
                     percent(step > 0 ? r.time_s / step : 0), r.bound});
  }
  std::vector<size_t> width(cells.front().size(), 3);
  for (const auto& row : cells)
    for (size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], display_width(row[i]));
  // Text columns left-aligned, numbers right-aligned.
  auto numeric = [](size_t column) { return column >= 2 && column <= 7; };
  std::string out;
  for (size_t r = 0; r < cells.size(); ++r) {
    out += "|";
    for (size_t i = 0; i < cells[r].size(); ++i) {
      const std::string pad(width[i] - display_width(cells[r][i]), ' ');
      out += ' ';
      out += numeric(i) && r > 0 ? pad + cells[r][i] : cells[r][i] + pad;
      out += " |";
    }
    out += "\n";
    if (r == 0) {
      out += "|";
      for (size_t i = 0; i < width.size(); ++i)
        out += ' ' + (numeric(i) ? std::string(width[i] - 1, '-') + ": |"
                                 : std::string(width[i], '-') + " |");
      out += "\n";
    }
  }
  return out;
}

}  // namespace roofline
