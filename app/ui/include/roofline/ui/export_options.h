#pragma once
// What File > Export figure… does with persist's FigureExportOptions
// (persist/export_options.h: the value, its names and limits, stored in settings.json): the
// file type it writes and the series it shows, in the app's terms.

#include <string_view>

#include "roofline/persist/export_options.h"

namespace roofline {

struct PlotView;

// ".svg", ".png", ".pdf", ".csv" or ".md": the file type these options write.
std::string_view export_extension(const FigureExportOptions& o);

// Makes `o` write the type of `extension` (case-insensitive; ".markdown" counts as ".md"): a
// figure extension picks that figure format (and the roofline chart when the table was
// chosen), a table extension picks the table. False, and `o` unchanged, for any other.
bool adopt_extension(FigureExportOptions& o, std::string_view extension);

// The series, labels and legend a roofline figure shows, copied between the export options and
// a chart's PlotView.
void shown_series_from_view(const PlotView& view, FigureExportOptions& o);
void shown_series_to_view(const FigureExportOptions& o, PlotView& view);

}  // namespace roofline
