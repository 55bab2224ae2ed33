#include "commands.h"

#include <cstdio>

namespace roofline {

void write_stdout(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace roofline
