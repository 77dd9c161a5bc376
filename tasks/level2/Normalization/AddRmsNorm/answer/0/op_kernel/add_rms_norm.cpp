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

// x = x1 + x2; y = x / sqrt(mean(x^2) + eps) * gamma, all in float32 (x rounded once for output).
template <typename T>
class KernelAddRmsNorm {
public:
    __aicore__ inline KernelAddRmsNorm() {}

    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR gamma, GM_ADDR y, GM_ADDR x, uint32_t cols,
                                uint32_t rowStride, uint32_t bigCoreRows, uint32_t smallCoreRows, uint32_t bigCoreNum,
                                uint32_t tileRows, uint32_t bufferNum, uint32_t workElems, float epsilon,
                                float invCols)
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

        const uint64_t offset = rowStart * cols;
        const uint64_t length = static_cast<uint64_t>(rowCount_) * cols;
        x1Gm_.SetGlobalBuffer((__gm__ T*)x1 + offset, length);
        x2Gm_.SetGlobalBuffer((__gm__ T*)x2 + offset, length);
        yGm_.SetGlobalBuffer((__gm__ T*)y + offset, length);
        xGm_.SetGlobalBuffer((__gm__ T*)x + offset, length);
        gammaGm_.SetGlobalBuffer((__gm__ T*)gamma, cols);

        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t rowsAligned = CeilAlign(tileRows, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX1_, bufferNum, tileElems * sizeof(T));
        pipe_.InitBuffer(inQueueX2_, bufferNum, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, bufferNum, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueX_, bufferNum, tileElems * sizeof(T));
        pipe_.InitBuffer(inQueueGamma_, 1, rowStride * sizeof(T));
        pipe_.InitBuffer(statBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(onesBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(blockBuf_, rowsAligned * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(sumBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(squareBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(gammaWideBuf_, rowStride * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        LoadGamma();
        Duplicate(onesBuf_.Get<float>(), 1.0f, static_cast<int32_t>(CeilAlign(tileRows_, FLOATS_PER_BLOCK)));
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = Min(tileRows_, rowCount_ - row0);
            CopyIn(row0, height);
            Compute(height);
            CopyOut(row0, height);
        }
        inQueueGamma_.FreeTensor(gammaLocal_);
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
            Cast(gammaF_, gammaLocal_, RoundMode::CAST_NONE, static_cast<int32_t>(cols_));
        }
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t height)
    {
        const DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        const uint64_t offset = static_cast<uint64_t>(row0) * cols_;
        LocalTensor<T> a = inQueueX1_.AllocTensor<T>();
        DataCopyPad(a, x1Gm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX1_.EnQue(a);
        LocalTensor<T> b = inQueueX2_.AllocTensor<T>();
        DataCopyPad(b, x2Gm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX2_.EnQue(b);
    }

    // stat[r] = sum of row r of src over the valid columns.
    __aicore__ inline void RowSum(const LocalTensor<float>& stat, const LocalTensor<float>& src, uint32_t height)
    {
        if (cols_ <= FLOATS_PER_REPEAT) {
            const int32_t rowBlocks = static_cast<int32_t>(rowStride_ / FLOATS_PER_BLOCK);
            for (uint32_t r0 = 0; r0 < height; r0 += ROW_GROUP) {
                WholeReduceSum<float>(stat[r0], src[r0 * rowStride_], static_cast<int32_t>(cols_),
                                      static_cast<int32_t>(Min(ROW_GROUP, height - r0)), 1, 1, rowBlocks);
            }
        } else {
            LocalTensor<float> work = workBuf_.Get<float>();
            for (uint32_t r = 0; r < height; ++r) {
                ReduceSum<float>(stat[r], src[r * rowStride_], work, static_cast<int32_t>(cols_));
            }
        }
    }

    // dst[r, :] = src[r, :] * factor[r] * gamma[:]. factor[r] is expanded to a 32-byte block by
    // Brcb and read with block stride 0; gamma is read with repeat stride 0 for short rows.
    __aicore__ inline void ScaleRows(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                     const LocalTensor<float>& factor, uint32_t height)
    {
        LocalTensor<float> blocks = blockBuf_.Get<float>();
        Brcb(blocks, factor, static_cast<uint8_t>((height + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK),
             BrcbRepeatParams(1, 8));
        if (cols_ <= FLOATS_PER_REPEAT) {
            const uint8_t rowBlocks = static_cast<uint8_t>(rowStride_ / FLOATS_PER_BLOCK);
            const BinaryRepeatParams byFactor(1, 1, 0, rowBlocks, rowBlocks, 1);
            const BinaryRepeatParams byGamma(1, 1, 1, rowBlocks, rowBlocks, 0);
            for (uint32_t r0 = 0; r0 < height; r0 += ROW_GROUP) {
                const uint8_t n = static_cast<uint8_t>(Min(ROW_GROUP, height - r0));
                const uint32_t off = r0 * rowStride_;
                Mul(dst[off], src[off], blocks[r0 * FLOATS_PER_BLOCK], static_cast<uint64_t>(cols_), n, byFactor);
                Mul(dst[off], dst[off], gammaF_, static_cast<uint64_t>(cols_), n, byGamma);
            }
        } else {
            const BinaryRepeatParams byFactor(1, 1, 0, 8, 8, 0);
            const uint32_t full = cols_ / FLOATS_PER_REPEAT;
            const uint32_t rest = cols_ % FLOATS_PER_REPEAT;
            for (uint32_t r = 0; r < height; ++r) {
                const uint32_t base = r * rowStride_;
                const LocalTensor<float> b = blocks[r * FLOATS_PER_BLOCK];
                Mul(dst[base], src[base], b, static_cast<uint64_t>(FLOATS_PER_REPEAT), static_cast<uint8_t>(full),
                    byFactor);
                if (rest > 0) {
                    const uint32_t off = base + full * FLOATS_PER_REPEAT;
                    Mul(dst[off], src[off], b, static_cast<uint64_t>(rest), 1, byFactor);
                }
                Mul(dst[base], dst[base], gammaF_, static_cast<int32_t>(cols_));
            }
        }
    }

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> a = inQueueX1_.DeQue<T>();
        LocalTensor<T> b = inQueueX2_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<T> xLocal = outQueueX_.AllocTensor<T>();
        LocalTensor<float> stat = statBuf_.Get<float>();
        const int32_t tileElems = static_cast<int32_t>(height * rowStride_);

        // sum: x1 + x2 in float32; square: scratch for x2 and then for the squares (float32:
        // the output tile y, which is overwritten by the result afterwards).
        LocalTensor<float> sum;
        LocalTensor<float> square;
        if constexpr (IsSameType<T, float>::value) {
            Add(xLocal, a, b, tileElems);
            sum = xLocal;
            square = yLocal;
        } else {
            sum = sumBuf_.Get<float>();
            square = squareBuf_.Get<float>();
            Cast(sum, a, RoundMode::CAST_NONE, tileElems);
            Cast(square, b, RoundMode::CAST_NONE, tileElems);
            Add(sum, sum, square, tileElems);
            Cast(xLocal, sum, RoundMode::CAST_RINT, tileElems);
        }
        inQueueX1_.FreeTensor(a);
        inQueueX2_.FreeTensor(b);

        // factor[r] = 1 / sqrt(mean(x_r^2) + eps), for all rows of the tile at once.
        Mul(square, sum, sum, tileElems);
        RowSum(stat, square, height);
        const int32_t rows = static_cast<int32_t>(height);
        Muls(stat, stat, invCols_, rows);
        Adds(stat, stat, epsilon_, rows);
        Sqrt(stat, stat, rows);
        Div(stat, onesBuf_.Get<float>(), stat, rows);

        if constexpr (IsSameType<T, float>::value) {
            ScaleRows(yLocal, sum, stat, height);
        } else {
            ScaleRows(square, sum, stat, height);
            Cast(yLocal, square, RoundMode::CAST_RINT, tileElems);
        }
        outQueueX_.EnQue(xLocal);
        outQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t height)
    {
        const DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        const uint64_t offset = static_cast<uint64_t>(row0) * cols_;
        LocalTensor<T> xLocal = outQueueX_.DeQue<T>();
        DataCopyPad(xGm_[offset], xLocal, copy);
        outQueueX_.FreeTensor(xLocal);
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyPad(yGm_[offset], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX2_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueX_;
    TQue<QuePosition::VECIN, 1> inQueueGamma_;
    TBuf<TPosition::VECCALC> sumBuf_;
    TBuf<TPosition::VECCALC> squareBuf_;
    TBuf<TPosition::VECCALC> gammaWideBuf_;
    TBuf<TPosition::VECCALC> statBuf_;
    TBuf<TPosition::VECCALC> onesBuf_;
    TBuf<TPosition::VECCALC> blockBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<T> gammaGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<T> xGm_;
    LocalTensor<T> gammaLocal_;
    LocalTensor<float> gammaF_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    float epsilon_ = 0.0f;
    float invCols_ = 0.0f;
};

extern "C" __global__ __aicore__ void add_rms_norm(GM_ADDR x1, GM_ADDR x2, GM_ADDR gamma, GM_ADDR y, GM_ADDR x,
                                                   GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KernelAddRmsNorm<DTYPE_X1> op;
    op.Init(x1, x2, gamma, y, x, t.cols, t.rowStride, t.bigCoreRows, t.smallCoreRows, t.bigCoreNum, t.tileRows,
            t.bufferNum, t.workElems, t.epsilon, t.invCols);
    op.Process();
}
