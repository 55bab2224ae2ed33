// The left panel: every knob of the Scenario, each with a tooltip saying what it changes.

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "panel_widgets.h"
#include "roofline/knobs.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

void disabled_wrapped(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

float load_button_width() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::CalcTextSize("Load…").x + 2 * style.FramePadding.x + style.ItemInnerSpacing.x;
}

std::string knob_tooltip(ChangeKey key, std::string_view more) {
  std::string text(knob(key).help);
  text += '.';
  if (!more.empty()) text.append(" ").append(more);
  return text;
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", title);
  ImGui::Separator();
}

namespace {

// A preset combo over `entries`; `current_id` is the loaded value's id (a path for user files).
// Returns the picked preset's id, or "" when nothing was picked.
std::string preset_combo(const char* id, const std::vector<PresetEntry>& entries,
                         const std::string& current_id, const std::string& current_name,
                         bool allow_none = false, bool none_selected = false) {
  std::string preview = none_selected ? std::string("None") : current_name;
  const bool is_preset = std::any_of(entries.begin(), entries.end(),
                                     [&](const PresetEntry& e) { return e.id == current_id; });
  if (!none_selected && !is_preset) preview += " (file)";
  std::string picked;
  const std::string shown = fit_combo_preview(preview);
  const bool open = ImGui::BeginCombo(id, shown.c_str(), ImGuiComboFlags_HeightLarge);
  if (!open && shown != preview) item_tooltip(preview.c_str());  // the whole name
  if (open) {
    if (allow_none && ImGui::Selectable("None", none_selected))
      picked.assign(1, '-');  // not = "-": GCC 12 -Wrestrict bug
    for (const PresetEntry& e : entries) {
      const bool selected = !none_selected && e.id == current_id;
      if (ImGui::Selectable(e.name.c_str(), selected)) picked = e.id;
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  return picked;
}

// The GPU presets in list order (grouped by class and vendor), parsed on first use.
const std::vector<GpuSpec>& gpu_menu(AppState& s) {
  if (s.ui.gpu_menu.empty()) {
    std::vector<GpuSpec> specs;
    for (const PresetEntry& e : s.library->gpus()) {
      if (auto g = s.library->gpu(e.id)) specs.push_back(std::move(g).value());
    }
    for (size_t i : grouped_order(specs)) s.ui.gpu_menu.push_back(specs[i]);
  }
  return s.ui.gpu_menu;
}

// A GPU combo: the presets under a heading per class and vendor, each with its memory and
// bandwidth right-aligned beside the name. Returns the picked id, "-" for None, or "".
std::string gpu_combo(AppState& s, const char* id, const GpuSpec* current, bool allow_none,
                      const std::string& skip_id = {}) {
  const std::vector<GpuSpec>& gpus = gpu_menu(s);
  std::string preview = current ? current->name : std::string("None");
  const bool is_preset = current && std::any_of(gpus.begin(), gpus.end(), [&](const GpuSpec& g) {
                           return g.id == current->id;
                         });
  if (current && !is_preset) preview += " (file)";
  std::string picked;
  const float em = ImGui::GetFontSize();
  const std::string shown = fit_combo_preview(preview);
  ImGui::SetNextWindowSizeConstraints({std::max(ImGui::CalcItemWidth(), 34 * em), 0},
                                      {FLT_MAX, FLT_MAX});
  const bool open = ImGui::BeginCombo(id, shown.c_str(), ImGuiComboFlags_HeightLargest);
  if (!open && shown != preview) item_tooltip(preview.c_str());  // the whole name
  if (open) {
    if (allow_none && ImGui::Selectable("None", !current)) picked.assign(1, '-');
    std::string group;
    for (const GpuSpec& g : gpus) {
      if (g.id == skip_id) continue;
      if (const std::string title = group_title(g); title != group) {
        group = title;
        ImGui::Spacing();
        ImGui::TextDisabled("%s", group.c_str());
        ImGui::Separator();
      }
      const bool selected = current && g.id == current->id;
      ImGui::PushID(g.id.c_str());
      if (ImGui::Selectable(g.name.c_str(), selected)) picked = g.id;
      if (selected) ImGui::SetItemDefaultFocus();
      const std::string facts =
          memory_text(g) + " · " + format_bandwidth(g.memory_bandwidth_bytes_per_s);
      const float w = ImGui::CalcTextSize(facts.c_str()).x;
      ImGui::SameLine(std::max(ImGui::GetContentRegionMax().x - w,
                               ImGui::CalcTextSize(g.name.c_str()).x + 2 * em));
      ImGui::TextDisabled("%s", facts.c_str());
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  return picked;
}

// The calibration presets fitted for the document's GPU, CUDA-graph ones first (id and name,
// parsed once per GPU rather than every frame).
const std::vector<PresetEntry>& gpu_calibrations(AppState& s) {
  if (s.ui.calibrations_gpu != s.doc.gpu.id || s.ui.calibrations_gpu.empty()) {
    s.ui.calibrations_gpu = s.doc.gpu.id;
    s.ui.gpu_calibrations.clear();
    s.ui.gpu_calibration_is_prior = false;
    for (const std::string& id : s.library->calibrations_for(s.doc.gpu.id)) {
      if (auto c = s.library->calibration(id)) {
        if (s.ui.gpu_calibrations.empty()) s.ui.gpu_calibration_is_prior = !c->prior_from.empty();
        s.ui.gpu_calibrations.push_back({id, c->name, "", ""});
      }
    }
  }
  return s.ui.gpu_calibrations;
}

}  // namespace

void percent_slider(const char* id, ChangeKey key, double& fraction, std::string_view more,
                    const std::string& amount) {
  double percent = fraction * 100;
  const Knob& k = knob(key);
  const WidgetRange range = widget_range(k);
  const double lo = range.min * 100, hi = range.max * 100;
  const double step = k.ui_step > 0 ? k.ui_step * 100 : 1;  // in percent
  std::string format = "%.0f %%";
  if (!amount.empty()) format += " · " + amount;  // ImGui's format: a literal % would need %%
  if (ImGui::SliderScalar(id, ImGuiDataType_Double, &percent, &lo, &hi, format.c_str(),
                          ImGuiSliderFlags_AlwaysClamp)) {
    // In the row's steps (70 %, not 70.3 %), as a slider's grab reads.
    fraction = std::clamp(std::round(percent / step) * step, lo, hi) / 100;
  }
  item_tooltip(knob_tooltip(key, more).c_str());
}

bool amount_input(const char* id, ChangeKey key, double& value, double step, double fast_step) {
  const Knob& k = knob(key);
  double typed = value;
  // A plain number in the box, so that what is typed or edited reads back (ImGui parses the
  // box's text with the format's number only).
  if (!ImGui::InputDouble(id, &typed, step, fast_step, "%.2f")) return false;
  value = std::clamp(typed, k.min, k.max);
  return true;
}

void menu_combo(const char* id, ChangeKey key, int64_t& value, const char* unit, int64_t most) {
  char preview[32];
  std::snprintf(preview, sizeof preview, "%lld %s%s", static_cast<long long>(value), unit,
                value > 1 ? "s" : "");
  if (ImGui::BeginCombo(id, preview)) {
    for (const int64_t v : knob(key).menu) {
      if (most > 0 && v > most) break;
      char label[16];
      std::snprintf(label, sizeof label, "%lld", static_cast<long long>(v));
      if (ImGui::Selectable(label, v == value)) value = v;
    }
    ImGui::EndCombo();
  }
}

void follow_gpu_calibration(AppState& s) {
  if (!s.doc.calibration || s.doc.calibration->gpus.empty()) return;  // none, or a user's file
  const std::vector<std::string>& fitted = s.doc.calibration->gpus;
  if (std::find(fitted.begin(), fitted.end(), s.doc.gpu.id) != fitted.end()) return;
  const std::vector<PresetEntry>& ids = gpu_calibrations(s);
  auto c = ids.empty() ? Result<Calibration>::fail("") : s.library->calibration(ids.front().id);
  if (c) {
    s.doc.calibration = std::move(c).value();
    set_message(s, "Expected times on " + s.doc.gpu.name + ": " + s.doc.calibration->name, false);
  } else {
    s.doc.calibration.reset();
    set_message(s, "No calibration for " + s.doc.gpu.name + ": showing roofline bounds", false);
  }
}

namespace {

// "bf16  (2 B)", "int4  (½ B)", "mxfp4  (0.531 B)": a precision and its bytes per element.
std::string precision_preview(Precision p) {
  const double b = bytes_per_element(p);
  return std::string(to_string(p)) + "  (" + (b == 0.5 ? std::string("½") : format_exact(b)) +
         " B)";
}

bool precision_combo(const char* id, Precision& value, const GpuSpec& gpu, bool storage_only) {
  bool changed = false;
  if (ImGui::BeginCombo(id, precision_preview(value).c_str())) {
    for (Precision p : kAllPrecisions) {
      std::string label = precision_preview(p);
      if (!storage_only && !gpu.peak(p)) label += "   no roof on this GPU";
      if (ImGui::Selectable(label.c_str(), p == value)) {
        value = p;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// A weight precision with "auto" first: what the model's config says ("auto: mxfp4  (0.531 B)
// from config"), else bf16. Every entry shows its bytes per element, as the preview does.
// `resolved` is what auto gives now.
void weights_combo(const char* id, std::optional<Precision>& value, const WeightFormat& resolved) {
  const std::string from =
      precision_preview(resolved.precision) + (resolved.from_config ? " from config" : "");
  const std::string preview = value ? precision_preview(*value) : "auto: " + from;
  if (ImGui::BeginCombo(id, preview.c_str())) {
    if (ImGui::Selectable(("auto: " + from).c_str(), !value)) value.reset();
    for (Precision p : kAllPrecisions) {
      if (ImGui::Selectable(precision_preview(p).c_str(), value == p)) value = p;
    }
    ImGui::EndCombo();
  }
}

// A limit marked on a slider: the KV-memory wall on the batch slider, the model's trained
// context on the context slider.
struct SliderWall {
  int64_t at = 0;    // 0: none
  std::string what;  // "KV cache full at B = 453"
};

// Where ImGui's logarithmic integer slider puts `v` (its grab's centre), in screen x.
float log_slider_x(int64_t v, int64_t lo, int64_t hi, const ImVec2& min, const ImVec2& max) {
  const float grab_padding = 2.0f;  // as ImGui's SliderBehavior
  const float grab = ImGui::GetStyle().GrabMinSize;
  const float usable = (max.x - min.x) - 2 * grab_padding - grab;
  const double t =
      hi > lo ? std::log(static_cast<double>(std::clamp(v, lo, hi)) / static_cast<double>(lo)) /
                    std::log(static_cast<double>(hi) / static_cast<double>(lo))
              : 0.0;
  return min.x + grab_padding + 0.5f * grab + static_cast<float>(t) * usable;
}

// A logarithmic slider with an exact input box beside it for an integer knob. The slider runs
// from the knob's minimum to `slider_hi` (a range that keeps an ordinary drag sensible); the box
// takes the knob's whole range, and a value typed beyond the slider widens it. The slider names
// its unit ("64 sequences", "1 token") on the side of the track its grab leaves free, and marks
// `wall` with a line and the track beyond it shaded.
void log_slider_with_input(AppState& s, ChangeKey key, int64_t& value, const char* unit_one,
                           const char* unit_many, std::string_view more, int64_t slider_hi,
                           const SliderWall& wall) {
  const Knob& k = knob(key);
  const auto lo = static_cast<int64_t>(k.min), hi = static_cast<int64_t>(k.max);
  const int64_t top = std::clamp(std::max(slider_hi, value), lo, hi);
  const float em = ImGui::GetFontSize();
  const float input_w = 5.2f * em;
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushID(k.name.data(), k.name.data() + k.name.size());
  ImGui::SetNextItemWidth(std::max(4 * em, avail - input_w - ImGui::GetStyle().ItemInnerSpacing.x));
  // The value as every other number reads ("131,072 tokens", not "131072"), drawn below beside
  // the grab rather than under it ("102▌4 tokens"); typing goes to the box beside it.
  std::string text = format_count(static_cast<double>(value));
  text.append(" ").append(value == 1 ? unit_one : unit_many);
  ImGui::SliderScalar("##slider", ImGuiDataType_S64, &value, &lo, &top, "",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  std::string tip = knob_tooltip(key, more);
  ImDrawList* list = ImGui::GetWindowDrawList();
  if (wall.at >= lo && wall.at < top) {
    const float x = log_slider_x(wall.at, lo, top, min, max);
    const ImVec4 warning = status_color(Severity::warning);
    list->AddRectFilled({x, min.y + 1}, {max.x - 1, max.y - 1},
                        ImGui::GetColorU32(ImVec4{warning.x, warning.y, warning.z, 0.18f}),
                        ImGui::GetStyle().FrameRounding);
    // Two ticks, at the top and the bottom edge, so the mark never strikes through the value.
    const float tick = 0.2f * (max.y - min.y);
    list->AddLine({x, min.y + 1}, {x, min.y + tick}, ImGui::GetColorU32(warning), 2.0f);
    list->AddLine({x, max.y - tick}, {x, max.y - 1}, ImGui::GetColorU32(warning), 2.0f);
    tip.append("\n\nThe shaded mark: ").append(wall.what).append(".");
  }
  {
    const float grab_x = log_slider_x(value, lo, top, min, max);
    const float pad = ImGui::GetStyle().FramePadding.x;
    const float grab_half = 0.5f * ImGui::GetStyle().GrabMinSize + 2;
    const float text_w = ImGui::CalcTextSize(text.c_str()).x;
    const float centre = 0.5f * (min.x + max.x);
    // Centred like ImGui's own, unless the grab would cover it: then on the free side.
    float x = centre - 0.5f * text_w;
    if (grab_x + grab_half > x && grab_x - grab_half < x + text_w) {
      x = grab_x < centre ? std::max(grab_x + grab_half + pad, centre - 0.5f * text_w)
                          : std::min(grab_x - grab_half - pad - text_w, centre - 0.5f * text_w);
    }
    x = std::clamp(x, min.x + pad, std::max(min.x + pad, max.x - pad - text_w));
    list->PushClipRect(min, max, true);
    list->AddText({x, min.y + ImGui::GetStyle().FramePadding.y}, ImGui::GetColorU32(ImGuiCol_Text),
                  text.c_str());
    list->PopClipRect();
  }
  item_tooltip(tip.c_str());
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::SetNextItemWidth(input_w);
  const bool typed =
      ImGui::InputScalar("##input", ImGuiDataType_S64, &value, nullptr, nullptr, "%lld");
  item_tooltip("Type an exact value; it is clamped to the valid range.");
  if (typed && (value < lo || value > hi)) {
    // Said, not done silently: 0 or 999999999 typed here is not what the chart then shows.
    const int64_t asked = value;
    value = std::clamp(value, lo, hi);
    std::string said = std::string(k.name);
    said.append(" ").append(format_count(static_cast<double>(asked)));
    said.append(" is out of range (").append(format_count(static_cast<double>(lo)));
    said.append(" to ").append(format_count(static_cast<double>(hi))).append("): set to ");
    said.append(format_count(static_cast<double>(value)));
    set_message(s, said, true);
  }
  value = std::clamp(value, lo, hi);
  ImGui::PopID();
}

void draw_hardware(AppState& s) {
  section("Hardware");
  row_label("GPU",
            "The GPU whose roofs are drawn: its peak FLOP/s for the math precision sets "
            "the flat compute roof, its memory bandwidth the slope. The dots' intensities "
            "do not change with the GPU, only where the roof sits above them.");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - load_button_width());
  const std::string gpu = gpu_combo(s, "##gpu", &s.doc.gpu, false);
  item_tooltip(knob_tooltip(ChangeKey::gpu,
                            "The presets use dense datasheet peaks; the source is in each file.")
                   .c_str());
  if (!gpu.empty()) {
    if (auto loaded = s.library->gpu(gpu)) s.doc.gpu = std::move(loaded).value();
    follow_gpu_calibration(s);
  }
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  if (ImGui::Button("Load…##gpu", {-FLT_MIN, 0})) open_file_dialog(s, FileAction::load_gpu);
  item_tooltip(
      "Load a GPU preset file (.json with memory_bandwidth, memory_capacity, "
      "peak_flops per precision).");
  disabled_wrapped(format_bandwidth(s.doc.gpu.memory_bandwidth_bytes_per_s) + " · " +
                   memory_text(s.doc.gpu) + " · " + s.doc.gpu.vendor);

  row_label("Compare",
            "A second GPU drawn dashed on the same chart, with hollow dots for the same "
            "workload: how far each roof moves when you change hardware.");
  const std::string other = gpu_combo(
      s, "##compare", s.doc.compare_gpu ? &*s.doc.compare_gpu : nullptr, true, s.doc.gpu.id);
  item_tooltip(knob_tooltip(ChangeKey::compare_gpu, "None turns the comparison off.").c_str());
  if (other == "-") {
    s.doc.compare_gpu.reset();
  } else if (!other.empty()) {
    if (auto loaded = s.library->gpu(other)) s.doc.compare_gpu = std::move(loaded).value();
  }
}

void draw_model(AppState& s) {
  section("Model");
  row_label("Model",
            "The transformer: its shape (layers, hidden size, heads, KV heads, MLP width, "
            "vocabulary) sets every operator's FLOPs and bytes.");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - load_button_width());
  const std::string model =
      preset_combo("##model", s.library->models(), s.doc.model.id, s.doc.model.name);
  item_tooltip(
      knob_tooltip(ChangeKey::model, "The presets are config.json files from Hugging Face.")
          .c_str());
  if (!model.empty()) {
    if (auto loaded = s.library->model(model)) set_model(s.doc, std::move(loaded).value());
  }
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  if (ImGui::Button("Load…##model", {-FLT_MIN, 0})) open_file_dialog(s, FileAction::load_model);
  item_tooltip(
      "Open a Hugging Face config.json, or a model's folder (a snapshot with its safetensors: "
      "their headers' parameter count is checked against roofline's).");
  const ModelConfig& m = s.doc.model;
  // From the model itself, not the analysis: a GPU without a roof still has a model to describe.
  const ParameterCount count = count_parameters(m);
  // "48 layers: 36 linear + 12 full attention · 80.0 B params, 3.0 B active"
  std::string shape = layout_text(m) + " · " + format_parameters(count.total()) + " params";
  const FfnType* moe = find_ffn(m, FfnKind::moe);
  if (moe) shape += ", " + format_parameters(count.active()) + " active";
  if (m.heads > 0)
    shape += " · " + std::to_string(m.heads) + "/" + std::to_string(m.kv_heads) + " heads";
  if (moe)
    shape += " · MoE " + std::to_string(moe->moe.top_k) + "/" + std::to_string(moe->moe.experts);
  if (m.mla) shape += " · MLA";
  disabled_wrapped(shape);
  std::string note =
      "Parameters: every weight matrix, the embedding tables and the 16-bit norm "
      "scales and biases.";
  if (moe)
    note +=
        " Active: all but the routed experts a token is not sent to (model cards differ on "
        "whether they count the embedding tables).";
  // Appended piece by piece: `"literal" + std::string&&` trips g++ 12's -Wrestrict.
  if (m.max_context) {
    note.append(" Trained context: ")
        .append(format_count(static_cast<double>(*m.max_context)))
        .append(" tokens.");
  }
  if (std::string c = checkpoint_comparison(m); !c.empty()) {
    note.append(" Checkpoint: ").append(c).append(".");
  }
  if (m.mtp_layers > 0) {
    note.append(" ")
        .append(std::to_string(m.mtp_layers))
        .append(
            " multi-token-prediction layer(s) not counted: not part of the served forward pass.");
  }
  item_tooltip(note.c_str());
}

void draw_workload(AppState& s) {
  section("Workload");
  row_label("Phase",
            "Prefill processes whole prompts (B·T tokens per step: matmuls are "
            "compute-bound). Decode generates one token per sequence (B tokens per "
            "step: weights are re-read for few tokens, so it is memory-bound).");
  int phase = s.doc.phase == Phase::prefill ? 0 : 1;
  if (ImGui::RadioButton("Prefill", &phase, 0)) s.doc.phase = Phase::prefill;
  item_tooltip("One step runs the whole prompt: M = B·T tokens through every matmul.");
  ImGui::SameLine();
  if (ImGui::RadioButton("Decode", &phase, 1)) s.doc.phase = Phase::decode;
  item_tooltip(
      "One step generates one token per sequence: M = B tokens, reading all weights "
      "and each sequence's KV cache.");

  row_label("Batch",
            "B, the sequences processed together. Each weight byte read serves B tokens, "
            "so in decode the fc intensity ≈ B FLOP/byte (bf16): batching moves the fc "
            "dot right along the slope towards the ridge. The KV cache grows with B.");
  // The slider runs to 4 × the KV-memory wall (at least 1,024): an ordinary drag stays among
  // batches that mean something; the box beside it takes up to the knob's 1,000,000.
  const Totals& totals = chart_data(s).analysis.totals;
  SliderWall kv_wall;
  if (totals.max_batch > 0) {
    kv_wall = {totals.max_batch,
               "KV cache full at B = " + format_count(static_cast<double>(totals.max_batch)) +
                   " (weights and KV cache fill the usable memory)"};
  }
  log_slider_with_input(
      s, ChangeKey::batch, s.doc.batch, "sequence", "sequences",
      "Logarithmic: Ctrl+click to type, or use the box. You can also drag the "
      "fc dot on the chart.",
      power_of_two_step(std::max<int64_t>(1024, 4 * totals.max_batch) - 1, 1, kMaxBatch), kv_wall);

  const bool prefill = s.doc.phase == Phase::prefill;
  row_label(prefill ? "Prompt" : "Context",
            prefill ? "T, the prompt length. Prefill matmuls see B·T token rows, and causal "
                      "attention's FLOPs grow with T²: both dots move right as T grows."
                    : "S, the tokens already in each sequence's KV cache. Decode attention reads "
                      "S·Hkv·dh K and V values per sequence: its time grows with S but its "
                      "intensity does not.");
  // The model's trained context is marked (and said below the slider when passed).
  const std::optional<int64_t>& limit = s.doc.model.max_context;
  SliderWall trained;
  if (limit && *limit > 0) {
    trained = {*limit, s.doc.model.name + " was trained for up to " +
                           format_count(static_cast<double>(*limit)) +
                           " tokens (max_position_embeddings)"};
  }
  log_slider_with_input(s, ChangeKey::seq, s.doc.seq, "token", "tokens",
                        prefill ? "Logarithmic. In prefill, dragging the fc or attention dot "
                                  "sets it."
                                : "Logarithmic.",
                        static_cast<int64_t>(knob(ChangeKey::seq).max), trained);
  if (limit && s.doc.seq > *limit) {
    ImGui::PushStyleColor(ImGuiCol_Text, status_color(Severity::warning));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("⚠ past %s's %s-token limit", s.doc.model.name.c_str(),
                format_count(static_cast<double>(*limit)).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
}

void draw_precision(AppState& s) {
  section("Precision");
  row_label("Weights",
            "Storage of the weights: bytes per weight read. Halving it halves the fc "
            "bytes in decode (doubles the fc intensity). Weights wider than the "
            "activations also set the math precision.");
  // What "auto" gives each combo: the config's formats, and for the experts, the weights'.
  Scenario automatic = s.doc;
  automatic.expert_weights.reset();
  const WeightFormat experts_auto = weight_formats(automatic).of(WeightGroup::experts);
  automatic.weights.reset();
  weights_combo("##weights", s.doc.weights, weight_formats(automatic).of(WeightGroup::mixer));
  item_tooltip(knob_tooltip(ChangeKey::weights,
                            "W8 or W4 is weight-only quantization. auto keeps the precision the "
                            "checkpoint's quantization_config gives (fp8 for DeepSeek-V3, ...).")
                   .c_str());
  if (find_ffn(s.doc.model, FfnKind::moe)) {
    row_label("Experts",
              "Storage of the routed experts' weights. gpt-oss ships them in mxfp4 "
              "(4.25 bits a weight) while its attention stays bf16.");
    weights_combo("##expert_weights", s.doc.expert_weights, experts_auto);
    item_tooltip(knob_tooltip(ChangeKey::expert_weights,
                              "auto follows the weights above, or the config's format for the "
                              "experts when the weights are auto.")
                     .c_str());
  }
  row_label("Activations",
            "Precision of activations, and usually of the math: the compute roof "
            "drawn is the GPU's peak for the math precision.");
  precision_combo("##activations", s.doc.activations, s.doc.gpu, false);
  item_tooltip(knob_tooltip(ChangeKey::activations,
                            "The matmuls run at this precision unless the weights are wider.")
                   .c_str());
  row_label("KV cache",
            "Storage of the K and V cache: bytes per cached value. Decode attention's "
            "intensity ≈ 2·g / b_kv, so fp8 KV doubles it; it also halves the KV "
            "memory, raising the batch that fits.");
  precision_combo("##kv", s.doc.kv, s.doc.gpu, true);
  item_tooltip(knob_tooltip(ChangeKey::kv).c_str());

  const Analysis& a = chart_data(s).analysis;
  if (a.peak_flops > 0) {
    disabled_wrapped("Math: " + std::string(to_string(a.math_precision)) + " on the " +
                     std::string(to_string(a.roof_precision)) + " roof (" +
                     format_flop_rate(a.peak_flops) + ")");
  } else {
    disabled_wrapped("Math: " + std::string(to_string(a.math_precision)) + ", no compute roof");
  }
  item_tooltip(
      "The matmuls run at the activations' precision unless the weights are wider. A GPU "
      "without that roof falls back to the next wider one it has.");
  for (const std::string& w : a.warnings) {
    ImGui::PushStyleColor(ImGuiCol_Text, status_color(Severity::warning));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("⚠ %s", w.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
}

void draw_kernels(AppState& s) {
  section("Kernels");
  ImGui::Checkbox("Flash attention", &s.doc.flash_attention);
  item_tooltip(knob_tooltip(ChangeKey::flash_attention,
                            "On: attention is one fused kernel; the score matrix never goes to "
                            "memory. Off: QKᵀ, softmax and SV are separate ops that write and "
                            "read B·H·S (decode) or B·H·T² (prefill) scores: more bytes, lower "
                            "intensity.")
                   .c_str());
  ImGui::Checkbox("Fuse elementwise ops", &s.doc.fuse_elementwise);
  item_tooltip(knob_tooltip(ChangeKey::fuse_elementwise,
                            "On: they move no bytes of their own (their FLOPs remain; with zero "
                            "bytes they leave the chart).")
                   .c_str());
}

// "held-out median error 6 % on decode steps (4 points)": the calibration's own record.
std::string fitted_error_text(const Calibration& c) {
  std::string out;
  if (!c.prior_from.empty()) {
    // A prior was fitted on nothing: its errors are a fit's on a GPU it never saw.
    out = "A prior: " + c.prior_from +
          "'s parameters, not fitted on this GPU. On a GPU a fit "
          "never saw, measured / expected fell:";
    for (const CalibrationError& e : c.errors) {
      if (!e.has_interval()) continue;
      out += "\n" + e.metric + ": median error " + format_percent(e.held_out_median) +
             ", 8 in 10 within " + format_ratio(e.interval_low) + "–" +
             format_ratio(e.interval_high) + " (" + std::to_string(e.interval_points) + " points)";
    }
    return out;
  }
  for (const CalibrationError& e : c.errors) {
    if (e.held_out_points == 0) continue;
    if (!out.empty()) out += "\n";
    out += e.metric + ": held-out median error " + format_percent(e.held_out_median) + " (" +
           std::to_string(e.held_out_points) + " points), fit " + format_percent(e.fit_median) +
           " (" + std::to_string(e.points) + ")";
  }
  return out.empty() ? "No held-out error recorded." : out;
}

// Bound: the textbook roofline. Expected: the GPU's calibration (kernel latency, practical
// roofs, all-reduce latency, step overhead), its dots below their bounds.
void draw_bound_expected(AppState& s) {
  row_label("Times",
            "Bound: the roofline, the fastest the step can run. Expected: a calibration fitted "
            "to published measurements adds what real kernels lose (practical roofs per op "
            "class, a fixed latency per kernel, all-reduce latency, per-step overhead); each "
            "dot then sits below its bound, joined to it.");
  const std::vector<PresetEntry>& entries = gpu_calibrations(s);
  const bool calibrated = s.doc.calibration.has_value();
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  const ImVec4 active = ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive);
  if (!calibrated) ImGui::PushStyleColor(ImGuiCol_Button, active);
  if (ImGui::Button("Bound", {half, 0})) s.doc.calibration.reset();
  if (!calibrated) ImGui::PopStyleColor();
  item_tooltip(
      knob_tooltip(ChangeKey::calibration, "The textbook roofline: no calibration.").c_str());
  ImGui::SameLine();
  const bool can_expect = calibrated || !entries.empty();
  ImGui::BeginDisabled(!can_expect);
  if (calibrated) ImGui::PushStyleColor(ImGuiCol_Button, active);
  if (ImGui::Button("Expected", {half, 0}) && !calibrated) {
    if (auto c = s.library->calibration(entries.front().id))
      s.doc.calibration = std::move(c).value();
  }
  if (calibrated) ImGui::PopStyleColor();
  ImGui::EndDisabled();
  if (!can_expect) {
    item_tooltip(("No calibration is fitted for " + s.doc.gpu.name +
                  ": published measurements cover the H100, H200, A100 and MI300X. Load one "
                  "with roofline-cli --calibration FILE, or fit your own with "
                  "tools/fit_calibration.py.")
                     .c_str());
  } else {
    const bool prior =
        calibrated ? !s.doc.calibration->prior_from.empty() : s.ui.gpu_calibration_is_prior;
    item_tooltip(prior ? "Expected times under a prior: a fitted GPU's calibration carried over "
                         "to this one, which has no measurement of its own."
                       : "Expected times under the calibration fitted for this GPU.");
  }
  if (!calibrated) return;
  const Calibration& c = *s.doc.calibration;
  const std::string picked = preset_combo("##calibration", entries, c.id, c.name);
  item_tooltip((c.source.empty() ? c.name : c.name + "\n\n" + c.source).c_str());
  if (!picked.empty() && picked != c.id) {
    if (auto loaded = s.library->calibration(picked)) s.doc.calibration = std::move(loaded).value();
  }
  const bool fitted_here = std::find(c.gpus.begin(), c.gpus.end(), s.doc.gpu.id) != c.gpus.end();
  disabled_wrapped(!fitted_here ? "Not fitted for " + s.doc.gpu.name + ": its numbers are a guess."
                   : !c.prior_from.empty()
                       ? "A prior, not fitted on this GPU: wider intervals; hover for why."
                       : "Fitted for this GPU; hover for its error.");
  item_tooltip(fitted_error_text(c).c_str());
}

void draw_roofs(AppState& s) {
  section("Roofs");
  draw_bound_expected(s);
  const Analysis& a = chart_data(s).analysis;
  // Named for the roof each scales ("FLOP/s", "Bandwidth"), so that neither reads as the
  // memory capacity of "Memory use" below; each says what its percent comes to.
  row_label("FLOP/s",
            "Scales the compute roof: real matmuls reach 60–80% of the datasheet "
            "peak. A dot's bound and time follow the scaled roof.");
  percent_slider("##compute_eff", ChangeKey::compute_efficiency, s.doc.compute_efficiency,
                 "Drawn as the compute roof.",
                 a.peak_flops > 0 ? format_flop_rate(a.peak_flops) : std::string());
  row_label("Bandwidth",
            "Scales the bandwidth slope: real kernels reach 70–90% of the datasheet "
            "memory bandwidth (HBM or GDDR).");
  percent_slider("##memory_eff", ChangeKey::memory_efficiency, s.doc.memory_efficiency,
                 "Drawn as the bandwidth slope.",
                 a.bandwidth > 0 ? format_bandwidth(a.bandwidth) : std::string());
  const float n = static_cast<float>(roof_presets().size());
  const float width =
      (ImGui::GetContentRegionAvail().x - (n - 1) * ImGui::GetStyle().ItemSpacing.x) / n;
  // The roof presets of the knob table, side by side; the one the scenario is on looks pressed.
  // Each applies as changes, through the knobs' own checks.
  const RoofPreset* current = matching_roof_preset(s.doc);
  bool first = true;
  for (const RoofPreset& p : roof_presets()) {
    if (!first) ImGui::SameLine();
    first = false;
    const bool on = &p == current;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(std::string(p.name).c_str(), {width, 0})) {
      if (auto changed = apply_changes(s.doc, roof_preset_changes(p), {}, p.name)) {
        s.doc = std::move(changed).value();
      } else {
        set_message(s, changed.error(), true);
      }
    }
    if (on) ImGui::PopStyleColor();
    item_tooltip((std::string(p.help) + ".").c_str());
  }
  row_label("Memory use",
            "Share of the GPU memory usable for weights and KV cache (the rest "
            "is activations, workspace and fragmentation). Sets the largest batch "
            "that fits and the KV wall on the throughput plot.");
  percent_slider("##mem_util", ChangeKey::memory_utilization, s.doc.memory_utilization, {},
                 a.totals.usable_memory_bytes > 0 ? format_bytes(a.totals.usable_memory_bytes)
                                                  : std::string());
}

}  // namespace

void draw_controls_panel(AppState& s) {
  ImGui::PushItemWidth(-FLT_MIN);
  draw_hardware(s);
  draw_model(s);
  draw_workload(s);
  draw_precision(s);
  draw_kernels(s);
  draw_parallelism(s);
  draw_speculation(s);
  draw_cost(s);
  draw_roofs(s);
  ImGui::PopItemWidth();
}

}  // namespace roofline
