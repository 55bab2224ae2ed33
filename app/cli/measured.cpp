// roofline-cli's measured kernels: options, loading, the table and CSV renderings.

#include "measured.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"
#include "report.h"
#include "roofline/io/profile_import.h"
#include "roofline/units.h"
#include "scenario_options.h"

namespace roofline {

void add_measured_options(CLI::App& cmd, MeasuredOptions& options, bool positional) {
  options.positional = positional;
  if (positional) {
    cmd.add_option("FILE", options.file,
                   "Profiler output: Nsight Compute CSV, Nsight Systems cuda_gpu_kern_sum CSV, "
                   "PyTorch profiler trace (.json, .json.gz), ERT roofline.json, "
                   "rocprofiler-compute roofline.csv or pmc_perf.csv")
        ->required();
  } else {
    cmd.add_option("--measured", options.file,
                   "Profiler output to put on the chart and table beside the model (see import)");
  }
  cmd.add_option("--steps", options.steps,
                 "Inference steps the profile covers: measured times are divided by it "
                 "(default 1)")
      ->check(finite_number())
      ->check(CLI::Range(1.0, 1e9));
}

MeasuredData load_measured(const MeasuredOptions& options, const Analysis& a, const GpuSpec& gpu) {
  MeasuredData m;
  if (options.file->empty()) {
    throw CliError(std::string(options.positional ? "FILE" : "--measured") +
                   ": expected a profile's path, got an empty one");
  }
  Result<Profile> p = import_profile(*options.file);
  if (!p) throw CliError(p.error());
  m.profile = std::move(p).value();
  m.steps = options.steps;
  m.comparison =
      compare_profile(a, m.profile, builtin_kernel_rules(), {.steps = options.steps, .gpu = &gpu});
  return m;
}

namespace {

std::string class_name(const std::optional<OpClass>& c) {
  return c ? std::string(to_string(*c)) : std::string("other");
}

std::string or_dash(const std::optional<double>& v, std::string (*format)(double)) {
  return v ? format(*v) : std::string("—");
}

std::string time_text(double s) { return format_time(s); }

// A knob value to type on the command line: 0.847.
std::string three_digits(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string roofs_section(const Profile& p, const Scenario& s, const Analysis& a) {
  std::string out = "Measured roofs:\n";
  std::vector<std::vector<std::string>> rows{{"roof", "kind", "measured", "precision"}};
  for (const MeasuredRoof& r : p.roofs) {
    const bool bw = r.kind == MeasuredRoof::Kind::bandwidth;
    rows.push_back({r.name, bw ? (r.main_memory ? "memory" : "cache") : "compute",
                    bw ? format_bandwidth(r.value) : format_flop_rate(r.value),
                    r.precision ? std::string(to_string(*r.precision)) : "—"});
  }
  out += aligned_table(rows, {false, false, true, false}, "  ");
  const RoofEfficiencies e = roof_efficiencies(p, s.gpu, a.roof_precision);
  if (e.memory || e.compute) {
    out += "Use these roofs on " + s.gpu.name + ":";
    if (e.memory) {
      out += " --memory-efficiency " + three_digits(*e.memory) + " (" + e.memory_roof + ")";
    }
    if (e.compute) {
      out += " --compute-efficiency " + three_digits(*e.compute) + " (" + e.compute_roof + ")";
    }
    out += "\n";
  }
  for (const std::string& m : e.mismatch) out += "not used: " + m + "\n";
  if (!e.memory && !e.compute && e.mismatch.empty()) {
    out += "No measured roof matches " + s.gpu.name + "'s memory or its " +
           std::string(to_string(a.roof_precision)) + " roof: nothing to use as an efficiency\n";
  }
  return out;
}

}  // namespace

std::string measured_table(const MeasuredData& m, const Analysis& a, const Scenario& s) {
  const Profile& p = m.profile;
  const ProfileComparison& c = m.comparison;
  std::string out = p.file + ": " + std::string(to_string(p.format));
  if (p.has_kernels()) {
    out += ", " + std::to_string(p.kernels.size()) + " kernels, " +
           format_count(static_cast<double>(p.launches)) + " launches";
  }
  if (!p.device.empty()) out += ", device " + p.device;
  out += "\n";
  for (const std::string& note : p.notes) out += "note: " + note + "\n";
  if (p.has_kernels()) {
    std::vector<std::vector<std::string>> rows{{"kernel", "class", "launches", "time", "FLOPs",
                                                "bytes", "intensity", "achieved", "of roof"}};
    for (size_t i = 0; i < p.kernels.size(); ++i) {
      const MeasuredKernel& k = p.kernels[i];
      const MeasuredPoint* pt = c.point_of(i);
      std::string name = short_kernel_name(k.name);
      if (name.size() > 48) name = name.substr(0, 47) + "…";
      rows.push_back({name, class_name(c.kernel_class[i]),
                      format_count(static_cast<double>(k.launches)), or_dash(k.time_s, time_text),
                      or_dash(k.flops, format_flops), or_dash(k.bytes, format_bytes),
                      pt ? format_intensity(pt->intensity, false) + (pt->modelled ? "*" : "") : "—",
                      pt ? format_flop_rate(pt->achieved_flops) : "—",
                      pt ? format_percent(pt->share_of_roof) : "—"});
    }
    out += aligned_table(rows, {false, false, true, true, true, true, true, true, true});
    bool modelled = false;
    for (const MeasuredPoint& pt : c.points) modelled = modelled || pt.modelled;
    if (modelled) {
      out +=
          "* no FLOPs or bytes measured: placed at its class's modelled intensity, the class's "
          "modelled FLOPs over the class's measured time (one point for all its kernels)\n";
    }
    out += "\nBy op class, per step";
    if (m.steps != 1)
      out += " (the profile's times divided by --steps " + format_exact(m.steps) + ")";
    out += ", against " + s.model.name + " on " + s.gpu.name + ":\n";
    std::vector<std::vector<std::string>> cls{{"class", "kernels", "measured", "expected", "bound",
                                               "measured/expected", "of roof (measured)",
                                               "of roof (expected)"}};
    for (const ClassComparison& k : c.classes) {
      const bool measured = k.measured_s > 0;
      cls.push_back(
          {k.label, std::to_string(k.kernels), measured ? format_time(k.measured_s) : "—",
           format_time(k.expected_s), format_time(k.bound_s),
           measured && k.expected_s > 0 ? format_ratio(k.measured_s / k.expected_s) : "—",
           k.measured_share_of_roof > 0 ? format_percent(k.measured_share_of_roof) : "—",
           k.expected_share_of_roof > 0 ? format_percent(k.expected_share_of_roof) : "—"});
    }
    if (c.other_kernels > 0) {
      cls.push_back({"other", std::to_string(c.other_kernels),
                     c.other_s > 0 ? format_time(c.other_s) : "—", "—", "—", "—", "—", "—"});
    }
    out += aligned_table(cls, {false, true, true, true, true, true, true, true}, "  ");
    out += comparison_summary(c) + "\n";
    for (const std::string& w : c.warnings) out += "warning: " + w + "\n";
  }
  if (!p.roofs.empty()) {
    if (p.has_kernels()) out += "\n";
    out += roofs_section(p, s, a);
  }
  return out;
}

std::string measured_csv(const MeasuredData& m) {
  auto quote = [](const std::string& text) {
    std::string q = "\"";
    for (const char ch : text) {
      if (ch == '"') q += '"';
      q += ch;
    }
    return q + "\"";
  };
  auto num = [](const std::optional<double>& v) { return v ? format_exact(*v) : std::string(); };
  std::string out =
      "kernel,class,launches,time_s,flops,bytes,intensity,achieved_flops,share_of_roof,"
      "placed_at_model_intensity\n";
  for (size_t i = 0; i < m.profile.kernels.size(); ++i) {
    const MeasuredKernel& k = m.profile.kernels[i];
    const MeasuredPoint* pt = m.comparison.point_of(i);
    out += quote(k.name) + "," + class_name(m.comparison.kernel_class[i]) + "," +
           std::to_string(k.launches) + "," + num(k.time_s) + "," + num(k.flops) + "," +
           num(k.bytes) + "," + (pt ? format_exact(pt->intensity) : "") + "," +
           (pt ? format_exact(pt->achieved_flops) : "") + "," +
           (pt ? format_exact(pt->share_of_roof) : "") + "," +
           (pt ? (pt->modelled ? "true" : "false") : "") + "\n";
  }
  return out;
}

}  // namespace roofline
