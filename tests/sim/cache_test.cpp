// DataCacheCleanAndInvalid and ICachePreLoad (kernel_operator_cache_intf.h): the simulator has no
// caches, so each call must keep its place in the instruction stream (a scalar-pipe instruction,
// on the cache line it names in the memory it names for the data cache) and leave every value as
// it was.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "sim/runtime.h"

using namespace AscendC;

namespace {

struct Recorder : akg::sim::InstrObserver {
    std::vector<akg::sim::Instr> instrs;
    void OnInstr(int, const akg::sim::Instr& in) override { instrs.push_back(in); }
};

TEST(DataCache, CleanAndInvalidIssuesAScalarInstructionOnTheLineAndKeepsTheData) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int32_t> gm(16, "flags");
    Recorder rec;
    std::vector<int32_t> afterGm, afterUb;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        GlobalTensor<int32_t> g;
        g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(gm.addr()), 16);
        for (int i = 0; i < 16; ++i) g.SetValue(i, 3 * i - 7);
        DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(g);
        DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE>(g);
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64);
        auto u = b.Get<int32_t>();
        for (int i = 0; i < 16; ++i) u.SetValue(i, 100 + i);
        DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_UB>(u);
        for (int i = 0; i < 16; ++i) afterGm.push_back(g.GetValue(i));
        for (int i = 0; i < 16; ++i) afterUb.push_back(u.GetValue(i));
    }, {&rec});
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i) {
        EXPECT_EQ(afterGm[i], 3 * i - 7) << i;
        EXPECT_EQ(afterUb[i], 100 + i) << i;
    }
    std::vector<const akg::sim::Instr*> dcci;
    for (const auto& in : rec.instrs)
        if (std::string(in.api) == "DataCacheCleanAndInvalid") dcci.push_back(&in);
    ASSERT_EQ(dcci.size(), 3u);
    for (const auto* in : dcci) {
        EXPECT_EQ(in->pipe, akg::sim::Pipe::S);
        ASSERT_EQ(in->nacc, 1u);
    }
    EXPECT_EQ(dcci[0]->acc[0].mem, akg::sim::Mem::GM);
    EXPECT_EQ(dcci[0]->acc[0].addr, reinterpret_cast<uintptr_t>(gm.data));
    EXPECT_EQ(dcci[1]->acc[0].mem, akg::sim::Mem::GM);
    EXPECT_EQ(dcci[2]->acc[0].mem, akg::sim::Mem::UB);
}

// ICachePreLoad / PRELOAD: one scalar instruction that touches no memory; the values around it
// are unchanged.
TEST(InstructionCache, PreLoadIsOneScalarInstructionWithNoAccess) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int32_t> gm(8, "out");
    Recorder rec;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        GlobalTensor<int32_t> g;
        g.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(gm.addr()), 8);
        g.SetValue(0, 41);
        ICachePreLoad(2);
        PRELOAD(4);
        g.SetValue(1, g.GetValue(0) + 1);
    }, {&rec});
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(gm[1], 42);
    int preloads = 0;
    for (const auto& in : rec.instrs) {
        if (std::string(in.api) != "ICachePreLoad") continue;
        ++preloads;
        EXPECT_EQ(in.pipe, akg::sim::Pipe::S);
        EXPECT_EQ(in.nacc, 0u);
    }
    EXPECT_EQ(preloads, 2);
}

}  // namespace
