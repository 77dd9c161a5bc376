// AscendC::Layout, Shape, Stride and their makers (CANN: basic_api/impl/kernel_operator_layout.h,
// reached through kernel_operator.h): a layout maps a coordinate to an element index by its shape
// and stride, each a tuple (nested for hierarchical layouts) of run-time integers or Std::Ints.
#pragma once

#include <cstdint>

#include "utils/std/tuple.h"
#include "utils/std/type_traits.h"
#include "utils/std/utility.h"

namespace AscendC {

template <typename... Shapes>
using Shape = Std::tuple<Shapes...>;
template <typename... Strides>
using Stride = Std::tuple<Strides...>;

template <typename... Ts>
constexpr Shape<Ts...> MakeShape(const Ts&... t) {
    return {t...};
}
template <typename... Ts>
constexpr Stride<Ts...> MakeStride(const Ts&... t) {
    return {t...};
}

// How many integers a (nested) shape holds: 2 for (rows, cols), 4 for ((r0, r1), (c0, c1)).
template <typename T>
struct nesting_depth : Std::integral_constant<size_t, 1> {};
template <typename... Args>
struct nesting_depth<Std::tuple<Args...>> : Std::integral_constant<size_t, (size_t(0) + ... + nesting_depth<Args>::value)> {};
template <typename T>
constexpr size_t nesting_depth_v = nesting_depth<T>::value;

template <typename T, typename U, typename S>
constexpr auto Crd2Idx(const T& coord, const U& shape, const S& stride);  // kernel_operator_coord.h

template <typename T, typename U>
struct Layout : private Std::tuple<T, U> {
    constexpr Layout(const T& shape = {}, const U& stride = {}) : Std::tuple<T, U>(shape, stride) {
        static_assert(Std::is_tuple_v<T> && Std::is_tuple_v<U>, "Shape or Stride is not tuple!");
    }
    constexpr decltype(auto) layout() { return *this; }
    constexpr decltype(auto) layout() const { return *this; }
    // The whole shape / stride, or a tuple of the top-level modes I...
    template <size_t... I>
    constexpr decltype(auto) GetShape() const {
        return Select<0, I...>();
    }
    template <size_t... I>
    constexpr decltype(auto) GetStride() const {
        return Select<1, I...>();
    }
    // The span of a 2-D layout (rows x row stride or cols x col stride, the larger), or of a 4-D
    // one by its outer row and column modes; -1 for other depths.
    constexpr uint32_t GetSize() const {
        const T& shape = Std::get<0>(Base());
        const U& stride = Std::get<1>(Base());
        if constexpr (nesting_depth_v<T> == 4) {
            return Larger(Std::get<1>(Std::get<0>(shape)) * Std::get<1>(Std::get<0>(stride)),
                          Std::get<1>(Std::get<1>(shape)) * Std::get<1>(Std::get<1>(stride)));
        } else if constexpr (nesting_depth_v<T> == 2) {
            return Larger(Std::get<0>(shape) * Std::get<0>(stride), Std::get<1>(shape) * Std::get<1>(stride));
        } else {
            return uint32_t(-1);
        }
    }
    // The element index of a coordinate (Crd2Idx).
    template <typename S>
    constexpr auto operator()(const S& coord) const {
        return Crd2Idx(coord, GetShape(), GetStride());
    }

private:
    constexpr const Std::tuple<T, U>& Base() const { return *this; }
    template <typename A, typename B>
    static constexpr uint32_t Larger(const A& a, const B& b) {
        return uint32_t(a > b ? a : b);
    }
    template <size_t which, size_t... I>
    constexpr decltype(auto) Select() const {
        if constexpr (sizeof...(I) == 0) return Std::get<which>(Base());
        else return Std::make_tuple(Std::get<I>(Std::get<which>(Base()))...);
    }
};

template <typename T, typename U>
constexpr auto MakeLayout(const T& shape, const U& stride) {
    static_assert(Std::is_tuple_v<T> && Std::is_tuple_v<U>, "Shape or Stride is not tuple!");
    return Layout<T, U>(shape, stride);
}

template <typename T>
struct is_layout : Std::false_type {};
template <typename T, typename U>
struct is_layout<Layout<T, U>> : Std::true_type {};
template <typename T>
constexpr bool is_layout_v = is_layout<T>::value;

}  // namespace AscendC
