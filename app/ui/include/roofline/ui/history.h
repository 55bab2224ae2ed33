#pragma once
// Undo / redo of the workload part of a Scenario.
//
// The app commits a snapshot when the UI settles (no widget active and the document changed),
// so a whole slider drag or dot drag is one step. The `view` settings (theme, shown series,
// axis ranges) are not part of the history: Ctrl+Z undoes what the model computes, never a
// legend click or a zoom.

#include <cstddef>
#include <optional>
#include <vector>

#include "roofline/scenario.h"

namespace roofline {

// True when `a` and `b` differ only in their `view` settings.
bool same_workload(const Scenario& a, const Scenario& b);

class History {
 public:
  explicit History(size_t limit = 256) : limit_(limit) {}

  // Forgets every step; `s` becomes the state undo returns to.
  void reset(const Scenario& s);

  // Records `s` as a new step if its workload differs from the current one; clears redo.
  // Returns true when a step was recorded.
  bool commit(const Scenario& s);

  bool can_undo() const { return !past_.empty(); }
  bool can_redo() const { return !future_.empty(); }
  size_t undo_depth() const { return past_.size(); }

  // The workload to restore, or nullopt when there is nothing to undo / redo. The caller keeps
  // its own view settings (see apply_workload).
  std::optional<Scenario> undo();
  std::optional<Scenario> redo();

  const Scenario& current() const { return present_; }

 private:
  size_t limit_;
  std::vector<Scenario> past_;
  Scenario present_;
  std::vector<Scenario> future_;
};

// `target` takes every field of `source` except `view`.
void apply_workload(Scenario& target, const Scenario& source);

}  // namespace roofline
