// A seeded monkey through the real UI path: random mouse moves, clicks, drags, wheel turns, keys,
// shortcuts and typed characters, thousands of them, from the default scenario, a lesson in
// presentation mode and a small window. Nothing may abort, and after every few events the
// document must still be a valid scenario whose analysis gives finite numbers (issue 25: "the
// app's monkey run stays at 0 aborts"). Files the monkey saves or exports go to a made-up home
// that is removed afterwards. (A 10-minute run by hand: ROOFLINE_MONKEY_EVENTS=200000.)

#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "headless_ui.h"
#include "roofline/ui/classroom.h"

namespace roofline::test {
namespace {

namespace fs = std::filesystem;

// HOME, the XDG folders (the file dialog's bookmarks and places), the Hugging Face cache and the
// working folder point into a fresh folder while the monkey runs, and back afterwards.
class MadeUpHome {
 public:
  MadeUpHome()
      : dir_(fs::temp_directory_path() / ("roofline_monkey_" + std::to_string(getpid()))),
        old_cwd_(fs::current_path()) {
    for (const char* name : kVariables) {
      const char* v = std::getenv(name);
      old_.emplace_back(name, v ? std::optional<std::string>(v) : std::nullopt);
    }
    fs::create_directories(dir_);
    setenv("HOME", dir_.c_str(), 1);
    for (const char* name : kVariables)
      if (std::string_view(name) != "HOME") setenv(name, (dir_ / name).c_str(), 1);
    std::error_code ec;
    fs::current_path(dir_, ec);
  }
  ~MadeUpHome() {
    std::error_code ec;
    fs::current_path(old_cwd_, ec);
    for (const auto& [name, value] : old_) {
      if (value) {
        setenv(name, value->c_str(), 1);
      } else {
        unsetenv(name);
      }
    }
    fs::remove_all(dir_, ec);
  }
  MadeUpHome(const MadeUpHome&) = delete;
  MadeUpHome& operator=(const MadeUpHome&) = delete;

 private:
  static constexpr const char* kVariables[] = {"HOME",           "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                               "XDG_CACHE_HOME", "HF_HOME",         "HF_HUB_CACHE"};
  fs::path dir_, old_cwd_;
  std::vector<std::pair<const char*, std::optional<std::string>>> old_;
};

// The document is a scenario roofline can analyse, and the analysis has finite totals (or says
// why it has none).
void expect_sound(const HeadlessUi& ui, int event) {
  const AppState& s = ui.state;
  ASSERT_TRUE(validate(s.doc).ok()) << "after event " << event << ": " << validate(s.doc).error();
  const Analysis& a = chart_data(s).analysis;
  if (a.ops.empty()) {
    ASSERT_FALSE(a.warnings.empty()) << "after event " << event << ": no ops and no warning";
    return;
  }
  ASSERT_TRUE(std::isfinite(a.totals.time_s) && a.totals.time_s > 0) << "after event " << event;
  ASSERT_TRUE(std::isfinite(a.totals.flops) && std::isfinite(a.totals.bytes))
      << "after event " << event;
  ASSERT_TRUE(std::isfinite(a.totals.memory_per_gpu_bytes)) << "after event " << event;
}

// ROOFLINE_MONKEY_SEED and ROOFLINE_MONKEY_EVENTS run it longer, or elsewhere, by hand.
void run_monkey(HeadlessUi& ui, unsigned seed, int events) {
  if (const char* v = std::getenv("ROOFLINE_MONKEY_SEED"))
    seed += static_cast<unsigned>(std::atoi(v));
  if (const char* v = std::getenv("ROOFLINE_MONKEY_EVENTS")) events = std::max(1, std::atoi(v));
  std::mt19937 rng(seed);
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  std::uniform_real_distribution<float> x(0, size.x), y(0, size.y);
  std::uniform_int_distribution<int> pick(0, 99);
  const int keys[] = {key::left,  key::right,     key::up,    key::down,    key::tab,
                      key::enter, key::escape,    key::space, key::page_up, key::page_down,
                      key::home,  key::digit_0,   key::minus, key::equal,   key::g,
                      key::c,     key::keypad_add};
  // Ctrl+ these: undo, redo, copy, open, save, export, import, zoom, fit. Ctrl+Q (quit) and
  // F11 are left to the tests that check them.
  const int shortcuts[] = {key::z, key::y, key::c,     key::o,     key::s,
                           key::e, key::i, key::equal, key::minus, key::digit_0};
  const char typed[] = "0123456789.-e+ ,xkMG%";
  ImGuiIO& io = ImGui::GetIO();
  for (int n = 0; n < events; ++n) {
    const int p = pick(rng);
    if (p < 30) {
      ui.move_to({x(rng), y(rng)});
    } else if (p < 50) {
      ui.click({x(rng), y(rng)}, pick(rng) < 85 ? 0 : 1);
    } else if (p < 62) {  // a drag of a few steps
      ui.move_to({x(rng), y(rng)});
      ui.press();
      for (int k = 0; k < 4; ++k) ui.move_to({x(rng), y(rng)});
      ui.release();
    } else if (p < 70) {
      io.MousePos = {x(rng), y(rng)};
      ui.wheel(static_cast<float>(pick(rng) % 7 - 3));
    } else if (p < 82) {
      ui.tap(keys[static_cast<size_t>(pick(rng)) % std::size(keys)], pick(rng) < 20);
    } else if (p < 90) {
      ui.shortcut(shortcuts[static_cast<size_t>(pick(rng)) % std::size(shortcuts)], pick(rng) < 20);
    } else {
      for (int k = 0, len = 1 + pick(rng) % 6; k < len; ++k)
        io.AddInputCharacter(
            static_cast<unsigned>(typed[static_cast<size_t>(pick(rng)) % (sizeof(typed) - 1)]));
      ui.frame();
    }
    if (n % 20 == 19) {
      expect_sound(ui, n);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  ui.frame(3);
  expect_sound(ui, events);
}

TEST(Monkey, TheDefaultScenarioSurvivesThousandsOfRandomEvents) {
  MadeUpHome home;
  const Scenario start = PresetLibrary::builtin().default_scenario();
  HeadlessUi ui(start, {1366, 768});
  ui.frame(3);
  run_monkey(ui, 20261127, 1500);
  // The monkey reached the controls: the document is not where it started.
  EXPECT_NE(ui.state.doc, start);
}

TEST(Monkey, ALessonInPresentationModeSurvives) {
  MadeUpHome home;
  HeadlessUi ui(PresetLibrary::builtin().default_scenario(), {1920, 1080});
  ui.frame(2);
  ui.tap(key::f11);
  const LessonCatalog& catalog = lesson_catalog(ui.state);
  ASSERT_FALSE(catalog.lessons.empty());
  start_lesson(ui.state, catalog.lessons[catalog.lessons.size() / 2], /*animate=*/false);
  ui.frame(3);
  run_monkey(ui, 7, 1000);
}

TEST(Monkey, ASmallWindowSurvives) {
  MadeUpHome home;
  HeadlessUi ui(PresetLibrary::builtin().default_scenario(), {1024, 640});
  ui.frame(3);
  run_monkey(ui, 1234567, 1000);
}

}  // namespace
}  // namespace roofline::test
