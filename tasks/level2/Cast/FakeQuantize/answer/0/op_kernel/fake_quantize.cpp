#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
}  // namespace

class KernelFakeQuantize {
public:
    __aicore__ inline KernelFakeQuantize() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength, float scale,
                                float invScale, int32_t zeroPoint, int32_t quantMin, int32_t quantMax)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < bigCoreNum
                                   ? blockIdx * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;
        scale_ = scale;
        invScale_ = invScale;
        zeroPoint_ = zeroPoint;
        quantMin_ = quantMin;
        quantMax_ = quantMax;

        xGm_.SetGlobalBuffer((__gm__ float*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ float*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(quantBuf_, tileLength_ * sizeof(int32_t));
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
        LocalTensor<float> xLocal = inQueueX_.AllocTensor<float>();
        DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(float)), 0, 0, 0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<float> xLocal = inQueueX_.DeQue<float>();
        LocalTensor<float> yLocal = outQueueY_.AllocTensor<float>();
        LocalTensor<int32_t> q = quantBuf_.Get<int32_t>();
        const int32_t count = static_cast<int32_t>(len);

        Muls(yLocal, xLocal, invScale_, count);                 // x / scale
        Cast(q, yLocal, RoundMode::CAST_RINT, len);             // to the integer grid, ties to even
        Adds(q, q, zeroPoint_, count);
        Maxs(q, q, quantMin_, count);                           // clamp in the quantized domain
        Mins(q, q, quantMax_, count);
        Adds(q, q, -zeroPoint_, count);
        Cast(yLocal, q, RoundMode::CAST_NONE, len);             // exact for |q| < 2^24
        Muls(yLocal, yLocal, scale_, count);

        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<float> yLocal = outQueueY_.DeQue<float>();
        DataCopyPad(yGm_[offset], yLocal, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(float)), 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> quantBuf_;
    GlobalTensor<float> xGm_;
    GlobalTensor<float> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    float scale_ = 1.0f;
    float invScale_ = 1.0f;
    int32_t zeroPoint_ = 0;
    int32_t quantMin_ = 0;
    int32_t quantMax_ = 0;
};

extern "C" __global__ __aicore__ void fake_quantize(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelFakeQuantize op;
    op.Init(x, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength, tilingData.bigCoreNum,
            tilingData.tileLength, tilingData.scale, tilingData.invScale, tilingData.zeroPoint, tilingData.quantMin,
            tilingData.quantMax);
    op.Process();
}
