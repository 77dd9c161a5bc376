// AscendC::Std tuples (CANN's utils/std/tuple.h): the standard library's tuple under CANN's names;
// Std::get, Std::make_tuple and Std::tie are std's.
#pragma once

#include <cstddef>
#include <tuple>

#include "utils/std/type_traits.h"

namespace AscendC::Std {

template <typename... Tps>
using tuple = std::tuple<Tps...>;
template <size_t N, typename Tuple>
struct tuple_element : std::tuple_element<N, Tuple> {};
template <size_t N, typename Tuple>
using tuple_element_t = typename tuple_element<N, Tuple>::type;
template <typename Tuple>
struct tuple_size : std::tuple_size<Tuple> {};
template <typename Tuple>
inline constexpr size_t tuple_size_v = std::tuple_size<Tuple>::value;
using std::get;
using std::ignore;
using std::make_tuple;
using std::tie;

// Whether T has a tuple size (a tuple, as CANN's is_tuple detects it).
template <typename T, typename = void>
struct is_tuple : false_type {};
template <typename T>
struct is_tuple<T, std::void_t<decltype(std::tuple_size<T>::value)>> : true_type {};
template <typename T>
inline constexpr bool is_tuple_v = is_tuple<T>::value;

}  // namespace AscendC::Std
