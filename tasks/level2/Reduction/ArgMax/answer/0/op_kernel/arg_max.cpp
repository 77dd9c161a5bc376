#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;
constexpr uint32_t ROW_GROUP = 248;       // rows per repeat-form instruction: <= 255, multiple of 8
constexpr uint8_t ODD_ELEMENTS = 2;       // GatherMask fixed pattern 2: elements 1, 3, 5, ...

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// Index of the first maximum of every row of the last axis (NaN counts as the maximum).
template <typename T>
class KernelArgMax {
public:
    __aicore__ inline KernelArgMax() {}

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
        yGm_.SetGlobalBuffer((__gm__ int64_t*)y + rowStart, rowCount_);

        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t rowsAligned = CeilAlign(tileRows, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, rowsAligned * sizeof(int64_t));
        pipe_.InitBuffer(pairBuf_, 2 * rowsAligned * sizeof(float));
        pipe_.InitBuffer(indexBuf_, rowsAligned * sizeof(int32_t));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
        }
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

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<float> src;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
        } else {
            // float16 and bfloat16 widen exactly, so the comparison order is unchanged.
            src = wideBuf_.Get<float>();
            Cast(src, xLocal, RoundMode::CAST_NONE, static_cast<int32_t>(height * rowStride_));
        }

        // (value, index) pair of every row, contiguous: pairs[2r] = max, pairs[2r + 1] = index.
        LocalTensor<float> pairs = pairBuf_.Get<float>();
        if (cols_ <= FLOATS_PER_REPEAT) {
            // One repeat per row; the index is the lane, i.e. the column.
            const int32_t rowBlocks = static_cast<int32_t>(rowStride_ / FLOATS_PER_BLOCK);
            for (uint32_t r0 = 0; r0 < height; r0 += ROW_GROUP) {
                WholeReduceMax<float>(pairs[2 * r0], src[r0 * rowStride_], static_cast<int32_t>(cols_),
                                      static_cast<int32_t>(Min(ROW_GROUP, height - r0)), 1, 1, rowBlocks,
                                      ReduceOrder::ORDER_VALUE_INDEX);
            }
        } else {
            LocalTensor<float> work = workBuf_.Get<float>();
            for (uint32_t r = 0; r < height; ++r) {
                ReduceMax<float>(pairs[2 * r], src[r * rowStride_], work, static_cast<int32_t>(cols_), true);
            }
        }
        inQueueX_.FreeTensor(xLocal);

        // Keep the odd elements (the index bits) in one counter-mode GatherMask, then widen them.
        LocalTensor<uint32_t> index = indexBuf_.Get<uint32_t>();
        uint64_t kept = 0;
        GatherMask(index, pairs.ReinterpretCast<uint32_t>(), ODD_ELEMENTS, true, 2 * height,
                   GatherMaskParams(1, 1, 8, 0), kept);
        LocalTensor<int64_t> yLocal = outQueueY_.AllocTensor<int64_t>();
        Cast(yLocal, index.ReinterpretCast<int32_t>(), RoundMode::CAST_NONE, static_cast<int32_t>(height));
        outQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t height)
    {
        LocalTensor<int64_t> yLocal = outQueueY_.DeQue<int64_t>();
        DataCopyPad(yGm_[row0], yLocal, DataCopyExtParams{1, height * static_cast<uint32_t>(sizeof(int64_t)), 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> pairBuf_;
    TBuf<TPosition::VECCALC> indexBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<int64_t> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
};

extern "C" __global__ __aicore__ void arg_max(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KernelArgMax<DTYPE_X> op;
    op.Init(x, y, t.cols, t.rowStride, t.bigCoreRows, t.smallCoreRows, t.bigCoreNum, t.tileRows, t.workElems);
    op.Process();
}
