// Profile imports: recognise the format from the content, then stream it. CSV formats are read
// record by record, the PyTorch trace through nlohmann's SAX parser (no document in memory);
// kernels are summed by name as they go by.

#include "roofline/io/profile_import.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <istream>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>

#include "profile_formats.h"
#include "roofline/units.h"

namespace roofline {

using profile_io::CsvReader;
using profile_io::ImportError;
using profile_io::Source;

namespace profile_io {

size_t KernelTable::index(std::string_view name) {
  if (const auto it = by_name_.find(std::string(name)); it != by_name_.end()) return it->second;
  const size_t i = kernels_.size();
  MeasuredKernel k;
  k.name = std::string(name);
  kernels_.push_back(std::move(k));
  by_name_.emplace(kernels_.back().name, i);
  all_timed_.push_back(1);
  all_flops_.push_back(1);
  all_bytes_.push_back(1);
  rated_.push_back(0);
  return i;
}

std::optional<size_t> KernelTable::find(std::string_view name) const {
  const auto it = by_name_.find(std::string(name));
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

void KernelTable::add(size_t i, const LaunchValues& v, int64_t launches) {
  MeasuredKernel& k = kernels_[i];
  k.launches += launches;
  launches_ += launches;
  auto sum = [](std::optional<double>& into, const std::optional<double>& x, char& all) {
    if (!all) return;
    if (!x) {
      all = 0;
      into.reset();
      return;
    }
    into = into.value_or(0) + *x;
  };
  sum(k.time_s, v.time_s, all_timed_[i]);
  sum(k.flops, v.flops, all_flops_[i]);
  sum(k.bytes, v.bytes, all_bytes_[i]);
  if (v.flops_per_s && v.bytes_per_s) {
    // Rate-only launches (a roofline section page): the mean rate of those that gave one.
    const double n = static_cast<double>(++rated_[i]);
    k.flops_per_s = k.flops_per_s.value_or(0) * (n - 1) / n + *v.flops_per_s / n;
    k.bytes_per_s = k.bytes_per_s.value_or(0) * (n - 1) / n + *v.bytes_per_s / n;
  }
}

void KernelTable::add_flops(size_t i, double flops) {
  MeasuredKernel& k = kernels_[i];
  k.flops = k.flops.value_or(0) + flops;
}

void KernelTable::finish(Profile& p) {
  p.launches = launches_;
  p.kernels = std::move(kernels_);
  for (MeasuredKernel& k : p.kernels) {
    if (k.time_s && *k.time_s > 0) {
      if (k.flops) k.flops_per_s = *k.flops / *k.time_s;
      if (k.bytes) k.bytes_per_s = *k.bytes / *k.time_s;
    }
  }
  // Longest first; kernels without a time after those with one, by FLOPs; then by name.
  std::stable_sort(p.kernels.begin(), p.kernels.end(),
                   [](const MeasuredKernel& a, const MeasuredKernel& b) {
                     const double ta = a.time_s.value_or(-1), tb = b.time_s.value_or(-1);
                     if (ta != tb) return ta > tb;
                     const double fa = a.flops.value_or(-1), fb = b.flops.value_or(-1);
                     if (fa != fb) return fa > fb;
                     return a.name < b.name;
                   });
}

std::optional<double> sass_flop_weight(std::string_view metric) {
  // smsp__sass_thread_inst_executed_op_{fadd,fmul,ffma,hadd,...}_pred_on.sum: one thread
  // instruction is 1 FLOP (add, mul) or 2 (fma); a half-precision one works on a pair (x2), as
  // Nsight Compute's roofline sections count them.
  constexpr std::string_view kPrefix = "smsp__sass_thread_inst_executed_op_";
  constexpr std::string_view kSuffix = "_pred_on.sum";
  if (!metric.starts_with(kPrefix) || !metric.ends_with(kSuffix)) return std::nullopt;
  const std::string_view op =
      metric.substr(kPrefix.size(), metric.size() - kPrefix.size() - kSuffix.size());
  static constexpr std::pair<std::string_view, double> kWeights[] = {
      {"fadd", 1}, {"fmul", 1}, {"ffma", 2}, {"hadd", 2}, {"hmul", 2},
      {"hfma", 4}, {"dadd", 1}, {"dmul", 1}, {"dfma", 2}};
  for (const auto& [name, w] : kWeights) {
    if (op == name) return w;
  }
  return std::nullopt;
}

}  // namespace profile_io

namespace {

// The header line's fields, and which format they announce.
enum class CsvKind { none, ncu, nsys, rocprof_roofline, rocprof_counters, rocprof_sysinfo };

bool has_column(const std::vector<std::string>& h, std::string_view name) {
  return std::find(h.begin(), h.end(), name) != h.end();
}

CsvKind csv_kind(std::string_view line, std::vector<std::string>& header) {
  if (line.find(',') == std::string_view::npos) return CsvKind::none;
  header = profile_io::split_csv_line(line);
  for (std::string& f : header) {
    while (!f.empty() && (f.back() == ' ' || f.back() == '\r')) f.pop_back();
  }
  if (!header.empty() && header.front() == "ID" && has_column(header, "Kernel Name")) {
    return CsvKind::ncu;
  }
  if (has_column(header, "Total Time (ns)") && has_column(header, "Instances") &&
      has_column(header, "Name")) {
    return CsvKind::nsys;
  }
  if (has_column(header, "HBMBw") && has_column(header, "FP32Flops")) {
    return CsvKind::rocprof_roofline;
  }
  if (has_column(header, "Dispatch_ID") && has_column(header, "Kernel_Name")) {
    return CsvKind::rocprof_counters;
  }
  if (has_column(header, "workload_name") && has_column(header, "gpu_arch")) {
    return CsvKind::rocprof_sysinfo;
  }
  return CsvKind::none;
}

// Program output may come before an Nsight Compute header; no profiler writes this much.
constexpr int64_t kMaxPrefaceLines = 200000;
constexpr size_t kMaxPrefaceBytes = size_t{64} << 20;

Profile import_csv(Source& src, const std::string& origin, int64_t first_line) {
  CsvReader reader(src, origin, first_line);
  std::string line;
  std::vector<std::string> header;
  size_t preface = 0;
  int64_t lines = 0;
  while (reader.next_line(line)) {
    const CsvKind kind = csv_kind(line, header);
    switch (kind) {
      case CsvKind::ncu:
        return profile_io::read_ncu(reader, header);
      case CsvKind::nsys:
        return profile_io::read_nsys(reader, header);
      case CsvKind::rocprof_roofline:
        return profile_io::read_rocprof_roofline(reader, header);
      case CsvKind::rocprof_counters:
        return profile_io::read_rocprof_counters(reader, header);
      case CsvKind::rocprof_sysinfo:
        throw ImportError{origin +
                          ": a rocprofiler-compute sysinfo.csv describes the machine, not its "
                          "kernels: import roofline.csv (measured roofs) or pmc_perf.csv "
                          "(kernels) from the same folder"};
      case CsvKind::none:
        break;
    }
    preface += line.size() + 1;
    if (++lines >= kMaxPrefaceLines || preface >= kMaxPrefaceBytes) break;
  }
  throw ImportError{
      origin +
      ": not a profiler file roofline reads: expected an Nsight Compute CSV (a header line "
      "starting \"ID\",...,\"Kernel Name\"), an Nsight Systems cuda_gpu_kern_sum CSV, a "
      "PyTorch profiler trace (.json, .json.gz), an ERT roofline.json or a rocprofiler-compute "
      "roofline.csv / pmc_perf.csv"};
}

Profile import_source(Source& src, const std::string& origin) {
  // Skip a UTF-8 byte-order mark and leading white space, then look at the first character.
  if (src.peek_byte() == 0xEF) {
    src.sbumpc();
    if (src.sbumpc() != 0xBB || src.sbumpc() != 0xBF) {
      throw ImportError{origin + ": not a text file (a profiler's CSV or JSON was expected)"};
    }
  }
  auto space = [](int ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
  int64_t line = 1;
  int c = src.peek_byte();
  while (space(c)) {
    if (src.sbumpc() == '\n') ++line;
    c = src.peek_byte();
  }
  if (c == std::char_traits<char>::eof()) {
    if (src.read_error()) throw ImportError{src.error()};
    throw ImportError{origin + ": the file is empty"};
  }
  if (c == '{' || c == '[') {
    // JSON goes on with a key or an event ('{' '"', '[' '{'); program output before an Nsight
    // Compute header may also start with a bracket ("[W init.cpp:...]"): look past it, then
    // put the characters back.
    int read = 0;
    int d = std::char_traits<char>::eof();
    do {
      src.sbumpc();
      ++read;
      d = src.peek_byte();
    } while (space(d) && read < 4096);
    for (; read > 0; --read) {
      if (src.sungetc() == std::char_traits<char>::eof()) {
        throw ImportError{origin + ": cannot tell the file's format from its start"};
      }
    }
    const bool json = c == '{' ? (d == '"' || d == '}') : (d == '{' || d == ']' || d == '[');
    if (json) return profile_io::read_json_profile(src, origin);
  }
  return import_csv(src, origin, line);
}

// What a profiler measured is finite and not negative, a roof positive: a negative counter
// difference (rocprof's RDREQ_sum below RDREQ_32B_sum gave -844 MB), an overflowing one (an
// infinite FLOP count) or an ERT roof of -3 TB/s is refused by name, never printed as a number.
void check_measured(const Profile& p, const std::string& origin) {
  for (const MeasuredRoof& r : p.roofs) {
    if (!(std::isfinite(r.value) && r.value > 0)) {
      throw ImportError{
          origin + ": roof " + printable(r.name.substr(0, 80)) + ": " +
          format_si(r.value, r.kind == MeasuredRoof::Kind::compute ? "FLOP/s" : "B/s") +
          " is not a measured roof (expected a positive number)"};
    }
  }
  for (const MeasuredKernel& k : p.kernels) {
    const std::pair<const char*, std::optional<double>> fields[] = {{"time", k.time_s},
                                                                    {"FLOPs", k.flops},
                                                                    {"bytes", k.bytes},
                                                                    {"FLOP/s", k.flops_per_s},
                                                                    {"bytes/s", k.bytes_per_s}};
    for (const auto& [what, v] : fields) {
      if (v && !(std::isfinite(*v) && *v >= 0)) {
        throw ImportError{origin + ": kernel " + printable(k.name.substr(0, 80)) + ": its " + what +
                          " is " + (std::isfinite(*v) ? format_exact(*v) : "not finite") +
                          " (expected a finite, non-negative number: a counter that wrapped or a "
                          "difference of counters that went negative)"};
      }
    }
  }
}

template <class Open>
Result<Profile> run_import(const std::string& origin, Open open) {
  try {
    Source src = open();
    Profile p = import_source(src, origin);
    check_measured(p, origin);
    p.file = origin;
    return Result<Profile>::ok(std::move(p));
  } catch (const ImportError& e) {
    return Result<Profile>::fail(e.message);
  } catch (const std::bad_alloc&) {
    return Result<Profile>::fail(origin + ": out of memory while reading");
  }
}

}  // namespace

Result<Profile> import_profile(std::string_view path, const ImportProgress& progress) {
  const std::string origin(path);
  return run_import(origin, [&] { return Source::open_file(path, progress); });
}

Result<Profile> import_profile_text(std::string_view text, std::string_view origin) {
  return run_import(std::string(origin), [&] { return Source::from_text(text); });
}

}  // namespace roofline
