// CreateVecIndex: dst[i] = firstValue + i, built by block and repeat adds as on the device.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {
// Independent reference: the chain of adds the device performs (first block by the scalar
// unit, then + blockElems per block, then + repeatElems per repeat), each rounded to T.
template <typename T>
T ChainRef(T first, size_t i) {
    const size_t perBlock = 32 / sizeof(T), perRepeat = 256 / sizeof(T);
    const size_t r = i / perRepeat, l = i % perRepeat;
    T v = static_cast<T>(double(first) + double(l % perBlock));
    for (size_t k = 0; k < l / perBlock; ++k) v = static_cast<T>(double(v) + double(perBlock));
    for (size_t k = 0; k < r; ++k) v = static_cast<T>(double(v) + double(perRepeat));
    return v;
}
}  // namespace

TEST(VecCreateVecIndex, CountFormIntAndFloat) {
    std::vector<int32_t> a;
    std::vector<float> b;
    std::vector<int16_t> c;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto ta = ub.Filled<int32_t>(200, 0x7F);
        auto tb = ub.Filled<float>(200, 0x7F);
        auto tc = ub.Filled<int16_t>(300, 0x7F);
        CreateVecIndex(ta, int32_t(-5), 150);
        CreateVecIndex(tb, 0.5f, 150);
        CreateVecIndex(tc, int16_t(32700), 260);  // wraps past the int16_t range
        a = Read(ta, 200);
        b = Read(tb, 200);
        c = Read(tc, 300);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 200; ++i) {
        if (i < 150) {
            ASSERT_EQ(a[i], -5 + i) << i;
            ASSERT_EQ(b[i], 0.5f + float(i)) << i;
        } else {
            ASSERT_EQ(Bits(a[i]), Bits(Poison<int32_t>(0x7F))) << i;
        }
    }
    for (int i = 0; i < 260; ++i) ASSERT_EQ(c[i], int16_t(uint16_t(32700 + i))) << i;
}

TEST(VecCreateVecIndex, HalfBeyondExactRangeFollowsTheDevicesAdds) {
    constexpr int n = 5000;  // past 2048, where half cannot hold every integer
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto t = ub.Filled<half>(n, 0);
        CreateVecIndex(t, half(0.25f), n);
        out = Read(t, n);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    bool differsFromDirect = false;
    for (int i = 0; i < n; ++i) {
        ASSERT_EQ(Bits(out[i]), Bits(ChainRef(half(0.25f), i))) << i;
        differsFromDirect |= Bits(out[i]) != Bits(half(0.25 + i));
    }
    EXPECT_TRUE(differsFromDirect) << "chained rounding should differ from direct rounding somewhere";
}

TEST(VecCreateVecIndex, MaskFormsWithStrides) {
    std::vector<float> a, b;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto ta = ub.Filled<float>(3 * 128, 0), tb = ub.Filled<float>(2 * 64, 0);
        CreateVecIndex(ta, 10.0f, uint64_t(20), 3, 2, 16);  // lanes 0..19, block stride 2
        uint64_t m[2] = {0x8000000000000005ull, 0};
        CreateVecIndex(tb, 0.0f, m, 2, 1, 8);
        a = Read(ta, 3 * 128);
        b = Read(tb, 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ra(3 * 128, 0.0f), rb(128, 0.0f);
    for (int r = 0; r < 3; ++r)
        for (int l = 0; l < 20; ++l) ra[r * 128 + (l / 8) * 16 + l % 8] = 10.0f + float(r * 64 + l);
    for (int r = 0; r < 2; ++r)
        for (int l : {0, 2, 63}) rb[r * 64 + l] = float(r * 64 + l);
    for (int i = 0; i < 3 * 128; ++i) ASSERT_EQ(a[i], ra[i]) << i;
    for (int i = 0; i < 128; ++i) ASSERT_EQ(b[i], rb[i]) << i;
}

TEST(VecCreateVecIndex, CounterModeOverrunIsCaught) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto t = ub.New<int32_t>(64);
        ub.New<int32_t>(64);  // the buffer the overrun lands in
        CreateVecIndex(t, int32_t(0), 100);
    });
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_BUFFER_OVERRUN"), nullptr) << run.Codes();
}
