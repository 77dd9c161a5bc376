#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y = (x1 - x2)^2 over a flat range of this core, in tiles that stream through double-buffered
// queues so that the copy-in of tile i+1 overlaps the compute of tile i and the copy-out of i-1.
template <typename T>
class KernelSquaredDifference {
public:
    __aicore__ inline KernelSquaredDifference() {}

    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength)
    {
        const uint64_t blockIdx = GetBlockIdx();
        uint64_t start;
        if (blockIdx < bigCoreNum) {
            coreLength_ = bigCoreLength;
            start = blockIdx * bigCoreLength;
        } else {
            coreLength_ = smallCoreLength;
            start = bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        }
        // The split is in whole blocks; the last core stops at the real end of the data.
        coreLength_ = start >= totalLength ? 0 : (start + coreLength_ > totalLength ? totalLength - start : coreLength_);
        tileLength_ = tileLength;
        tileNum_ = static_cast<uint32_t>((coreLength_ + tileLength_ - 1) / tileLength_);
        lastTileLength_ = tileNum_ == 0 ? 0 : static_cast<uint32_t>(coreLength_ - static_cast<uint64_t>(tileNum_ - 1) * tileLength_);

        x1Gm_.SetGlobalBuffer((__gm__ T*)x1 + start, coreLength_);
        x2Gm_.SetGlobalBuffer((__gm__ T*)x2 + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX1_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(inQueueX2_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            pipe_.InitBuffer(wideBuf1_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wideBuf2_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        if (coreLength_ == 0) {
            return;
        }
        for (uint32_t i = 0; i < tileNum_; ++i) {
            const uint32_t len = (i + 1 == tileNum_) ? lastTileLength_ : tileLength_;
            CopyIn(i, len);
            Compute(len);
            CopyOut(i, len);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> a = inQueueX1_.AllocTensor<T>();
        LocalTensor<T> b = inQueueX2_.AllocTensor<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(a, x1Gm_[offset], len);
            DataCopy(b, x2Gm_[offset], len);
        } else {
            // Only the last tile of the last core ends inside a 32-byte block.
            DataCopyExtParams copy{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            DataCopyPad(a, x1Gm_[offset], copy, pad);
            DataCopyPad(b, x2Gm_[offset], copy, pad);
        }
        inQueueX1_.EnQue(a);
        inQueueX2_.EnQue(b);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> a = inQueueX1_.DeQue<T>();
        LocalTensor<T> b = inQueueX2_.DeQue<T>();
        LocalTensor<T> out = outQueueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> wa = wideBuf1_.Get<float>();
            LocalTensor<float> wb = wideBuf2_.Get<float>();
            Cast(wa, a, RoundMode::CAST_NONE, len);  // exact widening
            Cast(wb, b, RoundMode::CAST_NONE, len);
            Sub(wa, wa, wb, len);
            Mul(wa, wa, wa, len);
            Cast(out, wa, RoundMode::CAST_RINT, len);  // one rounding to nearest-even
        } else {
            Sub(out, a, b, len);
            Mul(out, out, out, len);
        }
        outQueueY_.EnQue(out);
        inQueueX1_.FreeTensor(a);
        inQueueX2_.FreeTensor(b);
    }

    __aicore__ inline void CopyOut(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> out = outQueueY_.DeQue<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(yGm_[offset], out, len);
        } else {
            DataCopyPad(yGm_[offset], out, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        outQueueY_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX2_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> wideBuf1_;
    TBuf<TPosition::VECCALC> wideBuf2_;
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t lastTileLength_ = 0;
};

extern "C" __global__ __aicore__ void squared_difference(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSquaredDifference<DTYPE_X1> op;
    op.Init(x1, x2, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength,
            tilingData.bigCoreNum, tilingData.tileLength);
    op.Process();
}
