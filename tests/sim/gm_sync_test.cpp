// Cross-core protocols over GM words: IBSet/IBWait, GroupBarrier, the deterministic-order helpers
// (InitDetermineComputeWorkspace, WaitPreBlock, NotifyNextBlock) and DataSyncBarrier. The cores
// run one at a time, lowest index first, so a core that waits for a higher one must really block;
// each test's expected order is what the documentation promises, not the scheduler's order.
#include <gtest/gtest.h>

#include <functional>
#include <type_traits>
#include <vector>

#include "kernel_harness.h"
#include "kernel_operator.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::KernelRun;
using akg::test::RunKernel;

namespace {

// Each core appends its block index to `order` at the point under test.
struct Turns {
    std::vector<int> order;
    void Mark() { order.push_back(int(GetBlockIdx())); }
};

LocalTensor<int32_t> UbWorkspace(TPipe& pipe, TBuf<TPosition::VECCALC>& buf, uint32_t bytes) {
    pipe.InitBuffer(buf, bytes);
    return buf.Get<int32_t>();
}

using WsGm = GlobalTensor<int32_t>;
using WsUb = LocalTensor<int32_t>;

// Runs `body(gm, ub)` on `cores` vector cores with `words` zeroed int32 of GM workspace and a
// UB workspace of `ubBytes`: the set-up every GM-word protocol needs.
KernelRun RunWithWorkspaces(uint32_t cores, GmBuffer<int32_t>& ws, uint32_t ubBytes,
                            const std::function<void(WsGm&, WsUb&)>& body) {
    return RunKernel(cores, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        auto ub = UbWorkspace(pipe, b, ubBytes);
        GlobalTensor<int32_t> gm;
        gm.SetGlobalBuffer(ws.data, ws.n);
        body(gm, ub);
    });
}

GmBuffer<int32_t> ZeroedWorkspace(size_t words) {
    GmBuffer<int32_t> ws(words);
    for (size_t i = 0; i < words; ++i) ws[i] = 0;
    return ws;
}

}  // namespace

// The official sample's chain: core 0 first, then 2, 3 and 1, each released by an IBSet.
TEST(IbSync, IbSetIbWaitOrderTheCores) {
    GmScope scope;
    auto sync = ZeroedWorkspace(256);
    Turns turns;
    auto run = RunWithWorkspaces(4, sync, 32, [&](WsGm& gm, WsUb& ub) {
        const int id = int(GetBlockIdx());
        const int waitsFor[4] = {-1, 3, 0, 2};
        if (waitsFor[id] >= 0) IBWait(gm, ub, waitsFor[id], 0);
        turns.Mark();
        if (id != 1) IBSet(gm, ub, id, 0);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(turns.order, (std::vector<int>{0, 2, 3, 1}));
    // Each IBWait lowered the flag it consumed: the workspace is zero again.
    for (int i = 0; i < 256; ++i) EXPECT_EQ(sync[i], 0) << i;
}

// The test's own look at the workspace from inside the kernel, not the kernel's access: the
// waiting core lowers the flag concurrently, a race if the kernel read it.
template <typename Workspace>
__attribute__((no_sanitize_address)) int RaisedFlag(const Workspace& sync) {
    int at = -1;
    for (size_t i = 0; i < sync.n; ++i)
        if (sync.data[i] == 1) at = int(i);
    return at;
}

// Event ids select separate flags: eventID e of block b is the int32 at (e * cores + b) * 8.
TEST(IbSync, EventIdsAreSeparateFlags) {
    GmScope scope;
    auto sync = ZeroedWorkspace(2 * 2 * 8 + 8);
    int raisedAt = -1;
    auto run = RunWithWorkspaces(2, sync, 32, [&](WsGm& gm, WsUb& ub) {
        if (GetBlockIdx() == 0) {
            IBSet(gm, ub, 0, 1);
            raisedAt = RaisedFlag(sync);
        } else {
            IBWait(gm, ub, 0, 1);
        }
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(raisedAt, (1 * 2 + 0) * 8);
}

TEST(IbSync, IbWaitWithNoMatchingIbSetDeadlocks) {
    GmScope scope;
    auto sync = ZeroedWorkspace(256);
    auto run = RunWithWorkspaces(2, sync, 32, [&](WsGm& gm, WsUb& ub) {
        if (GetBlockIdx() == 0) IBSet(gm, ub, 0, 1);  // eventID 1; the waiter waits for eventID 0
        else IBWait(gm, ub, 0, 0);
    });
    EXPECT_TRUE(run.result.deadlock);
    ASSERT_TRUE(run.HasDiag("DEADLOCK")) << run.Codes();
    EXPECT_NE(run.result.diagnostics[0].message.find("IBWait(blockIdx 0, eventID 0)"), std::string::npos)
        << run.Codes();
}

// Named after its code: Diagnostics.EveryCatalogCodeHasATest looks for it.
TEST(Diagnostics, IB_SYNC_RANGE) {
    GmScope scope;
    auto sync = ZeroedWorkspace(256);
    auto run = RunWithWorkspaces(2, sync, 32, [&](WsGm& gm, WsUb& ub) {
        if (GetBlockIdx() == 0) IBSet(gm, ub, 2, 0);  // blocks are 0 and 1
    });
    EXPECT_TRUE(run.HasDiag("IB_SYNC_RANGE")) << run.Codes();
}

// Reference: the cores take turns in ascending blockIdx order, round after round.
TEST(DetermineCompute, CoresTakeTurnsInBlockOrderEveryRound) {
    GmScope scope;
    constexpr int kCores = 4, kRounds = 3;
    GmBuffer<int32_t> ws(kCores * 8);
    for (size_t i = 0; i < ws.n; ++i) ws[i] = 12345;  // need not be zeroed
    Turns turns;
    auto run = RunWithWorkspaces(kCores, ws, kCores * 32 + 32, [&](WsGm& gm, WsUb& ub) {
        InitDetermineComputeWorkspace(gm, ub);
        for (int r = 0; r < kRounds; ++r) {
            WaitPreBlock(gm, ub);
            turns.Mark();
            NotifyNextBlock(gm, ub);
        }
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<int> want;
    for (int r = 0; r < kRounds; ++r)
        for (int c = 0; c < kCores; ++c) want.push_back(c);
    EXPECT_EQ(turns.order, want);
}

TEST(DetermineCompute, AMissingNotifyDeadlocksTheNextBlock) {
    GmScope scope;
    GmBuffer<int32_t> ws(3 * 8);
    auto run = RunWithWorkspaces(3, ws, 3 * 32 + 32, [&](WsGm& gm, WsUb& ub) {
        InitDetermineComputeWorkspace(gm, ub);
        WaitPreBlock(gm, ub);
        if (GetBlockIdx() != 1) NotifyNextBlock(gm, ub);  // block 1 forgets
    });
    EXPECT_TRUE(run.result.deadlock);
    ASSERT_TRUE(run.HasDiag("DEADLOCK")) << run.Codes();
    EXPECT_NE(run.result.diagnostics[0].message.find("NotifyNextBlock of block 1"), std::string::npos)
        << run.Codes();
}

TEST(Diagnostics, DETERMINE_UNINITIALIZED) {
    GmScope scope;
    GmBuffer<int32_t> ws(8);
    auto run = RunWithWorkspaces(1, ws, 64, [&](WsGm& gm, WsUb& ub) {
        WaitPreBlock(gm, ub);
    });
    EXPECT_TRUE(run.HasDiag("DETERMINE_UNINITIALIZED")) << run.Codes();
}

// The arrive group is the two highest blocks, so every waiter runs (and must block) first.
TEST(GroupBarrierSync, WaitersSeeEveryArrivalOfTheRound) {
    GmScope scope;
    constexpr int kCores = 8, kArrive = 2, kWait = 6, kRounds = 2;
    GmBuffer<uint8_t> ws(kWait * 512 + 512);
    GmBuffer<int32_t> value(8);
    for (int i = 0; i < 8; ++i) value[i] = 0;
    std::vector<std::vector<int>> seen(kWait);
    int waitsDone = 0;
    std::vector<int> waitsSeenByRound2Arrive;
    uint64_t workspaceLen = 0;
    auto run = RunKernel(kCores, [&] {
        // The workspace must be 512-byte aligned; GM buffers are page aligned.
        GroupBarrier<PipeMode::MTE3_MODE> bar(ws.addr(), kArrive, kWait);
        workspaceLen = bar.GetWorkspaceLen();
        const int id = int(GetBlockIdx());
        for (int r = 0; r < kRounds; ++r) {
            if (id >= kWait) {
                value[2 * r + id - kWait] = 10 * (r + 1);  // this core's work of round r, in its own word
                bar.Arrive(uint32_t(id - kWait));
                if (r == 1) waitsSeenByRound2Arrive.push_back(waitsDone);
            } else {
                bar.Wait(uint32_t(id));
                seen[id].push_back(value[2 * r] + value[2 * r + 1]);
                ++waitsDone;
            }
        }
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(workspaceLen, uint64_t(kWait) * 512);
    // Each round's waits see both arrivals of that round; a round-2 Arrive returns only after
    // all six round-1 waits.
    for (int w = 0; w < kWait; ++w) EXPECT_EQ(seen[w], (std::vector<int>{20, 40})) << w;
    ASSERT_EQ(waitsSeenByRound2Arrive.size(), 2u);
    for (int n : waitsSeenByRound2Arrive) EXPECT_GE(n, kWait);
}

TEST(GroupBarrierSync, AnArriverThatNeverArrivesDeadlocksTheWaiters) {
    GmScope scope;
    GmBuffer<uint8_t> ws(1024);
    auto run = RunKernel(3, [&] {
        GroupBarrier<PipeMode::MTE3_MODE> bar(ws.addr(), 2, 1);
        if (GetBlockIdx() == 0) bar.Wait(0);
        else if (GetBlockIdx() == 1) bar.Arrive(0);  // block 2 should Arrive(1) and does not
    });
    EXPECT_TRUE(run.result.deadlock);
    ASSERT_TRUE(run.HasDiag("DEADLOCK")) << run.Codes();
    EXPECT_NE(run.result.diagnostics[0].message.find("GroupBarrier::Wait(0) for the 2 Arrives of round 1 (1 so far)"),
              std::string::npos)
        << run.Codes();
}

TEST(Diagnostics, GROUP_BARRIER_SIZE) {
    GmScope scope;
    GmBuffer<uint8_t> ws(1024);
    auto run = RunKernel(2, [&] {
        GroupBarrier<PipeMode::MTE3_MODE> bar(ws.addr(), 1, 1);
        if (GetBlockIdx() == 0) bar.Arrive(1);  // the Arrive group has index 0 only
    });
    EXPECT_TRUE(run.HasDiag("GROUP_BARRIER_SIZE")) << run.Codes();
}

// The official data_sync_barrier pattern: block 0 writes the data, DataSyncBarrier, then the flag.
TEST(DataSyncBarrierSync, PublishesAWriteBeforeTheFlag) {
    GmScope scope;
    GmBuffer<int32_t> src(8), dst(8);
    for (int i = 0; i < 8; ++i) src[i] = dst[i] = 0;
    auto run = RunKernel(2, [&] {
        if (GetBlockIdx() == 0) {
            WriteGmByPassDCache<int32_t>(src.data + 1, 7);
            DataSyncBarrier<MemDsbT::DDR>();
            WriteGmByPassDCache<int32_t>(src.data, 6);
        } else if (ReadGmByPassDCache<int32_t>(src.data) == 6) {
            WriteGmByPassDCache<int32_t>(dst.data, 2 * ReadGmByPassDCache<int32_t>(src.data + 1));
        }
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(dst[0], 14);
}

static_assert(std::is_same_v<AscendC::Conditional<true, float, half>::type, float>);
static_assert(std::is_same_v<AscendC::Conditional<false, float, half>::type, half>);
