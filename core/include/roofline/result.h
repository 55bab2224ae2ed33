#pragma once
// Result<T>: a value, or one clear message saying what was wrong and what was expected.

#include <optional>
#include <string>
#include <utility>

namespace roofline {

template <class T>
class Result {
 public:
  static Result ok(T value) { return Result(std::move(value), {}); }
  static Result fail(std::string message) { return Result(std::nullopt, std::move(message)); }

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
