#include "no_display.h"

#include "roofline/plot/figure.h"

#ifdef ROOFLINE_APP_HAVE_EXPORT
#include "roofline/export/export.h"
#endif

namespace roofline {

bool can_draw_without_display() {
#ifdef ROOFLINE_APP_HAVE_EXPORT
  return true;
#else
  return false;
#endif
}

std::string write_chart_png_without_display(const ScenarioFile& doc, const std::string& path,
                                            int width, int height) {
#ifdef ROOFLINE_APP_HAVE_EXPORT
  FigureRequest request{plot_view_for(doc.view), {}, cairo_text_measure(), !doc.view.has_axes()};
  request.view.canvas_px = {static_cast<double>(width), static_cast<double>(height)};
  request.view.legend_lists_hidden = false;
  const PlotGeometry g = build_figure(chart_data(doc.scenario), request);
  return export_figure(g, path, FigureFormat::png);
#else
  (void)doc;
  (void)width;
  (void)height;
  return path +
         ": this build has no Cairo painter (app/export), so nothing can be drawn "
         "without a display";
#endif
}

}  // namespace roofline
