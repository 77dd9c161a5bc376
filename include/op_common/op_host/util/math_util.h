// Integer helpers of opbase's host utilities (`op_common/op_host/util/math_util.h`, reached as
// `util/math_util.h`), namespace Ops::Base. A zero divisor gives 0, as opbase's do.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

namespace Ops {
namespace Base {

template <typename T>
auto FloorDiv(T x, T y) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
    return y == 0 ? 0 : x / y;
}

template <typename T>
auto FloorAlign(T x, T align) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
    return align == 0 ? 0 : x / align * align;
}

// Rounds toward +infinity (for signed operands, also for negative quotients).
template <typename T>
auto CeilDiv(T x, T y) -> typename std::enable_if<std::is_signed<T>::value, T>::type {
    if (y == 0) return 0;
    const T q = x / y;
    return (x % y != 0 && ((x < 0) == (y < 0))) ? q + 1 : q;
}

template <typename T>
auto CeilDiv(T x, T y) -> typename std::enable_if<std::is_unsigned<T>::value, T>::type {
    return y == 0 ? 0 : (x + y - 1) / y;
}

template <typename T>
auto CeilAlign(T x, T align) -> typename std::enable_if<std::is_integral<T>::value, T>::type {
    return CeilDiv(x, align) * align;
}

template <typename T>
auto IsFloatEqual(T a, T b) -> typename std::enable_if<std::is_floating_point<T>::value, bool>::type {
    return std::fabs(a - b) <= std::numeric_limits<T>::epsilon();
}

}  // namespace Base
}  // namespace Ops
