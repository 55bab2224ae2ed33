#pragma once
// The places a file dialog offers beside its folder listing, as the desktop's own file chooser
// has them: Home, the XDG user folders (Desktop, Documents, Downloads, from user-dirs.dirs) and
// the user's bookmarks (GTK's bookmarks file, which GNOME's and most other choosers share). Only
// folders that exist, each once.

#include <string>
#include <vector>

namespace roofline::desktop {

struct Place {
  std::string label;  // "Home", "Documents", a bookmark's own name or its folder's
  std::string path;   // absolute
};

// Where to look: normally from the environment (places_from_environment).
struct PlaceSources {
  std::string home;         // $HOME
  std::string config_home;  // $XDG_CONFIG_HOME, else $HOME/.config
};

PlaceSources places_from_environment();
std::vector<Place> desktop_places(const PlaceSources& sources);

}  // namespace roofline::desktop
