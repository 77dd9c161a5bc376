// TBufPool: pools carved from the TPipe or from another pool, pools sharing a range, Reset, and
// a user-written pool (EXTERN_IMPL_BUFPOOL) that places queue and TBuf buffers itself.
#include <gtest/gtest.h>

#include "kernel_harness.h"
#include "kernel_operator.h"

using namespace AscendC;
using akg::test::RunKernel;

namespace {

// The official sample's user-written pool, in our words: queue buffers one after another from
// the pool's current address.
class LinearPool {
public:
    LinearPool() { Init(); }
    template <class Q>
    bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
        len = (len + 31) / 32 * 32;
        auto handle = GetBufHandle(GetCurBufSize());
        const uint32_t at = GetCurAddr();
        que.InitStartBufHandle(handle, num, len);
        for (uint32_t i = 0; i < num; ++i) que.InitBufHandle(this, i, handle, at + i * len, len);
        SetCurAddr(at + num * len);
        SetCurBufSize(GetCurBufSize() + num);
        return true;
    }
    EXTERN_IMPL_BUFPOOL(LinearPool, TPosition::VECCALC, 8);
};

uintptr_t UbOffset(uintptr_t addr) { return addr - uintptr_t(GetTPipePtr()->GetBaseAddr(int8_t(TPosition::VECCALC))); }

}  // namespace

TEST(TBufPool, SharedPoolsReuseTheSameBytesAndNestedPoolsSplitTheirParent) {
    uintptr_t a0 = 0, a1 = 0, b0 = 0, inner = 0, after = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBufPool<TPosition::VECCALC> outer, p1, p2;
        TQue<TPosition::VECIN, 1> q0, q1, q2;
        TBuf<TPosition::VECCALC> tail;
        pipe.InitBufPool(outer, 1024);
        outer.InitBufPool(p1, 512);
        outer.InitBufPool(p2, 512, p1);  // the same 512 bytes
        p1.InitBuffer(q0, 1, 256);
        p1.InitBuffer(q1, 1, 200);  // rounded up to 224
        auto t0 = q0.AllocTensor<half>();
        auto t1 = q1.AllocTensor<half>();
        a0 = UbOffset(t0.GetPhyAddr());
        a1 = UbOffset(t1.GetPhyAddr());
        q0.FreeTensor(t0);
        q1.FreeTensor(t1);
        p1.Reset();
        p2.InitBuffer(q2, 1, 256);
        auto t2 = q2.AllocTensor<half>();
        b0 = UbOffset(t2.GetPhyAddr());
        q2.FreeTensor(t2);
        outer.InitBuffer(tail, 64);  // after p1's 512 bytes inside the outer pool
        inner = UbOffset(tail.Get<half>().GetPhyAddr());
        TBuf<TPosition::VECCALC> next;
        pipe.InitBuffer(next, 32);  // after the outer pool's 1024 bytes
        after = UbOffset(next.Get<half>().GetPhyAddr());
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(a0, 0u);
    EXPECT_EQ(a1, 256u);
    EXPECT_EQ(b0, 0u);  // p2 shares p1's bytes
    EXPECT_EQ(inner, 512u);
    EXPECT_EQ(after, 1024u);
}

TEST(TBufPool, ABufferPastThePoolIsReported) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBufPool<TPosition::VECCALC> pool;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBufPool(pool, 256);
        pool.InitBuffer(q, 2, 256);  // 512 bytes in a 256-byte pool
    });
    EXPECT_TRUE(run.HasDiag("LOCAL_CAPACITY")) << run.Codes();
}

TEST(TBufPool, UserWrittenPoolPlacesQueueAndTBufBuffers) {
    uintptr_t q0 = 0, q1 = 0, buf = 0;
    float seen = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> first;
        pipe.InitBuffer(first, 64);  // the pool starts after these 64 bytes
        LinearPool pool;
        pipe.InitBufPool(pool, 1024);
        TQue<TPosition::VECIN, 2> q;
        TBuf<TPosition::VECCALC> b;
        pool.InitBuffer(q, 2, 256);
        const uint32_t at = pool.GetCurAddr();
        b.InitStartBufHandle(pool.GetBufHandle(pool.GetCurBufSize()), 1, 128);
        b.InitBufHandle(&pool, 0, pool.GetBufHandle(pool.GetCurBufSize()), at, 128);
        auto t0 = q.AllocTensor<float>();
        auto t1 = q.AllocTensor<float>();
        q0 = UbOffset(t0.GetPhyAddr());
        q1 = UbOffset(t1.GetPhyAddr());
        auto tb = b.Get<float>();
        buf = UbOffset(tb.GetPhyAddr());
        Duplicate(tb, 2.5f, 32);
        PipeBarrier<PIPE_V>();
        seen = tb.GetValue(31);
        q.FreeTensor(t0);
        q.FreeTensor(t1);
        pool.Reset();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(q0, 64u);
    EXPECT_EQ(q1, 64u + 256u);
    EXPECT_EQ(buf, 64u + 512u);
    EXPECT_EQ(seen, 2.5f);
}
