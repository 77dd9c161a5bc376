#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y = x1 && x2 for bool tensors (one byte per element, 0 or 1 as PyTorch stores them) over
// this core's contiguous range, streamed through double-buffered queues.
//
// For bytes that are 0 or 1, logical AND is bitwise AND. The vector unit has no 8-bit And, so
// each tile is viewed as uint16 lanes (two bools per lane) and combined with one And
// instruction: no per-element scalar work and no conversions. An odd tail byte is paired with a
// scratch byte of the UB tile that is never copied out.
class KernelLogicalAnd {
public:
    __aicore__ inline KernelLogicalAnd() {}

    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint64_t totalLength, uint64_t formerCoreLength,
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

        x1Gm_.SetGlobalBuffer((__gm__ uint8_t*)x1 + start, coreLength_);
        x2Gm_.SetGlobalBuffer((__gm__ uint8_t*)x2 + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ uint8_t*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX1_, BUFFER_NUM, tileLength_);
        pipe_.InitBuffer(inQueueX2_, BUFFER_NUM, tileLength_);
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_);
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
        LocalTensor<uint8_t> a = inQueueX1_.AllocTensor<uint8_t>();
        LocalTensor<uint8_t> b = inQueueX2_.AllocTensor<uint8_t>();
        if (len % BLOCK_BYTES == 0) {
            DataCopy(a, x1Gm_[offset], len);
            DataCopy(b, x2Gm_[offset], len);
        } else {
            // Only the very last tile of the data can end inside a 32-byte block.
            const DataCopyExtParams copy{1, len, 0, 0, 0};
            DataCopyPad(a, x1Gm_[offset], copy, DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
            DataCopyPad(b, x2Gm_[offset], copy, DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
        }
        inQueueX1_.EnQue(a);
        inQueueX2_.EnQue(b);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<uint8_t> a = inQueueX1_.DeQue<uint8_t>();
        LocalTensor<uint8_t> b = inQueueX2_.DeQue<uint8_t>();
        LocalTensor<uint8_t> out = outQueueY_.AllocTensor<uint8_t>();
        const int32_t lanes = static_cast<int32_t>((len + 1) / 2);  // two bools per uint16 lane
        And(out.ReinterpretCast<uint16_t>(), a.ReinterpretCast<uint16_t>(), b.ReinterpretCast<uint16_t>(), lanes);
        outQueueY_.EnQue(out);
        inQueueX1_.FreeTensor(a);
        inQueueX2_.FreeTensor(b);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<uint8_t> out = outQueueY_.DeQue<uint8_t>();
        if (len % BLOCK_BYTES == 0) {
            DataCopy(yGm_[offset], out, len);
        } else {
            DataCopyPad(yGm_[offset], out, DataCopyExtParams{1, len, 0, 0, 0});
        }
        outQueueY_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX2_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    GlobalTensor<uint8_t> x1Gm_;
    GlobalTensor<uint8_t> x2Gm_;
    GlobalTensor<uint8_t> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void logical_and(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelLogicalAnd op;
    op.Init(x1, x2, y, tilingData.totalLength, tilingData.formerCoreLength, tilingData.latterCoreLength,
            tilingData.formerCoreNum, tilingData.tileLength);
    op.Process();
}
