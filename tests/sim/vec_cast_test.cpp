// Cast for every (dst, src) pair the A2/A3 vector unit converts and every RoundMode, against an
// independent reference (neighbour enumeration for 16-bit formats, nextafter for float, explicit
// tie rules for integers), plus the mask forms and the int32 -> half DEQSCALE path.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::BitsOf;
using akg::test::RefRound16;
using akg::test::RefRoundFloat;
using akg::test::RefRoundInt;
using akg::test::RefToInt;
using akg::test::Rnd;
using akg::test::RndOf;

namespace {

const RoundMode kAllModes[] = {RoundMode::CAST_NONE,  RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR,
                               RoundMode::CAST_CEIL,  RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC,
                               RoundMode::CAST_ODD};
const char* ModeName(RoundMode m) {
    static const char* n[] = {"NONE", "RINT", "FLOOR", "CEIL", "ROUND", "TRUNC", "ODD", "HYBRID"};
    return n[int(m)];
}

using Modes = std::set<RoundMode>;
// The modes the Atlas A2/A3 table of the Cast documentation lists for a pair. CAST_NONE is
// accepted everywhere: it is documented as "CAST_RINT when the conversion loses precision, no
// rounding otherwise" and the page's own half -> int32 example uses it.
const Modes kNoneOnly = {RoundMode::CAST_NONE};
const Modes kRounding = {RoundMode::CAST_NONE,  RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR,
                         RoundMode::CAST_CEIL,  RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC};
const Modes kRoundingOdd = {RoundMode::CAST_NONE,  RoundMode::CAST_RINT,  RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                            RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};

template <typename T>
long double Ld(T v) {
    if constexpr (std::is_integral_v<T>) return static_cast<long double>(v);
    else return static_cast<long double>(static_cast<float>(v));
}

template <typename T>
std::string Show(T v) {
    char b[96];
    if constexpr (std::is_integral_v<T>)
        snprintf(b, sizeof b, "%lld", (long long)v);
    else
        snprintf(b, sizeof b, "%.9g (bits 0x%llx)", double(float(v)), (unsigned long long)BitsOf(v));
    return b;
}

// Runs Cast once per mode in `modes` on one core (one destination buffer per mode, one call
// site) and returns the destinations; `run` receives the launch result.
template <typename D, typename S>
std::vector<std::vector<D>> CastAll(const std::vector<S>& src, const std::vector<RoundMode>& modes,
                                    akg::test::KernelRun* run) {
    const uint32_t n = uint32_t(src.size());
    const uint32_t dstBytes = akg::test::UbBytes<D>(n);
    std::vector<std::vector<D>> out(modes.size(), std::vector<D>(n));
    *run = akg::test::RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd;
        pipe.InitBuffer(bs, akg::test::UbBytes<S>(n));
        pipe.InitBuffer(bd, dstBytes * uint32_t(modes.size()));
        LocalTensor<S> ts = bs.Get<S>();
        std::memcpy(static_cast<void*>(ts.Data()), src.data(), n * sizeof(S));
        for (size_t k = 0; k < modes.size(); ++k) {
            LocalTensor<D> td = bd.Get<D>()[uint32_t(k * dstBytes / sizeof(D))];
            Cast(td, ts, modes[k], n);
            std::memcpy(static_cast<void*>(out[k].data()), td.Data(), n * sizeof(D));
        }
    });
    return out;
}

// Checks every mode of one pair: the supported ones against `ref` (no diagnostic), the others
// raise CAST_ROUNDMODE_UNSUPPORTED once per call.
template <typename D, typename S>
void CheckPair(const char* pair, const std::vector<S>& src, const Modes& supported,
               const std::function<D(S, RoundMode)>& ref) {
    std::vector<RoundMode> ok, bad;
    for (RoundMode m : kAllModes) (supported.count(m) ? ok : bad).push_back(m);
    akg::test::KernelRun run;
    auto out = CastAll<D, S>(src, ok, &run);
    EXPECT_TRUE(run.result.completed) << pair;
    EXPECT_TRUE(run.result.diagnostics.empty()) << pair << ": " << run.Codes();
    for (size_t k = 0; k < ok.size(); ++k)
        for (size_t i = 0; i < src.size(); ++i) {
            D want = ref(src[i], ok[k]);
            EXPECT_EQ(BitsOf(out[k][i]), BitsOf(want))
                << pair << " " << ModeName(ok[k]) << " of " << Show(src[i]) << ": got " << Show(out[k][i])
                << ", want " << Show(want);
        }
    if (bad.empty()) return;
    CastAll<D, S>(src, bad, &run);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << pair << ": " << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "CAST_ROUNDMODE_UNSUPPORTED") << pair;
    EXPECT_EQ(run.result.diagnostics[0].count, bad.size()) << pair;
    EXPECT_TRUE(run.result.completed) << pair;
}

template <typename T>
std::vector<T> Vals(std::initializer_list<long double> xs) {
    std::vector<T> v;
    for (long double x : xs) {
        if constexpr (std::is_integral_v<T>) v.push_back(static_cast<T>(x));
        else v.push_back(static_cast<T>(static_cast<float>(x)));
    }
    return v;
}

const long double kInf = INFINITY;
const long double kNaN = NAN;
long double P2(int e) { return std::ldexp(1.0L, e); }

// Float sources around every interesting boundary of the targets.
std::vector<float> FloatSources() {
    auto v = Vals<float>({0.0L, -0.0L, 0.5L, 1.5L, 2.5L, -0.5L, -1.5L, -2.5L, 0.49999997L, 1.4999999L, -2.7L,
                          2.5000002L, 127.5L, -128.5L, 255.5L, 32767.5L, 32768.0L, -32768.5L, -32769.0L,
                          P2(22) + 0.5L, 2147483520.0L, P2(31), -P2(31), P2(40) + 1024, P2(63), -P2(63), 1e19L,
                          3e38L, -3e38L, kInf, -kInf, kNaN,
                          // half: ties, overflow, subnormals
                          1 + P2(-11), 1 + 3 * P2(-11), -(1 + P2(-11)), 0.5L + P2(-12), 65504.5L, 65519.99L,
                          65520.0L, 70000.0L, -65520.0L, P2(-25), 3 * P2(-26), 1.5L * P2(-24), P2(-26), 1e-30L,
                          // bfloat16: ties and the doc example
                          1 + P2(-8), 1 + 3 * P2(-8), 0.5L + P2(-9) + P2(-11), 3.3961e38L});
    v.push_back(std::numeric_limits<float>::denorm_min());
    v.push_back(std::numeric_limits<float>::max());
    return v;
}

std::vector<half> HalfSources() {
    return Vals<half>({0.0L, -0.0L, 0.5L, 1.5L, 2.5L, -0.5L, -1.5L, -2.5L, 1.75L, -3.25L, 127.5L, -128.5L, 126.5L,
                       255.5L, 256.0L, 300.0L, -300.0L, 32767.0L, 40000.0L, -40000.0L, 65504.0L, -65504.0L, 0.0001L,
                       P2(-24), -P2(-24), kInf, -kInf, kNaN, 1000.5L, -7.5L});
}

template <typename I>
std::function<I(float, RoundMode)> ToIntRef() {
    return [](float x, RoundMode m) { return RefToInt<I>(x, RndOf(m)); };
}

}  // namespace

// ---- float -> * ----

TEST(Cast, FloatToHalfAllModesIncludingOdd) {
    CheckPair<half, float>("float->half", FloatSources(), kRoundingOdd,
                           [](float x, RoundMode m) { return RefRound16<half>(x, RndOf(m)); });
}

TEST(Cast, FloatToBfloat16) {
    CheckPair<bfloat16_t, float>("float->bf16", FloatSources(), kRounding,
                                 [](float x, RoundMode m) { return RefRound16<bfloat16_t>(x, RndOf(m)); });
}

TEST(Cast, FloatToIntegersSaturateAndNaNIsZero) {
    CheckPair<int16_t, float>("float->int16", FloatSources(), kRounding, ToIntRef<int16_t>());
    CheckPair<int32_t, float>("float->int32", FloatSources(), kRounding, ToIntRef<int32_t>());
    CheckPair<int64_t, float>("float->int64", FloatSources(), kRounding, ToIntRef<int64_t>());
}

TEST(Cast, FloatToFloatRoundsToIntegralAndClearsNegativeZero) {
    CheckPair<float, float>("float->float", FloatSources(), kRounding, [](float x, RoundMode m) {
        if (std::isnan(x) || std::isinf(x)) return x;
        float r = m == RoundMode::CAST_NONE ? x : float(RefRoundInt(x, RndOf(m)));
        return r == 0 ? 0.0f : r;  // documented: -0 becomes +0
    });
}

// ---- half -> * ----

TEST(Cast, HalfToFloatIsExact) {
    CheckPair<float, half>("half->float", HalfSources(), kNoneOnly, [](half x, RoundMode) { return float(x); });
}

TEST(Cast, HalfToIntegers) {
    auto ref = [](auto tag) {
        using I = decltype(tag);
        return std::function<I(half, RoundMode)>([](half x, RoundMode m) { return RefToInt<I>(Ld(x), RndOf(m)); });
    };
    CheckPair<int8_t, half>("half->int8", HalfSources(), kRounding, ref(int8_t{}));
    CheckPair<uint8_t, half>("half->uint8", HalfSources(), kRounding, ref(uint8_t{}));
    CheckPair<int16_t, half>("half->int16", HalfSources(), kRounding, ref(int16_t{}));
    CheckPair<int32_t, half>("half->int32", HalfSources(), kRounding, ref(int32_t{}));
}

// ---- bfloat16 -> * ----

TEST(Cast, Bfloat16ToFloatAndInt32) {
    std::vector<bfloat16_t> src;
    for (long double x : {0.0L, -0.0L, 0.5L, 1.5L, 2.5L, -2.5L, 64.5L, 65.5L, -64.5L, 3.3895e38L, -3.3895e38L, kInf,
                          -kInf, kNaN, P2(31), -P2(31), 1e20L, 0.75L, -0.25L})
        src.push_back(bfloat16_t(float(x)));
    CheckPair<float, bfloat16_t>("bf16->float", src, kNoneOnly, [](bfloat16_t x, RoundMode) { return float(x); });
    CheckPair<int32_t, bfloat16_t>("bf16->int32", src, kRounding,
                                   [](bfloat16_t x, RoundMode m) { return RefToInt<int32_t>(Ld(x), RndOf(m)); });
}

// ---- integers -> * ----

TEST(Cast, SmallIntegersToHalf) {
    std::vector<int8_t> s8 = {0, 1, -1, 127, -128, 42, -77};
    CheckPair<half, int8_t>("int8->half", s8, kNoneOnly, [](int8_t x, RoundMode) { return half(float(x)); });
    std::vector<uint8_t> u8 = {0, 1, 255, 128, 200};
    CheckPair<half, uint8_t>("uint8->half", u8, kNoneOnly, [](uint8_t x, RoundMode) { return half(float(x)); });
}

TEST(Cast, Int16ToHalfRoundsLargeValues) {
    std::vector<int16_t> src = {0, 1, -1, 2047, 2049, 2051, -2049, 4097, 4098, 4099, 4102, 12345, 32767, -32768, -4098};
    CheckPair<half, int16_t>("int16->half", src, kRounding,
                             [](int16_t x, RoundMode m) { return RefRound16<half>(x, RndOf(m)); });
    CheckPair<float, int16_t>("int16->float", src, kNoneOnly, [](int16_t x, RoundMode) { return float(x); });
}

TEST(Cast, Int32AndInt64ToFloat) {
    std::vector<int32_t> s32 = {0,  1, -1, (1 << 24) + 1, (1 << 24) + 3, (1 << 25) + 3, -(1 << 25) - 3, INT32_MAX,
                                INT32_MIN, 123456789, -123456789, (1 << 24) + 2};
    CheckPair<float, int32_t>("int32->float", s32, kRounding,
                              [](int32_t x, RoundMode m) { return RefRoundFloat(x, RndOf(m)); });
    std::vector<int64_t> s64 = {0,
                                3,
                                -3,
                                (int64_t(1) << 35) + (1 << 12) + (1 << 11),
                                -((int64_t(1) << 35) + (1 << 12) + (1 << 11)),
                                (int64_t(1) << 53) + 1,
                                INT64_MAX,
                                INT64_MIN,
                                (int64_t(1) << 40) + (int64_t(1) << 16)};
    CheckPair<float, int64_t>("int64->float", s64, kRounding,
                              [](int64_t x, RoundMode m) { return RefRoundFloat(x, RndOf(m)); });
}

TEST(Cast, IntegerNarrowingSaturatesAndWideningIsExact) {
    std::vector<int32_t> s32 = {0, 5, -5, 32767, 32768, -32768, -32769, 70000, -70000, INT32_MAX, INT32_MIN};
    CheckPair<int16_t, int32_t>("int32->int16", s32, kNoneOnly, [](int32_t x, RoundMode) {
        return int16_t(std::clamp<int32_t>(x, INT16_MIN, INT16_MAX));
    });
    CheckPair<int64_t, int32_t>("int32->int64", s32, kNoneOnly, [](int32_t x, RoundMode) { return int64_t(x); });
    std::vector<int64_t> s64 = {0, 7, -7, INT32_MAX, int64_t(INT32_MAX) + 1, INT32_MIN, int64_t(INT32_MIN) - 1,
                                INT64_MAX, INT64_MIN};
    CheckPair<int32_t, int64_t>("int64->int32", s64, kNoneOnly, [](int64_t x, RoundMode) {
        return int32_t(std::clamp<int64_t>(x, INT32_MIN, INT32_MAX));
    });
}

// int32 -> half goes through the DEQSCALE register: result = round(src * scale); the rounding
// mode has no effect (every mode is accepted and gives the same result).
TEST(Cast, Int32ToHalfUsesDeqScale) {
    std::vector<int32_t> src = {0, 1, -1, 3, 100, -100, 2049, 2051, 65504, 65520, 70000, -70000, 1000};
    for (float scale : {1.0f, 0.5f, 0.0625f, 2.0f}) {
        std::vector<half> d(src.size());
        std::vector<int32_t> none;
        for (RoundMode m : kAllModes) {
            auto run = akg::test::RunOnUb(d, src, none, [&](auto& td, auto& ts, auto&) {
                SetDeqScale(half(scale));
                Cast(td, ts, m, uint32_t(src.size()));
            });
            EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
            for (size_t i = 0; i < src.size(); ++i) {
                half want = RefRound16<half>(Ld(src[i]) * scale, Rnd::Rint);
                EXPECT_EQ(BitsOf(d[i]), BitsOf(want))
                    << "int32->half scale " << scale << " " << ModeName(m) << " of " << src[i] << ": got " << Show(d[i]);
            }
        }
    }
}

// The worked examples of the documentation's precision-conversion page, spelled out.
TEST(Cast, DocumentedExamples) {
    auto one = [](auto dstTag, auto src, RoundMode m) {
        using D = decltype(dstTag);
        using S = decltype(src);
        akg::test::KernelRun run;
        auto out = CastAll<D, S>(std::vector<S>{src}, {m}, &run);
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        return float(out[0][0]);
    };
    // int16 2^12 + 2 -> half
    EXPECT_EQ(one(half{}, int16_t(4098), RoundMode::CAST_RINT), 4096.0f);
    EXPECT_EQ(one(half{}, int16_t(4098), RoundMode::CAST_CEIL), 4100.0f);
    EXPECT_EQ(one(half{}, int16_t(4098), RoundMode::CAST_ROUND), 4100.0f);
    EXPECT_EQ(one(half{}, int16_t(4098), RoundMode::CAST_TRUNC), 4096.0f);
    // half -1.5 -> int32
    EXPECT_EQ(one(int32_t{}, half(-1.5f), RoundMode::CAST_RINT), -2.0f);
    EXPECT_EQ(one(int32_t{}, half(-1.5f), RoundMode::CAST_FLOOR), -2.0f);
    EXPECT_EQ(one(int32_t{}, half(-1.5f), RoundMode::CAST_CEIL), -1.0f);
    EXPECT_EQ(one(int32_t{}, half(-1.5f), RoundMode::CAST_ROUND), -2.0f);
    EXPECT_EQ(one(int32_t{}, half(-1.5f), RoundMode::CAST_TRUNC), -1.0f);
    // half 127.5 -> int8 saturates under every mode that rounds up
    EXPECT_EQ(one(int8_t{}, half(127.5f), RoundMode::CAST_RINT), 127.0f);
    EXPECT_EQ(one(int8_t{}, half(127.5f), RoundMode::CAST_FLOOR), 127.0f);
    // bf16 2^6 + 0.5 -> int32
    EXPECT_EQ(one(int32_t{}, bfloat16_t(64.5f), RoundMode::CAST_RINT), 64.0f);
    EXPECT_EQ(one(int32_t{}, bfloat16_t(64.5f), RoundMode::CAST_CEIL), 65.0f);
    // int32 2^25 + 3 -> float
    EXPECT_EQ(one(float{}, int32_t((1 << 25) + 3), RoundMode::CAST_RINT), float((1 << 25) + 4));
    EXPECT_EQ(one(float{}, int32_t((1 << 25) + 3), RoundMode::CAST_FLOOR), float(1 << 25));
    EXPECT_EQ(one(float{}, int32_t((1 << 25) + 3), RoundMode::CAST_TRUNC), float(1 << 25));
    // float 0.5 + 2^-12 -> half
    const float x = 0.5f + std::ldexp(1.0f, -12);
    EXPECT_EQ(one(half{}, x, RoundMode::CAST_RINT), 0.5f);
    EXPECT_EQ(one(half{}, x, RoundMode::CAST_CEIL), 0.5f + std::ldexp(1.0f, -11));
    EXPECT_EQ(one(half{}, x, RoundMode::CAST_ODD), 0.5f + std::ldexp(1.0f, -11));
    EXPECT_EQ(one(half{}, x, RoundMode::CAST_TRUNC), 0.5f);
    // float 0.5 + 2^-9 + 2^-11 -> bf16
    const float y = 0.5f + std::ldexp(1.0f, -9) + std::ldexp(1.0f, -11);
    EXPECT_EQ(one(bfloat16_t{}, y, RoundMode::CAST_RINT), 0.5f + std::ldexp(1.0f, -8));
    EXPECT_EQ(one(bfloat16_t{}, y, RoundMode::CAST_FLOOR), 0.5f);
    // float 2^22 + 0.5 -> int32 / int16
    EXPECT_EQ(one(int32_t{}, float((1 << 22) + 0.5), RoundMode::CAST_RINT), float(1 << 22));
    EXPECT_EQ(one(int32_t{}, float((1 << 22) + 0.5), RoundMode::CAST_ROUND), float((1 << 22) + 1));
    EXPECT_EQ(one(int16_t{}, float((1 << 22) + 0.5), RoundMode::CAST_TRUNC), 32767.0f);
    // float 0.5 -> float
    EXPECT_EQ(one(float{}, 0.5f, RoundMode::CAST_RINT), 0.0f);
    EXPECT_EQ(one(float{}, 0.5f, RoundMode::CAST_ROUND), 1.0f);
    EXPECT_EQ(one(float{}, 0.5f, RoundMode::CAST_CEIL), 1.0f);
    // int64 2^35 + 2^12 + 2^11 -> float
    const int64_t z = (int64_t(1) << 35) + (1 << 12) + (1 << 11);
    EXPECT_EQ(one(float{}, z, RoundMode::CAST_RINT), float((int64_t(1) << 35) + (1 << 13)));
    EXPECT_EQ(one(float{}, z, RoundMode::CAST_TRUNC), float((int64_t(1) << 35) + (1 << 12)));
}

// ---- mask forms: the mask and repeat follow the wider of the two types ----

TEST(CastMaskForm, HalfToInt32ContinuousMaskAndStrides) {
    // Documented example: 64 int32 lanes per repeat, dstRepStride 8, srcRepStride 4; mask 32 computes
    // only the first 32 of each repeat, the rest keep their old values.
    std::vector<half> src;
    for (int i = 0; i < 512; ++i) src.push_back(half(float(i % 97) + 0.4f));
    std::vector<int32_t> d(512, -99);
    std::vector<half> none;
    auto run = akg::test::RunOnUb(d, src, none, [](auto& td, auto& ts, auto&) {
        Cast(td, ts, RoundMode::CAST_CEIL, uint64_t(32), 8, {1, 1, 8, 4});
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 512; ++i) {
        int32_t want = i % 64 < 32 ? RefToInt<int32_t>(Ld(src[i]), Rnd::Ceil) : -99;
        EXPECT_EQ(d[i], want) << i;
    }
}

TEST(CastMaskForm, FloatToHalfBitMaskNarrowing) {
    std::vector<float> src;
    for (int i = 0; i < 128; ++i) src.push_back(1.0f + i * std::ldexp(1.0f, -12));
    std::vector<half> d(128, half(-1.0f));
    std::vector<float> none;
    uint64_t mask[2] = {0xAAAAAAAAAAAAAAAAull, 0};
    auto run = akg::test::RunOnUb(d, src, none, [&](auto& td, auto& ts, auto&) {
        Cast(td, ts, RoundMode::CAST_TRUNC, mask, 2, {1, 1, 4, 8});
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 128; ++i) {
        half want = (i % 64) % 2 ? RefRound16<half>(src[i], Rnd::Trunc) : half(-1.0f);
        EXPECT_EQ(BitsOf(d[i]), BitsOf(want)) << i;
    }
}

TEST(CastMaskForm, CounterModeAndZeroCount) {
    std::vector<float> src;
    for (int i = 0; i < 256; ++i) src.push_back(i * 0.75f - 90);
    std::vector<int32_t> d(256, 12345);
    std::vector<float> none;
    auto run = akg::test::RunOnUb(d, src, none, [](auto& td, auto& ts, auto&) {
        Cast(td, ts, RoundMode::CAST_ROUND, 0);  // NOP
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(150);
        Cast<int32_t, float, false>(td, ts, RoundMode::CAST_ROUND, MASK_PLACEHOLDER, 1, {1, 1, 8, 8});
        SetMaskNorm();
        ResetMask();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 256; ++i) EXPECT_EQ(d[i], i < 150 ? RefToInt<int32_t>(src[i], Rnd::Round) : 12345) << i;
}
