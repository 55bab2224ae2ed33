#pragma once
// Internal: the operator list of one step (core/MODEL.md §2-4), FLOPs and bytes only.
// analysis.cpp turns these into times, groups and totals.

#include <vector>

#include "roofline/analysis.h"

namespace roofline {

// Appends every operator of one step, per step and summed over the layers it runs in, for one
// GPU (before the tensor-parallel split). Ops that run in no layer are left out.
void append_operators(const Scenario& s, std::vector<OpCost>& ops);

// Expected number of distinct experts touched by `tokens` tokens each routed to k of E experts
// under uniform routing: E * (1 - (1 - k/E)^tokens).
double expected_experts_touched(double experts, double per_token, double tokens);

}  // namespace roofline
