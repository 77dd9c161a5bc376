#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;
constexpr uint32_t ROW_GROUP = 248;  // rows per repeat-form instruction: <= 255, multiple of 8

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// y = x - max - ln(sum(exp(x - max))) over the last axis, in float32.
template <typename T>
class KernelLogSoftmax {
public:
    __aicore__ inline KernelLogSoftmax() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t cols, uint32_t rowStride, uint32_t bigCoreRows,
                                uint32_t smallCoreRows, uint32_t bigCoreNum, uint32_t tileRows, uint32_t workElems)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart;
        if (blockIdx < bigCoreNum) {
            rowCount_ = bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * bigCoreRows;
        } else {
            rowCount_ = smallCoreRows;
            rowStart = static_cast<uint64_t>(bigCoreNum) * bigCoreRows +
                       static_cast<uint64_t>(blockIdx - bigCoreNum) * smallCoreRows;
        }
        cols_ = cols;
        rowStride_ = rowStride;
        tileRows_ = tileRows;
        workElems_ = workElems;
        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);

        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t rowsAligned = CeilAlign(tileRows, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(shiftedBuf_, tileElems * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(expBuf_, tileElems * sizeof(float));
        }
        pipe_.InitBuffer(statBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(blockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = Min(tileRows_, rowCount_ - row0);
            CopyIn(row0, height);
            Compute(height);
            CopyOut(row0, height);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    // stat[r] = max (or sum) of row r over its `cols_` valid elements.
    __aicore__ inline void RowReduce(bool isMax, const LocalTensor<float>& stat, const LocalTensor<float>& src,
                                     uint32_t height)
    {
        if (cols_ <= FLOATS_PER_REPEAT) {
            // One repeat per row (repeat stride = one padded row), ROW_GROUP rows per instruction.
            const int32_t rowBlocks = static_cast<int32_t>(rowStride_ / FLOATS_PER_BLOCK);
            for (uint32_t r0 = 0; r0 < height; r0 += ROW_GROUP) {
                const int32_t n = static_cast<int32_t>(Min(ROW_GROUP, height - r0));
                if (isMax) {
                    WholeReduceMax<float>(stat[r0], src[r0 * rowStride_], static_cast<int32_t>(cols_), n, 1, 1,
                                          rowBlocks, ReduceOrder::ORDER_ONLY_VALUE);
                } else {
                    WholeReduceSum<float>(stat[r0], src[r0 * rowStride_], static_cast<int32_t>(cols_), n, 1, 1,
                                          rowBlocks);
                }
            }
        } else {
            LocalTensor<float> work = workBuf_.Get<float>();
            for (uint32_t r = 0; r < height; ++r) {
                if (isMax) {
                    ReduceMax<float>(stat[r], src[r * rowStride_], work, static_cast<int32_t>(cols_), false);
                } else {
                    ReduceSum<float>(stat[r], src[r * rowStride_], work, static_cast<int32_t>(cols_));
                }
            }
        }
    }

    // dst[r, c] = src[r, c] - stat[r] for the valid columns. The per-row value is expanded to a
    // 32-byte block (Brcb) and read with block stride 0: no scalar round trip.
    __aicore__ inline void RowSubtract(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                       const LocalTensor<float>& stat, uint32_t height)
    {
        LocalTensor<float> blocks = blockBuf_.Get<float>();
        Brcb(blocks, stat, static_cast<uint8_t>((height + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK),
             BrcbRepeatParams(1, 8));
        const uint8_t rowBlocks = static_cast<uint8_t>(cols_ <= FLOATS_PER_REPEAT ? rowStride_ / FLOATS_PER_BLOCK : 8);
        if (cols_ <= FLOATS_PER_REPEAT) {
            // A repeat is a row; src1 moves one block per repeat.
            const BinaryRepeatParams params(1, 1, 0, rowBlocks, rowBlocks, 1);
            for (uint32_t r0 = 0; r0 < height; r0 += ROW_GROUP) {
                const uint32_t n = Min(ROW_GROUP, height - r0);
                Sub(dst[r0 * rowStride_], src[r0 * rowStride_], blocks[r0 * FLOATS_PER_BLOCK],
                    static_cast<uint64_t>(cols_), static_cast<uint8_t>(n), params);
            }
        } else {
            // Repeats walk the row; the row's block is re-read by every repeat.
            const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
            const uint32_t full = cols_ / FLOATS_PER_REPEAT;
            const uint32_t rest = cols_ % FLOATS_PER_REPEAT;
            for (uint32_t r = 0; r < height; ++r) {
                const uint32_t base = r * rowStride_;
                const LocalTensor<float> b = blocks[r * FLOATS_PER_BLOCK];
                Sub(dst[base], src[base], b, static_cast<uint64_t>(FLOATS_PER_REPEAT), static_cast<uint8_t>(full),
                    params);
                if (rest > 0) {
                    const uint32_t off = base + full * FLOATS_PER_REPEAT;
                    Sub(dst[off], src[off], b, static_cast<uint64_t>(rest), 1, params);
                }
            }
        }
    }

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> shifted = shiftedBuf_.Get<float>();
        // float32: the output tile holds the exponentials until the result overwrites them.
        LocalTensor<float> expv;
        if constexpr (IsSameType<T, float>::value) {
            expv = yLocal;
        } else {
            expv = expBuf_.Get<float>();
        }
        LocalTensor<float> stat = statBuf_.Get<float>();
        const int32_t tileElems = static_cast<int32_t>(height * rowStride_);

        LocalTensor<float> src;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
        } else {
            Cast(shifted, xLocal, RoundMode::CAST_NONE, tileElems);
            src = shifted;
        }
        RowReduce(true, stat, src, height);
        RowSubtract(shifted, src, stat, height);
        inQueueX_.FreeTensor(xLocal);

        Exp(expv, shifted, tileElems);
        RowReduce(false, stat, expv, height);
        Ln(stat, stat, static_cast<int32_t>(height));

        if constexpr (IsSameType<T, float>::value) {
            RowSubtract(yLocal, shifted, stat, height);
        } else {
            RowSubtract(shifted, shifted, stat, height);
            Cast(yLocal, shifted, RoundMode::CAST_RINT, tileElems);
        }
        outQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        DataCopyPad(yGm_[static_cast<uint64_t>(row0) * cols_], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> shiftedBuf_;
    TBuf<TPosition::VECCALC> expBuf_;
    TBuf<TPosition::VECCALC> statBuf_;
    TBuf<TPosition::VECCALC> blockBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t workElems_ = 0;
};

extern "C" __global__ __aicore__ void log_softmax(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KernelLogSoftmax<DTYPE_X> op;
    op.Init(x, y, t.cols, t.rowStride, t.bigCoreRows, t.smallCoreRows, t.bigCoreNum, t.tileRows, t.workElems);
    op.Process();
}
