// Scalar-unit computations: bfloat16/float conversions (ToFloat/ToBfloat16 and their newer Cast
// spelling), rounding conversions, bit counting, and uncached GM access.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace akg::sim {
// v converted to half (kind 0), int32 (kind 1) or bfloat16 (kind 2) under `mode`, as a double.
double ScalarRound(double v, int kind, AscendC::RoundMode mode);
}  // namespace akg::sim

namespace AscendC {

__aicore__ inline float ToFloat(const bfloat16_t& bVal) { return static_cast<float>(bVal); }
__aicore__ inline bfloat16_t ToBfloat16(const float& fVal) { return bfloat16_t(fVal); }
__aicore__ inline float Cast(const bfloat16_t& bVal) { return static_cast<float>(bVal); }
__aicore__ inline bfloat16_t Cast(const float& fVal) { return bfloat16_t(fVal); }

template <typename T, typename U, RoundMode roundMode>
__aicore__ inline U Cast(T valueIn) {
    static_assert(std::is_same_v<T, float> && akg::sim::kOneOf<U, half, int32_t, bfloat16_t>,
                  "scalar Cast converts float to half, int32_t or bfloat16_t");
    constexpr int kind = std::is_same_v<U, half> ? 0 : std::is_same_v<U, int32_t> ? 1 : 2;
    return static_cast<U>(static_cast<float>(akg::sim::ScalarRound(valueIn, kind, roundMode)));
}

__aicore__ constexpr inline int32_t CeilDivision(int32_t num1, int32_t num2) {
    return num2 == 0 ? 0 : (num1 + num2 - 1) / num2;
}
__aicore__ inline int64_t CountLeadingZero(uint64_t valueIn) {
    return valueIn == 0 ? 64 : __builtin_clzll(valueIn);
}
__aicore__ inline int64_t CountBitsCntSameAsSignBit(int64_t valueIn) {
    // Bits after the sign bit that equal it.
    uint64_t v = static_cast<uint64_t>(valueIn < 0 ? ~valueIn : valueIn);
    return (v == 0 ? 64 : __builtin_clzll(v)) - 1;
}
template <int countValue>
__aicore__ inline int64_t GetBitCount(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "GetBitCount counts 0 or 1 bits");
    int64_t ones = __builtin_popcountll(valueIn);
    return countValue == 1 ? ones : 64 - ones;
}
template <int countValue>
__aicore__ inline int64_t GetSFFValue(uint64_t valueIn) {
    static_assert(countValue == 0 || countValue == 1, "GetSFFValue finds the first 0 or 1 bit");
    uint64_t v = countValue == 1 ? valueIn : ~valueIn;
    return v == 0 ? -1 : __builtin_ctzll(v);
}
template <int count = 1>
__aicore__ inline void Nop() {}

// The multiplier and shift with which Simt::UintDiv divides by `divisor` (Ascend 950's SIMT):
// q = (n + umulhi(n, magic)) >> shift, in T's width. shift = ceil(log2(divisor)); magic =
// floor(2^w * (2^shift - divisor) / divisor) + 1 for the width w of T.
template <typename T>
__aicore__ inline void GetUintDivMagicAndShift(T& magic, T& shift, T divisor) {
    static_assert(std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>,
                  "GetUintDivMagicAndShift supports uint32_t and uint64_t");
    const uint64_t d = divisor;
    const int64_t bits = 64 - CountLeadingZero(d);
    const int64_t s = __builtin_popcountll(d) == 1 ? bits - 1 : bits;
    shift = static_cast<T>(s);
    constexpr unsigned width = sizeof(T) * 8;
    const unsigned __int128 excess = (static_cast<unsigned __int128>(1) << s) - d;
    magic = d == 0 ? T{0} : static_cast<T>((excess << width) / d + 1);
}

template <typename T>
AKG_API T ReadGmByPassDCache(__gm__ T* addr) {
    if (!akg::sim::GmFlagAccess(addr, sizeof(T), false, AKG_CALLER)) return T{};
    return *addr;
}
template <typename T>
AKG_API void WriteGmByPassDCache(__gm__ T* addr, T value) {
    if (!akg::sim::GmFlagAccess(addr, sizeof(T), true, AKG_CALLER)) return;
    *addr = value;
}

}  // namespace AscendC
