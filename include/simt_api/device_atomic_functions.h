// Atomic read-modify-write of SIMT code on GM or UB (Ascend 950): each returns the old value.
// Threads run one at a time here, so a plain read-modify-write is atomic; the accesses are
// checked like every other SIMT access.
#pragma once

#include <algorithm>
#include <type_traits>

#include "simt_api/common_functions.h"

namespace akg::simt {
template <typename T>
inline constexpr bool kAtomicType = akg::sim::kOneOf<T, int32_t, uint32_t, int64_t, uint64_t, float, half, bfloat16_t>;
}  // namespace akg::simt

template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_add(T* address, T val) {
    const T old = *address;
    *address = static_cast<T>(old + val);
    return old;
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_sub(T* address, T val) {
    const T old = *address;
    *address = static_cast<T>(old - val);
    return old;
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_max(T* address, T val) {
    const T old = *address;
    *address = old < val ? val : old;
    return old;
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_min(T* address, T val) {
    const T old = *address;
    *address = val < old ? val : old;
    return old;
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_exch(T* address, T val) {
    const T old = *address;
    *address = val;
    return old;
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_cas(T* address, T compare, T val) {
    const T old = *address;
    if (old == compare) *address = val;
    return old;
}
