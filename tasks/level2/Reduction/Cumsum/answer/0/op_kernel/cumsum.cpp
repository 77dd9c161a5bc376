#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_BLOCK = BLOCK_BYTES / sizeof(float);
constexpr uint32_t FLOATS_PER_REPEAT = 64;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// Inclusive prefix sum along the last axis, accumulated in float32 in column order.
//
// A tile is [tileRows, rowStride] (rows padded in UB). It is transposed with one Gather so that
// every column becomes a contiguous vector of tileRows values; the scan is then one vector Add
// per column (column j += column j - 1), plus the carry (last column of the previous chunk of
// the same rows). A second Gather transposes back.
//
// Few long rows (segs > 1): core b scans segment b % segs of row b / segs. Phase 1 scans the
// segment from 0 without writing and stores its total in a 32-byte workspace slot; after SyncAll,
// phase 2 sums the totals of the preceding segments of the row (ReduceSum) and rescans the
// segment with that sum as the initial carry, writing y.
template <typename T>
class KernelCumsum {
public:
    __aicore__ inline KernelCumsum() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t cols, uint32_t chunkCols, uint32_t chunks,
                                uint32_t rowStride, uint32_t tileRows, uint32_t bigCoreRows, uint32_t smallCoreRows,
                                uint32_t bigCoreNum, uint32_t segs, uint32_t segLen, GM_ADDR workspace)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart = 0;
        uint64_t base = 0;
        segs_ = segs;
        if (segs > 1) {
            const uint32_t row = blockIdx / segs;
            seg_ = blockIdx % segs;
            rowCount_ = 1;
            const uint32_t segStart = seg_ * segLen;
            const uint32_t width = Min(segLen, cols - segStart);
            base = static_cast<uint64_t>(row) * cols + segStart;
            cols = width;  // one row of the segment's width: the GM row stride is never used
            chunks = (width + chunkCols - 1) / chunkCols;
            slotBase_ = (row * segs) * FLOATS_PER_BLOCK;
            totalGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), GetBlockNum() * FLOATS_PER_BLOCK);
        } else if (blockIdx < bigCoreNum) {
            rowCount_ = bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * bigCoreRows;
        } else {
            rowCount_ = smallCoreRows;
            rowStart = static_cast<uint64_t>(bigCoreNum) * bigCoreRows +
                       static_cast<uint64_t>(blockIdx - bigCoreNum) * smallCoreRows;
        }
        if (segs <= 1) {
            base = rowStart * cols;
        }
        cols_ = cols;
        chunkCols_ = chunkCols;
        chunks_ = chunks;
        rowStride_ = rowStride;
        tileRows_ = tileRows;
        tileElems_ = tileRows * rowStride;
        xGm_.SetGlobalBuffer((__gm__ T*)x + base, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + base, static_cast<uint64_t>(rowCount_) * cols);

        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(transBuf_, tileElems_ * sizeof(float));
        pipe_.InitBuffer(toColsBuf_, tileElems_ * sizeof(uint32_t));
        pipe_.InitBuffer(toRowsBuf_, tileElems_ * sizeof(uint32_t));
        pipe_.InitBuffer(carryBuf_, tileRows * sizeof(float));
        pipe_.InitBuffer(indexBuf_, CeilAlign(tileRows > rowStride ? tileRows : rowStride, 8) * sizeof(int32_t));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems_ * sizeof(float));
            pipe_.InitBuffer(resultBuf_, tileElems_ * sizeof(float));
        }
        if (segs > 1) {
            const uint32_t slots = segs * FLOATS_PER_BLOCK;
            pipe_.InitBuffer(slotOutQueue_, 1, BLOCK_BYTES);
            pipe_.InitBuffer(slotInQueue_, 1, slots * sizeof(float));
            pipe_.InitBuffer(sumBuf_, BLOCK_BYTES);
            pipe_.InitBuffer(workBuf_, CeilAlign((slots + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT, FLOATS_PER_BLOCK) *
                                           sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        BuildOffsets();
        if (segs_ <= 1) {
            Scan(false, true);
            return;
        }
        Scan(false, false);  // phase 1: the segment total ends in carry lane 0
        StoreTotal();
        SyncAll();
        const bool hasOffset = LoadOffset();
        Scan(hasOffset, true);  // phase 2
    }

private:
    __aicore__ inline void Scan(bool hasCarry, bool write)
    {
        for (uint32_t row0 = 0; row0 < rowCount_; row0 += tileRows_) {
            const uint32_t height = Min(tileRows_, rowCount_ - row0);
            for (uint32_t c = 0; c < chunks_; ++c) {
                const uint32_t col0 = c * chunkCols_;
                const uint32_t width = Min(chunkCols_, cols_ - col0);
                CopyIn(row0, col0, height, width);
                Compute(c > 0 || hasCarry, c + 1 < chunks_ || segs_ > 1, width);
                if (write) {
                    CopyOut(row0, col0, height, width);
                } else {
                    LocalTensor<T> unused = outQueueY_.DeQue<T>();
                    outQueueY_.FreeTensor(unused);
                }
            }
        }
    }

    // Slot = [total, 0, 0, ...] so that the slots of a row can be summed lane by lane.
    __aicore__ inline void StoreTotal()
    {
        LocalTensor<float> slot = slotOutQueue_.AllocTensor<float>();
        Duplicate(slot, 0.0f, static_cast<int32_t>(FLOATS_PER_BLOCK));
        Add(slot, slot, carryBuf_.Get<float>(), 1);
        slotOutQueue_.EnQue(slot);
        slot = slotOutQueue_.DeQue<float>();
        DataCopy(totalGm_[GetBlockIdx() * FLOATS_PER_BLOCK], slot, FLOATS_PER_BLOCK);
        slotOutQueue_.FreeTensor(slot);
    }

    // carry lane 0 = sum of the totals of the preceding segments of this row (the only tile row).
    __aicore__ inline bool LoadOffset()
    {
        if (seg_ == 0) {
            return false;
        }
        const uint32_t count = seg_ * FLOATS_PER_BLOCK;
        LocalTensor<float> slots = slotInQueue_.AllocTensor<float>();
        DataCopy(slots, totalGm_[slotBase_], count);
        slotInQueue_.EnQue(slots);
        slots = slotInQueue_.DeQue<float>();
        LocalTensor<float> sum = sumBuf_.Get<float>();
        ReduceSum<float>(sum, slots, workBuf_.Get<float>(), static_cast<int32_t>(count));
        slotInQueue_.FreeTensor(slots);
        LocalTensor<float> carry = carryBuf_.Get<float>();
        Duplicate(carry, 0.0f, static_cast<int32_t>(tileRows_));
        Add(carry, carry, sum, 1);
        return true;
    }
    // Byte offsets of the two transposes (built once):
    //   toCols[j * tileRows + r] = (r * rowStride + j) * 4   (tile -> columns)
    //   toRows[r * rowStride + j] = (j * tileRows + r) * 4   (columns -> tile)
    __aicore__ inline void BuildOffsets()
    {
        LocalTensor<int32_t> index = indexBuf_.Get<int32_t>();
        LocalTensor<int32_t> toCols = toColsBuf_.Get<int32_t>();
        LocalTensor<int32_t> toRows = toRowsBuf_.Get<int32_t>();
        const int32_t floatBytes = static_cast<int32_t>(sizeof(float));
        CreateVecIndex(index, static_cast<int32_t>(0), tileRows_);
        Muls(index, index, static_cast<int32_t>(rowStride_) * floatBytes, static_cast<int32_t>(tileRows_));
        for (uint32_t j = 0; j < rowStride_; ++j) {
            Adds(toCols[j * tileRows_], index, static_cast<int32_t>(j) * floatBytes, static_cast<int32_t>(tileRows_));
        }
        CreateVecIndex(index, static_cast<int32_t>(0), rowStride_);
        Muls(index, index, static_cast<int32_t>(tileRows_) * floatBytes, static_cast<int32_t>(rowStride_));
        for (uint32_t r = 0; r < tileRows_; ++r) {
            Adds(toRows[r * rowStride_], index, static_cast<int32_t>(r) * floatBytes, static_cast<int32_t>(rowStride_));
        }
    }

    __aicore__ inline uint32_t GapBlocks(uint32_t width) const
    {
        constexpr uint32_t blockElems = BLOCK_BYTES / sizeof(T);
        return (rowStride_ - CeilAlign(width, blockElems)) / blockElems;
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t col0, uint32_t height, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               (cols_ - width) * static_cast<uint32_t>(sizeof(T)), GapBlocks(width), 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_ + col0], copy,
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(bool addCarry, bool keepCarry, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> trans = transBuf_.Get<float>();
        LocalTensor<float> carry = carryBuf_.Get<float>();
        const int32_t rows = static_cast<int32_t>(tileRows_);

        LocalTensor<float> src;
        if constexpr (IsSameType<T, float>::value) {
            src = xLocal;
        } else {
            src = wideBuf_.Get<float>();
            Cast(src, xLocal, RoundMode::CAST_NONE, static_cast<int32_t>(tileElems_));
        }
        Gather(trans, src, toColsBuf_.Get<uint32_t>(), 0, tileElems_);
        inQueueX_.FreeTensor(xLocal);

        if (addCarry) {
            Add(trans, trans, carry, rows);
        }
        for (uint32_t j = 1; j < width; ++j) {
            Add(trans[j * tileRows_], trans[j * tileRows_], trans[(j - 1) * tileRows_], rows);
        }
        if (keepCarry) {
            DataCopy(carry, trans[(width - 1) * tileRows_], tileRows_);
        }

        if constexpr (IsSameType<T, float>::value) {
            Gather(yLocal, trans, toRowsBuf_.Get<uint32_t>(), 0, tileElems_);
        } else {
            LocalTensor<float> result = resultBuf_.Get<float>();
            Gather(result, trans, toRowsBuf_.Get<uint32_t>(), 0, tileElems_);
            Cast(yLocal, result, RoundMode::CAST_RINT, static_cast<int32_t>(tileElems_));
        }
        outQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t col0, uint32_t height, uint32_t width)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               GapBlocks(width), (cols_ - width) * static_cast<uint32_t>(sizeof(T)), 0};
        DataCopyPad(yGm_[static_cast<uint64_t>(row0) * cols_ + col0], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> transBuf_;
    TBuf<TPosition::VECCALC> toColsBuf_;
    TBuf<TPosition::VECCALC> toRowsBuf_;
    TBuf<TPosition::VECCALC> carryBuf_;
    TBuf<TPosition::VECCALC> indexBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> resultBuf_;
    TQue<QuePosition::VECOUT, 1> slotOutQueue_;
    TQue<QuePosition::VECIN, 1> slotInQueue_;
    TBuf<TPosition::VECCALC> sumBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<float> totalGm_;
    uint32_t segs_ = 1;
    uint32_t seg_ = 0;
    uint32_t slotBase_ = 0;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t chunkCols_ = 0;
    uint32_t chunks_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t tileElems_ = 0;
};

extern "C" __global__ __aicore__ void cumsum(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll (segmented scan) needs cross-core sync
    GET_TILING_DATA(t, tiling);
    KernelCumsum<DTYPE_X> op;
    op.Init(x, y, t.cols, t.chunkCols, t.chunks, t.rowStride, t.tileRows, t.bigCoreRows, t.smallCoreRows,
            t.bigCoreNum, t.segs, t.segLen, workspace);
    op.Process();
}
