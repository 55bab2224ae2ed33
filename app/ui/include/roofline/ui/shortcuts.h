#pragma once
// The app's keyboard shortcuts. One table drives the key handling (every frame), the shortcut
// labels of the menus and Help > Keyboard and mouse: a shortcut is added, changed or removed in
// that table only (shortcuts.cpp).

#include <span>
#include <string>

#include "roofline/ui/app_state.h"

namespace roofline {

// The modifiers a shortcut needs. Ctrl shortcuts ignore Alt; the others need Ctrl and Alt up.
enum class KeyMods {
  none,            // no modifier
  shift,           // Shift
  any_shift,       // Shift up or down
  ctrl,            // Ctrl, Shift up
  ctrl_shift,      // Ctrl and Shift
  ctrl_any_shift,  // Ctrl, Shift up or down
  any,             // whatever is held
};

// `index` is the pressed key's offset from Shortcut::key (0 but for a range of keys).
using ShortcutAction = void (*)(AppState& s, int index);

struct Shortcut {
  int key = 0;        // a roofline::key code
  int key_count = 1;  // consecutive key codes from `key` (the digits 1 to 9 are one row)
  KeyMods mods = KeyMods::none;
  // Only while this holds (nullptr: always). Of the rows a key press matches, the first whose
  // condition holds takes it: Escape closes the lesson picker before it leaves presentation.
  bool (*when)(const AppState& s) = nullptr;
  ShortcutAction action = nullptr;
  const char* what = "";        // what it does, for Help > Keyboard and mouse
  const char* where = nullptr;  // its heading there when it depends on `when` ("On the chart")
  bool in_text_fields = false;  // also while a text field has the keyboard (Ctrl+Z is the field's)
};

// Every shortcut, in the order Help > Keyboard and mouse lists them.
std::span<const Shortcut> shortcut_table();

// The keys as the menus and the help window write them: "Ctrl+Shift+E", "F11", "1 … 9".
std::string shortcut_keys(const Shortcut& shortcut);

// Runs the actions of the shortcuts pressed in the current ImGui frame.
void handle_shortcuts(AppState& s);

}  // namespace roofline
