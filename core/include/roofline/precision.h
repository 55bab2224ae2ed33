#pragma once
// Number formats: their names, sizes and the math-precision rule of core/MODEL.md §1.

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace roofline {

// mxfp4 (OCP MX: 4-bit elements, one 8-bit power-of-two scale per 32) and nvfp4 (NVIDIA: 4-bit
// elements, one fp8 scale per 16) are fp4 with their block scales counted in their size.
enum class Precision { fp32, tf32, bf16, fp16, fp8, int8, fp4, int4, mxfp4, nvfp4 };

inline constexpr std::array<Precision, 10> kAllPrecisions = {
    Precision::fp32, Precision::tf32, Precision::bf16, Precision::fp16,  Precision::fp8,
    Precision::int8, Precision::fp4,  Precision::int4, Precision::mxfp4, Precision::nvfp4};

// Storage size of one element, block scales included: fp32/tf32 4, bf16/fp16 2, fp8/int8 1,
// fp4/int4 0.5, mxfp4 (4 + 8/32 bits) 0.53125, nvfp4 (4 + 8/16 bits) 0.5625.
double bytes_per_element(Precision p);

// Lower-case name as used in JSON and on the command line ("bf16").
std::string_view to_string(Precision p);

// Parses a lower-case name; nullopt for anything else.
std::optional<Precision> parse_precision(std::string_view name);

// The precision the matmuls run in: the activations', unless the weights are wider (then the
// weights'). Weight-only quantization (W4A16) therefore runs on the activation roof.
Precision math_precision(Precision weights, Precision activations);

// The precisions to try, in order, when a GPU has no roof for `p`: `p` first, then the
// next wider ones (fp8 -> bf16, fp16, tf32, fp32). Ends with fp32.
std::span<const Precision> fallback_chain(Precision p);

}  // namespace roofline
