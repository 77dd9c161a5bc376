// opbase's kernel-side integer helpers (Ops::Base): division and alignment rounding up or down.
// Rounding up widens 8- and 16-bit operands to 32 bits and wider ones to 64, so a + b - 1 cannot
// overflow the operand type.
#pragma once

#include <cstdint>
#include <type_traits>

#include "akg/lang/device_lang.h"

namespace Ops::Base {

namespace detail {
template <typename T>
using RoundUpWide = std::conditional_t<(sizeof(T) <= 2), uint32_t, uint64_t>;
}  // namespace detail

template <typename T>
__aicore__ inline T CeilDiv(T a, T b) {
    using W = detail::RoundUpWide<T>;
    return static_cast<T>((static_cast<W>(a) + static_cast<W>(b) - 1) / static_cast<W>(b));
}
template <typename T>
__aicore__ inline T FloorDiv(T a, T b) {
    return a / b;
}
template <typename T>
__aicore__ inline T CeilAlign(T a, T b) {
    using W = detail::RoundUpWide<T>;
    return static_cast<T>((static_cast<W>(a) + static_cast<W>(b) - 1) / static_cast<W>(b) * static_cast<W>(b));
}
template <typename T>
__aicore__ inline T FloorAlign(T a, T b) {
    return a / b * b;
}

}  // namespace Ops::Base
