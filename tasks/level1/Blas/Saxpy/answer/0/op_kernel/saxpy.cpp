#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y = alpha * x + y, in place on y, over this core's flat range. Tiles stream through
// double-buffered queues: while tile i is computed, tile i+1 is being loaded and tile i-1 stored.
// Tiles of y are read and written at the same offsets, and every core owns whole 32-byte blocks,
// so no load can observe a store of another tile or core.
template <typename T>
class KernelSaxpy {
public:
    __aicore__ inline KernelSaxpy() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength, float alpha)
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
        // Blocks were counted rounded up: the last core ends at the real end of the data.
        if (start >= totalLength) {
            coreLength_ = 0;
        } else if (start + coreLength_ > totalLength) {
            coreLength_ = totalLength - start;
        }
        alpha_ = alpha;
        tileLength_ = tileLength;
        tileNum_ = static_cast<uint32_t>((coreLength_ + tileLength_ - 1) / tileLength_);
        lastTileLength_ =
            tileNum_ == 0 ? 0 : static_cast<uint32_t>(coreLength_ - static_cast<uint64_t>(tileNum_ - 1) * tileLength_);

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideX_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wideY_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
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
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        LocalTensor<T> yLocal = inQueueY_.AllocTensor<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(xLocal, xGm_[offset], len);
            DataCopy(yLocal, yGm_[offset], len);
        } else {
            // Only the last tile of the last core can end inside a 32-byte block.
            const DataCopyExtParams copy{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            const DataCopyPadExtParams<T> noPad{false, 0, 0, 0};
            DataCopyPad(xLocal, xGm_[offset], copy, noPad);
            DataCopyPad(yLocal, yGm_[offset], copy, noPad);
        }
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = inQueueY_.DeQue<T>();
        LocalTensor<T> outLocal = outQueueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            // alpha * x rounded to float32, then the sum rounded: the same two roundings as the
            // reference's alpha * x + y.
            Muls(outLocal, xLocal, alpha_, len);
            Add(outLocal, outLocal, yLocal, len);
        } else {
            // float16 / bfloat16: widen both operands (exact), y += alpha * x in float32 with one
            // Axpy, and round the result to nearest-even once.
            LocalTensor<float> xWide = wideX_.Get<float>();
            LocalTensor<float> yWide = wideY_.Get<float>();
            Cast(xWide, xLocal, RoundMode::CAST_NONE, len);
            Cast(yWide, yLocal, RoundMode::CAST_NONE, len);
            Axpy(yWide, xWide, alpha_, len);
            Cast(outLocal, yWide, RoundMode::CAST_RINT, len);
        }
        outQueueY_.EnQue(outLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> outLocal = outQueueY_.DeQue<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(yGm_[offset], outLocal, len);
        } else {
            DataCopyPad(yGm_[offset], outLocal, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        outQueueY_.FreeTensor(outLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> wideX_;
    TBuf<TPosition::VECCALC> wideY_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t lastTileLength_ = 0;
    float alpha_ = 0.0f;
};

extern "C" __global__ __aicore__ void saxpy(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSaxpy<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength, tilingData.bigCoreNum,
            tilingData.tileLength, tilingData.alpha);
    op.Process();
}
