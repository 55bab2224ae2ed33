// The export dialog's preview: the figure's own geometry (built at the export size, measured
// with the export's font, so labels land where the file puts them), scaled down into a frame
// with the figure's aspect, plus its size in words.

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

#include "roofline/export/export.h"
#include "roofline/ui/draw_painter.h"
#include "ui_internal.h"

namespace roofline {

namespace {

Vec2 scaled(Vec2 p, double k) { return {p.x * k, p.y * k}; }
Rect scaled(const Rect& r, double k) { return {r.x0 * k, r.y0 * k, r.x1 * k, r.y1 * k}; }

// Lines narrower than a pixel once scaled are drawn one pixel wide and fainter, as a
// rasteriser would cover them; dots keep a visible minimum size.
PlotGeometry scale_geometry(PlotGeometry g, double k) {
  g.canvas_size = scaled(g.canvas_size, k);
  g.plot_area = scaled(g.plot_area, k);
  for (FilledPolygon& f : g.fills) {
    for (Vec2& p : f.points) p = scaled(p, k);
  }
  for (Polyline& l : g.lines) {
    for (Vec2& p : l.points) p = scaled(p, k);
    const double width = l.width_px * k;
    if (width < 1) {
      l.color.a = static_cast<uint8_t>(std::lround(l.color.a * std::max(width, 0.25)));
    }
    l.width_px = std::max(width, 1.0);
  }
  for (Marker& m : g.markers) {
    m.center = scaled(m.center, k);
    m.radius_px = std::max(m.radius_px * k, 1.5);
    m.outline_width_px = std::max(m.outline_width_px * k, 0.75);
  }
  for (TextLabel& t : g.texts) {
    t.anchor = scaled(t.anchor, k);
    t.size_px *= k;
    t.halo_px *= k;
    t.box = scaled(t.box, k);
  }
  Legend& legend = g.legend;
  legend.box = scaled(legend.box, k);
  legend.corner_radius_px *= k;
  for (LegendEntry& e : legend.entries) {
    e.swatch_center = scaled(e.swatch_center, k);
    e.swatch_size_px = std::max(e.swatch_size_px * k, 1.5);
    e.line_width_px = std::max(e.line_width_px * k, 1.0);
    e.text_anchor = scaled(e.text_anchor, k);
    e.text_size_px *= k;
    e.hit_box = scaled(e.hit_box, k);
  }
  return g;
}

// A transparent figure shows what lies under it: a light or dark page, as its theme expects.
void checkerboard(ImDrawList& list, ImVec2 a, ImVec2 b, float cell, bool dark) {
  list.AddRectFilled(a, b, dark ? IM_COL32(44, 44, 48, 255) : IM_COL32(235, 235, 235, 255));
  const ImU32 other = dark ? IM_COL32(64, 64, 70, 255) : IM_COL32(200, 200, 200, 255);
  int row = 0;
  for (float y = a.y; y < b.y; y += cell, ++row) {
    int col = row % 2;
    for (float x = a.x; x < b.x; x += cell, ++col) {
      if (col % 2 == 0) continue;
      list.AddRectFilled({x, y}, {std::min(x + cell, b.x), std::min(y + cell, b.y)}, other);
    }
  }
}

std::string format(const char* fmt, double a, double b) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, fmt, a, b);
  return buffer;
}

std::string aspect_text(int w, int h) {
  const int g = std::gcd(w, h);
  if (g > 0 && w / g <= 32 && h / g <= 32) {
    return std::to_string(w / g) + ":" + std::to_string(h / g);
  }
  return format("%.2f:1", static_cast<double>(w) / std::max(h, 1), 0);
}

void draw_table_preview(AppState& s, TableFormat format) {
  const std::string table = operator_table(chart_data(s).analysis, format);
  // The first lines, unwrapped: enough to recognise the layout.
  std::string head;
  int lines = 0;
  for (size_t at = 0; at < table.size() && lines < 12; ++lines) {
    const size_t end = std::min(table.find('\n', at), table.size());
    head.append(table, at, end - at).push_back('\n');
    at = end + 1;
  }
  const float em = ImGui::GetFontSize();
  ImGui::BeginChild("##table_preview", {-FLT_MIN, 17 * em}, true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(head.c_str());
  ImGui::PopStyleColor();
  ImGui::EndChild();
  ImGui::TextDisabled("%zu operators and 4 groups, one a row", chart_data(s).analysis.ops.size());
}

}  // namespace

std::string export_size_text(const FigureExportOptions& o) {
  const bool pdf = o.figure_format == FigureFormat::pdf;
  if (o.width <= 0 || o.height <= 0) {
    return std::to_string(o.width) + " × " + std::to_string(o.height) + (pdf ? " pt" : " px");
  }
  const std::string aspect = aspect_text(o.width, o.height);
  if (pdf) {
    return std::to_string(o.width) + " × " + std::to_string(o.height) +
           " pt = " + format("%.2f × %.2f in", o.width / 72.0, o.height / 72.0) + " · " + aspect;
  }
  if (o.figure_format == FigureFormat::png && o.scale != 1.0) {
    const double dpi = 72 * o.scale;
    return format("%.0f × %.0f px", std::round(o.width * o.scale), std::round(o.height * o.scale)) +
           " · " + aspect + format(" · %.2f × %.2f in", o.width / 72.0, o.height / 72.0) +
           format(" at %.0f dpi", dpi, 0);
  }
  return std::to_string(o.width) + " × " + std::to_string(o.height) + " px · " + aspect;
}

void draw_export_preview(AppState& s, const FigureExportOptions& o, bool size_ok) {
  if (o.what == ExportWhat::table) {
    draw_table_preview(s, o.table_format);
    return;
  }
  const float em = ImGui::GetFontSize();
  const ImVec2 box{ImGui::GetContentRegionAvail().x, 17 * em};
  const double w = std::max(o.width, 1), h = std::max(o.height, 1);
  const double k = std::min(box.x / w, box.y / h);
  const ImVec2 frame{static_cast<float>(std::floor(w * k)), static_cast<float>(std::floor(h * k))};
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const ImVec2 origin{std::floor(cursor.x + (box.x - frame.x) / 2),
                      std::floor(cursor.y + (box.y - frame.y) / 2)};
  ImGui::Dummy(box);
  ImDrawList& list = *ImGui::GetWindowDrawList();
  const ImVec2 end{origin.x + frame.x, origin.y + frame.y};
  if (size_ok && frame.x >= 4 && frame.y >= 4) {
    const ChartTheme theme = o.theme.value_or(s.chart.theme);
    if (o.transparent) checkerboard(list, origin, end, 0.5f * em, theme == ChartTheme::dark);
    const PlotGeometry g = build_export_figure(s, o, figure_text_measure());
    paint_geometry(list, scale_geometry(g, k), origin, {s.ui.font_regular, s.ui.font_bold});
    list.AddRect({origin.x - 1, origin.y - 1}, {end.x + 1, end.y + 1},
                 ImGui::GetColorU32(ImGuiCol_Border));
  } else {
    list.AddRect({cursor.x, cursor.y}, {cursor.x + box.x, cursor.y + box.y},
                 ImGui::GetColorU32(ImGuiCol_Border));
    const char* text = "No preview: the size is out of range";
    const ImVec2 t = ImGui::CalcTextSize(text);
    list.AddText({cursor.x + (box.x - t.x) / 2, cursor.y + (box.y - t.y) / 2},
                 ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
  }
  const std::string size = export_size_text(o);
  const float text_w = ImGui::CalcTextSize(size.c_str()).x;
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, (box.x - text_w) / 2));
  ImGui::TextUnformatted(size.c_str());
}

}  // namespace roofline
