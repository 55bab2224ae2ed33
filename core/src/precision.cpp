#include "roofline/precision.h"

#include <array>

namespace roofline {

namespace {
constexpr std::array<std::string_view, kAllPrecisions.size()> kNames = {
    "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "fp4", "int4", "mxfp4", "nvfp4"};
constexpr std::array<double, kAllPrecisions.size()> kBytes = {
    4, 4, 2, 2, 1, 1, 0.5, 0.5, (4.0 + 8.0 / 32) / 8, (4.0 + 8.0 / 16) / 8};

using P = Precision;
// Next wider roofs, in order of preference. A 16-bit format falls back to its twin first
// because GPUs without a bf16 roof (V100, T4) run bf16 models as fp16.
constexpr std::array<P, 6> kFromFp4 = {P::fp4, P::fp8, P::bf16, P::fp16, P::tf32, P::fp32};
// A GPU that lists only "fp4" runs both block-scaled formats on that roof.
constexpr std::array<P, 7> kFromMxfp4 = {P::mxfp4, P::fp4,  P::fp8, P::bf16,
                                         P::fp16,  P::tf32, P::fp32};
constexpr std::array<P, 7> kFromNvfp4 = {P::nvfp4, P::fp4,  P::fp8, P::bf16,
                                         P::fp16,  P::tf32, P::fp32};
constexpr std::array<P, 6> kFromInt4 = {P::int4, P::int8, P::fp16, P::bf16, P::tf32, P::fp32};
constexpr std::array<P, 5> kFromFp8 = {P::fp8, P::bf16, P::fp16, P::tf32, P::fp32};
constexpr std::array<P, 5> kFromInt8 = {P::int8, P::fp16, P::bf16, P::tf32, P::fp32};
constexpr std::array<P, 4> kFromBf16 = {P::bf16, P::fp16, P::tf32, P::fp32};
constexpr std::array<P, 4> kFromFp16 = {P::fp16, P::bf16, P::tf32, P::fp32};
constexpr std::array<P, 2> kFromTf32 = {P::tf32, P::fp32};
constexpr std::array<P, 1> kFromFp32 = {P::fp32};
}  // namespace

double bytes_per_element(Precision p) { return kBytes[static_cast<size_t>(p)]; }

std::string_view to_string(Precision p) { return kNames[static_cast<size_t>(p)]; }

std::optional<Precision> parse_precision(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return kAllPrecisions[i];
  }
  return std::nullopt;
}

Precision math_precision(Precision weights, Precision activations) {
  return bytes_per_element(weights) > bytes_per_element(activations) ? weights : activations;
}

std::span<const Precision> fallback_chain(Precision p) {
  switch (p) {
    case P::fp4:
      return kFromFp4;
    case P::mxfp4:
      return kFromMxfp4;
    case P::nvfp4:
      return kFromNvfp4;
    case P::int4:
      return kFromInt4;
    case P::fp8:
      return kFromFp8;
    case P::int8:
      return kFromInt8;
    case P::bf16:
      return kFromBf16;
    case P::fp16:
      return kFromFp16;
    case P::tf32:
      return kFromTf32;
    case P::fp32:
      return kFromFp32;
  }
  return kFromFp32;
}

}  // namespace roofline
