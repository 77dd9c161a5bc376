// AscendC::Coord, MakeCoord and Crd2Idx (CANN: basic_api/impl/kernel_operator_coord.h, reached
// through kernel_operator.h): a coordinate is a tuple of indices, each a run-time integer or a
// Std::Int, nested as the layout's shape is.
#pragma once

#include "basic_api/kernel_operator_layout.h"

namespace AscendC {

template <typename... Coords>
using Coord = Std::tuple<Coords...>;

template <typename... Ts>
constexpr Coord<Ts...> MakeCoord(Ts const&... t) {
    return {t...};
}

template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const U& shape, const S& stride);

namespace CoordDetail {
// The number of elements a (nested) shape spans: the product of its integers.
template <typename T>
constexpr auto ShapeSize(const T& shape);
template <typename T, size_t... I>
constexpr auto ShapeSizeOf(const T& shape, Std::index_sequence<I...>) {
    return (... * ShapeSize(Std::get<I>(shape)));
}
template <typename T>
constexpr auto ShapeSize(const T& shape) {
    if constexpr (Std::is_tuple_v<T>) return ShapeSizeOf(shape, Std::make_index_sequence<Std::tuple_size_v<T>>{});
    else return shape;
}
template <typename T, typename U, typename S, size_t... I>
constexpr auto SumOfModes(const T& coord, const U& shape, const S& stride, Std::index_sequence<I...>) {
    return (... + Crd2Idx(Std::get<I>(coord), Std::get<I>(shape), Std::get<I>(stride)));
}
template <typename T, size_t... I>
constexpr auto Tail(const T& t, Std::index_sequence<I...>) {
    return Std::make_tuple(Std::get<I + 1>(t)...);
}
}  // namespace CoordDetail

// The element index of `coord` in a layout of `shape` and `stride`: a tuple coordinate adds its
// modes' indices; an integer coordinate into a tuple shape is split over its modes first mode
// fastest (i % size0 into mode 0, i / size0 into the rest); an integer in an integer mode is
// coordinate x stride.
template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const U& shape, const S& stride) {
    if constexpr (Std::is_tuple_v<T>) {
        static_assert(Std::is_tuple_v<U>, "Invalid parameters, U is not tuple!");
        static_assert(Std::tuple_size_v<T> == Std::tuple_size_v<U>, "Shape and Coord Mismatched Ranks");
        static_assert(Std::tuple_size_v<T> == Std::tuple_size_v<S>, "Stride and Coord Mismatched Ranks");
        return CoordDetail::SumOfModes(coord, shape, stride, Std::make_index_sequence<Std::tuple_size_v<T>>{});
    } else if constexpr (Std::is_tuple_v<U>) {
        static_assert(Std::tuple_size_v<U> == Std::tuple_size_v<S>, "Shape and Stride Mismatched Ranks");
        constexpr size_t modes = Std::tuple_size_v<U>;
        if constexpr (modes == 1) {
            return Crd2Idx(coord, Std::get<0>(shape), Std::get<0>(stride));
        } else {
            const auto size0 = CoordDetail::ShapeSize(Std::get<0>(shape));
            constexpr auto rest = Std::make_index_sequence<modes - 1>{};
            return Crd2Idx(coord % size0, Std::get<0>(shape), Std::get<0>(stride)) +
                   Crd2Idx(coord / size0, CoordDetail::Tail(shape, rest), CoordDetail::Tail(stride, rest));
        }
    } else {
        return coord * stride;
    }
}
template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const Layout<U, S>& layout) {
    return Crd2Idx(coord, layout.GetShape(), layout.GetStride());
}

}  // namespace AscendC
