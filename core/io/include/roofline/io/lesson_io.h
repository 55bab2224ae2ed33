#pragma once
// Lesson files (presets/lessons/<id>.json) <-> roofline::Lesson. JSON-free like json_io.h.
//
// {
//   "id": "why-decode-is-slow",            // required; the file name without .json
//   "title": "Why is decode slow?",        // required
//   "summary": "One or two sentences.",    // required
//   "order": 2,                            // optional: position in the picker (default 0)
//   "steps": [ {                           // required, at least one
//     "title": "The step",                 // required
//     "text": "Text with *bold*, _italic_ and {live} values",  // required; or an array of
//                                          //   paragraphs, joined with a blank line
//     "changes": { "batch": 64, "precision": "fp8", "compare_gpu": null },  // optional
//     "highlight": ["group:fc", "ridge"],  // optional
//     "pin_ghosts": true,                  // optional (default false)
//     "question": {                        // optional
//       "prompt": "...", "choices": ["...", "..."], "answer": 1,  // 0-based index
//       "explanation": "...",              // string or array of paragraphs
//       "reveal_changes": { "batch": 256 } // optional
//     }
//   } ]
// }
// Keys starting with "_" are comments. Any other unknown key is an error (a typo would
// otherwise be silently ignored). Change keys and values: knobs.h (the knob table); precisions by
// name ("bf16"), phase "prefill" or "decode", compare_gpu null turns the comparison off.
// Changes apply in table order whatever order the file lists them in.
// Messages name the origin, the step (counted from 1, with its title) and the key:
//   presets/lessons/x.json: step 3 ("Batching"): changes.batch: expected a positive integer, got -4

#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/preset_library.h"
#include "roofline/lessons/lesson.h"
#include "roofline/result.h"

namespace roofline {

// Parses and runs validate(Lesson): syntax, types, value ranges, question shape, highlight
// ids and placeholders. Preset ids are not looked up (see load_lesson).
Result<Lesson> parse_lesson(std::string_view json_text, std::string_view origin);

// parse_lesson(), then check_lesson() from library.default_scenario(): every preset id
// resolves, every step's scenario analyses, op highlights exist, {compare.*} has a GPU.
Result<Lesson> load_lesson(std::string_view json_text, std::string_view origin,
                           const PresetLibrary& library);
Result<Lesson> load_lesson_file(std::string_view path, const PresetLibrary& library);

// The lesson files compiled into the binary (presets/lessons/*.json), sorted by id.
std::vector<PresetEntry> builtin_lesson_entries();

// A built-in lesson id, or else a path to a lesson file; loaded with load_lesson(). Unknown
// ids give "unknown lesson 'x': expected one of batching, ... or a path to a .json file".
Result<Lesson> find_lesson(std::string_view id_or_path, const PresetLibrary& library);

// Every built-in lesson that loads, sorted by order, then id; the messages of any that do not
// (none for the shipped files: the tests load each one).
struct LessonCatalog {
  std::vector<Lesson> lessons;
  std::vector<std::string> errors;
};
LessonCatalog builtin_lessons(const PresetLibrary& library);

}  // namespace roofline
