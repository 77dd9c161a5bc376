// Mixed cube/vector launches: which cores each kernel type runs and what they see, cross-core
// flags in modes 0, 1 and 2, SyncAll across core types, their misuse, the cost model's
// cross-core edges, and reading a kernel's declared type from its library.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "akg/launch/cost.h"
#include "kernel_harness.h"
#include "kernel_operator.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::KernelRun;
using akg::test::RunTyped;

#define MARK(var) var = __LINE__

namespace {

// Called after the call under test: that call is then no tail call, whose return address (the
// diagnostic's location) would lie outside this file in an optimised build.
__attribute__((noinline)) void NotATailCall() { asm volatile(""); }

bool EndsWithLine(const std::string& location, int line) {
    const std::string want = "mix_launch_test.cpp:" + std::to_string(line);
    return location.size() >= want.size() && location.compare(location.size() - want.size(), want.size(), want) == 0;
}

// What each core saw, in launch order.
struct Seen {
    int type, block, blockNum, sub, subNum, ratio;
};

std::vector<Seen> Observe(int32_t kernelType, uint32_t blockDim) {
    std::vector<Seen> seen;
    auto run = RunTyped(kernelType, blockDim, [&] {
        seen.push_back({ASCEND_IS_AIC ? 1 : 0, int(GetBlockIdx()), int(GetBlockNum()), int(GetSubBlockIdx()),
                        int(GetSubBlockNum()), int(GetTaskRatio())});
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    return seen;
}

}  // namespace

TEST(MixLaunch, Aic12RunsOneCubeAndTwoVectorCoresPerBlock) {
    auto seen = Observe(KERNEL_TYPE_MIX_AIC_1_2, 3);
    ASSERT_EQ(seen.size(), 9u);
    int aiv = 0;
    for (size_t i = 0; i < seen.size(); ++i) {
        const Seen& s = seen[i];
        EXPECT_EQ(s.blockNum, 3);
        if (i % 3 == 0) {  // the AI core's AIC comes first
            EXPECT_EQ(s.type, 1);
            EXPECT_EQ(s.block, int(i / 3));
            EXPECT_EQ(s.sub, 0);
            EXPECT_EQ(s.subNum, 1);
            EXPECT_EQ(s.ratio, 1);
        } else {
            EXPECT_EQ(s.type, 0);
            EXPECT_EQ(s.block, aiv);  // AIVs count 0 .. 2 * blockDim - 1
            EXPECT_EQ(s.sub, aiv % 2);
            EXPECT_EQ(s.subNum, 2);
            EXPECT_EQ(s.ratio, 2);
            ++aiv;
        }
    }
    EXPECT_EQ(aiv, 6);
}

TEST(MixLaunch, EveryKernelTypeStartsItsCores) {
    auto count = [](const std::vector<Seen>& v, int type) {
        int n = 0;
        for (auto& s : v) n += s.type == type;
        return n;
    };
    auto aic11 = Observe(KERNEL_TYPE_MIX_AIC_1_1, 4);
    EXPECT_EQ(count(aic11, 1), 4);
    EXPECT_EQ(count(aic11, 0), 4);
    for (auto& s : aic11) EXPECT_EQ(s.subNum, 1);
    for (int32_t t : {KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIC_1_0}) {
        auto v = Observe(t, 5);
        EXPECT_EQ(count(v, 1), 5);
        EXPECT_EQ(count(v, 0), 0);
    }
    for (int32_t t : {KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_MIX_AIV_1_0}) {
        auto v = Observe(t, 5);
        ASSERT_EQ(count(v, 0), 5);
        for (int b = 0; b < 5; ++b) EXPECT_EQ(v[b].block, b);
    }
}

// The AIC of each AI core produces tiles into a double-buffered GM workspace; its two AIVs each
// post-process half of a tile into the output. Mode 2 in both directions: "tile ready" (AIC ->
// AIVs) and "slot free" (both AIVs -> AIC).
TEST(MixLaunch, CubeProducesTilesTwoVectorCoresConsume) {
    GmScope scope;
    constexpr uint32_t kBlocks = 2, kTiles = 5, kTile = 256, kHalf = kTile / 2;
    GmBuffer<float> ws(kBlocks * 2 * kTile, "workspace");
    GmBuffer<float> out(kBlocks * kTiles * kTile, "out");
    auto value = [](uint32_t b, uint32_t t, uint32_t i) { return float(b * 1000 + t * 10) + float(i) * 0.25f; };
    constexpr uint16_t kReady = 3, kFree = 4;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, kBlocks, [&] {
        const uint32_t group = ASCEND_IS_AIC ? uint32_t(GetBlockIdx()) : uint32_t(GetBlockIdx()) / 2;
        GlobalTensor<float> slots;
        slots.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(ws.data) + group * 2 * kTile, 2 * kTile);
        if ASCEND_IS_AIC {
            for (uint32_t t = 0; t < kTiles; ++t) {
                if (t >= 2) CrossCoreWaitFlag<2, PIPE_FIX>(kFree);  // both AIVs released slot t % 2
                for (uint32_t i = 0; i < kTile; ++i) slots.SetValue((t % 2) * kTile + i, value(group, t, i));
                CrossCoreSetFlag<2, PIPE_FIX>(kReady);
            }
            return;
        }
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, kHalf * sizeof(float));
        LocalTensor<float> x = buf.Get<float>();
        GlobalTensor<float> o;
        o.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(out.data) + group * kTiles * kTile, kTiles * kTile);
        const uint32_t half = uint32_t(GetSubBlockIdx()) * kHalf;
        for (uint32_t t = 0; t < kTiles; ++t) {
            CrossCoreWaitFlag(kReady);
            DataCopy(x, slots[(t % 2) * kTile + half], kHalf);
            SetFlag<HardEvent::MTE2_V>(0);
            WaitFlag<HardEvent::MTE2_V>(0);
            Muls(x, x, 2.0f, kHalf);
            Adds(x, x, 1.0f, kHalf);
            SetFlag<HardEvent::V_MTE3>(0);
            WaitFlag<HardEvent::V_MTE3>(0);
            DataCopy(o[t * kTile + half], x, kHalf);
            if (t + 2 < kTiles) CrossCoreSetFlag<2, PIPE_MTE3>(kFree);
            SetFlag<HardEvent::MTE3_MTE2>(0);
            WaitFlag<HardEvent::MTE3_MTE2>(0);
        }
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t b = 0; b < kBlocks; ++b)
        for (uint32_t t = 0; t < kTiles; ++t)
            for (uint32_t i = 0; i < kTile; ++i)
                ASSERT_EQ(out[(b * kTiles + t) * kTile + i], value(b, t, i) * 2.0f + 1.0f) << b << " " << t << " " << i;
}

// Mode 0: every AIV of the launch sets before any passes; mode 1: the two AIVs of one AI core.
TEST(MixLaunch, Mode0SynchronisesAllCoresOfATypeMode1OneAiCore) {
    GmScope scope;
    GmBuffer<int32_t> slot(8, "slots");
    for (int i = 0; i < 8; ++i) slot[i] = 0;
    std::vector<int32_t> sumsSeen;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIV_1_0, 8, [&] {
        slot[GetBlockIdx()] = int32_t(GetBlockIdx()) + 1;
        CrossCoreSetFlag<0, PIPE_MTE3>(1);
        CrossCoreWaitFlag(1);
        int32_t sum = 0;
        for (int i = 0; i < 8; ++i) sum += slot[i];
        sumsSeen.push_back(sum);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ASSERT_EQ(sumsSeen.size(), 8u);
    for (int32_t s : sumsSeen) EXPECT_EQ(s, 36);

    // Mode 1 pairs the AIVs of each AI core only: core 0's pair passes without core 1's.
    std::vector<int> order;
    run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 2, [&] {
        if ASCEND_IS_AIC return;
        CrossCoreSetFlag<1, PIPE_V>(2);
        CrossCoreWaitFlag(2);
        order.push_back(int(GetBlockIdx()));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    // The second AIV to set passes first (no yield at a set); the next pair starts after.
    EXPECT_EQ(order, (std::vector<int>{1, 0, 3, 2}));
}

TEST(MixLaunch, SyncAllAcrossCubeAndVectorCores) {
    GmScope scope;
    GmBuffer<int32_t> flag(1, "flag");
    flag[0] = 0;
    std::vector<int32_t> seenByAiv;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 2, [&] {
        if (ASCEND_IS_AIC && GetBlockIdx() == 1) flag[0] = 7;
        SyncAll<false>();
        if ASCEND_IS_AIV seenByAiv.push_back(flag[0]);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(seenByAiv, (std::vector<int32_t>(4, 7)));

    // SyncAll<true> synchronises the AIVs only: an AIC that never calls it blocks nobody.
    run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 2, [&] {
        if ASCEND_IS_AIV SyncAll<true>();
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}

TEST(MixLaunch, SyncAllOfCubeAndVectorInAVectorOnlyLaunchDeadlocks) {
    int line = 0;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIV_1_0, 2, [&] { MARK(line); SyncAll<false>(); NotATailCall(); });
    EXPECT_FALSE(run.result.completed);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "DEADLOCK");
    EXPECT_TRUE(EndsWithLine(run.result.diagnostics[0].location, line)) << run.Codes();
}

// An AIV waits for a "tile ready" the AIC never sets: the scheduler finds nobody able to run.
TEST(MixLaunch, WaitingOnAFlagNeverSetDeadlocksAtTheWait) {
    int line = 0;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        if ASCEND_IS_AIC return;  // forgot CrossCoreSetFlag<2, PIPE_FIX>(5)
        MARK(line); CrossCoreWaitFlag(5); NotATailCall();
    });
    EXPECT_TRUE(run.result.deadlock);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    const auto& d = run.result.diagnostics[0];
    EXPECT_EQ(d.code, "DEADLOCK");
    EXPECT_TRUE(EndsWithLine(d.location, line)) << run.Codes();
    EXPECT_NE(d.message.find("AIV 0 waits in CrossCoreWaitFlag(5)"), std::string::npos) << d.message;
    EXPECT_NE(d.message.find("AIV 1 waits in CrossCoreWaitFlag(5)"), std::string::npos) << d.message;
}

// Named after its code: Diagnostics.EveryCatalogCodeHasATest looks for it.
TEST(Diagnostics, CROSS_FLAG_ID) {
    int line = 0;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        if ASCEND_IS_AIC {
            MARK(line); CrossCoreSetFlag<2, PIPE_FIX>(17); NotATailCall();
        } else {
            CrossCoreWaitFlag(1);  // 17 & 15
        }
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "CROSS_FLAG_ID");
    EXPECT_TRUE(EndsWithLine(run.result.diagnostics[0].location, line)) << run.Codes();
}

TEST(Diagnostics, CROSS_FLAG_MODE) {
    struct Case {
        int32_t type;
        std::function<void(int*)> body;
    };
    const std::vector<Case> cases = {
        // Mode 1 is between AIVs: an AIC may not take part.
        {KERNEL_TYPE_MIX_AIC_1_2,
         [](int* line) {
             if ASCEND_IS_AIC { MARK(*line); CrossCoreSetFlag<1, PIPE_FIX>(0); NotATailCall(); }
         }},
        // Mode 2 needs cube and vector cores.
        {KERNEL_TYPE_MIX_AIV_1_0, [](int* line) { MARK(*line); CrossCoreSetFlag<2, PIPE_MTE3>(0); NotATailCall(); }},
        // An AIV_ONLY kernel has no cross-core scheduling at all.
        {KERNEL_TYPE_AIV_ONLY, [](int* line) { MARK(*line); CrossCoreSetFlag<0, PIPE_MTE3>(0); NotATailCall(); }},
        // Mode 4 is an Ascend 950 feature.
        {KERNEL_TYPE_MIX_AIC_1_2,
         [](int* line) {
             if ASCEND_IS_AIV { MARK(*line); CrossCoreSetFlag<4, PIPE_MTE3>(0); NotATailCall(); }
         }},
    };
    for (size_t k = 0; k < cases.size(); ++k) {
        int line = 0;
        auto run = RunTyped(cases[k].type, 1, [&] { cases[k].body(&line); });
        EXPECT_FALSE(run.result.completed) << k;
        ASSERT_FALSE(run.result.diagnostics.empty()) << k;
        EXPECT_EQ(run.result.diagnostics[0].code, "CROSS_FLAG_MODE") << k << ": " << run.Codes();
        EXPECT_TRUE(EndsWithLine(run.result.diagnostics[0].location, line)) << k << ": " << run.Codes();
    }
}

// Each flag counter holds 0..15: a sixteenth set nobody waited for is a hardware error.
TEST(Diagnostics, CROSS_FLAG_OVERFLOW) {
    int line = 0;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        if ASCEND_IS_AIV return;
        for (int i = 0; i < 16; ++i) {
            MARK(line); CrossCoreSetFlag<2, PIPE_FIX>(6); NotATailCall();
        }
    });
    EXPECT_FALSE(run.result.completed);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "CROSS_FLAG_OVERFLOW");
    EXPECT_TRUE(EndsWithLine(run.result.diagnostics[0].location, line)) << run.Codes();
}

// The simulator runs one core at a time; on the device the receiver consumes flags while the
// setter runs. A setter ahead by more than 15 waits for room instead of overflowing the counter.
TEST(MixLaunch, SetterAheadOfItsReceiverWaitsForRoom) {
    int received = 0;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        if ASCEND_IS_AIC {
            for (int i = 0; i < 40; ++i) CrossCoreSetFlag<2, PIPE_FIX>(6);
        } else {
            for (int i = 0; i < 40; ++i) {
                CrossCoreWaitFlag(6);
                ++received;
            }
        }
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(received, 80);  // both AIVs of the AI core
}

// The cost model sees the set -> wait edge: an AIV that waits for its partner's flag cannot
// finish before the partner's long vector work that precedes the set.
TEST(MixLaunch, CostModelTimesTheCrossCoreEdge) {
    auto timed = [](bool handshake) {
        akg::cost::CostModel model{akg::PlatformSpec{}};
        auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
            if ASCEND_IS_AIC return;
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 64 * 1024);
            LocalTensor<float> x = buf.Get<float>();
            Duplicate(x, 1.0f, 16384);
            if (GetSubBlockIdx() == 0)
                for (int i = 0; i < 200; ++i) Exp(x, x, 16384);
            if (handshake) {
                CrossCoreSetFlag<1, PIPE_V>(0);
                CrossCoreWaitFlag(0);
            }
            Adds(x, x, 1.0f, 64);
        }, {&model});
        EXPECT_TRUE(run.result.completed) << run.Codes();
        return model.Result();
    };
    const akg::cost::KernelTime free = timed(false), synced = timed(true);
    // Launch order: AIC, AIV 0 (the busy one), AIV 1.
    ASSERT_EQ(free.coreUs.size(), 3u);
    EXPECT_LT(free.coreUs[2], 0.1 * free.coreUs[1]);
    EXPECT_GT(synced.coreUs[2], 0.95 * synced.coreUs[1]);
}

// KERNEL_TASK_TYPE_DEFAULT / KERNEL_TASK_TYPE are records in the library the launcher reads.
extern "C" void akg_test_declared_kernel(int* p) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);
    KERNEL_TASK_TYPE(7, KERNEL_TYPE_AIC_ONLY);
    if (p) *p = 1;
}

TEST(MixLaunch, DeclaredKernelTypeIsReadFromTheLibrary) {
    akg::sim::KernelTypeInfo info;
    std::string error;
    ASSERT_TRUE(akg::sim::ReadKernelTypeInfo({{reinterpret_cast<const void*>(&akg_test_declared_kernel)}},
                                             {"akg_test_declared_kernel"}, &info, &error))
        << error;
    EXPECT_EQ(info.For(0), KERNEL_TYPE_MIX_AIC_1_1);
    EXPECT_EQ(info.For(7), KERNEL_TYPE_AIC_ONLY);
    EXPECT_EQ(info.source, "KERNEL_TASK_TYPE");
}

TEST(MixLaunch, KernelTypeIsInferredFromTheEntryPointsUsed) {
    using akg::sim::InferKernelType;
    EXPECT_EQ(InferKernelType({"VecRun", "DmaCopy"}), KERNEL_TYPE_AIV_ONLY);
    // Every UB -> UB DataCopy with parameters references the bias-table copy (GeGluGradV2).
    EXPECT_EQ(InferKernelType({"VecRun", "DmaCopy", "DmaToBiasTable"}), KERNEL_TYPE_AIV_ONLY);
    EXPECT_EQ(InferKernelType({"VecRun", "SyncAllCores"}), KERNEL_TYPE_MIX_AIV_1_0);
    EXPECT_EQ(InferKernelType({"Mmad", "LoadData2D", "DmaCopy"}), KERNEL_TYPE_AIC_ONLY);
    EXPECT_EQ(InferKernelType({"DmaNd2Nz", "CubeLoad2D", "CubeMmad", "CubeFixpipe"}), KERNEL_TYPE_AIC_ONLY);
    EXPECT_EQ(InferKernelType({"DmaNd2Nz", "CubeMmad", "VecRun", "MaskSet"}), KERNEL_TYPE_MIX_AIC_1_2);
    EXPECT_EQ(InferKernelType({"Mmad", "VecRun"}), KERNEL_TYPE_MIX_AIC_1_2);
    // A Matmul object: cube-only with ASCENDC_CUBE_ONLY, else in MIX mode (driven by the AIVs).
    EXPECT_EQ(InferKernelType({"MatmulRegistered", "MatmulComputeBlock", "MatmulStoreBlock"}), KERNEL_TYPE_AIC_ONLY);
    EXPECT_EQ(InferKernelType({"MatmulMixRegistered", "MatmulComputeBlock", "MatmulStoreBlock"}),
              KERNEL_TYPE_MIX_AIC_1_2);
    EXPECT_EQ(InferKernelType({}), KERNEL_TYPE_AIV_ONLY);
}

// A per-core-type build: the AIC library's cube work and the AIV library's work (vector, copies
// or cross-core flags) decide; a core type whose build failed contributes nothing.
TEST(MixLaunch, KernelTypeOfAPerCoreTypeBuild) {
    using akg::sim::InferKernelType;
    const std::vector<std::string> matmul = {"DmaNd2Nz", "CubeLoad2D", "CubeMmad", "CubeFixpipe", "CrossCoreSet"};
    const std::vector<std::string> padding = {"DmaCopy", "CrossCoreWait"};
    const std::vector<std::string> epilogue = {"DmaCopy", "VecRun"};
    const std::vector<std::string> idle = {"BlockIdx"};
    EXPECT_EQ(InferKernelType(&matmul, &padding), KERNEL_TYPE_MIX_AIC_1_2);
    EXPECT_EQ(InferKernelType(&matmul, &epilogue), KERNEL_TYPE_MIX_AIC_1_2);
    EXPECT_EQ(InferKernelType(&matmul, nullptr), KERNEL_TYPE_AIC_ONLY);
    EXPECT_EQ(InferKernelType(&matmul, &idle), KERNEL_TYPE_AIC_ONLY);
    EXPECT_EQ(InferKernelType(&idle, &epilogue), KERNEL_TYPE_AIV_ONLY);
    EXPECT_EQ(InferKernelType(nullptr, &padding), KERNEL_TYPE_MIX_AIV_1_0);
}

// More blocks than the SoC has cores run in rounds: a barrier over all of them can never end.
TEST(MixLaunch, SyncAllBeyondThePhysicalCoresDeadlocks) {
    int line = 0;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIV_1_0, akg::PlatformSpec{}.aivCores + 1,
                        [&] { MARK(line); SyncAll(); NotATailCall(); });
    EXPECT_FALSE(run.result.completed);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "DEADLOCK");
    EXPECT_NE(run.result.diagnostics[0].message.find("more than the 24 AIC / 48 AIV cores"), std::string::npos)
        << run.Codes();
    EXPECT_TRUE(EndsWithLine(run.result.diagnostics[0].location, line)) << run.Codes();
}

// A release needs a set from every participant: one AIV setting twice does not stand in for
// its partner.
TEST(MixLaunch, ARepeatedSetDoesNotCountForAnotherCore) {
    std::vector<int> released;
    auto run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        if ASCEND_IS_AIC {
            CrossCoreWaitFlag(9);
            released.push_back(1);
            CrossCoreWaitFlag(9);
            released.push_back(2);
            return;
        }
        if (GetSubBlockIdx() == 0) {
            CrossCoreSetFlag<2, PIPE_MTE3>(9);
            CrossCoreSetFlag<2, PIPE_MTE3>(9);  // AIV 1 has not set yet: no release
        } else {
            CrossCoreSetFlag<2, PIPE_MTE3>(9);
            CrossCoreSetFlag<2, PIPE_MTE3>(9);
        }
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(released, (std::vector<int>{1, 2}));
    // With AIV 1 setting once only, the AIC's second wait never ends.
    run = RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        if ASCEND_IS_AIC {
            CrossCoreWaitFlag(9);
            CrossCoreWaitFlag(9);
            return;
        }
        CrossCoreSetFlag<2, PIPE_MTE3>(9);
        if (GetSubBlockIdx() == 0) CrossCoreSetFlag<2, PIPE_MTE3>(9);
    });
    EXPECT_TRUE(run.result.deadlock) << run.Codes();
}
