#pragma once
// A scenario as the part of a link after '#' (the web page's address, so that a teacher can hand
// out "step 3 of Batching on an H200"): each saved knob that differs from its default (or, in a
// lesson, from the step's scenario) as KEY=VALUE with the scenario files' keys (values
// percent-encoded, numbers exact), in the order files list them, joined by '&'; a running lesson
// comes first as lesson=ID&step=N (N from 1).
//   gpu=h200&model=llama-3-70b&batch=64        lesson=batching&step=3&batch=8
// The default scenario is "". Reading refuses an unknown key, a repeated one or a value its knob
// does not take, naming it ("link: batch: expected a positive integer, got 'x'").

#include <string>
#include <string_view>
#include <vector>

#include "roofline/knobs.h"
#include "roofline/result.h"
#include "roofline/scenario.h"

namespace roofline {

struct ScenarioLink {
  std::vector<ScenarioChange> changes;  // in file_order(), ready for apply_changes()
  std::string lesson;                   // "" for none
  size_t step = 1;                      // 1-based, with a lesson
};

std::string scenario_link_fragment(const Scenario& s, std::string_view lesson = {},
                                   size_t step = 1);
// With a lesson, the knobs are those that differ from the step's own scenario `step_scenario`
// (what the learner changed), so "#lesson=batching&step=3" alone is the step as the lesson has
// it; the page applies them over that step.
std::string scenario_link_fragment(const Scenario& s, std::string_view lesson, size_t step,
                                   const Scenario& step_scenario);

// The fragment, with or without its leading '#'.
Result<ScenarioLink> parse_scenario_link(std::string_view fragment);

// "%"-encoding of the characters a fragment may not hold as they are (RFC 3986: all but
// letters, digits and -._~), and its inverse (nullopt for a bad escape).
std::string percent_encode(std::string_view text);
std::optional<std::string> percent_decode(std::string_view text);

}  // namespace roofline
