// One negative test per diagnostic code of the catalog (src/sim/diagnostics.cpp), named after the
// code: a small kernel breaks exactly that rule, the code fires once with the location of the
// offending line, its category and fatality match the catalog, and the corrected kernel is clean.
// Then: fatal unwinding across cores, deadlock reporting, and determinism.
// Kernels are built with -O1 by the operator builder, which does not turn calls in tail position
// into jumps; this file is compiled with the project's -O2, where a tail-called API would see the
// kernel's caller as its return address and report that as the location. Build it like a kernel.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include <set>

#include "kernel_operator.h"
#include "akg/launch/kernel_launcher.h"
#include "akg/sim/simt.h"
#include "akg/sim/reg.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::KernelRun;
using akg::test::RunKernel;

// Captures the current line into `var`; written on the same line as the offending call.
#define MARK(var) var = __LINE__

namespace {

std::string LineOf(int line) { return "diagnostics_test.cpp:" + std::to_string(line); }
bool EndsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The run raised exactly one diagnostic, `code`, at `line` of this file, with the catalog's
// category, and stopped or continued as the catalog says.
void ExpectOnly(const KernelRun& run, const std::string& code, int line) {
    const akg::sim::DiagnosticInfo* info = akg::sim::FindDiagnostic(code);
    ASSERT_NE(info, nullptr) << code << " is not in the catalog";
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    const auto& d = run.result.diagnostics[0];
    EXPECT_EQ(d.code, code) << run.Codes();
    EXPECT_EQ(d.category, info->category);
    EXPECT_TRUE(EndsWith(d.location, LineOf(line))) << "location '" << d.location << "', want line " << line;
    EXPECT_FALSE(d.message.empty());
    EXPECT_GE(d.count, 1u);
    EXPECT_EQ(run.result.completed, !info->fatal) << code << (info->fatal ? " must stop the run" : " must not stop");
}

void ExpectClean(const KernelRun& run) {
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_FALSE(run.result.deadlock);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}

// Runs `kernel(bad, &line)` broken and corrected.
template <typename K>
void CheckRule(const std::string& code, K kernel, uint32_t blockDim = 1) {
    int line = 0;
    KernelRun bad = RunKernel(blockDim, [&] { kernel(true, &line); });
    ASSERT_NE(line, 0) << "the kernel never reached the offending line";
    ExpectOnly(bad, code, line);
    int unused = 0;
    KernelRun good = RunKernel(blockDim, [&] { kernel(false, &unused); });
    ExpectClean(good);
}

}  // namespace

// ---- memory ----

TEST(Diagnostics, LOCAL_CAPACITY) {
    CheckRule("LOCAL_CAPACITY", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 128 * 1024);
        pipe.InitBuffer(b, 96 * 1024);  // UB holds 192 KiB: b's last 32 KiB do not exist
        MARK(*line); Duplicate(b.Get<float>(), 1.0f, bad ? 24576 : 16384);
    });
}

TEST(Diagnostics, LOCAL_CAPACITY_NamesTheInitBufferAndResolvesLate) {
    int initLine = 0;
    auto kernel = [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 128 * 1024);
        MARK(initLine); pipe.InitBuffer(b, 96 * 1024);
        Duplicate(b.Get<float>(), 1.0f, 24576);
    };
    // A sandboxed run returns code sites only; its parent resolves them afterwards.
    KernelRun deferred = RunKernel(1, kernel, 0, /*resolveLocations=*/false);
    ASSERT_EQ(deferred.result.diagnostics.size(), 1u) << deferred.Codes();
    auto d = deferred.result.diagnostics[0];
    EXPECT_TRUE(d.location.empty());
    EXPECT_FALSE(d.site.object.empty());
    EXPECT_NE(d.message.find("{related}"), std::string::npos) << d.message;
    std::vector<akg::sim::Diagnostic> ds{d};
    akg::sim::ResolveLocations(ds);
    EXPECT_NE(ds[0].message.find(LineOf(initLine)), std::string::npos) << ds[0].message;
    EXPECT_EQ(ds[0].location, RunKernel(1, kernel).result.diagnostics.at(0).location);
}

TEST(Diagnostics, LOCAL_CAPACITY_NotForBuffersNeverTouched) {
    // Reference kernels reserve more UB than they use; the device only faults on access.
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 128 * 1024);
        pipe.InitBuffer(b, 32 * 1024);
        pipe.InitBuffer(c, 96 * 1024);  // entirely past the end, and unused
        Duplicate(b.Get<float>(), 1.0f, 8192);
    });
    ExpectClean(run);
}

TEST(Diagnostics, LOCAL_BUFFER_OVERRUN_NotIntoUnallocatedSpace) {
    // Writing past the last buffer, or reading past any buffer, corrupts nothing.
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        Duplicate(b.Get<float>(), 1.0f, 128);            // past b: nothing allocated there
        Adds(b.Get<float>(), a.Get<float>(), 1.0f, 96);  // reads past a into b
    });
    ExpectClean(run);
}

TEST(Diagnostics, LOCAL_OOB) {
    CheckRule("LOCAL_OOB", [](bool bad, int* line) {
        // Static tensor programming: a tensor placed near the end of UB.
        LocalTensor<float> t(TPosition::VECCALC, bad ? 196608 - 128 : 196608 - 256, 64);
        MARK(*line); Duplicate(t, 1.0f, 64);
    });
    // An uninitialised tensor points nowhere.
    int line = 0;
    auto run = RunKernel(1, [&] {
        LocalTensor<float> t;
        MARK(line); Duplicate(t, 1.0f, 64);
    });
    ExpectOnly(run, "LOCAL_OOB", line);
}

TEST(Diagnostics, LOCAL_BUFFER_OVERRUN) {
    CheckRule("LOCAL_BUFFER_OVERRUN", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        auto t = a.Get<float>();
        MARK(*line); Duplicate(t, 1.0f, bad ? 96 : 64);  // 96 floats run into the next TBuf
    });
}

TEST(Diagnostics, GM_READ_OOB) {
    akg::test::GmScope scope;
    GmBuffer<float> g(64, "x");
    CheckRule("GM_READ_OOB", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 8192);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 64);
        MARK(*line); DataCopy(b.Get<float>(), gt, bad ? 2048 : 64);  // 8 KiB from a 256-byte tensor
    });
}

TEST(Diagnostics, GM_WRITE_OOB) {
    akg::test::GmScope scope;
    GmBuffer<float> g(64, "y");
    CheckRule("GM_WRITE_OOB", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 8192);
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 2048);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 64);
        MARK(*line); DataCopy(gt, t, bad ? 2048 : 64);
    });
}

// An overrun that stays inside the last page of the tensor's allocation is reported, but the run
// continues (nothing outside the simulated device is touched), so every such overrun is seen.
TEST(Diagnostics, GM_WRITE_OOB_InsideThePageIsReportedAndTheRunContinues) {
    akg::test::GmScope scope;
    GmBuffer<float> g(60, "z");
    int line = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 512);
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 128);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 60);
        MARK(line); DataCopy(gt, t, 128);  // 68 floats past the end
    });
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "GM_WRITE_OOB");
    EXPECT_TRUE(EndsWith(run.result.diagnostics[0].location, LineOf(line)));
    EXPECT_TRUE(run.result.completed);
}

TEST(Diagnostics, TBUF_GET_OVERSIZE) {
    CheckRule("TBUF_GET_OVERSIZE", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        MARK(*line); auto t = b.Get<float>(bad ? 128 : 64);
        (void)t;
    });
    CheckRule("TBUF_GET_OVERSIZE", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        MARK(*line); auto t = b.GetWithOffset<float>(bad ? 48 : 32, 128);
        (void)t;
    });
}

TEST(Diagnostics, POP_STACK_CONFLICT) {
    CheckRule("POP_STACK_CONFLICT", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 256 * 4);
        pipe.InitBuffer(d, 256 * 4);
        pipe.InitBuffer(t, 8 * 1024);
        LocalTensor<float> scratch;
        PopStackBuffer<float, TPosition::VECCALC>(scratch);
        Duplicate(scratch, 1.0f, 64);
        auto src = s.Get<float>();
        Duplicate(src, 0.5f, 256);
        if (!bad) {
            Tanh(d.Get<float>(), src, t.Get<uint8_t>(), 256);
            return;
        }
        MARK(*line); Tanh(d.Get<float>(), src, 256);  // temporary space from the popped bytes
    });
}

TEST(Diagnostics, TPIPE_NOT_DESTROYED) {
    CheckRule("TPIPE_NOT_DESTROYED", [](bool bad, int* line) {
        TPipe first, second;
        TBuf<TPosition::VECCALC> a, b;
        first.InitBuffer(a, 1024);
        Duplicate(a.Get<float>(), 1.0f, 256);
        if (!bad) first.Destroy();  // corrected: the first TPipe's buffers are released first
        MARK(*line); second.InitBuffer(b, 1024);  // the same UB bytes as a's while first still holds them
        Duplicate(b.Get<float>(), 2.0f, 256);
    });
}

// ---- alignment ----

TEST(Diagnostics, LOCAL_ADDR_MISALIGNED) {
    CheckRule("LOCAL_ADDR_MISALIGNED", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 512);
        auto t = b.Get<float>();
        MARK(*line); Duplicate(t[bad ? 4 : 8], 1.0f, 8);  // 16 bytes into the buffer
    });
}

TEST(Diagnostics, GM_ADDR_MISALIGNED) {
    akg::test::GmScope scope;
    GmBuffer<half> g(64, "h");
    CheckRule("GM_ADDR_MISALIGNED", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64);
        GlobalTensor<half> gt;
        gt.SetGlobalBuffer((__gm__ half*)(g.addr() + (bad ? 1 : 2)), 32);
        MARK(*line); DataCopy(b.Get<half>(), gt, 16);
    });
}

TEST(Diagnostics, DMA_LEN_MISALIGNED) {
    akg::test::GmScope scope;
    GmBuffer<float> g(64, "f");
    CheckRule("DMA_LEN_MISALIGNED", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 64);
        MARK(*line); DataCopy(b.Get<float>(), gt, bad ? 20 : 16);  // 80 bytes is not whole blocks
    });
}

// ---- queue protocol ----

TEST(Diagnostics, QUE_NOT_INITIALIZED) {
    CheckRule("QUE_NOT_INITIALIZED", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        if (!bad) pipe.InitBuffer(q, 1, 256);
        MARK(*line); auto t = q.AllocTensor<float>();
        q.FreeTensor(t);
    });
}

TEST(Diagnostics, QUE_TOO_MANY_BUFFERS) {
    CheckRule("QUE_TOO_MANY_BUFFERS", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        MARK(*line); pipe.InitBuffer(q, bad ? 9 : 8, 256);
    });
}

TEST(Diagnostics, QUE_ALLOC_EXHAUSTED) {
    CheckRule("QUE_ALLOC_EXHAUSTED", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 2> q;
        pipe.InitBuffer(q, 2, 256);
        auto a = q.AllocTensor<float>();
        auto b = q.AllocTensor<float>();
        if (!bad) q.FreeTensor(a);
        MARK(*line); auto c = q.AllocTensor<float>();
        q.FreeTensor(b);
        q.FreeTensor(c);
    });
}

TEST(Diagnostics, QUE_ENQUE_FOREIGN) {
    CheckRule("QUE_ENQUE_FOREIGN", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(q, 1, 256);
        pipe.InitBuffer(b, 256);
        auto mine = q.AllocTensor<float>();
        auto other = b.Get<float>();
        MARK(*line); q.EnQue(bad ? other : mine);
        auto t = q.DeQue<float>();
        q.FreeTensor(t);
    });
}

// CANN's TQueBind::EnQue accepts a buffer that is OCCUPIED (allocated) or DEQUE (dequeued): a
// stage may hand a dequeued tensor back through its queue (DeepNormGrad does). The bad side
// enqueues a tensor that is still queued.
TEST(Diagnostics, QUE_ENQUE_FOREIGN_AcceptsDequeuedRejectsQueued) {
    CheckRule("QUE_ENQUE_FOREIGN", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 2> q;
        pipe.InitBuffer(q, 1, 256);
        auto t = q.AllocTensor<float>();
        q.EnQue(t);
        if (!bad) t = q.DeQue<float>();
        MARK(*line); q.EnQue(t);
        t = q.DeQue<float>();
        q.FreeTensor(t);
    });
}

TEST(Diagnostics, QUE_ENQUE_FOREIGN_RejectsFreed) {
    CheckRule("QUE_ENQUE_FOREIGN", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        auto t = q.AllocTensor<float>();
        q.EnQue(t);
        t = q.DeQue<float>();
        if (bad) q.FreeTensor(t);
        MARK(*line); q.EnQue(t);
        if (!bad) q.FreeTensor(t = q.DeQue<float>());
    });
}

TEST(Diagnostics, QUE_ENQUE_OVERFLOW) {
    CheckRule("QUE_ENQUE_OVERFLOW", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;  // depth 1 with two buffers: the usual double buffering
        pipe.InitBuffer(q, 2, 256);
        auto a = q.AllocTensor<float>();
        auto b = q.AllocTensor<float>();
        q.EnQue(a);
        if (!bad) q.FreeTensor(a = q.DeQue<float>());
        MARK(*line); q.EnQue(b);  // a second EnQue before the first DeQue
        if (bad) q.FreeTensor(a = q.DeQue<float>());
        q.FreeTensor(b = q.DeQue<float>());
    });
}

TEST(Diagnostics, QUE_DEQUE_EMPTY) {
    CheckRule("QUE_DEQUE_EMPTY", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        auto a = q.AllocTensor<float>();
        if (!bad) q.EnQue(a);
        MARK(*line); auto t = q.DeQue<float>();
        q.FreeTensor(t);
    });
}

TEST(Diagnostics, QUE_FREE_FOREIGN) {
    CheckRule("QUE_FREE_FOREIGN", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(q, 1, 256);
        pipe.InitBuffer(b, 256);
        auto mine = q.AllocTensor<float>();
        auto other = b.Get<float>();
        MARK(*line); q.FreeTensor(bad ? other : mine);
    });
    // Freeing a tensor twice is the same rule.
    CheckRule("QUE_FREE_FOREIGN", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        auto t = q.AllocTensor<float>();
        q.FreeTensor(t);
        if (bad) {
            MARK(*line); q.FreeTensor(t);
        }
    });
}

TEST(Diagnostics, QUE_FREE_WRONG_QUEUE) {
    // Two queues each free the other's tensor (a real kernel's pattern): both buffers end free in
    // their own queues, so both can be allocated again and nothing is held at the end.
    auto swapFrees = [](bool bad) {
        return RunKernel(1, [bad] {
            TPipe pipe;
            TQue<TPosition::VECIN, 1> meanQue, rstdQue;
            pipe.InitBuffer(meanQue, 1, 256);
            pipe.InitBuffer(rstdQue, 1, 256);
            for (int round = 0; round < 2; ++round) {
                auto mean = meanQue.AllocTensor<float>();
                auto rstd = rstdQue.AllocTensor<float>();
                meanQue.FreeTensor(bad ? rstd : mean);
                rstdQue.FreeTensor(bad ? mean : rstd);
            }
        });
    };
    auto good = swapFrees(false);
    EXPECT_TRUE(good.result.diagnostics.empty()) << good.Codes();
    auto bad = swapFrees(true);
    EXPECT_TRUE(bad.result.completed);
    for (auto& d : bad.result.diagnostics) EXPECT_EQ(d.code, "QUE_FREE_WRONG_QUEUE") << bad.Codes();
    EXPECT_TRUE(bad.HasDiag("QUE_FREE_WRONG_QUEUE")) << bad.Codes();
    // A buffer that is not in use in its queue is still QUE_FREE_FOREIGN.
    auto run = RunKernel(1, [] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> a, b;
        pipe.InitBuffer(a, 1, 256);
        pipe.InitBuffer(b, 1, 256);
        auto t = b.AllocTensor<float>();
        b.FreeTensor(t);
        a.FreeTensor(t);
    });
    EXPECT_TRUE(run.HasDiag("QUE_FREE_FOREIGN")) << run.Codes();
    EXPECT_FALSE(run.HasDiag("QUE_FREE_WRONG_QUEUE")) << run.Codes();
}

TEST(Diagnostics, QUE_HELD_AT_END) {
    CheckRule("QUE_HELD_AT_END", [](bool bad, int* line) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        MARK(*line); auto t = q.AllocTensor<float>();
        if (!bad) q.FreeTensor(t);
    });
}

// ---- synchronisation ----

TEST(Diagnostics, FLAG_WAIT_UNSET) {
    CheckRule("FLAG_WAIT_UNSET", [](bool bad, int* line) {
        if (!bad) SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        MARK(*line); WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    });
    // A WaitFlag whose event differs from the SetFlag's is unmatched too (documented example).
    int line = 0;
    auto run = RunKernel(1, [&] {
        SetFlag<HardEvent::S_MTE3>(1);
        MARK(line); WaitFlag<HardEvent::MTE3_MTE1>(1);
    });
    ExpectOnly(run, "FLAG_WAIT_UNSET", line);
}

TEST(Diagnostics, KERNEL_ASSERT) {
    CheckRule("KERNEL_ASSERT", [](bool bad, int* line) {
        volatile int32_t tiles = bad ? 0 : 4;
        MARK(*line); assert(tiles > 0, "tileNum is %d", int32_t(tiles));
    });
    auto run = RunKernel(1, [] {
        volatile int32_t tiles = 0;
        ascendc_assert(tiles > 0);
    });
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_NE(run.result.diagnostics[0].message.find("Assertion `tiles > 0'"), std::string::npos) << run.Codes();
    EXPECT_NE(run.result.deviceLog.find("[ASSERT]"), std::string::npos) << run.result.deviceLog;
}

TEST(Diagnostics, FLAG_SET_TWICE) {
    // Two sets, then two waits (a pattern of real kernels): undefined, but the waiting pipe is
    // usually ahead and takes the sets in turn, so the run goes on and neither wait hangs.
    CheckRule("FLAG_SET_TWICE", [](bool bad, int* line) {
        SetFlag<HardEvent::M_MTE1>(0);
        if (bad) {
            MARK(*line); SetFlag<HardEvent::M_MTE1>(0);
        }
        WaitFlag<HardEvent::M_MTE1>(0);
        if (bad) WaitFlag<HardEvent::M_MTE1>(0);
    });
    // The raw intrinsics are the same hardware flags.
    CheckRule("FLAG_SET_TWICE", [](bool bad, int* line) {
        set_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
        if (bad) {
            MARK(*line); set_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
        }
        wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
        if (bad) wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID2);
    });
    // A third wait has no set left to take: it hangs.
    auto run = RunKernel(1, [] {
        SetFlag<HardEvent::MTE2_V>(1);
        SetFlag<HardEvent::MTE2_V>(1);
        for (int i = 0; i < 3; ++i) WaitFlag<HardEvent::MTE2_V>(1);
    });
    EXPECT_TRUE(run.HasDiag("FLAG_SET_TWICE")) << run.Codes();
    EXPECT_TRUE(run.HasDiag("FLAG_WAIT_UNSET")) << run.Codes();
}

TEST(Diagnostics, FLAG_LEFT_SET) {
    CheckRule("FLAG_LEFT_SET", [](bool bad, int* line) {
        MARK(*line); SetFlag<HardEvent::V_MTE3>(EVENT_ID4);
        if (!bad) WaitFlag<HardEvent::V_MTE3>(EVENT_ID4);
    });
}

TEST(Diagnostics, EVENT_ID_RANGE) {
    CheckRule("EVENT_ID_RANGE", [](bool bad, int* line) {
        MARK(*line); SetFlag<HardEvent::MTE2_V>(bad ? 8 : 7);
        WaitFlag<HardEvent::MTE2_V>(7);
    });
    // A raw flag between two pipes that share no hardware event.
    CheckRule("EVENT_ID_RANGE", [](bool bad, int* line) {
        MARK(*line); set_flag(PIPE_MTE2, bad ? PIPE_MTE2 : PIPE_V, EVENT_ID0);
        wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    });
    // Running out of event ids in AllocEventID.
    CheckRule("EVENT_ID_RANGE", [](bool bad, int* line) {
        TPipe pipe;
        TEventID ids[8];
        for (int i = 0; i < 8; ++i) ids[i] = pipe.AllocEventID<HardEvent::V_S>();
        if (!bad) pipe.ReleaseEventID<HardEvent::V_S>(ids[0]);
        MARK(*line); TEventID extra = pipe.AllocEventID<HardEvent::V_S>();
        (void)extra;
    });
}

// A core that never reaches SyncAll leaves the others waiting forever.
TEST(Diagnostics, DEADLOCK) {
    int line = 0;
    auto run = RunKernel(4, [&] {
        if (GetBlockIdx() == 3) return;  // skips the barrier
        MARK(line); SyncAll();
    });
    ExpectOnly(run, "DEADLOCK", line);
    EXPECT_TRUE(run.result.deadlock);
    const std::string& msg = run.result.diagnostics[0].message;
    EXPECT_NE(msg.find("core 0 waits in SyncAll"), std::string::npos) << msg;
    EXPECT_NE(msg.find("core 1 waits in SyncAll"), std::string::npos) << msg;
    EXPECT_NE(msg.find("core 2 waits in SyncAll"), std::string::npos) << msg;
    EXPECT_EQ(msg.find("core 3"), std::string::npos) << msg;
    ExpectClean(RunKernel(4, [&] { SyncAll(); }));
}

// Core 0 writes a tile that core 1 then reads with nothing between them: on the device core 1
// may read before core 0's write lands. SyncAll orders them. (More cases: race_test.cpp.)
TEST(Diagnostics, GM_RACE) {
    akg::test::GmScope scope;
    GmBuffer<float> x(64, "x"), y(64, "y");
    int write = 0;
    CheckRule(
        "GM_RACE",
        [&](bool bad, int* line) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> b;
            pipe.InitBuffer(b, 256);
            LocalTensor<float> t = b.Get<float>();
            GlobalTensor<float> gx, gy;
            gx.SetGlobalBuffer((__gm__ float*)x.addr(), 64);
            gy.SetGlobalBuffer((__gm__ float*)y.addr(), 64);
            if (GetBlockIdx() == 0) {
                Duplicate(t, 2.0f, 64);
                PipeBarrier<PIPE_ALL>();
                MARK(write); DataCopy(gx, t, 64);
            }
            if (!bad) SyncAll();
            if (GetBlockIdx() == 1) {
                MARK(*line); DataCopy(t, gx, 64);
                PipeBarrier<PIPE_ALL>();
                DataCopy(gy, t, 64);
            }
        },
        2);
    // Both lines are named: core 1's read is the location, core 0's write the related site.
    KernelRun bad = RunKernel(2, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        GlobalTensor<float> gx;
        gx.SetGlobalBuffer((__gm__ float*)x.addr(), 64);
        if (GetBlockIdx() == 0) { MARK(write); DataCopy(gx, t, 64); }
        if (GetBlockIdx() == 1) DataCopy(t, gx, 64);
    });
    ASSERT_EQ(bad.result.diagnostics.size(), 1u) << bad.Codes();
    const std::string& msg = bad.result.diagnostics[0].message;
    EXPECT_NE(msg.find("core 1 reads byte 0 of GM tensor 'x'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("core 0 writes it at "), std::string::npos) << msg;
    EXPECT_NE(msg.find(LineOf(write) + ","), std::string::npos) << msg;
}

// ---- API usage ----

TEST(Diagnostics, CAST_ROUNDMODE_UNSUPPORTED) {
    CheckRule("CAST_ROUNDMODE_UNSUPPORTED", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 128);
        auto h = b.Get<half>();
        Duplicate(h, half(1.0f), 64);
        // half -> float is exact: the table offers CAST_NONE only.
        MARK(*line); Cast(a.Get<float>(), h, bad ? RoundMode::CAST_FLOOR : RoundMode::CAST_NONE, 64);
    });
}

TEST(Diagnostics, VEC_MASK_MODE) {
    // The mask register holds a Counter-mode element count, but SetMaskCount() was never called.
    CheckRule("VEC_MASK_MODE", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 64);
        if (!bad) SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(64);
        MARK(*line); Adds<float, false>(t, t, 1.0f, MASK_PLACEHOLDER, 1, {1, 1, 8, 8});
        SetMaskNorm();
        ResetMask();
    });
    // A count-form call with isSetMask = false outside Counter mode.
    CheckRule("VEC_MASK_MODE", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 64);
        if (!bad) {
            SetMaskCount();
            SetVectorMask<float, MaskMode::COUNTER>(64);
        }
        MARK(*line); Muls<float, false>(t, t, 2.0f, 64);
        SetMaskNorm();
        ResetMask();
    });
    // Counter mode with a Normal-mode mask in the register (ResetMask is all ones: 2^64-1 elements).
    CheckRule("VEC_MASK_MODE", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 64);
        SetMaskCount();
        SetVectorMask<float, MaskMode::NORMAL>(40);  // a lane mask, which Counter mode would read as a count
        if (!bad) SetVectorMask<float, MaskMode::COUNTER>(40);
        MARK(*line); Adds<float, false>(t, t, 1.0f, MASK_PLACEHOLDER, 1, {1, 1, 8, 8});
        SetMaskNorm();
        ResetMask();
    });
}

TEST(Diagnostics, VEC_COUNT_RANGE) {
    CheckRule("VEC_COUNT_RANGE", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        Duplicate(t, 1.0f, 64);
        MARK(*line); Add(t, t, t, bad ? -64 : 64);
    });
}

TEST(Diagnostics, DMA_PARAM_RANGE) {
    akg::test::GmScope scope;
    GmBuffer<float> g(64, "p");
    CheckRule("DMA_PARAM_RANGE", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 64);
        // blockLen must be a whole number of elements.
        MARK(*line); DataCopyPad(b.Get<float>(), gt, {1, bad ? 6u : 8u, 0, 0, 0}, {true, 0, 0, 0.0f});
    });
    CheckRule("DMA_PARAM_RANGE", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 64);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 64);
        MARK(*line); DataCopyPad(gt, t, {1, bad ? 10u : 12u, 0, 0, 0});
    });
    CheckRule("DMA_PARAM_RANGE", [&](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 64);
        // Padding is at most 32 bytes on a side: 9 floats is 36.
        MARK(*line); DataCopyPad(b.Get<float>(), gt, {1, 16, 0, 0, 0}, {true, uint8_t(bad ? 9 : 4), 0, 0.0f});
    });
}

// Codes raised by the compare/select, reduce, gather and transpose families.

// Found after the run from what the kernel left in the shape-out argument (the runner's
// ReadShapeOut): a kernel that writes the shape is clean, one that forgets it, or claims more
// elements than the output holds, is reported.
// A kernel template (tiling-key templates, akg/launch/kernel_launcher.h) launched with a key that its
// ASCENDC_TPL_SEL does not select: no instance exists for it.
namespace tpl_unselected {
ASCENDC_TPL_ARGS_DECL(Op, ASCENDC_TPL_UINT_DECL(MODE, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 0, 1, 2));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(MODE, ASCENDC_TPL_UI_LIST, 0, 1)));
int ran[3] = {};
template <uint32_t MODE>
void Kernel(GM_ADDR) { ++ran[MODE]; }
struct Entry {
    template <uint64_t... V>
    static constexpr auto Get() { return &Kernel<akg::detail::TemplateValue<V>{}...>; }
};
}  // namespace tpl_unselected

TEST(Diagnostics, TILING_KEY_UNSELECTED) {
    using namespace tpl_unselected;
    const akg::sim::DiagnosticInfo* info = akg::sim::FindDiagnostic("TILING_KEY_UNSELECTED");
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->fatal);
    void* args[1] = {nullptr};
    auto launch = [&] { akg::detail::LaunchTemplate<akg_tpl_declaration, akg_tpl_selection, Entry>(args); };
    ExpectClean(RunKernel(1, launch, /*tilingKey=*/1));
    EXPECT_EQ(ran[1], 1);
    auto run = RunKernel(1, launch, /*tilingKey=*/2);  // MODE 2: declared, not selected
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "TILING_KEY_UNSELECTED");
    EXPECT_NE(run.result.diagnostics[0].message.find("tiling key 2"), std::string::npos);
    EXPECT_EQ(ran[0] + ran[2], 0);
}

TEST(Diagnostics, SHAPE_OUT_INVALID) {
    const akg::sim::DiagnosticInfo* info = akg::sim::FindDiagnostic("SHAPE_OUT_INVALID");
    ASSERT_NE(info, nullptr);
    EXPECT_FALSE(info->fatal);
    for (int variant = 0; variant < 3; ++variant) {
        akg::test::GmScope scope;
        GmBuffer<uint64_t> shapeOut(akg::sim::kShapeOutSlots, "shape-out");
        for (size_t i = 0; i < shapeOut.n; ++i) shapeOut[i] = ~0ull;  // the runner's poison
        auto run = RunKernel(1, [&] {
            GlobalTensor<uint64_t> g;
            g.SetGlobalBuffer((__gm__ uint64_t*)shapeOut.addr(), akg::sim::kShapeOutSlots);
            if (variant == 1) return;  // never written
            g.SetValue(0, 2);
            g.SetValue(1, 4);
            g.SetValue(2, variant == 2 ? 26 : 25);  // the output holds 100 elements
        });
        ExpectClean(run);
        std::vector<int64_t> dims;
        akg::sim::Diagnostic problem;
        const bool ok = akg::sim::ReadShapeOut(shapeOut.data, "y", 100, &dims, &problem);
        if (variant == 0) {
            EXPECT_TRUE(ok);
            EXPECT_EQ(dims, (std::vector<int64_t>{4, 25}));
            continue;
        }
        ASSERT_FALSE(ok) << variant;
        EXPECT_EQ(problem.code, "SHAPE_OUT_INVALID");
        EXPECT_EQ(problem.category, info->category);
        EXPECT_NE(problem.message.find("output 'y'"), std::string::npos) << problem.message;
    }
}

TEST(Diagnostics, VEC_UNSUPPORTED) {
    CheckRule("VEC_UNSUPPORTED", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 32);
        auto x = a.Get<int32_t>();
        Duplicate(x, int32_t(3), 64);
        // int32_t sources compare only for equality on A2/A3.
        MARK(*line); Compare(b.Get<uint8_t>(), x, x, bad ? CMPMODE::LT : CMPMODE::EQ, 64);
    });
}

TEST(Diagnostics, VEC_COUNT_UNALIGNED) {
    CheckRule("VEC_COUNT_UNALIGNED", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 512);
        pipe.InitBuffer(b, 32);
        auto x = a.Get<float>();
        Duplicate(x, 1.0f, 128);
        // The count form compares whole 256-byte repeats: 100 floats is 400 bytes.
        MARK(*line); Compare(b.Get<uint8_t>(), x, x, CMPMODE::LT, bad ? 100 : 128);
    });
}

TEST(Diagnostics, VEC_TMP_BUFFER_SMALL) {
    CheckRule("VEC_TMP_BUFFER_SMALL", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, w, d;
        pipe.InitBuffer(s, 65 * 256);
        pipe.InitBuffer(w, 512);
        pipe.InitBuffer(d, 32);
        auto src = s.Get<half>();
        Duplicate(src, half(1.0f), 65 * 128);
        // ReduceMax with index over 65 half repeats documents a 176-element work tensor.
        MARK(*line); ReduceMax<half>(d.Get<half>(), src, w.Get<half>(bad ? 160 : 176), 128, 65, 8, true);
    });
}

TEST(Diagnostics, VEC_GATHER_OFFSET_MISALIGNED) {
    CheckRule("VEC_GATHER_OFFSET_MISALIGNED", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, o, d;
        pipe.InitBuffer(s, 256);
        pipe.InitBuffer(o, 32);
        pipe.InitBuffer(d, 32);
        auto src = s.Get<float>();
        Duplicate(src, 2.0f, 64);
        auto off = o.Get<uint32_t>();
        for (int i = 0; i < 8; ++i) off.SetValue(i, uint32_t((7 - i) * 4 + (bad && i == 3 ? 2 : 0)));  // byte offsets
        MARK(*line); Gather(d.Get<float>(), src, off, 0, 8);
    });
}

TEST(Diagnostics, INPUT_MODIFIED) {
    // The runner lists the inputs a launch must leave unchanged; here the test does.
    for (bool bad : {true, false}) {
        GmBuffer<float> x(64, "x"), y(64, "y");
        std::vector<float> original(64, 1.5f);
        for (int i = 0; i < 64; ++i) x[i] = original[i];
        static GM_ADDR xs;
        static GM_ADDR ys;
        static bool scribble;
        xs = x.addr(), ys = y.addr(), scribble = bad;
        akg::sim::LaunchArgs args;
        args.entry = [](void**) {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 256);
            GlobalTensor<float> xg, yg;
            xg.SetGlobalBuffer((__gm__ float*)xs, 64);
            yg.SetGlobalBuffer((__gm__ float*)ys, 64);
            auto t = buf.Get<float>();
            Duplicate(t, 2.0f, 64);
            PipeBarrier<PIPE_ALL>();
            DataCopy(scribble ? xg : yg, t, 64);
        };
        args.unchanged.push_back({x.data, original.data(), 64 * sizeof(float), "input 'x'"});
        auto result = akg::sim::Launch(akg::sim::PlatformSpec{}, args);
        std::set<std::string> codes;
        for (auto& d : result.diagnostics) codes.insert(d.code);
        EXPECT_EQ(codes.count("INPUT_MODIFIED"), bad ? 1u : 0u);
        EXPECT_TRUE(result.completed);
        if (bad) {
            ASSERT_EQ(result.diagnostics.size(), 1u);
            EXPECT_NE(result.diagnostics[0].message.find("input 'x'"), std::string::npos);
        }
        akg::sim::GmFreeAll();
    }
}

// What the simulated SoC lacks: an API its platform lists as unsupported, and a unit it does not
// have (no FIX pipe). Platform files give the real lists (tests/run/coupled_core_test.cpp).
TEST(Diagnostics, SOC_UNSUPPORTED) {
    akg::sim::PlatformSpec soc;
    soc.coupled = true;
    soc.fixPipe = false;
    soc.unsupportedApis["DataCopyPad"] = "documented as unsupported";
    akg::test::GmScope scope;
    GmBuffer<half> x(256, "x");
    GmBuffer<float> y(256, "y");
    for (bool fixpipe : {false, true}) {
        for (bool bad : {true, false}) {
            int line = 0;
            KernelRun run = akg::test::RunOn(soc, KERNEL_TYPE_AICORE, 1, [&] {
                TPipe pipe;
                TBuf<TPosition::VECCALC> ub;
                TBuf<TPosition::CO1> c;
                pipe.InitBuffer(ub, 1024);
                pipe.InitBuffer(c, 1024);
                GlobalTensor<half> gx;
                GlobalTensor<float> gy;
                gx.SetGlobalBuffer((__gm__ half*)x.addr(), 256);
                gy.SetGlobalBuffer((__gm__ float*)y.addr(), 256);
                LocalTensor<float> l0c = c.Get<float>();
                if (!fixpipe && bad) {
                    const DataCopyExtParams p(1, 100 * sizeof(half), 0, 0, 0);
                    const DataCopyPadExtParams<half> noPad(false, 0, 0, half(0.0f));
                    MARK(line); DataCopyPad(ub.Get<half>(), gx, p, noPad);
                } else if (!fixpipe) {
                    DataCopy(ub.Get<half>(), gx, 128);  // whole blocks: what the SoC supports
                } else {
                    for (int i = 0; i < 256; ++i) l0c.SetValue(i, 1.0f);
                    if (bad) {
                        MARK(line); Fixpipe(gy, l0c, FixpipeParamsV220(16, 16, 16, 16, false));
                    } else {
                        DataCopyEnhancedParams e;
                        e.blockMode = BlockMode::BLOCK_MODE_MATRIX;
                        DataCopy(ub.Get<float>(), l0c, DataCopyParams(1, 1, 0, 0), e);  // L0C -> UB, then UB -> GM
                        DataCopy(gy, ub.Get<float>(), 256);
                    }
                }
            });
            if (bad)
                ExpectOnly(run, "SOC_UNSUPPORTED", line);
            else
                ExpectClean(run);
        }
    }
}

// asc_vf_call's runtime entry (the SIMT API itself is tested in tests/simt/, compiled as an
// Ascend 950 kernel): a block holds 1 to 2048 threads (docs/simt.md).
AKG_API void VfCallOfNothing(uint32_t x, uint32_t y) {
    akg::sim::SimtRun(x, y, 1, [](void*) {}, nullptr, AKG_CALLER);
}

TEST(Diagnostics, SIMT_THREADS_RANGE) {
    akg::sim::PlatformSpec soc;
    soc.simt = true;
    akg::test::GmScope scope;
    for (bool bad : {true, false}) {
        int line = 0;
        KernelRun run = akg::test::RunOn(soc, KERNEL_TYPE_AIV_ONLY, 1, [&] {
            line = __LINE__ + 1;
            VfCallOfNothing(64, bad ? 64 : 32);
        });
        if (bad)
            ExpectOnly(run, "SIMT_THREADS_RANGE", line);
        else
            ExpectClean(run);
    }
}

// The register-based vector API's runtime entries (the API itself is tested in
// tests/simt/reg_compute_test.cpp, compiled as an Ascend 950 kernel; docs/reg-api.md).
AKG_API void RegAddOutsideAVf() {
    akg::sim::RegBytes r{};
    akg::sim::RegCompute(akg::sim::RegOp::Add, akg::sim::DType::F32, &r, &r, &r, 0, nullptr, {}, AKG_CALLER);
}
AKG_API void SimdVfOfOneAdd() {
    akg::sim::SimdVfRun([](void*) {
        akg::sim::RegBytes r{};
        akg::sim::RegCompute(akg::sim::RegOp::Add, akg::sim::DType::F32, &r, &r, &r, 0, nullptr, {}, nullptr);
    }, nullptr, AKG_CALLER);
}

TEST(Diagnostics, REG_OUTSIDE_VF) {
    akg::sim::PlatformSpec soc;
    soc.simt = true;
    for (bool bad : {true, false}) {
        int line = 0;
        KernelRun run = akg::test::RunOn(soc, KERNEL_TYPE_AIV_ONLY, 1, [&] {
            line = __LINE__ + 1;
            bad ? RegAddOutsideAVf() : SimdVfOfOneAdd();
        });
        if (bad) {
            ExpectOnly(run, "REG_OUTSIDE_VF", line);
        } else {
            ExpectClean(run);
        }
    }
}

AKG_API void RegLoadWithDist(void* ub, int dist) {
    akg::sim::RegMode mode;
    mode.dist = dist;
    akg::sim::RegBytes r{};
    akg::sim::RegLoad(akg::sim::DType::F32, &r, ub, mode, AKG_CALLER);
}
struct LoadCtx {
    void* ub;
    int dist;
};

TEST(Diagnostics, REG_MODE_UNSUPPORTED) {
    akg::sim::PlatformSpec soc;
    soc.simt = true;
    for (bool bad : {true, false}) {
        int line = 0;
        KernelRun run = akg::test::RunOn(soc, KERNEL_TYPE_AIV_ONLY, 1, [&] {
            AscendC::TPipe pipe;
            AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, 1024);
            LoadCtx ctx{reinterpret_cast<void*>(buf.Get<float>().GetPhyAddr()), bad ? 1 /* DIST_BRC_B8 */ : 0};
            line = __LINE__ + 1;
            akg::sim::SimdVfRun([](void* c) {
                auto* l = static_cast<LoadCtx*>(c);
                RegLoadWithDist(l->ub, l->dist);
            }, &ctx, AKG_CALLER);
        });
        if (bad) {
            const akg::sim::Diagnostic* d = akg::test::FindDiag(run, "REG_MODE_UNSUPPORTED");
            ASSERT_NE(d, nullptr) << run.Codes();
            EXPECT_NE(d->message.find("LoadDist 1"), std::string::npos) << d->message;
            EXPECT_FALSE(run.result.completed);
        } else {
            ExpectClean(run);
        }
    }
}

// ---- whole-run behaviour ----

// Every code in the catalog has a test above, named after it.
TEST(Diagnostics, EveryCatalogCodeHasATest) {
    std::set<std::string> tests;
    const ::testing::UnitTest* ut = ::testing::UnitTest::GetInstance();
    for (int i = 0; i < ut->total_test_suite_count(); ++i) {
        const ::testing::TestSuite* s = ut->GetTestSuite(i);
        if (std::string(s->name()) != "Diagnostics") continue;
        for (int j = 0; j < s->total_test_count(); ++j) tests.insert(s->GetTestInfo(j)->name());
    }
    for (const auto& d : akg::sim::DiagnosticCatalog()) EXPECT_TRUE(tests.count(d.code)) << d.code << " has no test";
}

// A fatal diagnostic in one core unwinds every core: cores blocked at a barrier are resumed and
// unwound (their destructors run), cores not started yet never start, and nothing crashes.
TEST(Diagnostics, FatalInOneCoreUnwindsEveryCore) {
    struct Guard {
        int* n;
        ~Guard() { ++*n; }
    };
    int destroyed = 0;
    std::vector<int> started, passed;
    int line = 0;
    auto run = RunKernel(4, [&] {
        Guard g{&destroyed};
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        started.push_back(int(GetBlockIdx()));
        auto t = q.AllocTensor<float>();  // held when the core is unwound: not reported
        if (GetBlockIdx() == 2) {
            MARK(line); q.DeQue<float>();  // fatal: nothing queued
        }
        SyncAll();
        passed.push_back(int(GetBlockIdx()));
        q.FreeTensor(t);
    });
    EXPECT_FALSE(run.result.completed);
    EXPECT_FALSE(run.result.deadlock);
    ExpectOnly(run, "QUE_DEQUE_EMPTY", line);
    EXPECT_EQ(run.result.diagnostics[0].core, 2);
    EXPECT_EQ(started, (std::vector<int>{0, 1, 2}));
    EXPECT_TRUE(passed.empty());
    EXPECT_EQ(destroyed, 3);
    // The runtime is usable again afterwards.
    ExpectClean(RunKernel(2, [] { SyncAll(); }));
}

// Same inputs, same outputs and diagnostics, every time.
TEST(Diagnostics, RunsAreDeterministic) {
    auto once = [](std::vector<float>* out, std::string* log) {
        akg::test::GmScope scope;
        GmBuffer<float> in(256, "in"), res(256, "res");
        for (int i = 0; i < 256; ++i) in[i] = float(i) * 0.5f;
        for (int i = 0; i < 256; ++i) res[i] = 0;
        auto run = RunKernel(4, [&] {
            TPipe pipe;
            TQue<TPosition::VECIN, 2> q;
            TBuf<TPosition::VECCALC> b;
            pipe.InitBuffer(q, 2, 256);
            pipe.InitBuffer(b, 256);
            const int me = int(GetBlockIdx());
            GlobalTensor<float> gi, go;
            gi.SetGlobalBuffer((__gm__ float*)in.addr() + me * 64, 64);
            go.SetGlobalBuffer((__gm__ float*)res.addr(), 256);
            auto t = q.AllocTensor<float>();
            Duplicate(t, 0.0f, 64);
            DataCopy(t, gi, 60);  // not whole blocks: reported on every core
            q.EnQue(t);
            t = q.DeQue<float>();
            auto acc = b.Get<float>();
            Muls(acc, t, float(me + 1), 64);
            AscendC::printf("core %d done\n", me);
            SyncAll();
            SetAtomicAdd<float>();
            DataCopy(go[(me * 64 + 64) % 256], acc, 64);
            SetAtomicNone();
            q.FreeTensor(t);
            if (me == 3) SetFlag<HardEvent::V_S>(1);  // left set
        });
        *out = std::vector<float>(res.data, res.data + 256);
        *log = run.result.deviceLog;
        return run.result.diagnostics;
    };
    std::vector<float> o1, o2;
    std::string l1, l2;
    auto d1 = once(&o1, &l1);
    auto d2 = once(&o2, &l2);
    ASSERT_EQ(d1.size(), 2u);
    ASSERT_EQ(d1.size(), d2.size());
    for (size_t i = 0; i < d1.size(); ++i) {
        EXPECT_EQ(d1[i].code, d2[i].code);
        EXPECT_EQ(d1[i].message, d2[i].message);
        EXPECT_EQ(d1[i].location, d2[i].location);
        EXPECT_EQ(d1[i].core, d2[i].core);
        EXPECT_EQ(d1[i].count, d2[i].count);
    }
    EXPECT_EQ(d1[0].code, "DMA_LEN_MISALIGNED");
    EXPECT_EQ(d1[0].count, 4u);  // one call site, four cores
    EXPECT_EQ(d1[1].code, "FLAG_LEFT_SET");
    EXPECT_EQ(o1, o2);
    EXPECT_EQ(l1, l2);
    EXPECT_EQ(l1, "[core 0] core 0 done\n[core 1] core 1 done\n[core 2] core 2 done\n[core 3] core 3 done\n");
}
