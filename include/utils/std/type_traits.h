// AscendC::Std type traits (CANN's utils/std/type_traits.h): kernel code here compiles as host
// C++, so each is the standard library's trait under CANN's name. CANN's own additions —
// Std::Int (a size_t constant with compile-time arithmetic), is_constant, is_one_of — are
// written here with the meaning CANN's headers give them.
#pragma once

#include <cstddef>
#include <type_traits>

namespace AscendC::Std {

template <typename Tp, Tp v>
struct integral_constant : std::integral_constant<Tp, v> {
    using type = integral_constant;
};
using true_type = integral_constant<bool, true>;
using false_type = integral_constant<bool, false>;
template <bool b>
using bool_constant = integral_constant<bool, b>;
// A compile-time extent or index (layouts and coordinates): Int<a> op Int<b> is again an Int.
template <size_t v>
using Int = integral_constant<size_t, v>;
#define AKG_STD_INT_BINARY_OP(OP)                          \
    template <auto t, auto u>                              \
    constexpr Int<(t OP u)> operator OP(Int<t>, Int<u>) { \
        return {};                                         \
    }
AKG_STD_INT_BINARY_OP(+)
AKG_STD_INT_BINARY_OP(-)
AKG_STD_INT_BINARY_OP(*)
AKG_STD_INT_BINARY_OP(/)
AKG_STD_INT_BINARY_OP(%)
#undef AKG_STD_INT_BINARY_OP

template <bool Bp, typename If, typename Then>
struct conditional : std::conditional<Bp, If, Then> {};
template <bool Bp, typename If, typename Then>
using conditional_t = typename conditional<Bp, If, Then>::type;
template <bool B, typename Tp = void>
struct enable_if : std::enable_if<B, Tp> {};
template <bool B, typename Tp = void>
using enable_if_t = typename enable_if<B, Tp>::type;
template <typename Base, typename Derived>
struct is_base_of : std::is_base_of<Base, Derived> {};
template <typename Base, typename Derived>
inline constexpr bool is_base_of_v = is_base_of<Base, Derived>::value;
template <typename From, typename To>
struct is_convertible : std::is_convertible<From, To> {};
template <typename From, typename To>
inline constexpr bool is_convertible_v = is_convertible<From, To>::value;
template <typename Tp, typename Up>
struct is_same : std::is_same<Tp, Up> {};
template <typename Tp, typename Up>
inline constexpr bool is_same_v = is_same<Tp, Up>::value;

// The rest of CANN's impl/utils/std/type_traits, one name each for the standard trait.
#define AKG_STD_TRAIT(name)                                   \
    template <typename T>                                     \
    struct name : std::name<T> {};                            \
    template <typename T>                                     \
    inline constexpr bool name##_v = std::name<T>::value;
AKG_STD_TRAIT(is_array)
AKG_STD_TRAIT(is_class)
AKG_STD_TRAIT(is_const)
AKG_STD_TRAIT(is_floating_point)
AKG_STD_TRAIT(is_function)
AKG_STD_TRAIT(is_integral)
AKG_STD_TRAIT(is_pointer)
AKG_STD_TRAIT(is_reference)
AKG_STD_TRAIT(is_union)
AKG_STD_TRAIT(is_void)
#undef AKG_STD_TRAIT
#define AKG_STD_TRANSFORM(name)        \
    template <typename T>              \
    struct name : std::name<T> {};     \
    template <typename T>              \
    using name##_t = typename std::name<T>::type;
AKG_STD_TRANSFORM(add_const)
AKG_STD_TRANSFORM(add_cv)
AKG_STD_TRANSFORM(add_lvalue_reference)
AKG_STD_TRANSFORM(add_pointer)
AKG_STD_TRANSFORM(add_rvalue_reference)
AKG_STD_TRANSFORM(add_volatile)
AKG_STD_TRANSFORM(decay)
AKG_STD_TRANSFORM(remove_const)
AKG_STD_TRANSFORM(remove_cv)
AKG_STD_TRANSFORM(remove_extent)
AKG_STD_TRANSFORM(remove_pointer)
AKG_STD_TRANSFORM(remove_reference)
AKG_STD_TRANSFORM(remove_volatile)
#undef AKG_STD_TRANSFORM
// std::remove_cvref is C++20; kernels build as C++17, as CANN's do.
template <typename T>
struct remove_cvref : std::remove_cv<std::remove_reference_t<T>> {};
template <typename T>
using remove_cvref_t = typename remove_cvref<T>::type;

// Whether T (through references and const) is the compile-time constant n.
template <auto n, typename T>
struct is_constant : false_type {};
template <auto n, typename T>
struct is_constant<n, T const> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T&> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T const&> : is_constant<n, T> {};
template <auto n, typename T>
struct is_constant<n, T&&> : is_constant<n, T> {};
template <auto n, typename T, T v>
struct is_constant<n, integral_constant<T, v>> : bool_constant<v == n> {};

// Whether T is one of Args (is_one_of), or Value one of the values (is_one_of_value).
template <typename T, typename... Args>
struct is_one_of : bool_constant<(std::is_same_v<T, Args> || ...)> {};
template <typename T, typename... Args>
inline constexpr bool is_one_of_v = is_one_of<T, Args...>::value;
template <typename T, T Value, T... Values>
struct is_one_of_value : bool_constant<((Value == Values) || ...)> {};
template <typename T, T... Value>
inline constexpr bool is_one_of_value_v = is_one_of_value<T, Value...>::value;

}  // namespace AscendC::Std
