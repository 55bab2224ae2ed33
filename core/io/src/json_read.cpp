// The workload of scenario files (their knob keys), with json_reader.h's Reader: one message
// "ORIGIN: KEY: expected X, got Y" for any bad input. The rest of a scenario file (its "view"
// and the keys kept for saving) is persist's (app/persist), which reads the workload with
// read_workload and check_workload too.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "io_internal.h"
#include "model_read.h"
#include "roofline/io/json_io.h"
#include "roofline/io/json_reader.h"
#include "roofline/io/preset_library.h"
#include "roofline/io/scenario_json.h"
#include "roofline/knobs.h"

namespace roofline {
namespace {

// A gpu/model reference of a scenario: a built-in id as is; a relative path against the
// scenario's folder, made absolute so that saving the scenario elsewhere keeps it valid.
std::string resolve_reference(const std::string& value, const std::vector<PresetEntry>& builtins,
                              std::string_view base_dir) {
  for (const auto& e : builtins) {
    if (e.id == value) return value;
  }
  std::filesystem::path p(value);
  // "-" (standard input, for roofline-cli) is no file beside the scenario.
  if (value == "-" || !looks_like_path(value) || p.is_absolute() || base_dir.empty() ||
      base_dir == ".") {
    return value;
  }
  return std::filesystem::absolute(std::filesystem::path(std::string(base_dir)) / p)
      .lexically_normal()
      .string();
}

}  // namespace

namespace {

// Another kind of file picked as a scenario (a model's config.json, a GPU preset, a lesson): its
// keys are none of a scenario's, so it read as the defaults in silence, and saving it would have
// written scenario keys into it. Named for what it is.
void refuse_other_kinds(const Reader& r) {
  const Json& o = r.object();
  auto has = [&](const char* key) { return o.contains(key); };
  std::string what;
  if (has("num_hidden_layers") || has("n_layer") || has("text_config") || has("architectures") ||
      has("model_type")) {
    what = "a model's config.json (it has " +
           std::string(has("num_hidden_layers") ? "num_hidden_layers"
                       : has("n_layer")         ? "n_layer"
                       : has("text_config")     ? "text_config"
                       : has("architectures")   ? "architectures"
                                                : "model_type") +
           "): load it as the model (--model, or Load… beside the model)";
  } else if (has("memory_bandwidth") && has("peak_flops")) {
    what =
        "a GPU preset (it has memory_bandwidth and peak_flops): load it as the GPU (--gpu, or "
        "Load… beside the GPU)";
  } else if (has("efficiency") && (has("gpus") || has("kernel_latency_s"))) {
    what =
        "a calibration (it has efficiency): use it with --calibration, or as the Expected "
        "times' calibration";
  } else if (has("steps") && has("title")) {
    what = "a lesson (it has steps and a title): open it from the Lessons menu (or --lesson)";
  } else {
    return;
  }
  throw InputError{std::string(r.origin()) + ": this is " + what + ", not a scenario"};
}

}  // namespace

// Knob values are converted with to_knob_value (the lesson files' conversion too); their ranges
// are validate()'s to check, with its messages. An absent or null knob keeps its default.
Scenario read_workload(const Reader& r, const PresetLibrary& library, std::string_view base_dir) {
  refuse_other_kinds(r);
  const PresetResolver resolve{
      [&](std::string_view ref) {
        return library.gpu(resolve_reference(std::string(ref), library.gpus(), base_dir));
      },
      [&](std::string_view ref) {
        return library.model(resolve_reference(std::string(ref), library.models(), base_dir));
      },
      [&](std::string_view ref) {
        return library.calibration(
            resolve_reference(std::string(ref), library.calibrations(), base_dir));
      }};
  Scenario s;
  for (ChangeKey key : file_order()) {
    const Knob& k = knob(key);
    if (!k.saved) continue;
    std::optional<ChangeValue> value;
    if (const Json* v = r.find(k.name)) value = to_knob_value(r, k, *v);
    if (!value && !k.preset.empty()) value = std::string(k.preset);
    if (!value) continue;
    if (const Status set = k.set(s, *value, resolve); !set) r.fail_message(k.name, set.error());
  }
  return s;
}

void check_workload(const Reader& r, const Scenario& s) {
  if (std::string err = validate(s).error(); !err.empty()) {
    throw InputError{std::string(r.origin()) + ": " + err};
  }
}

std::string display_name_of(std::string_view json_text, std::string_view fallback) {
  try {
    const std::string text = without_python_literals(json_text);
    if (!too_deep(text).empty()) return std::string(fallback);
    Json root = Json::parse(text.begin(), text.end());
    for (const char* key : {"_name", "name"}) {
      if (root.is_object() && root.contains(key) && root[key].is_string()) {
        return root[key].get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception&) {
  }
  return std::string(fallback);
}

Result<Scenario> parse_scenario_workload(std::string_view json_text, std::string_view origin,
                                         const PresetLibrary& library, std::string_view base_dir) {
  return read_json<Scenario>(json_text, origin, [&](const Reader& r) {
    Scenario s = read_workload(r, library, base_dir);
    check_workload(r, s);
    return s;
  });
}

}  // namespace roofline
