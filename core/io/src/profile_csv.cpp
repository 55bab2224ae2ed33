// The CSV formats: Nsight Compute (one row per metric of a launch), Nsight Systems' kernel
// summary, rocprofiler-compute's roofline.csv and pmc_perf.csv. Columns are found by name, never
// by position: their order and number differ across versions.

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "profile_formats.h"

namespace roofline::profile_io {

namespace {

// The column of that name, or -1.
int column(const std::vector<std::string>& header, std::string_view name) {
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) return static_cast<int>(i);
  }
  return -1;
}

int required_column(const CsvReader& in, const std::vector<std::string>& header,
                    std::string_view name) {
  const int c = column(header, name);
  if (c < 0) {
    throw ImportError{in.origin() + ": line " + std::to_string(in.line()) + ": no \"" +
                      std::string(name) + "\" column in the header"};
  }
  return c;
}

const std::string& field(const std::vector<std::string>& row, int c) {
  static const std::string kEmpty;
  return c >= 0 && static_cast<size_t>(c) < row.size() ? row[static_cast<size_t>(c)] : kEmpty;
}

// A number a reader needs: absent is nullopt, anything else that is not a number fails.
std::optional<double> number_in(const CsvReader& in, std::string_view what,
                                const std::string& text) {
  if (is_absent_value(text)) return std::nullopt;
  const std::optional<double> v = parse_profiler_number(text);
  if (!v) in.fail(std::string(what) + ": expected a number, got " + quoted(text));
  return v;
}

// The next data row (blank lines skipped); a row shorter than the header is a truncated or
// mangled file. False at the end.
bool next_row(CsvReader& in, const std::vector<std::string>& header,
              std::vector<std::string>& row) {
  while (in.next_record(row)) {
    if (row.size() == 1 && row[0].empty()) continue;
    if (row.size() < header.size()) {
      in.fail("expected " + std::to_string(header.size()) + " fields, got " +
              std::to_string(row.size()) + " (a truncated or mangled CSV)");
    }
    return true;
  }
  return false;
}

// [SECTION] Nsight Compute

// What one launch's rows said, in base units.
struct NcuLaunch {
  size_t kernel = 0;
  std::optional<double> gpu_time{}, duration{}, cycles{}, cycles_per_s{};
  std::optional<double> dram_bytes{}, dram_read{}, dram_write{};
  std::optional<double> tensor_ops{}, sass_flops{}, flop_count{};
  // Roofline section page: achieved rates per cycle and the clock, single and double.
  std::optional<double> sp_ops_per_cycle{}, sp_clock{}, dp_ops_per_cycle{}, dp_clock{},
      dram_bandwidth{};

  LaunchValues values() const {
    LaunchValues v;
    if (gpu_time) {
      v.time_s = gpu_time;
    } else if (duration) {
      v.time_s = duration;
    } else if (cycles && cycles_per_s && *cycles_per_s > 0) {
      v.time_s = *cycles / *cycles_per_s;
    }
    if (dram_bytes) {
      v.bytes = dram_bytes;
    } else if (dram_read && dram_write) {
      v.bytes = *dram_read + *dram_write;
    }
    if (tensor_ops || sass_flops) {
      v.flops = tensor_ops.value_or(0) + sass_flops.value_or(0);
    } else if (flop_count) {
      v.flops = flop_count;
    }
    if (!v.time_s && (sp_ops_per_cycle || dp_ops_per_cycle) && dram_bandwidth) {
      v.flops_per_s = sp_ops_per_cycle.value_or(0) * sp_clock.value_or(0) +
                      dp_ops_per_cycle.value_or(0) * dp_clock.value_or(0);
      v.bytes_per_s = dram_bandwidth;
    }
    return v;
  }
};

// Where a metric goes in its launch: the field, whether rows add up (the FLOP counters, the
// per-cycle rates) or set it, and the FLOPs per counted instruction.
struct MetricUse {
  std::optional<double> NcuLaunch::*field = nullptr;
  bool adds = false;
  double weight = 1;
};

MetricUse use_of(const std::string& metric, const std::string& section, const std::string& label) {
  using L = NcuLaunch;
  if (metric == "gpu__time_duration.sum") return {&L::gpu_time};
  if (metric == "Duration" && section == "GPU Speed Of Light Throughput") return {&L::duration};
  if (metric == "sm__cycles_elapsed.avg") return {&L::cycles};
  if (metric == "sm__cycles_elapsed.avg.per_second") return {&L::cycles_per_s};
  if (metric == "dram__bytes.sum") return {&L::dram_bytes};
  if (metric == "dram__bytes_read.sum") return {&L::dram_read};
  if (metric == "dram__bytes_write.sum") return {&L::dram_write};
  // Tensor-pipe operations: an FMA counts 2, as FLOPs.
  if (metric.starts_with("sm__ops_path_tensor_") && metric.ends_with(".sum"))
    return {&L::tensor_ops, true};
  if (const auto w = sass_flop_weight(metric)) return {&L::sass_flops, true, *w};
  if (metric == "flop_count_sp.sum" || metric == "flop_count_hp.sum" ||
      metric == "flop_count_dp.sum")
    return {&L::flop_count, true};
  // The roofline section page: achieved operations per cycle, the clock, the bandwidth.
  const bool single = label == "Single Precision Achieved Value";
  const bool dual = label == "Double Precision Achieved Value";
  if (!single && !dual) return {};
  const char p = single ? 'F' : 'D';
  if (metric == std::string("Predicated-On ") + p + "FMA Operations Per Cycle" ||
      metric == std::string("Predicated-On ") + p + "ADD Thread Instructions Executed Per Cycle" ||
      metric == std::string("Predicated-On ") + p + "MUL Thread Instructions Executed Per Cycle")
    return {single ? &L::sp_ops_per_cycle : &L::dp_ops_per_cycle, true};
  if (metric == "SM Frequency") return {single ? &L::sp_clock : &L::dp_clock};
  if (metric == "DRAM Bandwidth" && single) return {&L::dram_bandwidth};
  return {};
}

// One metric row into its launch. `label` is the roofline section's body item ("Single
// Precision Achieved Value"); `section` the section name.
void take_metric(const CsvReader& in, NcuLaunch& l, const std::string& metric,
                 const std::string& unit, const std::string& value, const std::string& section,
                 const std::string& label) {
  const MetricUse use = use_of(metric, section, label);
  if (use.field == nullptr) return;
  const std::optional<double> raw = number_in(in, metric, value);
  if (!raw) return;  // n/a: not measured
  const std::optional<double> scale = unit_scale(unit);
  if (!scale) in.fail(metric + ": unknown unit " + quoted(unit));
  if (*raw < 0) in.fail(metric + ": expected a number >= 0, got " + quoted(value));
  std::optional<double>& field = l.*use.field;
  const double v = *raw * *scale * use.weight;
  field = use.adds ? field.value_or(0) + v : v;
}

}  // namespace

Profile read_ncu(CsvReader& in, const std::vector<std::string>& header) {
  Profile p;
  p.format = ProfileFormat::ncu_csv;
  const int id_col = required_column(in, header, "ID");
  const int name_col = required_column(in, header, "Kernel Name");
  const int pid_col = column(header, "Process ID");
  const int metric_col = column(header, "Metric Name");
  if (metric_col < 0) {
    throw ImportError{
        in.origin() + ": line " + std::to_string(in.line()) +
        ": an Nsight Compute CSV without a \"Metric Name\" column (the raw page, one column "
        "per metric) is not read yet: export the details page (ncu --csv --page details) or "
        "the metrics (ncu --csv --metrics ...), one row per metric"};
  }
  const int unit_col = required_column(in, header, "Metric Unit");
  const int value_col = required_column(in, header, "Metric Value");
  const int section_col = column(header, "Section Name");
  const int label_col = column(header, "Body Item Label");

  KernelTable table;
  // Launches in the order they appear; rows of one launch may be spread out.
  std::map<std::pair<std::string, std::string>, size_t> launch_of;
  std::vector<NcuLaunch> launches;
  std::vector<std::string> row;
  bool any_time = false, any_flops = false, any_bytes = false, any_tensor = false,
       tensor_only = true;
  while (in.next_record(row)) {
    if (row.size() == 1 && row[0].empty()) continue;  // a blank line
    if (row.size() < static_cast<size_t>(value_col) + 1) {
      // ncu ends some sections with a rule row that has fewer fields; a launch row never does.
      if (field(row, id_col).empty()) continue;
      in.fail("expected " + std::to_string(header.size()) + " fields, got " +
              std::to_string(row.size()) + " (a truncated or mangled CSV)");
    }
    const std::string& id = field(row, id_col);
    if (id.empty()) continue;
    const std::string& metric = field(row, metric_col);
    if (metric.empty()) continue;  // a rule row of a section
    auto key = std::make_pair(field(row, pid_col), id);
    auto it = launch_of.find(key);
    if (it == launch_of.end()) {
      it = launch_of.emplace(std::move(key), launches.size()).first;
      launches.push_back(NcuLaunch{.kernel = table.index(field(row, name_col))});
    }
    take_metric(in, launches[it->second], metric, field(row, unit_col), field(row, value_col),
                field(row, section_col), field(row, label_col));
  }
  if (launches.empty()) {
    throw ImportError{in.origin() + ": an Nsight Compute CSV with a header and no kernel rows"};
  }
  for (const NcuLaunch& l : launches) {
    const LaunchValues v = l.values();
    any_time = any_time || v.time_s.has_value();
    any_flops = any_flops || v.flops.has_value() || v.flops_per_s.has_value();
    any_bytes = any_bytes || v.bytes.has_value() || v.bytes_per_s.has_value();
    if (l.sass_flops || l.flop_count) tensor_only = false;
    if (l.tensor_ops) any_tensor = true;
    table.add(l.kernel, v);
  }
  table.finish(p);
  if (!any_time) {
    p.notes.emplace_back(
        "no kernel durations (gpu__time_duration.sum) in this file: kernels are placed by their "
        "rates, and no step time is summed");
  }
  if (!any_flops) {
    p.notes.emplace_back(
        "no FLOP counters (sm__ops_path_tensor_*, smsp__sass_thread_inst_executed_op_*): kernels "
        "are placed at their op's modelled intensity");
  } else if (tensor_only && any_tensor) {
    p.notes.emplace_back("FLOPs from the tensor pipe only (no FP32/FP16 instruction counters)");
  }
  if (!any_bytes) p.notes.emplace_back("no DRAM byte counters (dram__bytes.sum) in this file");
  return p;
}

// [SECTION] Nsight Systems

Profile read_nsys(CsvReader& in, const std::vector<std::string>& header) {
  Profile p;
  p.format = ProfileFormat::nsys_kernel_summary;
  const int time_col = required_column(in, header, "Total Time (ns)");
  const int count_col = required_column(in, header, "Instances");
  const int name_col = required_column(in, header, "Name");
  KernelTable table;
  std::vector<std::string> row;
  while (next_row(in, header, row)) {
    const std::optional<double> total = number_in(in, "Total Time (ns)", field(row, time_col));
    const std::optional<double> count = number_in(in, "Instances", field(row, count_col));
    // Instances up to 2^53: a count a double holds exactly, and far beyond any real profile.
    if (!total || !count || *total < 0 || *count < 1 || *count > 9007199254740992.0 ||
        *count != std::floor(*count)) {
      in.fail("expected a total time >= 0 ns and a whole number of instances >= 1, got " +
              quoted(field(row, time_col)) + " and " + quoted(field(row, count_col)));
    }
    // The summary gives the sum over its instances.
    table.add(table.index(field(row, name_col)), {.time_s = *total * 1e-9},
              static_cast<int64_t>(*count));
  }
  if (table.empty()) {
    throw ImportError{in.origin() + ": an Nsight Systems kernel summary with no kernel rows"};
  }
  table.finish(p);
  p.notes.emplace_back(
      "Nsight Systems summaries have times only: each kernel is placed at its op's modelled "
      "intensity");
  return p;
}

// [SECTION] rocprofiler-compute

Profile read_rocprof_roofline(CsvReader& in, const std::vector<std::string>& header) {
  Profile p;
  p.format = ProfileFormat::rocprof_roofline;
  std::vector<std::string> row;
  std::vector<std::string> first;
  int devices = 0;
  int64_t first_line = 0;
  while (next_row(in, header, row)) {
    if (devices++ == 0) {
      first = row;
      first_line = in.line();
    }
  }
  if (devices == 0) throw ImportError{in.origin() + ": a roofline.csv with no device rows"};
  struct Col {
    std::string_view column, name;
    MeasuredRoof::Kind kind;
    double scale;
    std::optional<Precision> precision{};
    bool main_memory;
  };
  using K = MeasuredRoof::Kind;
  // GB/s and GFLOP/s (GOP/s for int8). MFMA F32 and FP64 roofs have no precision of roofline's.
  static const Col kCols[] = {
      {"HBMBw", "HBM", K::bandwidth, 1e9, std::nullopt, true},
      {"L2Bw", "L2", K::bandwidth, 1e9, std::nullopt, false},
      {"L1Bw", "L1", K::bandwidth, 1e9, std::nullopt, false},
      {"LDSBw", "LDS", K::bandwidth, 1e9, std::nullopt, false},
      {"MFMABF16Flops", "MFMA BF16", K::compute, 1e9, Precision::bf16, false},
      {"MFMAF16Flops", "MFMA F16", K::compute, 1e9, Precision::fp16, false},
      {"MFMAI8Ops", "MFMA I8", K::compute, 1e9, Precision::int8, false},
      {"MFMAF32Flops", "MFMA F32", K::compute, 1e9, std::nullopt, false},
      {"FP32Flops", "FP32 (vector)", K::compute, 1e9, Precision::fp32, false},
      {"MFMAF64Flops", "MFMA F64", K::compute, 1e9, std::nullopt, false},
      {"FP64Flops", "FP64 (vector)", K::compute, 1e9, std::nullopt, false},
  };
  for (const Col& c : kCols) {
    const int col = column(header, c.column);
    if (col < 0) continue;
    const std::string& text = field(first, col);
    if (is_absent_value(text)) continue;
    const std::optional<double> v = parse_profiler_number(text);
    if (!v || *v <= 0) {
      throw ImportError{in.origin() + ": line " + std::to_string(first_line) + ": " +
                        std::string(c.column) + ": expected a positive number, got " +
                        quoted(text)};
    }
    p.roofs.push_back({.name = std::string(c.name),
                       .kind = c.kind,
                       .value = *v * c.scale,
                       .precision = c.precision,
                       .main_memory = c.main_memory});
  }
  if (p.roofs.empty()) throw ImportError{in.origin() + ": a roofline.csv with no roof columns"};
  if (devices > 1) {
    p.notes.push_back(std::to_string(devices) + " devices in the file: device " +
                      field(first, column(header, "device")) + "'s roofs are used");
  }
  return p;
}

Profile read_rocprof_counters(CsvReader& in, const std::vector<std::string>& header) {
  Profile p;
  p.format = ProfileFormat::rocprof_counters;
  const int name_col = required_column(in, header, "Kernel_Name");
  const int start_col = column(header, "Start_Timestamp");
  const int end_col = column(header, "End_Timestamp");
  // HBM bytes from the L2-to-memory requests (32- and 64-byte), as rocprofiler-compute's
  // roofline counts them; FLOPs from the VALU counters (per wavefront: x64 lanes) and MFMA
  // MOPs (x512).
  // MI200 names them TCC_EA_*; MI300 (gfx942) TCC_EA0_* and adds 128-byte reads
  // (TCC_BUBBLE_sum), as rocprofiler-compute's roofline_calc.py counts them.
  const bool mi300 = column(header, "TCC_EA0_RDREQ_sum") >= 0;
  const std::string ea = mi300 ? "TCC_EA0_" : "TCC_EA_";
  const int rd32 = column(header, ea + "RDREQ_32B_sum");
  const int rd = column(header, ea + "RDREQ_sum");
  const int wr64 = column(header, ea + "WRREQ_64B_sum");
  const int wr = column(header, ea + "WRREQ_sum");
  const int bubble = column(header, "TCC_BUBBLE_sum");
  struct Flop {
    int col;
    double weight;
  };
  std::vector<Flop> flop_cols;
  for (const std::string_view prec : {"F16", "F32", "F64"}) {
    for (const auto& [op, w] :
         {std::pair{"ADD", 64.0}, {"MUL", 64.0}, {"TRANS", 64.0}, {"FMA", 128.0}}) {
      const int c = column(header, std::string("SQ_INSTS_VALU_") + op + "_" + std::string(prec));
      if (c >= 0) flop_cols.push_back({c, w});
    }
  }
  for (const std::string_view prec : {"F16", "BF16", "F32", "F64"}) {
    const int c = column(header, "SQ_INSTS_VALU_MFMA_MOPS_" + std::string(prec));
    if (c >= 0) flop_cols.push_back({c, 512.0});
  }
  const bool has_bytes = rd32 >= 0 && rd >= 0 && wr64 >= 0 && wr >= 0 && (!mi300 || bubble >= 0);
  KernelTable table;
  std::vector<std::string> row;
  while (next_row(in, header, row)) {
    LaunchValues v;
    if (start_col >= 0 && end_col >= 0) {
      const auto start = number_in(in, "Start_Timestamp", field(row, start_col));
      const auto end = number_in(in, "End_Timestamp", field(row, end_col));
      if (start && end) {
        if (*end < *start) in.fail("End_Timestamp is before Start_Timestamp");
        v.time_s = (*end - *start) * 1e-9;
      }
    }
    if (has_bytes) {
      const auto a = number_in(in, ea + "RDREQ_32B_sum", field(row, rd32));
      const auto b = number_in(in, ea + "RDREQ_sum", field(row, rd));
      const auto c = number_in(in, ea + "WRREQ_64B_sum", field(row, wr64));
      const auto d = number_in(in, ea + "WRREQ_sum", field(row, wr));
      const auto big = mi300 ? number_in(in, "TCC_BUBBLE_sum", field(row, bubble)) : 0.0;
      if (a && b && c && d && big) {
        v.bytes = 128 * *big + 32 * *a + 64 * (*b - *big - *a) + 64 * *c + 32 * (*d - *c);
      }
    }
    if (!flop_cols.empty()) {
      double flops = 0;
      bool all = true;
      for (const Flop& f : flop_cols) {
        const auto x = number_in(in, header[static_cast<size_t>(f.col)], field(row, f.col));
        if (!x) {
          all = false;
          break;
        }
        flops += f.weight * *x;
      }
      if (all) v.flops = flops;
    }
    table.add(table.index(field(row, name_col)), v);
  }
  if (table.empty()) throw ImportError{in.origin() + ": a pmc_perf.csv with no dispatch rows"};
  table.finish(p);
  if (!has_bytes) p.notes.emplace_back("no TCC_EA request counters: no HBM bytes");
  if (flop_cols.empty()) p.notes.emplace_back("no SQ_INSTS_VALU counters: no FLOPs");
  return p;
}

}  // namespace roofline::profile_io
