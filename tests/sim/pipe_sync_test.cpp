// The TPipe/TQue/TBuf framework, intra-core events and barriers, SyncAll across cores, the system
// variables, and device printing, on their happy paths.
#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {

// Records the instruction stream of a launch.
struct Recorder : akg::sim::InstrObserver {
    struct Rec {
        int core;
        std::string api;
        akg::sim::Pipe pipe;
        akg::sim::SyncKind sync;
        akg::sim::Pipe src, dst;
        int32_t id;
    };
    std::vector<Rec> recs;
    uint32_t launched = 0;
    void OnLaunch(uint32_t blockDim) override { launched = blockDim; }
    void OnInstr(int core, const akg::sim::Instr& in) override {
        recs.push_back({core, in.api, in.pipe, in.sync, in.syncSrc, in.syncDst, in.eventId});
    }
};

akg::sim::LaunchResult RunObserved(uint32_t blockDim, std::function<void()> body, Recorder& rec) {
    static std::function<void()>* current = nullptr;
    current = &body;
    akg::sim::LaunchArgs args;
    args.entry = [](void**) { (*current)(); };
    args.blockDim = blockDim;
    auto r = akg::sim::Launch(akg::sim::PlatformSpec{}, args, {&rec});
    current = nullptr;
    return r;
}

}  // namespace

// Double buffering: two buffers in rotation, FIFO order through the queue, each block used once
// per round.
TEST(TQue, DoubleBufferingRotatesBuffersInFifoOrder) {
    akg::test::GmScope scope;
    constexpr int kTile = 64, kTiles = 6;
    GmBuffer<float> in(kTile * kTiles, "in"), out(kTile * kTiles, "out");
    for (int i = 0; i < kTile * kTiles; ++i) in[i] = float(i);
    std::vector<uint64_t> addrs;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 2> qin;
        TQue<TPosition::VECOUT, 2> qout;
        pipe.InitBuffer(qin, 2, kTile * sizeof(float));
        pipe.InitBuffer(qout, 2, kTile * sizeof(float));
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), kTile * kTiles);
        go.SetGlobalBuffer((__gm__ float*)out.addr(), kTile * kTiles);
        // Prefetch two tiles, then steady state: compute one, prefetch the next.
        for (int t = 0; t < 2; ++t) {
            auto x = qin.AllocTensor<float>();
            addrs.push_back(x.GetPhyAddr());
            DataCopy(x, gi[t * kTile], kTile);
            qin.EnQue(x);
        }
        EXPECT_EQ(qin.GetTensorCountInQue(), 2);
        EXPECT_FALSE(qin.HasIdleBuffer());
        for (int t = 0; t < kTiles; ++t) {
            auto x = qin.DeQue<float>();
            EXPECT_EQ(x.GetPhyAddr(), addrs[t % 2]) << "FIFO order, tile " << t;
            auto y = qout.AllocTensor<float>();
            Muls(y, x, 2.0f, kTile);
            qout.EnQue(y);
            qin.FreeTensor(x);
            if (t + 2 < kTiles) {
                auto n = qin.AllocTensor<float>();
                addrs.push_back(n.GetPhyAddr());
                DataCopy(n, gi[(t + 2) * kTile], kTile);
                qin.EnQue(n);
            }
            auto z = qout.DeQue<float>();
            DataCopy(go[t * kTile], z, kTile);
            qout.FreeTensor(z);
        }
        EXPECT_FALSE(qin.HasTensorInQue());
        EXPECT_TRUE(qin.HasIdleBuffer());
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ASSERT_EQ(addrs.size(), size_t(kTiles));
    EXPECT_NE(addrs[0], addrs[1]);
    for (int t = 2; t < kTiles; ++t) EXPECT_EQ(addrs[t], addrs[t % 2]) << "buffers rotate";
    for (int i = 0; i < kTile * kTiles; ++i) ASSERT_EQ(out[i], 2.0f * i) << i;
}

// A VECIN -> VECOUT bound queue hands the same buffer from MTE2 straight to MTE3, and its
// EnQue/DeQue are the events between those two pipes.
TEST(TQue, BindVecinToVecoutMovesDataWithoutCompute) {
    akg::test::GmScope scope;
    GmBuffer<int32_t> in(256, "in"), out(256, "out");
    for (int i = 0; i < 256; ++i) in[i] = i * 3 - 100;
    Recorder rec;
    auto r = RunObserved(1, [&] {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 1024);
        GlobalTensor<int32_t> gi, go;
        gi.SetGlobalBuffer((__gm__ int32_t*)in.addr(), 256);
        go.SetGlobalBuffer((__gm__ int32_t*)out.addr(), 256);
        auto t = q.AllocTensor<int32_t>();
        DataCopy(t, gi, 256);
        q.EnQue(t);
        auto u = q.DeQue<int32_t>();
        DataCopy(go, u, 256);
        q.FreeTensor(u);
    }, rec);
    EXPECT_TRUE(r.completed);
    EXPECT_TRUE(r.diagnostics.empty());
    for (int i = 0; i < 256; ++i) ASSERT_EQ(out[i], in[i]);
    using akg::sim::Pipe;
    using akg::sim::SyncKind;
    std::vector<std::string> apis;
    for (auto& x : rec.recs) apis.push_back(x.api);
    EXPECT_EQ(apis, (std::vector<std::string>{"AllocTensor", "DataCopy", "EnQue", "DeQue", "DataCopy", "FreeTensor"}));
    ASSERT_EQ(rec.recs.size(), 6u);
    EXPECT_EQ(rec.recs[1].pipe, Pipe::MTE2);
    EXPECT_EQ(rec.recs[2].sync, SyncKind::QueueEnque);
    EXPECT_EQ(rec.recs[2].src, Pipe::MTE2);
    EXPECT_EQ(rec.recs[2].dst, Pipe::MTE3);
    EXPECT_EQ(rec.recs[3].sync, SyncKind::QueueDeque);
    EXPECT_EQ(rec.recs[4].pipe, Pipe::MTE3);
}

TEST(TBuf, GetAndGetWithOffset) {
    std::vector<float> seen(64);
    uint64_t base = 0, off = 0;
    uint32_t sizeAll = 0, sizePart = 0, sizeOff = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 250);  // rounded up to 256 bytes
        auto all = b.Get<float>();
        auto part = b.Get<float>(16);
        auto tail = b.GetWithOffset<float>(32, 128);
        base = all.GetPhyAddr();
        off = tail.GetPhyAddr();
        sizeAll = all.GetSize();
        sizePart = part.GetSize();
        sizeOff = tail.GetSize();
        Duplicate(all, 1.0f, 64);
        Duplicate(tail, 5.0f, 32);  // the second half of the same memory
        Adds(part, part, 1.0f, 16);
        std::memcpy(seen.data(), all.Data(), 256);
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(sizeAll, 64u);
    EXPECT_EQ(sizePart, 16u);
    EXPECT_EQ(sizeOff, 32u);
    EXPECT_EQ(off - base, 128u);
    for (int i = 0; i < 64; ++i) EXPECT_EQ(seen[i], i < 16 ? 2.0f : i < 32 ? 1.0f : 5.0f) << i;
}

// CANN's TBuf answers the queue calls without a queue: AllocTensor and DeQue give the whole
// buffer, EnQue and FreeTensor do nothing.
TEST(TBuf, QueueCallsGiveTheWholeBuffer) {
    uint64_t got = 0, alloc = 0, deq = 0;
    uint32_t size = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.AllocTensor<float>();
        b.EnQue(t);
        LocalTensor<float> d = b.DeQue<float>();
        b.FreeTensor(d);
        got = b.Get<float>().GetPhyAddr();
        alloc = t.GetPhyAddr();
        deq = d.GetPhyAddr();
        size = t.GetSize();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(alloc, got);
    EXPECT_EQ(deq, got);
    EXPECT_EQ(size, 64u);
}

// CANN's queues are copyable and kernels pass them to helpers by value: the copy hands out the
// same buffers, and only the original answers for what is held when the kernel ends.
float SumThroughCopies(TQue<TPosition::VECIN, 1> que, TBuf<TPosition::VECCALC> buf) {
    LocalTensor<float> t = que.AllocTensor<float>();
    Duplicate(t, 2.0f, 8);
    LocalTensor<float> acc = buf.Get<float>();
    Add(acc, acc, t, 8);
    que.FreeTensor(t);
    return acc.GetValue(0);
}

TEST(TQue, ByValueCopiesShareBuffersAndLeaveTheEndCheckToTheOriginal) {
    float first = 0, second = 0;
    uint64_t original = 0, copied = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> que;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(que, 1, 256);
        pipe.InitBuffer(buf, 256);
        Duplicate(buf.Get<float>(), 1.0f, 64);
        first = SumThroughCopies(que, buf);
        second = SumThroughCopies(que, buf);
        LocalTensor<float> held = que.AllocTensor<float>();  // held at the end: reported once
        original = held.GetPhyAddr();
        TQue<TPosition::VECIN, 1> copy = que;
        copy.FreeTensor(held);  // the copy's own state; the original still holds it
        copied = held.GetPhyAddr();
    });
    EXPECT_EQ(first, 3.0f);
    EXPECT_EQ(second, 5.0f);
    EXPECT_EQ(original, copied);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "QUE_HELD_AT_END");
}

TEST(TPipe, BuffersAreLaidOutConsecutivelyAndResetReusesMemory) {
    uint64_t a0 = 0, a1 = 0, b0 = 0, c0 = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 2> q;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(q, 2, 100);  // each block rounded up to 128 bytes
        pipe.InitBuffer(b, 64);
        auto x = q.AllocTensor<half>();
        auto y = q.AllocTensor<half>();
        a0 = x.GetPhyAddr();
        a1 = y.GetPhyAddr();
        b0 = b.Get<half>().GetPhyAddr();
        q.FreeTensor(x);
        q.FreeTensor(y);
        pipe.Reset();
        TBuf<TPosition::VECCALC> c;
        pipe.InitBuffer(c, 32);
        c0 = c.Get<half>().GetPhyAddr();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(a1 - a0, 128u);
    EXPECT_EQ(b0 - a0, 256u);
    EXPECT_EQ(c0, a0);
}

// Several TPipe objects constructed up front and used one after another, each destroyed before
// the next allocates (ops-transformer's MoeTokenPermute): every TPipe allocates from the start of
// UB, so three stages of 150 KiB each fit the 192 KiB; GetTPipePtr is the TPipe constructed last.
TEST(TPipe, EachTPipeAllocatesFromTheStartOfUb) {
    uint64_t a = 0, b = 0, c = 0;
    void *current = nullptr, *last = nullptr;
    auto run = RunKernel(1, [&] {
        TPipe first, second, third;
        last = &third;
        TBuf<TPosition::VECCALC> x, y, z;
        first.InitBuffer(x, 150 * 1024);
        a = x.Get<float>().GetPhyAddr();
        first.Destroy();
        second.InitBuffer(y, 150 * 1024);
        b = y.Get<float>().GetPhyAddr();
        second.Destroy();
        third.InitBuffer(z, 150 * 1024);
        c = z.Get<float>().GetPhyAddr();
        current = GetTPipePtr();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(a, b);
    EXPECT_EQ(b, c);
    EXPECT_EQ(current, last);
}

// SetFlag/WaitFlag (AscendC and raw intrinsic spellings), AllocEventID and PipeBarrier on the
// happy path: no diagnostic, and each becomes a sync instruction on the right pipes.
TEST(Sync, SetWaitFlagAndBarriers) {
    akg::test::GmScope scope;
    GmBuffer<float> in(64, "in"), out(64, "out");
    for (int i = 0; i < 64; ++i) in[i] = float(i);
    Recorder rec;
    auto r = RunObserved(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        go.SetGlobalBuffer((__gm__ float*)out.addr(), 64);
        DataCopy(t, gi, 64);
        SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        Adds(t, t, 1.0f, 64);
        TEventID id = pipe.AllocEventID<HardEvent::V_MTE3>();
        SetFlag<HardEvent::V_MTE3>(id);
        WaitFlag<HardEvent::V_MTE3>(id);
        pipe.ReleaseEventID<HardEvent::V_MTE3>(id);
        DataCopy(go, t, 64);
        PipeBarrier<PIPE_V>();
        PipeBarrier<PIPE_ALL>();
        set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID3);
        wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID3);
        pipe_barrier(PIPE_MTE2);
    }, rec);
    EXPECT_TRUE(r.completed);
    EXPECT_TRUE(r.diagnostics.empty());
    for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], i + 1.0f);
    using akg::sim::Pipe;
    using akg::sim::SyncKind;
    std::vector<Recorder::Rec> syncs;
    for (auto& x : rec.recs)
        if (x.sync != SyncKind::None) syncs.push_back(x);
    ASSERT_EQ(syncs.size(), 9u);
    EXPECT_EQ(syncs[0].sync, SyncKind::SetFlag);
    EXPECT_EQ(syncs[0].pipe, Pipe::MTE2);
    EXPECT_EQ(syncs[1].sync, SyncKind::WaitFlag);
    EXPECT_EQ(syncs[1].pipe, Pipe::V);
    EXPECT_EQ(syncs[2].src, Pipe::V);
    EXPECT_EQ(syncs[2].dst, Pipe::MTE3);
    EXPECT_EQ(syncs[4].sync, SyncKind::Barrier);
    EXPECT_EQ(syncs[4].pipe, Pipe::V);
    EXPECT_EQ(syncs[5].pipe, Pipe::ALL);
    EXPECT_EQ(syncs[6].sync, SyncKind::SetFlag);
    EXPECT_EQ(syncs[6].src, Pipe::MTE3);
    EXPECT_EQ(syncs[6].dst, Pipe::MTE2);
    EXPECT_EQ(syncs[6].id, 3);
    EXPECT_EQ(syncs[8].pipe, Pipe::MTE2);
}

// SyncAll orders GM writes across cores: every core writes its slot, waits at SyncAll, then reads
// everybody's slot.
TEST(Sync, SyncAllAcrossEightCoresOrdersGmWrites) {
    akg::test::GmScope scope;
    constexpr int kCores = 8;
    GmBuffer<int32_t> slots(kCores * 8, "slots"), sums(kCores * 8, "sums");
    for (int i = 0; i < kCores * 8; ++i) slots[i] = sums[i] = 0;
    std::vector<int> order;
    auto run = RunKernel(kCores, [&] {
        const int me = int(GetBlockIdx());
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 32 * kCores);
        auto t = b.Get<int32_t>();
        GlobalTensor<int32_t> gs, gsum;
        gs.SetGlobalBuffer((__gm__ int32_t*)slots.addr(), kCores * 8);
        gsum.SetGlobalBuffer((__gm__ int32_t*)sums.addr(), kCores * 8);
        Duplicate(t, int32_t((me + 1) * 10), 8);
        SetFlag<HardEvent::V_MTE3>(0);
        WaitFlag<HardEvent::V_MTE3>(0);
        DataCopy(gs[me * 8], t, 8);
        order.push_back(me);
        SyncAll();
        order.push_back(100 + me);
        DataCopy(t, gs, kCores * 8);
        SetFlag<HardEvent::MTE2_S>(0);
        WaitFlag<HardEvent::MTE2_S>(0);
        int32_t s = 0;
        for (int c = 0; c < kCores; ++c) s += t.GetValue(c * 8);
        gsum.SetValue(me * 8, s);
        SyncAll();  // a second generation of the barrier
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int c = 0; c < kCores; ++c) EXPECT_EQ(sums[c * 8], 360) << c;
    // Nobody passes the barrier before everyone arrived.
    ASSERT_EQ(order.size(), size_t(2 * kCores));
    for (int k = 0; k < kCores; ++k) EXPECT_LT(order[k], 100) << k;
    for (int k = kCores; k < 2 * kCores; ++k) EXPECT_GE(order[k], 100) << k;
}

TEST(SysVar, BlockIdxAndBlockNumOnEveryCore) {
    constexpr int kCores = 5;
    std::vector<int64_t> idx, num, raw, rawNum;
    auto run = RunKernel(kCores, [&] {
        idx.push_back(GetBlockIdx());
        num.push_back(GetBlockNum());
        raw.push_back(block_idx);
        rawNum.push_back(get_block_num());
        SyncAll();
        idx.push_back(GetBlockIdx());  // still right after a core switch
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ASSERT_EQ(idx.size(), size_t(2 * kCores));
    for (int c = 0; c < kCores; ++c) {
        EXPECT_EQ(idx[c], c);
        EXPECT_EQ(raw[c], c);
        EXPECT_EQ(num[c], kCores);
        EXPECT_EQ(rawNum[c], kCores);
    }
    // After the barrier the last arriving core continues first, then the others in index order.
    std::vector<int64_t> after(idx.begin() + kCores, idx.end());
    std::sort(after.begin(), after.end());
    for (int c = 0; c < kCores; ++c) EXPECT_EQ(after[c], c);
}

TEST(DeviceLog, PrintfAndDumpTensor) {
    akg::test::GmScope scope;
    GmBuffer<int32_t> g(8, "g");
    for (int i = 0; i < 8; ++i) g[i] = i * i;
    auto run = RunKernel(2, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 32);
        auto t = b.Get<half>();
        Duplicate(t, half(1.5f), 16);
        for (int i = 4; i < 8; ++i) t.SetValue(i, half(-2.0f));
        AscendC::printf("core %d of %d, x=%.2f\n", int(GetBlockIdx()), int(GetBlockNum()), 0.25);
        if (GetBlockIdx() == 1) {
            DumpTensor(t, 7, 6);
            GlobalTensor<int32_t> gt;
            gt.SetGlobalBuffer((__gm__ int32_t*)g.addr(), 8);
            DumpTensor(gt, 3, 4);
            PRINTF("no newline");
        }
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(run.result.deviceLog,
              "[core 0] core 0 of 2, x=0.25\n"
              "[core 1] core 1 of 2, x=0.25\n"
              "[core 1] DumpTensor desc=7 size=6: 1.5 1.5 1.5 1.5 -2 -2\n"
              "[core 1] DumpTensor desc=3 size=4: 0 1 4 9\n"
              "[core 1] no newline\n");
}
