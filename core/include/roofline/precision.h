#pragma once
// Number formats: their names, sizes and the math-precision rule of core/MODEL.md §1.

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace roofline {

enum class Precision { fp32, tf32, bf16, fp16, fp8, int8, fp4, int4 };

inline constexpr std::array<Precision, 8> kAllPrecisions = {
    Precision::fp32, Precision::tf32, Precision::bf16, Precision::fp16,
    Precision::fp8,  Precision::int8, Precision::fp4,  Precision::int4};

// Storage size of one element: fp32/tf32 4, bf16/fp16 2, fp8/int8 1, fp4/int4 0.5.
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
