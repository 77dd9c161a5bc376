// AscendC::Std tuples (CANN's utils/std/tuple.h): the standard library's tuple under CANN's names;
// Std::get, Std::make_tuple and Std::tie are std's.
#pragma once

#include <cstddef>
#include <tuple>

namespace AscendC::Std {

template <typename... Tps>
using tuple = std::tuple<Tps...>;
template <size_t N, typename Tuple>
struct tuple_element : std::tuple_element<N, Tuple> {};
template <typename Tuple>
struct tuple_size : std::tuple_size<Tuple> {};
using std::get;
using std::make_tuple;
using std::tie;

}  // namespace AscendC::Std
