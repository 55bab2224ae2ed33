#include "roofline/profile.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "roofline/knobs.h"
#include "roofline/units.h"

namespace roofline {

std::string_view to_string(ProfileFormat f) {
  switch (f) {
    case ProfileFormat::ncu_csv:
      return "Nsight Compute CSV";
    case ProfileFormat::nsys_kernel_summary:
      return "Nsight Systems kernel summary";
    case ProfileFormat::torch_trace:
      return "PyTorch profiler trace";
    case ProfileFormat::ert_json:
      return "ERT roofline.json";
    case ProfileFormat::rocprof_roofline:
      return "rocprofiler-compute roofline.csv";
    case ProfileFormat::rocprof_counters:
      return "rocprofiler-compute pmc_perf.csv";
  }
  return "profile";
}

std::optional<double> MeasuredKernel::intensity() const {
  if (flops && bytes && *bytes > 0) return *flops / *bytes;
  if (flops_per_s && bytes_per_s && *bytes_per_s > 0) return *flops_per_s / *bytes_per_s;
  return std::nullopt;
}

std::optional<double> MeasuredKernel::achieved_flops() const {
  if (flops && time_s && *time_s > 0) return *flops / *time_s;
  if (flops_per_s) return flops_per_s;
  return std::nullopt;
}

KernelMatch match_kernel(std::string_view name, const std::vector<KernelRule>& rules) {
  for (const KernelRule& r : rules) {
    if (!r.contains.empty() && name.find(r.contains) != std::string_view::npos) {
      return {r.op_class, &r};
    }
  }
  return {};
}

OpKind kind_of(OpClass c) {
  switch (c) {
    case OpClass::gemm:
    case OpClass::experts:
      return OpKind::fc;
    case OpClass::attention:
    case OpClass::recurrence:
      return OpKind::attention;
    case OpClass::elementwise:
    case OpClass::norm:
    case OpClass::count:
      break;
  }
  return OpKind::elementwise;
}

std::string short_kernel_name(std::string_view name) {
  // Cut the argument list: the last '(' at template depth 0 that closes at the end.
  std::string_view s = name;
  int depth = 0;
  size_t args = std::string_view::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '<') ++depth;
    if (c == '>' && depth > 0) --depth;
    if (c == '(' && depth == 0 && i > 0) {
      // "(anonymous namespace)" is part of a name, not an argument list.
      if (s.substr(i).starts_with("(anonymous namespace)")) {
        i += std::string_view("(anonymous namespace)").size() - 1;
        continue;
      }
      args = i;
      break;
    }
  }
  if (args != std::string_view::npos) s = s.substr(0, args);
  // Drop template arguments at depth 0 ("kernel<int, ...>" -> "kernel").
  std::string out;
  depth = 0;
  for (const char c : s) {
    if (c == '<') {
      ++depth;
      continue;
    }
    if (c == '>') {
      if (depth > 0) --depth;
      continue;
    }
    if (depth == 0) out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  // Drop a return type before the name ("void ", "std::enable_if<...>::type "), but not the
  // words of a name that has spaces ("Memcpy HtoD").
  if (const size_t space = out.rfind(' '); space != std::string::npos) {
    const std::string_view before = std::string_view(out).substr(0, space);
    if (before == "void" || before.ends_with("::type") || before.find("::") != std::string::npos)
      out.erase(0, space + 1);
  }
  // The last scope names the kernel; a generic one ("kernel", "run") keeps its namespace
  // ("gemvx::kernel").
  const size_t scope = out.rfind("::");
  if (scope != std::string::npos) {
    const std::string last = out.substr(scope + 2);
    if (last.size() >= 8 || scope == 0) {
      out = last;
    } else {
      const size_t before = out.rfind("::", scope - 1);
      out.erase(0, before == std::string::npos ? 0 : before + 2);
    }
  }
  if (out.empty()) out = std::string(name.substr(0, std::min<size_t>(name.size(), 48)));
  return out;
}

namespace {

double roof_at(const Analysis& a, double intensity) {
  return std::min(a.peak_flops, a.bandwidth * intensity);
}

}  // namespace

ProfileComparison compare_profile(const Analysis& a, const Profile& p,
                                  const std::vector<KernelRule>& rules,
                                  const ProfileOptions& options) {
  ProfileComparison out;
  const double steps = options.steps > 0 ? options.steps : 1;
  constexpr size_t kClasses = static_cast<size_t>(OpClass::count);
  std::array<ClassComparison, kClasses> cls{};
  std::array<bool, kClasses> has_model{}, has_measured{}, all_timed{};
  all_timed.fill(true);
  for (size_t i = 0; i < kClasses; ++i) cls[i].op_class = static_cast<OpClass>(i);
  for (const OpCost& op : a.ops) {
    ClassComparison& c = cls[static_cast<size_t>(op.op_class)];
    has_model[static_cast<size_t>(op.op_class)] = true;
    c.expected_s += op.time_s;
    c.bound_s += op.roofline_time_s;
    c.model_flops += op.flops;
    c.model_bytes += op.bytes;
  }

  out.kernel_class.reserve(p.kernels.size());
  for (const MeasuredKernel& k : p.kernels) {
    const KernelMatch m = match_kernel(k.name, rules);
    out.kernel_class.push_back(m.op_class);
    if (k.time_s) {
      out.has_time = true;
      out.measured_step_s += *k.time_s / steps;
    } else {
      ++out.untimed_kernels;
    }
    if (!m.op_class) {
      ++out.other_kernels;
      if (k.time_s) out.other_s += *k.time_s / steps;
      continue;
    }
    const size_t ci = static_cast<size_t>(*m.op_class);
    has_measured[ci] = true;
    ClassComparison& c = cls[ci];
    ++c.kernels;
    c.launches += k.launches;
    if (k.time_s) {
      c.measured_s += *k.time_s / steps;
    } else {
      all_timed[ci] = false;
    }
  }

  // Sibling classes (one op kind) where only one has kernels: the names could not tell the
  // other's kernels apart (eager experts are cuBLAS GEMMs, eager norms elementwise kernels), so
  // the model's ops of both are compared with them together.
  std::array<bool, kClasses> folded_away{};
  constexpr std::pair<OpClass, OpClass> kSiblings[] = {{OpClass::gemm, OpClass::experts},
                                                       {OpClass::attention, OpClass::recurrence},
                                                       {OpClass::elementwise, OpClass::norm}};
  for (const auto& [x, y] : kSiblings) {
    const auto xi = static_cast<size_t>(x), yi = static_cast<size_t>(y);
    size_t into = kClasses, from = kClasses;
    if (cls[xi].kernels > 0 && cls[yi].kernels == 0 && has_model[yi]) into = xi, from = yi;
    if (cls[yi].kernels > 0 && cls[xi].kernels == 0 && has_model[xi]) into = yi, from = xi;
    if (into == kClasses) continue;
    ClassComparison& c = cls[into];
    c.folded = cls[from].op_class;
    c.expected_s += cls[from].expected_s;
    c.bound_s += cls[from].bound_s;
    c.model_flops += cls[from].model_flops;
    c.model_bytes += cls[from].model_bytes;
    has_model[into] = true;
    folded_away[from] = true;
  }
  for (size_t i = 0; i < kClasses; ++i) {
    ClassComparison& c = cls[i];
    c.label = std::string(to_string(c.op_class));
    if (c.folded) c.label.append(" + ").append(to_string(*c.folded));
    if (folded_away[i]) continue;
    if (c.expected_s > 0) c.expected_share_of_roof = c.bound_s / c.expected_s;
    if (c.measured_s > 0 && all_timed[i] && has_model[i]) {
      c.measured_share_of_roof = c.bound_s / c.measured_s;
    }
    if (has_model[i] || has_measured[i]) out.classes.push_back(c);
    if (c.measured_s > 0 && all_timed[i] && c.bound_s > 0 && c.measured_s < 0.9 * c.bound_s) {
      out.warnings.push_back(c.label + " kernels took " + format_time(c.measured_s) +
                             ", less than the model's bound of " + format_time(c.bound_s) +
                             " for this step: the profile is not one step of this scenario "
                             "(another model or batch, or set the steps it covers)");
    }
  }

  // The points: kernels with their own FLOPs and bytes where they stand; time-only kernels of a
  // class at the class's modelled intensity, the modelled FLOPs over the class's measured time
  // (their share of it is their share of the work).
  out.point_index.assign(p.kernels.size(), -1);
  for (size_t ki = 0; ki < p.kernels.size(); ++ki) {
    const MeasuredKernel& k = p.kernels[ki];
    const std::optional<OpClass> oc = out.kernel_class[ki];
    MeasuredPoint pt;
    pt.kernel = ki;
    pt.op_class = oc;
    const std::optional<double> intensity = k.intensity();
    const std::optional<double> achieved = k.achieved_flops();
    if (intensity && achieved && *intensity > 0 && *achieved > 0) {
      pt.intensity = *intensity;
      pt.achieved_flops = *achieved;
    } else if (oc && k.time_s && *k.time_s > 0) {
      const ClassComparison& c = cls[static_cast<size_t>(*oc)];
      if (c.model_flops <= 0 || c.model_bytes <= 0 || c.measured_s <= 0) {
        out.unplaced_s += *k.time_s / steps;
        continue;
      }
      pt.intensity = c.model_flops / c.model_bytes;
      pt.achieved_flops = c.model_flops / c.measured_s;
      pt.modelled = true;
    } else {
      if (k.time_s) out.unplaced_s += *k.time_s / steps;
      continue;
    }
    pt.roof_flops = roof_at(a, pt.intensity);
    pt.share_of_roof = pt.roof_flops > 0 ? pt.achieved_flops / pt.roof_flops : 0;
    out.point_index[ki] = static_cast<int>(out.points.size());
    out.points.push_back(pt);
  }
  out.expected_step_s = a.totals.time_s;
  out.bound_step_s = a.totals.roofline_time_s;
  if (options.gpu) {
    if (std::string w = device_mismatch(p, *options.gpu); !w.empty())
      out.warnings.insert(out.warnings.begin(), std::move(w));
  }
  return out;
}

std::string device_mismatch(const Profile& p, const GpuSpec& gpu) {
  // Lower case, without separators: "NVIDIA H100 SXM5 80GB" / "h100-sxm" -> "nvidiah100sxm5...".
  auto squeeze = [](std::string_view text) {
    std::string out;
    for (const char c : text) {
      if (std::isalnum(static_cast<unsigned char>(c)))
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
  };
  std::string model;
  std::string word;
  for (size_t i = 0; i <= p.device.size() && model.empty(); ++i) {
    const char c = i < p.device.size() ? p.device[i] : ' ';
    if (c == ' ' || c == '-' || c == '_') {
      if (std::any_of(word.begin(), word.end(),
                      [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
        model = squeeze(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (model.empty() || squeeze(gpu.name + " " + gpu.id).find(model) != std::string::npos) return {};
  return "the profile was measured on " + p.device + ", not on the scenario's " + gpu.name +
         ": its kernels are set against another GPU's roofs (choose that GPU)";
}

std::string comparison_summary(const ProfileComparison& c) {
  std::string out;
  if (c.has_time) {
    out.append("measured step ").append(format_time(c.measured_step_s));
    if (c.untimed_kernels > 0) {
      out.append(" (").append(std::to_string(c.untimed_kernels)).append(" kernels without a time)");
    }
    out.append(" · ");
  } else {
    out.append("no kernel times in this file · ");
  }
  out.append("expected ").append(format_time(c.expected_step_s));
  out.append(" · bound ").append(format_time(c.bound_step_s));
  return out;
}

namespace {

double clamp_fraction(double f) { return std::clamp(f, kMinFraction, 1.0); }

}  // namespace

RoofEfficiencies roof_efficiencies(const Profile& p, const GpuSpec& gpu, Precision precision) {
  RoofEfficiencies out;
  // Sets `into` from measured / datasheet when the two can belong to one GPU.
  auto share = [&](const MeasuredRoof& r, double datasheet, std::string (*format)(double),
                   std::optional<double>& into, std::string& roof) {
    const double ratio = r.value / datasheet;
    if (ratio < kMinPlausibleRoofShare || ratio > kMaxPlausibleRoofShare) {
      out.mismatch.push_back(r.name + " " + format(r.value) + " is " + format_percent(ratio) +
                             " of " + gpu.name + "'s " + format(datasheet) +
                             ": measured on another machine?");
      return;
    }
    into = clamp_fraction(ratio);
    roof = r.name;
  };
  for (const MeasuredRoof& r : p.roofs) {
    if (r.kind == MeasuredRoof::Kind::bandwidth && r.main_memory &&
        gpu.memory_bandwidth_bytes_per_s > 0) {
      share(r, gpu.memory_bandwidth_bytes_per_s, format_bandwidth, out.memory, out.memory_roof);
      break;
    }
  }
  // The compute roof measured at the step's own precision (another precision's roof says
  // nothing about this one's: tensor and vector units differ).
  for (const MeasuredRoof& r : p.roofs) {
    if (r.kind != MeasuredRoof::Kind::compute || r.precision != precision) continue;
    const std::optional<double> peak = gpu.peak(precision);
    if (peak && *peak > 0) share(r, *peak, format_flop_rate, out.compute, out.compute_roof);
    break;
  }
  return out;
}

}  // namespace roofline
