#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_REPEAT = 64;
constexpr uint32_t HALF_PER_REPEAT = 128;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }

// The element a mask is read as: a bool mask as bytes, an additive mask as itself.
template <typename TMask, typename T>
struct MaskElem {
    using Type = T;
};
template <typename T>
struct MaskElem<bool, T> {
    using Type = uint8_t;
};
}  // namespace

// TMask = bool: z = mask ? -inf : scale * x. TMask = T: z = scale * x + mask (additive).
template <typename T, typename TMask>
class KernelMaskedSoftmax {
    static constexpr bool BOOL_MASK = IsSameType<TMask, bool>::value;
    using M = typename MaskElem<TMask, T>::Type;

public:
    __aicore__ inline KernelMaskedSoftmax() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR mask, GM_ADDR y, const MaskedSoftmaxTilingData& t)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart;
        if (blockIdx < t.bigCoreNum) {
            rowCount_ = t.bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * t.bigCoreRows;
        } else {
            rowCount_ = t.smallCoreRows;
            rowStart = static_cast<uint64_t>(t.bigCoreNum) * t.bigCoreRows +
                       static_cast<uint64_t>(blockIdx - t.bigCoreNum) * t.smallCoreRows;
        }
        cols_ = t.cols;
        rowStride_ = t.rowStride;
        tileRows_ = t.tileRows;
        scale_ = t.scale;
        // Every UB row starts rowStride_ elements after the previous one (a multiple of 32, so a
        // bool row, a float16 row and a float32 row of the same index line up element for element
        // and one bit mask serves the tile). DataCopyPad pads each row to 32 bytes; the rest of
        // the stride is a gap of whole blocks.
        rowGapBlocks_ = (rowStride_ * static_cast<uint32_t>(sizeof(T)) - CeilAlign(cols_ * sizeof(T), BLOCK_BYTES)) /
                        BLOCK_BYTES;

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols_, static_cast<uint64_t>(rowCount_) * cols_);
        maskGm_.SetGlobalBuffer((__gm__ M*)mask + rowStart * cols_, static_cast<uint64_t>(rowCount_) * cols_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart * cols_, static_cast<uint64_t>(rowCount_) * cols_);
        const uint32_t tileCap = t.tileCap;
        const uint32_t rowsAligned = CeilAlign(tileRows_, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileCap * sizeof(T));
        pipe_.InitBuffer(inQueueMask_, BUFFER_NUM, tileCap * sizeof(M));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileCap * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileCap * sizeof(float));
        }
        if constexpr (BOOL_MASK) {
            pipe_.InitBuffer(maskHalfBuf_, tileCap * sizeof(half));
            pipe_.InitBuffer(bitsBuf_, CeilAlign(tileCap / 8, BLOCK_BYTES));
        } else if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(maskWideBuf_, tileCap * sizeof(float));
        }
        pipe_.InitBuffer(rowMaxBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(rowSumBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(maxBlockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(sumBlockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(workBuf_, t.workElems * sizeof(float));
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
        LocalTensor<M> maskLocal = inQueueMask_.AllocTensor<M>();
        const uint64_t offset = static_cast<uint64_t>(row0) * cols_;
        DataCopyExtParams copyX{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0,
                                rowGapBlocks_, 0};
        DataCopyPad(xLocal, xGm_[offset], copyX, DataCopyPadExtParams<T>{false, 0, 0, 0});
        if constexpr (BOOL_MASK) {
            // bool rows: cols_ bytes padded to 32 bytes, which is exactly rowStride_ bytes.
            DataCopyExtParams copyMask{static_cast<uint16_t>(height), cols_, 0, 0, 0};
            DataCopyPad(maskLocal, maskGm_[offset], copyMask, DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
        } else {
            DataCopyPad(maskLocal, maskGm_[offset], copyX, DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        inQueueX_.EnQue(xLocal);
        inQueueMask_.EnQue(maskLocal);
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
        LocalTensor<M> maskLocal = inQueueMask_.DeQue<M>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> rowMax = rowMaxBuf_.Get<float>();
        LocalTensor<float> rowSum = rowSumBuf_.Get<float>();
        LocalTensor<float> maxBlocks = maxBlockBuf_.Get<float>();
        LocalTensor<float> sumBlocks = sumBlockBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        const uint32_t tileElems = height * rowStride_;
        // Whole repeats; lanes past tileElems are scratch never stored.
        const uint32_t count32 = CeilAlign(tileElems, FLOATS_PER_REPEAT);
        const uint8_t brcbRepeat = static_cast<uint8_t>((height + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK);

        // z = scale * x in float32.
        LocalTensor<float> dst;
        if constexpr (IsSameType<T, float>::value) {
            dst = yLocal;
            Muls(dst, xLocal, scale_, count32);
        } else {
            dst = wideBuf_.Get<float>();
            Cast(dst, xLocal, RoundMode::CAST_NONE, count32);
            Muls(dst, dst, scale_, count32);
        }
        inQueueX_.FreeTensor(xLocal);
        if constexpr (BOOL_MASK) {
            // keep-bit = (mask == 0), one bit per element of the tile; z = keep ? z : -inf.
            LocalTensor<half> maskHalf = maskHalfBuf_.Get<half>();
            LocalTensor<uint8_t> bits = bitsBuf_.Get<uint8_t>();
            const uint32_t count16 = CeilAlign(tileElems, HALF_PER_REPEAT);  // CompareScalar: whole repeats
            Cast(maskHalf, maskLocal, RoundMode::CAST_NONE, count16);
            CompareScalar(bits, maskHalf, static_cast<half>(0), CMPMODE::EQ, count16);
            Select(dst, bits, dst, -__builtin_huge_valf(), SELMODE::VSEL_TENSOR_SCALAR_MODE, count32);
        } else if constexpr (IsSameType<T, float>::value) {
            Add(dst, dst, maskLocal, count32);  // z = scale * x + mask
        } else {
            LocalTensor<float> maskWide = maskWideBuf_.Get<float>();
            Cast(maskWide, maskLocal, RoundMode::CAST_NONE, count32);
            Add(dst, dst, maskWide, count32);
        }
        inQueueMask_.FreeTensor(maskLocal);

        for (uint32_t r = 0; r < height; ++r) {
            ReduceMax<float>(rowMax[r], dst[r * rowStride_], work, static_cast<int32_t>(cols_), false);
        }
        Brcb(maxBlocks, rowMax, brcbRepeat, BrcbRepeatParams(1, 8));
        RowBroadcastOp<false>(dst, dst, maxBlocks, height);
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
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), rowGapBlocks_,
                               0, 0};
        DataCopyPad(yGm_[static_cast<uint64_t>(row0) * cols_], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueMask_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> maskHalfBuf_;
    TBuf<TPosition::VECCALC> maskWideBuf_;
    TBuf<TPosition::VECCALC> bitsBuf_;
    TBuf<TPosition::VECCALC> rowMaxBuf_;
    TBuf<TPosition::VECCALC> rowSumBuf_;
    TBuf<TPosition::VECCALC> maxBlockBuf_;
    TBuf<TPosition::VECCALC> sumBlockBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<M> maskGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t rowGapBlocks_ = 0;
    float scale_ = 1.0f;
};

extern "C" __global__ __aicore__ void masked_softmax(GM_ADDR x, GM_ADDR mask, GM_ADDR y, GM_ADDR workspace,
                                                     GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMaskedSoftmax<DTYPE_X, DTYPE_MASK> op;
    op.Init(x, mask, y, tilingData);
    op.Process();
}
