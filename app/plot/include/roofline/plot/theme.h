#pragma once
// Chart themes: the light and dark palettes and the chart's sizes in em.
//
// Promises:
// - light_theme() and dark_theme() are fixed values (tests and exports rely on the exact
//   colours); chart_theme(ChartTheme) is one of them, projector_theme() presentation mode's.
// - The status colours (error, warning, success) and the accent of the word "compute" are for
//   text on the app's panels: each reads at 4.5:1 or better (WCAG AA) on its theme's panels,
//   popups, frames and alternate table rows (the contrast test in tests/ui checks them).
// - Sizes are in em: multiply by the font size in pixels the caller passes in PlotView, so the
//   chart scales with DPI and the UI scale. Nothing in the plot is sized in raw pixels.
// - series_color() gives the colour of a series id ("group:fc", "op:q_proj" -> its kind's op
//   colour, "roof:bf16" -> the active or other roof colour is decided by the builder).

#include <string_view>

#include "roofline/analysis.h"
#include "roofline/plot/chart_view.h"
#include "roofline/plot/geometry.h"

namespace roofline {

struct Theme {
  std::string_view name;  // "light" | "dark" | "projector"

  // Surfaces and text.
  Rgba background;
  Rgba plot_background;
  Rgba text;
  Rgba text_muted;
  Rgba axis;
  Rgba grid_major;
  Rgba grid_minor;
  Rgba legend_background;
  Rgba legend_border;
  Rgba label_halo;  // behind dot labels, so they read over lines

  // Status text on the app's panels (readouts.h's Severity) and the bound column's "compute".
  Rgba error;
  Rgba warning;
  Rgba success;
  Rgba compute_text;

  // Roofs and regions.
  Rgba roof;           // the active precision's bandwidth slope + compute roof
  Rgba roof_other;     // other precisions' compute roofs (fainter)
  Rgba compare_roof;   // the compare GPU's roofs (dashed)
  Rgba cache_ceiling;  // L2 / shared memory ceilings (dashed)
  Rgba measured;       // roofs measured by a benchmark (ERT, rocprofiler-compute; dashed)
  Rgba ridge;
  Rgba memory_region;   // soft shading under the slope, left of the ridge
  Rgba compute_region;  // soft shading under the flat roof, right of the ridge
  Rgba trail;
  Rgba leader;  // leader lines from a pushed-away label to its dot

  // Series.
  Rgba fc;
  Rgba attention;
  Rgba elementwise;
  Rgba step;
  Rgba marker_outline;

  // Sizes, in em (1 em = PlotView::font_px).
  double tick_label_em = 0.85;
  double axis_title_em = 0.95;
  double title_em = 1.25;
  double caption_em = 0.85;
  double dot_label_em = 0.8;
  double legend_em = 0.8;
  double roof_width_em = 0.16;
  double other_roof_width_em = 0.09;
  double grid_width_em = 0.06;
  // Wider than the roof and translucent: in decode the fc trail runs along the memory roof, under
  // it, and shows as a band either side of it.
  double trail_width_em = 0.42;
  double group_radius_em = 0.42;
  double op_radius_em = 0.26;
};

const Theme& light_theme();
const Theme& dark_theme();
// Presentation mode: high contrast on white for projectors (black text and roofs, darker
// series colours, bolder lines and region shading that survives a washed-out image).
const Theme& projector_theme();
// The palette of a chart theme (light or dark).
const Theme& chart_theme(ChartTheme t);

// Colour of a dot series: "group:fc" / "op:<fc op>" -> fc, ... "group:step" -> step.
// `kind` is used for "op:" ids (their kind is not in the id).
Rgba series_color(const Theme& theme, std::string_view series_id, OpKind kind = OpKind::fc);

}  // namespace roofline
