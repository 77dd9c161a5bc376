#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
// The type a tile is computed in: its own, except bfloat16 (widened to float32).
template <typename T>
struct ComputeType {
    using Type = T;
};
template <>
struct ComputeType<bfloat16_t> {
    using Type = float;
};
}  // namespace

template <typename T>
class KernelSoftshrink {
public:
    __aicore__ inline KernelSoftshrink() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength, float lambd)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < bigCoreNum
                                   ? blockIdx * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;
        lambd_ = lambd;

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(shiftedBuf_, tileLength_ * sizeof(ComputeT));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            pipe_.InitBuffer(wideXBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wideYBuf_, tileLength_ * sizeof(float));
        }
        // One bit per element.
        pipe_.InitBuffer(aboveMaskBuf_, CeilAlign(tileLength_ / 8, BLOCK_BYTES));
        pipe_.InitBuffer(belowMaskBuf_, CeilAlign(tileLength_ / 8, BLOCK_BYTES));
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
    // bfloat16 has no vector arithmetic or compares: it is widened to float32 (exact), computed
    // there and rounded back once.
    using ComputeT = typename ComputeType<T>::Type;
    static constexpr uint32_t ELEMS_PER_REPEAT = REPEAT_BYTES / sizeof(ComputeT);

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
        // Whole repeats: the tile buffers are sized in repeats, lanes past `len` are scratch.
        const uint32_t count = CeilAlign(len, ELEMS_PER_REPEAT);
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> wideX = wideXBuf_.Get<float>();
            LocalTensor<float> wideY = wideYBuf_.Get<float>();
            Cast(wideX, xLocal, RoundMode::CAST_NONE, count);
            Shrink(wideY, wideX, count);
            Cast(yLocal, wideY, RoundMode::CAST_RINT, count);
        } else {
            Shrink(yLocal, xLocal, count);
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    // y = x - lambd where x > lambd, x + lambd where x < -lambd, 0 elsewhere (`count` lanes).
    __aicore__ inline void Shrink(const LocalTensor<ComputeT>& y, const LocalTensor<ComputeT>& x, uint32_t count)
    {
        LocalTensor<ComputeT> shifted = shiftedBuf_.Get<ComputeT>();
        LocalTensor<uint8_t> above = aboveMaskBuf_.Get<uint8_t>();
        LocalTensor<uint8_t> below = belowMaskBuf_.Get<uint8_t>();
        const ComputeT lambd = static_cast<ComputeT>(lambd_);
        const ComputeT negLambd = static_cast<ComputeT>(-lambd_);
        CompareScalar(above, x, lambd, CMPMODE::GT, count);     // x > lambd
        CompareScalar(below, x, negLambd, CMPMODE::LT, count);  // x < -lambd
        Adds(shifted, x, negLambd, static_cast<int32_t>(count));
        Adds(y, x, lambd, static_cast<int32_t>(count));
        Select(y, below, y, static_cast<ComputeT>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, count);
        Select(y, above, shifted, y, SELMODE::VSEL_TENSOR_TENSOR_MODE, count);
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
    TBuf<TPosition::VECCALC> shiftedBuf_;
    TBuf<TPosition::VECCALC> aboveMaskBuf_;
    TBuf<TPosition::VECCALC> belowMaskBuf_;
    TBuf<TPosition::VECCALC> wideXBuf_;
    TBuf<TPosition::VECCALC> wideYBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    float lambd_ = 0.0f;
};

extern "C" __global__ __aicore__ void softshrink(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSoftshrink<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength, tilingData.bigCoreNum,
            tilingData.tileLength, tilingData.lambd);
    op.Process();
}
