#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
// Rows per WholeReduceMax call: within the 8-bit repeat count, and a multiple of 16 so that
// every call's results start 32-byte aligned for both float16 and float32.
constexpr uint32_t ROWS_PER_REDUCE = 240;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

template <typename T>
class KernelRowMax {
public:
    __aicore__ inline KernelRowMax() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t cols, uint32_t bigCoreRows, uint32_t smallCoreRows,
                                uint32_t bigCoreNum, uint32_t tileRows, uint32_t chunkCols, uint32_t chunkNum,
                                uint32_t inTileElems, uint32_t workElems)
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
        rowStride_ = CeilAlign(cols, ELEMS_PER_BLOCK);
        tileRows_ = tileRows;
        chunkCols_ = chunkCols;
        chunkNum_ = chunkNum;

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart, rowCount_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, inTileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, CeilAlign(tileRows, ELEMS_PER_BLOCK) * sizeof(T));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(T));
        pipe_.InitBuffer(chunkMaxBuf_, CeilAlign(chunkNum, ELEMS_PER_BLOCK) * sizeof(T));
    }

    // Tiling key 1: C fits in one repeat. Each row is one repeat of WholeReduceMax.
    __aicore__ inline void ProcessShortRows()
    {
        const uint8_t rowBlocks = static_cast<uint8_t>(rowStride_ / ELEMS_PER_BLOCK);
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
            CopyInRows(row0, height, 0, cols_);
            LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            for (uint32_t r = 0; r < height; r += ROWS_PER_REDUCE) {
                const int32_t repeat = static_cast<int32_t>(height - r < ROWS_PER_REDUCE ? height - r : ROWS_PER_REDUCE);
                // mask = C lanes, one result per repeat, results contiguous (dstRepStride 1),
                // source rows `rowBlocks` blocks apart.
                WholeReduceMax<T>(yLocal[r], xLocal[r * rowStride_], static_cast<int32_t>(cols_), repeat, 1, 1,
                                  rowBlocks, ReduceOrder::ORDER_ONLY_VALUE);
            }
            inQueueX_.FreeTensor(xLocal);
            outQueueY_.EnQue(yLocal);
            CopyOut(row0, height);
        }
    }

    // Tiling key 2: C spans several repeats. ReduceMax (count form) per row; rows longer than a
    // tile are reduced per chunk and then over the chunk maxima.
    __aicore__ inline void ProcessLongRows()
    {
        LocalTensor<T> work = workBuf_.Get<T>();
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            if (chunkNum_ == 1) {
                CopyInRows(row0, height, 0, cols_);
                LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
                for (uint32_t r = 0; r < height; ++r) {
                    ReduceMax<T>(yLocal[r], xLocal[r * rowStride_], work, static_cast<int32_t>(cols_), false);
                }
                inQueueX_.FreeTensor(xLocal);
            } else {
                LocalTensor<T> chunkMax = chunkMaxBuf_.Get<T>();
                for (uint32_t r = 0; r < height; ++r) {
                    for (uint32_t k = 0; k < chunkNum_; ++k) {
                        const uint32_t col0 = k * chunkCols_;
                        const uint32_t width = (k + 1 == chunkNum_) ? cols_ - col0 : chunkCols_;
                        CopyInRows(row0 + r, 1, col0, width);
                        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
                        ReduceMax<T>(chunkMax[k], xLocal, work, static_cast<int32_t>(width), false);
                        inQueueX_.FreeTensor(xLocal);
                    }
                    ReduceMax<T>(yLocal[r], chunkMax, work, static_cast<int32_t>(chunkNum_), false);
                }
            }
            outQueueY_.EnQue(yLocal);
            CopyOut(row0, height);
        }
    }

private:
    static constexpr uint32_t ELEMS_PER_BLOCK = BLOCK_BYTES / sizeof(T);

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
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t chunkCols_ = 0;
    uint32_t chunkNum_ = 0;
};

extern "C" __global__ __aicore__ void row_max(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelRowMax<DTYPE_X> op;
    op.Init(x, y, tilingData.cols, tilingData.bigCoreRows, tilingData.smallCoreRows, tilingData.bigCoreNum,
            tilingData.tileRows, tilingData.chunkCols, tilingData.chunkNum, tilingData.inTileElems,
            tilingData.workElems);
    if (TILING_KEY_IS(1)) {
        op.ProcessShortRows();
    } else if (TILING_KEY_IS(2)) {
        op.ProcessLongRows();
    }
}
