// Every lesson file of presets/lessons: loads, validates, walks to its end with live values
// filled in, and matches the copy embedded in the binary.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "lesson_fixtures.h"
#include "roofline/analysis.h"

namespace roofline {
namespace {

namespace fs = std::filesystem;
using test::lib;
using test::resolver;

const fs::path kLessonsDir = ROOFLINE_LESSONS_DIR;

std::vector<fs::path> lesson_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kLessonsDir)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A filled text: every placeholder replaced, every emphasis marker matched.
void expect_finished_text(const std::string& text, const std::string& where) {
  EXPECT_EQ(text.find('{'), std::string::npos) << where << ": " << text;
  EXPECT_EQ(text.find("–"), std::string::npos) << where << ": a value is missing: " << text;
  for (const TextSpan& span : parse_emphasis(text)) {
    EXPECT_EQ(span.text.find('*'), std::string::npos) << where << ": unmatched '*': " << text;
  }
}

TEST(LessonFiles, TheIssuesLessonsAreAllThere) {
  std::set<std::string> ids;
  for (const fs::path& f : lesson_files()) ids.insert(f.stem().string());
  for (const char* id :
       {"ridge-point", "why-decode-is-slow", "batching", "attention-stays-put", "quantization",
        "faster-gpu", "prefill-vs-decode", "long-context", "gqa-and-mla", "moe"}) {
    EXPECT_TRUE(ids.count(id)) << id;
  }
}

TEST(LessonFiles, EveryFileLoadsAndValidates) {
  const auto files = lesson_files();
  ASSERT_FALSE(files.empty());
  for (const fs::path& f : files) {
    auto lesson = load_lesson_file(f.string(), lib());
    ASSERT_TRUE(lesson) << lesson.error();
    EXPECT_EQ(lesson->id, f.stem().string());
    EXPECT_GE(lesson->steps.size(), 4u) << f;
    EXPECT_LE(lesson->steps.size(), 8u) << f;
    EXPECT_FALSE(lesson->summary.empty()) << f;
  }
}

// The walk the app makes: each step from the default scenario, before and after Reveal; every
// scenario analyses and every text fills completely.
TEST(LessonFiles, EveryStepAppliesAndFillsItsText) {
  const Scenario start = lib().default_scenario();
  for (const fs::path& f : lesson_files()) {
    auto loaded = load_lesson_file(f.string(), lib());
    ASSERT_TRUE(loaded) << loaded.error();
    const Lesson& lesson = loaded.value();
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
      const LessonStep& step = lesson.steps[i];
      const std::string where = lesson.id + " " + step_label(lesson, i);
      auto shown = scenario_at_step(lesson, start, i, false, resolver());
      ASSERT_TRUE(shown) << shown.error();
      const Analysis a = analyze(shown.value());
      ASSERT_FALSE(a.ops.empty()) << where;
      expect_finished_text(fill_template(step.title, shown.value(), a), where);
      expect_finished_text(fill_template(step.text, shown.value(), a), where);
      if (!step.question) continue;
      expect_finished_text(fill_template(step.question->prompt, shown.value(), a), where);
      for (const std::string& c : step.question->choices) {
        expect_finished_text(fill_template(c, shown.value(), a), where);
      }
      auto revealed = scenario_at_step(lesson, start, i, true, resolver());
      ASSERT_TRUE(revealed) << revealed.error();
      const Analysis b = analyze(revealed.value());
      ASSERT_FALSE(b.ops.empty()) << where;
      expect_finished_text(fill_template(step.question->explanation, revealed.value(), b), where);
    }
  }
}

// Lessons are reproducible: the first step sets the GPU, model and workload itself, so the
// numbers do not depend on what the user had before.
TEST(LessonFiles, FirstStepSetsTheScene) {
  for (const fs::path& f : lesson_files()) {
    auto lesson = parse_lesson(slurp(f), f.string());
    ASSERT_TRUE(lesson) << lesson.error();
    std::set<ChangeKey> keys;
    for (const ScenarioChange& c : lesson->steps.front().changes) keys.insert(c.key);
    for (ChangeKey k :
         {ChangeKey::gpu, ChangeKey::model, ChangeKey::phase, ChangeKey::batch, ChangeKey::seq,
          ChangeKey::precision, ChangeKey::tp, ChangeKey::dp, ChangeKey::ep, ChangeKey::pp,
          ChangeKey::compute_efficiency, ChangeKey::memory_efficiency, ChangeKey::compare_gpu}) {
      EXPECT_TRUE(keys.count(k)) << f << " step 1 does not set " << to_string(k);
    }
  }
}

TEST(BuiltinLessons, MatchTheSourceTree) {
  const auto files = lesson_files();
  const std::vector<PresetEntry> entries = builtin_lesson_entries();
  ASSERT_EQ(entries.size(), files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(entries[i].id, files[i].stem().string());
    EXPECT_EQ(entries[i].origin, "presets/lessons/" + files[i].filename().string());
    EXPECT_EQ(entries[i].text, slurp(files[i])) << entries[i].origin << " differs from the binary";
  }
}

TEST(BuiltinLessons, CatalogIsOrdered) {
  const LessonCatalog catalog = builtin_lessons(lib());
  EXPECT_TRUE(catalog.errors.empty()) << catalog.errors.front();
  ASSERT_EQ(catalog.lessons.size(), lesson_files().size());
  EXPECT_EQ(catalog.lessons[0].id, "ridge-point");
  EXPECT_EQ(catalog.lessons[1].id, "why-decode-is-slow");
  EXPECT_EQ(catalog.lessons[1].title, "Why is decode slow?");
  for (size_t i = 1; i < catalog.lessons.size(); ++i) {
    EXPECT_LE(catalog.lessons[i - 1].order, catalog.lessons[i].order);
  }
}

TEST(BuiltinLessons, FindByIdOrPath) {
  auto by_id = find_lesson("why-decode-is-slow", lib());
  ASSERT_TRUE(by_id) << by_id.error();
  EXPECT_EQ(by_id->title, "Why is decode slow?");
  auto by_path = find_lesson((kLessonsDir / "moe.json").string(), lib());
  ASSERT_TRUE(by_path) << by_path.error();
  EXPECT_EQ(by_path->id, "moe");
  auto unknown = find_lesson("nope", lib());
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().rfind("unknown lesson 'nope': expected one of attention-stays-put, "
                                  "batching, ",
                                  0),
            0u)
      << unknown.error();
  EXPECT_EQ(find_lesson("/no/such/lesson.json", lib())
                .error()
                .rfind("/no/such/lesson.json: "
                       "cannot read",
                       0),
            0u);
}

}  // namespace
}  // namespace roofline
