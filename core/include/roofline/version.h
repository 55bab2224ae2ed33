#pragma once
// roofline's version, as the top-level CMakeLists.txt's project() gives it ("0.1.0"): shown by
// --version in both programs and in the app's About box.

#include <string_view>

namespace roofline {

std::string_view version();

}  // namespace roofline
