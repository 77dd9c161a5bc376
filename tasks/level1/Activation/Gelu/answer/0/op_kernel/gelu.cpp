#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr float SQRT1_2 = 0.70710678118654752440f;
}  // namespace

// y = 0.5 * x * (1 + erf(x / sqrt(2))) (exact GELU, torch's default) over this core's
// contiguous range, streamed through double-buffered queues (copy-in of tile i+1 and copy-out
// of tile i-1 overlap the compute of tile i).
//
// Choice of API: the library's Gelu is the tanh approximation, so it cannot be used. The erf
// form is built from the high-level Erf API (lib/math, shared temporary buffer sized on the host
// by GetErfMaxMinTmpSize) and basic vector instructions: Muls, Erf, Adds, Mul, Muls. Everything
// is computed in float32; float16 and bfloat16 are widened (exact) and rounded to nearest-even
// once at the end, as the reference does.
template <typename T>
class KernelGelu {
public:
    __aicore__ inline KernelGelu() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t formerCoreLength,
                                uint64_t latterCoreLength, uint32_t formerCoreNum, uint32_t tileLength,
                                uint32_t tmpBufferSize)
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
        pipe_.InitBuffer(tmpBuf_, tmpBufferSize);
        pipe_.InitBuffer(workBuf_, tileLength_ * sizeof(float));
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
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(xLocal, xGm_[offset], len);
        } else {
            // Only the very last tile of the data can end inside a 32-byte block.
            DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                        DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        inQueueX_.EnQue(xLocal);
    }

    // The Erf API forbids its source and destination to overlap, so x / sqrt(2) goes to a work
    // tile and erf lands in the tile that accumulates the result; the basic instructions after
    // it work in place.
    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<uint8_t> tmp = tmpBuf_.Get<uint8_t>();
        const int32_t count = static_cast<int32_t>(len);
        if constexpr (IsSameType<T, float>::value) {
            Muls(work, xLocal, SQRT1_2, count);       // x / sqrt(2)
            Erf<float, false>(yLocal, work, tmp, len);
            Adds(yLocal, yLocal, 1.0f, count);
            Mul(yLocal, yLocal, xLocal, count);
            Muls(yLocal, yLocal, 0.5f, count);
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, len);  // x in float32 (exact)
            Muls(work, wide, SQRT1_2, count);
            Erf<float, false>(wide, work, tmp, len);
            Adds(wide, wide, 1.0f, count);
            Cast(work, xLocal, RoundMode::CAST_NONE, len);  // x again: cheaper than a third tile
            Mul(wide, wide, work, count);
            Muls(wide, wide, 0.5f, count);
            Cast(yLocal, wide, RoundMode::CAST_RINT, len);  // one rounding to the output dtype
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
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void gelu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelGelu<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.formerCoreLength, tilingData.latterCoreLength,
            tilingData.formerCoreNum, tilingData.tileLength, tilingData.tmpBufferSize);
    op.Process();
}
