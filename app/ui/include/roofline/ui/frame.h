#pragma once
// The app's entry points for a platform layer (the GLFW window) and for headless tests.
//
// A frame, whoever drives it:
//   if (rebuild_fonts_if_needed(s)) { upload the font atlas texture again }
//   frame_tick(s);   // ImGui::NewFrame() .. ImGui::Render()
//   draw ImGui::GetDrawData()
//
// Keys: shortcuts (shortcuts.h) read io.KeysDown by the codes of keys.h, which are GLFW's;
// io.KeyMap[ImGuiKey_Z] etc. must be set as the GLFW backend does.

#include "roofline/plot/theme.h"
#include "roofline/ui/app_state.h"

namespace roofline {

// The palette of the window and its chart: projector_theme() in presentation mode, else the
// chart's theme. The window's clear colour is its background.
const Theme& ui_theme(const AppState& s);

// The monitor's content scale times the user's factor, clamped to [0.5, 4].
float effective_scale(const UiState& ui);

// (Re)builds the font atlas of the current ImGui context at kBaseFontPx * effective_scale:
// DejaVu Sans (regular and bold) from the system, else ImGui's built-in font with a warning
// on stderr. Must run outside a frame. Sets ui.font_regular / ui.font_bold.
void build_fonts(AppState& s);
// build_fonts() when the fonts are missing or ui.fonts_dirty; true when it rebuilt them.
bool rebuild_fonts_if_needed(AppState& s);

// Builds one complete ImGui frame of the app: NewFrame, the menu bar, the control panel, the
// chart, the details and status line, dialogs, shortcuts, the undo commit, Render.
void frame_tick(AppState& s);

// True while work runs off the UI thread (a figure export being written, a profile read) or the
// desktop's file chooser is open: the platform should keep rendering frames, at a low rate,
// until it is false so the outcome shows.
bool background_work_pending(const AppState& s);

// The UI scale factor the user picked, clamped to [kMinUiScale, kMaxUiScale]; rebuilds fonts.
void set_user_scale(AppState& s, float scale);

}  // namespace roofline
