// geometry_dump.h: the window's geometry dump, which end-to-end scripts parse.

#include "roofline/persist/geometry_dump.h"

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
            "  \"labels\": [],\n"
            "  \"legend\": null,\n"
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
            "  \"seq\": 1024,\n"
            "  \"windows\": []\n"
            "}\n");
}

// The boxes a geometry check reads: each label's text and box, the legend's, each window's.
TEST(GeometryDump, LabelsLegendAndWindows) {
  GeometryDump d;
  d.labels.push_back({"label:group:fc", "fc", {100, 90.5, 112, 102}});
  d.legend = {20, 30, 180, 200};
  d.windows.push_back({"Main", {0, 0, 1024, 640}});
  const std::string json = geometry_dump_to_json(d);
  EXPECT_NE(json.find("  \"labels\": [\n"
                      "    {\n"
                      "      \"box\": [\n"
                      "        100.0,\n"
                      "        90.5,\n"
                      "        112.0,\n"
                      "        102.0\n"
                      "      ],\n"
                      "      \"id\": \"label:group:fc\",\n"
                      "      \"text\": \"fc\"\n"
                      "    }\n"
                      "  ],\n"
                      "  \"legend\": [\n"
                      "    20.0,\n"
                      "    30.0,\n"
                      "    180.0,\n"
                      "    200.0\n"
                      "  ],\n"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("  \"windows\": [\n"
                      "    {\n"
                      "      \"name\": \"Main\",\n"
                      "      \"rect\": [\n"
                      "        0.0,\n"
                      "        0.0,\n"
                      "        1024.0,\n"
                      "        640.0\n"
                      "      ]\n"
                      "    }\n"
                      "  ]\n"),
            std::string::npos)
      << json;
}

}  // namespace
}  // namespace roofline
