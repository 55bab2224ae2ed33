#pragma once
// Status: the outcome of an operation that can fail and gives nothing back: ok, or one clear
// message saying what was wrong and what was expected. Every fallible function that crosses a
// module boundary returns a Status or a Result<T> (result.h), and neither may be ignored:
// both are [[nodiscard]]. Exceptions may live inside a parser; they do not cross into callers.

#include <iosfwd>
#include <string>
#include <string_view>
#include <utility>

namespace roofline {

class [[nodiscard]] Status {
 public:
  Status() = default;  // ok
  static Status ok() { return {}; }
  // A failure; an empty message still fails (and says so).
  static Status fail(std::string message) {
    Status s;
    s.failed_ = true;
    s.error_ = message.empty() ? std::string("failed (no message)") : std::move(message);
    return s;
  }
  // A helper's message where "" means success, as a Status.
  static Status from_message(std::string message) {
    return message.empty() ? ok() : fail(std::move(message));
  }

  explicit operator bool() const { return !failed_; }
  bool is_ok() const { return !failed_; }
  // The message; "" when ok.
  const std::string& error() const { return error_; }

  // A Status equals the message it carries ("" when ok), so a test reads
  // EXPECT_EQ(validate(s), "") or EXPECT_EQ(validate(s), "tp must be between ...").
  friend bool operator==(const Status& s, std::string_view message) { return s.error_ == message; }
  friend bool operator==(const Status& a, const Status& b) = default;

 private:
  bool failed_ = false;
  std::string error_;
};

// "ok" or the message (for test failures and logs).
std::ostream& operator<<(std::ostream& out, const Status& s);

}  // namespace roofline
