// The geometry checks on the real UI path: every preset scenario and every lesson step, at
// 1024x640, 1600x1000 and 1920x1080, in the light theme, the dark theme and presentation mode.
// What is drawn must be readable: no text overlaps another, none sits under the legend, the
// legend covers no group dot, and every open window stays inside the viewport. The same boxes
// come out of --dump-geometry (labels, legend, windows), so a script can run these checks on
// any scenario.

#include <gtest/gtest.h>

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

// Every problem in the frame just drawn, one line each.
std::vector<std::string> problems(const HeadlessUi& ui, ImVec2 display) {
  std::vector<std::string> out;
  const PlotGeometry& g = ui.state.view.geometry;
  for (size_t i = 0; i < g.texts.size(); ++i) {
    for (size_t j = i + 1; j < g.texts.size(); ++j) {
      if (overlap(g.texts[i].box, g.texts[j].box))
        out.push_back(describe(g.texts[i]) + " overlaps " + describe(g.texts[j]));
    }
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
  return out;
}

void apply_mode(HeadlessUi& ui, Mode mode) {
  ui.state.chart.theme = mode == Mode::dark ? ChartTheme::dark : ChartTheme::light;
  set_presentation(ui.state, mode == Mode::presentation);
}

TEST(GeometryCheck, EveryPresetScenarioAtEverySizeAndMode) {
  size_t checked = 0;
  for (const PresetEntry& preset : lib().scenarios()) {
    auto file = lib().scenario(preset.id);
    ASSERT_TRUE(file) << file.error();
    for (ImVec2 size : kSizes) {
      for (Mode mode : kModes) {
        HeadlessUi ui(file.value(), size);
        apply_mode(ui, mode);
        ui.frame(4);
        const std::string where = preset.id + " at " + std::to_string(int(size.x)) + "x" +
                                  std::to_string(int(size.y)) + " " + name_of(mode);
        for (const std::string& p : problems(ui, size)) ADD_FAILURE() << where << ": " << p;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, lib().scenarios().size() * 9);
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
