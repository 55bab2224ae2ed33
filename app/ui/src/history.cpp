#include "roofline/ui/history.h"

#include <utility>

namespace roofline {

bool same_workload(const Scenario& a, const Scenario& b) {
  // Compare field by field rather than copying: this runs every frame.
  return a.gpu == b.gpu && a.model == b.model && a.compare_gpu == b.compare_gpu &&
         a.phase == b.phase && a.batch == b.batch && a.seq == b.seq && a.weights == b.weights &&
         a.activations == b.activations && a.kv == b.kv && a.flash_attention == b.flash_attention &&
         a.fuse_elementwise == b.fuse_elementwise && a.tp == b.tp &&
         a.compute_efficiency == b.compute_efficiency &&
         a.memory_efficiency == b.memory_efficiency &&
         a.memory_utilization == b.memory_utilization && a.unknown_keys_json == b.unknown_keys_json;
}

void apply_workload(Scenario& target, const Scenario& source) {
  ViewSettings keep = std::move(target.view);
  target = source;
  target.view = std::move(keep);
}

void History::reset(const Scenario& s) {
  past_.clear();
  future_.clear();
  present_ = s;
}

bool History::commit(const Scenario& s) {
  if (same_workload(s, present_)) return false;
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
