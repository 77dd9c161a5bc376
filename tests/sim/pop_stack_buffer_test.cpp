// PopStackBuffer (basic_api/kernel_tpipe.h) against its documented semantics: the tensor covers
// all of the position's memory that TPipe has not handed out (and follows later InitBuffers),
// it is usable like any local tensor (here with the raw-pointer DuplicateImpl and
// DataCopyUB2GMImpl, as GeGluV2 does), it fails when nothing is left or the position is GM; and
// the misuse CANN's documentation names, a high-level API taking its temporary space from the
// same bytes, is reported in either order (POP_STACK_CONFLICT).
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "sim/runtime.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::KernelRun;
using akg::test::RunKernel;

namespace {

uint64_t OffsetInUb(const LocalTensor<int16_t>& t) {
    return t.GetPhyAddr() - GetTPipePtr()->GetBaseAddr(int8_t(TPosition::VECCALC));
}

TEST(PopStackBuffer, CoversTheUnallocatedEndOfUb) {
    uint32_t ub = 0;
    uint64_t firstOffset = 0, secondOffset = 0;
    uint32_t firstSize = 0, secondSize = 0;
    bool ok1 = false, ok2 = false;
    auto run = RunKernel(1, [&] {
        ub = akg::sim::MemCapacity(akg::sim::Mem::UB);
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 2, 1000);  // two buffers of 1024 bytes (32-byte rounded)
        LocalTensor<int16_t> pop;
        ok1 = PopStackBuffer<int16_t, TPosition::LCM>(pop);
        firstOffset = OffsetInUb(pop);
        firstSize = pop.GetSize();
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 4096);
        ok2 = PopStackBuffer<int16_t, TPosition::VECCALC>(pop);
        secondOffset = OffsetInUb(pop);
        secondSize = pop.GetSize();
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_TRUE(ok1);
    EXPECT_EQ(firstOffset, 2048u);
    EXPECT_EQ(firstSize, (ub - 2048) / 2);
    EXPECT_TRUE(ok2);
    EXPECT_EQ(secondOffset, 2048u + 4096);
    EXPECT_EQ(secondSize, (ub - 2048 - 4096) / 2);
}

// GeGluV2's use: zero a GM range through the popped buffer, then allocate buffers over it.
TEST(PopStackBuffer, ServesAsScratchForAGmFill) {
    GmScope scope;
    constexpr uint32_t N = 3000;
    GmBuffer<int16_t> g(N, "y");
    for (uint32_t i = 0; i < N; ++i) g[i] = int16_t(i + 1);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        LocalTensor<int16_t> pop;
        if (!PopStackBuffer<int16_t, TPosition::LCM>(pop)) return;
        // The raw-pointer forms GeGluV2 uses: DuplicateImpl and DataCopyUB2GMImpl.
        DuplicateImpl<int16_t>((__ubuf__ int16_t*)pop.GetPhyAddr(), -7, 4096);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        auto* gm = (__gm__ int16_t*)g.addr();
        DataCopyUB2GMImpl(gm, (__ubuf__ int16_t*)pop.GetPhyAddr(), {1, 128, 0, 0});
        DataCopyUB2GMImpl(gm + 2048, (__ubuf__ int16_t*)pop.GetPhyAddr(), {1, 59, 0, 0});  // the last 8 stay
        TBuf<TPosition::VECCALC> later;
        pipe.InitBuffer(later, 1024);  // legal after the popped tensor's last use
        Duplicate(later.Get<int16_t>(), int16_t(0), 512);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < 2992; ++i) ASSERT_EQ(g[i], -7) << i;
    for (uint32_t i = 2992; i < N; ++i) EXPECT_EQ(g[i], int16_t(i + 1)) << i;
}

TEST(PopStackBuffer, FailsWhenNothingIsLeftOrForGm) {
    bool full = true, gm = true, l1 = false;
    uint32_t l1Size = 0, l1Bytes = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> all;
        pipe.InitBuffer(all, akg::sim::MemCapacity(akg::sim::Mem::UB));
        LocalTensor<float> pop;
        full = PopStackBuffer<float, TPosition::VECCALC>(pop);
        gm = PopStackBuffer<float, TPosition::GM>(pop);
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_FALSE(full);
    EXPECT_FALSE(gm);
    // On the cube core, an L1 position pops the rest of L1.
    run = RunKernel(
        1,
        [&] {
            l1Bytes = akg::sim::MemCapacity(akg::sim::Mem::L1);
            TPipe pipe;
            TQue<TPosition::A1, 1> a;
            pipe.InitBuffer(a, 1, 64 * 1024);
            LocalTensor<half> pop;
            l1 = PopStackBuffer<half, TPosition::A1>(pop);
            l1Size = pop.GetSize();
        },
        0, true, AIC);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_TRUE(l1);
    EXPECT_EQ(l1Size, (l1Bytes - 64 * 1024) / 2);
}

// The other order than the Diagnostics suite's: a high-level API took the space first; the
// PopStackBuffer is reported and names that call.
TEST(PopStackBuffer, ConflictAfterAHighLevelApi) {
    int tanhLine = 0, popLine = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d;
        pipe.InitBuffer(s, 256 * 4);
        pipe.InitBuffer(d, 256 * 4);
        auto src = s.Get<float>();
        Duplicate(src, 0.5f, 256);
        tanhLine = __LINE__; Tanh(d.Get<float>(), src, 256);
        LocalTensor<float> pop;
        popLine = __LINE__; PopStackBuffer<float, TPosition::VECCALC>(pop);
    });
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    const auto& diag = run.result.diagnostics[0];
    EXPECT_EQ(diag.code, "POP_STACK_CONFLICT");
    EXPECT_NE(diag.location.find("pop_stack_buffer_test.cpp:" + std::to_string(popLine)), std::string::npos)
        << diag.location;
    EXPECT_NE(diag.message.find("pop_stack_buffer_test.cpp:" + std::to_string(tanhLine)), std::string::npos)
        << diag.message;
    EXPECT_TRUE(run.result.completed);
}

}  // namespace
