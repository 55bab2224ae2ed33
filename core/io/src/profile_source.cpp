#include "profile_source.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <utility>

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include "roofline/charconv.h"
#include "roofline/io/json_io.h"

namespace roofline::profile_io {

namespace {

constexpr size_t kPieceBytes = size_t{1} << 18;  // 256 KiB per read
constexpr size_t kPutbackBytes = 8192;           // kept from the previous piece

}  // namespace

Source Source::open_file(std::string_view path, const ImportProgress& progress) {
  Source s;
  s.path_ = std::string(path);
  std::error_code ec;
  // The one rule for opening a file (json_io.h): a FIFO or a device is refused, never waited on.
  Result<int> fd = open_regular_file(s.path_);
  if (!fd) throw ImportError{fd.error()};
  errno = 0;
  gzFile f = gzdopen(fd.value(), "rb");
  if (f == nullptr) {
    ::close(fd.value());
    throw ImportError{s.path_ + ": cannot read (" +
                      (errno != 0 ? std::strerror(errno) : "out of memory") + ")"};
  }
  gzbuffer(f, kPieceBytes);
  s.gz_ = f;
  const auto size = std::filesystem::file_size(s.path_, ec);
  s.total_ = ec ? 0 : static_cast<uint64_t>(size);
  s.progress_ = progress;
  s.buffer_.resize(kPieceBytes + kPutbackBytes);
  return s;
}

Source Source::from_text(std::string_view text) {
  Source s;
  s.text_ = text;
  s.total_ = text.size();
  return s;
}

Source::Source(Source&& other) noexcept
    : std::streambuf(),
      gz_(std::exchange(other.gz_, nullptr)),
      text_(other.text_),
      text_done_(other.text_done_),
      buffer_(std::move(other.buffer_)),
      total_(other.total_),
      progress_(std::move(other.progress_)),
      error_(std::move(other.error_)),
      path_(std::move(other.path_)),
      since_mark_(other.since_mark_),
      mark_limit_(other.mark_limit_),
      mark_what_(std::move(other.mark_what_)) {
  // Nothing has been read from `other` yet: its get area is empty.
}

Source::~Source() {
  if (gz_ != nullptr) gzclose(static_cast<gzFile>(gz_));
}

Source::int_type Source::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (gz_ == nullptr) {
    if (text_done_ || text_.empty()) return traits_type::eof();
    text_done_ = true;
    char* begin = const_cast<char*>(text_.data());
    setg(begin, begin, begin + text_.size());
    return traits_type::to_int_type(*gptr());
  }
  auto* f = static_cast<gzFile>(gz_);
  // The last bytes already read stay before the new ones, so that a reader that looked ahead
  // (the format check skips up to 4096 spaces after a '{') can give them back across a refill:
  // a '{' as the last byte of a piece was lost, and the file's format with it.
  size_t keep = 0;
  if (eback() != nullptr) {
    keep = std::min(kPutbackBytes, static_cast<size_t>(egptr() - eback()));
    std::memmove(buffer_.data(), egptr() - keep, keep);
    setg(buffer_.data(), buffer_.data() + keep, buffer_.data() + keep);
  }
  const int n = gzread(f, buffer_.data() + keep, static_cast<unsigned>(buffer_.size() - keep));
  if (n < 0) {
    int code = 0;
    const char* what = gzerror(f, &code);
    if (code == Z_ERRNO) what = std::strerror(errno);
    if (code == Z_DATA_ERROR) what = "corrupt gzip data";
    if (code == Z_BUF_ERROR) what = "the gzip stream ends early (truncated file)";
    error_ = path_ + ": cannot read (" + (what != nullptr ? what : "I/O error") + ")";
    return traits_type::eof();
  }
  if (n == 0) {
    // A truncated .gz reads as a short file without an error; gzerror says so.
    int code = 0;
    gzerror(f, &code);
    if (code == Z_BUF_ERROR) {
      error_ = path_ + ": cannot read (the gzip stream ends early: truncated file)";
    }
    return traits_type::eof();
  }
  setg(buffer_.data(), buffer_.data() + keep, buffer_.data() + keep + n);
  since_mark_ += static_cast<uint64_t>(n);
  inflated_ += static_cast<uint64_t>(n);
  // A decompression bomb (kilobytes of gzip inflating to gigabytes) is refused once the file has
  // given more than kBombFloorBytes at more than kMaxInflateRatio times what it took from disk:
  // a real profile compresses about ten times.
  if (inflated_ > kBombFloorBytes) {
    const long taken = gzoffset(f);
    const bool ratio =
        taken >= 0 && inflated_ > kMaxInflateRatio * (static_cast<uint64_t>(taken) + 1);
    if (ratio || inflated_ > kMaxInflatedBytes) {
      error_ =
          path_ +
          (ratio ? ": inflates to more than " + std::to_string(kMaxInflateRatio) +
                       " times its size on disk"
                 : ": inflates to more than " + std::to_string(kMaxInflatedBytes >> 30) + " GiB") +
          ": refused as a decompression bomb (a profile compresses 5 to 30 times; "
          "gunzip a real one and import the plain file)";
      setg(buffer_.data(), buffer_.data(), buffer_.data());
      return traits_type::eof();
    }
  }
  if (mark_limit_ > 0 && since_mark_ > mark_limit_) {
    error_ = path_ + ": " + mark_what_;
    setg(buffer_.data(), buffer_.data(), buffer_.data());
    return traits_type::eof();
  }
  if (progress_) {
    const long offset = gzoffset(f);
    if (!progress_(offset > 0 ? static_cast<uint64_t>(offset) : 0, total_)) {
      error_ = path_ + ": import cancelled";
      setg(buffer_.data(), buffer_.data(), buffer_.data());
      return traits_type::eof();
    }
  }
  return traits_type::to_int_type(*gptr());
}

void CsvReader::fail(std::string_view what) const {
  throw ImportError{origin_ + ": line " + std::to_string(record_line_) + ": " + std::string(what)};
}

bool CsvReader::next_line(std::string& line) {
  line.clear();
  record_line_ = next_line_;
  int c = src_.sbumpc();
  if (c == std::char_traits<char>::eof()) {
    if (src_.read_error()) throw ImportError{src_.error()};
    return false;
  }
  while (c != std::char_traits<char>::eof() && c != '\n') {
    if (line.size() >= kMaxRecordBytes) fail("a line longer than 16 MiB: not a profiler file");
    line.push_back(static_cast<char>(c));
    c = src_.sbumpc();
  }
  if (src_.read_error()) throw ImportError{src_.error()};
  if (!line.empty() && line.back() == '\r') line.pop_back();
  ++next_line_;
  return true;
}

bool CsvReader::next_record(std::vector<std::string>& fields) {
  fields.clear();
  record_line_ = next_line_;
  int c = src_.sbumpc();
  if (c == std::char_traits<char>::eof()) {
    if (src_.read_error()) throw ImportError{src_.error()};
    return false;
  }
  std::string field;
  size_t bytes = 0;
  bool quoted_field = false;
  for (;;) {
    if (c == std::char_traits<char>::eof()) {
      if (src_.read_error()) throw ImportError{src_.error()};
      if (quoted_field) fail("a quoted field never ends (a truncated or mangled CSV)");
      fields.push_back(std::move(field));
      return true;
    }
    if (++bytes > kMaxRecordBytes) fail("a record longer than 16 MiB: not a profiler file");
    if (quoted_field) {
      if (c == '"') {
        if (src_.sgetc() == '"') {
          field.push_back('"');
          src_.sbumpc();
        } else {
          quoted_field = false;
        }
      } else {
        if (c == '\n') ++next_line_;
        field.push_back(static_cast<char>(c));
      }
    } else if (c == '"' && field.empty()) {
      quoted_field = true;
    } else if (c == ',') {
      fields.push_back(std::move(field));
      field.clear();
      if (fields.size() >= kMaxFields)
        fail("more than 4,096 fields in a record: not a profiler CSV");
    } else if (c == '\n') {
      ++next_line_;
      if (!field.empty() && field.back() == '\r') field.pop_back();
      fields.push_back(std::move(field));
      return true;
    } else {
      field.push_back(static_cast<char>(c));
    }
    c = src_.sbumpc();
  }
}

std::vector<std::string> split_csv_line(std::string_view line) {
  std::vector<std::string> out;
  std::string field;
  bool in_quotes = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (in_quotes) {
      if (c == '"') {
        if (i + 1 < line.size() && line[i + 1] == '"') {
          field.push_back('"');
          ++i;
        } else {
          in_quotes = false;
        }
      } else {
        field.push_back(c);
      }
    } else if (c == '"' && field.empty()) {
      in_quotes = true;
    } else if (c == ',') {
      out.push_back(std::move(field));
      field.clear();
      if (out.size() >= kMaxFields) return out;  // no header this wide: not one of ours
    } else {
      field.push_back(c);
    }
  }
  out.push_back(std::move(field));
  return out;
}

bool is_absent_value(std::string_view t) {
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  return t.empty() || t == "n/a" || t == "N/A" || t == "nan" || t == "NaN" || t == "-" || t == "NA";
}

std::optional<double> parse_profiler_number(std::string_view text) {
  if (is_absent_value(text)) return std::nullopt;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  // Thousands separators (',' or ' ') only between groups of three digits of the whole part:
  // "1,234,567.5" is a number, "17,50" (a decimal comma) is not (it read as 1750).
  const size_t whole_end = std::min(text.find_first_of(".eE"), text.size());
  if (text.substr(0, whole_end).find_first_of(", ") != std::string_view::npos) {
    std::string_view whole = text.substr(0, whole_end);
    if (!whole.empty() && (whole.front() == '-' || whole.front() == '+')) whole.remove_prefix(1);
    size_t group = 0;
    bool first = true;
    for (const char c : whole) {
      if (c == ',' || c == ' ') {
        if (group == 0 || group > 3 || (!first && group != 3)) return std::nullopt;
        first = false;
        group = 0;
      } else {
        ++group;
      }
    }
    if (group != 3) return std::nullopt;
  }
  std::string digits;
  digits.reserve(text.size());
  for (const char c : text) {
    if (c == ',' || c == ' ') continue;  // thousands separators, checked above
    digits.push_back(c);
  }
  std::string_view number(digits);
  if (!number.empty() && number.front() == '+') number.remove_prefix(1);
  const std::optional<double> v = parse_double_exact(number);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

namespace {

// The factor of one side of a unit ("Mbyte", "usecond", "Ghz", "inst").
std::optional<double> simple_scale(std::string_view u) {
  if (u.empty() || u == "%") return 1.0;
  // Time words with their own prefixes.
  if (u == "nsecond" || u == "ns") return 1e-9;
  if (u == "usecond" || u == "us") return 1e-6;
  if (u == "msecond" || u == "ms") return 1e-3;
  if (u == "second" || u == "s" || u == "sec") return 1.0;
  double prefix = 1;
  std::string_view base = u;
  if (u.size() > 1) {
    switch (u.front()) {
      case 'K':
      case 'k':
        prefix = 1e3;
        break;
      case 'M':
        prefix = 1e6;
        break;
      case 'G':
        prefix = 1e9;
        break;
      case 'T':
        prefix = 1e12;
        break;
      case 'P':
        prefix = 1e15;
        break;
      default:
        prefix = 0;
    }
    if (prefix != 0) {
      base = u.substr(1);
    } else {
      prefix = 1;
    }
  }
  static constexpr std::string_view kBases[] = {
      "byte",    "cycle",  "inst", "hz",   "Hz",        "warp",    "block", "sector",
      "request", "thread", "flop", "FLOP", "wavefront", "cluster", "op",    "ops"};
  for (const std::string_view b : kBases) {
    if (base == b) return prefix;
  }
  // A prefix letter that was part of the word ("Mbyte" handled; "block" must not lose its b).
  for (const std::string_view b : kBases) {
    if (u == b) return 1.0;
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> unit_scale(std::string_view unit) {
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  while (!unit.empty() && unit.back() == ' ') unit.remove_suffix(1);
  const size_t slash = unit.find('/');
  if (slash == std::string_view::npos) return simple_scale(unit);
  const auto num = simple_scale(unit.substr(0, slash));
  const auto den = simple_scale(unit.substr(slash + 1));
  if (!num || !den || *den == 0) return std::nullopt;
  return *num / *den;
}

std::string quoted(std::string_view text) {
  std::string out = "'";
  out.append(text.substr(0, std::min<size_t>(text.size(), 40)));
  for (size_t i = 1; i < out.size(); ++i) {
    if (static_cast<unsigned char>(out[i]) < 0x20) out[i] = ' ';
  }
  if (text.size() > 40) out.append("...");
  out.push_back('\'');
  return out;
}

}  // namespace roofline::profile_io
