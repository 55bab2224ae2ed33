#include "no_display.h"

#include <optional>

#include "roofline/analysis.h"
#include "roofline/export/export.h"
#include "roofline/plot/roofline_plot.h"
#include "roofline/plot/theme.h"

namespace roofline {

std::string write_chart_png_without_display(const Scenario& doc, const std::string& path, int width,
                                            int height) {
  const Analysis analysis = analyze(doc);
  const Trail trail = make_trail(doc, trail_param_for(doc));
  std::optional<Analysis> compare;
  if (doc.compare_gpu) {
    Scenario other = doc;
    other.gpu = *doc.compare_gpu;
    other.compare_gpu.reset();
    compare = analyze(other);
  }
  const Analysis* compare_ptr = compare ? &*compare : nullptr;
  PlotView view = plot_view_from_settings(doc.view);
  view.canvas_px = {static_cast<double>(width), static_cast<double>(height)};
  view.legend_lists_hidden = false;
  if (!(doc.view.x_min && doc.view.x_max && doc.view.y_min && doc.view.y_max)) {
    view = fit_view(view, analysis, doc, view.show_trail ? &trail : nullptr, compare_ptr);
  }
  const PlotGeometry g =
      build_roofline_plot(analysis, doc, view, theme_by_name(doc.view.theme), cairo_text_measure(),
                          view.show_trail ? &trail : nullptr, compare_ptr);
  return export_figure(g, path, FigureFormat::png);
}

}  // namespace roofline
