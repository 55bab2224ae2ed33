#include "roofline/operator_table.h"

#include <algorithm>
#include <array>
#include <utility>

#include "roofline/units.h"

namespace roofline {

namespace {

constexpr std::array<TableColumn, 16> kColumns = {{
    {"name", "op", false},
    {"kind", "kind", false},
    {"count", "count", true},
    {"flops", "FLOPs", true},
    {"bytes", "bytes", true},
    {"weight_bytes", "weight bytes", true},
    {"kv_bytes", "KV bytes", true},
    {"intensity", "intensity", true},
    {"time_s", "time", true},
    {"bound", "bound", false},
    {"share_of_step_time", "share", true},
    {"achieved_flops", "achieved", true},
    {"layer_type", "layer", false},  // the columns before it keep their places
    // Unique in the step: op_key() ("attention@sliding" where the name recurs), "total:" and the
    // group's key for a total ("total:attention@full").
    {"id", "id", false, false},
    // The 80 % interval of time_s (Analysis::op_interval, step_interval); empty without one.
    {"time_s_low", "80 % low", true, false},
    {"time_s_high", "80 % high", true, false},
}};

// What one row shows, whether an op or a group.
struct Row {
  std::string name, kind, count;
  double flops = 0, bytes = 0, weight_bytes = 0, kv_bytes = 0, intensity = 0, time_s = 0;
  Bound bound = Bound::memory;
  double achieved_flops = 0;
  std::string layer;  // the op's layer type ("sliding 128", "output"); "" for a group
  std::string id;
  bool whole_step = false;  // its interval is the step's
  bool link = false;        // a communication operator: bound by the interconnect, no interval
};

std::vector<Row> table_rows(const Analysis& a) {
  std::vector<Row> out;
  for (const OpCost& op : a.ops) {
    out.push_back({std::string(op.name), std::string(to_string(op.kind)), std::to_string(op.count),
                   op.flops, op.bytes, op.weight_bytes, op.kv_bytes, op.intensity, op.time_s,
                   op.bound, op.time_s > 0 ? op.flops / op.time_s : 0,
                   a.layer_types[static_cast<size_t>(op.layer_type)].label, op_key(a, op)});
  }
  for (const CommOp& c : a.comm) {
    Row r{std::string(c.name),
          "comm",
          std::to_string(c.count),
          0,
          c.bytes,
          0,
          0,
          0,
          c.time_s,
          Bound::memory,
          0,
          std::string(comm_place(a, c).label),
          comm_key(a, c)};
    r.link = true;
    out.push_back(std::move(r));
  }
  const std::pair<const char*, const GroupCost*> groups[] = {{"fc", &a.fc},
                                                             {"attention", &a.attention},
                                                             {"elementwise", &a.elementwise},
                                                             {"step", &a.step}};
  for (const auto& [name, g] : groups) {
    Row r{std::string("total ") + name,
          "group",
          "",
          g->flops,
          g->bytes,
          0,
          0,
          g->intensity,
          g->time_s,
          g->bound,
          g->achieved_flops,
          "",
          std::string("total:") + name};
    for (const OpCost& op : a.ops) {
      if (std::string_view(name) == "step" || to_string(op.kind) == name) {
        r.weight_bytes += op.weight_bytes;
        r.kv_bytes += op.kv_bytes;
      }
    }
    r.whole_step = std::string_view(name) == "step";
    out.push_back(std::move(r));
  }
  // One total per attention type when the model has several ("total attention · sliding 128").
  for (const GroupCost& g : a.attention_types) {
    const LayerTypeInfo& type = a.layer_types[static_cast<size_t>(g.layer_type)];
    Row r{"total " + attention_type_label(type),
          "group",
          std::to_string(type.count),
          g.flops,
          g.bytes,
          0,
          0,
          g.intensity,
          g.time_s,
          g.bound,
          g.achieved_flops,
          type.label,
          "total:attention@" + type_key(a, g.layer_type)};
    for (const OpCost& op : a.ops) {
      if (op.kind == OpKind::attention && op.layer_type == g.layer_type) {
        r.weight_bytes += op.weight_bytes;
        r.kv_bytes += op.kv_bytes;
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

size_t display_width(std::string_view s) {
  size_t n = 0;
  for (const char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

}  // namespace

std::span<const TableColumn> operator_table_columns() { return kColumns; }

std::vector<std::vector<std::string>> operator_table_rows(const Analysis& a, bool raw) {
  const double step = a.totals.time_s;
  std::vector<std::vector<std::string>> out;
  for (const Row& r : table_rows(a)) {
    const double share = step > 0 ? r.time_s / step : 0;
    if (raw) {
      const ValueInterval& ratio = r.whole_step ? a.step_interval : a.op_interval;
      const bool interval = ratio.low > 0 && r.time_s > 0 && !r.link;
      const std::string bound = r.link ? "link" : std::string(to_string(r.bound));
      out.push_back({r.name, r.kind, r.count, format_exact(r.flops), format_exact(r.bytes),
                     format_exact(r.weight_bytes), format_exact(r.kv_bytes),
                     format_exact(r.intensity), format_exact(r.time_s), bound, format_exact(share),
                     format_exact(r.achieved_flops), r.layer, r.id,
                     interval ? format_exact(r.time_s * ratio.low) : "",
                     interval ? format_exact(r.time_s * ratio.high) : ""});
    } else {
      out.push_back({r.name, r.kind, r.count, format_flops(r.flops), format_bytes(r.bytes),
                     format_bytes(r.weight_bytes), format_bytes(r.kv_bytes),
                     format_intensity(r.intensity), format_time(r.time_s),
                     r.link ? "link" : std::string(to_string(r.bound)), format_percent(share),
                     format_flop_rate(r.achieved_flops), r.layer});
    }
  }
  return out;
}

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled
// ("MoE 32 experts, top 4").
std::string csv_field(const std::string& raw) {
  const std::string field = printable(raw, true);  // no terminal control reaches a CSV
  if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
  std::string out = "\"";
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

namespace {

// The header of keys, then the raw rows, each cell through `cell`, `separator` between them.
template <class Cell>
std::string delimited_table(const Analysis& a, char separator, Cell cell) {
  std::string out;
  for (const TableColumn& c : kColumns) {
    if (!out.empty()) out += separator;
    out += c.key;
  }
  out += '\n';
  for (const auto& row : operator_table_rows(a, true)) {
    for (size_t i = 0; i < row.size(); ++i) {
      if (i > 0) out += separator;
      out += cell(row[i]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace

std::string operator_table_tsv(const Analysis& a) {
  return delimited_table(a, '\t', [](std::string text) {
    for (char& c : text) {
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    }
    return text;
  });
}

std::string operator_table_csv(const Analysis& a) {
  return delimited_table(a, ',', [](const std::string& text) { return csv_field(text); });
}

std::vector<std::vector<std::string>> operator_table_for_people(const Analysis& a,
                                                                std::vector<bool>& numeric) {
  std::vector<std::vector<std::string>> rows(1);
  numeric.clear();
  for (const TableColumn& c : kColumns) {
    if (!c.people) continue;
    rows[0].emplace_back(c.header);
    numeric.push_back(c.numeric);
  }
  for (auto& row : operator_table_rows(a, false)) rows.push_back(std::move(row));
  return rows;
}

std::string operator_table_markdown(const Analysis& a) {
  std::vector<bool> numeric;
  const std::vector<std::vector<std::string>> rows = operator_table_for_people(a, numeric);
  return markdown_table(rows, numeric);
}

std::string markdown_table(const std::vector<std::vector<std::string>>& raw_rows,
                           const std::vector<bool>& numeric) {
  if (raw_rows.empty()) return "";
  // A cell is one line of text (a name with a line break would break the table).
  std::vector<std::vector<std::string>> rows = raw_rows;
  for (auto& row : rows)
    for (std::string& cell : row) cell = printable(cell);
  // At least 3 wide: "---" is the shortest delimiter cell.
  std::vector<size_t> width(rows.front().size(), 3);
  for (const auto& row : rows)
    for (size_t i = 0; i < row.size() && i < width.size(); ++i)
      width[i] = std::max(width[i], display_width(row[i]));
  auto right = [&](size_t column) { return column < numeric.size() && numeric[column]; };
  std::string out;
  for (size_t r = 0; r < rows.size(); ++r) {
    out += "|";
    for (size_t i = 0; i < width.size(); ++i) {
      const std::string cell = i < rows[r].size() ? rows[r][i] : "";
      const std::string pad(width[i] - display_width(cell), ' ');
      out += ' ';
      out += right(i) && r > 0 ? pad + cell : cell + pad;
      out += " |";
    }
    out += "\n";
    if (r == 0) {
      out += "|";
      for (size_t i = 0; i < width.size(); ++i)
        out += ' ' + (right(i) ? std::string(width[i] - 1, '-') + ": |"
                               : std::string(width[i], '-') + " |");
      out += "\n";
    }
  }
  return out;
}

}  // namespace roofline
