#pragma once
// Shared by the lesson tests: the built-in presets and scenarios built from them.

#include <string>
#include <string_view>

#include "roofline/io/lesson_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/lessons/lesson.h"
#include "roofline/scenario.h"

namespace roofline::test {

inline const PresetLibrary& lib() { return PresetLibrary::builtin(); }

inline PresetResolver resolver() { return preset_resolver(lib()); }

// `model` on `gpu`, decode, batch 1, seq 1024, bf16: the defaults of spec/interfaces.md.
inline Scenario scenario(std::string_view gpu = "h100-sxm", std::string_view model = "llama-3-8b") {
  Scenario s;
  s.gpu = lib().gpu(gpu).value();
  s.model = lib().model(model).value();
  return s;
}

// A lesson file around the given steps (a JSON array's contents).
inline std::string lesson_json(std::string_view steps) {
  return R"({"id": "x", "title": "X", "summary": "S", "steps": [)" + std::string(steps) + "]}";
}

}  // namespace roofline::test
