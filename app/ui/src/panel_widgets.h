#pragma once
// The controls the left panel's sections share (panel_controls.cpp, panel_serving.cpp): a
// section's title, a knob's tooltip and the widgets of knobs.h's rows.

#include <cstdint>
#include <string>
#include <string_view>

#include "roofline/knobs.h"

namespace roofline {

struct AppState;

// Text in the disabled colour, wrapped at the panel's edge.
void disabled_wrapped(const std::string& text);
// Room for a "Load…" button beside a combo.
float load_button_width();
// A knob control's tooltip: the knob's one line from the table, then what this control adds.
std::string knob_tooltip(ChangeKey key, std::string_view more = {});
// A section's title over a separator.
void section(const char* title);
// A fraction knob shown and edited as a percentage over its row's widget range (knobs.h);
// `amount` (when given) is what the percent comes to, written after it: "80 % · 2.68 TB/s".
void percent_slider(const char* id, ChangeKey key, double& fraction, std::string_view more = {},
                    const std::string& amount = {});
// An amount knob (price, imbalance) typed as a plain number with +/- steps, kept in the knob's
// [min, max]; true when it changed.
bool amount_input(const char* id, ChangeKey key, double& value, double step, double fast_step);
// An integer knob picked from its row's menu (tp, drafted tokens), "N unit(s)" in the box; only
// the entries up to `most` (when above 0: tp and dp keep tp × dp within 1,024 GPUs).
void menu_combo(const char* id, ChangeKey key, int64_t& value, const char* unit, int64_t most = 0);

// The panel's sections beyond panel_controls.cpp's: parallelism, speculative decoding, cost and
// energy.
void draw_parallelism(AppState& s);
void draw_speculation(AppState& s);
void draw_cost(AppState& s);

}  // namespace roofline
