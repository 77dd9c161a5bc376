#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y[:] = value over this core's contiguous range of the output.
//
// The work is pure data movement, so the kernel fills one UB tile once (Duplicate, one vector
// instruction) and then streams that same tile to GM with back-to-back MTE3 copies. The tile
// never changes, so no double buffering is needed: the copies queue up on MTE3 without waiting
// for anything. The queue hand-off (EnQue/DeQue) orders the Duplicate before the first copy.
// The last copy of the last core may end inside a 32-byte block and uses DataCopyPad.
template <typename T>
class KernelFill {
public:
    __aicore__ inline KernelFill() {}

    __aicore__ inline void Init(GM_ADDR y, uint64_t totalLength, uint64_t formerCoreLength, uint64_t latterCoreLength,
                                uint32_t formerCoreNum, uint32_t tileLength)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < formerCoreNum
                                   ? blockIdx * formerCoreLength
                                   : formerCoreNum * formerCoreLength + (blockIdx - formerCoreNum) * latterCoreLength;
        const uint64_t length = blockIdx < formerCoreNum ? formerCoreLength : latterCoreLength;
        // Core ranges are whole 32-byte blocks; the last one is cut at the end of the data.
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;

        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        pipe_.InitBuffer(outQueueY_, 1, tileLength_ * sizeof(T));
    }

    __aicore__ inline void Process(T value)
    {
        if (coreLength_ == 0) {
            return;
        }
        LocalTensor<T> tile = outQueueY_.AllocTensor<T>();
        Duplicate(tile, value, static_cast<int32_t>(tileLength_));
        outQueueY_.EnQue(tile);
        tile = outQueueY_.DeQue<T>();
        for (uint64_t offset = 0; offset < coreLength_; offset += tileLength_) {
            const uint32_t len = static_cast<uint32_t>(coreLength_ - offset < tileLength_ ? coreLength_ - offset : tileLength_);
            if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
                DataCopy(yGm_[offset], tile, len);
            } else {
                DataCopyPad(yGm_[offset], tile, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
            }
        }
        outQueueY_.FreeTensor(tile);
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECOUT, 1> outQueueY_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void fill(GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelFill<DTYPE_Y> op;
    op.Init(y, tilingData.totalLength, tilingData.formerCoreLength, tilingData.latterCoreLength,
            tilingData.formerCoreNum, tilingData.tileLength);
    if constexpr (IsSameType<DTYPE_Y, int32_t>::value) {
        op.Process(tilingData.intValue);
    } else if constexpr (IsSameType<DTYPE_Y, bfloat16_t>::value) {
        op.Process(ToBfloat16(tilingData.value));
    } else {
        op.Process(static_cast<DTYPE_Y>(tilingData.value));
    }
}
