#include "no_display.h"

#include "roofline/export/export.h"
#include "roofline/plot/figure.h"

namespace roofline {

std::string write_chart_png_without_display(const ScenarioFile& doc, const std::string& path,
                                            int width, int height) {
  FigureRequest request{plot_view_for(doc.view), nullptr, figure_text_measure(),
                        !doc.view.has_axes()};
  request.view.canvas_px = {static_cast<double>(width), static_cast<double>(height)};
  request.view.legend_lists_hidden = false;
  const PlotGeometry g = build_figure(chart_data(doc.scenario), request);
  return export_figure(g, path, FigureFormat::png).error();
}

}  // namespace roofline
