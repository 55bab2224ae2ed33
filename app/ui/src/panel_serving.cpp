// The left panel's serving sections: the GPU layout (core/MODEL.md §5, §17), speculative decoding
// (§14) and the cost and energy of the tokens a step makes (§16).

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "panel_widgets.h"
#include "roofline/knobs.h"
#include "roofline/units.h"
#include "ui_internal.h"

namespace roofline {

// The GPU layout: tensor parallelism, data-parallel attention ranks, whether the routed experts
// are whole on each GPU (ep = tp × dp, which follows tp and dp here) and how unevenly they load.
void draw_parallelism(AppState& s) {
  section("Parallelism");
  row_label("Tensor par.",
            "tp, the GPUs one layer is split over. Every op's FLOPs and bytes "
            "divide by tp (numbers are per GPU); each layer adds two all-reduces "
            "over the interconnect.");
  const int64_t most = static_cast<int64_t>(knob(ChangeKey::tp).max);  // GPUs in a layout
  menu_combo("##tp", ChangeKey::tp, s.doc.tp, "GPU", most / (s.doc.dp * s.doc.pp));
  item_tooltip(knob_tooltip(ChangeKey::tp, "The chart shows per-GPU numbers.").c_str());
  row_label("Data par.",
            "dp, attention ranks of tp GPUs each, every one with its own share of the batch "
            "and its own KV cache (DeepSeek's and SGLang's data-parallel attention). The "
            "routed experts serve every rank's tokens.");
  menu_combo("##dp", ChangeKey::dp, s.doc.dp, "rank", most / (s.doc.tp * s.doc.pp));
  item_tooltip(knob_tooltip(ChangeKey::dp, "The busiest rank sets the step's time.").c_str());
  row_label("Pipeline par.",
            "pp, stages of tp × dp GPUs, each holding its share of the layers (the last one the "
            "output). Each rank's batch runs as min(pp, its sequences) micro-batches; a GPU "
            "waits while the pipeline fills and drains (the bubble).");
  // Speculative decoding across stages is not modelled (validate refuses it): one or the other.
  const bool speculating = s.doc.spec != SpecMethod::none;
  ImGui::BeginDisabled(speculating && s.doc.pp <= 1);
  menu_combo("##pp", ChangeKey::pp, s.doc.pp, "stage",
             std::min(most / (s.doc.tp * s.doc.dp), std::max<int64_t>(1, s.doc.model.layers)));
  ImGui::EndDisabled();
  item_tooltip(knob_tooltip(ChangeKey::pp,
                            "Decode: a token passes every stage, so pipeline stages add GPUs "
                            "(memory, batch) rather than speed.")
                   .c_str());
  if (speculating && s.doc.pp <= 1)
    disabled_wrapped("Off while speculative decoding is on (not modelled across stages).");

  const FfnType* moe = find_ffn(s.doc.model, FfnKind::moe);
  if (!moe) return;  // ep changes nothing (the analysis says so where it is set)
  const int64_t gpus = stage_gpus(s.doc);  // the experts spread over one stage's GPUs
  const bool possible = gpus > 1 && gpus <= moe->moe.experts;
  // ep spans the layout: it follows tp and dp as they are picked above, and turns off where it
  // cannot be. A loaded or lesson document is valid already (ep = tp × dp): nothing changes.
  if (s.doc.ep > 1) s.doc.ep = possible ? gpus : 1;
  bool whole = s.doc.ep > 1;
  ImGui::BeginDisabled(!possible);
  if (ImGui::Checkbox("Expert parallel", &whole)) s.doc.ep = whole ? gpus : 1;
  ImGui::EndDisabled();
  item_tooltip(knob_tooltip(ChangeKey::ep,
                            "On: each GPU holds whole experts (ep = tp × dp) and, with dp > 1, "
                            "tokens travel to them by all-to-all. Off: every expert is split "
                            "over the GPUs.")
                   .c_str());
  if (!possible) {
    disabled_wrapped(gpus <= 1 ? "Needs 2 GPUs or more (tp × dp)."
                               : "More GPUs than the model's " + std::to_string(moe->moe.experts) +
                                     " routed experts.");
    return;
  }
  if (s.doc.ep <= 1) return;
  row_label("Imbalance",
            "The busiest GPU's routed tokens over the mean (1 = uniform routing). It sets the "
            "step: every GPU waits for the busiest at the combine.");
  amount_input("##moe_imbalance", ChangeKey::moe_imbalance, s.doc.moe_imbalance, 0.05, 0.25);
  item_tooltip(knob_tooltip(ChangeKey::moe_imbalance).c_str());
}

// Speculative decoding (core/MODEL.md §14): the method, the drafted tokens and their acceptance;
// the tokens a step then makes.
void draw_speculation(AppState& s) {
  section("Speculative decoding");
  struct Method {
    SpecMethod method;
    const char* label;
  };
  static constexpr Method kMethods[] = {{SpecMethod::none, "None"},
                                        {SpecMethod::mtp, "MTP heads"},
                                        {SpecMethod::eagle, "EAGLE heads"}};
  row_label("Method",
            "Heads trained with the model draft the next tokens from its last hidden state; "
            "one verify step then checks them all. Each drafting pass costs about one layer "
            "and the output table.");
  const char* preview = kMethods[0].label;
  for (const Method& m : kMethods)
    if (m.method == s.doc.spec) preview = m.label;
  // Not modelled across pipeline stages (validate refuses it): one or the other.
  const bool staged = s.doc.pp > 1 && s.doc.spec == SpecMethod::none;
  ImGui::BeginDisabled(staged);
  if (ImGui::BeginCombo("##spec", preview)) {
    for (const Method& m : kMethods)
      if (ImGui::Selectable(m.label, m.method == s.doc.spec)) s.doc.spec = m.method;
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  item_tooltip(knob_tooltip(ChangeKey::spec,
                            "MTP: DeepSeek's multi-token prediction modules; "
                            "EAGLE: a one-layer draft head.")
                   .c_str());
  if (staged) disabled_wrapped("Off with pipeline stages (not modelled across them).");
  if (s.doc.spec == SpecMethod::none) return;
  row_label("Drafted", "k, the tokens drafted per step: the verify step runs k + 1 per sequence.");
  menu_combo("##spec_tokens", ChangeKey::spec_tokens, s.doc.spec_tokens, "token");
  item_tooltip(knob_tooltip(ChangeKey::spec_tokens).c_str());
  row_label("Accepted", "The chance each drafted token is accepted, given the ones before it.");
  percent_slider("##spec_acceptance", ChangeKey::spec_acceptance, s.doc.spec_acceptance,
                 "DeepSeek-V3 reports 85-90 % for its one MTP token.");
  if (s.doc.phase == Phase::prefill) {
    disabled_wrapped("Applies to decode steps: switch the phase to decode to see it.");
  } else {
    char tokens[64];
    std::snprintf(tokens, sizeof tokens, "%.2f tokens per step per sequence",
                  accepted_tokens_per_step(s.doc));
    disabled_wrapped(tokens);
  }
}

// The price of a GPU-hour (typed; 0 takes the GPU preset's, where it cites one) and what a token
// then costs, and the energy a token takes at the GPU's board power.
void draw_cost(AppState& s) {
  section("Cost and energy");
  row_label("$ / GPU-hour",
            "The price of one GPU-hour in US dollars, what you pay per GPU (cloud or "
            "amortised); 0 takes the GPU preset's price where it has one. Cost per million "
            "tokens = price / 3600 / (tokens/s per GPU) × 10^6.");
  amount_input("##gpu_hour_usd", ChangeKey::gpu_hour_usd, s.doc.gpu_hour_usd, 0.25, 1.0);
  const std::optional<double> listed = s.doc.gpu.gpu_hour_usd;
  item_tooltip(knob_tooltip(ChangeKey::gpu_hour_usd,
                            listed ? "The preset's price: " + format_usd(*listed) + " (" +
                                         s.doc.gpu.gpu_hour_usd_source + ")."
                                   : "No price is built in: prices differ by provider, region "
                                     "and commitment. 0 shows no cost.")
                   .c_str());
  const Totals& t = chart_data(s).analysis.totals;
  const bool prefill = s.doc.phase == Phase::prefill;
  const std::string tokens = prefill ? "prompt tokens" : "tokens";
  if (t.cost_per_mtok_usd > 0) {
    disabled_wrapped(format_usd(t.cost_per_mtok_usd) + " per million " + tokens + " at " +
                     format_token_rate(t.tokens_per_s_per_gpu) + " per GPU");
  } else if (!gpu_hour_price(s.doc)) {
    disabled_wrapped("Type a price to see the cost per million " + tokens + ".");
  } else {
    disabled_wrapped("No cost: the step makes no tokens.");
  }
  if (!s.doc.gpu.board_power_w) {
    disabled_wrapped("No board power is published for " + s.doc.gpu.name +
                     ": energy per token is not shown (a GPU file may give board_power).");
  } else if (t.energy_per_token_j > 0) {
    disabled_wrapped(format_energy(t.energy_per_token_j) + " per " +
                     (prefill ? "prompt token" : "token") + " at " +
                     format_count(*s.doc.gpu.board_power_w) + " W board power");
    item_tooltip(("An upper bound: the GPU counted at its maximum board power for the whole "
                  "step; a memory-bound step often draws less.\n\n" +
                  s.doc.gpu.board_power_source)
                     .c_str());
  }
}

}  // namespace roofline
