#pragma once
// Measured kernels and roofs on the roofline chart (roofline/profile.h): what a figure needs to
// draw an imported profile beside the model's dots. Shared, immutable: a figure, the window and
// an export job on its own thread may hold the same layer.
//
// Promises:
// - Markers "measured:<k>" (k the kernel's index in Profile::kernels), hexagons in the colour of
//   the op kind their class belongs to (grey for "other"), for the kMaxMeasuredMarkers longest
//   kernels that can be placed; each joined by a dotted line "measured:link:<k>" to the model's
//   group dot of its kind when that dot is drawn.
// - Measured roofs: "measured:roof:<i>" (dashed), bandwidth roofs up to the highest measured
//   compute roof (or the model's peak), compute roofs from the main-memory roof (or the model's
//   slope) to the right edge; each labelled with its name and value.
// - A legend row "measured" (toggling SeriesFlags::show_measured) and, with kernel times, the
//   caption gains "measured step … · expected … · bound …".

#include <memory>
#include <string>

#include "roofline/profile.h"

namespace roofline {

inline constexpr size_t kMaxMeasuredMarkers = 40;

struct MeasuredLayer {
  std::shared_ptr<const Profile> profile;
  ProfileComparison comparison;  // of `profile` against the figure's analysis
  std::string source;            // the legend's words for it: the file's name
};

}  // namespace roofline
