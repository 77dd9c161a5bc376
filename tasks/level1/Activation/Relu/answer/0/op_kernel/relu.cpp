#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y = max(x, 0) over this core's contiguous range, streamed through double-buffered queues so
// that the copy-in of tile i+1 and the copy-out of tile i-1 overlap the compute of tile i.
// float16, float32 and int32 use the Relu vector instruction directly. bfloat16 has no vector
// arithmetic on this SoC: it is widened to float32 (exact), Relu'd, and narrowed back (exact,
// as every result is an input value or zero).
template <typename T>
class KernelRelu {
public:
    __aicore__ inline KernelRelu() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t formerCoreLength,
                                uint64_t latterCoreLength, uint32_t formerCoreNum, uint32_t tileLength)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < formerCoreNum
                                   ? blockIdx * formerCoreLength
                                   : formerCoreNum * formerCoreLength + (blockIdx - formerCoreNum) * latterCoreLength;
        const uint64_t length = blockIdx < formerCoreNum ? formerCoreLength : latterCoreLength;
        // Core ranges are whole 32-byte blocks; the last one is cut at the end of the data.
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;

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
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(xLocal, xGm_[offset], len);
        } else {
            // Only the very last tile of the data can end inside a 32-byte block.
            DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                        DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, len);
            Relu(wide, wide, static_cast<int32_t>(len));
            Cast(yLocal, wide, RoundMode::CAST_RINT, len);
        } else {
            Relu(yLocal, xLocal, static_cast<int32_t>(len));
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(yGm_[offset], yLocal, len);
        } else {
            DataCopyPad(yGm_[offset], yLocal, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
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
};

extern "C" __global__ __aicore__ void relu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelRelu<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.formerCoreLength, tilingData.latterCoreLength,
            tilingData.formerCoreNum, tilingData.tileLength);
    op.Process();
}
