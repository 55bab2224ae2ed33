#pragma once
// Internal: the operator list of one step (core/MODEL.md §2-6), FLOPs and bytes only.
// analysis.cpp turns these into times, groups and totals.

#include <vector>

#include "roofline/analysis.h"

namespace roofline {

// Appends every operator of one step, per step and summed over the layers of its type, for one
// GPU (before the tensor-parallel split), and one LayerTypeInfo per mixer type, feed-forward
// type and the once-per-step output (op.layer_type indexes `types`).
void append_operators(const Scenario& s, std::vector<OpCost>& ops,
                      std::vector<LayerTypeInfo>& types);

// Expected number of distinct experts touched by `tokens` tokens each routed to k of E experts
// under uniform routing: E * (1 - (1 - k/E)^tokens).
double expected_experts_touched(double experts, double per_token, double tokens);

// Query-key pairs a prompt of T tokens attends over in one sequence when each query sees at most
// `window` keys (0: no limit): T(T+1)/2 unlimited, Σ min(i, W) sliding; chunked attention
// restarts every C tokens.
double causal_pairs(double prompt, const MixerType& t, int64_t window);

// Keys one decode query at context S attends to in a layer of type `t` (the indexer's top-k when
// `sparse_top_k` > 0): S, min(S, W), ((S − 1) mod C) + 1.
double attended_tokens(double context, const MixerType& t, int64_t sparse_top_k);

}  // namespace roofline
