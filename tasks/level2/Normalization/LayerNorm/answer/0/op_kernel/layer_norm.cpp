#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

template <typename T>
class KernelLayerNorm {
public:
    __aicore__ inline KernelLayerNorm() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, uint32_t cols, uint32_t rowStride,
                                uint32_t bigCoreRows, uint32_t smallCoreRows, uint32_t bigCoreNum, uint32_t tileRows,
                                uint32_t workElems, uint32_t bufferNum, float epsilon, float invCols)
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
        betaGm_.SetGlobalBuffer((__gm__ T*)beta, cols);

        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t rowsAligned = CeilAlign(tileRows, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueX_, bufferNum, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, bufferNum, tileElems * sizeof(T));
        pipe_.InitBuffer(inQueueAffine_, 2, rowStride * sizeof(T));
        pipe_.InitBuffer(meanBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(rstdBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(onesBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(workBuf_, workElems * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(squareBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(gammaWideBuf_, rowStride * sizeof(float));
            pipe_.InitBuffer(betaWideBuf_, rowStride * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        LoadAffine();
        Duplicate(onesBuf_.Get<float>(), 1.0f, static_cast<int32_t>(CeilAlign(tileRows_, FLOATS_PER_BLOCK)));
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
            CopyIn(row0, height);
            Compute(height);
            CopyOut(row0, height);
        }
        if constexpr (IsSameType<T, float>::value) {
            inQueueAffine_.FreeTensor(gammaLocal_);
            inQueueAffine_.FreeTensor(betaLocal_);
        }
    }

private:
    // gamma and beta as float32 for the whole run: the dequeued tensors themselves for float32,
    // widened copies for float16.
    __aicore__ inline void LoadAffine()
    {
        const DataCopyExtParams copy{1, cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        LocalTensor<T> g = inQueueAffine_.AllocTensor<T>();
        LocalTensor<T> b = inQueueAffine_.AllocTensor<T>();
        DataCopyPad(g, gammaGm_, copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        DataCopyPad(b, betaGm_, copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueAffine_.EnQue(g);
        inQueueAffine_.EnQue(b);
        gammaLocal_ = inQueueAffine_.DeQue<T>();
        betaLocal_ = inQueueAffine_.DeQue<T>();
        if constexpr (IsSameType<T, float>::value) {
            gammaF_ = gammaLocal_;
            betaF_ = betaLocal_;
        } else {
            gammaF_ = gammaWideBuf_.Get<float>();
            betaF_ = betaWideBuf_.Get<float>();
            Cast(gammaF_, gammaLocal_, RoundMode::CAST_NONE, cols_);
            Cast(betaF_, betaLocal_, RoundMode::CAST_NONE, cols_);
            inQueueAffine_.FreeTensor(gammaLocal_);
            inQueueAffine_.FreeTensor(betaLocal_);
        }
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    // The scalar unit is about to read what the vector unit wrote.
    __aicore__ inline void WaitVectorForScalar()
    {
        const event_t eventId = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(eventId);
        WaitFlag<HardEvent::V_S>(eventId);
    }

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> mean = meanBuf_.Get<float>();
        LocalTensor<float> rstd = rstdBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        const uint32_t tileElems = height * rowStride_;
        const int32_t cols = static_cast<int32_t>(cols_);
        const int32_t rows = static_cast<int32_t>(height);

        // src: the input as float32; dst: where the float32 result is built; square: scratch
        // for the squared deviations (for float32 the input tile, no longer needed by then).
        LocalTensor<float> src;
        LocalTensor<float> dst;
        LocalTensor<float> square;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
            dst = yLocal;
            square = xLocal;
        } else {
            src = wideBuf_.Get<float>();
            dst = src;
            square = squareBuf_.Get<float>();
            Cast(src, xLocal, RoundMode::CAST_NONE, tileElems);
        }

        // Means.
        for (uint32_t r = 0; r < height; ++r) {
            ReduceSum<float>(mean[r], src[r * rowStride_], work, cols);
        }
        Muls(mean, mean, invCols_, rows);
        WaitVectorForScalar();
        for (uint32_t r = 0; r < height; ++r) {
            const float mu = mean.GetValue(r);
            Adds(dst[r * rowStride_], src[r * rowStride_], -mu, cols);
        }

        // 1 / sqrt(variance + eps) for every row of the tile.
        Mul(square, dst, dst, static_cast<int32_t>(tileElems));
        for (uint32_t r = 0; r < height; ++r) {
            ReduceSum<float>(rstd[r], square[r * rowStride_], work, cols);
        }
        Muls(rstd, rstd, invCols_, rows);
        Adds(rstd, rstd, epsilon_, rows);
        Sqrt(rstd, rstd, rows);
        Div(rstd, onesBuf_.Get<float>(), rstd, rows);
        WaitVectorForScalar();
        for (uint32_t r = 0; r < height; ++r) {
            const float scale = rstd.GetValue(r);
            LocalTensor<float> row = dst[r * rowStride_];
            Muls(row, row, scale, cols);
            Mul(row, row, gammaF_, cols);
            Add(row, row, betaF_, cols);
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
    TQue<QuePosition::VECIN, 2> inQueueAffine_;
    TBuf<TPosition::VECCALC> squareBuf_;
    TBuf<TPosition::VECCALC> meanBuf_;
    TBuf<TPosition::VECCALC> rstdBuf_;
    TBuf<TPosition::VECCALC> onesBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> gammaWideBuf_;
    TBuf<TPosition::VECCALC> betaWideBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> gammaGm_;
    GlobalTensor<T> betaGm_;
    GlobalTensor<T> yGm_;
    LocalTensor<T> gammaLocal_;
    LocalTensor<T> betaLocal_;
    LocalTensor<float> gammaF_;
    LocalTensor<float> betaF_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    float epsilon_ = 0.0f;
    float invCols_ = 0.0f;
};

extern "C" __global__ __aicore__ void layer_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, GM_ADDR workspace,
                                                 GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelLayerNorm<DTYPE_X> op;
    op.Init(x, gamma, beta, y, tilingData.cols, tilingData.rowStride, tilingData.bigCoreRows, tilingData.smallCoreRows,
            tilingData.bigCoreNum, tilingData.tileRows, tilingData.workElems, tilingData.bufferNum, tilingData.epsilon,
            tilingData.invCols);
    op.Process();
}
