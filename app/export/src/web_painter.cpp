// The web build's stand-in for cairo_painter.cpp (no Cairo or fontconfig in the browser): SVG
// and tables are written as on the desktop; PNG and PDF are not made here (check_figure_request
// says so by name); labels are measured with the advance widths of the DejaVu Sans the page
// embeds at the desktop's path, read with stb_truetype (Dear ImGui's copy).

#include <cstdio>
#include <string>
#include <vector>

#include "painters.h"
#include "roofline/export/export.h"

#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <imstb_truetype.h>

namespace roofline {

namespace detail {

std::string render_png(const PlotGeometry&, double) { return {}; }
std::string render_pdf(const PlotGeometry&) { return {}; }

}  // namespace detail

namespace {

constexpr const char* kFigureFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr long kMaxFontBytes = 4 << 20;

// The font, read once (the page embeds it in its virtual file system).
struct FigureFont {
  std::vector<unsigned char> bytes;
  stbtt_fontinfo info{};
  bool ok = false;

  FigureFont() {
    std::FILE* f = std::fopen(kFigureFontPath, "rb");
    if (f == nullptr) return;
    unsigned char chunk[65536];
    size_t n = 0;
    while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0 &&
           bytes.size() + n <= static_cast<size_t>(kMaxFontBytes))
      bytes.insert(bytes.end(), chunk, chunk + n);
    std::fclose(f);
    ok = !bytes.empty() && stbtt_InitFont(&info, bytes.data(), 0) != 0;
  }
};

const FigureFont& figure_font() {
  static const FigureFont font;
  return font;
}

// The next code point of UTF-8 `text` from `i` (a bad byte reads as itself).
unsigned next_code_point(std::string_view text, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned c = byte(i);
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  if (i + static_cast<size_t>(extra) >= text.size()) extra = 0;
  unsigned cp = extra == 0 ? c : c & (0x3Fu >> extra);
  for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (byte(i + static_cast<size_t>(k)) & 0x3Fu);
  i += 1 + static_cast<size_t>(extra);
  return cp;
}

}  // namespace

TextMeasure figure_text_measure() {
  return [](std::string_view text, double size_px) {
    const FigureFont& font = figure_font();
    // Without the font: DejaVu Sans's average advance, 0.55 em a character.
    if (!font.ok) return 0.55 * size_px * static_cast<double>(text.size());
    const double scale = stbtt_ScaleForMappingEmToPixels(&font.info, static_cast<float>(size_px));
    double width = 0;
    int previous = 0;
    for (size_t i = 0; i < text.size();) {
      const int glyph =
          stbtt_FindGlyphIndex(&font.info, static_cast<int>(next_code_point(text, i)));
      int advance = 0, bearing = 0;
      stbtt_GetGlyphHMetrics(&font.info, glyph, &advance, &bearing);
      if (previous != 0) width += scale * stbtt_GetGlyphKernAdvance(&font.info, previous, glyph);
      width += scale * advance;
      previous = glyph;
    }
    return width;
  };
}

std::string resolved_figure_font() { return figure_font().ok ? detail::kFigureFontFamily : ""; }

bool figure_format_available(FigureFormat format) { return format == FigureFormat::svg; }

}  // namespace roofline
