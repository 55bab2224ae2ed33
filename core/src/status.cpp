// Status's text for logs and test failures.

#include "roofline/status.h"

#include <ostream>

namespace roofline {

std::ostream& operator<<(std::ostream& out, const Status& s) {
  return out << (s ? std::string_view("ok") : std::string_view(s.error()));
}

}  // namespace roofline
