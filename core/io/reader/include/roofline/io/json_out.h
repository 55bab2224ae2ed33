#pragma once
// Writing JSON as a stream of values (JsonOut), so that one writer serves two destinations: an
// nlohmann tree (JsonTreeOut: the text the CLI prints) and, in the Python module, dicts and lists
// made directly (building the tree and turning it into Python objects was most of what an
// analysis from Python cost). The analysis is written this way (write_analysis); the other
// documents are written as trees and reuse its parts through JsonTreeOut.
// Beside json_reader.h, with nlohmann's types; roofline/io/json_io.h stays JSON-free.
// Compiled in io (src/json_write.cpp).

#include <concepts>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/io/json_reader.h"
#include "roofline/scenario.h"

namespace roofline {

// A JSON document written value by value: inside an object each value follows its key().
// Containers open with begin_object/begin_array and close with end(), innermost first.
class JsonOut {
 public:
  virtual ~JsonOut() = default;
  virtual void begin_object() = 0;
  virtual void begin_array() = 0;
  virtual void end() = 0;
  virtual void key(std::string_view name) = 0;
  virtual void null() = 0;
  virtual void boolean(bool value) = 0;
  virtual void integer(int64_t value) = 0;
  virtual void unsigned_integer(uint64_t value) = 0;
  virtual void number(double value) = 0;  // written as null where not finite
  virtual void string(std::string_view value) = 0;

  // A value by its C++ type, as nlohmann's json(value) would store it: a whole number of a
  // signed or unsigned type stays one, a double stays a number (32.0 is written "32.0").
  template <class T>
  void value(const T& v) {
    if constexpr (std::is_same_v<T, bool>) {
      boolean(v);
    } else if constexpr (std::is_same_v<T, std::nullptr_t>) {
      null();
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      integer(v);
    } else if constexpr (std::is_integral_v<T>) {
      unsigned_integer(v);
    } else if constexpr (std::is_floating_point_v<T>) {
      number(v);
    } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
      string(v);
    } else {
      static_assert(std::is_same_v<T, std::vector<std::string>>, "a value JsonOut can write");
      begin_array();
      for (const std::string& s : v) string(s);
      end();
    }
  }
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }
};

// Builds the tree nlohmann would hold for the same values (dump_text() it for the CLI's text).
class JsonTreeOut final : public JsonOut {
 public:
  void begin_object() override;
  void begin_array() override;
  void end() override;
  void key(std::string_view name) override;
  void null() override;
  void boolean(bool value) override;
  void integer(int64_t value) override;
  void unsigned_integer(uint64_t value) override;
  void number(double value) override;
  void string(std::string_view value) override;
  // The whole document, once every container is closed.
  Json take() { return std::move(root_); }

 private:
  Json& place();  // where the next value goes
  Json root_;
  std::vector<Json*> open_;
  std::string key_;
};

// The tree of what `write` writes to a JsonOut.
template <std::invocable<JsonOut&> Write>
Json json_tree(Write&& write) {
  JsonTreeOut out;
  write(static_cast<JsonOut&>(out));
  return out.take();
}

// `roofline-cli analyze --format json`'s document; analysis_to_json(s, a) is the text of
// analysis_json(s, a), its tree.
void write_analysis(JsonOut& out, const Scenario& s, const Analysis& a);
Json analysis_json(const Scenario& s, const Analysis& a);

}  // namespace roofline
