// AscendC::Std type traits (CANN's utils/std/type_traits.h): kernel code here compiles as host
// C++, so each is the standard library's trait under CANN's name.
#pragma once

#include <type_traits>

namespace AscendC::Std {

template <typename Tp, Tp v>
struct integral_constant : std::integral_constant<Tp, v> {};
template <bool Bp, typename If, typename Then>
struct conditional : std::conditional<Bp, If, Then> {};
template <bool B, typename Tp = void>
struct enable_if : std::enable_if<B, Tp> {};
template <typename Base, typename Derived>
struct is_base_of : std::is_base_of<Base, Derived> {};
template <typename From, typename To>
struct is_convertible : std::is_convertible<From, To> {};
template <typename Tp, typename Up>
struct is_same : std::is_same<Tp, Up> {};

}  // namespace AscendC::Std
