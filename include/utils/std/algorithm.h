// AscendC::Std::max / min (CANN's utils/std/algorithm.h): of two values of possibly different
// types, in their common type (std::max needs one type).
#pragma once

#include <type_traits>

namespace AscendC::Std {

template <typename T, typename U>
constexpr auto max(const T& src0, const U& src1) {
    using C = std::common_type_t<T, U>;
    return src0 < src1 ? C(src1) : C(src0);
}
template <typename T, typename U>
constexpr auto min(const T& src0, const U& src1) {
    using C = std::common_type_t<T, U>;
    return src1 < src0 ? C(src1) : C(src0);
}

}  // namespace AscendC::Std
