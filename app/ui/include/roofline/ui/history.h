#pragma once
// Undo / redo of the workload (Scenario).
//
// The app commits a snapshot when the UI settles (no widget active and the document changed),
// so a whole slider drag or dot drag is one step. What the chart shows (ChartView: theme,
// shown series, axis ranges) is not part of the history: Ctrl+Z undoes what the model
// computes, never a legend click or a zoom.

#include <cstddef>
#include <optional>
#include <vector>

#include "roofline/scenario.h"

namespace roofline {

class History {
 public:
  explicit History(size_t limit = 256) : limit_(limit) {}

  // Forgets every step; `s` becomes the state undo returns to.
  void reset(const Scenario& s);

  // Records `s` as a new step if it differs from the current one (operator==); clears redo.
  // Returns true when a step was recorded.
  bool commit(const Scenario& s);

  bool can_undo() const { return !past_.empty(); }
  bool can_redo() const { return !future_.empty(); }
  size_t undo_depth() const { return past_.size(); }

  // The workload to restore, or nullopt when there is nothing to undo / redo.
  std::optional<Scenario> undo();
  std::optional<Scenario> redo();

  const Scenario& current() const { return present_; }

 private:
  size_t limit_;
  std::vector<Scenario> past_;
  Scenario present_;
  std::vector<Scenario> future_;
};

}  // namespace roofline
