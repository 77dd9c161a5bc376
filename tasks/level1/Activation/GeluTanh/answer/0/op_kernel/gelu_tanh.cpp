#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr float SQRT_2_OVER_PI = 0.7978845608028654f;
constexpr float CUBIC_COEFF = 0.044715f;
constexpr float NEG_TWO_K = -2.0f * SQRT_2_OVER_PI;
constexpr float NEG_TWO_K_C = -2.0f * SQRT_2_OVER_PI * CUBIC_COEFF;
}  // namespace

template <typename T>
class KernelGeluTanh {
public:
    __aicore__ inline KernelGeluTanh() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < bigCoreNum
                                   ? blockIdx * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(tmpBuf_, tileLength_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint64_t offset = 0; offset < coreLength_; offset += tileLength_) {
            const uint32_t len = static_cast<uint32_t>(coreLength_ - offset < tileLength_ ? coreLength_ - offset : tileLength_);
            CopyIn(offset, len);
            Compute(len);
            CopyOut(offset, len);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    // out = x / (1 + exp(-2k * (x + c * x^3))), all float32.
    __aicore__ inline void GeluFloat(const LocalTensor<float>& out, const LocalTensor<float>& x, int32_t count)
    {
        LocalTensor<float> t = tmpBuf_.Get<float>();
        Mul(t, x, x, count);                 // x^2
        Muls(t, t, NEG_TWO_K_C, count);      // -2k c x^2
        Adds(t, t, NEG_TWO_K, count);        // -2k (1 + c x^2)
        Mul(t, t, x, count);                 // -2k (x + c x^3)
        Exp(t, t, count);
        Adds(t, t, 1.0f, count);
        Div(out, x, t, count);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        const int32_t count = static_cast<int32_t>(len);
        if constexpr (IsSameType<T, float>::value) {
            GeluFloat(yLocal, xLocal, count);
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, len);
            GeluFloat(wide, wide, count);
            Cast(yLocal, wide, RoundMode::CAST_RINT, len);
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyPad(yGm_[offset], yLocal, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void gelu_tanh(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelGeluTanh<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength, tilingData.bigCoreNum,
            tilingData.tileLength);
    op.Process();
}
