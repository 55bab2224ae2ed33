#include "roofline/plot/theme.h"

namespace roofline {

namespace {

// Series colours follow the Okabe-Ito palette (distinguishable with the common colour
// vision deficiencies); the dark theme lifts their lightness so they read on near-black.
Theme make_light() {
  Theme t;
  t.name = "light";
  t.background = rgb_hex(0xffffff);
  t.plot_background = rgb_hex(0xffffff);
  t.text = rgb_hex(0x1f2328);
  t.text_muted = rgb_hex(0x59636e);
  t.axis = rgb_hex(0x59636e);
  t.grid_major = rgb_hex(0xd9dee3);
  t.grid_minor = rgb_hex(0xeff1f3);
  t.legend_background = rgb_hex(0xffffff).with_alpha(235);
  t.legend_border = rgb_hex(0xd0d7de);
  t.label_halo = rgb_hex(0xffffff).with_alpha(230);
  // Status text at 4.5:1 or better on the light panels (#f2f2f5, alternate rows #e3e3e6): the
  // red 5.2:1, the brown-orange 5.0:1, the green 5.8:1, the orange 4.9:1.
  t.error = rgb_hex(0xb3261e);
  t.warning = rgb_hex(0x8a5100);
  t.success = rgb_hex(0x116329);
  t.compute_text = rgb_hex(0xa0460a);
  t.roof = rgb_hex(0x1f2328);
  t.roof_other = rgb_hex(0x9aa3ad);
  t.compare_roof = rgb_hex(0xc98500);
  t.cache_ceiling = rgb_hex(0x6e7781);
  t.measured = rgb_hex(0xcf222e);
  t.ridge = rgb_hex(0x1f2328);
  t.memory_region = rgb_hex(0x4c9be8).with_alpha(24);
  t.compute_region = rgb_hex(0xe8a33d).with_alpha(26);
  t.trail = rgb_hex(0x8c959f);
  t.leader = rgb_hex(0x8c959f);
  t.fc = rgb_hex(0x0072b2);
  t.attention = rgb_hex(0xd55e00);
  t.elementwise = rgb_hex(0x009e73);
  t.step = rgb_hex(0x7b3294);
  t.marker_outline = rgb_hex(0xffffff);
  return t;
}

Theme make_dark() {
  Theme t;
  t.name = "dark";
  t.background = rgb_hex(0x0d1117);
  t.plot_background = rgb_hex(0x10151d);
  t.text = rgb_hex(0xe6edf3);
  t.text_muted = rgb_hex(0x9198a1);
  t.axis = rgb_hex(0x9198a1);
  t.grid_major = rgb_hex(0x2d333b);
  t.grid_minor = rgb_hex(0x1b2129);
  t.legend_background = rgb_hex(0x161b22).with_alpha(235);
  t.legend_border = rgb_hex(0x3d444d);
  t.label_halo = rgb_hex(0x10151d).with_alpha(230);
  // Status text at 4.5:1 or better on the dark panels (#1f2126) and on a slider's blue frame.
  t.error = rgb_hex(0xff7b72);
  t.warning = rgb_hex(0xe3b341);
  t.success = rgb_hex(0x56d364);
  t.compute_text = rgb_hex(0xf0883e);
  t.roof = rgb_hex(0xe6edf3);
  t.roof_other = rgb_hex(0x656c76);
  t.compare_roof = rgb_hex(0xf0b429);
  t.cache_ceiling = rgb_hex(0x9198a1);
  t.measured = rgb_hex(0xff7b72);
  t.ridge = rgb_hex(0xe6edf3);
  t.memory_region = rgb_hex(0x4c9be8).with_alpha(30);
  t.compute_region = rgb_hex(0xe8a33d).with_alpha(26);
  t.trail = rgb_hex(0x8b949e);
  t.leader = rgb_hex(0x6e7681);
  t.fc = rgb_hex(0x4ea8f5);
  t.attention = rgb_hex(0xff7b3a);
  t.elementwise = rgb_hex(0x3fd0a0);
  t.step = rgb_hex(0xc58af9);
  t.marker_outline = rgb_hex(0x0d1117);
  return t;
}

// Projectors wash out light tints and thin lines: pure black text, saturated darker series
// colours (Okabe-Ito hues, deepened), stronger region shading and grid, thicker lines.
Theme make_projector() {
  Theme t = make_light();
  t.name = "projector";
  t.text = rgb_hex(0x000000);
  t.text_muted = rgb_hex(0x30363d);
  t.axis = rgb_hex(0x000000);
  t.grid_major = rgb_hex(0xb8c0c8);
  t.grid_minor = rgb_hex(0xe1e5e9);
  t.legend_background = rgb_hex(0xffffff).with_alpha(245);
  t.legend_border = rgb_hex(0x57606a);
  t.label_halo = rgb_hex(0xffffff).with_alpha(245);
  t.roof = rgb_hex(0x000000);
  t.roof_other = rgb_hex(0x6e7781);
  t.compare_roof = rgb_hex(0xb35c00);
  t.cache_ceiling = rgb_hex(0x424a53);
  t.measured = rgb_hex(0xa40e26);
  t.ridge = rgb_hex(0x000000);
  t.memory_region = rgb_hex(0x1f78d1).with_alpha(40);
  t.compute_region = rgb_hex(0xe08a00).with_alpha(44);
  t.trail = rgb_hex(0x57606a);
  t.leader = rgb_hex(0x57606a);
  t.fc = rgb_hex(0x005a9c);
  t.attention = rgb_hex(0xc04a00);
  t.elementwise = rgb_hex(0x00785a);
  t.step = rgb_hex(0x6a1b8a);
  t.marker_outline = rgb_hex(0xffffff);
  t.roof_width_em = 0.2;
  t.other_roof_width_em = 0.12;
  t.grid_width_em = 0.07;
  t.trail_width_em = 0.5;
  t.group_radius_em = 0.46;
  t.dot_label_em = 0.85;
  return t;
}

}  // namespace

const Theme& projector_theme() {
  static const Theme theme = make_projector();
  return theme;
}

const Theme& light_theme() {
  static const Theme theme = make_light();
  return theme;
}

const Theme& dark_theme() {
  static const Theme theme = make_dark();
  return theme;
}

const Theme& chart_theme(ChartTheme t) {
  return t == ChartTheme::dark ? dark_theme() : light_theme();
}

Rgba series_color(const Theme& theme, std::string_view series_id, OpKind kind) {
  if (series_id.starts_with("compare:")) series_id.remove_prefix(8);
  if (series_id.starts_with("trail:")) series_id.remove_prefix(6);
  if (series_id == "group:fc") return theme.fc;
  if (series_id.starts_with("group:attention")) return theme.attention;
  if (series_id == "group:elementwise") return theme.elementwise;
  if (series_id == "group:step") return theme.step;
  if (series_id.starts_with("op:") || series_id == "ops") {
    switch (kind) {
      case OpKind::fc:
        return theme.fc;
      case OpKind::attention:
        return theme.attention;
      case OpKind::elementwise:
        return theme.elementwise;
    }
  }
  if (series_id.starts_with("roof:")) return theme.roof;
  if (series_id.starts_with("cache:") || series_id == "caches") return theme.cache_ceiling;
  if (series_id == "ridge") return theme.ridge;
  if (series_id.starts_with("measured:roof")) return theme.measured;
  return theme.text_muted;
}

}  // namespace roofline
