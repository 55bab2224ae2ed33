// roofline-cli predict: every measurement of a measurement file against what the model
// predicts under a calibration (the fitting tool's one call into the model).

#include <CLI/CLI.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "commands.h"
#include "report.h"
#include "roofline/io/json_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/units.h"

namespace roofline {

void register_predict(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    std::string calibration = "none";
    std::string format = "table";
  };
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "predict", "Each published measurement of FILE against the model's expected value and bound");
  cmd->add_option("files", options->files, "Measurement files (JSON lists)")->required();
  cmd->add_option("--calibration", options->calibration,
                  "Calibration preset id or file (default none: the bounds)")
      ->type_name("none|ID|FILE");
  cmd->add_option("--format", options->format, "Output format (default table)")
      ->check(CLI::IsMember({"table", "json"}));
  cmd->callback([options] {
    const Options& o = *options;
    const PresetLibrary& lib = PresetLibrary::builtin();
    std::optional<Calibration> cal;
    if (o.calibration != "none") {
      auto c = lib.calibration(o.calibration);
      if (!c) throw CliError("--calibration: " + c.error());
      cal = std::move(c).value();
    }
    std::vector<Measurement> all;
    for (const std::string& file : o.files) {
      auto text = read_text_file(file);
      if (!text) throw CliError(text.error());
      auto ms = parse_measurements(*text, file, lib, cal ? &*cal : nullptr);
      if (!ms) throw CliError(ms.error());
      all.insert(all.end(), ms->begin(), ms->end());
    }
    std::vector<Prediction> predictions;
    for (const Measurement& m : all) predictions.push_back(predict(m));
    if (o.format == "json") {
      write_stdout(predictions_to_json(all, predictions));
      return;
    }
    std::vector<std::vector<std::string>> rows = {
        {"id", "metric", "measured", "expected", "bound", "expected/measured"}};
    for (size_t i = 0; i < all.size(); ++i) {
      const Prediction& p = predictions[i];
      rows.push_back({all[i].id, std::string(to_string(all[i].metric)), format_exact(all[i].value),
                      p.error.empty() ? format_exact(p.expected) : p.error,
                      p.error.empty() ? format_exact(p.bound) : "",
                      p.error.empty() ? format_ratio(p.expected / all[i].value) : ""});
    }
    write_stdout(aligned_table(rows, {false, false, true, true, true, true}));
  });
}

}  // namespace roofline
