// AscendC::Std (utils/std/*.h): the utilities kernels and their host code call under CANN's
// names — ceil_div in tilings (the official matmul_splitk sample), max/min of mixed types,
// scalar sqrt/abs, tuples and the traits.
#include <gtest/gtest.h>

#include <cstdint>

#include "kernel_operator.h"
#include "utils/std/algorithm.h"
#include "utils/std/cmath.h"
#include "utils/std/tuple.h"
#include "utils/std/type_traits.h"
#include "utils/std/utility.h"

namespace Std = AscendC::Std;

static_assert(Std::ceil_div(1024u, 256u) == 4u && Std::ceil_div(1025, 256) == 5 && Std::ceil_div(0, 7) == 0);
static_assert(Std::is_same<Std::conditional<true, float, half>::type, float>::value);
static_assert(!Std::is_same<int, long>::value && Std::is_base_of<Std::integral_constant<int, 3>, Std::integral_constant<int, 3>>::value);
static_assert(Std::integral_constant<int, 3>::value == 3 && Std::is_convertible<int, float>::value);
static_assert(std::is_same_v<Std::enable_if<true, int>::type, int>);
static_assert(std::is_same_v<Std::make_index_sequence<3>, Std::index_sequence<0, 1, 2>>);
static_assert(Std::tuple_size<Std::tuple<int, float, char>>::value == 3);
static_assert(std::is_same_v<Std::tuple_element<1, Std::tuple<int, float>>::type, float>);
static_assert(Std::ceil_division(7, 2) == 4 && Std::ceil_align(7u, 4u) == 8u && Std::divide(7, 2) == 3);
// CANN's own traits: compile-time Ints with arithmetic, is_constant, is_one_of, is_tuple.
static_assert(std::is_same_v<decltype(Std::Int<6>{} * Std::Int<7>{}), Std::Int<42>>);
static_assert(Std::is_constant<16, const Std::Int<16>&>::value && !Std::is_constant<16, size_t>::value);
static_assert(Std::is_one_of_v<float, int, half, float> && !Std::is_one_of_v<double, int, float>);
static_assert(Std::is_one_of_value_v<int, 3, 1, 2, 3> && !Std::is_one_of_value_v<int, 4, 1, 2, 3>);
static_assert(Std::is_tuple_v<Std::tuple<int>> && !Std::is_tuple_v<int>);
static_assert(Std::tuple_size_v<AscendC::Coord<int, Std::Int<2>>> == 2);
static_assert(Std::is_same_v<Std::remove_cvref_t<const int&>, int> && Std::is_pointer_v<int*>);

TEST(StdUtils, MaxMinTakeTheCommonTypeOfMixedOperands) {
    EXPECT_EQ(Std::max(3, 7u), 7u);
    EXPECT_EQ(Std::min(int64_t(-5), 2), int64_t(-5));
    static_assert(std::is_same_v<decltype(Std::max(1, 2.5)), double>);
    EXPECT_EQ(Std::max(1, 2.5), 2.5);
    EXPECT_EQ(Std::min(4.0f, 4), 4.0f);
}

TEST(StdUtils, ScalarSqrtAndAbsPerElementType) {
    EXPECT_EQ(Std::sqrt(16.0f), 4.0f);
    EXPECT_EQ(float(Std::sqrt(half(6.25f))), 2.5f);
    EXPECT_EQ(Std::abs(-7), 7);
    EXPECT_EQ(Std::abs(int16_t(-300)), int16_t(300));
    EXPECT_FALSE(std::signbit(Std::abs(-0.0f)));
    EXPECT_EQ(float(Std::abs(half(-1.5f))), 1.5f);
}

TEST(StdUtils, CoordinatesMixRunTimeAndCompileTimeIndices) {
    const auto c = AscendC::MakeCoord(int64_t(5), Std::Int<3>{});
    EXPECT_EQ(Std::get<0>(c), 5);
    EXPECT_EQ(size_t(Std::get<1>(c)), 3u);
    auto moved = Std::forward<decltype(c)>(c);
    EXPECT_EQ(Std::get<0>(moved), 5);
}

// A row-major 4 x 6 matrix, its transposed view, and a 2 x (2 x 3) hierarchical layout.
TEST(StdUtils, LayoutsMapCoordinatesToIndices) {
    const auto rowMajor = AscendC::MakeLayout(AscendC::MakeShape(4, 6), AscendC::MakeStride(6, Std::Int<1>{}));
    EXPECT_EQ(rowMajor(AscendC::MakeCoord(2, 5)), 17);
    EXPECT_EQ(rowMajor.GetSize(), 24u);
    EXPECT_EQ(Std::get<1>(rowMajor.GetShape()), 6);
    EXPECT_EQ(Std::get<0>(rowMajor.GetStride<0>()), 6);
    const auto columnMajor = AscendC::MakeLayout(AscendC::MakeShape(4, 6), AscendC::MakeStride(1, 4));
    EXPECT_EQ(columnMajor(AscendC::MakeCoord(2, 5)), 22);
    // An integer coordinate into a (2, 3) mode: 4 = 0 + 2 x 2, first mode fastest.
    const auto nested = AscendC::MakeLayout(AscendC::MakeShape(2, AscendC::MakeShape(2, 3)),
                                            AscendC::MakeStride(1, AscendC::MakeStride(2, 4)));
    EXPECT_EQ(nested(AscendC::MakeCoord(1, 4)), 1 + 0 * 2 + 2 * 4);
    EXPECT_EQ(AscendC::Crd2Idx(AscendC::MakeCoord(1, AscendC::MakeCoord(1, 2)), nested), 1 + 2 + 8);
    static_assert(AscendC::is_layout_v<std::remove_const_t<decltype(rowMajor)>> && !AscendC::is_layout_v<int>);
}

TEST(StdUtils, TuplesGetMakeAndTie) {
    auto t = Std::make_tuple(1, 2.5f, 'c');
    EXPECT_EQ(Std::get<0>(t), 1);
    EXPECT_EQ(Std::get<1>(t), 2.5f);
    int a = 0;
    float b = 0;
    Std::tie(a, b) = Std::make_tuple(9, 0.5f);
    EXPECT_EQ(a, 9);
    EXPECT_EQ(b, 0.5f);
}
