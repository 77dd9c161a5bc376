#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// Inclusive prefix sum along the last axis, accumulated in float32 in column order.
//
// A tile is [tileRows, rowStride] (rows padded in UB). It is transposed with one Gather so that
// every column becomes a contiguous vector of tileRows values; the scan is then one vector Add
// per column (column j += column j - 1), plus the carry (last column of the previous chunk of
// the same rows). A second Gather transposes back.
template <typename T>
class KernelCumsum {
public:
    __aicore__ inline KernelCumsum() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t cols, uint32_t chunkCols, uint32_t chunks,
                                uint32_t rowStride, uint32_t tileRows, uint32_t bigCoreRows, uint32_t smallCoreRows,
                                uint32_t bigCoreNum)
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
        chunkCols_ = chunkCols;
        chunks_ = chunks;
        rowStride_ = rowStride;
        tileRows_ = tileRows;
        tileElems_ = tileRows * rowStride;
        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);

        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(transBuf_, tileElems_ * sizeof(float));
        pipe_.InitBuffer(toColsBuf_, tileElems_ * sizeof(uint32_t));
        pipe_.InitBuffer(toRowsBuf_, tileElems_ * sizeof(uint32_t));
        pipe_.InitBuffer(carryBuf_, tileRows * sizeof(float));
        pipe_.InitBuffer(indexBuf_, CeilAlign(tileRows > rowStride ? tileRows : rowStride, 8) * sizeof(int32_t));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems_ * sizeof(float));
            pipe_.InitBuffer(resultBuf_, tileElems_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        BuildOffsets();
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = Min(tileRows_, rowCount_ - row0);
            for (uint32_t c = 0; c < chunks_; ++c) {
                const uint32_t col0 = c * chunkCols_;
                const uint32_t width = Min(chunkCols_, cols_ - col0);
                CopyIn(row0, col0, height, width);
                Compute(c, width);
                CopyOut(row0, col0, height, width);
            }
        }
    }

private:
    // Byte offsets of the two transposes (built once):
    //   toCols[j * tileRows + r] = (r * rowStride + j) * 4   (tile -> columns)
    //   toRows[r * rowStride + j] = (j * tileRows + r) * 4   (columns -> tile)
    __aicore__ inline void BuildOffsets()
    {
        LocalTensor<int32_t> index = indexBuf_.Get<int32_t>();
        LocalTensor<int32_t> toCols = toColsBuf_.Get<int32_t>();
        LocalTensor<int32_t> toRows = toRowsBuf_.Get<int32_t>();
        const int32_t floatBytes = static_cast<int32_t>(sizeof(float));
        CreateVecIndex(index, static_cast<int32_t>(0), tileRows_);
        Muls(index, index, static_cast<int32_t>(rowStride_) * floatBytes, static_cast<int32_t>(tileRows_));
        for (uint32_t j = 0; j < rowStride_; ++j) {
            Adds(toCols[j * tileRows_], index, static_cast<int32_t>(j) * floatBytes, static_cast<int32_t>(tileRows_));
        }
        CreateVecIndex(index, static_cast<int32_t>(0), rowStride_);
        Muls(index, index, static_cast<int32_t>(tileRows_) * floatBytes, static_cast<int32_t>(rowStride_));
        for (uint32_t r = 0; r < tileRows_; ++r) {
            Adds(toRows[r * rowStride_], index, static_cast<int32_t>(r) * floatBytes, static_cast<int32_t>(rowStride_));
        }
    }

    __aicore__ inline uint32_t GapBlocks(uint32_t width) const
    {
        constexpr uint32_t blockElems = BLOCK_BYTES / sizeof(T);
        return (rowStride_ - CeilAlign(width, blockElems)) / blockElems;
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t col0, uint32_t height, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               (cols_ - width) * static_cast<uint32_t>(sizeof(T)), GapBlocks(width), 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_ + col0], copy,
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t chunk, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> trans = transBuf_.Get<float>();
        LocalTensor<float> carry = carryBuf_.Get<float>();
        const int32_t rows = static_cast<int32_t>(tileRows_);

        LocalTensor<float> src;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
        } else {
            src = wideBuf_.Get<float>();
            Cast(src, xLocal, RoundMode::CAST_NONE, static_cast<int32_t>(tileElems_));
        }
        Gather(trans, src, toColsBuf_.Get<uint32_t>(), 0, tileElems_);
        inQueueX_.FreeTensor(xLocal);

        if (chunk > 0) {
            Add(trans, trans, carry, rows);
        }
        for (uint32_t j = 1; j < width; ++j) {
            Add(trans[j * tileRows_], trans[j * tileRows_], trans[(j - 1) * tileRows_], rows);
        }
        if (chunk + 1 < chunks_) {
            DataCopy(carry, trans[(width - 1) * tileRows_], tileRows_);
        }

        if constexpr (IsSameType<T, float>::value) {
            Gather(yLocal, trans, toRowsBuf_.Get<uint32_t>(), 0, tileElems_);
        } else {
            LocalTensor<float> result = resultBuf_.Get<float>();
            Gather(result, trans, toRowsBuf_.Get<uint32_t>(), 0, tileElems_);
            Cast(yLocal, result, RoundMode::CAST_RINT, static_cast<int32_t>(tileElems_));
        }
        outQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t col0, uint32_t height, uint32_t width)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               GapBlocks(width), (cols_ - width) * static_cast<uint32_t>(sizeof(T)), 0};
        DataCopyPad(yGm_[static_cast<uint64_t>(row0) * cols_ + col0], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> transBuf_;
    TBuf<TPosition::VECCALC> toColsBuf_;
    TBuf<TPosition::VECCALC> toRowsBuf_;
    TBuf<TPosition::VECCALC> carryBuf_;
    TBuf<TPosition::VECCALC> indexBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> resultBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t chunkCols_ = 0;
    uint32_t chunks_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t tileElems_ = 0;
};

extern "C" __global__ __aicore__ void cumsum(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KernelCumsum<DTYPE_X> op;
    op.Init(x, y, t.cols, t.chunkCols, t.chunks, t.rowStride, t.tileRows, t.bigCoreRows, t.smallCoreRows,
            t.bigCoreNum);
    op.Process();
}
