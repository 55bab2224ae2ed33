#pragma once
// Checks one operator of an Analysis against hand-computed values.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "roofline/analysis.h"

namespace roofline::testing {

struct ExpectedOp {
  OpKind kind;
  int64_t count;
  double flops;         // summed over `count` layers
  double bytes;         // summed over `count` layers
  double weight_bytes;  // of bytes
  double kv_bytes;      // of bytes
};

// `name` is an op's name, or its key where the name recurs over layer types
// ("attention@sliding", op_key()).
inline void expect_op(const Analysis& a, std::string_view name, const ExpectedOp& e) {
  SCOPED_TRACE(std::string("op ") + std::string(name));
  const OpCost* op = find_op_key(a, name);
  ASSERT_NE(op, nullptr) << "missing op " << name;
  EXPECT_EQ(name.find('@') == std::string_view::npos ? std::string(op->name) : op_key(a, *op),
            name);
  EXPECT_EQ(op->kind, e.kind);
  EXPECT_EQ(op->count, e.count);
  EXPECT_DOUBLE_EQ(op->flops, e.flops);
  EXPECT_DOUBLE_EQ(op->bytes, e.bytes);
  EXPECT_DOUBLE_EQ(op->weight_bytes, e.weight_bytes);
  EXPECT_DOUBLE_EQ(op->kv_bytes, e.kv_bytes);
}

// Index of an op in execution order, -1 when absent.
inline int op_index(const Analysis& a, std::string_view name) {
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (a.ops[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace roofline::testing
