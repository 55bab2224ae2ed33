// The label placer: no two labels overlap, no label covers a dot or the legend, every group
// dot is labelled, in several scenarios and canvas sizes, with every op shown.

#include <gtest/gtest.h>

#include "plot_fixtures.h"

namespace roofline {
namespace {

bool is_frame_text(const TextLabel& t) {
  return t.id.starts_with("tick:") || t.id.starts_with("axis:") || t.id == "title" ||
         t.id == "caption";
}

struct Case {
  const char* name;
  Scenario scenario;
  Vec2 canvas;
  double font;
};

std::vector<Case> cases() {
  using testing::scenario_with;
  std::vector<Case> out;
  for (auto [canvas, font] : {std::pair{Vec2{1280, 800}, 16.0}, std::pair{Vec2{800, 500}, 12.0},
                              std::pair{Vec2{1920, 1080}, 18.0}}) {
    out.push_back({"default", testing::default_scenario(), canvas, font});
    out.push_back({"70b-b64", scenario_with("llama-3-70b", Phase::decode, 64, 1024), canvas, font});
    out.push_back({"prefill", scenario_with("llama-3-8b", Phase::prefill, 1, 2048), canvas, font});
    Scenario no_flash = testing::default_scenario();
    no_flash.flash_attention = false;  // qk, softmax, sv as separate ops
    out.push_back({"no-flash", no_flash, canvas, font});
  }
  return out;
}

PlotGeometry build_case(const Case& c) {
  const Analysis a = analyze(c.scenario);
  const Trail trail = make_trail(c.scenario, trail_param_for(c.scenario));
  PlotView v;
  v.canvas_px = c.canvas;
  v.font_px = c.font;
  v.chart.show_ops = true;
  v = fit_view(v, a, c.scenario, &trail);
  return build_roofline_plot(a, c.scenario, v, light_theme(), approximate_text_measure(), &trail);
}

TEST(LabelPlacer, NoOverlapsWithEveryOpShown) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.name) + " " + std::to_string(int(c.canvas.x)));
    const PlotGeometry g = build_case(c);
    std::vector<const TextLabel*> labels;
    for (const TextLabel& t : g.texts)
      if (!is_frame_text(t)) labels.push_back(&t);
    ASSERT_GE(labels.size(), 8u);
    for (size_t i = 0; i < labels.size(); ++i) {
      EXPECT_TRUE(g.plot_area.expanded(0.5).contains({labels[i]->box.x0, labels[i]->box.y0}))
          << labels[i]->id;
      EXPECT_TRUE(g.plot_area.expanded(0.5).contains({labels[i]->box.x1, labels[i]->box.y1}))
          << labels[i]->id;
      if (g.legend.shown) {
        EXPECT_FALSE(labels[i]->box.intersects(g.legend.box)) << labels[i]->id;
      }
      for (size_t j = i + 1; j < labels.size(); ++j)
        EXPECT_FALSE(labels[i]->box.intersects(labels[j]->box))
            << labels[i]->id << " '" << labels[i]->text << "' overlaps " << labels[j]->id << " '"
            << labels[j]->text << "'";
      for (const Marker& m : g.markers) {
        if (!m.interactive) continue;
        const Rect dot{m.center.x - m.radius_px, m.center.y - m.radius_px, m.center.x + m.radius_px,
                       m.center.y + m.radius_px};
        EXPECT_FALSE(labels[i]->box.intersects(dot)) << labels[i]->id << " covers " << m.id;
      }
    }
  }
}

TEST(LabelPlacer, EveryGroupDotAndTheRidgeAreLabelled) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(std::string(c.name) + " " + std::to_string(int(c.canvas.x)));
    const PlotGeometry g = build_case(c);
    for (const Marker& m : g.markers) {
      if (!m.id.starts_with("group:") && m.id != "ridge") continue;
      EXPECT_NE(g.find_text("label:" + m.id), nullptr) << m.id;
    }
    EXPECT_EQ(g.find_text("label:ridge")->text, "ridge 295 FLOP/B");
    EXPECT_NE(g.find_text("roof:bf16"), nullptr);
  }
}

TEST(LabelPlacer, CoincidentOpsShareOneLabel) {
  // Decode, batch 1: every fc op sits at intensity ~1, on the same pixel.
  const Case c{"default", testing::default_scenario(), {1280, 800}, 16};
  const PlotGeometry g = build_case(c);
  const TextLabel* label = g.find_text("label:op:q_proj");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->text, "q_proj, k_proj +6");  // q, k, v, o, gate, up, down, lm_head
  EXPECT_EQ(g.find_text("label:op:k_proj"), nullptr);
  // The attention op is the attention group (flash on): only the group's label.
  EXPECT_EQ(g.find_text("label:op:attention"), nullptr);
}

TEST(LabelPlacer, PushedLabelsGetALeaderLine) {
  for (const Case& c : cases()) {
    const PlotGeometry g = build_case(c);
    for (const Polyline& l : g.lines) {
      if (!l.id.starts_with("leader:")) continue;
      const std::string owner = l.id.substr(7);
      const TextLabel* label = g.find_text("label:" + owner);
      ASSERT_NE(label, nullptr) << l.id;
      ASSERT_EQ(l.points.size(), 2u);
      // It ends at the label's box (within its padding).
      EXPECT_TRUE(label->box.expanded(0.2 * c.font).contains(l.points[1])) << l.id;
    }
  }
}

}  // namespace
}  // namespace roofline
