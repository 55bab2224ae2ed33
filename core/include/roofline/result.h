#pragma once
// Result<T>: a value, or one clear message saying what was wrong and what was expected
// (status.h's Status is the same for an operation that gives nothing back).

#include <optional>
#include <string>
#include <utility>

#include "roofline/status.h"

namespace roofline {

template <class T>
class [[nodiscard]] Result {
 public:
  static Result ok(T value) { return Result(std::move(value), {}); }
  static Result fail(std::string message) { return Result(std::nullopt, std::move(message)); }
  // A failed Status's message (an ok one still fails, and says so).
  static Result fail(const Status& status) {
    return fail(status ? std::string("failed (no message)") : status.error());
  }

  explicit operator bool() const { return value_.has_value(); }
  const T& value() const& { return *value_; }
  T& value() & { return *value_; }
  T&& value() && { return std::move(*value_); }
  const T* operator->() const { return &*value_; }
  const T& operator*() const { return *value_; }
  const std::string& error() const { return error_; }

 private:
  Result(std::optional<T> v, std::string e) : value_(std::move(v)), error_(std::move(e)) {}
  std::optional<T> value_;
  std::string error_;
};

}  // namespace roofline
