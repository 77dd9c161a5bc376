#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;
constexpr uint32_t HALF_PER_REPEAT = REPEAT_BYTES / sizeof(half);

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
// The type the comparison runs in: the input's own, except bfloat16 (no vector compare), which
// is widened to float32 first (exact, so the order is unchanged).
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
class KernelGreaterEqual {
public:
    __aicore__ inline KernelGreaterEqual() {}

    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < bigCoreNum
                                   ? blockIdx * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;

        x1Gm_.SetGlobalBuffer((__gm__ T*)x1 + start, coreLength_);
        x2Gm_.SetGlobalBuffer((__gm__ T*)x2 + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ uint8_t*)y + start, coreLength_);  // bool: one byte each
        pipe_.InitBuffer(inQueueX1_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(inQueueX2_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileLength_ * sizeof(uint8_t));
        pipe_.InitBuffer(onesBuf_, tileLength_ * sizeof(half));
        pipe_.InitBuffer(selectedBuf_, tileLength_ * sizeof(half));
        pipe_.InitBuffer(bitMaskBuf_, CeilAlign(tileLength_ / 8, BLOCK_BYTES));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            pipe_.InitBuffer(wide1Buf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wide2Buf_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        Duplicate(onesBuf_.Get<half>(), static_cast<half>(1.0f), static_cast<int32_t>(tileLength_));
        for (uint64_t offset = 0; offset < coreLength_; offset += tileLength_) {
            const uint32_t len = static_cast<uint32_t>(coreLength_ - offset < tileLength_ ? coreLength_ - offset : tileLength_);
            CopyIn(offset, len);
            Compute(len);
            CopyOut(offset, len);
        }
    }

private:
    using ComputeT = typename ComputeType<T>::Type;
    static constexpr uint32_t ELEMS_PER_REPEAT = REPEAT_BYTES / sizeof(ComputeT);

    __aicore__ inline void CopyIn(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> a = inQueueX1_.AllocTensor<T>();
        LocalTensor<T> b = inQueueX2_.AllocTensor<T>();
        const DataCopyExtParams copy{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
        DataCopyPad(a, x1Gm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        DataCopyPad(b, x2Gm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX1_.EnQue(a);
        inQueueX2_.EnQue(b);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> a = inQueueX1_.DeQue<T>();
        LocalTensor<T> b = inQueueX2_.DeQue<T>();
        LocalTensor<uint8_t> yLocal = outQueueY_.AllocTensor<uint8_t>();
        LocalTensor<uint8_t> bits = bitMaskBuf_.Get<uint8_t>();
        LocalTensor<half> selected = selectedBuf_.Get<half>();
        // Whole repeats of the compared type, and of float16 for the expansion; lanes past
        // `len` are scratch.
        const uint32_t cmpCount = CeilAlign(len, ELEMS_PER_REPEAT);
        const uint32_t halfCount = CeilAlign(len, HALF_PER_REPEAT);

        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> wa = wide1Buf_.Get<float>();
            LocalTensor<float> wb = wide2Buf_.Get<float>();
            Cast(wa, a, RoundMode::CAST_NONE, cmpCount);
            Cast(wb, b, RoundMode::CAST_NONE, cmpCount);
            Compare(bits, wa, wb, CMPMODE::GE, cmpCount);
        } else {
            Compare(bits, a, b, CMPMODE::GE, cmpCount);
        }
        Select(selected, bits, onesBuf_.Get<half>(), static_cast<half>(0.0f), SELMODE::VSEL_TENSOR_SCALAR_MODE, halfCount);
        Cast(yLocal, selected, RoundMode::CAST_NONE, halfCount);  // 0.0/1.0 -> 0/1, exact

        outQueueY_.EnQue(yLocal);
        inQueueX1_.FreeTensor(a);
        inQueueX2_.FreeTensor(b);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<uint8_t> yLocal = outQueueY_.DeQue<uint8_t>();
        DataCopyPad(yGm_[offset], yLocal, DataCopyExtParams{1, len, 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX2_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> onesBuf_;
    TBuf<TPosition::VECCALC> selectedBuf_;
    TBuf<TPosition::VECCALC> bitMaskBuf_;
    TBuf<TPosition::VECCALC> wide1Buf_;
    TBuf<TPosition::VECCALC> wide2Buf_;
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<uint8_t> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void greater_equal(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                                    GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelGreaterEqual<DTYPE_X1> op;
    op.Init(x1, x2, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength,
            tilingData.bigCoreNum, tilingData.tileLength);
    op.Process();
}
