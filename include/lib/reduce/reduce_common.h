// The reduce patterns of the axis-reduce APIs (CANN 8.x install layout lib/reduce/reduce_common.h):
// one letter per dimension of the source, A a kept (normal) axis, R a reduced one. Atlas A2 / A3
// compute the two-dimensional AR and RA; the others are declared for code that names them.
#pragma once

#include <cstdint>

namespace AscendC {
namespace Pattern {
namespace Reduce {
namespace detail {
// `code` names the pattern, `lastAxisKept` whether its innermost axis is an A axis.
template <uint32_t code, bool lastAxisKept, uint32_t dims>
struct PatternInfo {
    static constexpr uint32_t kCode = code;
    static constexpr bool kLastAxisKept = lastAxisKept;
    static constexpr uint32_t kDims = dims;
};
}  // namespace detail
struct R : detail::PatternInfo<2, false, 1> {};
struct AR : detail::PatternInfo<0, false, 2> {};
struct RA : detail::PatternInfo<1, true, 2> {};
struct ARA : detail::PatternInfo<3, true, 3> {};
struct ARAR : detail::PatternInfo<4, false, 4> {};
struct ARARA : detail::PatternInfo<5, true, 5> {};
struct ARARAR : detail::PatternInfo<6, false, 6> {};
struct ARARARA : detail::PatternInfo<7, true, 7> {};
struct ARARARAR : detail::PatternInfo<8, false, 8> {};
struct ARARARARA : detail::PatternInfo<9, true, 9> {};
struct RAR : detail::PatternInfo<10, false, 3> {};
struct RARA : detail::PatternInfo<11, true, 4> {};
struct RARAR : detail::PatternInfo<12, false, 5> {};
struct RARARA : detail::PatternInfo<13, true, 6> {};
struct RARARAR : detail::PatternInfo<14, false, 7> {};
struct RARARARA : detail::PatternInfo<15, true, 8> {};
}  // namespace Reduce
}  // namespace Pattern
}  // namespace AscendC
