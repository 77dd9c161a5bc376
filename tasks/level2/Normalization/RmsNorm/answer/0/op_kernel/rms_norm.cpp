#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

template <typename T>
class KernelRmsNorm {
public:
    __aicore__ inline KernelRmsNorm() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, uint32_t cols, uint32_t rowStride,
                                uint32_t bigCoreRows, uint32_t smallCoreRows, uint32_t bigCoreNum, uint32_t tileRows,
                                uint32_t workElems, float epsilon, float invCols)
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
        epsilon_ = epsilon;
        invCols_ = invCols;

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        gammaGm_.SetGlobalBuffer((__gm__ T*)gamma, cols);

        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t rowsAligned = CeilAlign(tileRows, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(inQueueGamma_, 1, rowStride * sizeof(T));
        pipe_.InitBuffer(factorBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(onesBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(factorBlockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(squareBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(gammaWideBuf_, rowStride * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        LoadGamma();
        Duplicate(onesBuf_.Get<float>(), 1.0f, static_cast<int32_t>(CeilAlign(tileRows_, FLOATS_PER_BLOCK)));
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
            CopyIn(row0, height);
            Compute(height);
            CopyOut(row0, height);
        }
        if constexpr (IsSameType<T, float>::value) {
            inQueueGamma_.FreeTensor(gammaLocal_);
        }
    }

private:
    __aicore__ inline void LoadGamma()
    {
        LocalTensor<T> g = inQueueGamma_.AllocTensor<T>();
        DataCopyPad(g, gammaGm_, DataCopyExtParams{1, cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueGamma_.EnQue(g);
        gammaLocal_ = inQueueGamma_.DeQue<T>();
        if constexpr (IsSameType<T, float>::value) {
            gammaF_ = gammaLocal_;
        } else {
            gammaF_ = gammaWideBuf_.Get<float>();
            Cast(gammaF_, gammaLocal_, RoundMode::CAST_NONE, cols_);
            inQueueGamma_.FreeTensor(gammaLocal_);
        }
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    // row *= the value broadcast in `block` (one 32-byte block): full 64-lane repeats along the
    // row, then one repeat with a narrower mask for the rest.
    __aicore__ inline void ScaleRow(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                    const LocalTensor<float>& block)
    {
        const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
        const uint32_t fullRepeats = cols_ / FLOATS_PER_REPEAT;
        const uint32_t rest = cols_ % FLOATS_PER_REPEAT;
        if (fullRepeats > 0) {
            Mul(dst, src, block, static_cast<uint64_t>(FLOATS_PER_REPEAT), static_cast<uint8_t>(fullRepeats), params);
        }
        if (rest > 0) {
            const uint32_t offset = fullRepeats * FLOATS_PER_REPEAT;
            Mul(dst[offset], src[offset], block, static_cast<uint64_t>(rest), 1, params);
        }
    }

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> factor = factorBuf_.Get<float>();
        LocalTensor<float> factorBlocks = factorBlockBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        const uint32_t tileElems = height * rowStride_;
        const int32_t rows = static_cast<int32_t>(height);

        // src: the input as float32; dst: where the float32 result is built; square: scratch
        // for x^2 (for float32 the output tile, which is overwritten afterwards).
        LocalTensor<float> src;
        LocalTensor<float> dst;
        LocalTensor<float> square;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
            dst = yLocal;
            square = yLocal;
        } else {
            src = wideBuf_.Get<float>();
            dst = src;
            square = squareBuf_.Get<float>();
            Cast(src, xLocal, RoundMode::CAST_NONE, tileElems);
        }

        // factor[r] = 1 / sqrt(mean(x_r^2) + eps)
        Mul(square, src, src, static_cast<int32_t>(tileElems));
        for (uint32_t r = 0; r < height; ++r) {
            ReduceSum<float>(factor[r], square[r * rowStride_], work, static_cast<int32_t>(cols_));
        }
        Muls(factor, factor, invCols_, rows);
        Adds(factor, factor, epsilon_, rows);
        Sqrt(factor, factor, rows);
        Div(factor, onesBuf_.Get<float>(), factor, rows);
        Brcb(factorBlocks, factor, static_cast<uint8_t>((height + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK),
             BrcbRepeatParams(1, 8));

        for (uint32_t r = 0; r < height; ++r) {
            LocalTensor<float> row = dst[r * rowStride_];
            ScaleRow(row, src[r * rowStride_], factorBlocks[r * FLOATS_PER_BLOCK]);
            Mul(row, row, gammaF_, static_cast<int32_t>(cols_));
        }

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
    TQue<QuePosition::VECIN, 1> inQueueGamma_;
    TBuf<TPosition::VECCALC> squareBuf_;
    TBuf<TPosition::VECCALC> factorBuf_;
    TBuf<TPosition::VECCALC> onesBuf_;
    TBuf<TPosition::VECCALC> factorBlockBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> gammaWideBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> gammaGm_;
    GlobalTensor<T> yGm_;
    LocalTensor<T> gammaLocal_;
    LocalTensor<float> gammaF_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    float epsilon_ = 0.0f;
    float invCols_ = 0.0f;
};

extern "C" __global__ __aicore__ void rms_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelRmsNorm<DTYPE_X> op;
    op.Init(x, gamma, y, tilingData.cols, tilingData.rowStride, tilingData.bigCoreRows, tilingData.smallCoreRows,
            tilingData.bigCoreNum, tilingData.tileRows, tilingData.workElems, tilingData.epsilon, tilingData.invCols);
    op.Process();
}
