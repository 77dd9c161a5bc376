#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_BLOCK = BLOCK_BYTES / sizeof(float);
constexpr uint32_t FLOATS_PER_REPEAT = 256 / sizeof(float);

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

// Phase 1 (every core): accumulate the core's slice tile by tile into a float32 vector, reduce
// that vector to one partial sum and store it in the core's 32-byte workspace slot.
// SyncAll: all partials are in GM.
// Phase 2 (core 0): sum the partials and write the scalar result.
template <typename T>
class KernelSumAll {
public:
    __aicore__ inline KernelSumAll() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, uint64_t totalLength, uint64_t bigCoreLength,
                                uint64_t smallCoreLength, uint32_t bigCoreNum, uint32_t tileLength)
    {
        blockIdx_ = GetBlockIdx();
        blockNum_ = GetBlockNum();
        const uint64_t start = blockIdx_ < bigCoreNum
                                   ? static_cast<uint64_t>(blockIdx_) * bigCoreLength
                                   : bigCoreNum * bigCoreLength + (blockIdx_ - bigCoreNum) * smallCoreLength;
        const uint64_t length = blockIdx_ < bigCoreNum ? bigCoreLength : smallCoreLength;
        coreLength_ = start >= totalLength ? 0 : (start + length > totalLength ? totalLength - start : length);
        tileLength_ = tileLength;

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, coreLength_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, 1);
        partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), blockNum_ * FLOATS_PER_BLOCK);

        const uint32_t partialCount = blockNum_ * FLOATS_PER_BLOCK;
        // ReduceSum work area: one float per first-level repeat, 32-byte aligned.
        const uint32_t longest = tileLength_ > partialCount ? tileLength_ : partialCount;
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(accBuf_, tileLength_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileLength_ * sizeof(float));
        }
        pipe_.InitBuffer(workBuf_, CeilAlign((longest + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT, FLOATS_PER_BLOCK) * sizeof(float));
        pipe_.InitBuffer(partialQueue_, 1, BLOCK_BYTES);
        pipe_.InitBuffer(gatherQueue_, 1, partialCount * sizeof(float));
        pipe_.InitBuffer(resultQueue_, 1, BLOCK_BYTES);
    }

    __aicore__ inline void Process()
    {
        LocalSum();
        // Every launched core arrives here, also one with an empty slice: its partial is 0.
        SyncAll();
        if (blockIdx_ == 0) {
            FinalSum();
        }
    }

private:
    __aicore__ inline void LocalSum()
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        Duplicate(acc, 0.0f, static_cast<int32_t>(tileLength_));
        for (uint64_t offset = 0; offset < coreLength_; offset += tileLength_) {
            const uint32_t len = static_cast<uint32_t>(coreLength_ - offset < tileLength_ ? coreLength_ - offset : tileLength_);
            LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
            DataCopyPad(xLocal, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                        DataCopyPadExtParams<T>{false, 0, 0, 0});
            inQueueX_.EnQue(xLocal);
            xLocal = inQueueX_.DeQue<T>();
            if constexpr (IsSameType<T, float>::value) {
                Add(acc, acc, xLocal, static_cast<int32_t>(len));
            } else {
                LocalTensor<float> wide = wideBuf_.Get<float>();
                Cast(wide, xLocal, RoundMode::CAST_NONE, len);
                Add(acc, acc, wide, static_cast<int32_t>(len));
            }
            inQueueX_.FreeTensor(xLocal);
        }

        LocalTensor<float> partial = partialQueue_.AllocTensor<float>();
        Duplicate(partial, 0.0f, static_cast<int32_t>(FLOATS_PER_BLOCK));
        ReduceSum<float>(partial, acc, work, static_cast<int32_t>(tileLength_));
        partialQueue_.EnQue(partial);
        partial = partialQueue_.DeQue<float>();
        DataCopy(partialGm_[blockIdx_ * FLOATS_PER_BLOCK], partial, FLOATS_PER_BLOCK);
        partialQueue_.FreeTensor(partial);
    }

    __aicore__ inline void FinalSum()
    {
        const uint32_t partialCount = blockNum_ * FLOATS_PER_BLOCK;
        LocalTensor<float> partials = gatherQueue_.AllocTensor<float>();
        DataCopy(partials, partialGm_, partialCount);
        gatherQueue_.EnQue(partials);
        partials = gatherQueue_.DeQue<float>();

        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<T> result = resultQueue_.AllocTensor<T>();
        // Each slot holds its partial in lane 0 and zeros after it, so all lanes can be summed.
        if constexpr (IsSameType<T, float>::value) {
            ReduceSum<float>(result, partials, work, static_cast<int32_t>(partialCount));
        } else {
            LocalTensor<float> sum = accBuf_.Get<float>();
            ReduceSum<float>(sum, partials, work, static_cast<int32_t>(partialCount));
            Cast(result, sum, RoundMode::CAST_RINT, 1);
        }
        gatherQueue_.FreeTensor(partials);
        resultQueue_.EnQue(result);
        result = resultQueue_.DeQue<T>();
        DataCopyPad(yGm_, result, DataCopyExtParams{1, static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        resultQueue_.FreeTensor(result);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, 1> partialQueue_;
    TQue<QuePosition::VECIN, 1> gatherQueue_;
    TQue<QuePosition::VECOUT, 1> resultQueue_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<float> partialGm_;
    uint64_t coreLength_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t blockIdx_ = 0;
    uint32_t blockNum_ = 0;
};

extern "C" __global__ __aicore__ void sum_all(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll needs the cross-core sync hardware
    GET_TILING_DATA(tilingData, tiling);
    KernelSumAll<DTYPE_X> op;
    op.Init(x, y, workspace, tilingData.totalLength, tilingData.bigCoreLength, tilingData.smallCoreLength,
            tilingData.bigCoreNum, tilingData.tileLength);
    op.Process();
}
