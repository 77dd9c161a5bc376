// Vendor patterns that run on boards and that an earlier, stricter rule rejected (issue 15,
// class 5). Each test is the pattern and the decision recorded in docs/diagnostics.md.
#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

// QUE_ENQUE_FOREIGN: a core whose share of the rows is empty sizes its queue buffers from that
// share (InitBuffer(q, 2, 0)) and still runs the pipeline once. The device knows a queue buffer by
// the tensor's handle, so this works there; the zero-length buffers all sit at one address.
TEST(DeviceTolerance, ZeroLengthQueueShareEnqueues) {
    auto run = RunKernel(2, [&] {
        const uint32_t share = GetBlockIdx() == 0 ? 64 : 0;  // core 1 has nothing to do
        TPipe pipe;
        TQue<TPosition::VECIN, 2> q;
        pipe.InitBuffer(q, 2, share * sizeof(float));
        for (int i = 0; i < 2; ++i) {
            auto t = q.AllocTensor<float>();
            q.EnQue(t);
            auto u = q.DeQue<float>();
            q.FreeTensor(u);
        }
        auto a = q.AllocTensor<float>();
        auto b = q.AllocTensor<float>();
        q.EnQue(b);
        q.EnQue(a);
        for (int i = 0; i < 2; ++i) {
            auto u = q.DeQue<float>();
            q.FreeTensor(u);
        }
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}

// ... while a tensor that is not the queue's is still refused.
TEST(DeviceTolerance, ZeroLengthQueueStillRejectsForeignTensor) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(q, 1, 0);
        q.EnQue(b.Get<float>());
    });
    EXPECT_FALSE(run.result.completed);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "QUE_ENQUE_FOREIGN");
}

// VEC_MASK_MODE: the official reduce sample sets a Counter-mode count with the two-argument form
// and the default mode argument: SetMaskCount(); SetVectorMask<T>(0, n). SetVectorMask.md lists
// that form for Counter mode (maskHigh 0, maskLow the element count), so n elements are computed.
TEST(DeviceTolerance, CounterModeCountFromTwoArgumentSetVectorMask) {
    akg::test::GmScope scope;
    GmBuffer<float> out(256, "out");
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256 * sizeof(float));
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 256);
        SetMaskCount();
        SetVectorMask<float>(0, 100);
        Adds<float, false>(t, t, 3.0f, MASK_PLACEHOLDER, 1, {1, 1, 8, 8});
        SetMaskNorm();
        ResetMask();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out.addr(), 256);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(g, t, 256);
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 256; ++i) EXPECT_EQ(out[i], i < 100 ? 3.0f : 0.0f) << i;
}

// ... but a Normal-mode length (SetVectorMask<T>(len) expands len into lane bits) read as a count
// in Counter mode is still the mistake the rule names.
TEST(DeviceTolerance, CounterModeStillFlagsNormalLengthForm) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256 * sizeof(float));
        auto t = b.Get<float>();
        Duplicate(t, 0.0f, 256);
        SetMaskCount();
        SetVectorMask<float>(100);
        Adds<float, false>(t, t, 3.0f, MASK_PLACEHOLDER, 1, {1, 1, 8, 8});
        SetMaskNorm();
        ResetMask();
    });
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "VEC_MASK_MODE");
}

// LOCAL_BUFFER_OVERRUN: a write past a TBuf into the queue buffer behind it, which holds nothing
// live yet. The device does not fault, but the bytes land in that buffer (a later user of it
// would read them), so the rule stays, non-fatal: the run completes with the device's values and
// under --diagnostics report (the benchmark's device rule) only the values judge the case.
TEST(DeviceTolerance, OverrunIntoIdleBufferIsReportedNotFatal) {
    akg::test::GmScope scope;
    GmBuffer<float> out(64, "out");
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> tmp;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(tmp, 32 * sizeof(float));
        pipe.InitBuffer(q, 1, 64 * sizeof(float));
        auto t = tmp.Get<float>();
        Duplicate(t, 1.0f, 64);  // 32 floats past the end of tmp, into q's idle buffer
        auto o = q.AllocTensor<float>();
        Duplicate(o, 2.0f, 64);  // the queue's first real use overwrites them
        q.EnQue(o);
        o = q.DeQue<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out.addr(), 64);
        DataCopy(g, o, 64);
        q.FreeTensor(o);
    });
    EXPECT_TRUE(run.result.completed);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "LOCAL_BUFFER_OVERRUN");
    for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], 2.0f) << i;
}
