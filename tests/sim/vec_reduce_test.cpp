// Reductions: WholeReduce*/ReduceRepeat, BlockReduce*/ReduceDataBlock, PairReduceSum/ReducePairElem,
// RepeatReduceSum, ReduceSum/Max/Min, and the ACC_VAL / MAX_MIN_CNT registers.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {

// Reference binary tree: split in halves recursively, round every partial sum to T.
template <typename T>
T RefTree(const T* v, size_t n) {
    if (n == 1) return v[0];
    const T a = RefTree(v, n / 2), b = RefTree(v + n / 2, n / 2);
    return Rne<T>(double(a) + double(b));
}
template <typename T>
T RefTree(const std::vector<T>& v) {
    return RefTree(v.data(), v.size());
}
// Sequential left-to-right sum, rounding each step.
template <typename T>
T RefSeq(const std::vector<T>& v) {
    T acc = v[0];
    for (size_t i = 1; i < v.size(); ++i) acc = Rne<T>(double(acc) + double(v[i]));
    return acc;
}

// Values whose sum depends on the order of addition.
template <typename T>
std::vector<T> Cancelling(size_t n, uint64_t seed) {
    Lcg g(seed);
    std::vector<T> v(n);
    const double big = std::is_same_v<T, half> ? 2048.0 : 1.6e7;
    for (size_t i = 0; i < n; ++i) {
        const double r = g.Uniform(-1, 1);
        v[i] = T(i % 4 == 0 ? big * (r > 0 ? 1 : -1) : r * 3);
    }
    return v;
}

template <typename T>
int64_t IndexBits(T v) {
    return int64_t(Bits(v));
}

// The first extreme value and its index (NaN wins at its first occurrence; -0 < +0).
template <typename T>
std::pair<T, size_t> RefBest(const std::vector<T>& v, const std::vector<bool>& on, bool isMax) {
    bool have = false;
    T best{};
    size_t idx = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        if (!on[i]) continue;
        const double x = double(v[i]), b = double(best);
        bool better;
        if (!have) better = true;
        else if (std::isnan(b)) better = false;
        else if (std::isnan(x)) better = true;
        else if (x == 0 && b == 0) better = isMax ? (std::signbit(b) && !std::signbit(x)) : (std::signbit(x) && !std::signbit(b));
        else better = isMax ? x > b : x < b;
        if (better) {
            best = v[i];
            idx = i;
            have = true;
        }
    }
    return {best, idx};
}

}  // namespace

TEST(VecReduce, WholeReduceSumFloatIsABinaryTreePerRepeat) {
    constexpr int reps = 4;
    auto src = Cancelling<float>(reps * 64, 1);
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(8, 0x77);
        WholeReduceSum(d, ub.New(src), 64, reps, 1, 1, 8);
        out = Read(d, 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    bool orderMatters = false;
    for (int r = 0; r < reps; ++r) {
        std::vector<float> rep(src.begin() + r * 64, src.begin() + r * 64 + 64);
        EXPECT_EQ(Bits(out[r]), Bits(RefTree(rep))) << r;
        orderMatters |= RefTree(rep) != RefSeq(rep);
    }
    EXPECT_TRUE(orderMatters) << "test data should distinguish tree from sequential order";
    for (int r = reps; r < 8; ++r) EXPECT_EQ(Bits(out[r]), Bits(Poison<float>(0x77)));
}

TEST(VecReduce, WholeReduceSumHalfBitMaskStridesAndOverflow) {
    // 2 repeats; srcBlkStride 2, srcRepStride 16 blocks, dstRepStride 3 (units of one half).
    std::vector<half> src(2 * 256);
    Lcg g(2);
    for (auto& x : src) x = half(g.Uniform(-8, 8));
    src[16 * 15 + 1] = half(60000.0f);  // block 7 of repeat 0 (at 2*7 = block 14)... set below properly
    uint64_t mask[2] = {0xFFFF00FF00FF00FFull, 0x8000000000000001ull};
    // Overflow: two large values in adjacent enabled lanes of repeat 1 (lanes 0, 1 at blocks 0).
    src[256 + 0] = half(60000.0f);
    src[256 + 1] = half(60000.0f);
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(16, 0);
        WholeReduceSum(d, ub.New(src), mask, 2, 3, 2, 16);
        out = Read(d, 16);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 2; ++r) {
        std::vector<half> lanes(128);
        for (int l = 0; l < 128; ++l) {
            const bool on = (l < 64 ? mask[0] >> l : mask[1] >> (l - 64)) & 1;
            lanes[l] = on ? src[r * 256 + (l / 16) * 32 + l % 16] : half(0);
        }
        EXPECT_EQ(Bits(out[r * 3]), Bits(RefTree(lanes))) << r;
    }
    EXPECT_TRUE(std::isinf(float(out[3])));  // non-saturating: 60000 + 60000 -> inf
}

TEST(VecReduce, WholeReduceMaxMinOrdersTiesNanSignedZero) {
    std::vector<float> src(3 * 64);
    Lcg g(3);
    for (auto& x : src) x = float(g.Uniform(-10, 10));
    src[10] = 50;  // repeat 0: tie at 10 and 40, first wins
    src[40] = 50;
    src[64 + 5] = -0.0f;  // repeat 1: all zeros of both signs, +0 is the max, -0 the min
    for (int l = 0; l < 64; ++l) src[64 + l] = (l % 3 == 0) ? 0.0f : -0.0f;
    src[64 + 0] = -0.0f;
    src[128 + 20] = std::numeric_limits<float>::quiet_NaN();  // repeat 2: NaN propagates
    const ReduceOrder orders[] = {ReduceOrder::ORDER_VALUE_INDEX, ReduceOrder::ORDER_INDEX_VALUE,
                                  ReduceOrder::ORDER_ONLY_VALUE, ReduceOrder::ORDER_ONLY_INDEX};
    for (bool isMax : {true, false})
        for (ReduceOrder o : orders) {
            std::vector<float> out;
            auto run = RunKernel(1, [&] {
                TPipe pipe;
                Ub ub(pipe);
                auto d = ub.Filled<float>(16, 0);
                if (isMax) WholeReduceMax(d, ub.New(src), 64, 3, 1, 1, 8, o);
                else WholeReduceMin(d, ub.New(src), 64, 3, 1, 1, 8, o);
                out = Read(d, 16);
            });
            ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
            for (int r = 0; r < 3; ++r) {
                std::vector<float> rep(src.begin() + r * 64, src.begin() + r * 64 + 64);
                auto [v, i] = RefBest(rep, std::vector<bool>(64, true), isMax);
                switch (o) {
                    case ReduceOrder::ORDER_VALUE_INDEX:
                        EXPECT_EQ(Bits(out[2 * r]), Bits(v)) << r;
                        EXPECT_EQ(Bits(out[2 * r + 1]), i) << r;
                        break;
                    case ReduceOrder::ORDER_INDEX_VALUE:
                        EXPECT_EQ(Bits(out[2 * r]), i) << r;
                        EXPECT_EQ(Bits(out[2 * r + 1]), Bits(v)) << r;
                        break;
                    case ReduceOrder::ORDER_ONLY_VALUE: EXPECT_EQ(Bits(out[r]), Bits(v)) << r; break;
                    default: EXPECT_EQ(Bits(out[r]), i) << r; break;
                }
            }
            if (isMax && o == ReduceOrder::ORDER_VALUE_INDEX) {
                EXPECT_EQ(Bits(out[1]), 10u);  // the tie at lanes 10 and 40 keeps the first
            }
        }
}

TEST(VecReduce, WholeReduceMaxHalfIndexAndDstStrideUnits) {
    std::vector<half> src(2 * 128);
    for (int i = 0; i < 256; ++i) src[i] = half(float(i % 128) * 0.5f - 20);
    src[52] = half(100.0f);
    src[128 + 100] = half(100.0f);
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(16, 0);
        // VALUE_INDEX: dstRepStride counts (value, index) pairs of 4 bytes.
        WholeReduceMax(d, ub.New(src), 128, 2, 2, 1, 8);
        out = Read(d, 16);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(float(out[0]), 100.0f);
    EXPECT_EQ(Bits(out[1]), 52u);  // 0x0034, the documented example
    EXPECT_EQ(float(out[4]), 100.0f);
    EXPECT_EQ(Bits(out[5]), 100u);
    EXPECT_EQ(Bits(out[2]), 0u);  // the gap is untouched
}

TEST(VecReduce, CounterModeWholeReduceMaxAndGetReduceMaxMinCount) {
    // The Icamax pattern: in place, counter mode over 150 floats, then read MAX_MIN_CNT.
    constexpr int n = 150;
    auto src = RandomVec<float>(192, 4, -5, 5);
    src[37] = 9.0f;
    src[121] = 9.0f;  // tie across repeats: the first (37) is kept
    src[149] = 8.5f;
    src[160] = 99.0f;  // beyond the count: ignored
    float val = 0, idx = 0, rval = 0, ridx = 0;
    uint32_t uval = 0, uidx = 0;
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto t = ub.New(src);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, n);
        WholeReduceMax<float, false>(t, t, MASK_PLACEHOLDER, 1, 1, 1, 8);
        SetMaskNorm();
        ResetMask();
        GetReduceMaxMinCount<float>(val, idx);
        GetReduceRepeatMaxMinSpr<float>(rval, ridx);
        GetReduceMaxMinCount<float>(uval, uidx);
        out = Read(t, 6);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(val, 9.0f);
    EXPECT_EQ(Bits(idx), 37u);
    EXPECT_EQ(rval, 9.0f);
    EXPECT_EQ(Bits(ridx), 37u);
    EXPECT_EQ(uval, Bits(9.0f));
    EXPECT_EQ(uidx, 37u);
    // Per-repeat (value, index) pairs written in place at the start of the tensor.
    EXPECT_EQ(out[0], 9.0f);
    EXPECT_EQ(Bits(out[1]), 37u);
    EXPECT_EQ(out[2], 9.0f);
    EXPECT_EQ(Bits(out[3]), uint32_t(121 - 64));
    EXPECT_EQ(Bits(out[5]), uint32_t(149 - 128));
}

TEST(VecReduce, ReduceRepeatMatchesWholeReduce) {
    auto src = RandomVec<half>(512, 5);
    std::vector<half> a, b, c, d;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto t1 = ub.Filled<half>(16, 0), t2 = ub.Filled<half>(16, 0), t3 = ub.Filled<half>(16, 0),
             t4 = ub.Filled<half>(16, 0);
        ReduceRepeat<ReduceType::MAX, half>(t1, s, 128, 4, 1, 1, 8, ReduceOrder::ORDER_INDEX_VALUE);
        WholeReduceMax(t2, s, 128, 4, 1, 1, 8, ReduceOrder::ORDER_INDEX_VALUE);
        uint64_t m[2] = {~0ull, ~0ull};
        ReduceRepeat<ReduceType::SUM, half>(t3, s, m, 4, 1, 1, 8);
        RepeatReduceSum<half>(t4, s, 4, 128, 0, 1, 1, 8);
        a = Read(t1, 16);
        b = Read(t2, 16);
        c = Read(t3, 16);
        d = Read(t4, 16);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 8; ++i) EXPECT_EQ(Bits(a[i]), Bits(b[i])) << i;
    for (int r = 0; r < 4; ++r) {
        std::vector<half> rep(src.begin() + r * 128, src.begin() + r * 128 + 128);
        EXPECT_EQ(Bits(c[r]), Bits(RefTree(rep))) << r;
        EXPECT_EQ(Bits(d[r]), Bits(c[r])) << r;
    }
}

TEST(VecReduce, BlockReduceSumMaxMinPerDataBlock) {
    // float: 8 lanes per block. Mask enables blocks 0, 1 (partly), 3 and 7 (one lane).
    const uint64_t mask = 0x8000000000FF03FFull;  // block 0 full, block 1 lanes 8-9, block 2 full, block 7 lane 63
    auto src = Cancelling<float>(2 * 64, 6);
    for (int kind = 0; kind < 3; ++kind) {
        std::vector<float> out;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d = ub.Filled<float>(24, 0x33);
            uint64_t m[2] = {mask, 0};
            auto s = ub.New(src);
            // dstRepStride 2: repeat r writes at r * 16 elements.
            if (kind == 0) BlockReduceSum(d, s, 2, m, 2, 1, 8);
            if (kind == 1) BlockReduceMax(d, s, 2, m, 2, 1, 8);
            if (kind == 2) BlockReduceMin(d, s, 2, m, 2, 1, 8);
            out = Read(d, 24);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (int r = 0; r < 2; ++r)
            for (int k = 0; k < 8; ++k) {
                std::vector<float> lanes(8);
                std::vector<bool> on(8);
                bool any = false;
                for (int j = 0; j < 8; ++j) {
                    const int l = k * 8 + j;
                    on[j] = (mask >> l) & 1;
                    any |= on[j];
                    lanes[j] = on[j] ? src[r * 64 + l] : 0.0f;
                }
                const float got = out[r * 16 + k];
                if (!any) {
                    EXPECT_EQ(Bits(got), Bits(Poison<float>(0x33))) << kind << " " << r << " " << k;
                    continue;
                }
                const float ref = kind == 0 ? RefTree(lanes) : RefBest(lanes, on, kind == 1).first;
                EXPECT_EQ(Bits(got), Bits(ref)) << kind << " " << r << " " << k;
            }
    }
}

TEST(VecReduce, BlockReduceSumHalfContinuousAndReduceDataBlock) {
    auto src = Cancelling<half>(3 * 128, 7);
    std::vector<half> a, b;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto t1 = ub.Filled<half>(24, 0), t2 = ub.Filled<half>(24, 0);
        BlockReduceSum(t1, s, 3, 128, 1, 1, 8);
        ReduceDataBlock<ReduceType::SUM, half>(t2, s, 128, 3, 1, 1, 8);
        a = Read(t1, 24);
        b = Read(t2, 24);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 24; ++i) {
        std::vector<half> blk(src.begin() + i * 16, src.begin() + i * 16 + 16);
        EXPECT_EQ(Bits(a[i]), Bits(RefTree(blk))) << i;
        EXPECT_EQ(Bits(b[i]), Bits(a[i])) << i;
    }
}

TEST(VecReduce, PairReduceSumMaskedPairsAndDstUnit) {
    // float: 32 pairs per repeat; dstRepStride 2 -> 256 bytes (64 floats) between repeats.
    const uint64_t mask = 0x00000000F0F0F00Full;  // pairs 0,1 full; pairs 4..7 partly; 8.. none
    auto src = RandomVec<float>(128, 8);
    std::vector<float> out, out2;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<float>(128, 0x44), d2 = ub.Filled<float>(128, 0x44);
        uint64_t m[2] = {mask, 0};
        PairReduceSum(d, s, 2, m, 2, 1, 8);
        ReducePairElem<ReduceType::SUM, float>(d2, s, m, 2, 2, 1, 8);
        out = Read(d, 128);
        out2 = Read(d2, 128);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 2; ++r)
        for (int j = 0; j < 32; ++j) {
            const bool a = (mask >> (2 * j)) & 1, b = (mask >> (2 * j + 1)) & 1;
            const float got = out[r * 64 + j];
            if (!a && !b) {
                EXPECT_EQ(Bits(got), Bits(Poison<float>(0x44))) << r << " " << j;
                continue;
            }
            const double x = (a ? double(src[r * 64 + 2 * j]) : 0.0) + (b ? double(src[r * 64 + 2 * j + 1]) : 0.0);
            EXPECT_EQ(Bits(got), Bits(float(x))) << r << " " << j;
            EXPECT_EQ(Bits(out2[r * 64 + j]), Bits(got));
        }
}

TEST(VecReduce, ReduceSumCountFormAddsRepeatsInOrderIntoAccVal) {
    for (int n : {64, 200, 1000}) {
        auto src = Cancelling<float>(1024, 9 + n);
        float res = 0, spr = 0, acc = 0;
        int64_t raw = 0;
        std::vector<float> work;
        auto run = RunKernel(1, [&] {
            TPipe pipe;
            Ub ub(pipe);
            auto d = ub.Filled<float>(8, 0), w = ub.Filled<float>(8, 0x21);
            ReduceSum(d, ub.New(src), w, n);
            res = d.GetValue(0);
            spr = GetReduceRepeatSumSpr<float>();
            acc = GetAccVal<float>();
            raw = GetAccVal();
            work = Read(w, 8);
        });
        ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        std::vector<float> repeatSums;
        for (int r = 0; r * 64 < n; ++r) {
            std::vector<float> rep(64, 0.0f);
            for (int l = 0; l < 64 && r * 64 + l < n; ++l) rep[l] = src[r * 64 + l];
            repeatSums.push_back(RefTree(rep));
        }
        const float ref = RefSeq(repeatSums);
        EXPECT_EQ(Bits(res), Bits(ref)) << n;
        EXPECT_EQ(Bits(spr), Bits(ref));
        EXPECT_EQ(Bits(acc), Bits(ref));
        EXPECT_EQ(uint32_t(raw), Bits(ref));
        for (float w : work) EXPECT_EQ(Bits(w), Bits(Poison<float>(0x21)));  // work tensor unused
    }
}

TEST(VecReduce, ReduceSumMaskFormAddsRepeatsByTrees) {
    // 130 float repeats: 130 repeat sums -> trees of 64 (3 chunks) -> a tree of the 3 results.
    constexpr int reps = 130;
    auto src = Cancelling<float>(reps * 64, 10);
    float res = 0, countRes = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<float>(8, 0), d2 = ub.Filled<float>(8, 0);
        auto w = ub.New<float>(136);  // ceil(130 / 8) * 8
        ReduceSum(d, s, w, 64, reps, 8);
        ReduceSum<float>(d2, s, w, reps * 64);
        res = d.GetValue(0);
        countRes = d2.GetValue(0);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> sums;
    for (int r = 0; r < reps; ++r) sums.push_back(RefTree(std::vector<float>(src.begin() + r * 64, src.begin() + r * 64 + 64)));
    std::vector<float> chunks;
    for (int c = 0; c < 3; ++c) {
        std::vector<float> v(64, 0.0f);
        for (int l = 0; l < 64 && c * 64 + l < reps; ++l) v[l] = sums[c * 64 + l];
        chunks.push_back(RefTree(v));
    }
    std::vector<float> last(64, 0.0f);
    for (int c = 0; c < 3; ++c) last[c] = chunks[c];
    EXPECT_EQ(Bits(res), Bits(RefTree(last)));
    EXPECT_EQ(Bits(countRes), Bits(RefSeq(sums)));
    EXPECT_NE(Bits(res), Bits(countRes)) << "the two forms' documented orders should differ on this data";
}

TEST(VecReduce, ReduceSumCounterModeWithoutSetMask) {
    auto src = RandomVec<half>(384, 11, -3, 3);
    half res = half(0);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(16, 0);
        SetMaskCount();
        SetVectorMask<half, MaskMode::COUNTER>(0, 300);
        ReduceSum<half, false>(d, ub.New(src), d, 1);
        SetMaskNorm();
        ResetMask();
        res = d.GetValue(0);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<half> sums;
    for (int r = 0; r < 3; ++r) {
        std::vector<half> rep(128, half(0));
        for (int l = 0; l < 128 && r * 128 + l < 300; ++l) rep[l] = src[r * 128 + l];
        sums.push_back(RefTree(rep));
    }
    EXPECT_EQ(Bits(res), Bits(RefSeq(sums)));
}

TEST(VecReduce, ReduceMaxMinCountFormValueAndIndex) {
    for (int n : {50, 64, 1000}) {
        auto src = RandomVec<float>(1024, 12 + n, -50, 50);
        src[n / 3] = 77.0f;
        src[n - 1] = 77.0f;  // tie: first index wins
        src[n / 2] = -77.0f;
        src[n > 64 ? n + 2 : 1000] = 500.0f;  // beyond the count
        for (bool isMax : {true, false})
            for (bool calIndex : {true, false}) {
                std::vector<float> out;
                float sprVal = 0, sprIdx = 0;
                auto run = RunKernel(1, [&] {
                    TPipe pipe;
                    Ub ub(pipe);
                    auto d = ub.Filled<float>(8, 0x66);
                    auto w = ub.New<float>(1024);
                    if (isMax) ReduceMax(d, ub.New(src), w, n, calIndex);
                    else ReduceMin(d, ub.New(src), w, n, calIndex);
                    GetReduceRepeatMaxMinSpr<float>(sprVal, sprIdx);
                    out = Read(d, 8);
                });
                ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
                const float v = isMax ? 77.0f : -77.0f;
                const uint32_t i = isMax ? uint32_t(n / 3) : uint32_t(n / 2);
                EXPECT_EQ(out[0], v) << n;
                EXPECT_EQ(sprVal, v);
                if (calIndex) EXPECT_EQ(Bits(out[1]), i) << n << " " << isMax;
                else EXPECT_EQ(Bits(out[1]), Bits(Poison<float>(0x66)));
            }
    }
}

TEST(VecReduce, ReduceMaxHalfMaskFormIndexFollowsSourceRepeatStride) {
    // 3 repeats, srcRepStride 16 blocks (256 halves apart), lanes 0..99 enabled.
    auto src = RandomVec<half>(3 * 256, 13, -10, 10);
    src[2 * 256 + 90] = half(1000.0f);
    src[2 * 256 + 110] = half(2000.0f);  // disabled lane
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(16, 0);
        auto w = ub.New<half>(64);
        ReduceMax(d, ub.New(src), w, 100, 3, 16, true);
        out = Read(d, 2);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(float(out[0]), 1000.0f);
    EXPECT_EQ(Bits(out[1]), uint64_t(2 * 256 + 90));
}

TEST(VecReduce, ReduceMaxWithTooSmallWorkTensor) {
    // Documented need for 65 half repeats with index: 176 elements.
    auto src = RandomVec<half>(65 * 128, 14);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(16, 0);
        auto w = ub.New<half>(160);
        ReduceMax<half>(d, ub.New(src), w, 128, 65, 8, true);
    });
    const auto* diag = akg::test::FindDiag(run, "VEC_TMP_BUFFER_SMALL");
    ASSERT_NE(diag, nullptr) << run.Codes();
    EXPECT_NE(diag->message.find("176"), std::string::npos) << diag->message;
}

TEST(VecReduce, GetReduceMaxMinCountValueOnlyIsUnsupported) {
    auto run = RunKernel(1, [&] {
        float v = 0;
        GetReduceMaxMinCount<float>(v);
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_UNSUPPORTED"), nullptr) << run.Codes();
}

TEST(VecReduce, RepeatOutOfRangeIsReported) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.Filled<float>(64, 0);
        auto d = ub.Filled<float>(64, 0);
        WholeReduceSum(d, s, 64, 300, 1, 1, 0);
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_COUNT_RANGE"), nullptr) << run.Codes();
}

TEST(VecReduce, CceVcaddUnderAscendCUtilsMask) {
    // The reduce helper of CANN's Norm operators: AscendCUtils::SetMask<float>(n) then the raw
    // vcadd into ACC_VAL (body and tail), and the per-repeat form into dst. Quarter values keep
    // every sum exact whatever the order of additions.
    std::vector<float> src(128);
    for (int i = 0; i < 100; ++i) src[i] = 0.25f * float(i);
    for (int i = 100; i < 128; ++i) src[i] = 1000.0f;  // outside every mask
    uint64_t body = 0, tail = 0;
    float perRepeat = 0;
    int32_t c0 = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<float>(8, 0);
        AscendCUtils::SetMask<float>(64);
        vcadd(nullptr, (__ubuf__ float*)s.GetPhyAddr(), 1, 1, 1, 8, true);
        body = get_acc_val();
        AscendCUtils::SetMask<float>(36);
        vcadd(nullptr, (__ubuf__ float*)s[64].GetPhyAddr(), 1, 1, 1, 8, true);
        tail = GetAccVal();
        vcadd((__ubuf__ float*)d.GetPhyAddr(), (__ubuf__ float*)s[64].GetPhyAddr(), 1, 0, 1, 0, false);
        perRepeat = d.GetValue(0);
        c0 = AscendCUtils::GetC0Count(sizeof(half));
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(FromBits<float>(body & 0xffffffffu), 504.0f);  // 0.25 * (0 + ... + 63)
    EXPECT_EQ(FromBits<float>(tail & 0xffffffffu), 733.5f);  // 0.25 * (64 + ... + 99)
    EXPECT_EQ(perRepeat, 733.5f);
    EXPECT_EQ(c0, 16);
}

TEST(VecReduce, RawVcaddAccumulatesIntoAccValForGetAccVal) {
    // The AddLayerNorm pattern: vcadd(nullptr, src, repeat, 1, 1, 8, true) then GetAccVal().
    auto src = Cancelling<float>(5 * 64, 15);
    int64_t raw = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        SetVectorMask<float>(0, ~0ull);
        akg::sim::VecVcadd<float>(nullptr, s.Data(), 5, 1, 1, 8, true, nullptr);
        raw = GetAccVal();
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> sums;
    for (int r = 0; r < 5; ++r) sums.push_back(RefTree(std::vector<float>(src.begin() + r * 64, src.begin() + r * 64 + 64)));
    const float v = FromBits<float>(uint64_t(raw) & 0xffffffffu);
    EXPECT_EQ(Bits(v), Bits(RefSeq(sums)));
}
