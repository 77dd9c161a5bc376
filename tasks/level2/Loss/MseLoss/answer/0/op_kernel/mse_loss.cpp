#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_BLOCK = BLOCK_BYTES / sizeof(float);
constexpr uint32_t FLOATS_PER_REPEAT = 256 / sizeof(float);

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

class KernelMseLoss {
public:
    __aicore__ inline KernelMseLoss() {}

    __aicore__ inline void Init(GM_ADDR input, GM_ADDR target, GM_ADDR y, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength, float scale)
    {
        blockIdx_ = GetBlockIdx();
        const uint64_t start = blockIdx_ < bigCoreNum
                                   ? static_cast<uint64_t>(blockIdx_) * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx_ - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx_ < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;
        scale_ = scale;

        inputGm_.SetGlobalBuffer((__gm__ float*)input + start, coreLength_);
        targetGm_.SetGlobalBuffer((__gm__ float*)target + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ float*)y, 1);
        pipe_.InitBuffer(inQueueInput_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(inQueueTarget_, BUFFER_NUM, tileLength_ * sizeof(float));
        pipe_.InitBuffer(diffBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(accBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(workBuf_, CeilAlign((tileLength_ + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT, FLOATS_PER_BLOCK) * sizeof(float));
        pipe_.InitBuffer(outQueue_, 1, BLOCK_BYTES);
    }

    __aicore__ inline void Process()
    {
        if (blockIdx_ == 0) {
            ZeroOutput();
        }
        LocalTensor<float> partial = LocalSquaredSum();
        // The zero written by core 0 is in GM before any core adds to it.
        SyncAll();
        SetAtomicAdd<float>();
        DataCopyPad(yGm_, partial, DataCopyExtParams{1, static_cast<uint32_t>(sizeof(float)), 0, 0, 0});
        SetAtomicNone();
        outQueue_.FreeTensor(partial);
    }

private:
    __aicore__ inline void ZeroOutput()
    {
        LocalTensor<float> zero = outQueue_.AllocTensor<float>();
        Duplicate(zero, 0.0f, static_cast<int32_t>(FLOATS_PER_BLOCK));
        outQueue_.EnQue(zero);
        zero = outQueue_.DeQue<float>();
        DataCopyPad(yGm_, zero, DataCopyExtParams{1, static_cast<uint32_t>(sizeof(float)), 0, 0, 0});
        outQueue_.FreeTensor(zero);
    }

    // Returns the core's scaled partial sum in lane 0 of a dequeued VECOUT tensor.
    __aicore__ inline LocalTensor<float> LocalSquaredSum()
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        LocalTensor<float> diff = diffBuf_.Get<float>();
        Duplicate(acc, 0.0f, static_cast<int32_t>(tileLength_));
        for (uint64_t offset = 0; offset < coreLength_; offset += tileLength_) {
            const uint32_t len = static_cast<uint32_t>(coreLength_ - offset < tileLength_ ? coreLength_ - offset : tileLength_);
            const DataCopyExtParams copy{1, static_cast<uint32_t>(len * sizeof(float)), 0, 0, 0};
            LocalTensor<float> a = inQueueInput_.AllocTensor<float>();
            LocalTensor<float> b = inQueueTarget_.AllocTensor<float>();
            DataCopyPad(a, inputGm_[offset], copy, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
            DataCopyPad(b, targetGm_[offset], copy, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
            inQueueInput_.EnQue(a);
            inQueueTarget_.EnQue(b);
            a = inQueueInput_.DeQue<float>();
            b = inQueueTarget_.DeQue<float>();
            Sub(diff, a, b, static_cast<int32_t>(len));
            MulAddDst(acc, diff, diff, static_cast<int32_t>(len));  // acc += diff * diff
            inQueueInput_.FreeTensor(a);
            inQueueTarget_.FreeTensor(b);
        }
        LocalTensor<float> partial = outQueue_.AllocTensor<float>();
        ReduceSum<float>(partial, acc, workBuf_.Get<float>(), static_cast<int32_t>(tileLength_));
        Muls(partial, partial, scale_, 1);
        outQueue_.EnQue(partial);
        return outQueue_.DeQue<float>();
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueInput_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueTarget_;
    TQue<QuePosition::VECOUT, 1> outQueue_;
    TBuf<TPosition::VECCALC> diffBuf_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<float> inputGm_;
    GlobalTensor<float> targetGm_;
    GlobalTensor<float> yGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t blockIdx_ = 0;
    float scale_ = 1.0f;
};

extern "C" __global__ __aicore__ void mse_loss(GM_ADDR input, GM_ADDR target, GM_ADDR y, GM_ADDR workspace,
                                               GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll needs the cross-core sync hardware
    GET_TILING_DATA(tilingData, tiling);
    KernelMseLoss op;
    op.Init(input, target, y, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength,
            tilingData.bigCoreNum, tilingData.tileLength, tilingData.scale);
    op.Process();
}
