// The sort instructions against reference loops: ProposalConcat / ProposalExtract / RpSort16 /
// MrgSort4 on a 310P-class SoC (__CCE_AICORE__ 200), Sort32 / MrgSort on Atlas A2, and
// GetMrgSortResult after a suspended merge.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "sim/vec_test_util.h"

// The tests compile for Atlas A2, where CANN marks the Region Proposal forms deprecated.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

using namespace AscendC;
using akg::test::FindDiag;
using akg::test::KernelRun;
using namespace akg::vtest;

namespace {

// Runs `body` on one vector core of a SoC whose sort generation is __CCE_AICORE__ `arch`.
KernelRun RunOn(uint32_t arch, std::function<void()> body) {
    static std::function<void()>* current = nullptr;
    current = &body;
    akg::sim::PlatformSpec spec;
    if (arch == 200) {
        spec.socVersion = "Ascend310P3";
        spec.shortSocVersion = "Ascend310P";
    }
    spec.cceAicore = arch;
    akg::sim::LaunchArgs args;
    args.entry = [](void**) { (*current)(); };
    args.blockDim = 1;
    args.kernelType = KERNEL_TYPE_AIV_ONLY;
    KernelRun run;
    run.result = akg::sim::Launch(spec, args, {});
    current = nullptr;
    return run;
}

// Proposals of 8 halves with the given scores and x1 = the proposal's original position.
std::vector<half> Proposals(const std::vector<float>& scores) {
    std::vector<half> p(scores.size() * 8, half(0.0f));
    for (size_t i = 0; i < scores.size(); ++i) {
        p[i * 8 + 0] = half(float(i));
        p[i * 8 + 4] = half(scores[i]);
    }
    return p;
}

// Reference: stable descending order of (score, position).
std::vector<std::pair<float, int>> SortedRef(std::vector<std::pair<float, int>> v) {
    std::stable_sort(v.begin(), v.end(), [](auto& a, auto& b) { return a.first > b.first; });
    return v;
}

}  // namespace

TEST(VecSort, ProposalConcatExtractRoundTripLeavesOtherFields) {
    constexpr int n = 32;  // 2 repeats
    std::vector<float> x(n);
    for (int i = 0; i < n; ++i) x[i] = float(i) * 1.5f - 7.0f;
    std::vector<float> props, back;
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto src = ub.New(x);
        std::vector<float> init(n * 8, -1.0f);
        auto p = ub.New(init);
        ProposalConcat(p, src, 2, 4);
        ProposalConcat(p, src, 2, 5);
        auto out = ub.Filled<float>(n, 0);
        ProposalExtract(out, p, 2, 4);
        props = Read(p, n * 8);
        back = Read(out, n);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < n; ++i) {
        for (int f = 0; f < 8; ++f) {
            const float want = (f == 4 || f == 5) ? x[i] : -1.0f;
            ASSERT_EQ(props[i * 8 + f], want) << i << " field " << f;
        }
        ASSERT_EQ(back[i], x[i]) << i;
    }
}

TEST(VecSort, RpSort16SortsEachRepeatDescendingEarlierFirstOnTies) {
    // Two repeats; the second has ties that must keep their original order (x1 tells it).
    std::vector<float> scores(32);
    for (int i = 0; i < 16; ++i) scores[i] = float((i * 7) % 16) - 8.0f;
    for (int i = 16; i < 32; ++i) scores[i] = float(i % 3);
    const auto in = Proposals(scores);
    std::vector<half> out;
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto p = ub.New(in);
        RpSort16(p, p, 2);  // in place, as the Region Proposal samples do
        out = Read(p, 32 * 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 2; ++r) {
        std::vector<std::pair<float, int>> v;
        for (int i = 0; i < 16; ++i) v.push_back({scores[r * 16 + i], r * 16 + i});
        const auto ref = SortedRef(v);
        for (int i = 0; i < 16; ++i) {
            ASSERT_EQ(float(out[(r * 16 + i) * 8 + 4]), ref[i].first) << r << " " << i;
            ASSERT_EQ(float(out[(r * 16 + i) * 8 + 0]), float(ref[i].second)) << r << " " << i;
        }
    }
}

TEST(VecSort, MrgSort4MergesFourListsTiesToTheEarlierList) {
    // Lists of lengths 5, 3, 4, 2, each descending, with scores shared across lists.
    const std::vector<std::vector<float>> lists = {{9, 7, 5, 3, 1}, {7, 6, 1}, {8, 7, 2, 0}, {10, 1}};
    std::vector<half> out;
    uint16_t taken[4] = {};
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        std::vector<LocalTensor<half>> t;
        for (size_t l = 0; l < 4; ++l) {
            auto p = Proposals(lists[l]);
            for (size_t i = 0; i < lists[l].size(); ++i) p[i * 8 + 0] = half(float(l * 10 + i));
            p.resize(8 * 16, half(0.0f));  // keep every list 32-byte aligned in its own buffer
            t.push_back(ub.New(p));
        }
        auto dst = ub.Filled<half>(14 * 8, 0);
        MrgSortSrcList<half> src(t[0], t[1], t[2], t[3]);
        const uint16_t len[4] = {5, 3, 4, 2};
        MrgSort4(dst, src, MrgSort4Info(len, false, 15, 1));
        out = Read(dst, 14 * 8);
        GetMrgSortResult(taken[0], taken[1], taken[2], taken[3]);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<std::pair<float, int>> all;
    for (int l = 0; l < 4; ++l)
        for (size_t i = 0; i < lists[l].size(); ++i) all.push_back({lists[l][i], l * 10 + int(i)});
    // A stable sort of the concatenated lists is the merge with ties to the earlier list.
    const auto ref = SortedRef(all);
    for (int i = 0; i < 14; ++i) {
        ASSERT_EQ(float(out[i * 8 + 4]), ref[i].first) << i;
        ASSERT_EQ(float(out[i * 8 + 0]), float(ref[i].second)) << i;
    }
    EXPECT_EQ(taken[0], 5);
    EXPECT_EQ(taken[3], 2);
}

TEST(VecSort, MrgSort4ExhaustedSuspensionStopsAndReportsCounts) {
    // List 2 runs out first (after its 4th record, 5); the merge stops right there.
    const std::vector<std::vector<float>> lists = {{9, 4}, {8, 7, 6, 5}, {3, 2}};
    std::vector<half> out;
    uint16_t taken[4] = {7, 7, 7, 7};
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        std::vector<LocalTensor<half>> t;
        for (auto& l : lists) {
            auto p = Proposals(l);
            p.resize(8 * 16, half(0.0f));
            t.push_back(ub.New(p));
        }
        auto dst = ub.Filled<half>(8 * 8, 0x7C);  // 0x7C7C: a large half, to see what is left alone
        MrgSortSrcList<half> src(t[0], t[1], t[2], t[2]);
        const uint16_t len[4] = {2, 4, 2, 0};
        MrgSort4(dst, src, MrgSort4Info(len, true, 7, 1));
        out = Read(dst, 8 * 8);
        GetMrgSortResult(taken[0], taken[1], taken[2], taken[3]);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const float want[] = {9, 8, 7, 6, 5};
    for (int i = 0; i < 5; ++i) ASSERT_EQ(float(out[i * 8 + 4]), want[i]) << i;
    EXPECT_EQ(Bits(out[5 * 8 + 4]), 0x7C7Cu) << "written past the suspension point";
    EXPECT_EQ(taken[0], 1);
    EXPECT_EQ(taken[1], 4);
    EXPECT_EQ(taken[2], 0);
    EXPECT_EQ(taken[3], 0);
}

TEST(VecSort, MrgSort4SingleListTruncatesAsTopKV3Does) {
    // validBit 1 with suspension: the first k records of list 1 (NPUKernelBench TopKV3's head merge).
    std::vector<float> s(16);
    for (int i = 0; i < 16; ++i) s[i] = float(16 - i);
    std::vector<half> out;
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto p = ub.New(Proposals(s));
        auto dst = ub.Filled<half>(16 * 8, 0);
        const uint16_t len[4] = {3, 16, 16, 16};
        MrgSort4(dst, MrgSortSrcList<half>(p, p, p, p), MrgSort4Info(len, true, 1, 1));
        out = Read(dst, 16 * 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 3; ++i) ASSERT_EQ(float(out[i * 8 + 4]), 16.0f - i);
    EXPECT_EQ(float(out[3 * 8 + 4]), 0.0f);
}

TEST(VecSort, Sort32FloatAndHalfPairs) {
    constexpr int n = 64;  // 2 repeats
    std::vector<float> xf(n);
    std::vector<half> xh(n);
    std::vector<uint32_t> idx(n);
    for (int i = 0; i < n; ++i) {
        xf[i] = float((i * 37) % 23) - 11.0f;  // ties within each repeat
        xh[i] = half(xf[i]);
        idx[i] = uint32_t(1000 + i);
    }
    std::vector<float> of;
    std::vector<half> oh;
    auto run = RunOn(220, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto i1 = ub.New(idx);
        auto df = ub.Filled<float>(n * 2, 0xAA);
        Sort32(df, ub.New(xf), i1, 2);
        of = Read(df, n * 2);
        auto dh = ub.Filled<half>(n * 4, 0xAA);
        Sort32(dh, ub.New(xh), i1, 2);
        oh = Read(dh, n * 4);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 2; ++r) {
        std::vector<std::pair<float, int>> v;
        for (int i = 0; i < 32; ++i) v.push_back({xf[r * 32 + i], 1000 + r * 32 + i});
        const auto ref = SortedRef(v);
        for (int i = 0; i < 32; ++i) {
            const int k = r * 32 + i;
            ASSERT_EQ(of[k * 2], ref[i].first) << k;
            ASSERT_EQ(Bits(of[k * 2 + 1]), uint64_t(ref[i].second)) << k;
            ASSERT_EQ(float(oh[k * 4]), ref[i].first) << k;
            ASSERT_EQ(Bits(oh[k * 4 + 1]), 0u) << "reserved bytes of the half pair" << k;
            uint32_t hi;
            std::memcpy(&hi, &oh[k * 4 + 2], 4);
            ASSERT_EQ(hi, uint32_t(ref[i].second)) << k;
        }
    }
}

TEST(VecSort, MrgSortRepeatsOverContiguousListsAfterSort32) {
    // The documented pattern: Sort32 over 256 floats, then MrgSort of 4 lists of 32 with 2 repeats.
    constexpr int n = 256;
    std::vector<float> x(n);
    std::vector<uint32_t> idx(n);
    for (int i = 0; i < n; ++i) {
        x[i] = float((i * 101) % 97);
        idx[i] = uint32_t(i);
    }
    std::vector<float> out;
    auto run = RunOn(220, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto work = ub.Filled<float>(n * 2, 0);
        Sort32(work, ub.New(x), ub.New(idx), 8);
        auto dst = ub.Filled<float>(n * 2, 0);
        MrgSortSrcList<float> src(work[0], work[64], work[128], work[192]);
        const uint16_t len[4] = {32, 32, 32, 32};
        MrgSort(dst, src, MrgSort4Info(len, false, 15, 2));
        out = Read(dst, n * 2);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int r = 0; r < 2; ++r) {
        std::vector<std::pair<float, int>> v;
        for (int i = 0; i < 128; ++i) v.push_back({x[r * 128 + i], r * 128 + i});
        // Within a Sort32 group equal scores keep index order, and across groups the earlier list
        // wins: the merged order is a stable sort of the 128 inputs.
        const auto ref = SortedRef(v);
        for (int i = 0; i < 128; ++i) {
            const int k = r * 128 + i;
            ASSERT_EQ(out[k * 2], ref[i].first) << k;
            ASSERT_EQ(Bits(out[k * 2 + 1]), uint64_t(ref[i].second)) << k;
        }
    }
}

TEST(VecSort, RegionProposalFormsOnAtlasA2AreReportedAndDoNothing) {
    std::vector<float> out;
    auto run = RunOn(220, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto p = ub.Filled<float>(16 * 8, 0);
        ProposalConcat(p, ub.New(std::vector<float>(16, 5.0f)), 1, 4);
        out = Read(p, 16 * 8);
    });
    EXPECT_NE(FindDiag(run, "VEC_UNSUPPORTED"), nullptr) << run.Codes();
    EXPECT_EQ(out[4], 0.0f);
}

TEST(VecSort, Sort32On310PIsReported) {
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<float>(64, 0);
        Sort32(d, ub.Filled<float>(32, 0), ub.Filled<uint32_t>(32, 0), 1);
    });
    EXPECT_NE(FindDiag(run, "VEC_UNSUPPORTED"), nullptr) << run.Codes();
}

TEST(VecSort, MisuseIsReported) {
    // A list longer than 4095 records, a validBit that is not a prefix, a misaligned MrgSort4
    // destination, overlapping source and destination, and a repeat count beyond 255.
    auto run = RunOn(200, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto a = ub.Filled<half>(16 * 8, 0);
        auto dst = ub.Filled<half>(17 * 8, 0);
        MrgSortSrcList<half> src(a, a, a, a);
        const uint16_t tooLong[4] = {5000, 1, 1, 1};
        MrgSort4(dst, src, MrgSort4Info(tooLong, false, 3, 1));
        const uint16_t len[4] = {4, 4, 4, 4};
        MrgSort4(dst, src, MrgSort4Info(len, false, 5, 1));
        MrgSort4(dst[4], MrgSortSrcList<half>(a, a, a, a), MrgSort4Info(len, false, 1, 1));
        MrgSort4(a, MrgSortSrcList<half>(a, a, a, a), MrgSort4Info(len, false, 1, 1));
        RpSort16(a, a, 300);
    });
    int range = 0, unsupported = 0;
    for (auto& d : run.result.diagnostics) {
        range += d.code == "VEC_COUNT_RANGE";
        unsupported += d.code == "VEC_UNSUPPORTED";
    }
    EXPECT_EQ(range, 2) << run.Codes();
    EXPECT_EQ(unsupported, 2) << run.Codes();
    EXPECT_NE(FindDiag(run, "LOCAL_ADDR_MISALIGNED"), nullptr) << run.Codes();
}

TEST(VecSort, SortLengthsCountElementsOfTheA2PairLayout) {
    // The tests build for Atlas A2: a (score, index) pair is 4 halves or 2 floats.
    EXPECT_EQ(GetSortLen<half>(128), 512u);
    EXPECT_EQ(GetSortLen<float>(128), 256u);
    EXPECT_EQ(GetSortOffset<half>(3), 12u);
    EXPECT_EQ(GetSortOffset<float>(3), 6u);
}
