#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr float LOWEST_FLOAT = -3.4028234663852886e38f;  // the running max starts here, never at -inf

// Offsets (in floats) of the statistics in the stat buffer; every one starts a 32-byte block.
constexpr uint32_t ST_MAX = 0;      // running max m, broadcast over 8 lanes
constexpr uint32_t ST_SUM = 8;      // running sum s = sum exp(x - m), broadcast over 8 lanes
constexpr uint32_t ST_RED = 16;     // reduction result (lane 0) feeding Brcb
constexpr uint32_t ST_NEW = 24;     // the new max m'
constexpr uint32_t ST_TMP = 32;     // exp(m - m')
constexpr uint32_t ST_BRCB = 64;    // Brcb output: 8 blocks
constexpr uint32_t ST_FLOATS = 128;
}  // namespace

template <typename T>
class KernelOnlineSoftmax {
public:
    __aicore__ inline KernelOnlineSoftmax() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const OnlineSoftmaxTilingData& t)
    {
        const uint32_t blockIdx = GetBlockIdx();
        if (blockIdx < t.bigCoreNum) {
            unitCount_ = t.bigCoreUnits;
            unitStart_ = blockIdx * t.bigCoreUnits;
        } else {
            unitCount_ = t.smallCoreUnits;
            unitStart_ = t.bigCoreNum * t.bigCoreUnits + (blockIdx - t.bigCoreNum) * t.smallCoreUnits;
        }
        cols_ = t.cols;
        segNum_ = t.segNum;
        segLen_ = t.segLen;
        tileLen_ = t.tileLen;
        workElems_ = t.workElems;

        xGm_.SetGlobalBuffer((__gm__ T*)x);
        yGm_.SetGlobalBuffer((__gm__ T*)y);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLen_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLen_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileLen_ * sizeof(float));
        }
        pipe_.InitBuffer(statBuf_, ST_FLOATS * sizeof(float));
        pipe_.InitBuffer(workBuf_, workElems_ * sizeof(float));
        if (segNum_ > 1) {
            // Per segment: its max block at [u * 8], its sum block at [unitNum * 8 + u * 8].
            slotGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), 2 * t.unitNum * FLOATS_PER_BLOCK);
            sumSlotOffset_ = t.unitNum * FLOATS_PER_BLOCK;
            pipe_.InitBuffer(slotQueue_, 1, 2 * segNum_ * FLOATS_PER_BLOCK * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        if (segNum_ == 1) {
            // Whole rows: pass 1 (running max and sum over the tiles), pass 2 (normalise).
            for (uint32_t u = 0; u < unitCount_; ++u) {
                const uint64_t base = static_cast<uint64_t>(unitStart_ + u) * cols_;
                Statistics(base, cols_);
                Normalize(base, cols_);
            }
            return;
        }
        // Split rows (one segment per core): the segment's (max, sum) goes to the workspace;
        // after SyncAll every core merges its row's segments and normalises its own segment.
        const uint32_t unit = unitStart_;
        const uint32_t row = unit / segNum_;
        const uint32_t seg = unit % segNum_;
        const uint32_t col0 = seg * segLen_;
        const uint32_t len = cols_ - col0 < segLen_ ? cols_ - col0 : segLen_;
        const uint64_t base = static_cast<uint64_t>(row) * cols_ + col0;
        if (unitCount_ > 0) {
            Statistics(base, len);
            StoreSlot(unit);
        }
        SyncAll();
        if (unitCount_ > 0) {
            MergeSlots(row);
            Normalize(base, len);
        }
    }

private:
    __aicore__ inline LocalTensor<float> Widen(const LocalTensor<T>& xLocal, uint32_t len)
    {
        if constexpr (IsSameType<T, float>::value) {
            return xLocal;
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, len);
            return wide;
        }
    }

    __aicore__ inline void LoadTile(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    // Double buffering: the tile after the current one is requested before the current one is
    // taken from the queue, so its copy-in overlaps the vector work on the current tile.
    __aicore__ inline void PrefetchFirst(uint64_t offset, uint32_t len)
    {
        LoadTile(offset, len < tileLen_ ? len : tileLen_);
    }

    __aicore__ inline void PrefetchNext(uint64_t offset, uint32_t len, uint32_t c0)
    {
        const uint32_t next = c0 + tileLen_;
        if (next < len) {
            LoadTile(offset + next, len - next < tileLen_ ? len - next : tileLen_);
        }
    }

    // dst[i] = src[i] (op) block[i % 8] for `count` lanes: counter mask mode, block and repeat
    // stride 0 on the broadcast block (a statistic replicated over 8 lanes).
    template <bool IS_DIV>
    __aicore__ inline void BroadcastOp(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                       const LocalTensor<float>& block, uint32_t count)
    {
        const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, count);
        if constexpr (IS_DIV) {
            Div<float, false>(dst, src, block, MASK_PLACEHOLDER, 1, params);
        } else {
            Sub<float, false>(dst, src, block, MASK_PLACEHOLDER, 1, params);
        }
        SetMaskNorm();
        ResetMask();
    }

    // Replicates lane 0 of the reduction result into the 8 lanes of `dst`.
    __aicore__ inline void SpreadReduction(const LocalTensor<float>& st, uint32_t dstOffset)
    {
        Brcb(st[ST_BRCB], st[ST_RED], 1, BrcbRepeatParams(1, 8));
        Adds(st[dstOffset], st[ST_BRCB], 0.0f, FLOATS_PER_BLOCK);
    }

    // Pass 1 over `len` elements from `offset`: one read of the data, tile by tile, with the
    // online update m' = max(m, max(tile)), s = s * exp(m - m') + sum(exp(tile - m')).
    __aicore__ inline void Statistics(uint64_t offset, uint32_t len)
    {
        LocalTensor<float> st = statBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        Duplicate(st[ST_MAX], LOWEST_FLOAT, FLOATS_PER_BLOCK);
        Duplicate(st[ST_SUM], 0.0f, FLOATS_PER_BLOCK);
        Duplicate(st[ST_RED], 0.0f, FLOATS_PER_BLOCK);  // Brcb reads the whole block
        PrefetchFirst(offset, len);
        for (uint32_t c0 = 0; c0 < len; c0 += tileLen_) {
            const uint32_t n = len - c0 < tileLen_ ? len - c0 : tileLen_;
            PrefetchNext(offset, len, c0);
            LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
            LocalTensor<float> src = Widen(xLocal, n);
            if constexpr (!IsSameType<T, float>::value) {
                inQueueX_.FreeTensor(xLocal);
            }
            ReduceMax<float>(st[ST_RED], src, work, static_cast<int32_t>(n), false);
            SpreadReduction(st, ST_TMP);
            Max(st[ST_NEW], st[ST_MAX], st[ST_TMP], FLOATS_PER_BLOCK);      // m' (finite: m starts finite)
            Sub(st[ST_TMP], st[ST_MAX], st[ST_NEW], FLOATS_PER_BLOCK);
            Exp(st[ST_TMP], st[ST_TMP], FLOATS_PER_BLOCK);                  // exp(m - m') <= 1
            Mul(st[ST_SUM], st[ST_SUM], st[ST_TMP], FLOATS_PER_BLOCK);      // rescale the old sum
            BroadcastOp<false>(src, src, st[ST_NEW], n);
            Exp(src, src, static_cast<int32_t>(n));
            ReduceSum<float>(st[ST_RED], src, work, static_cast<int32_t>(n));
            SpreadReduction(st, ST_TMP);
            Add(st[ST_SUM], st[ST_SUM], st[ST_TMP], FLOATS_PER_BLOCK);
            Adds(st[ST_MAX], st[ST_NEW], 0.0f, FLOATS_PER_BLOCK);
            if constexpr (IsSameType<T, float>::value) {
                inQueueX_.FreeTensor(xLocal);
            }
        }
    }

    // Pass 2: y = exp(x - m) / s, tile by tile.
    __aicore__ inline void Normalize(uint64_t offset, uint32_t len)
    {
        LocalTensor<float> st = statBuf_.Get<float>();
        PrefetchFirst(offset, len);
        for (uint32_t c0 = 0; c0 < len; c0 += tileLen_) {
            const uint32_t n = len - c0 < tileLen_ ? len - c0 : tileLen_;
            PrefetchNext(offset, len, c0);
            LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            LocalTensor<float> src = Widen(xLocal, n);
            LocalTensor<float> dst;
            if constexpr (IsSameType<T, float>::value) {
                dst = yLocal;
            } else {
                dst = src;
            }
            BroadcastOp<false>(dst, src, st[ST_MAX], n);
            Exp(dst, dst, static_cast<int32_t>(n));
            BroadcastOp<true>(dst, dst, st[ST_SUM], n);
            if constexpr (!IsSameType<T, float>::value) {
                Cast(yLocal, dst, RoundMode::CAST_RINT, n);
            }
            inQueueX_.FreeTensor(xLocal);
            outQueueY_.EnQue(yLocal);
            yLocal = outQueueY_.DeQue<T>();
            DataCopyPad(yGm_[offset + c0], yLocal, DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0});
            outQueueY_.FreeTensor(yLocal);
        }
    }

    // The segment's max and sum blocks to its workspace slots (through a VECOUT tensor so that
    // the copy waits for the vector unit).
    __aicore__ inline void StoreSlot(uint32_t unit)
    {
        LocalTensor<float> st = statBuf_.Get<float>();
        LocalTensor<float> stage = outQueueY_.AllocTensor<float>();
        Adds(stage, st[ST_MAX], 0.0f, 2 * FLOATS_PER_BLOCK);  // max block then sum block
        outQueueY_.EnQue(stage);
        stage = outQueueY_.DeQue<float>();
        DataCopy(slotGm_[static_cast<uint64_t>(unit) * FLOATS_PER_BLOCK], stage, FLOATS_PER_BLOCK);
        DataCopy(slotGm_[sumSlotOffset_ + static_cast<uint64_t>(unit) * FLOATS_PER_BLOCK], stage[FLOATS_PER_BLOCK],
                 FLOATS_PER_BLOCK);
        outQueueY_.FreeTensor(stage);
    }

    // Merges the row's segment statistics: M = max m_i, S = sum s_i * exp(m_i - M). Every slot
    // holds its value in all 8 lanes, so the vector sums count each segment 8 times (x 1/8, exact).
    __aicore__ inline void MergeSlots(uint32_t row)
    {
        const uint32_t n = segNum_ * FLOATS_PER_BLOCK;
        const uint64_t first = static_cast<uint64_t>(row) * segNum_ * FLOATS_PER_BLOCK;
        LocalTensor<float> slots = slotQueue_.AllocTensor<float>();
        DataCopy(slots, slotGm_[first], n);
        DataCopy(slots[n], slotGm_[sumSlotOffset_ + first], n);
        slotQueue_.EnQue(slots);
        slots = slotQueue_.DeQue<float>();
        LocalTensor<float> st = statBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        ReduceMax<float>(st[ST_RED], slots, work, static_cast<int32_t>(n), false);
        SpreadReduction(st, ST_MAX);
        BroadcastOp<false>(slots, slots, st[ST_MAX], n);
        Exp(slots, slots, static_cast<int32_t>(n));
        Mul(slots, slots, slots[n], static_cast<int32_t>(n));
        ReduceSum<float>(st[ST_RED], slots, work, static_cast<int32_t>(n));
        Muls(st[ST_RED], st[ST_RED], 1.0f / FLOATS_PER_BLOCK, FLOATS_PER_BLOCK);
        SpreadReduction(st, ST_SUM);
        slotQueue_.FreeTensor(slots);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TQue<QuePosition::VECIN, 1> slotQueue_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> statBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<float> slotGm_;
    uint64_t sumSlotOffset_ = 0;
    uint32_t unitStart_ = 0;
    uint32_t unitCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t segNum_ = 1;
    uint32_t segLen_ = 0;
    uint32_t tileLen_ = 0;
    uint32_t workElems_ = 0;
};

extern "C" __global__ __aicore__ void online_softmax(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // split rows synchronise the cores with SyncAll
    KernelOnlineSoftmax<DTYPE_X> op;
    op.Init(x, y, workspace, tilingData);
    op.Process();
}
