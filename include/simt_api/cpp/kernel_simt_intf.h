// AscendC::Simt, the C++ helpers of SIMT code (Ascend 950). kernel_operator.h includes this on
// __NPU_ARCH__ 3510, as CANN's does.
#pragma once

#include <cstdint>
#include <type_traits>

#include "akg/lang/device_lang.h"

namespace AscendC::Simt {

// n / divisor with the magic and shift GetUintDivMagicAndShift computed for that divisor:
// (n + umulhi(n, magic)) >> shift, in T's width.
template <typename T>
__aicore__ inline T UintDiv(T dividend, T magic, T shift) {
    static_assert(std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>, "UintDiv supports uint32_t and uint64_t");
    using Wide = std::conditional_t<std::is_same_v<T, uint32_t>, uint64_t, unsigned __int128>;
    const T high = static_cast<T>((static_cast<Wide>(dividend) * magic) >> (sizeof(T) * 8));
    return static_cast<T>(dividend + high) >> shift;
}

}  // namespace AscendC::Simt
