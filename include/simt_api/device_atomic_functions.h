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

// *address = update(old); returns old.
template <typename T, typename F>
__aicore__ inline T ReadModifyWrite(T* address, F&& update) {
    const T old = *address;
    *address = update(old);
    return old;
}
}  // namespace akg::simt

template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_add(T* address, T val) {
    return akg::simt::ReadModifyWrite(address, [&](T old) { return static_cast<T>(old + val); });
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_sub(T* address, T val) {
    return akg::simt::ReadModifyWrite(address, [&](T old) { return static_cast<T>(old - val); });
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_max(T* address, T val) {
    return akg::simt::ReadModifyWrite(address, [&](T old) { return old < val ? val : old; });
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_min(T* address, T val) {
    return akg::simt::ReadModifyWrite(address, [&](T old) { return val < old ? val : old; });
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_exch(T* address, T val) {
    return akg::simt::ReadModifyWrite(address, [&](T) { return val; });
}
template <typename T, typename = std::enable_if_t<akg::simt::kAtomicType<T>>>
__aicore__ inline T asc_atomic_cas(T* address, T compare, T val) {
    return akg::simt::ReadModifyWrite(address, [&](T old) { return old == compare ? val : old; });
}
