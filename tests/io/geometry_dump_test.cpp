// geometry_dump.h: the window's geometry dump, which end-to-end scripts parse.

#include "roofline/io/geometry_dump.h"

#include <gtest/gtest.h>

namespace roofline {
namespace {

TEST(GeometryDump, SortedKeysAndWindowCoordinates) {
  GeometryDump d;
  d.frame = 3;
  d.phase = Phase::prefill;
  d.batch = 64;
  d.seq = 1024;
  d.plot_area = {10, 20, 810.5, 620};
  d.markers["group:fc"] = {100.25, 200};
  d.markers["group:attention"] = {50, 300.5};
  EXPECT_EQ(geometry_dump_to_json(d),
            "{\n"
            "  \"batch\": 64,\n"
            "  \"frame\": 3,\n"
            "  \"markers\": {\n"
            "    \"group:attention\": [\n"
            "      50.0,\n"
            "      300.5\n"
            "    ],\n"
            "    \"group:fc\": [\n"
            "      100.25,\n"
            "      200.0\n"
            "    ]\n"
            "  },\n"
            "  \"phase\": \"prefill\",\n"
            "  \"plot_area\": [\n"
            "    10.0,\n"
            "    20.0,\n"
            "    810.5,\n"
            "    620.0\n"
            "  ],\n"
            "  \"seq\": 1024\n"
            "}\n");
}

}  // namespace
}  // namespace roofline
