// Compare / Compares / CompareScalar, Compare into CMPMASK, GetCmpMask / SetCmpMask, Select.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {

const CMPMODE kModes[] = {CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};

// Reference comparison in double (NaN compares false except NE).
template <typename T>
bool RefCmp(T a, T b, CMPMODE m) {
    const double x = double(a), y = double(b);
    switch (m) {
        case CMPMODE::LT: return x < y;
        case CMPMODE::GT: return x > y;
        case CMPMODE::EQ: return x == y;
        case CMPMODE::LE: return x <= y;
        case CMPMODE::GE: return x >= y;
        default: return !(x == y);
    }
}

bool Bit(const std::vector<uint8_t>& bits, size_t i) { return (bits[i / 8] >> (i % 8)) & 1; }

// Values with the comparison edge cases mixed in.
template <typename T>
std::vector<T> EdgeVec(size_t n, uint64_t seed) {
    auto v = RandomVec<T>(n, seed, -4, 4);
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const float edge[] = {0.0f, -0.0f, inf, -inf, nan, 1.0f, -1.0f, 3.0f};
    for (size_t i = 0; i < n; i += 3) v[i] = T(edge[(i / 3) % 8]);
    return v;
}

}  // namespace

TEST(VecCompare, CountFormFloatAllModesWithEdgeValues) {
    constexpr int n = 256;
    auto a = EdgeVec<float>(n, 1), b = EdgeVec<float>(n, 2);
    for (int i = 0; i < n; i += 7) b[i] = a[i];  // equal pairs
    b[1] = -0.0f;
    a[1] = 0.0f;  // +0 == -0
    for (CMPMODE m : kModes) {
        std::vector<uint8_t> out;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d = ub.Filled<uint8_t>(64, 0xAA);
            Compare(d, ub.New(a), ub.New(b), m, n);
            out = Read(d, 64);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (int i = 0; i < n; ++i) ASSERT_EQ(Bit(out, i), RefCmp(a[i], b[i], m)) << "mode " << int(m) << " i " << i;
        for (int k = n / 8; k < 64; ++k) ASSERT_EQ(out[k], 0xAA) << "byte " << k << " written";
    }
}

TEST(VecCompare, CountFormHalf) {
    constexpr int n = 384;  // 3 repeats of 128
    auto a = EdgeVec<half>(n, 3), b = EdgeVec<half>(n, 4);
    for (int i = 0; i < n; i += 5) b[i] = a[i];
    for (CMPMODE m : kModes) {
        std::vector<uint8_t> out;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d = ub.Filled<uint8_t>(n / 8, 0);
            Compare(d, ub.New(a), ub.New(b), m, n);
            out = Read(d, n / 8);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (int i = 0; i < n; ++i) ASSERT_EQ(Bit(out, i), RefCmp(a[i], b[i], m)) << int(m) << " " << i;
    }
}

TEST(VecCompare, Int32SupportsOnlyEq) {
    constexpr int n = 64;
    std::vector<int32_t> a(n), b(n);
    for (int i = 0; i < n; ++i) {
        a[i] = i - 32;
        b[i] = (i % 3 == 0) ? a[i] : a[i] + 1;  // a < b or a == b
    }
    std::vector<uint8_t> eq, lt;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d1 = ub.Filled<uint8_t>(8, 0), d2 = ub.Filled<uint8_t>(8, 0);
        auto ta = ub.New(a), tb = ub.New(b);
        Compare(d1, ta, tb, CMPMODE::EQ, n);
        Compare(d2, ta, tb, CMPMODE::LT, n);
        eq = Read(d1, 8);
        lt = Read(d2, 8);
    });
    ASSERT_NE(akg::test::FindDiag(run, "VEC_UNSUPPORTED"), nullptr) << run.Codes();
    for (int i = 0; i < n; ++i) {
        EXPECT_EQ(Bit(eq, i), i % 3 == 0) << i;
        EXPECT_EQ(Bit(lt, i), i % 3 == 0) << i;  // computed as EQ, like the device
    }
}

TEST(VecCompare, CountNotWholeRepeatsLeavesTailUnwritten) {
    constexpr int n = 100;  // 400 bytes: one whole float repeat (64) + 36 elements
    std::vector<float> a(n, 1.0f), b(n, 2.0f);
    std::vector<uint8_t> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<uint8_t>(32, 0x00);
        Compare(d, ub.New(a), ub.New(b), CMPMODE::LT, n);
        out = Read(d, 32);
    });
    ASSERT_NE(akg::test::FindDiag(run, "VEC_COUNT_UNALIGNED"), nullptr) << run.Codes();
    for (int k = 0; k < 8; ++k) EXPECT_EQ(out[k], 0xFF) << k;
    for (int k = 8; k < 32; ++k) EXPECT_EQ(out[k], 0x00) << k;  // elements 64..99 not compared
}

TEST(VecCompare, MaskFormIgnoresMaskHonoursSourceStridesWritesDense) {
    // float, 2 repeats; src0 blocks 2 apart (repeat stride 16 blocks), src1 contiguous.
    constexpr int reps = 2;
    auto a = RandomVec<float>(reps * 128, 5), b = RandomVec<float>(reps * 64, 6);
    std::vector<uint8_t> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<uint8_t>(64, 0x5A);
        uint64_t mask = 28;  // reserved on A2/A3: every lane is compared anyway
        Compare(d, ub.New(a), ub.New(b), CMPMODE::GT, mask, reps, {1, 2, 1, 8, 16, 8});
        out = Read(d, 64);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < reps; ++r)
        for (int l = 0; l < 64; ++l) {
            const float x = a[r * 128 + (l / 8) * 16 + l % 8], y = b[r * 64 + l];
            ASSERT_EQ(Bit(out, r * 64 + l), x > y) << r << " " << l;
        }
    for (int k = reps * 8; k < 64; ++k) EXPECT_EQ(out[k], 0x5A);  // dstRepStride 8 did not spread the output
}

TEST(VecCompare, ComparesAndCompareScalar) {
    constexpr int n = 256;
    auto a = EdgeVec<half>(n, 7);
    const half s = half(0.5f);
    for (CMPMODE m : kModes) {
        std::vector<uint8_t> o1, o2, o3;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d1 = ub.Filled<uint8_t>(32, 0), d2 = ub.Filled<uint8_t>(32, 0), d3 = ub.Filled<uint8_t>(32, 0);
            auto ta = ub.New(a);
            Compares(d1, ta, s, m, n);
            CompareScalar(d2, ta, s, m, n);
            uint64_t bits[2] = {1, 0};  // ignored
            CompareScalar(d3, ta, s, m, bits, 2, UnaryRepeatParams{1, 1, 8, 8});
            o1 = Read(d1, 32);
            o2 = Read(d2, 32);
            o3 = Read(d3, 32);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (int i = 0; i < n; ++i) {
            ASSERT_EQ(Bit(o1, i), RefCmp(a[i], s, m)) << int(m) << " " << i;
            ASSERT_EQ(Bit(o2, i), Bit(o1, i));
            ASSERT_EQ(Bit(o3, i), Bit(o1, i));
        }
    }
}

TEST(VecCompare, ToRegisterKeepsDisabledLanesAndGetSetCmpMask) {
    auto a = RandomVec<float>(64, 8), b = RandomVec<float>(64, 9);
    std::vector<uint8_t> reg;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto init = ub.Filled<uint8_t>(32, 0xC3);
        SetCmpMask(init);
        uint64_t bits[2] = {0x00000000FFFF0F0Full, 0};
        Compare(ub.New(a), ub.New(b), CMPMODE::LT, bits, BinaryRepeatParams{});
        auto out = ub.Filled<uint8_t>(32, 0);
        GetCmpMask(out);
        reg = Read(out, 16);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const uint64_t m = 0x00000000FFFF0F0Full;
    for (int l = 0; l < 64; ++l) {
        const bool expect = (m >> l) & 1 ? a[l] < b[l] : ((0xC3 >> (l % 8)) & 1);
        ASSERT_EQ(Bit(reg, l), expect) << l;
    }
    for (int k = 8; k < 16; ++k) EXPECT_EQ(reg[k], 0xC3);  // float uses 64 of the 128 bits
}

TEST(VecCompare, CountFormWithTooSmallDestinationOverruns) {
    std::vector<float> a(512, 1), b(512, 2);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.New<uint8_t>(32);  // 512 results need 64 bytes
        Compare(d, ub.New(a), ub.New(b), CMPMODE::LT, 512);
    });
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_BUFFER_OVERRUN"), nullptr) << run.Codes();
}

// ---- Select ----

TEST(VecSelect, Mode1CountFormFloatScalar) {
    constexpr int n = 100;
    auto a = RandomVec<float>(n, 10);
    std::vector<uint8_t> sel(32);
    Lcg g(11);
    for (auto& x : sel) x = uint8_t(g.Next());
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(128, 0xEE);
        Select(d, ub.New(sel), ub.New(a), -7.5f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        out = Read(d, 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], Bit(sel, i) ? a[i] : -7.5f) << i;
    for (int i = n; i < 128; ++i) ASSERT_EQ(Bits(out[i]), Bits(Poison<float>(0xEE))) << i;
}

TEST(VecSelect, Mode2MaskFormConsumesBitsContinuouslyKeepsDisabledLanes) {
    constexpr int reps = 3;
    auto a = RandomVec<half>(reps * 128, 12), b = RandomVec<half>(reps * 128, 13);
    std::vector<uint16_t> sel(reps * 8);
    Lcg g(14);
    for (auto& x : sel) x = uint16_t(g.Next());
    std::vector<uint8_t> selBytes(sel.size() * 2);
    std::memcpy(selBytes.data(), sel.data(), selBytes.size());
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(reps * 128, 0x11);
        Select(d, ub.New(sel), ub.New(a), ub.New(b), SELMODE::VSEL_TENSOR_TENSOR_MODE, uint64_t(40), reps,
               BinaryRepeatParams{});
        out = Read(d, reps * 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < reps; ++r)
        for (int l = 0; l < 128; ++l) {
            const int i = r * 128 + l;
            if (l < 40) ASSERT_EQ(Bits(out[i]), Bits(Bit(selBytes, i) ? a[i] : b[i])) << i;
            else ASSERT_EQ(Bits(out[i]), Bits(Poison<half>(0x11))) << i;
        }
}

TEST(VecSelect, Mode0RepeatsTheSameBitsEveryRepeat) {
    constexpr int n = 300;
    auto a = RandomVec<half>(n, 15), b = RandomVec<half>(n, 16);
    std::vector<uint8_t> sel(32);
    Lcg g(17);
    for (auto& x : sel) x = uint8_t(g.Next());
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(n, 0);
        Select(d, ub.New(sel), ub.New(a), ub.New(b), SELMODE::VSEL_CMPMASK_SPR, n);
        out = Read(d, n);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < n; ++i) ASSERT_EQ(Bits(out[i]), Bits(Bit(sel, i % 128) ? a[i] : b[i])) << i;
}

TEST(VecSelect, BitModeWithStrides) {
    // float: dst block stride 2, src0 repeat stride 16 blocks, src1 contiguous; 2 repeats.
    auto a = RandomVec<float>(256, 18), b = RandomVec<float>(128, 19);
    std::vector<uint8_t> sel(16);
    Lcg g(20);
    for (auto& x : sel) x = uint8_t(g.Next());
    std::vector<float> out;
    const uint64_t mask[2] = {0xF0F0F0F0F0F0F0F0ull, 0};
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(256, 0);
        uint64_t m[2] = {mask[0], mask[1]};
        Select(d, ub.New(sel), ub.New(a), ub.New(b), SELMODE::VSEL_TENSOR_TENSOR_MODE, m, 2,
               BinaryRepeatParams{2, 1, 1, 16, 16, 8});
        out = Read(d, 256);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ref(256, 0.0f);
    for (int r = 0; r < 2; ++r)
        for (int l = 0; l < 64; ++l) {
            if (!((mask[0] >> l) & 1)) continue;
            const int blk = l / 8, e = l % 8;
            const int di = r * 128 + blk * 16 + e, ai = r * 128 + blk * 8 + e, bi = r * 64 + l;
            ref[di] = Bit(sel, r * 64 + l) ? a[ai] : b[bi];
        }
    for (int i = 0; i < 256; ++i) ASSERT_EQ(Bits(out[i]), Bits(ref[i])) << i;
}

TEST(VecSelect, WithoutMaskArgumentUsesRegistersAndCounterMode) {
    constexpr int n = 150;  // counter mode: 150 floats over 3 repeats
    auto a = RandomVec<float>(192, 21), b = RandomVec<float>(192, 22);
    std::vector<uint8_t> sel(32);
    Lcg g(23);
    for (auto& x : sel) x = uint8_t(g.Next());
    std::vector<float> o0, o1, o2;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto ta = ub.New(a), tb = ub.New(b);
        auto ts = ub.New(sel);
        auto d0 = ub.Filled<float>(192, 0), d1 = ub.Filled<float>(192, 0), d2 = ub.Filled<float>(192, 0);
        BinaryRepeatParams p;
        // mode 0: selection bits in CMPMASK
        SetCmpMask(ts);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, n);
        Select<float, SELMODE::VSEL_CMPMASK_SPR>(d0, ta, tb, 1, p);
        // mode 2: CMPMASK holds the selection tensor's address
        auto addr = ub.Filled<uint64_t>(4, 0);
        addr.SetValue(0, uint64_t(ts.GetPhyAddr()));
        SetCmpMask(addr);
        Select<float, SELMODE::VSEL_TENSOR_TENSOR_MODE>(d1, ta, tb, 1, p);
        // mode 1: CMPMASK holds the scalar
        auto sc = ub.Filled<float>(8, 0);
        for (int i = 0; i < 8; ++i) sc.SetValue(i, 2.25f);
        SetCmpMask(sc);
        Select(d2, ts, ta, 1, p);
        SetMaskNorm();
        ResetMask();
        o0 = Read(d0, 192);
        o1 = Read(d1, 192);
        o2 = Read(d2, 192);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 192; ++i) {
        if (i >= n) {
            ASSERT_EQ(o0[i], 0.0f);
            ASSERT_EQ(o1[i], 0.0f);
            ASSERT_EQ(o2[i], 0.0f);
            continue;
        }
        ASSERT_EQ(o0[i], Bit(sel, i % 64) ? a[i] : b[i]) << i;
        ASSERT_EQ(o1[i], Bit(sel, i) ? a[i] : b[i]) << i;
        ASSERT_EQ(o2[i], Bit(sel, i) ? a[i] : 2.25f) << i;
    }
}

TEST(VecSelect, CompareThenSelectPipeline) {
    // The pattern real kernels use: Compare into bits, then Select with a scalar (mode 1).
    constexpr int n = 512;
    auto x = EdgeVec<float>(n, 24), y = EdgeVec<float>(n, 25);
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto bits = ub.Filled<uint8_t>(n / 8, 0);
        auto tx = ub.New(x), ty = ub.New(y);
        Compare(bits, tx, ty, CMPMODE::LT, n);
        auto d = ub.Filled<float>(n, 0);
        Select(d, bits, tx, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        out = Read(d, n);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < n; ++i) ASSERT_EQ(Bits(out[i]), Bits(x[i] < y[i] ? x[i] : 0.0f)) << i;
}

TEST(VecSelect, TensorScalarModeWithoutMaskTwoTensorsIsUnsupported) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto a = ub.Filled<float>(64, 0), b = ub.Filled<float>(64, 0), d = ub.Filled<float>(64, 0);
        Select<float, SELMODE::VSEL_TENSOR_SCALAR_MODE>(d, a, b, 1, BinaryRepeatParams{});
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_UNSUPPORTED"), nullptr) << run.Codes();
}
