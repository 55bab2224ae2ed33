// roofline-cli: the command-line face of roofline. Needs no display and no GPU. The whole
// command line is run_cli() (run.cpp, in roofline_cli_lib, which the Python module runs too);
// here it gets the process's arguments and standard input.

#include <string>
#include <vector>

#include "commands.h"
#include "roofline/io/json_io.h"

int main(int argc, char** argv) {
  roofline::allow_standard_input();  // "-" as a file: standard input
  return roofline::run_cli(std::vector<std::string>(argv, argv + argc));
}
