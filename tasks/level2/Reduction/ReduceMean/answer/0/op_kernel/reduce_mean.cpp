#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// Mean over one axis of x viewed as [outer, R, inner], accumulated in float32.
template <typename T>
class KernelReduceMean {
public:
    __aicore__ inline KernelReduceMean() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, uint32_t outer, uint32_t reduceLen,
                                uint32_t inner, uint32_t tileRows, uint32_t colChunk, uint32_t chunks,
                                uint32_t bigCoreUnits, uint32_t smallCoreUnits, uint32_t bigCoreNum,
                                uint32_t splitFactor, uint32_t segmentLen, float invLen)
    {
        const uint32_t blockIdx = GetBlockIdx();
        if (blockIdx < bigCoreNum) {
            unitCount_ = bigCoreUnits;
            unitStart_ = blockIdx * bigCoreUnits;
        } else {
            unitCount_ = smallCoreUnits;
            unitStart_ = bigCoreNum * bigCoreUnits + (blockIdx - bigCoreNum) * smallCoreUnits;
        }
        outer_ = outer;
        reduceLen_ = reduceLen;
        inner_ = inner;
        tileRows_ = tileRows;
        colChunk_ = colChunk;
        chunks_ = chunks;
        invLen_ = invLen;
        splitFactor_ = splitFactor;
        segmentLen_ = segmentLen;
        rowStride_ = CeilAlign(colChunk, BLOCK_BYTES / sizeof(T));

        const uint64_t total = static_cast<uint64_t>(outer) * reduceLen * inner;
        xGm_.SetGlobalBuffer((__gm__ T*)x, total);
        yGm_.SetGlobalBuffer((__gm__ T*)y, static_cast<uint64_t>(outer) * inner);

        const uint32_t tileElems = tileRows * rowStride_;
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
        }
        if (splitFactor > 1) {
            partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace),
                                       static_cast<uint64_t>(outer) * splitFactor * FLOATS_PER_BLOCK);
            pipe_.InitBuffer(accBuf_, FLOATS_PER_REPEAT * sizeof(float));
            pipe_.InitBuffer(sumBuf_, CeilAlign(splitFactor * FLOATS_PER_BLOCK, FLOATS_PER_REPEAT) * sizeof(float));
            pipe_.InitBuffer(partialQueue_, 1, CeilAlign(splitFactor * FLOATS_PER_BLOCK, FLOATS_PER_REPEAT) * sizeof(float));
            pipe_.InitBuffer(outQueueY_, 1, BLOCK_BYTES);
        } else if (inner == 1) {
            const uint32_t outElems = CeilAlign(tileRows, BLOCK_BYTES / sizeof(T));
            pipe_.InitBuffer(accBuf_, tileRows * FLOATS_PER_REPEAT * sizeof(float));
            pipe_.InitBuffer(sumBuf_, CeilAlign(tileRows, FLOATS_PER_BLOCK) * sizeof(float));
            pipe_.InitBuffer(outQueueY_, BUFFER_NUM, outElems * sizeof(T));
        } else {
            pipe_.InitBuffer(accBuf_, rowStride_ * sizeof(float));
            pipe_.InitBuffer(outQueueY_, BUFFER_NUM, rowStride_ * sizeof(T));
        }
    }

    __aicore__ inline void Process()
    {
        if (splitFactor_ > 1) {
            ProcessSplitRow();
        } else if (inner_ == 1) {
            ProcessRows();
        } else {
            ProcessColumns();
        }
    }

private:
    // Copies a [height, width] tile starting at GM element `offset` whose rows are `gmRowLen`
    // apart, and returns it as float32.
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t height, uint32_t width, uint32_t gmRowLen)
    {
        constexpr uint32_t blockElems = BLOCK_BYTES / sizeof(T);
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        // Rows land rowStride_ apart in UB also when a ragged last chunk is narrower.
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               (gmRowLen - width) * static_cast<uint32_t>(sizeof(T)),
                               (rowStride_ - CeilAlign(width, blockElems)) / blockElems, 0};
        DataCopyPad(xLocal, xGm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline LocalTensor<float> Widen(const LocalTensor<T>& xLocal, uint32_t height)
    {
        if constexpr (IsSameType<T, float>::value) {
            return xLocal;
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, xLocal, RoundMode::CAST_NONE, static_cast<int32_t>(height * rowStride_));
            return wide;
        }
    }

    // acc[r, 0:64] += the 64-lane segments of row r (masked last segment), all rows per instruction.
    __aicore__ inline void Fold(const LocalTensor<float>& acc, const LocalTensor<float>& src, uint32_t height,
                                uint32_t width, const BinaryRepeatParams& fold)
    {
        for (uint32_t s = 0; s < width; s += FLOATS_PER_REPEAT) {
            const uint32_t lanes = Min(FLOATS_PER_REPEAT, width - s);
            Add(acc, acc, src[s], static_cast<uint64_t>(lanes), static_cast<uint8_t>(height), fold);
        }
    }

    // ---- few long rows: each core sums one segment of a row; the row's first core adds them ----
    __aicore__ inline void ProcessSplitRow()
    {
        const uint32_t blockIdx = GetBlockIdx();
        const uint32_t row = blockIdx / splitFactor_;
        const uint32_t segment = blockIdx % splitFactor_;
        const uint32_t begin = segment * segmentLen_;
        const uint32_t length = Min(segmentLen_, reduceLen_ - begin);

        LocalTensor<float> acc = accBuf_.Get<float>();
        Duplicate(acc, 0.0f, static_cast<int32_t>(FLOATS_PER_REPEAT));
        const BinaryRepeatParams fold(1, 1, 1, 8, 8, static_cast<uint8_t>(rowStride_ / FLOATS_PER_BLOCK));
        for (uint32_t c0 = 0; c0 < length; c0 += colChunk_) {
            const uint32_t width = Min(colChunk_, length - c0);
            CopyIn(static_cast<uint64_t>(row) * reduceLen_ + begin + c0, 1, width, reduceLen_);
            LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
            Fold(acc, Widen(xLocal, 1), 1, width, fold);
            inQueueX_.FreeTensor(xLocal);
        }
        // The partial sum in lane 0 of a zeroed 32-byte slot of the workspace.
        LocalTensor<float> slot = partialQueue_.AllocTensor<float>();
        Duplicate(slot, 0.0f, static_cast<int32_t>(FLOATS_PER_BLOCK));
        WholeReduceSum<float>(slot, acc, static_cast<int32_t>(FLOATS_PER_REPEAT), 1, 1, 1, 8);
        partialQueue_.EnQue(slot);
        slot = partialQueue_.DeQue<float>();
        DataCopy(partialGm_[static_cast<uint64_t>(blockIdx) * FLOATS_PER_BLOCK], slot, FLOATS_PER_BLOCK);
        partialQueue_.FreeTensor(slot);

        SyncAll();
        if (segment != 0) {
            return;
        }
        const uint32_t slots = splitFactor_ * FLOATS_PER_BLOCK;
        LocalTensor<float> partials = partialQueue_.AllocTensor<float>();
        DataCopy(partials, partialGm_[static_cast<uint64_t>(row) * slots], slots);
        partialQueue_.EnQue(partials);
        partials = partialQueue_.DeQue<float>();
        LocalTensor<float> sum = sumBuf_.Get<float>();
        ReduceSum<float>(sum, partials, acc, static_cast<int32_t>(slots));
        partialQueue_.FreeTensor(partials);
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Muls(yLocal, sum, invLen_, 1);
        } else {
            Muls(sum, sum, invLen_, 1);
            Cast(yLocal, sum, RoundMode::CAST_RINT, 1);
        }
        outQueueY_.EnQue(yLocal);
        yLocal = outQueueY_.DeQue<T>();
        DataCopyPad(yGm_[row], yLocal, DataCopyExtParams{1, static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        outQueueY_.FreeTensor(yLocal);
    }

    // ---- inner == 1: one output per row of R contiguous elements ----
    __aicore__ inline void ProcessRows()
    {
        const uint8_t srcRowBlocks = static_cast<uint8_t>(rowStride_ / FLOATS_PER_BLOCK);
        for (uint32_t r0 = 0; r0 < unitCount_; r0 += tileRows_) {
            const uint32_t height = Min(tileRows_, unitCount_ - r0);
            const uint64_t row = unitStart_ + r0;
            LocalTensor<float> sums = sumBuf_.Get<float>();
            if (chunks_ == 1 && reduceLen_ <= FLOATS_PER_REPEAT) {
                // Short rows: one WholeReduceSum repeat per row, straight from the tile.
                CopyIn(row * reduceLen_, height, reduceLen_, reduceLen_);
                LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
                LocalTensor<float> src = Widen(xLocal, height);
                WholeReduceSum<float>(sums, src, static_cast<int32_t>(reduceLen_), static_cast<int32_t>(height), 1, 1,
                                      srcRowBlocks);
                inQueueX_.FreeTensor(xLocal);
            } else {
                // Long rows: fold each row's 64-lane segments into acc[row], chunk by chunk.
                LocalTensor<float> acc = accBuf_.Get<float>();
                Duplicate(acc, 0.0f, static_cast<int32_t>(height * FLOATS_PER_REPEAT));
                const BinaryRepeatParams fold(1, 1, 1, 8, 8, srcRowBlocks);
                for (uint32_t c = 0; c < chunks_; ++c) {
                    const uint32_t col0 = c * colChunk_;
                    const uint32_t width = Min(colChunk_, reduceLen_ - col0);
                    CopyIn(row * reduceLen_ + col0, height, width, reduceLen_);
                    LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
                    LocalTensor<float> src = Widen(xLocal, height);
                    Fold(acc, src, height, width, fold);
                    inQueueX_.FreeTensor(xLocal);
                }
                WholeReduceSum<float>(sums, acc, static_cast<int32_t>(FLOATS_PER_REPEAT), static_cast<int32_t>(height),
                                      1, 1, 8);
            }
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            if constexpr (IsSameType<T, float>::value) {
                Muls(yLocal, sums, invLen_, static_cast<int32_t>(height));
            } else {
                Muls(sums, sums, invLen_, static_cast<int32_t>(height));
                Cast(yLocal, sums, RoundMode::CAST_RINT, static_cast<int32_t>(height));
            }
            outQueueY_.EnQue(yLocal);
            yLocal = outQueueY_.DeQue<T>();
            DataCopyPad(yGm_[row], yLocal, DataCopyExtParams{1, height * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
            outQueueY_.FreeTensor(yLocal);
        }
    }

    // ---- inner > 1: outputs are the columns of each [R, inner] slab ----
    __aicore__ inline void ProcessColumns()
    {
        for (uint32_t u = 0; u < unitCount_; ++u) {
            const uint32_t unit = unitStart_ + u;
            const uint32_t o = unit / chunks_;
            const uint32_t col0 = (unit % chunks_) * colChunk_;
            const uint32_t width = Min(colChunk_, inner_ - col0);
            const uint64_t base = static_cast<uint64_t>(o) * reduceLen_ * inner_ + col0;
            LocalTensor<float> acc = accBuf_.Get<float>();
            Duplicate(acc, 0.0f, static_cast<int32_t>(rowStride_));
            for (uint32_t r0 = 0; r0 < reduceLen_; r0 += tileRows_) {
                const uint32_t height = Min(tileRows_, reduceLen_ - r0);
                CopyIn(base + static_cast<uint64_t>(r0) * inner_, height, width, inner_);
                LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
                LocalTensor<float> src = Widen(xLocal, height);
                // Pairwise halving: rows [0, half) += rows [n - half, n), one instruction each.
                for (uint32_t n = height; n > 1;) {
                    const uint32_t half = n / 2;
                    Add(src, src, src[(n - half) * rowStride_], static_cast<int32_t>(half * rowStride_));
                    n -= half;
                }
                Add(acc, acc, src, static_cast<int32_t>(rowStride_));
                inQueueX_.FreeTensor(xLocal);
            }
            LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
            if constexpr (IsSameType<T, float>::value) {
                Muls(yLocal, acc, invLen_, static_cast<int32_t>(width));
            } else {
                Muls(acc, acc, invLen_, static_cast<int32_t>(width));
                Cast(yLocal, acc, RoundMode::CAST_RINT, static_cast<int32_t>(width));
            }
            outQueueY_.EnQue(yLocal);
            yLocal = outQueueY_.DeQue<T>();
            DataCopyPad(yGm_[static_cast<uint64_t>(o) * inner_ + col0], yLocal,
                        DataCopyExtParams{1, width * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
            outQueueY_.FreeTensor(yLocal);
        }
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TQue<QuePosition::VECIN, 1> partialQueue_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> sumBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<float> partialGm_;
    uint32_t unitStart_ = 0;
    uint32_t unitCount_ = 0;
    uint32_t outer_ = 0;
    uint32_t reduceLen_ = 0;
    uint32_t inner_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t colChunk_ = 0;
    uint32_t chunks_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t splitFactor_ = 1;
    uint32_t segmentLen_ = 0;
    float invLen_ = 0.0f;
};

extern "C" __global__ __aicore__ void reduce_mean(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll (split rows) needs the cross-core sync
    KernelReduceMean<DTYPE_X> op;
    op.Init(x, y, workspace, t.outer, t.reduceLen, t.inner, t.tileRows, t.colChunk, t.chunks, t.bigCoreUnits,
            t.smallCoreUnits, t.bigCoreNum, t.splitFactor, t.segmentLen, t.invLen);
    op.Process();
}
