#pragma once
// The scenario's knobs: one row per setting a user, a file, a flag or a change list can set.
// Validation, scenario files, change lists, CLI flags and the panel's tooltips all iterate
// this table, so adding a knob is adding its Scenario field and one row in knobs.cpp. A
// ScenarioChange (a knob and a value) is how every caller sets one: apply_changes() below.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "roofline/hardware.h"
#include "roofline/model_config.h"
#include "roofline/precision.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

// [SECTION] Keys and values

// A weight precision knob's value: a precision, or nullopt for "auto" (Scenario::weights).
struct WeightsChoice {
  std::optional<Precision> precision;

  bool operator==(const WeightsChoice&) const = default;
};

// The knobs, in table order, which is the order apply_changes() expects them in: `precision`
// (all three precisions) comes before `weights`, `activations` and `kv`, so a change list may
// set "precision": "fp8" and then "kv": "bf16".
enum class ChangeKey {
  gpu,
  model,
  phase,
  batch,
  seq,
  precision,
  weights,
  expert_weights,
  activations,
  kv,
  flash_attention,
  fuse_elementwise,
  tp,
  compute_efficiency,
  memory_efficiency,
  memory_utilization,
  compare_gpu,
  calibration,
  spec,
  spec_tokens,
  spec_acceptance,
  gpu_hour_usd,
  dp,
  ep,
  moe_imbalance,
  pp,
  // Not a knob: the number of keys above. It stays last, so a key added without its row in
  // the table (knob() indexes the table by key) fails to compile.
  count,
};

// What a knob holds: gpu, model, compare_gpu and calibration a preset id or a path ("" for
// compare_gpu is no comparison, "none" for calibration the textbook roofline); phase a Phase;
// precision, activations and kv a Precision; weights and expert_weights a WeightsChoice; batch, seq
// tp, dp, ep and pp an int64_t; flash_attention and fuse_elementwise a bool; the efficiencies,
// memory_utilization, spec_acceptance, gpu_hour_usd and moe_imbalance a double.
using ChangeValue =
    std::variant<std::string, Phase, Precision, int64_t, bool, double, WeightsChoice>;

struct ScenarioChange {
  ChangeKey key = ChangeKey::batch;
  ChangeValue value = int64_t{1};

  bool operator==(const ScenarioChange&) const = default;
};

// Looks preset ids (or paths) up; io's preset_resolver() builds one from a PresetLibrary.
struct PresetResolver {
  std::function<Result<GpuSpec>(std::string_view)> gpu;
  std::function<Result<ModelConfig>(std::string_view)> model;
  std::function<Result<Calibration>(std::string_view)> calibration;
};

// [SECTION] The table

// The least share of a roof (compute_efficiency, memory_efficiency) or of memory
// (memory_utilization) a scenario may ask for: 1 %. Below it no real kernel runs, and a
// denormal such as 5e-324 would make every time infinite.
inline constexpr double kMinFraction = 0.01;

enum class KnobType {
  reference,  // a preset id or a path to a .json file (std::string)
  phase,      // Phase
  precision,  // Precision
  weights,    // WeightsChoice: a Precision or "auto" (as the model's config says)
  integer,    // int64_t in [min, max]
  toggle,     // bool ("on" / "off" on the command line)
  fraction,   // double in [min, max], a share shown as a percent
  amount,     // double in [min, max] in the knob's `unit` (a price)
};

// How an animated move between two scenarios carries the knob (interpolate()).
enum class Tween {
  jump,       // the target's value from the start
  geometric,  // log-linear, rounded to an integer
  linear,
};

// The widget the app's panel edits a knob with.
enum class Widget {
  combo,           // a list (presets, precisions)
  radio,           // a few buttons (phase)
  checkbox,        // a toggle
  log_slider,      // an integer on a logarithmic slider with a box to type into (batch, seq)
  percent_slider,  // a fraction shown as a percent
  amount_input,    // a number typed in the knob's unit, 0 for the default it names
  menu,            // an integer picked from Knob::menu (tp)
};

struct Knob {
  ChangeKey key;
  std::string_view name;  // key in scenario files and change lists: "memory_utilization"
  std::string_view flag;  // command-line option without its dashes: "memory-utilization"
  KnobType type;
  double min = 0, max = 0;  // integer, fraction and amount: [min, max]; otherwise unused
  // reference: the default preset id; "" makes the knob optional (none unless set)
  std::string_view preset = {};
  bool saved = true;  // a scenario-file key (`precision` is shorthand for three that are)
  Tween tween = Tween::jump;
  std::string_view help;  // one line, no final period: the CLI's --help and the UI's tooltip
  // The knob's value on `s` (gpu, model: the id; compare_gpu: "" for none; precision: the
  // activations', which `precision` sets with the other two).
  ChangeValue (*get)(const Scenario& s);
  // Sets a value of the knob's type (checked by check_change()); preset ids go through
  // `resolve`. Ok, or why the value could not be set ("unknown GPU 'x': ...").
  Status (*set)(Scenario& s, const ChangeValue& v, const PresetResolver& resolve);
  // The panel's widget: its kind, its range (0, 0: the knob's [min, max]; a slider may start
  // above the knob's floor, which files and flags can still reach), the step a percent slider
  // moves in (as a fraction: 0.01 is 1 %) and the values a menu offers, in order.
  Widget widget = Widget::combo;
  double ui_min = 0, ui_max = 0;
  double ui_step = 0;
  std::span<const int64_t> menu = {};
  std::string_view unit = {};  // amount: what the number counts ("USD per GPU-hour")
};

// The widget's range: [ui_min, ui_max], or the knob's [min, max] where the row gives none.
struct WidgetRange {
  double min = 0, max = 0;
};
WidgetRange widget_range(const Knob& k);

// A named pair of roof efficiencies the panel offers as one click ("Peak roofs", "Practical").
// Applied as two changes through apply_changes(), so they pass the knobs' own checks.
struct RoofPreset {
  std::string_view name;
  std::string_view help;  // the button's tooltip
  double compute_efficiency = 1, memory_efficiency = 1;
};
std::span<const RoofPreset> roof_presets();
// The preset as changes of compute_efficiency and memory_efficiency.
std::vector<ScenarioChange> roof_preset_changes(const RoofPreset& p);
// The preset `s` is on, or nullptr.
const RoofPreset* matching_roof_preset(const Scenario& s);

// Every knob, in ChangeKey order.
std::span<const Knob> knobs();
// The preset references (gpu, model, compare_gpu), then the other knobs, each in table order:
// the order scenario files list them and the command line applies them, so a preset that does
// not load is reported before a value out of range.
std::span<const ChangeKey> file_order();
const Knob& knob(ChangeKey k);
const Knob* find_knob(std::string_view name);

// The value a scenario has when nothing sets the knob: the preset id for a reference, else
// the default-constructed Scenario's.
ChangeValue default_value(const Knob& k);

// The value as a file or a button shows it: "64", "0.8", "on", "bf16", "h200", "" for none.
std::string value_text(const ChangeValue& v);

// The value `text` names for knob `k`, the inverse of value_text (and exact for numbers:
// "0.8333333333333334"): "64", "on"/"off", "bf16", "auto", "decode", an id or path; refused
// with "expected WHAT, got 'TEXT'" when it is not one. The range is checked later
// (apply_changes).
Result<ChangeValue> value_from_text(const Knob& k, std::string_view text);
// A number's text as value_from_text reads it back exactly (value_text rounds to 6 digits).
std::string exact_value_text(const ChangeValue& v);
// An integer or fraction knob's range: "1 to 1000000", "[0.01, 1]".
std::string range_text(const Knob& k);

// What a value of the knob must be, as messages say it after "expected ": "a positive
// integer", "a number in (0, 1]", "\"prefill\" or \"decode\"", "a precision name".
std::string expected(const Knob& k);

// Ok when `v` is in the knob's range; otherwise what validate(Scenario) says:
// "batch must be between 1 and 1000000, got 0", "memory_utilization must be in (0, 1], got ...".
Status range_error(const Knob& k, const ChangeValue& v);

// [SECTION] Changes

// The JSON key: "flash_attention", "compare_gpu", ...
std::string_view to_string(ChangeKey k);
std::optional<ChangeKey> parse_change_key(std::string_view name);
// Every key, in application order (for "expected one of" messages).
std::span<const ChangeKey> all_change_keys();

// Ok when the value has the type and range its key takes; otherwise what was expected, e.g.
// "expected an integer from 1 to 1000000, got -4" (the caller adds the key).
Status check_change(const ScenarioChange& c);

// One line for a button or a tooltip: "batch 64", "gpu h200", "flash_attention off",
// "compare_gpu none", "memory_efficiency 0.8".
std::string describe(const ScenarioChange& c);
// The same for a reader (a caption on the chart): words rather than the key, a fraction as a
// percent: "batch 64", "compute efficiency 50%", "flash attention off", "compare gpu none".
std::string describe_for_reader(const ScenarioChange& c);

// `s` with `changes` applied in order. Fails with "LIST.KEY: message" for a value of the wrong
// type or range or an id the resolver does not know, and with "LIST: message" when the result
// breaks validate(Scenario). LIST names the list in the caller's file: "changes" or
// "question.reveal_changes".
Result<Scenario> apply_changes(const Scenario& s, std::span<const ScenarioChange> changes,
                               const PresetResolver& resolve, std::string_view list = "changes");

// Where the chart is at fraction t in [0, 1] (clamped) of an animated move from `from` to `to`:
// each knob moves as its row's Tween says (batch and seq geometrically: 1 -> 100 at t = 0.5
// gives 10; the efficiencies and memory_utilization linearly); everything else, the view
// included, is `to`'s from t = 0 on. t = 1 gives `to` exactly.
Scenario interpolate(const Scenario& from, const Scenario& to, double t);

}  // namespace roofline
