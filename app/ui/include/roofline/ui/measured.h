#pragma once
// Measured kernels in the window: importing a profile off the UI thread (with its progress in
// the status line), the layer the chart draws, and "use these roofs".

#include <memory>
#include <optional>
#include <string>

#include "roofline/ui/app_state.h"

namespace roofline {

// Starts reading `path` on a worker; the frame loop's poll_import_job() takes the result. A
// second import while one runs replaces nothing: it says so and returns false.
bool start_import(AppState& s, const std::string& path);
// Reads `path` now (scripted runs: --measured); ok, or the message.
Status import_now(AppState& s, const std::string& path);
// Takes a finished import: the new profile replaces the old one, or the error is shown and
// the old one stays.
void poll_import_job(AppState& s);
// "Importing trace.json… 45 %" while an import runs, else "".
std::string import_progress_text(const AppState& s);
bool import_running(const AppState& s);

// The layer the chart draws: s.measured.profile against chart_data(s).analysis, rebuilt only
// when the analysis or the steps changed; nullptr without a profile.
std::shared_ptr<const MeasuredLayer> measured_layer(AppState& s);

void close_measurements(AppState& s);

// Sets the scenario's memory and compute efficiencies from the profile's measured roofs (an
// undoable change of the document); the message says what was set or why nothing was.
void use_measured_roofs(AppState& s);

// Files dropped on the window: a scenario (*.roofline.json) opens, anything else is imported.
void handle_dropped_files(AppState& s);

}  // namespace roofline
