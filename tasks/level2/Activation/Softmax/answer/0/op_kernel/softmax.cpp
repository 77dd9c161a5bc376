#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

template <typename T>
class KernelSoftmax {
public:
    __aicore__ inline KernelSoftmax() {}

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

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t rowsAligned = CeilAlign(tileRows, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
        }
        pipe_.InitBuffer(rowMaxBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(rowSumBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(maxBlockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(sumBlockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
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

    // Subtracts (or divides by) one value per row, held as a broadcast 32-byte block per row.
    // Counter mode computes exactly cols_ lanes per row; src1 re-reads the row's block.
    template <bool IS_DIV>
    __aicore__ inline void RowBroadcastOp(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                          const LocalTensor<float>& blocks, uint32_t height)
    {
        const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, cols_);
        for (uint32_t r = 0; r < height; ++r) {
            if constexpr (IS_DIV) {
                Div<float, false>(dst[r * rowStride_], src[r * rowStride_], blocks[r * FLOATS_PER_BLOCK],
                                  MASK_PLACEHOLDER, 1, params);
            } else {
                Sub<float, false>(dst[r * rowStride_], src[r * rowStride_], blocks[r * FLOATS_PER_BLOCK],
                                  MASK_PLACEHOLDER, 1, params);
            }
        }
        SetMaskNorm();
        ResetMask();
    }

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> rowMax = rowMaxBuf_.Get<float>();
        LocalTensor<float> rowSum = rowSumBuf_.Get<float>();
        LocalTensor<float> maxBlocks = maxBlockBuf_.Get<float>();
        LocalTensor<float> sumBlocks = sumBlockBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        const uint32_t tileElems = height * rowStride_;
        const uint8_t brcbRepeat = static_cast<uint8_t>((height + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK);

        // src: the input as float32; dst: where the float32 result is built.
        LocalTensor<float> src;
        LocalTensor<float> dst;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
            dst = yLocal;
        } else {
            src = wideBuf_.Get<float>();
            dst = src;
            Cast(src, xLocal, RoundMode::CAST_NONE, tileElems);
        }

        for (uint32_t r = 0; r < height; ++r) {
            ReduceMax<float>(rowMax[r], src[r * rowStride_], work, static_cast<int32_t>(cols_), false);
        }
        Brcb(maxBlocks, rowMax, brcbRepeat, BrcbRepeatParams(1, 8));
        RowBroadcastOp<false>(dst, src, maxBlocks, height);
        Exp(dst, dst, static_cast<int32_t>(tileElems));
        for (uint32_t r = 0; r < height; ++r) {
            ReduceSum<float>(rowSum[r], dst[r * rowStride_], work, static_cast<int32_t>(cols_));
        }
        Brcb(sumBlocks, rowSum, brcbRepeat, BrcbRepeatParams(1, 8));
        RowBroadcastOp<true>(dst, dst, sumBlocks, height);

        if constexpr (!IsSameType<T, float>::value) {
            Cast(yLocal, dst, RoundMode::CAST_RINT, tileElems);
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
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
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> rowMaxBuf_;
    TBuf<TPosition::VECCALC> rowSumBuf_;
    TBuf<TPosition::VECCALC> maxBlockBuf_;
    TBuf<TPosition::VECCALC> sumBlockBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
};

extern "C" __global__ __aicore__ void softmax(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSoftmax<DTYPE_X> op;
    op.Init(x, y, tilingData.cols, tilingData.rowStride, tilingData.bigCoreRows, tilingData.smallCoreRows,
            tilingData.bigCoreNum, tilingData.tileRows, tilingData.workElems);
    op.Process();
}
