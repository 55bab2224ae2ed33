// Lesson text: the emphasis parser and the live-value placeholders of lesson_text.h.

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "roofline/compare.h"
#include "roofline/lessons/lesson_text.h"
#include "roofline/sweep.h"
#include "roofline/units.h"

namespace roofline {

// [SECTION] Emphasis

namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// Letters, digits and any byte of a multi-byte UTF-8 character.
bool is_word(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80;
}

bool can_open(std::string_view t, size_t i) {
  return i + 1 < t.size() && !is_space(t[i + 1]) && (i == 0 || !is_word(t[i - 1]));
}

bool can_close(std::string_view t, size_t i) {
  return i > 0 && !is_space(t[i - 1]) && (i + 1 == t.size() || !is_word(t[i + 1]));
}

// The first place after `open` that closes it, with at least one character between.
std::optional<size_t> find_closer(std::string_view t, size_t open) {
  for (size_t j = open + 2; j < t.size(); ++j) {
    if (t[j] == t[open] && can_close(t, j)) return j;
  }
  return std::nullopt;
}

}  // namespace

std::vector<TextSpan> parse_emphasis(std::string_view text) {
  std::vector<TextSpan> spans;
  TextSpan current;
  std::optional<size_t> close_bold, close_italic;
  auto flush = [&] {
    if (current.text.empty()) return;
    if (!spans.empty() && spans.back().bold == current.bold &&
        spans.back().italic == current.italic) {
      spans.back().text += current.text;
    } else {
      spans.push_back(current);
    }
    current.text.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '*' && c != '_') {
      current.text += c;
      continue;
    }
    std::optional<size_t>& closer = c == '*' ? close_bold : close_italic;
    bool& style = c == '*' ? current.bold : current.italic;
    if (closer && *closer == i) {
      flush();
      style = false;
      closer.reset();
    } else if (!closer && can_open(text, i) && (closer = find_closer(text, i))) {
      flush();
      style = true;
    } else {
      current.text += c;
    }
  }
  flush();
  return spans;
}

// [SECTION] Placeholders

namespace {

// The four groups, then one attention type each (its kind, core/MODEL.md §6): the attention
// ops of the model's layers of that kind.
constexpr std::array<std::string_view, 9> kGroups = {
    "fc", "attention", "elementwise", "step", "full", "sliding", "chunked", "linear", "mamba"};
constexpr std::array<std::string_view, 9> kGroupFields = {"intensity", "achieved", "flops",
                                                          "bytes",     "time",     "bound",
                                                          "pct_peak",  "pct_roof", "roofline_time"};
constexpr std::string_view kPlainNames[] = {"gpu",
                                            "model",
                                            "batch",
                                            "seq",
                                            "max_batch",
                                            "critical_batch",
                                            "peak",
                                            "bandwidth",
                                            "ridge",
                                            "math_precision",
                                            "roof_precision",
                                            "ttft",
                                            "tokens_per_s",
                                            "weights",
                                            "kv_cache",
                                            "memory",
                                            "usable_memory",
                                            "weights_read",
                                            "kv_bytes",
                                            "kv_per_token",
                                            "layout",
                                            "parameters",
                                            "active_parameters",
                                            "state",
                                            "tp",
                                            "query_heads",
                                            "kv_heads",
                                            "experts",
                                            "experts_per_token",
                                            "compute_efficiency",
                                            "memory_efficiency",
                                            "calibration",
                                            "kernel_latency",
                                            "step_overhead",
                                            "allreduce",
                                            "compare.gpu",
                                            "compare.peak",
                                            "compare.bandwidth",
                                            "compare.ridge",
                                            "compare.step.time",
                                            "compare.tokens_per_s",
                                            "compare.speedup"};

const std::vector<std::string>& name_storage() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (std::string_view n : kPlainNames) out.emplace_back(n);
    for (std::string_view g : kGroups) {
      for (std::string_view f : kGroupFields) out.push_back(std::string(g) + "." + std::string(f));
    }
    return out;
  }();
  return names;
}

bool known_name(std::string_view name) {
  for (const std::string& n : name_storage()) {
    if (n == name) return true;
  }
  return false;
}

// Each `{name}` of `text` in order; `error` set (and parsing stopped) on an unclosed brace.
template <class F>
void for_each_placeholder(std::string_view text, F&& on_name, std::string* error = nullptr,
                          std::string* literal = nullptr) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{') {
      if (literal) *literal += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '{') {
      if (literal) *literal += '{';
      ++i;
      continue;
    }
    const size_t end = text.find('}', i);
    if (end == std::string_view::npos) {
      if (error) *error = "'{' is never closed: write {{ for a literal brace";
      if (literal) *literal += text.substr(i);
      return;
    }
    on_name(text.substr(i + 1, end - i - 1), literal);
    i = end;
  }
}

constexpr std::string_view kNone = "–";

// The values of one scenario and analysis, with the costly ones computed on first use.
class Values {
 public:
  Values(const Scenario& s, const Analysis& a) : s_(s), a_(a) {}

  std::optional<std::string> operator()(std::string_view name) {
    if (name.starts_with("compare.")) return compare_value(name.substr(8));
    if (const size_t dot = name.find('.'); dot != std::string_view::npos) {
      return group_value(name.substr(0, dot), name.substr(dot + 1));
    }
    const Totals& t = a_.totals;
    if (name == "gpu") return s_.gpu.name.empty() ? s_.gpu.id : s_.gpu.name;
    if (name == "model") return s_.model.name.empty() ? s_.model.id : s_.model.name;
    if (name == "batch") return format_count(static_cast<double>(s_.batch));
    if (name == "seq") return format_count(static_cast<double>(s_.seq));
    if (name == "max_batch") return format_count(static_cast<double>(t.max_batch));
    if (name == "critical_batch") {
      const auto c = critical_value(s_, SweepParam::batch, kMaxBatch);
      return c ? format_count(static_cast<double>(*c)) : std::string("none");
    }
    if (name == "tp") return format_count(static_cast<double>(s_.tp));
    if (name == "query_heads") return format_count(static_cast<double>(s_.model.heads));
    if (name == "kv_heads") return format_count(static_cast<double>(s_.model.kv_heads));
    if (name == "experts" || name == "experts_per_token") {
      const FfnType* moe = find_ffn(s_.model, FfnKind::moe);
      if (!moe) return std::string(kNone);
      const int64_t n = name == "experts" ? moe->moe.experts : moe->moe.top_k;
      return format_count(static_cast<double>(n));
    }
    if (name == "layout") return layout_text(s_.model);
    if (name == "parameters") return format_parameters(t.parameters);
    if (name == "active_parameters") return format_parameters(t.active_parameters);
    if (name == "state") return format_bytes(t.state_bytes);
    if (name == "compute_efficiency") return format_percent(s_.compute_efficiency);
    if (name == "memory_efficiency") return format_percent(s_.memory_efficiency);
    if (name == "peak") return format_flop_rate(a_.peak_flops);
    if (name == "bandwidth") return format_bandwidth(a_.bandwidth);
    if (name == "ridge") return format_intensity(a_.ridge_point);
    if (name == "calibration")
      return s_.calibration ? s_.calibration->name : std::string("none (the roofline)");
    if (name == "kernel_latency") return format_time(t.kernel_latency_s);
    if (name == "step_overhead") return format_time(t.step_overhead_s);
    if (name == "allreduce") return format_time(t.communication_time_s);
    if (name == "math_precision") return std::string(to_string(a_.math_precision));
    if (name == "roof_precision") return std::string(to_string(a_.roof_precision));
    if (name == "ttft")
      return s_.phase == Phase::prefill ? format_time(t.ttft_s) : std::string(kNone);
    if (name == "tokens_per_s") return format_token_rate(t.tokens_per_s);
    if (name == "weights") return format_bytes(t.weights_bytes);
    if (name == "kv_cache") return format_bytes(t.kv_cache_bytes);
    if (name == "memory") return format_bytes(t.memory_per_gpu_bytes);
    if (name == "usable_memory") return format_bytes(t.usable_memory_bytes);
    if (name == "weights_read" || name == "kv_bytes") {
      double sum = 0;
      for (const OpCost& op : a_.ops) sum += name == "kv_bytes" ? op.kv_bytes : op.weight_bytes;
      return format_bytes(sum);
    }
    if (name == "kv_per_token") {
      // What one more token of context adds: layers whose window is already full add nothing.
      double layers = 0;
      for (const MixerType& m : s_.model.mixers)
        layers += cached_tokens(m, s_.seq + 1) > cached_tokens(m, s_.seq)
                      ? static_cast<double>(m.count)
                      : 0;
      return format_bytes(layers * static_cast<double>(kv_elements_per_token(s_.model)) *
                          bytes_per_element(s_.kv));
    }
    return std::nullopt;
  }

 private:
  // An attention type by its kind ("sliding"): its own group, or the attention group when the
  // model has only that kind (MLA layers are "full" here); nullptr when it has none.
  const GroupCost* attention_type(std::string_view kind) const {
    auto matches = [&](const LayerTypeInfo& t) {
      return t.kind == kind || (kind == "full" && t.kind == "mla");
    };
    for (const GroupCost& g : a_.attention_types) {
      if (matches(a_.layer_types[static_cast<size_t>(g.layer_type)])) return &g;
    }
    if (!a_.attention_types.empty()) return nullptr;
    for (const LayerTypeInfo& t : a_.layer_types) {
      if (t.part == LayerPart::mixer) return matches(t) ? &a_.attention : nullptr;
    }
    return nullptr;
  }

  std::optional<std::string> group_value(std::string_view group, std::string_view field) const {
    const GroupCost* g = group == "fc"            ? &a_.fc
                         : group == "attention"   ? &a_.attention
                         : group == "elementwise" ? &a_.elementwise
                         : group == "step"        ? &a_.step
                                                  : attention_type(group);
    if (!g) return std::string(kNone);
    if (field == "intensity") return format_intensity(g->intensity);
    if (field == "achieved") return format_flop_rate(g->achieved_flops);
    if (field == "flops") return format_flops(g->flops);
    if (field == "bytes") return format_bytes(g->bytes);
    if (field == "time") return format_time(g->time_s);
    if (field == "roofline_time") return format_time(g->roofline_time_s);
    if (field == "bound") return std::string(to_string(g->bound));
    if (field == "pct_peak") {
      return a_.peak_flops > 0 ? format_percent(g->achieved_flops / a_.peak_flops)
                               : std::string(kNone);
    }
    if (field == "pct_roof") {
      const double roof = attainable_flops(g->intensity, a_.peak_flops, a_.bandwidth);
      return roof > 0 ? format_percent(g->achieved_flops / roof) : std::string(kNone);
    }
    return std::nullopt;
  }

  std::optional<std::string> compare_value(std::string_view field) {
    if (!known_name("compare." + std::string(field))) return std::nullopt;
    if (!s_.compare_gpu) return std::string(kNone);
    if (!compared_) compared_ = compare(s_, *s_.compare_gpu);
    const CompareResult& c = *compared_;
    if (field == "gpu")
      return s_.compare_gpu->name.empty() ? s_.compare_gpu->id : s_.compare_gpu->name;
    if (c.other.ops.empty()) return std::string(kNone);
    if (field == "peak") return format_flop_rate(c.other.peak_flops);
    if (field == "bandwidth") return format_bandwidth(c.other.bandwidth);
    if (field == "ridge") return format_intensity(c.other.ridge_point);
    if (field == "step.time") return format_time(c.other.totals.time_s);
    if (field == "tokens_per_s") return format_token_rate(c.other.totals.tokens_per_s);
    if (field == "speedup") return format_ratio(c.speedup);
    return std::nullopt;
  }

  const Scenario& s_;
  const Analysis& a_;
  std::optional<CompareResult> compared_;
};

}  // namespace

std::span<const std::string_view> placeholder_names() {
  static const std::vector<std::string_view> views = [] {
    std::vector<std::string_view> out;
    for (const std::string& n : name_storage()) out.emplace_back(n);
    return out;
  }();
  return views;
}

namespace {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// The known name a typo most likely meant: a few edits away, or one a prefix of the other.
std::optional<std::string_view> closest_name(std::string_view name) {
  std::optional<std::string_view> best;
  size_t best_distance = std::max<size_t>(2, name.size() / 4) + 1;
  for (std::string_view n : placeholder_names()) {
    const size_t d = name.starts_with(n) || n.starts_with(name) ? 1 : edit_distance(name, n);
    if (d < best_distance) {
      best = n;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace

std::string check_template(std::string_view text) {
  std::string error;
  for_each_placeholder(
      text,
      [&](std::string_view name, std::string*) {
        if (!error.empty() || known_name(name)) return;
        error = "unknown placeholder {" + std::string(name) + "}: ";
        if (const auto guess = closest_name(name)) {
          error += "did you mean {" + std::string(*guess) + "}?";
        } else {
          error +=
              "expected a name such as {ridge}, {fc.intensity} or {step.time} "
              "(presets/lessons/README.md lists them all)";
        }
      },
      &error);
  return error;
}

bool uses_compare(std::string_view text) {
  bool found = false;
  for_each_placeholder(text, [&](std::string_view name, std::string*) {
    found = found || name.starts_with("compare.");
  });
  return found;
}

std::string fill_template(std::string_view text, const Scenario& s, const Analysis& a,
                          std::string_view value_space) {
  Values values(s, a);
  std::string out;
  for_each_placeholder(
      text,
      [&](std::string_view name, std::string* literal) {
        const std::optional<std::string> v = known_name(name) ? values(name) : std::nullopt;
        if (v) {
          for (char c : *v) c == ' ' ? literal->append(value_space) : literal->append(1, c);
        } else {  // kept as written (gcc 12 warns falsely on "{" + name + "}")
          literal->append(1, '{').append(name).append(1, '}');
        }
      },
      nullptr, &out);
  return out;
}

}  // namespace roofline
