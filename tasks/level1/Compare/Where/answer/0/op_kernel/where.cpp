#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t HALF_PER_REPEAT = 256 / sizeof(half);

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }

// Select moves lanes bit for bit; it is issued on float16 lanes for 2-byte values (float16,
// bfloat16) and on float32 lanes for 4-byte values (float32, int32).
template <uint32_t BYTES>
struct SelectLane;
template <>
struct SelectLane<2> {
    using Type = half;
};
template <>
struct SelectLane<4> {
    using Type = float;
};
}  // namespace

template <typename T>
class KernelWhere {
public:
    __aicore__ inline KernelWhere() {}

    __aicore__ inline void Init(GM_ADDR condition, GM_ADDR x, GM_ADDR y, GM_ADDR out, uint64_t totalLength,
                                uint64_t bigCoreLength, uint64_t smallCoreLength, uint32_t bigCoreNum,
                                uint32_t tileLength)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t start = blockIdx < bigCoreNum
                                   ? blockIdx * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;

        // bool occupies one byte: read it as uint8_t.
        condGm_.SetGlobalBuffer((__gm__ uint8_t*)condition + start, coreLength_);
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, coreLength_);
        outGm_.SetGlobalBuffer((__gm__ T*)out + start, coreLength_);
        pipe_.InitBuffer(inQueueCond_, BUFFER_NUM, tileLength_ * sizeof(uint8_t));
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(condHalfBuf_, tileLength_ * sizeof(half));
        pipe_.InitBuffer(bitMaskBuf_, CeilAlign(tileLength_ / 8, BLOCK_BYTES));
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
        LocalTensor<uint8_t> cond = inQueueCond_.AllocTensor<uint8_t>();
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        LocalTensor<T> yLocal = inQueueY_.AllocTensor<T>();
        DataCopyPad(cond, condGm_[offset], DataCopyExtParams{1, len, 0, 0, 0}, DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
        const DataCopyExtParams copy{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
        DataCopyPad(xLocal, xGm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        DataCopyPad(yLocal, yGm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueCond_.EnQue(cond);
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<uint8_t> cond = inQueueCond_.DeQue<uint8_t>();
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = inQueueY_.DeQue<T>();
        LocalTensor<T> outLocal = outQueue_.AllocTensor<T>();
        LocalTensor<half> condHalf = condHalfBuf_.Get<half>();
        LocalTensor<uint8_t> bits = bitMaskBuf_.Get<uint8_t>();
        // Whole float16 repeats (the count form of CompareScalar needs them); lanes past `len`
        // compute on scratch and are not written back.
        const uint32_t count = CeilAlign(len, HALF_PER_REPEAT);

        Cast(condHalf, cond, RoundMode::CAST_NONE, count);                       // 0/1 bytes -> 0.0/1.0
        CompareScalar(bits, condHalf, static_cast<half>(0), CMPMODE::NE, count);  // one bit per element
        using L = typename SelectLane<sizeof(T)>::Type;
        Select(outLocal.template ReinterpretCast<L>(), bits, xLocal.template ReinterpretCast<L>(),
               yLocal.template ReinterpretCast<L>(), SELMODE::VSEL_TENSOR_TENSOR_MODE, count);

        outQueue_.EnQue(outLocal);
        inQueueCond_.FreeTensor(cond);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> outLocal = outQueue_.DeQue<T>();
        DataCopyPad(outGm_[offset], outLocal, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        outQueue_.FreeTensor(outLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueCond_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> condHalfBuf_;
    TBuf<TPosition::VECCALC> bitMaskBuf_;
    GlobalTensor<uint8_t> condGm_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<T> outGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void where(GM_ADDR condition, GM_ADDR x, GM_ADDR y, GM_ADDR out, GM_ADDR workspace,
                                            GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelWhere<DTYPE_X> op;
    op.Init(condition, x, y, out, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength,
            tilingData.bigCoreNum, tilingData.tileLength);
    op.Process();
}
