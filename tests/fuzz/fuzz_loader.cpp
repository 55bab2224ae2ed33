// One libFuzzer target per loader (ROOFLINE_FUZZ_LOADER picks it at compile time), one for the
// text of numbers and names (10), one for a link's fragment (11): the bytes are a file's text; the
// loader must give a value or one message, never crash, hang or trip ASan or UBSan. What loads is
// then analysed, so the model's arithmetic is fuzzed through real inputs.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "roofline/analysis.h"
#include "roofline/charconv.h"
#include "roofline/io/json_io.h"
#include "roofline/io/lesson_io.h"
#include "roofline/io/preset_library.h"
#include "roofline/io/profile_import.h"
#include "roofline/units.h"
#ifdef ROOFLINE_FUZZ_PERSIST  // the targets linking roofline::persist (tests/fuzz/CMakeLists.txt)
#include "roofline/persist/scenario_file.h"
#include "roofline/persist/scenario_link.h"
#include "roofline/persist/settings_file.h"
#endif

namespace {

using namespace roofline;

// Whatever loaded must analyse to finite, non-negative numbers (or to no operators and a
// warning): a NaN, an infinity or a negative size is a wrong number shown to a user.
void check(const Scenario& s) {
  const Analysis a = analyze(s);
  if (a.ops.empty()) {
    if (a.warnings.empty()) std::abort();
    return;
  }
  const Totals& t = a.totals;
  for (double v : {t.flops, t.bytes, t.time_s, t.weights_bytes, t.kv_cache_bytes}) {
    if (!std::isfinite(v) || v < 0) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const PresetLibrary& lib = PresetLibrary::builtin();
#if ROOFLINE_FUZZ_LOADER == 1
  if (auto g = parse_gpu(text, "fuzz.json")) {
    Scenario s = lib.default_scenario();
    s.gpu = *g;
    check(s);
  }
#elif ROOFLINE_FUZZ_LOADER == 2
  if (auto m = parse_model(text, "fuzz.json", "fuzz")) {
    Scenario s = lib.default_scenario();
    s.model = *m;
    check(s);
  }
#elif ROOFLINE_FUZZ_LOADER == 3
  if (auto f = parse_scenario(text, "fuzz.json", lib, ".")) check(f->scenario);
#elif ROOFLINE_FUZZ_LOADER == 4
  (void)load_lesson(text, "fuzz.json", lib);
#elif ROOFLINE_FUZZ_LOADER == 5
  (void)parse_settings(text, "fuzz.json");
#elif ROOFLINE_FUZZ_LOADER == 6
  if (auto c = parse_calibration(text, "fuzz.json")) {
    Scenario s = lib.default_scenario();
    s.calibration = *c;
    check(s);
  }
#elif ROOFLINE_FUZZ_LOADER == 7
  (void)parse_measurements(text, "fuzz.json", lib, nullptr);
#elif ROOFLINE_FUZZ_LOADER == 8
  // Profiles (every import format): what imports is compared with the default step, and every
  // point the chart would draw must be a finite, positive place.
  if (auto p = import_profile_text(text, "fuzz.csv")) {
    static const Analysis a = analyze(lib.default_scenario());
    const ProfileComparison c = compare_profile(a, *p, builtin_kernel_rules(), {.steps = 3});
    for (const MeasuredPoint& pt : c.points) {
      if (!(std::isfinite(pt.intensity) && pt.intensity > 0 && std::isfinite(pt.achieved_flops) &&
            pt.achieved_flops > 0 && std::isfinite(pt.share_of_roof)))
        std::abort();
    }
    if (!std::isfinite(c.measured_step_s) || c.measured_step_s < 0) std::abort();
    for (const MeasuredRoof& r : p->roofs)
      if (!std::isfinite(r.value) || r.value <= 0) std::abort();
  }
#elif ROOFLINE_FUZZ_LOADER == 9
  (void)parse_kernel_rules(text, "fuzz.json");
#elif ROOFLINE_FUZZ_LOADER == 10
  // The text of numbers and names: the first 8 bytes are a double for every formatter (a finite
  // one must read as a short finite text), the rest a name for printable() (no control
  // character may come out of it).
  (void)lib;
  double v = 0;
  if (size >= sizeof v) std::memcpy(&v, data, sizeof v);
  if (std::isfinite(v)) {
    for (const std::string& t :
         {format_si(v, "B"), format_time(v), format_count(v), format_intensity(v),
          format_percent(v), format_ratio(v), format_parameters(v), format_token_rate(v)}) {
      if (t.size() > 40 || t.find("nan") != std::string::npos ||
          t.find("inf") != std::string::npos || t.find("\u221e") != std::string::npos)
        std::abort();
    }
    // The web build's printf versions of <charconv> print and read what libstdc++'s do.
    if (detail::printf_shortest(v) != chars_shortest(v)) std::abort();
    if (detail::strtod_prefix(chars_shortest(v)).value != v) std::abort();
  }
  const ParsedDouble ours = detail::strtod_prefix(text);
  const ParsedDouble standard = parse_double_prefix(text);
  if (ours.length != standard.length || ours.out_of_range != standard.out_of_range ||
      (standard.length > 0 && !standard.out_of_range && !std::isnan(standard.value) &&
       ours.value != standard.value))
    std::abort();
  for (bool keep_lines : {false, true}) {
    const std::string p = printable(text, keep_lines);
    for (size_t i = 0; i < p.size(); ++i) {
      const auto c = static_cast<unsigned char>(p[i]);
      if ((c < 0x20 && c != '\t' && !(keep_lines && c == '\n')) || c == 0x7F) std::abort();
      if (c == 0xC2 && i + 1 < p.size() && static_cast<unsigned char>(p[i + 1]) >= 0x80 &&
          static_cast<unsigned char>(p[i + 1]) <= 0x9F)
        std::abort();
    }
    if (p.size() > 3 * text.size()) std::abort();
  }
#elif ROOFLINE_FUZZ_LOADER == 11
  // A link's fragment (the web page's address): refused with a message, or read into changes
  // that apply (or are refused) and write back to a fragment that reads the same.
  if (auto link = parse_scenario_link(text)) {
    auto applied =
        apply_changes(lib.default_scenario(), link->changes, preset_resolver(lib), "link");
    if (applied) {
      check(*applied);
      auto again = parse_scenario_link(scenario_link_fragment(*applied));
      if (!again) std::abort();
      auto back = apply_changes(lib.default_scenario(), again->changes, preset_resolver(lib));
      if (!back || !(*back == *applied)) std::abort();
    }
  }
#else
#error \
    "ROOFLINE_FUZZ_LOADER: 1 gpu, 2 model, 3 scenario, 4 lesson, 5 settings, 6 calibration, 7 measurements, 8 profile, 9 kernels, 10 text, 11 link"
#endif
  return 0;
}
