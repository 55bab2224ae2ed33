#include "roofline/version.h"

#ifndef ROOFLINE_VERSION
#error "ROOFLINE_VERSION is set by core/CMakeLists.txt from project(VERSION)"
#endif

namespace roofline {

std::string_view version() { return ROOFLINE_VERSION; }

}  // namespace roofline
