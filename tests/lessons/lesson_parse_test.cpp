// Lesson files from text (lesson_io.h): what a good file gives, and the message a bad one gives.

#include <gtest/gtest.h>

#include "lesson_fixtures.h"

namespace roofline {
namespace {

using test::lesson_json;

constexpr std::string_view kOrigin = "presets/lessons/x.json";

std::string error_of(std::string_view text) {
  auto r = parse_lesson(text, kOrigin);
  return r ? std::string("(parsed)") : r.error();
}

// Two plain steps before the step under test, so messages must count to 3.
std::string third_step(std::string_view step) {
  return lesson_json(R"({"title": "Setup", "text": "a"}, {"title": "More", "text": "b"}, )" +
                     std::string(step));
}

TEST(ParseLesson, FullLesson) {
  const std::string text = R"({
    "id": "demo", "title": "Demo", "summary": "A demo.", "order": 3, "_comment": "ignored",
    "steps": [
      {"title": "One", "text": ["First *paragraph*.", "Second at {ridge}."],
       "changes": {"kv": "bf16", "precision": "fp8", "batch": 64, "compare_gpu": null,
                   "flash_attention": false, "memory_efficiency": 0.8, "phase": "prefill"},
       "highlight": ["group:fc", "ridge"], "pin_ghosts": true},
      {"title": "Two", "text": "Why?",
       "question": {"prompt": "Which?", "choices": ["a", "b", "c"], "answer": 2,
                    "explanation": "Because {fc.intensity}.",
                    "reveal_changes": {"gpu": "h200"}}}
    ]})";
  auto r = parse_lesson(text, kOrigin);
  ASSERT_TRUE(r) << r.error();
  const Lesson& l = r.value();
  EXPECT_EQ(l.id, "demo");
  EXPECT_EQ(l.title, "Demo");
  EXPECT_EQ(l.summary, "A demo.");
  EXPECT_EQ(l.order, 3);
  ASSERT_EQ(l.steps.size(), 2u);
  const LessonStep& one = l.steps[0];
  EXPECT_EQ(one.text, "First *paragraph*.\n\nSecond at {ridge}.");
  EXPECT_TRUE(one.pin_ghosts);
  EXPECT_EQ(one.highlight, (std::vector<std::string>{"group:fc", "ridge"}));
  // In ChangeKey order, whatever the file's order: precision before kv.
  const std::vector<ScenarioChange> expected = {
      {ChangeKey::phase, Phase::prefill},      {ChangeKey::batch, int64_t{64}},
      {ChangeKey::precision, Precision::fp8},  {ChangeKey::kv, Precision::bf16},
      {ChangeKey::flash_attention, false},     {ChangeKey::memory_efficiency, 0.8},
      {ChangeKey::compare_gpu, std::string()},
  };
  EXPECT_EQ(one.changes, expected);
  EXPECT_FALSE(one.question.has_value());
  const LessonStep& two = l.steps[1];
  ASSERT_TRUE(two.question.has_value());
  EXPECT_EQ(two.question->prompt, "Which?");
  EXPECT_EQ(two.question->choices, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(two.question->answer, 2u);
  EXPECT_EQ(two.question->explanation, "Because {fc.intensity}.");
  EXPECT_EQ(two.question->reveal_changes,
            (std::vector<ScenarioChange>{{ChangeKey::gpu, std::string("h200")}}));
  EXPECT_FALSE(two.pin_ghosts);
}

TEST(ParseLesson, BadChangeValuesNameStepAndKey) {
  EXPECT_EQ(error_of(third_step(R"({"title": "Batching", "text": "t", "changes": {"batch": -4}})")),
            "presets/lessons/x.json: step 3 (\"Batching\"): changes.batch: expected a positive "
            "integer, got -4");
  EXPECT_EQ(error_of(third_step(R"({"title": "B", "text": "t", "changes": {"batch": 6.5}})")),
            "presets/lessons/x.json: step 3 (\"B\"): changes.batch: expected a positive integer, "
            "got 6.5");
  EXPECT_EQ(error_of(third_step(R"({"title": "P", "text": "t", "changes": {"precision": "fp9"}})")),
            "presets/lessons/x.json: step 3 (\"P\"): changes.precision: expected one of fp32, "
            "tf32, bf16, fp16, fp8, int8, fp4, int4, mxfp4, nvfp4, got \"fp9\"");
  EXPECT_EQ(error_of(third_step(R"({"title": "E", "text": "t",
                                    "changes": {"compute_efficiency": 1.5}})")),
            "presets/lessons/x.json: step 3 (\"E\"): changes.compute_efficiency: expected a "
            "number in [0.01, 1], got 1.5");
  EXPECT_EQ(
      error_of(third_step(R"({"title": "F", "text": "t", "changes": {"flash_attention": 1}})")),
      "presets/lessons/x.json: step 3 (\"F\"): changes.flash_attention: expected true or "
      "false, got 1");
  EXPECT_EQ(error_of(third_step(R"({"title": "G", "text": "t", "changes": {"gpu": ""}})")),
            "presets/lessons/x.json: step 3 (\"G\"): changes.gpu: expected a preset id or a path "
            "to a .json file, got \"\"");
  EXPECT_EQ(error_of(third_step(R"({"title": "Ph", "text": "t", "changes": {"phase": "train"}})")),
            "presets/lessons/x.json: step 3 (\"Ph\"): changes.phase: expected \"prefill\" or "
            "\"decode\", got \"train\"");
  const std::string unknown =
      error_of(third_step(R"({"title": "U", "text": "t", "changes": {"batchsize": 4}})"));
  EXPECT_EQ(unknown.rfind("presets/lessons/x.json: step 3 (\"U\"): changes.batchsize: unknown "
                          "scenario change: expected one of gpu, model, phase, batch, seq, ",
                          0),
            0u)
      << unknown;
}

// The integer rule of every io reader (json_reader.h): a float with no fraction is an integer,
// in a change, the order and a question's answer alike.
TEST(ParseLesson, IntegersMayBeWrittenAsWholeFloats) {
  const std::string text = R"({"id": "x", "title": "X", "summary": "S", "order": 2.0,
    "steps": [{"title": "A", "text": "t", "changes": {"batch": 4096.0},
               "question": {"prompt": "p", "choices": ["a", "b"], "answer": 1.0,
                            "explanation": "e"}}]})";
  auto r = parse_lesson(text, kOrigin);
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->order, 2);
  EXPECT_EQ(r->steps[0].changes, (std::vector<ScenarioChange>{{ChangeKey::batch, int64_t{4096}}}));
  EXPECT_EQ(r->steps[0].question->answer, 1u);
  EXPECT_EQ(error_of(R"({"id": "x", "title": "X", "summary": "S", "order": 2.5, "steps": []})"),
            "presets/lessons/x.json: order: expected an integer between 0 and 1000000, got 2.5");
  EXPECT_EQ(error_of(R"({"id": "x", "title": "X", "summary": "S", "order": 1000001,
                         "steps": []})"),
            "presets/lessons/x.json: order: expected an integer between 0 and 1000000, got "
            "1000001");
}

TEST(ParseLesson, BadQuestions) {
  EXPECT_EQ(error_of(lesson_json(R"({"title": "Q", "text": "t", "question": {"prompt": "p",
      "choices": ["a", "b", "c"], "answer": 3, "explanation": "e"}})")),
            "presets/lessons/x.json: step 1 (\"Q\"): question.answer: expected an index from 0 "
            "to 2, got 3");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "Q", "text": "t", "question": {"prompt": "p",
      "choices": [], "answer": 0, "explanation": "e"}})")),
            "presets/lessons/x.json: step 1 (\"Q\"): question.choices: expected at least two "
            "choices, got 0");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "Q", "text": "t", "question": {"prompt": "p",
      "choices": ["a", "b"], "answer": -1, "explanation": "e"}})")),
            "presets/lessons/x.json: step 1 (\"Q\"): question.answer: expected the index of the "
            "right choice (from 0), got -1");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "Q", "text": "t", "question": {"prompt": "p",
      "choices": ["a", "b"], "answer": 0}})")),
            "presets/lessons/x.json: step 1 (\"Q\"): question.explanation: missing, expected a "
            "string");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "Q", "text": "t", "question": {"prompt": "p",
      "choices": ["a", "b"], "answer": 0, "explanation": "e", "reveal_changes": {"seq": 0}}})")),
            "presets/lessons/x.json: step 1 (\"Q\"): question.reveal_changes.seq: expected a "
            "positive integer, got 0");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "Q", "text": "t", "question": {"prompt": "p",
      "choices": ["a", "{fc.time} {gpus}"], "answer": 0, "explanation": "e"}})")),
            "presets/lessons/x.json: step 1 (\"Q\"): question.choices[1]: unknown placeholder "
            "{gpus}: did you mean {gpu}?");
}

TEST(ParseLesson, BadTextHighlightAndKeys) {
  EXPECT_EQ(error_of(lesson_json(R"({"title": "A", "text": "at {fc.intensty}"})")),
            "presets/lessons/x.json: step 1 (\"A\"): text: unknown placeholder {fc.intensty}: "
            "did you mean {fc.intensity}?");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "A", "text": "at {ridge"})")),
            "presets/lessons/x.json: step 1 (\"A\"): text: '{' is never closed: write {{ for a "
            "literal brace");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "A", "text": "t", "highlight": ["group:mlp"]})")),
            "presets/lessons/x.json: step 1 (\"A\"): highlight: unknown id 'group:mlp': expected "
            "group:fc, group:attention, group:attention@KIND, group:elementwise, group:step, "
            "op:NAME, roof, roof:PRECISION, ridge, trail, critical or compare");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "A", "text": "t", "highlights": []})")),
            "presets/lessons/x.json: step 1 (\"A\"): highlights: unknown key: expected one of "
            "title, text, changes, highlight, pin_ghosts, question");
  EXPECT_EQ(error_of(lesson_json(R"({"text": "t"})")),
            "presets/lessons/x.json: step 1: title: missing, expected a string");
  EXPECT_EQ(error_of(lesson_json(R"({"title": "A", "text": ""})")),
            "presets/lessons/x.json: step 1 (\"A\"): text: expected a non-empty string");
  EXPECT_EQ(error_of(lesson_json("5")),
            "presets/lessons/x.json: step 1: expected an object, got 5");
}

TEST(ParseLesson, BadTopLevel) {
  EXPECT_EQ(error_of(R"({"id": "x", "title": "X", "summary": "S"})"),
            "presets/lessons/x.json: steps: missing, expected an array of steps");
  EXPECT_EQ(error_of(R"({"id": "x", "title": "X", "summary": "S", "steps": []})"),
            "presets/lessons/x.json: steps: expected at least one step");
  EXPECT_EQ(error_of(R"({"id": "x y", "title": "X", "summary": "S", "steps": []})"),
            "presets/lessons/x.json: id: expected letters, digits, '.', '_' or '-', got \"x y\"");
  EXPECT_EQ(error_of(R"({"title": "X", "summary": "S", "steps": []})"),
            "presets/lessons/x.json: id: missing, expected a string");
  EXPECT_EQ(error_of(R"({"id": "x", "title": "X", "summary": "S", "step": []})"),
            "presets/lessons/x.json: step: unknown key: expected one of id, title, summary, "
            "order, steps");
  EXPECT_EQ(error_of("[1]"),
            "presets/lessons/x.json: expected a JSON object at the top level, "
            "got [1]");
  EXPECT_EQ(error_of("{\"id\": ").rfind("presets/lessons/x.json: invalid JSON at line 1, ", 0), 0u);
}

TEST(LoadLesson, LooksPresetsUp) {
  const std::string text =
      lesson_json(R"({"title": "A", "text": "t", "changes": {"gpu": "h1000"}})");
  ASSERT_TRUE(parse_lesson(text, kOrigin));  // ids are not looked up without presets
  auto r = load_lesson(text, kOrigin, test::lib());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().rfind("presets/lessons/x.json: step 1 (\"A\"): changes.gpu: unknown GPU "
                            "'h1000': expected one of ",
                            0),
            0u)
      << r.error();
}

}  // namespace
}  // namespace roofline
