#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
}  // namespace

template <typename T>
class KernelLeakyRelu {
public:
    __aicore__ inline KernelLeakyRelu() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength, float slope)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < bigCoreNum
                                   ? blockIdx * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;
        slope_ = slope;

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
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

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            // No bfloat16 vector arithmetic: widen (exact), compute in float32, round once.
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, len);
            LeakyRelu(wide, wide, slope_, len);
            Cast(yLocal, wide, RoundMode::CAST_RINT, len);
        } else {
            LeakyRelu(yLocal, xLocal, static_cast<T>(slope_), len);
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
    TBuf<TPosition::VECCALC> wideBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    float slope_ = 0.0f;
};

extern "C" __global__ __aicore__ void leaky_relu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelLeakyRelu<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength, tilingData.bigCoreNum,
            tilingData.tileLength, tilingData.negativeSlope);
    op.Process();
}
