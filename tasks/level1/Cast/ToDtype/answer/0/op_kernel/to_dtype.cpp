#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
}  // namespace

template <typename TX, typename TY>
class KernelToDtype {
public:
    __aicore__ inline KernelToDtype() {}

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

        xGm_.SetGlobalBuffer((__gm__ TX*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ TY*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(TX));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(TY));
        if constexpr (VIA_FLOAT) {
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
    static constexpr bool VIA_FLOAT = !IsSameType<TX, float>::value && !IsSameType<TY, float>::value;

    __aicore__ inline void CopyIn(uint64_t offset, uint32_t len)
    {
        LocalTensor<TX> xLocal = inQueueX_.AllocTensor<TX>();
        DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(TX)), 0, 0, 0},
                    DataCopyPadExtParams<TX>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<TX> xLocal = inQueueX_.DeQue<TX>();
        LocalTensor<TY> yLocal = outQueueY_.AllocTensor<TY>();
        if constexpr (VIA_FLOAT) {
            // float16 <-> bfloat16: exact widening, then a single rounding.
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, len);
            Cast(yLocal, wide, RoundMode::CAST_RINT, len);
        } else if constexpr (IsSameType<TY, float>::value) {
            Cast(yLocal, xLocal, RoundMode::CAST_NONE, len);  // widening is exact
        } else {
            Cast(yLocal, xLocal, RoundMode::CAST_RINT, len);  // float32 -> 16 bit, nearest-even
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<TY> yLocal = outQueueY_.DeQue<TY>();
        DataCopyPad(yGm_[offset], yLocal, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(TY)), 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> wideBuf_;
    GlobalTensor<TX> xGm_;
    GlobalTensor<TY> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void to_dtype(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelToDtype<DTYPE_X, DTYPE_Y> op;
    op.Init(x, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength, tilingData.bigCoreNum,
            tilingData.tileLength);
    op.Process();
}
