// AscendC::Std scalar math (CANN's utils/std/cmath.h): sqrt and abs of a scalar (half and
// bfloat16_t through float), and the integer helpers tilings and layouts use: ceil_div (CANN's
// earlier name) / ceil_division, ceil_align and divide.
#pragma once

#include <cmath>
#include <type_traits>

namespace AscendC::Std {

template <typename T>
inline T sqrt(const T src) {
    if constexpr (std::is_floating_point_v<T>) return std::sqrt(src);
    else return T(std::sqrt(float(src)));
}
template <typename T>
inline T abs(const T src) {
    if constexpr (std::is_floating_point_v<T>) return std::fabs(src);
    else if constexpr (std::is_integral_v<T>) return src < T(0) ? T(-src) : src;
    else return T(std::fabs(float(src)));
}
// For signed operands the caller keeps a >= 0 and b > 0, as CANN documents.
template <typename T, typename U>
constexpr auto ceil_div(const T& a, const U& b) {
    return (a + b - 1) / b;
}
template <typename T, typename U>
constexpr auto ceil_division(const T& a, const U& b) {
    return ceil_div(a, b);
}
template <typename T, typename U>
constexpr auto ceil_align(const T& a, const U& b) {
    return ceil_div(a, b) * b;
}
template <typename T, typename U>
constexpr auto divide(const T& a, const U& b) {
    return a / b;
}

}  // namespace AscendC::Std
