// Measured kernels in the window: the import job, the chart's layer, "use these roofs" and
// dropped files.

#include "roofline/ui/measured.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <initializer_list>
#include <string_view>
#include <system_error>

#include "background_job.h"
#include "roofline/io/profile_import.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

namespace fs = std::filesystem;

struct ImportJob {
  std::string path;
  std::atomic<uint64_t> done{0};
  std::atomic<uint64_t> total{0};
  std::atomic<bool> cancel{false};
  std::future<Result<Profile>> result;
  // Quitting (or closing) during an import stops the worker at its next piece instead of
  // waiting for the whole file: the future's destructor, run after this, then returns at once.
  ~ImportJob() { cancel.store(true); }
};

namespace {

// Text joined piece by piece: chains of `+` on temporaries trip g++ 12's -Wrestrict false
// positive.
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (const std::string_view p : parts) out.append(p);
  return out;
}

std::string file_name(const std::string& path) {
  const std::string name = fs::path(path).filename().string();
  return name.empty() ? path : name;
}

void take_profile(AppState& s, Profile p, const std::string& path) {
  const std::string what =
      p.has_kernels()
          ? cat({to_string(p.format), ": ", std::to_string(p.kernels.size()), " kernels, ",
                 format_count(static_cast<double>(p.launches)), " launches"})
          : cat({to_string(p.format), ": ", std::to_string(p.roofs.size()), " measured roofs"});
  s.measured.profile = std::make_shared<const Profile>(std::move(p));
  s.measured.path = path;
  s.measured.layer.reset();
  s.measured.layer_revision = UINT64_MAX;
  s.chart.show_measured = true;
  s.view.fit_requested = s.view.auto_fit;  // room for the kernels if the axes follow the data
  if (s.measured.profile->has_kernels()) s.ui.select_details_tab = 3;
  set_message(s, cat({"Imported ", file_name(path), " (", what, ")"}), false);
}

}  // namespace

bool import_running(const AppState& s) { return s.measured.job != nullptr; }

bool start_import(AppState& s, const std::string& path) {
  if (s.measured.job) {
    set_message(
        s, cat({"Still importing ", file_name(s.measured.job->path), ": wait for it to finish"}),
        true);
    return false;
  }
  auto job = std::make_shared<ImportJob>();
  job->path = path;
  ImportJob* raw = job.get();  // the job outlives the worker: the future's get() waits for it
  try {
    job->result = start_background_job([raw, path] {
      return import_profile(path, [raw](uint64_t done, uint64_t total) {
        raw->done.store(done, std::memory_order_relaxed);
        raw->total.store(total, std::memory_order_relaxed);
        return !raw->cancel.load(std::memory_order_relaxed);
      });
    });
  } catch (const std::system_error& e) {
    set_message(
        s, cat({"Cannot import ", file_name(path), ": no thread to read it on (", e.what(), ")"}),
        true);
    return false;
  }
  s.measured.job = std::move(job);
  return true;
}

static std::string import_now_text(AppState& s, const std::string& path) {
  Result<Profile> p = import_profile(path);
  if (!p) return p.error();
  take_profile(s, std::move(p).value(), path);
  return {};
}

Status import_now(AppState& s, const std::string& path) {
  return Status::from_message(import_now_text(s, path));
}

void poll_import_job(AppState& s) {
  std::shared_ptr<ImportJob>& job = s.measured.job;
  if (!job || job->result.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  Result<Profile> p = job->result.get();
  const std::string path = job->path;
  job.reset();
  if (!p) {
    // The chart keeps what it had.
    set_message(s, p.error(), true);
    return;
  }
  s.measured.steps = 1;  // a new profile: its steps are set again (the Measured tab)
  take_profile(s, std::move(p).value(), path);
}

std::string import_progress_text(const AppState& s) {
  if (!s.measured.job) return {};
  const uint64_t done = s.measured.job->done.load(std::memory_order_relaxed);
  const uint64_t total = s.measured.job->total.load(std::memory_order_relaxed);
  if (total == 0) return cat({"Importing ", file_name(s.measured.job->path), "…"});
  return cat({"Importing ", file_name(s.measured.job->path), "… ",
              format_percent(static_cast<double>(done) / static_cast<double>(total)), " of ",
              format_bytes(static_cast<double>(total))});
}

std::shared_ptr<const MeasuredLayer> measured_layer(AppState& s) {
  MeasuredState& m = s.measured;
  if (!m.profile) return nullptr;
  const ChartData& data = chart_data(s);
  const uint64_t revision = s.derived.revision();
  if (!m.layer || m.layer_revision != revision || m.layer_steps != m.steps) {
    auto layer = std::make_shared<MeasuredLayer>();
    layer->profile = m.profile;
    layer->source = file_name(m.path);
    layer->comparison = compare_profile(data.analysis, *m.profile, builtin_kernel_rules(),
                                        {.steps = m.steps, .gpu = &s.doc.gpu});
    m.layer = std::move(layer);
    m.layer_revision = revision;
    m.layer_steps = m.steps;
  }
  return m.layer;
}

void close_measurements(AppState& s) {
  if (!s.measured.profile) return;
  set_message(s, cat({"Closed the measurements of ", file_name(s.measured.path)}), false);
  s.measured.profile.reset();
  s.measured.layer.reset();
  s.measured.path.clear();
  if (s.ui.details_tab == 3) s.ui.select_details_tab = 0;
}

void use_measured_roofs(AppState& s) {
  if (!s.measured.profile) return;
  const Analysis& a = chart_data(s).analysis;
  const RoofEfficiencies e = roof_efficiencies(*s.measured.profile, s.doc.gpu, a.roof_precision);
  if (!e.memory && !e.compute) {
    set_message(s,
                e.mismatch.empty()
                    ? cat({"No measured roof matches ", s.doc.gpu.name, "'s memory or its ",
                           to_string(a.roof_precision), " roof"})
                    : cat({"Not used: ", e.mismatch.front()}),
                true);
    return;
  }
  std::string what;
  if (e.memory) {
    s.doc.memory_efficiency = *e.memory;
    what.append("memory ")
        .append(format_percent(*e.memory))
        .append(" (")
        .append(e.memory_roof)
        .append(")");
  }
  if (e.compute) {
    s.doc.compute_efficiency = *e.compute;
    what.append(what.empty() ? "" : ", ").append("compute ").append(format_percent(*e.compute));
    what.append(" (").append(e.compute_roof).append(")");
  }
  set_message(s, cat({"Efficiencies from the measured roofs: ", what, " (Ctrl+Z undoes)"}), false);
}

void handle_dropped_files(AppState& s) {
  if (s.ui.dropped_paths.empty()) return;
  // One file at a time: the last one dropped wins, as a second import would replace the first.
  const std::string path = s.ui.dropped_paths.back();
  s.ui.dropped_paths.clear();
  if (path.ends_with(".roofline.json")) {
    if (std::string error = open_scenario_file(s, path); !error.empty())
      set_message(s, error, true);
    return;
  }
  // A model's folder or its config.json: the model (its safetensors' headers checked).
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec) ||
      std::filesystem::path(path).filename() == "config.json") {
    if (std::string error = load_model_file(s, path); !error.empty()) set_message(s, error, true);
    return;
  }
  start_import(s, path);
}

}  // namespace roofline
