#pragma once
// Streaming input for profile imports (not installed): a file read in pieces through zlib (plain
// or gzip alike), physical lines for finding a CSV header after program output, CSV records
// (quoted fields, "" escapes, newlines inside quotes), and the number and unit rules of the
// profilers' CSV files. Errors throw ImportError with the whole message.

#include <cstdint>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/profile_import.h"

namespace roofline::profile_io {

struct ImportError {
  std::string message;  // origin included
};

// The longest CSV record or line read: a mangled file with no line breaks fails here instead of
// growing without bound.
inline constexpr size_t kMaxRecordBytes = size_t{16} << 20;
// A file that inflates to more than kMaxInflateRatio times what it took from disk, past the
// first kBombFloorBytes, is refused as a decompression bomb (real profiles compress 5 to 30
// times; deflate's limit is about 1,030), and so is one that inflates past kMaxInflatedBytes
// whatever its ratio.
inline constexpr uint64_t kMaxInflateRatio = 300;
inline constexpr uint64_t kBombFloorBytes = uint64_t{64} << 20;
inline constexpr uint64_t kMaxInflatedBytes = uint64_t{4} << 30;

// The most fields a record or a header line may have (a line of commas would otherwise become
// millions of empty strings); real profiler CSVs have tens, a raw ncu page hundreds.
inline constexpr size_t kMaxFields = 4096;

// Bytes from a file (through gzread: a .gz file is decompressed, another read as it is) or from
// memory, as a std::streambuf, so nlohmann's SAX parser and the CSV reader share it.
class Source : public std::streambuf {
 public:
  // Throws ImportError "PATH: cannot read (reason)".
  static Source open_file(std::string_view path, const ImportProgress& progress);
  static Source from_text(std::string_view text);
  Source(Source&& other) noexcept;
  Source& operator=(Source&&) = delete;
  Source(const Source&) = delete;
  ~Source() override;

  // The next byte without taking it; -1 at the end.
  int peek_byte() { return sgetc(); }
  // A reader that handles its input token by token marks each token; more than `limit` bytes
  // read from the file with no mark fails the read ("a JSON value longer than 16 MiB"), so a
  // parser that buffers a whole token (nlohmann's does) never holds more. 0: no limit.
  void mark() { since_mark_ = 0; }
  void limit_between_marks(uint64_t limit, std::string what) {
    mark_limit_ = limit;
    mark_what_ = std::move(what);
  }
  bool read_error() const { return !error_.empty(); }
  const std::string& error() const { return error_; }

 protected:
  int_type underflow() override;

 private:
  Source() = default;
  uint64_t inflated_ = 0;  // bytes the file has given so far
  void* gz_ = nullptr;  // gzFile
  std::string_view text_;
  bool text_done_ = false;
  std::vector<char> buffer_;
  uint64_t total_ = 0;
  ImportProgress progress_;
  std::string error_;
  std::string path_;
  uint64_t since_mark_ = 0;
  uint64_t mark_limit_ = 0;
  std::string mark_what_;
};

// Physical lines and CSV records from a Source, counting lines for messages.
class CsvReader {
 public:
  // `first_line`: the line the source is at (blank lines skipped before it count).
  CsvReader(Source& source, std::string origin, int64_t first_line = 1)
      : src_(source), origin_(std::move(origin)), next_line_(first_line) {}

  // The next physical line without its line break; false at the end.
  bool next_line(std::string& line);
  // The next CSV record (fields unquoted); false at the end. Throws on an unterminated quote or
  // a record past kMaxRecordBytes.
  bool next_record(std::vector<std::string>& fields);
  // The line the last line or record started on (1-based).
  int64_t line() const { return record_line_; }
  const std::string& origin() const { return origin_; }
  [[noreturn]] void fail(std::string_view what) const;  // "ORIGIN: line N: WHAT"

 private:
  Source& src_;
  std::string origin_;
  int64_t next_line_;
  int64_t record_line_ = 0;
};

// Splits one line of CSV (no newlines inside quotes).
std::vector<std::string> split_csv_line(std::string_view line);

// A profiler's number: "1,937,900,416", "17.50", "-3", "1e9". nullopt for "", "n/a", "N/A",
// "nan", "-" (not measured); throws nothing.
std::optional<double> parse_profiler_number(std::string_view text);
bool is_absent_value(std::string_view text);

// The factor that turns a value in `unit` into base units (byte, second, FLOP, cycle, Hz,
// instruction): "Mbyte" 1e6, "usecond" 1e-6, "cycle/nsecond" 1e9, "Gbyte/s" 1e9, "Ghz" 1e9,
// "inst" 1, "" 1, "%" 1. nullopt for a unit it does not know.
std::optional<double> unit_scale(std::string_view unit);

// "What" a value is, as one short quote for messages: 'abc' (cut at 40 characters, control
// characters shown as spaces so the message stays one line).
std::string quoted(std::string_view text);

}  // namespace roofline::profile_io
