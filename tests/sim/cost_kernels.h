// Kernels written after the published Atlas A2 measurements the cost model is calibrated on
// (ascend-hardware-model.md section 5): the 8192x8192 half Add in its tuning steps and the pure
// GM->UB copy at several tile sizes. Shared by the cost-model tests (ordering, ratios) and the
// calibration benchmark (bench/cost_calibration.cpp, full sizes, model vs board).
#pragma once

#include <cstdio>
#include <cstring>
#include <functional>

#include "akg/launch/cost.h"
#include "kernel_operator.h"

namespace akg::costk {

using namespace AscendC;

// Rows of an M x N matrix owned by one core: an even split, the first `M % cores` cores taking
// one row more (as the published Add kernel does).
struct RowSplit {
    uint32_t begin = 0, rows = 0;
};
inline RowSplit SplitRows(uint32_t m, uint32_t cores, uint32_t core) {
    const uint32_t base = m / cores, extra = m % cores;
    RowSplit s;
    s.rows = base + (core < extra ? 1 : 0);
    s.begin = core < extra ? core * (base + 1) : extra * (base + 1) + (core - extra) * base;
    return s;
}

struct AddArgs {
    half* x;
    half* y;
    half* z;
    uint32_t m, n, tile;
};

// Cases 1-4: TQue in/out, count-form Add; BUFFERS = 2 is the double-buffered case 4. With every
// TQue buffer a multiple of 512 bytes x and y share UB bank groups, as in the published cases.
template <int BUFFERS>
void AddVector(const AddArgs& a) {
    const RowSplit s = SplitRows(a.m, GetBlockNum(), GetBlockIdx());
    const uint64_t total = uint64_t(s.rows) * a.n, offset = uint64_t(s.begin) * a.n;
    GlobalTensor<half> x, y, z;
    x.SetGlobalBuffer(a.x + offset, total);
    y.SetGlobalBuffer(a.y + offset, total);
    z.SetGlobalBuffer(a.z + offset, total);
    TPipe pipe;
    TQue<QuePosition::VECIN, BUFFERS> inX, inY;
    TQue<QuePosition::VECOUT, BUFFERS> outZ;
    pipe.InitBuffer(inX, BUFFERS, a.tile * sizeof(half));
    pipe.InitBuffer(inY, BUFFERS, a.tile * sizeof(half));
    pipe.InitBuffer(outZ, BUFFERS, a.tile * sizeof(half));
    for (uint64_t done = 0; done < total; done += a.tile) {
        const uint32_t len = uint32_t(std::min<uint64_t>(a.tile, total - done));
        LocalTensor<half> xl = inX.template AllocTensor<half>();
        LocalTensor<half> yl = inY.template AllocTensor<half>();
        DataCopy(xl, x[done], len);
        DataCopy(yl, y[done], len);
        inX.EnQue(xl);
        inY.EnQue(yl);
        xl = inX.template DeQue<half>();
        yl = inY.template DeQue<half>();
        LocalTensor<half> zl = outZ.template AllocTensor<half>();
        Add(zl, xl, yl, len);
        outZ.EnQue(zl);
        inX.FreeTensor(xl);
        inY.FreeTensor(yl);
        zl = outZ.template DeQue<half>();
        DataCopy(z[done], zl, len);
        outZ.FreeTensor(zl);
    }
}

// Case 0: the same loop with a scalar GetValue/GetValue/SetValue per element.
inline void AddScalar(const AddArgs& a) {
    const RowSplit s = SplitRows(a.m, GetBlockNum(), GetBlockIdx());
    const uint64_t total = uint64_t(s.rows) * a.n, offset = uint64_t(s.begin) * a.n;
    GlobalTensor<half> x, y, z;
    x.SetGlobalBuffer(a.x + offset, total);
    y.SetGlobalBuffer(a.y + offset, total);
    z.SetGlobalBuffer(a.z + offset, total);
    TPipe pipe;
    TQue<QuePosition::VECIN, 1> inX, inY;
    TQue<QuePosition::VECOUT, 1> outZ;
    pipe.InitBuffer(inX, 1, a.tile * sizeof(half));
    pipe.InitBuffer(inY, 1, a.tile * sizeof(half));
    pipe.InitBuffer(outZ, 1, a.tile * sizeof(half));
    for (uint64_t done = 0; done < total; done += a.tile) {
        const uint32_t len = uint32_t(std::min<uint64_t>(a.tile, total - done));
        LocalTensor<half> xl = inX.AllocTensor<half>();
        LocalTensor<half> yl = inY.AllocTensor<half>();
        DataCopy(xl, x[done], len);
        DataCopy(yl, y[done], len);
        inX.EnQue(xl);
        inY.EnQue(yl);
        xl = inX.DeQue<half>();
        yl = inY.DeQue<half>();
        LocalTensor<half> zl = outZ.AllocTensor<half>();
        for (uint32_t i = 0; i < len; ++i) {
            const float xv = float(xl.GetValue(i));
            const float yv = float(yl.GetValue(i));
            zl.SetValue(i, half(xv + yv));
        }
        outZ.EnQue(zl);
        inX.FreeTensor(xl);
        inY.FreeTensor(yl);
        zl = outZ.DeQue<half>();
        DataCopy(z[done], zl, len);
        outZ.FreeTensor(zl);
    }
}

// Cases 4-6 as published: static ping/pong tensors in one TBuf, synchronised by hand with
// SetFlag/WaitFlag. `conflictFree` offsets y by 256 bytes from x (case 6; otherwise y starts 32 KiB
// after x, sharing its bank groups), `bypassL2` marks the inputs CACHE_MODE_DISABLE (cases 5, 6).
inline void AddStatic(const AddArgs& a, bool conflictFree, bool bypassL2) {
    const RowSplit s = SplitRows(a.m, GetBlockNum(), GetBlockIdx());
    const uint64_t total = uint64_t(s.rows) * a.n, offset = uint64_t(s.begin) * a.n;
    GlobalTensor<half> x, y, z;
    x.SetGlobalBuffer(a.x + offset, total);
    y.SetGlobalBuffer(a.y + offset, total);
    z.SetGlobalBuffer(a.z + offset, total);
    if (bypassL2) {
        x.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
        y.SetL2CacheHint(CacheMode::CACHE_MODE_DISABLE);
    }
    TPipe pipe;
    TBuf<TPosition::VECCALC> ub;
    constexpr uint32_t kSlot = 16384;  // elements per 32 KiB slot
    pipe.InitBuffer(ub, 6 * kSlot * sizeof(half));
    LocalTensor<half> all = ub.Get<half>();
    const uint32_t yOffset = conflictFree ? a.tile : kSlot;
    LocalTensor<half> xs[2] = {all[0], all[2 * kSlot]};
    LocalTensor<half> ys[2] = {all[yOffset], all[2 * kSlot + yOffset]};
    LocalTensor<half> zs[2] = {all[4 * kSlot], all[4 * kSlot + (conflictFree ? a.tile : kSlot)]};
    SetFlag<HardEvent::V_MTE2>(0);
    SetFlag<HardEvent::V_MTE2>(1);
    SetFlag<HardEvent::MTE3_V>(0);
    SetFlag<HardEvent::MTE3_V>(1);
    uint32_t loop = 0;
    for (uint64_t done = 0; done < total; done += a.tile, ++loop) {
        const int32_t e = int32_t(loop % 2);
        const uint32_t len = uint32_t(std::min<uint64_t>(a.tile, total - done));
        WaitFlag<HardEvent::V_MTE2>(e);
        DataCopy(xs[e], x[done], len);
        DataCopy(ys[e], y[done], len);
        SetFlag<HardEvent::MTE2_V>(e);
        WaitFlag<HardEvent::MTE2_V>(e);
        WaitFlag<HardEvent::MTE3_V>(e);
        Add(zs[e], xs[e], ys[e], len);
        SetFlag<HardEvent::V_MTE2>(e);
        SetFlag<HardEvent::V_MTE3>(e);
        WaitFlag<HardEvent::V_MTE3>(e);
        DataCopy(z[done], zs[e], len);
        SetFlag<HardEvent::MTE3_V>(e);
    }
    WaitFlag<HardEvent::V_MTE2>(0);
    WaitFlag<HardEvent::V_MTE2>(1);
    WaitFlag<HardEvent::MTE3_V>(0);
    WaitFlag<HardEvent::MTE3_V>(1);
}

struct CopyArgs {
    half* src;
    uint32_t m, n, tileM, tileN;
};

// The pure GM->UB copy: each core walks its rows in [tileM, tileN] tiles with one DataCopyPad
// per tile into the same UB buffer (nothing consumes the data, so MTE2 streams back to back).
inline void CopyToUb(const CopyArgs& a) {
    const RowSplit s = SplitRows(a.m, GetBlockNum(), GetBlockIdx());
    GlobalTensor<half> src;
    src.SetGlobalBuffer(a.src, uint64_t(a.m) * a.n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> ub;
    pipe.InitBuffer(ub, a.tileM * ((a.tileN * sizeof(half) + 31) / 32 * 32));
    LocalTensor<half> dst = ub.Get<half>();
    for (uint32_t r = 0; r < s.rows; r += a.tileM) {
        const uint32_t rows = std::min(a.tileM, s.rows - r);
        for (uint32_t c = 0; c < a.n; c += a.tileN) {
            const uint32_t cols = std::min(a.tileN, a.n - c);
            DataCopyExtParams p(uint16_t(rows), cols * uint32_t(sizeof(half)), (a.n - cols) * uint32_t(sizeof(half)),
                                0, 0);
            DataCopyPad(dst, src[uint64_t(s.begin + r) * a.n + c], p, DataCopyPadExtParams<half>());
        }
    }
}

// The cube core's ND2NZ copy GM -> L1 of the same matrix (section 5.2's "GM->L1 ND2NZ" rows): each
// core walks its rows in [tileM, tileN] tiles with one DataCopy(Nd2NzParams) per tile into one L1
// buffer.
inline void CopyToL1Nd2Nz(const CopyArgs& a) {
    const RowSplit s = SplitRows(a.m, GetBlockNum(), GetBlockIdx());
    GlobalTensor<half> src;
    src.SetGlobalBuffer(a.src, uint64_t(a.m) * a.n);
    TPipe pipe;
    TBuf<TPosition::A1> l1;
    const uint32_t rowsRound = (a.tileM + 15) / 16 * 16;
    pipe.InitBuffer(l1, rowsRound * ((a.tileN + 15) / 16 * 16) * sizeof(half));
    LocalTensor<half> dst = l1.Get<half>();
    for (uint32_t r = 0; r < s.rows; r += a.tileM) {
        const uint32_t rows = std::min(a.tileM, s.rows - r);
        for (uint32_t c = 0; c < a.n; c += a.tileN) {
            const uint32_t cols = std::min(a.tileN, a.n - c);
            DataCopy(dst, src[uint64_t(s.begin + r) * a.n + c],
                     Nd2NzParams(1, uint16_t(rows), uint16_t(cols), 0, uint16_t(a.n), uint16_t(rowsRound), 1, 0));
        }
    }
}

// Launches `body` on `cores` simulated AIV (or, with `coreType` AIC, cube) cores with a cost model
// attached (`external`, or one of its own); returns its result, and through `completed` whether
// the launch ran cleanly.
inline cost::KernelTime Simulate(const PlatformSpec& platform, uint32_t cores, std::function<void()> body,
                                 bool* completed = nullptr, cost::CostModel* external = nullptr,
                                 CoreType coreType = AIV) {
    static std::function<void()>* current = nullptr;
    current = &body;
    sim::LaunchArgs args;
    args.entry = [](void**) { (*current)(); };
    args.blockDim = cores;
    args.resolveLocations = false;
    args.kernelType = coreType == AIC ? KERNEL_TYPE_AIC_ONLY : KERNEL_TYPE_AIV_ONLY;
    cost::CostModel own(platform);
    cost::CostModel& model = external ? *external : own;
    sim::LaunchResult r = sim::Launch(platform, args, {&model});
    current = nullptr;
    if (completed) *completed = r.completed && r.diagnostics.empty();
    // A kernel here that raises a diagnostic is a bug in the kernel, not a timing: say which.
    for (auto& d : r.diagnostics) std::fprintf(stderr, "%s: %s\n", d.code.c_str(), d.message.c_str());
    return model.Result();
}

}  // namespace akg::costk
