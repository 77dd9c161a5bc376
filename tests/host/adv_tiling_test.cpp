// Host helpers of the high-level element-wise APIs (GetXxxMaxMinTmpSize,
// GetXxxTmpBufferFactorSize, GetSiluTmpSize, ...) through tiling/tiling_api.h, as op_host code
// calls them: the documented signatures and the sizes CANN reports on Atlas A2/A3 (and, for
// Power and Round, Atlas inference products).
#include <gtest/gtest.h>

#include "akg/host/host_registry.h"
#include "tiling/tiling_api.h"

// Every CANN spelling of the tiling headers resolves.
#include "adv_api/activation/sigmoid_tiling_intf.h"
#include "adv_api/math/tanh_tiling_intf.h"
#include "lib/math/geglu_tiling_intf.h"
#include "lib/math/power_tiling.h"

namespace {

ge::Shape Shape1(int64_t n) { return ge::Shape(std::vector<int64_t>{n}); }

struct MaxMin {
    uint32_t max = 0, min = 0;
};

template <typename F>
MaxMin RunMaxMin(F f) {
    MaxMin r{12345, 12345};
    f(r.max, r.min);
    return r;
}
using Factors = std::pair<uint32_t, uint32_t>;
template <typename F>
Factors RunFactor(F f) {
    Factors r{12345, 12345};
    f(r.first, r.second);
    return r;
}
#define MAXMIN(FN, SHAPE, TS, REUSE) RunMaxMin([&](uint32_t& a, uint32_t& b) { AscendC::FN(SHAPE, TS, REUSE, a, b); })
#define FACTOR(FN, TS) RunFactor([&](uint32_t& a, uint32_t& b) { AscendC::FN(TS, a, b); })

// Helpers of the one-temporary-pattern APIs: min = k * 256, max = k * max(n * typeSize, 256).
void ExpectPattern(const char* name, MaxMin small, MaxMin large, uint32_t k, uint32_t typeSize, int64_t n) {
    SCOPED_TRACE(name);
    EXPECT_EQ(small.min, k * 256);
    EXPECT_EQ(small.max, k * 256);
    EXPECT_EQ(large.min, k * 256);
    EXPECT_EQ(large.max, uint32_t(k * n * typeSize));
}

}  // namespace

TEST(AdvTiling, OneTemporaryPatternApis) {
    const auto s8 = Shape1(8), big = ge::Shape({4, 256});  // 1024 elements
    struct Case {
        const char* name;
        void (*fn)(const ge::Shape&, uint32_t, bool, uint32_t&, uint32_t&);
        uint32_t kHalf, kFloat;
    };
    using Fn = void (*)(const ge::Shape&, uint32_t, bool, uint32_t&, uint32_t&);
#define w(F) static_cast<Fn>(F)
    const Case cases[] = {
        {"Tanh", w(&AscendC::GetTanhMaxMinTmpSize), 4, 1},
        {"Asin", w(&AscendC::GetAsinMaxMinTmpSize), 6, 2},
        {"Acos", w(&AscendC::GetAcosMaxMinTmpSize), 6, 2},
        {"Atan", w(&AscendC::GetAtanMaxMinTmpSize), 12, 5},
        {"Sin", w(&AscendC::GetSinMaxMinTmpSize), 8, 3},
        {"Cos", w(&AscendC::GetCosMaxMinTmpSize), 8, 3},
        {"Tan", w(&AscendC::GetTanMaxMinTmpSize), 10, 4},
        {"Sinh", w(&AscendC::GetSinhMaxMinTmpSize), 4, 1},
        {"Cosh", w(&AscendC::GetCoshMaxMinTmpSize), 6, 2},
        {"Asinh", w(&AscendC::GetAsinhMaxMinTmpSize), 3, 3},
        {"Atanh", w(&AscendC::GetAtanhMaxMinTmpSize), 4, 1},
        {"Erf", w(&AscendC::GetErfMaxMinTmpSize), 8, 3},
        {"Erfc", w(&AscendC::GetErfcMaxMinTmpSize), 16, 7},
        {"Ceil", w(&AscendC::GetCeilMaxMinTmpSize), 2, 1},
        {"Trunc", w(&AscendC::GetTruncMaxMinTmpSize), 2, 1},
        {"Floor", w(&AscendC::GetFloorMaxMinTmpSize), 2, 0},
        {"Frac", w(&AscendC::GetFracMaxMinTmpSize), 4, 0},
        {"Digamma", w(&AscendC::GetDigammaMaxMinTmpSize), 16, 7},
        {"Fmod", w(&AscendC::GetFmodMaxMinTmpSize), 8, 1},
        {"GeGLU", w(&AscendC::GetGeGLUMaxMinTmpSize), 4, 0},
        {"Sigmoid", w(&AscendC::GetSigmoidMaxMinTmpSize), 1, 1},
    };
#undef w
    for (const Case& c : cases) {
        for (uint32_t ts : {2u, 4u}) {
            MaxMin small{1, 1}, large{1, 1};
            c.fn(s8, ts, false, small.max, small.min);
            c.fn(big, ts, false, large.max, large.min);
            ExpectPattern(c.name, small, large, ts == 2 ? c.kHalf : c.kFloat, ts, 1024);
        }
    }
}

TEST(AdvTiling, FactorSizes) {
    EXPECT_EQ(FACTOR(GetTanhTmpBufferFactorSize, 2), Factors(4u, 0u));
    EXPECT_EQ(FACTOR(GetTanhTmpBufferFactorSize, 4), Factors(1u, 0u));
    EXPECT_EQ(FACTOR(GetErfcTmpBufferFactorSize, 2), Factors(16u, 0u));
    EXPECT_EQ(FACTOR(GetAtanTmpBufferFactorSize, 4), Factors(5u, 0u));
    EXPECT_EQ(FACTOR(GetSinTmpBufferFactorSize, 4), Factors(3u, 0u));
    EXPECT_EQ(FACTOR(GetExpTmpBufferFactorSize, 2), Factors(8u, 0u));
    EXPECT_EQ(FACTOR(GetExpTmpBufferFactorSize, 4), Factors(3u, 0u));
    EXPECT_EQ(FACTOR(GetLogTmpBufferFactorSize, 2), Factors(0u, 0u));
    EXPECT_EQ(FACTOR(GetLog2TmpBufferFactorSize, 2), Factors(2u, 0u));
    EXPECT_EQ(FACTOR(GetLog10TmpBufferFactorSize, 4), Factors(0u, 0u));
    EXPECT_EQ(FACTOR(GetSignTmpBufferFactorSize, 4), Factors(3u, 0u));
    EXPECT_EQ(FACTOR(GetLgammaTmpBufferFactorSize, 2), Factors(13u, 0u));
    EXPECT_EQ(FACTOR(GetLgammaTmpBufferFactorSize, 4), Factors(8u, 0u));
    EXPECT_EQ(FACTOR(GetDigammaTmpBufferFactorSize, 4), Factors(7u, 0u));
    EXPECT_EQ(FACTOR(GetFmodTmpBufferFactorSize, 2), Factors(8u, 0u));
    EXPECT_EQ(FACTOR(GetXorTmpBufferFactorSize, 2), Factors(1u, 0u));
    EXPECT_EQ(FACTOR(GetClampTmpBufferFactorSize, 2), Factors(1u, 0u));
    EXPECT_EQ(FACTOR(GetAxpyTmpBufferFactorSize, 4), Factors(1u, 0u));
    EXPECT_EQ(FACTOR(GetGeGLUTmpBufferFactorSize, 4), Factors(0u, 0u));
    EXPECT_EQ(FACTOR(GetSwiGLUTmpBufferFactorSize, 2), Factors(6u, 0u));
    EXPECT_EQ(FACTOR(GetAcoshTmpBufferFactorSize, 2), Factors(2u, 0u));
}

TEST(AdvTiling, ApisWithTheirOwnRules) {
    const auto s8 = Shape1(8), s1k = Shape1(1024);
    // Acosh counts elements: max = max(k * n, 256) * typeSize.
    EXPECT_EQ(MAXMIN(GetAcoshMaxMinTmpSize, s1k, 2, false).max, 2u * 1024 * 2);
    EXPECT_EQ(MAXMIN(GetAcoshMaxMinTmpSize, s8, 4, false).max, 256u * 4);
    EXPECT_EQ(MAXMIN(GetAcoshMaxMinTmpSize, s8, 4, false).min, 256u);
    // Sin/Cos/Lgamma/Digamma/Exp: isReuseSource saves one float temporary.
    EXPECT_EQ(MAXMIN(GetSinMaxMinTmpSize, s8, 4, true).min, 512u);
    EXPECT_EQ(MAXMIN(GetCosMaxMinTmpSize, s1k, 4, true).max, 2u * 4096);
    EXPECT_EQ(MAXMIN(GetLgammaMaxMinTmpSize, s8, 4, true).min, 7u * 256);
    EXPECT_EQ(MAXMIN(GetLgammaMaxMinTmpSize, s8, 2, false).min, 26u * 256);
    EXPECT_EQ(MAXMIN(GetDigammaMaxMinTmpSize, s8, 4, true).min, 6u * 256);
    // Exp keeps float temporaries: 4 for half, 3 (2 reusing the source) for float.
    uint32_t mx = 0, mn = 0;
    EXPECT_TRUE(AscendC::GetExpMaxMinTmpSize(s1k, 2, false, mx, mn));
    EXPECT_EQ(mn, 4u * 256);
    EXPECT_EQ(mx, 4u * 4096);
    EXPECT_TRUE(AscendC::GetExpMaxMinTmpSize(s1k, 4, true, mx, mn));
    EXPECT_EQ(mn, 2u * 256);
    // Log and Log10 need nothing; Log2 needs one float temporary for half.
    EXPECT_EQ(MAXMIN(GetLogMaxMinTmpSize, s1k, 2, false).max, 0u);
    EXPECT_EQ(MAXMIN(GetLog10MaxMinTmpSize, s1k, 4, false).min, 0u);
    EXPECT_EQ(MAXMIN(GetLog2MaxMinTmpSize, s1k, 2, false).max, 4096u);
    EXPECT_EQ(MAXMIN(GetLog2MaxMinTmpSize, s1k, 2, false).min, 256u);
    EXPECT_EQ(MAXMIN(GetLog2MaxMinTmpSize, s1k, 4, false).max, 0u);
    // Sign: three temporaries whatever the type.
    EXPECT_EQ(MAXMIN(GetSignMaxMinTmpSize, s1k, 2, false).max, 3u * 2048);
    EXPECT_EQ(MAXMIN(GetSignMaxMinTmpSize, s8, 4, false).max, 768u);
    // Xor: one temporary.
    EXPECT_EQ(MAXMIN(GetXorMaxMinTmpSize, s1k, 2, false).max, 2048u);
    // Clamp: a byte per element, at least one repeat of lanes.
    EXPECT_EQ(MAXMIN(GetClampMaxMinTmpSize, s8, 4, false).min, 64u);
    EXPECT_EQ(MAXMIN(GetClampMaxMinTmpSize, s8, 2, false).min, 128u);
    EXPECT_EQ(MAXMIN(GetClampMaxMinTmpSize, s1k, 2, false).max, 1024u);
    // Axpy: half sources need four temporaries, float none.
    EXPECT_EQ(MAXMIN(GetAxpyMaxMinTmpSize, s1k, 2, false).max, 4u * 2048);
    EXPECT_EQ(MAXMIN(GetAxpyMaxMinTmpSize, s1k, 4, false).max, 0u);
    // ReGlu: 256 bytes for float, six temporaries for 16-bit types.
    EXPECT_EQ(MAXMIN(GetReGluMaxMinTmpSize, s1k, 4, false).max, 256u);
    EXPECT_EQ(MAXMIN(GetReGluMaxMinTmpSize, s1k, 2, false).min, 6u * 256);
    EXPECT_EQ(MAXMIN(GetReGluMaxMinTmpSize, s1k, 2, false).max, 6u * 2048);
    // Silu and Swish need nothing.
    EXPECT_EQ(MAXMIN(GetSiluTmpSize, s1k, 2, false).max, 0u);
    EXPECT_EQ(MAXMIN(GetSwishTmpSize, s1k, 4, false).min, 0u);
}

TEST(AdvTiling, GeluHelpers) {
    const auto s8 = Shape1(8), s1k = Shape1(1024);
    EXPECT_EQ(AscendC::GetGeluMinTmpSize(s1k, 2), 768u);
    EXPECT_EQ(AscendC::GetGeluMaxTmpSize(s1k, 2), 3u * 4096);  // float temporaries
    EXPECT_EQ(AscendC::GetGeluMaxTmpSize(s8, 4), 768u);
    uint32_t mx = 0, mn = 0;
    AscendC::GetGeluMaxMinTmpSize(s1k, 4, mx, mn);
    EXPECT_EQ(mx, 3u * 4096);
    EXPECT_EQ(mn, 768u);
}

TEST(AdvTiling, SwiGLUTakesIsReuseSourceLast) {
    uint32_t mx = 0, mn = 0;
    AscendC::GetSwiGLUMaxMinTmpSize(Shape1(1024), 2, mx, mn, false);
    EXPECT_EQ(mn, 6u * 256);
    EXPECT_EQ(mx, 6u * 2048);
    AscendC::GetSwiGLUMaxMinTmpSize(Shape1(1024), 4, mx, mn, false);
    EXPECT_EQ(mx, 0u);
}

// Power: a shape [1] stands for the scalar operand; the numbers depend on the form, the type and
// the SoC.
TEST(AdvTiling, Power) {
    akg::host::SetPlatform(akg::PlatformSpec{});
    const auto s1 = Shape1(1), s1k = Shape1(1024);
    uint32_t mx = 0, mn = 0;
    AscendC::GetPowerMaxMinTmpSize(s1k, s1k, false, 4, false, mx, mn);  // float tensor^tensor
    EXPECT_EQ(mn, 4u * 256 + 256);
    EXPECT_EQ(mx, 4u * 4096 + 256);
    AscendC::GetPowerMaxMinTmpSize(s1k, s1, false, 4, false, mx, mn);  // float tensor^scalar
    EXPECT_EQ(mn, 5u * 256 + 256);
    AscendC::GetPowerMaxMinTmpSize(s1, s1k, false, 2, false, mx, mn);  // half scalar^tensor
    EXPECT_EQ(mn, 14u * 128 + 256);
    EXPECT_EQ(mx, 14u * 2048 + 256);
    AscendC::GetPowerMaxMinTmpSize(s1k, s1k, true, 4, false, mx, mn);  // int32 tensor^tensor
    EXPECT_EQ(mn, 6u * 256);
    EXPECT_EQ(mx, 6u * 4096);
    uint32_t live = 0, extra = 0;
    AscendC::GetPowerTmpBufferFactorSize(true, false, false, 2, live, extra);
    EXPECT_EQ(live, 14u);
    EXPECT_EQ(extra, 256u);
    AscendC::GetPowerTmpBufferFactorSize(true, true, true, 4, live, extra);
    EXPECT_EQ(live, 6u);
    EXPECT_EQ(extra, 0u);

    akg::PlatformSpec p310;
    p310.socVersion = "Ascend310P3";
    p310.shortSocVersion = "Ascend310P";
    akg::host::SetPlatform(p310);
    AscendC::GetPowerMaxMinTmpSize(s1k, s1k, false, 4, false, mx, mn);
    EXPECT_EQ(mn, 5u * 256 + 256);
    akg::host::SetPlatform(akg::PlatformSpec{});
}

// Round takes the platform: no temporaries for float on Atlas A2/A3, one (two) elsewhere.
TEST(AdvTiling, RoundDependsOnThePlatform) {
    akg::host::SetPlatform(akg::PlatformSpec{});
    platform_ascendc::PlatformAscendC* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    ASSERT_NE(platform, nullptr);
    uint32_t mx = 1, mn = 1, live = 9, extra = 9;
    AscendC::GetRoundMaxMinTmpSize(*platform, Shape1(1024), 4, false, mx, mn);
    EXPECT_EQ(mx, 0u);
    EXPECT_EQ(mn, 0u);
    AscendC::GetRoundMaxMinTmpSize(*platform, Shape1(1024), 2, false, mx, mn);
    EXPECT_EQ(mn, 256u);
    EXPECT_EQ(mx, 2048u);
    AscendC::GetRoundTmpBufferFactorSize(*platform, 2, live, extra);
    EXPECT_EQ(live, 1u);
    EXPECT_EQ(extra, 0u);
}

// The Ascend 950 variants with an algorithm configuration report nothing on Atlas A2/A3.
TEST(AdvTiling, ConfigVariantsOf950LeaveOutputs) {
    uint32_t mx = 7, mn = 7;
    AscendC::GetSinMaxMinTmpSize(AscendC::SinConfig{}, Shape1(64), 4, false, mx, mn);
    EXPECT_EQ(mx, 7u);
    AscendC::GetCosMaxMinTmpSize(AscendC::CosConfig{AscendC::CosAlgo::RADIAN_REDUCTION}, Shape1(64), 4, false, mx, mn);
    EXPECT_EQ(mn, 7u);
}
