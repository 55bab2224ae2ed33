#pragma once
// The "export" object of settings.json (settings.cpp reads and writes it). Not installed.

#include <nlohmann/json.hpp>
#include <string>

#include "roofline/ui/export_options.h"

namespace roofline {

// Fills `o` from `v`; missing keys keep their values. "" on success, else one message naming
// `where` and the key, e.g. "settings.json: export.width: expected a whole number between 16
// and 16384, got 0".
std::string parse_export_options(const nlohmann::json& v, const std::string& where,
                                 FigureExportOptions& o);
nlohmann::json export_options_to_json(const FigureExportOptions& o);

}  // namespace roofline
