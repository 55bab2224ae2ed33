// Fonts, DPI scale and the ImGui style of the light and dark themes.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "roofline/ui/frame.h"
#include "ui_internal.h"

namespace roofline {

namespace {

constexpr const char* kRegularFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kBoldFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
constexpr const char* kItalicFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf";

// Latin-1 plus the symbols our text uses: Greek (µ is in Latin-1), dashes, bullets, ellipsis,
// super/subscripts, arrows, maths operators (≈, ≤, ×, −), a few geometric shapes and the
// warning sign ⚠ (U+26A0, which DejaVu Sans has; without it a warning read "? ...").
constexpr ImWchar kGlyphRanges[] = {
    0x0020, 0x00FF, 0x0370, 0x03FF, 0x2010, 0x2027, 0x2030, 0x2044, 0x2070, 0x209F,
    0x2190, 0x21FF, 0x2200, 0x22FF, 0x25A0, 0x25FF, 0x26A0, 0x26A0, 0,
};

bool file_exists(const char* path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

}  // namespace

float effective_scale(const UiState& ui) {
  return std::clamp(ui.content_scale * ui.user_scale * ui.presentation_scale, 0.5f, 4.0f);
}

void build_fonts(AppState& s) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float size = std::round(kBaseFontPx * effective_scale(s.ui));
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 2;
  s.ui.font_regular = nullptr;
  s.ui.font_bold = nullptr;
  s.ui.font_italic = nullptr;
  if (file_exists(kRegularFont)) {
    s.ui.font_regular = io.Fonts->AddFontFromFileTTF(kRegularFont, size, &config, kGlyphRanges);
  } else {
    std::fprintf(stderr,
                 "roofline: warning: %s not found (install fonts-dejavu-core); using ImGui's "
                 "built-in font, which lacks symbols such as µ and ≈\n",
                 kRegularFont);
  }
  if (s.ui.font_regular == nullptr) {
    ImFontConfig fallback;
    fallback.SizePixels = size;
    s.ui.font_regular = io.Fonts->AddFontDefault(&fallback);
  }
  if (file_exists(kBoldFont)) {
    s.ui.font_bold = io.Fonts->AddFontFromFileTTF(kBoldFont, size, &config, kGlyphRanges);
  }
  if (s.ui.font_bold == nullptr) s.ui.font_bold = s.ui.font_regular;
  if (file_exists(kItalicFont)) {
    s.ui.font_italic = io.Fonts->AddFontFromFileTTF(kItalicFont, size, &config, kGlyphRanges);
  }
  if (s.ui.font_italic == nullptr) s.ui.font_italic = s.ui.font_regular;
  io.FontDefault = s.ui.font_regular;
  io.Fonts->Build();
  s.ui.fonts_dirty = false;
  s.ui.applied_scale = 0;  // the style's sizes follow the new font size
}

bool rebuild_fonts_if_needed(AppState& s) {
  if (s.ui.font_regular != nullptr && !s.ui.fonts_dirty) return false;
  build_fonts(s);
  return true;
}

namespace {

// The theme whose status colours status_color() gives: the one the style was last made for.
const Theme* g_status_theme = &light_theme();

ImVec4 to_imvec(Rgba c) { return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f}; }

}  // namespace

ImVec4 status_color(Severity severity) {
  switch (severity) {
    case Severity::error: return to_imvec(g_status_theme->error);
    case Severity::warning: return to_imvec(g_status_theme->warning);
    case Severity::info: break;
  }
  return ImGui::GetStyleColorVec4(ImGuiCol_Text);
}

ImVec4 success_color() { return to_imvec(g_status_theme->success); }

ImVec4 compute_text_color() { return to_imvec(g_status_theme->compute_text); }

void apply_style_if_needed(AppState& s) {
  const float scale = effective_scale(s.ui);
  const Theme& theme = ui_theme(s);
  if (s.ui.applied_theme == theme.name && s.ui.applied_scale == scale) return;
  ImGuiStyle style;
  const bool dark = &theme == &dark_theme();
  if (dark) {
    ImGui::StyleColorsDark(&style);
  } else {
    ImGui::StyleColorsLight(&style);
  }
  style.WindowRounding = 0;
  style.ChildRounding = 3;
  style.FrameRounding = 3;
  style.GrabRounding = 3;
  style.PopupRounding = 3;
  style.TabRounding = 3;
  style.FramePadding = {6, 4};
  style.ItemSpacing = {8, 6};
  style.WindowPadding = {10, 8};
  style.ScrollbarSize = 12;
  if (dark) {
    style.Colors[ImGuiCol_WindowBg] = {0.12f, 0.13f, 0.15f, 1.0f};
    style.Colors[ImGuiCol_MenuBarBg] = {0.16f, 0.17f, 0.19f, 1.0f};
    style.Colors[ImGuiCol_PopupBg] = {0.14f, 0.15f, 0.17f, 0.98f};
    // Secondary text (units, notes, hints) at WCAG AA for body text, 4.5:1 or better, on every
    // panel, a slider's blue frame and a table's alternate rows (ImGui's grey reads 4:1 here).
    style.Colors[ImGuiCol_TextDisabled] = {0.64f, 0.66f, 0.69f, 1.0f};
  } else {
    style.Colors[ImGuiCol_WindowBg] = {0.95f, 0.95f, 0.96f, 1.0f};
    style.Colors[ImGuiCol_PopupBg] = {0.99f, 0.99f, 0.99f, 0.98f};
    // Frames (sliders, combos, checkboxes) on a light panel need an edge to read as controls.
    style.FrameBorderSize = 1;
    style.Colors[ImGuiCol_FrameBg] = {1.0f, 1.0f, 1.0f, 1.0f};
    style.Colors[ImGuiCol_Border] = {0.0f, 0.0f, 0.0f, 0.22f};
    // ImGui's light grey secondary text reads 2.5:1 on the panel: darkened to 4.5:1 or better,
    // on a table's alternate rows too.
    style.Colors[ImGuiCol_TextDisabled] = {0.36f, 0.37f, 0.39f, 1.0f};
  }
  if (&theme == &projector_theme()) apply_projector_colors(style);
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  s.ui.applied_theme = theme.name;
  g_status_theme = &theme;
  s.ui.applied_scale = scale;
}

}  // namespace roofline
