// Element arithmetic as the vector unit performs it: 16-bit floats are computed in float and
// rounded once (float's 24-bit significand makes that correctly rounded for + - * / sqrt), and
// conversions honour every RoundMode.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "akg/lang/device_lang.h"
#include "basic_api/kernel_base_types.h"

namespace akg::sim {

template <typename T>
inline constexpr bool kIsLowFloat = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;
template <typename T>
inline constexpr bool kIsFloat = kIsLowFloat<T> || std::is_floating_point_v<T>;

// The type arithmetic on T is carried out in.
template <typename T>
using Wide = std::conditional_t<kIsLowFloat<T>, float, T>;

template <typename T>
inline Wide<T> Widen(T v) {
    return static_cast<Wide<T>>(v);
}

// Converts a float result to T with round-to-nearest-even, as every vector instruction rounds.
template <typename T, typename W>
inline T Narrow(W v) {
    if constexpr (std::is_same_v<T, bfloat16_t>)
        return bfloat16_t(static_cast<float>(v));
    else
        return static_cast<T>(v);
}

// IEEE maximum/minimum that propagate NaN, like the vector unit's vmax/vmin on float data.
// Signed zeros are ordered (-0 < +0): the documented boundary tables give Max(0.0, -0.0) = 0.0
// and Min(0.0, -0.0) = -0.0 whatever the operand order.
template <typename W>
inline W MaxOf(W a, W b) {
    if constexpr (std::is_floating_point_v<W>) {
        if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<W>::quiet_NaN();
        if (a == 0 && b == 0) return std::signbit(a) ? b : a;
    }
    return a > b ? a : b;
}
template <typename W>
inline W MinOf(W a, W b) {
    if constexpr (std::is_floating_point_v<W>) {
        if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<W>::quiet_NaN();
        if (a == 0 && b == 0) return std::signbit(a) ? a : b;
    }
    return a < b ? a : b;
}

// Rounds x to an integral value under `mode` (CAST_NONE and CAST_RINT: nearest even).
long double RoundIntegral(long double x, AscendC::RoundMode mode);

// Rounds x to a binary floating-point format with `mantBits` fraction bits, minimum normal
// exponent `emin` and maximum finite value `maxFinite`, under `mode`. The result is exactly
// representable in the target format. long double holds every int64 and double exactly.
long double RoundToFormat(long double x, int mantBits, int emin, long double maxFinite, AscendC::RoundMode mode);

template <typename T>
inline T RoundFloatTo(long double x, AscendC::RoundMode mode) {
    if constexpr (std::is_same_v<T, half>)
        return static_cast<half>(static_cast<double>(RoundToFormat(x, 10, -14, 65504.0L, mode)));
    else if constexpr (std::is_same_v<T, bfloat16_t>)
        return bfloat16_t(static_cast<float>(RoundToFormat(x, 7, -126, 3.3895313892515355e38L, mode)));
    else if constexpr (std::is_same_v<T, float>)
        return static_cast<float>(RoundToFormat(x, 23, -126, 3.4028234663852886e38L, mode));
    else
        return static_cast<T>(x);
}

// Float to integer: round under `mode`, saturate to the type's range, NaN becomes 0.
template <typename I>
inline I RoundToInt(long double x, AscendC::RoundMode mode) {
    if (std::isnan(x)) return 0;
    long double r = RoundIntegral(x, mode);
    if (r <= static_cast<long double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    if (r >= static_cast<long double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    return static_cast<I>(r);
}

}  // namespace akg::sim
