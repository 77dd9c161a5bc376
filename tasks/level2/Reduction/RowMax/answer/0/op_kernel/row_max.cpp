#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
// Rows per WholeReduceMax call: within the 8-bit repeat count, and a multiple of 16 so that
// every call's results start 32-byte aligned for 2- and 4-byte results alike.
constexpr uint32_t ROWS_PER_REDUCE = 240;
constexpr uint16_t NEG_INF_HALF_BITS = 0xFC00;       // -inf as float16 bits
constexpr uint32_t NEG_INF_FLOAT_BITS = 0xFF800000;  // -inf as float32 bits

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }

// The type the reductions run in: the input's own, except bfloat16 (no vector reductions),
// which is widened to float32 (exact). A maximum is one of the inputs, so rounding it back to
// bfloat16 is exact too.
template <typename T>
struct ComputeType {
    using Type = T;
};
template <>
struct ComputeType<bfloat16_t> {
    using Type = float;
};
}  // namespace

template <typename T>
class KernelRowMax {
    using C = typename ComputeType<T>::Type;
    static constexpr bool WIDEN = IsSameType<T, bfloat16_t>::value;

public:
    __aicore__ inline KernelRowMax() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, uint32_t cols, uint32_t bigCoreRows,
                                uint32_t smallCoreRows, uint32_t bigCoreNum, uint32_t tileRows, uint32_t chunkCols,
                                uint32_t chunkNum, uint32_t inTileElems, uint32_t workElems, uint32_t splitNum,
                                uint32_t splitCols)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart;
        splitNum_ = splitNum;
        splitCols_ = splitCols;
        if (splitNum > 1) {
            // Key 3: core `blockIdx` takes segment `blockIdx % splitNum` of row `blockIdx / splitNum`.
            rowCount_ = 1;
            rowStart = blockIdx / splitNum;
            segment_ = blockIdx % splitNum;
            slotGm_.SetGlobalBuffer((__gm__ C*)GetUserWorkspace(workspace),
                                    static_cast<uint64_t>(GetBlockNum()) * C_PER_BLOCK);
        } else if (blockIdx < bigCoreNum) {
            rowCount_ = bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * bigCoreRows;
        } else {
            rowCount_ = smallCoreRows;
            rowStart = static_cast<uint64_t>(bigCoreNum) * bigCoreRows +
                       static_cast<uint64_t>(blockIdx - bigCoreNum) * smallCoreRows;
        }
        cols_ = cols;
        rowStride_ = CeilAlign(cols, ELEMS_PER_BLOCK);
        tileRows_ = tileRows;
        chunkCols_ = chunkCols;
        chunkNum_ = chunkNum;

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart, rowCount_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, inTileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, CeilAlign(tileRows, ELEMS_PER_BLOCK) * sizeof(T));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(C));
        pipe_.InitBuffer(chunkMaxBuf_, CeilAlign(chunkNum, C_PER_BLOCK) * sizeof(C));
        if constexpr (WIDEN) {
            pipe_.InitBuffer(wideBuf_, inTileElems * sizeof(C));
            pipe_.InitBuffer(resultBuf_, CeilAlign(tileRows, C_PER_BLOCK) * sizeof(C));
        }
    }

    // Tiling key 1: C fits in one repeat. Each row is one repeat of WholeReduceMax.
    __aicore__ inline void ProcessShortRows()
    {
        const uint8_t rowBlocks = static_cast<uint8_t>(rowStride_ * sizeof(C) / BLOCK_BYTES);
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
            CopyInRows(row0, height, 0, cols_);
            LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            LocalTensor<C> src = Widen(xLocal, height * rowStride_);
            LocalTensor<C> res = Results(yLocal);
            for (uint32_t r = 0; r < height; r += ROWS_PER_REDUCE) {
                const int32_t repeat = static_cast<int32_t>(height - r < ROWS_PER_REDUCE ? height - r : ROWS_PER_REDUCE);
                // mask = C lanes, one result per repeat, results contiguous (dstRepStride 1),
                // source rows `rowBlocks` blocks apart.
                WholeReduceMax<C>(res[r], src[r * rowStride_], static_cast<int32_t>(cols_), repeat, 1, 1, rowBlocks,
                                  ReduceOrder::ORDER_ONLY_VALUE);
            }
            inQueueX_.FreeTensor(xLocal);
            Narrow(yLocal, res, height);
            outQueueY_.EnQue(yLocal);
            CopyOut(row0, height);
        }
    }

    // Tiling key 2: C spans several repeats. ReduceMax (count form) per row; rows longer than a
    // tile are reduced per chunk and then over the chunk maxima.
    __aicore__ inline void ProcessLongRows()
    {
        LocalTensor<C> work = workBuf_.Get<C>();
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            LocalTensor<C> res = Results(yLocal);
            if (chunkNum_ == 1) {
                CopyInRows(row0, height, 0, cols_);
                LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
                LocalTensor<C> src = Widen(xLocal, height * rowStride_);
                for (uint32_t r = 0; r < height; ++r) {
                    ReduceMax<C>(res[r], src[r * rowStride_], work, static_cast<int32_t>(cols_), false);
                }
                inQueueX_.FreeTensor(xLocal);
            } else {
                LocalTensor<C> chunkMax = chunkMaxBuf_.Get<C>();
                for (uint32_t r = 0; r < height; ++r) {
                    for (uint32_t k = 0; k < chunkNum_; ++k) {
                        const uint32_t col0 = k * chunkCols_;
                        const uint32_t width = (k + 1 == chunkNum_) ? cols_ - col0 : chunkCols_;
                        ReduceChunk(chunkMax[k], row0 + r, col0, width);
                    }
                    ReduceMax<C>(res[r], chunkMax, work, static_cast<int32_t>(chunkNum_), false);
                }
            }
            Narrow(yLocal, res, height);
            outQueueY_.EnQue(yLocal);
            CopyOut(row0, height);
        }
    }

    // Tiling key 3: few long rows, each split among `splitNum_` cores. The segment is reduced
    // chunk by chunk; its maximum goes to this core's 32-byte workspace slot (the other lanes
    // hold -inf, so whole slots can be reduced); after SyncAll the row's first core reduces the
    // row's slots to the result.
    __aicore__ inline void ProcessSplitRows()
    {
        LocalTensor<C> work = workBuf_.Get<C>();
        LocalTensor<C> chunkMax = chunkMaxBuf_.Get<C>();
        const uint32_t col0 = segment_ * splitCols_;
        const uint32_t width = cols_ - col0 < splitCols_ ? cols_ - col0 : splitCols_;
        const uint32_t chunks = (width + chunkCols_ - 1) / chunkCols_;
        for (uint32_t k = 0; k < chunks; ++k) {
            const uint32_t c0 = k * chunkCols_;
            ReduceChunk(chunkMax[k], 0, col0 + c0, (k + 1 == chunks) ? width - c0 : chunkCols_);
        }
        LocalTensor<C> slot = outQueueY_.AllocTensor<C>();
        if constexpr (sizeof(C) == 2) {
            Duplicate(slot.template ReinterpretCast<uint16_t>(), NEG_INF_HALF_BITS, static_cast<int32_t>(C_PER_BLOCK));
        } else {
            Duplicate(slot.template ReinterpretCast<uint32_t>(), NEG_INF_FLOAT_BITS, static_cast<int32_t>(C_PER_BLOCK));
        }
        ReduceMax<C>(slot, chunkMax, work, static_cast<int32_t>(chunks), false);
        outQueueY_.EnQue(slot);
        slot = outQueueY_.DeQue<C>();
        DataCopy(slotGm_[static_cast<uint64_t>(GetBlockIdx()) * C_PER_BLOCK], slot, C_PER_BLOCK);
        outQueueY_.FreeTensor(slot);

        SyncAll();
        if (segment_ != 0) {
            return;
        }
        const uint32_t slotElems = splitNum_ * C_PER_BLOCK;
        LocalTensor<C> slots = inQueueX_.AllocTensor<C>();
        DataCopy(slots, slotGm_[static_cast<uint64_t>(GetBlockIdx()) * C_PER_BLOCK], slotElems);
        inQueueX_.EnQue(slots);
        slots = inQueueX_.DeQue<C>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<C> res = Results(yLocal);
        ReduceMax<C>(res, slots, work, static_cast<int32_t>(slotElems), false);
        inQueueX_.FreeTensor(slots);
        Narrow(yLocal, res, 1);
        outQueueY_.EnQue(yLocal);
        CopyOut(0, 1);
    }

private:
    static constexpr uint32_t ELEMS_PER_BLOCK = BLOCK_BYTES / sizeof(T);  // UB rows are padded to these
    static constexpr uint32_t C_PER_BLOCK = BLOCK_BYTES / sizeof(C);

    // The tile in the compute type: itself, or its float32 copy for bfloat16 (`elems` lanes,
    // padding included; padding lanes are converted but never reduced).
    __aicore__ inline LocalTensor<C> Widen(const LocalTensor<T>& xLocal, uint32_t elems)
    {
        if constexpr (WIDEN) {
            LocalTensor<C> wide = wideBuf_.Get<C>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, elems);
            return wide;
        } else {
            return xLocal;
        }
    }

    // Where the per-row results are collected: the output tile itself, or a float32 tile that
    // Narrow rounds (exactly) into it.
    __aicore__ inline LocalTensor<C> Results(const LocalTensor<T>& yLocal)
    {
        if constexpr (WIDEN) {
            return resultBuf_.Get<C>();
        } else {
            return yLocal;
        }
    }

    __aicore__ inline void Narrow(const LocalTensor<T>& yLocal, const LocalTensor<C>& res, uint32_t count)
    {
        if constexpr (WIDEN) {
            Cast(yLocal, res, RoundMode::CAST_RINT, count);
        }
    }

    // The maximum of `width` values of row `row` from column `col0`, into `dst` (one element).
    __aicore__ inline void ReduceChunk(const LocalTensor<C>& dst, uint32_t row, uint32_t col0, uint32_t width)
    {
        CopyInRows(row, 1, col0, width);
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<C> src = Widen(xLocal, width);
        ReduceMax<C>(dst, src, workBuf_.Get<C>(), static_cast<int32_t>(width), false);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyInRows(uint32_t row0, uint32_t height, uint32_t col0, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               (cols_ - width) * static_cast<uint32_t>(sizeof(T)), 0, 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_ + col0], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyPad(yGm_[row0], yLocal, DataCopyExtParams{1, height * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> chunkMaxBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> resultBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<C> slotGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t chunkCols_ = 0;
    uint32_t chunkNum_ = 0;
    uint32_t splitNum_ = 1;
    uint32_t splitCols_ = 0;
    uint32_t segment_ = 0;
};

extern "C" __global__ __aicore__ void row_max(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // key 3's SyncAll needs the cross-core sync hardware
    GET_TILING_DATA(tilingData, tiling);
    KernelRowMax<DTYPE_X> op;
    op.Init(x, y, workspace, tilingData.cols, tilingData.bigCoreRows, tilingData.smallCoreRows, tilingData.bigCoreNum,
            tilingData.tileRows, tilingData.chunkCols, tilingData.chunkNum, tilingData.inTileElems,
            tilingData.workElems, tilingData.splitNum, tilingData.splitCols);
    if (TILING_KEY_IS(1)) {
        op.ProcessShortRows();
    } else if (TILING_KEY_IS(2)) {
        op.ProcessLongRows();
    } else if (TILING_KEY_IS(3)) {
        op.ProcessSplitRows();
    }
}
