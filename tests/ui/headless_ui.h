#pragma once
// A headless ImGui context driving the app's real frame_tick(): no window, no GL. Input is
// scripted through ImGuiIO (mouse position, buttons, wheel, keys), one frame at a time.

#include <imgui.h>
#include <imgui_internal.h>  // window lookup, for the text a window drew

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/preset_library.h"
#include "roofline/persist/scenario_file.h"
#include "roofline/ui/app_state.h"
#include "roofline/ui/frame.h"
#include "roofline/ui/keys.h"

namespace roofline::test {

class HeadlessUi {
 public:
  // A workload alone comes with the default ChartView.
  explicit HeadlessUi(Scenario doc, ImVec2 display = {1280, 800})
      : HeadlessUi(ScenarioFile{std::move(doc)}, display) {}
  explicit HeadlessUi(ScenarioFile doc, ImVec2 display = {1280, 800})
      : context_(ImGui::CreateContext()),
        state(make_app_state(PresetLibrary::builtin(), std::move(doc))) {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = display;
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.DeltaTime = 1.0f / 60.0f;
    // As the GLFW backend maps them.
    io.KeyMap[ImGuiKey_Z] = key::z;
    io.KeyMap[ImGuiKey_Y] = key::y;
    io.KeyMap[ImGuiKey_Escape] = key::escape;
    io.KeyMap[ImGuiKey_Enter] = key::enter;
    io.KeyMap[ImGuiKey_Tab] = key::tab;
    io.KeyMap[ImGuiKey_Space] = key::space;
    io.KeyMap[ImGuiKey_LeftArrow] = key::left;
    io.KeyMap[ImGuiKey_RightArrow] = key::right;
    io.KeyMap[ImGuiKey_UpArrow] = key::up;
    io.KeyMap[ImGuiKey_DownArrow] = key::down;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // as the platform sets it
    build_fonts(state);
    build_atlas();
  }
  ~HeadlessUi() { ImGui::DestroyContext(context_); }
  HeadlessUi(const HeadlessUi&) = delete;
  HeadlessUi& operator=(const HeadlessUi&) = delete;

  void frame(int count = 1) {
    for (int i = 0; i < count; ++i) {
      if (rebuild_fonts_if_needed(state)) build_atlas();
      frame_tick(state);
      ImGuiIO& io = ImGui::GetIO();
      io.MouseWheel = 0;
    }
  }

  void move_to(ImVec2 p) {
    ImGui::GetIO().MousePos = p;
    frame();
  }
  void press(int button = 0) {
    ImGui::GetIO().MouseDown[button] = true;
    frame();
  }
  void release(int button = 0) {
    ImGui::GetIO().MouseDown[button] = false;
    frame();
  }
  void click(ImVec2 p, int button = 0) {
    move_to(p);
    press(button);
    release(button);
  }
  void wheel(float notches) {
    ImGui::GetIO().MouseWheel = notches;
    frame();
  }
  // Ctrl (+ Shift) + a key (a roofline::key code) for one frame, then released.
  void shortcut(int code, bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = true;
    tap(code, shift);
    io.KeyCtrl = false;
  }
  // A key (+ Shift) down for one frame, then up for one.
  void tap(int code, bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyShift = shift;
    io.KeysDown[code] = true;
    frame();
    io.KeysDown[code] = false;
    io.KeyShift = false;
    frame();
  }

  // The text the last frame drew in the top-level window `name`, read back from its draw list:
  // one string per line of text, top to bottom, its glyphs left to right. Spaces draw no glyph,
  // so they are not in it. Empty when the window was not drawn, or is hidden.
  std::vector<std::string> window_text_lines(const char* name) const {
    return text_lines(ImGui::FindWindowByName(name));
  }
  // The same for every window (child windows included) whose name contains `part`, e.g. the
  // details panel's "details": their lines one after the other.
  std::vector<std::string> text_lines_of_windows_named(const char* part) const {
    std::vector<std::string> all;
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
      if (std::string_view(w->Name).find(part) == std::string_view::npos) continue;
      for (std::string& line : text_lines(w)) all.push_back(std::move(line));
    }
    return all;
  }
  std::vector<std::string> text_lines(const ImGuiWindow* w) const {
    std::vector<std::string> text;
    for (const PlacedLine& l : placed_lines(w)) text.push_back(l.text);
    return text;
  }
  // Where the last frame drew `text` (its glyphs, spaces left out) in a window whose name
  // contains `part`: the screen centre of its first glyph, to click it. {-1, -1} if nowhere.
  ImVec2 text_screen_pos(const char* part, const std::string& text) const {
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
      if (std::string_view(w->Name).find(part) == std::string_view::npos) continue;
      for (const PlacedLine& l : placed_lines(w)) {
        const size_t at = l.text.find(text);
        if (at == std::string::npos) continue;
        for (size_t i = 0; i < l.starts.size(); ++i) {
          if (l.starts[i] == at) return {l.xs[i] + 3, l.top + 6};
        }
      }
    }
    return {-1, -1};
  }

 private:
  // A line of drawn text: its glyphs left to right, the byte where each starts, its x.
  struct PlacedLine {
    std::string text;
    std::vector<size_t> starts;
    std::vector<float> xs;
    float top = 0;
  };
  std::vector<PlacedLine> placed_lines(const ImGuiWindow* w) const {
    if (w == nullptr || !w->Active || w->Hidden) return {};
    struct Glyph {
      const ImFontGlyph* glyph;
      float x;
    };
    std::map<int, std::vector<Glyph>> lines;  // by the top of the line, in pixels
    const ImVector<ImDrawVert>& v = w->DrawList->VtxBuffer;
    for (int i = 0; i + 2 < v.Size; ++i) {
      const ImFontGlyph* g = glyph_at(v[i].uv, v[i + 2].uv);
      if (g == nullptr) continue;
      lines[static_cast<int>(std::lround(v[i].pos.y - g->Y0))].push_back({g, v[i].pos.x});
      i += 3;  // the rest of this glyph's quad
    }
    std::vector<PlacedLine> out;
    for (auto& [top, glyphs] : lines) {
      std::sort(glyphs.begin(), glyphs.end(),
                [](const Glyph& a, const Glyph& b) { return a.x < b.x; });
      PlacedLine line;
      line.top = static_cast<float>(top);
      for (const Glyph& g : glyphs) {
        char utf8[5] = {};
        ImTextCharToUtf8(utf8, g.glyph->Codepoint);
        line.starts.push_back(line.text.size());
        line.xs.push_back(g.x);
        line.text += utf8;
      }
      out.push_back(std::move(line));
    }
    return out;
  }

 public:
  // A marker's centre in screen (ImGui) pixels; fails the test if it is not drawn.
  ImVec2 marker_screen_pos(const std::string& id) const {
    const Marker* m = state.view.geometry.find_marker(id);
    if (m == nullptr) return {-1, -1};
    return {state.view.canvas_origin.x + static_cast<float>(m->center.x),
            state.view.canvas_origin.y + static_cast<float>(m->center.y)};
  }
  const LegendEntry* legend_entry(const std::string& series_id) const {
    for (const LegendEntry& e : state.view.geometry.legend.entries) {
      if (e.series_id == series_id) return &e;
    }
    return nullptr;
  }

 private:
  void build_atlas() {
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    // A character a font lacks is drawn with its fallback glyph ('?'): point every font's
    // fallback at a copy whose atlas corners are outside the atlas (2, 2), so that a missing
    // glyph shows up in the draw lists (missing_glyphs) instead of as a plausible '?'.
    sentinels_.clear();
    sentinels_.reserve(static_cast<size_t>(ImGui::GetIO().Fonts->Fonts.Size));
    for (ImFont* font : ImGui::GetIO().Fonts->Fonts) {
      if (font->FallbackGlyph == nullptr) continue;
      ImFontGlyph sentinel = *font->FallbackGlyph;
      sentinel.Visible = 1;
      sentinel.U0 = sentinel.V0 = sentinel.U1 = sentinel.V1 = kMissingGlyphUv;
      sentinels_.push_back(sentinel);
      font->FallbackGlyph = &sentinels_.back();
    }
  }

  // The glyph of any loaded font whose atlas corners are `uv0` (top left) and `uv1`.
  static const ImFontGlyph* glyph_at(ImVec2 uv0, ImVec2 uv1) {
    for (const ImFont* font : ImGui::GetIO().Fonts->Fonts) {
      for (const ImFontGlyph& g : font->Glyphs) {
        if (g.Visible && g.U0 == uv0.x && g.V0 == uv0.y && g.U1 == uv1.x && g.V1 == uv1.y) {
          return &g;
        }
      }
    }
    return nullptr;
  }

  static constexpr float kMissingGlyphUv = 2.0f;
  ImGuiContext* context_;
  std::vector<ImFontGlyph> sentinels_;  // reserved up front: the fonts point into it

 public:
  // Where the last frame drew a character its font lacks: "window NAME at (x, y)", one per
  // missing glyph. Empty when every character drawn is in the loaded fonts.
  std::vector<std::string> missing_glyphs() const {
    std::vector<std::string> out;
    for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
      if (!w->Active || w->Hidden || w->DrawList == nullptr) continue;
      const ImVector<ImDrawVert>& v = w->DrawList->VtxBuffer;
      for (int i = 0; i + 3 < v.Size; ++i) {
        if (v[i].uv.x != kMissingGlyphUv || v[i].uv.y != kMissingGlyphUv) continue;
        out.push_back("window " + std::string(w->Name) + " at (" +
                      std::to_string(static_cast<int>(v[i].pos.x)) + ", " +
                      std::to_string(static_cast<int>(v[i].pos.y)) + ")");
        i += 3;  // the rest of this glyph's quad
      }
    }
    return out;
  }

  // Where the last frame's content was cut by its container, one line each: a window (child
  // windows included) whose content is wider or taller than its inside with no scrollbar to
  // reach the rest, or a table column whose cells or header are wider than the column (text cut
  // to "La…" or "1.07 GFLO"). Empty when everything drawn fits where it is.
  std::vector<std::string> clipped_content() const {
    std::vector<std::string> out;
    ImGuiContext& g = *ImGui::GetCurrentContext();
    auto px = [](float v) { return std::to_string(static_cast<int>(std::lround(v))); };
    for (const ImGuiWindow* w : g.Windows) {
      if (!w->Active || w->Hidden || w->SkipItems) continue;
      const float over_x = w->ContentSize.x + 2 * w->WindowPadding.x - w->InnerRect.GetWidth();
      const float over_y = w->ContentSize.y + 2 * w->WindowPadding.y - w->InnerRect.GetHeight();
      if (over_x > 1 && !w->ScrollbarX) {
        out.push_back("window " + std::string(w->Name) + ": content " + px(over_x) +
                      " px wider than the window, cut");
      }
      if (over_y > 1 && !w->ScrollbarY) {
        out.push_back("window " + std::string(w->Name) + ": content " + px(over_y) +
                      " px taller than the window, cut");
      }
    }
    for (int n = 0; n < g.Tables.GetMapSize(); ++n) {
      const ImGuiTable* t = g.Tables.TryGetMapData(n);
      if (t == nullptr || t->LastFrameActive != g.FrameCount || t->OuterWindow == nullptr ||
          !t->OuterWindow->Active || t->OuterWindow->Hidden)
        continue;
      for (int c = 0; c < t->ColumnsCount; ++c) {
        const ImGuiTableColumn& col = t->Columns[c];
        if (!col.IsEnabled || !col.IsVisibleX) continue;
        const float cells = std::max(col.ContentMaxXFrozen, col.ContentMaxXUnfrozen) - col.WorkMaxX;
        const float header = col.ContentMaxXHeadersIdeal - col.WorkMaxX;
        const std::string where = "table in " + std::string(t->OuterWindow->Name) + ", column '" +
                                  ImGui::TableGetColumnName(t, c) + "': ";
        if (cells > 1) out.push_back(where + "a cell " + px(cells) + " px too wide, cut");
        if (header > 1) out.push_back(where + "the header " + px(header) + " px too wide, cut");
      }
    }
    return out;
  }

  AppState state;
};

}  // namespace roofline::test
