#include "roofline/ui/history.h"

#include <utility>

namespace roofline {

void History::reset(const Scenario& s) {
  past_.clear();
  future_.clear();
  present_ = s;
}

bool History::commit(const Scenario& s) {
  if (s == present_) return false;
  past_.push_back(std::move(present_));
  if (past_.size() > limit_) past_.erase(past_.begin());
  present_ = s;
  future_.clear();
  return true;
}

std::optional<Scenario> History::undo() {
  if (past_.empty()) return std::nullopt;
  future_.push_back(std::move(present_));
  present_ = std::move(past_.back());
  past_.pop_back();
  return present_;
}

std::optional<Scenario> History::redo() {
  if (future_.empty()) return std::nullopt;
  past_.push_back(std::move(present_));
  present_ = std::move(future_.back());
  future_.pop_back();
  return present_;
}

}  // namespace roofline
