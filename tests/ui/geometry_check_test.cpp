// The geometry checks on the real UI path: every preset scenario and every lesson step, at
// 1024x640, 1600x1000 and 1920x1080, in the light theme, the dark theme and presentation mode.
// What is drawn must be readable: no text overlaps another or runs off the chart, no leader line
// strikes through a label, none sits
// under the legend, the legend covers no group dot, every open window stays inside the viewport,
// nothing is cut by its container (a window's content beyond its edge with no scrollbar, a
// table cell or header wider than its column), and every character drawn is in the loaded fonts
// (none drawn as the fallback '?'). The throughput chart is checked
// the same way for every preset scenario. The same boxes come out of --dump-geometry (labels,
// legend, windows), so a script can run these checks on any scenario.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "headless_ui.h"
#include "roofline/ui/classroom.h"
#include "roofline/ui/dump.h"

namespace roofline::test {
namespace {

const PresetLibrary& lib() { return PresetLibrary::builtin(); }

const ImVec2 kSizes[] = {{1024, 640}, {1600, 1000}, {1920, 1080}};
enum class Mode { light, dark, presentation };
constexpr Mode kModes[] = {Mode::light, Mode::dark, Mode::presentation};
const char* name_of(Mode m) {
  return m == Mode::light ? "light" : m == Mode::dark ? "dark" : "presentation";
}

// Boxes that share more than a hair (half a pixel each way) overlap.
bool overlap(const Rect& a, const Rect& b) { return a.expanded(-0.5).intersects(b.expanded(-0.5)); }

std::string describe(const TextLabel& t) { return t.id + " '" + t.text + "'"; }

// Every problem in the frame just drawn, one line each: in the chart `g` (the roofline's, or
// the throughput chart's), in the windows and in the glyphs drawn.
std::vector<std::string> problems(const HeadlessUi& ui, ImVec2 display, const PlotGeometry& g) {
  std::vector<std::string> out;
  for (size_t i = 0; i < g.texts.size(); ++i) {
    for (size_t j = i + 1; j < g.texts.size(); ++j) {
      if (overlap(g.texts[i].box, g.texts[j].box))
        out.push_back(describe(g.texts[i]) + " overlaps " + describe(g.texts[j]));
    }
  }
  // Leaders that cross tangle: which label is whose? An optional label (an op, a ghost, a trail
  // end, a slope's fallback) is left out rather than cross; the labels the chart needs (the
  // group dots, the ridge, the critical batch) take the first clear place that crosses nothing,
  // else any clear place: in the most crowded charts (1024x640 prefill) two of those may cross.
  auto needed = [](const std::string& id) {
    return id.starts_with("leader:group:") || id == "leader:ridge" || id == "leader:critical";
  };
  auto side = [](Vec2 o, Vec2 a, Vec2 b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<const Polyline*> leaders;
  for (const Polyline& l : g.lines)
    if (l.id.starts_with("leader:") && l.points.size() == 2) leaders.push_back(&l);
  for (size_t i = 0; i < leaders.size(); ++i) {
    for (size_t j = i + 1; j < leaders.size(); ++j) {
      const Vec2 p = leaders[i]->points[0], q = leaders[i]->points[1];
      const Vec2 r = leaders[j]->points[0], t = leaders[j]->points[1];
      if (needed(leaders[i]->id) && needed(leaders[j]->id)) continue;
      if (side(r, t, p) * side(r, t, q) < 0 && side(p, q, r) * side(p, q, t) < 0)
        out.push_back(leaders[i]->id + " crosses " + leaders[j]->id);
    }
  }
  // No leader strikes through another label (issue 28: roof labels struck through by the
  // ridge's and the trail end's leaders): sampled every pixel or so along it. A label along a
  // slope is left out: its box is the upright box around slanted text, mostly empty. The
  // labels the chart needs may, where every other place is taken (their last resort, as for
  // crossing: a dot without its label would be worse).
  for (const Polyline* l : leaders) {
    if (needed(l->id)) continue;
    const std::string own = "label:" + l->id.substr(std::string("leader:").size());
    const Vec2 p = l->points[0], q = l->points[1];
    const int samples = 2 + static_cast<int>(std::hypot(q.x - p.x, q.y - p.y));
    for (const TextLabel& t : g.texts) {
      if (t.id == own || t.rotation_rad != 0) continue;
      const Rect inside = t.box.expanded(-1);
      for (int k = 0; k <= samples; ++k) {
        const double f = static_cast<double>(k) / samples;
        const double x = p.x + f * (q.x - p.x), y = p.y + f * (q.y - p.y);
        if (x > inside.x0 && x < inside.x1 && y > inside.y0 && y < inside.y1) {
          out.push_back(l->id + " strikes through " + describe(t));
          break;
        }
      }
    }
  }
  for (const TextLabel& t : g.texts) {
    if (t.box.x0 < -0.5 || t.box.y0 < -0.5 || t.box.x1 > g.canvas_size.x + 0.5 ||
        t.box.y1 > g.canvas_size.y + 0.5)
      out.push_back(describe(t) + " is cut by the chart's edge");
  }
  if (g.legend.shown) {
    for (const TextLabel& t : g.texts) {
      if (overlap(t.box, g.legend.box)) out.push_back(describe(t) + " is under the legend");
    }
    for (const Marker& m : g.markers) {
      if (!m.id.starts_with("group:")) continue;
      const Rect dot = Rect{m.center.x, m.center.y, m.center.x, m.center.y}.expanded(m.radius_px);
      if (overlap(dot, g.legend.box)) out.push_back("the legend covers " + m.id);
    }
  }
  for (const GeometryDump::Window& w : open_windows()) {
    if (w.rect[0] < -1 || w.rect[1] < -1 || w.rect[2] > display.x + 1 ||
        w.rect[3] > display.y + 1) {
      out.push_back("window " + w.name + " is outside the viewport");
    }
  }
  for (const std::string& where : ui.missing_glyphs())
    out.push_back("a character the font lacks, drawn as '?' in " + where);
  for (const std::string& cut : ui.clipped_content()) out.push_back(cut);
  return out;
}

std::vector<std::string> problems(const HeadlessUi& ui, ImVec2 display) {
  return problems(ui, display, ui.state.view.geometry);
}

void apply_mode(HeadlessUi& ui, Mode mode) {
  ui.state.chart.theme = mode == Mode::dark ? ChartTheme::dark : ChartTheme::light;
  set_presentation(ui.state, mode == Mode::presentation);
}

// Every preset scenario at each of kSizes in each of `modes`: `prepare(ui)` before its frames,
// then `check(ui, size, where)`, where says "ID[ what] at WxH MODE". Returns how many it checked.
template <class Prepare, class Check>
size_t for_each_preset(std::initializer_list<Mode> modes, const std::string& what, Prepare prepare,
                       Check check) {
  size_t checked = 0;
  for (const PresetEntry& preset : lib().scenarios()) {
    auto file = preset_scenario(lib(), preset.id);
    if (!file) {
      ADD_FAILURE() << file.error();
      continue;
    }
    for (ImVec2 size : kSizes) {
      for (Mode mode : modes) {
        HeadlessUi ui(file.value(), size);
        apply_mode(ui, mode);
        prepare(ui);
        ui.frame(4);
        check(ui, size,
              preset.id + what + " at " + std::to_string(int(size.x)) + "x" +
                  std::to_string(int(size.y)) + " " + name_of(mode));
        ++checked;
      }
    }
  }
  return checked;
}

TEST(GeometryCheck, EveryPresetScenarioAtEverySizeAndMode) {
  const size_t checked = for_each_preset(
      {Mode::light, Mode::dark, Mode::presentation}, "", [](HeadlessUi&) {},
      [](const HeadlessUi& ui, ImVec2 size, const std::string& where) {
        for (const std::string& p : problems(ui, size)) ADD_FAILURE() << where << ": " << p;
      });
  EXPECT_EQ(checked, lib().scenarios().size() * 9);
}

// The glyph check itself: a snowman (U+2603, in no loaded font) in the model's name is drawn as
// the fallback in the model combo and the chart's title, and found in both; the plain name draws no
// fallback.
TEST(GeometryCheck, FindsACharacterTheFontLacks) {
  Scenario doc = lib().default_scenario();
  HeadlessUi plain(doc);
  plain.frame(3);
  EXPECT_TRUE(plain.missing_glyphs().empty());
  doc.model.name = "Llama \u2603";
  HeadlessUi snowman(doc);
  snowman.frame(3);
  const std::vector<std::string> missing = snowman.missing_glyphs();
  // In the model combo of the controls, and in the chart's title.
  auto in = [&](const char* window) {
    return std::any_of(missing.begin(), missing.end(),
                       [&](const std::string& m) { return m.find(window) != std::string::npos; });
  };
  EXPECT_TRUE(in("controls"));
  EXPECT_TRUE(in("chart"));
}

// The Throughput tab's chart (the roofline above it is checked too).
TEST(GeometryCheck, TheThroughputChartOfEveryPresetScenario) {
  const size_t checked = for_each_preset(
      {Mode::light, Mode::dark}, " throughput",
      [](HeadlessUi& ui) { ui.state.ui.select_details_tab = 1; },
      [](const HeadlessUi& ui, ImVec2 size, const std::string& where) {
        ASSERT_EQ(ui.state.ui.details_tab, 1) << where;
        ASSERT_FALSE(ui.state.view.throughput_geometry.texts.empty()) << where;
        for (const std::string& p : problems(ui, size, ui.state.view.throughput_geometry))
          ADD_FAILURE() << where << ": " << p;
        for (const std::string& p : problems(ui, size)) ADD_FAILURE() << where << ": " << p;
      });
  EXPECT_EQ(checked, lib().scenarios().size() * 6);
}

// The Request tab (its table of prefill, decode and the request's totals) and the Throughput
// tab's serving frontier.
TEST(GeometryCheck, TheRequestTabAndTheFrontierOfEveryPresetScenario) {
  const size_t checked = for_each_preset(
      {Mode::light}, " request", [](HeadlessUi& ui) { ui.state.ui.select_details_tab = 2; },
      [](const HeadlessUi& ui, ImVec2 size, const std::string& where) {
        ASSERT_EQ(ui.state.ui.details_tab, 2) << where;
        for (const std::string& p : problems(ui, size)) ADD_FAILURE() << where << ": " << p;
      });
  const size_t frontiers = for_each_preset(
      {Mode::light}, " frontier",
      [](HeadlessUi& ui) {
        ui.state.ui.select_details_tab = 1;
        ui.state.ui.throughput_frontier = true;
      },
      [](const HeadlessUi& ui, ImVec2 size, const std::string& where) {
        for (const std::string& p : problems(ui, size, ui.state.view.throughput_geometry))
          ADD_FAILURE() << where << ": " << p;
        for (const std::string& p : problems(ui, size)) ADD_FAILURE() << where << ": " << p;
      });
  EXPECT_EQ(checked + frontiers, lib().scenarios().size() * 6);
}

TEST(GeometryCheck, EveryLessonStepAtEverySizeAndMode) {
  size_t checked = 0;
  for (ImVec2 size : kSizes) {
    for (Mode mode : kModes) {
      HeadlessUi ui(lib().default_scenario(), size);
      apply_mode(ui, mode);
      ui.frame(2);
      for (const Lesson& lesson : lesson_catalog(ui.state).lessons) {
        start_lesson(ui.state, lesson, false);
        for (size_t i = 0; i < lesson.steps.size(); ++i) {
          go_to_step(ui.state, i, false);
          ui.frame(3);
          const std::string where = lesson.id + " step " + std::to_string(i + 1) + " at " +
                                    std::to_string(int(size.x)) + "x" +
                                    std::to_string(int(size.y)) + " " + name_of(mode);
          for (const std::string& p : problems(ui, size)) ADD_FAILURE() << where << ": " << p;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 9u * 12u);
}

}  // namespace
}  // namespace roofline::test
