// The JSON formats, read by nlohmann's SAX parser so a trace of any size streams through with
// no document in memory: PyTorch profiler (Kineto) traces, {"traceEvents": [...]} or a bare
// event array, and ERT's roofline.json ({"empirical": {"gflops": {"data": [[name, GFLOP/s]]},
// "gbytes": {...}}}).

#include <algorithm>
#include <array>
#include <cctype>
#include <istream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profile_formats.h"
#include "roofline/io/json_reader.h"

namespace roofline::profile_io {

namespace {

using nlohmann::json;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Where the parser is: one frame per open object or array.
struct Frame {
  bool array = false;
  std::string key{};   // objects: the key being read
  int64_t index = -1;  // arrays: the element being read
};

class TraceHandler {
 public:
  TraceHandler(Source& src, std::string origin) : src_(src), origin_(std::move(origin)) {}

  // [SAX interface]
  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(json::number_integer_t v) { return number(static_cast<double>(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return number(static_cast<double>(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) { return number(v); }
  bool string(json::string_t& s);
  bool binary(json::binary_t&) { return value(); }
  bool start_object(std::size_t);
  bool key(json::string_t& k);
  bool end_object();
  bool start_array(std::size_t);
  bool end_array();
  bool parse_error(std::size_t, const std::string&, const nlohmann::json::exception& e) {
    error_ = origin_ + ": " + condense_parse_error(e);
    return false;
  }

  const std::string& error() const { return error_; }
  Profile finish();

 private:
  // Counts an element of an array (its frame's index) before the value is read; every token
  // passes here, so it marks the source (a token longer than the limit fails the read).
  void element() {
    src_.mark();
    if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
  }
  bool value() {
    element();
    return true;
  }
  bool number(double v);
  bool deeper();
  // True when the frames are [root object, "traceEvents" array] (or [root array]), and the
  // next level is one event.
  bool at_events() const {
    if (stack_.size() == 1) return stack_[0].array;
    return stack_.size() == 2 && !stack_[0].array && stack_[0].key == "traceEvents" &&
           stack_[1].array;
  }
  size_t event_depth() const { return event_depth_; }
  bool in_event() const { return event_open_ && stack_.size() == event_depth(); }
  bool in_event_args() const {
    return event_open_ && stack_.size() == event_depth() + 1 &&
           stack_[event_depth() - 1].key == "args";
  }
  // ERT: [root, "empirical", "gflops"|"gbytes", "data" array, pair array].
  bool in_ert_pair() const {
    return stack_.size() == 5 && stack_[0].key == "empirical" &&
           (stack_[1].key == "gflops" || stack_[1].key == "gbytes") && stack_[2].key == "data" &&
           stack_[3].array && stack_[4].array;
  }
  void end_event();

  Source& src_;
  std::string origin_;
  std::string error_;
  std::vector<Frame> stack_;
  bool saw_events_ = false;
  bool saw_empirical_ = false;

  // The event being read.
  bool event_open_ = false;
  size_t event_depth_ = 0;  // the stack's size inside the event's object
  std::string ph_, cat_, name_;
  std::optional<double> dur_;
  double counter_flops_ = 0;
  bool has_counters_ = false;

  KernelTable kernels_;
  KernelTable ranges_;  // cuda_profiler_range events: CUPTI counters per kernel name
  int64_t kernel_events_ = 0, range_events_ = 0;
  std::string device_;

  // ERT.
  std::string pair_name_;
  std::optional<double> pair_value_;
  std::vector<MeasuredRoof> roofs_;
  std::string ert_precision_;
};

bool TraceHandler::deeper() {
  if (static_cast<int>(stack_.size()) >= kMaxJsonDepth) {
    error_ = origin_ + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    return false;
  }
  return true;
}

bool TraceHandler::start_object(std::size_t) {
  element();
  if (!deeper()) return false;
  if (at_events()) {
    event_open_ = true;
    event_depth_ = stack_.size() + 1;
    ph_.clear();
    cat_.clear();
    name_.clear();
    dur_.reset();
    counter_flops_ = 0;
    has_counters_ = false;
  }
  stack_.push_back({});
  return true;
}

bool TraceHandler::end_object() {
  src_.mark();
  if (event_open_ && stack_.size() == event_depth()) {
    end_event();
    event_open_ = false;
  }
  stack_.pop_back();
  return true;
}

bool TraceHandler::start_array(std::size_t) {
  element();
  if (!deeper()) return false;
  if (stack_.size() == 1 && !stack_[0].array && stack_[0].key == "traceEvents") {
    saw_events_ = true;
  }
  if (stack_.empty()) saw_events_ = true;  // a bare array of events
  if (in_ert_pair() || (stack_.size() == 4 && stack_[0].key == "empirical")) {
    pair_name_.clear();
    pair_value_.reset();
  }
  stack_.push_back({.array = true});
  return true;
}

bool TraceHandler::end_array() {
  src_.mark();
  if (in_ert_pair()) {
    if (!pair_name_.empty() && pair_value_) {
      const bool compute = stack_[1].key == "gflops";
      const std::string up = lower(pair_name_);
      MeasuredRoof r{.name = pair_name_,
                     .kind = compute ? MeasuredRoof::Kind::compute : MeasuredRoof::Kind::bandwidth,
                     .value = *pair_value_ * 1e9};
      if (!compute) {
        r.main_memory = up.find("dram") != std::string::npos ||
                        up.find("hbm") != std::string::npos ||
                        up.find("mcdram") != std::string::npos;
      }
      roofs_.push_back(std::move(r));
    }
  }
  stack_.pop_back();
  return true;
}

bool TraceHandler::key(json::string_t& k) {
  src_.mark();
  stack_.back().key = std::move(k);
  if (stack_.size() == 1 && stack_[0].key == "empirical") saw_empirical_ = true;
  return true;
}

bool TraceHandler::string(json::string_t& s) {
  element();
  if (in_event()) {
    const std::string& k = stack_.back().key;
    if (k == "ph") {
      ph_ = s;
    } else if (k == "cat") {
      cat_ = lower(s);
    } else if (k == "name") {
      name_ = std::move(s);
    }
  } else if (stack_.size() == 3 && stack_[0].key == "deviceProperties" && device_.empty() &&
             stack_[2].key == "name") {
    device_ = s;
  } else if (in_ert_pair()) {
    if (stack_[4].index == 0) pair_name_ = s;
  } else if (stack_.size() >= 3 && stack_[0].key == "empirical" && stack_[1].key == "gflops" &&
             ert_precision_.empty()) {
    // Newer ERT writes its configuration as text: "... 'ERT_PRECISION': ['FP64'] ...".
    const size_t at = s.find("'ERT_PRECISION': ['");
    if (at != std::string::npos) {
      const size_t begin = at + std::string_view("'ERT_PRECISION': ['").size();
      const size_t end = s.find('\'', begin);
      if (end != std::string::npos) ert_precision_ = s.substr(begin, end - begin);
    }
  }
  return true;
}

bool TraceHandler::number(double v) {
  element();
  if (in_event()) {
    if (stack_.back().key == "dur") dur_ = v;
  } else if (in_event_args()) {
    if (const auto w = sass_flop_weight(stack_.back().key)) {
      counter_flops_ += *w * v;
      has_counters_ = true;
    }
  } else if (in_ert_pair()) {
    if (stack_[4].index == 1) pair_value_ = v;
  }
  return true;
}

void TraceHandler::end_event() {
  if (ph_ != "X") return;
  if (cat_ == "kernel" || cat_ == "gpu_memcpy" || cat_ == "gpu_memset" || cat_ == "memcpy" ||
      cat_ == "memset") {
    ++kernel_events_;
    LaunchValues v;
    if (dur_ && *dur_ >= 0) v.time_s = *dur_ * 1e-6;
    kernels_.add(kernels_.index(name_), v);
  } else if (cat_ == "cuda_profiler_range" && has_counters_) {
    ++range_events_;
    // A range's duration is the profiler's replay slot, not the kernel's time: FLOPs only.
    ranges_.add(ranges_.index(name_), {.flops = counter_flops_});
  }
}

Profile TraceHandler::finish() {
  Profile p;
  if (saw_empirical_ && !saw_events_) {
    p.format = ProfileFormat::ert_json;
    std::optional<Precision> precision;
    if (!ert_precision_.empty()) precision = parse_precision(lower(ert_precision_));
    for (MeasuredRoof& r : roofs_) {
      if (r.kind == MeasuredRoof::Kind::compute) {
        // The roof's own name may say ("FP64 GFLOPs"); else the configuration's ERT_PRECISION.
        const std::string n = lower(r.name);
        if (n.find("fp32") != std::string::npos || n.find("sp ") != std::string::npos) {
          r.precision = Precision::fp32;
        } else if (n.find("fp16") != std::string::npos) {
          r.precision = Precision::fp16;
        } else if (n.find("fp64") == std::string::npos) {
          r.precision = precision;
        }
      }
    }
    p.roofs = std::move(roofs_);
    if (p.roofs.empty()) {
      throw ImportError{origin_ +
                        ": empirical: no roofs (expected gflops.data and gbytes.data "
                        "lists of [name, value])"};
    }
    if (ert_precision_.empty()) {
      p.notes.emplace_back(
          "ERT does not say the precision of its compute roof here (its default kernel is "
          "double precision): it is drawn, not used as an efficiency");
    }
    return p;
  }
  if (!saw_events_) {
    throw ImportError{origin_ +
                      ": a JSON file with neither \"traceEvents\" (a PyTorch profiler trace) nor "
                      "\"empirical\" (an ERT roofline.json)"};
  }
  p.format = ProfileFormat::torch_trace;
  p.device = device_;
  if (kernel_events_ == 0 && range_events_ == 0) {
    throw ImportError{origin_ +
                      ": traceEvents: no GPU kernels (no events with \"cat\": \"kernel\"): was "
                      "the profile taken with ProfilerActivity.CUDA?"};
  }
  if (kernel_events_ == 0) {
    // Only CUPTI counter ranges: they are the kernels, with FLOPs and no times.
    ranges_.finish(p);
    p.notes.emplace_back(
        "CUPTI profiler ranges only: FLOPs per kernel, no kernel times (a range's duration is the "
        "profiler's replay, not the kernel's)");
    return p;
  }
  // Kernel events give times; counter ranges add FLOPs to the kernel of the same name.
  Profile ranges;
  ranges_.finish(ranges);
  int unmatched = 0;
  for (const MeasuredKernel& r : ranges.kernels) {
    const std::optional<size_t> k = kernels_.find(r.name);
    if (!k) {
      ++unmatched;  // no kernel event of that name: a time-less entry would hide its class's
      continue;     // measured share, so it is left out and counted in a note
    }
    if (r.flops) kernels_.add_flops(*k, *r.flops);
  }
  kernels_.finish(p);
  if (unmatched > 0) {
    p.notes.push_back(std::to_string(unmatched) +
                      " CUPTI counter ranges name no kernel event of the trace: their FLOPs are "
                      "left out");
  }
  if (range_events_ == 0) {
    p.notes.emplace_back(
        "a trace has kernel times only: each kernel is placed at its op's modelled intensity");
  }
  return p;
}

}  // namespace

Profile read_json_profile(Source& src, const std::string& origin) {
  TraceHandler handler(src, origin);
  src.limit_between_marks(kMaxRecordBytes,
                          "a JSON value longer than 16 MiB (a string or a number): not a trace");
  std::istream in(&src);
  bool ok = false;
  try {
    ok = json::sax_parse(in, &handler, nlohmann::detail::input_format_t::json, true, false);
  } catch (const nlohmann::json::exception& e) {
    if (src.read_error()) throw ImportError{src.error()};
    throw ImportError{origin + ": " + condense_parse_error(e)};
  }
  if (src.read_error()) throw ImportError{src.error()};
  if (!ok) {
    throw ImportError{handler.error().empty() ? origin + ": invalid JSON" : handler.error()};
  }
  return handler.finish();
}

}  // namespace roofline::profile_io
