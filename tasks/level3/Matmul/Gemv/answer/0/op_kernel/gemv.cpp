#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t MinOf(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// y[r] = sum_k A[r, k] * x[k], in float32. A tile of R rows x C columns sits in UB with a row
// stride of C (a multiple of 64 floats). Column block j (64 lanes) of every row is multiplied
// by x's block j in one instruction of R repeats (x's repeat stride 0) and accumulated into a
// R x 64 product tile; WholeReduceSum then folds each row's 64 lanes (one repeat per row).
template <typename T>
class KernelGemv {
    static constexpr bool WIDEN = !IsSameType<T, float>::value;

public:
    __aicore__ inline KernelGemv() {}

    __aicore__ inline void Init(GM_ADDR a, GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const GemvTilingData& t)
    {
        rows_ = t.rows;
        cols_ = t.cols;
        kSplit_ = t.kSplit;
        tileRows_ = t.tileRows;
        chunkCols_ = t.chunkCols;
        const uint32_t blockIdx = GetBlockIdx();
        const uint32_t group = blockIdx / kSplit_;
        segment_ = blockIdx % kSplit_;
        if (group < t.bigGroupNum) {
            rowCount_ = t.bigGroupRows;
            rowStart_ = group * t.bigGroupRows;
        } else {
            rowCount_ = t.smallGroupRows;
            rowStart_ = t.bigGroupNum * t.bigGroupRows + (group - t.bigGroupNum) * t.smallGroupRows;
        }
        colStart_ = segment_ * t.kSegLen;
        colCount_ = MinOf(t.kSegLen, cols_ - colStart_);

        aGm_.SetGlobalBuffer((__gm__ T*)a, static_cast<uint64_t>(rows_) * cols_);
        xGm_.SetGlobalBuffer((__gm__ T*)x, cols_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, rows_);
        if (kSplit_ > 1) {
            partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace),
                                       static_cast<uint64_t>(kSplit_) * rows_);
        }

        const uint32_t rowsAligned = CeilAlign(tileRows_, FLOATS_PER_BLOCK);
        pipe_.InitBuffer(inQueueA_, BUFFER_NUM, tileRows_ * chunkCols_ * sizeof(T));
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, chunkCols_ * sizeof(T));
        if constexpr (WIDEN) {
            pipe_.InitBuffer(aWideBuf_, tileRows_ * chunkCols_ * sizeof(float));
            pipe_.InitBuffer(xWideBuf_, chunkCols_ * sizeof(float));
        }
        pipe_.InitBuffer(prodBuf_, tileRows_ * FLOATS_PER_REPEAT * sizeof(float));
        pipe_.InitBuffer(rowSumBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(accBuf_, rowsAligned * sizeof(float));
        pipe_.InitBuffer(outQueue_, BUFFER_NUM, rowsAligned * sizeof(float));
        if (kSplit_ > 1) {
            pipe_.InitBuffer(partBuf_, kSplit_ * rowsAligned * sizeof(float));
        }
    }

    // Tiling key 1: every core owns whole rows (all of K).
    __aicore__ inline void ProcessRows()
    {
        for (uint32_t r0 = 0; r0 < rowCount_; r0 += tileRows_) {
            const uint32_t height = MinOf(tileRows_, rowCount_ - r0);
            LocalTensor<float> acc = accBuf_.Get<float>();
            DotTile(acc, rowStart_ + r0, height);
            StoreRows(rowStart_ + r0, height, acc);
        }
    }

    // Tiling key 2: few long rows. The kSplit cores of a row group each reduce one K segment
    // into float partial sums [kSplit][rows] in the workspace; after SyncAll the group's first
    // core adds the segments' sums and writes y.
    __aicore__ inline void ProcessSplitK()
    {
        for (uint32_t r0 = 0; r0 < rowCount_; r0 += tileRows_) {
            const uint32_t height = MinOf(tileRows_, rowCount_ - r0);
            LocalTensor<float> acc = accBuf_.Get<float>();
            DotTile(acc, rowStart_ + r0, height);
            LocalTensor<float> out = outQueue_.AllocTensor<float>();
            DataCopy(out, acc, CeilAlign(height, FLOATS_PER_BLOCK));
            outQueue_.EnQue(out);
            out = outQueue_.DeQue<float>();
            DataCopyPad(partialGm_[static_cast<uint64_t>(segment_) * rows_ + rowStart_ + r0], out,
                        DataCopyExtParams{1, height * static_cast<uint32_t>(sizeof(float)), 0, 0, 0});
            outQueue_.FreeTensor(out);
        }
        SyncAll();
        if (segment_ != 0) {
            return;
        }
        for (uint32_t r0 = 0; r0 < rowCount_; r0 += tileRows_) {
            const uint32_t height = MinOf(tileRows_, rowCount_ - r0);
            const uint32_t stride = CeilAlign(height, FLOATS_PER_BLOCK);
            LocalTensor<float> parts = partBuf_.Get<float>();
            DataCopyPad(parts, partialGm_[rowStart_ + r0],
                        DataCopyExtParams{static_cast<uint16_t>(kSplit_), height * static_cast<uint32_t>(sizeof(float)),
                                          (rows_ - height) * static_cast<uint32_t>(sizeof(float)), 0, 0},
                        DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
            SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
            LocalTensor<float> acc = accBuf_.Get<float>();
            DataCopy(acc, parts, stride);
            for (uint32_t s = 1; s < kSplit_; ++s) {
                Add(acc, acc, parts[s * stride], static_cast<int32_t>(height));
            }
            StoreRows(rowStart_ + r0, height, acc);
            // The next tile's partial sums overwrite `parts`: the vector unit must be done with them.
            SetFlag<HardEvent::V_MTE2>(EVENT_ID0);
            WaitFlag<HardEvent::V_MTE2>(EVENT_ID0);
        }
    }

private:
    // acc[0, height) = sum over this core's K segment of A[row0 + r, k] * x[k].
    __aicore__ inline void DotTile(const LocalTensor<float>& acc, uint32_t row0, uint32_t height)
    {
        LocalTensor<float> prod = prodBuf_.Get<float>();
        LocalTensor<float> rowSum = rowSumBuf_.Get<float>();
        Duplicate(acc, 0.0f, static_cast<int32_t>(CeilAlign(height, FLOATS_PER_BLOCK)));
        const uint8_t rowBlocks = static_cast<uint8_t>(chunkCols_ / FLOATS_PER_BLOCK);  // float row stride in blocks
        for (uint32_t c0 = 0; c0 < colCount_; c0 += chunkCols_) {
            const uint32_t width = MinOf(chunkCols_, colCount_ - c0);
            CopyIn(row0, height, colStart_ + c0, width);
            LocalTensor<T> aLocal = inQueueA_.DeQue<T>();
            LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
            LocalTensor<float> aF = Widen(aLocal, aWideBuf_, height * chunkCols_);
            LocalTensor<float> xF = Widen(xLocal, xWideBuf_, CeilAlign(width, FLOATS_PER_REPEAT));
            const uint8_t repeat = static_cast<uint8_t>(height);
            // Column block 0 starts the products, the others accumulate; a partial last block
            // enables only its valid lanes, so padding columns are never read.
            const uint32_t blocks = (width + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT;
            const BinaryRepeatParams params(1, 1, 1, FLOATS_PER_REPEAT / FLOATS_PER_BLOCK, rowBlocks, 0);
            const uint64_t firstLanes = MinOf(width, FLOATS_PER_REPEAT);
            if (firstLanes < FLOATS_PER_REPEAT) {
                Duplicate(prod, 0.0f, static_cast<int32_t>(height * FLOATS_PER_REPEAT));
                PipeBarrier<PIPE_V>();
            }
            Mul(prod, aF, xF, firstLanes, repeat, params);
            for (uint32_t j = 1; j < blocks; ++j) {
                PipeBarrier<PIPE_V>();
                const uint64_t lanes = MinOf(width - j * FLOATS_PER_REPEAT, FLOATS_PER_REPEAT);
                MulAddDst(prod, aF[j * FLOATS_PER_REPEAT], xF[j * FLOATS_PER_REPEAT], lanes, repeat, params);
            }
            inQueueA_.FreeTensor(aLocal);
            inQueueX_.FreeTensor(xLocal);
            PipeBarrier<PIPE_V>();
            // One repeat per row: the 64 lanes of row r (8 blocks further each) to rowSum[r].
            WholeReduceSum<float>(rowSum, prod, static_cast<int32_t>(FLOATS_PER_REPEAT), repeat, 1, 1,
                                  FLOATS_PER_REPEAT / FLOATS_PER_BLOCK);
            PipeBarrier<PIPE_V>();
            Add(acc, acc, rowSum, static_cast<int32_t>(height));
            PipeBarrier<PIPE_V>();
        }
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t height, uint32_t col0, uint32_t width)
    {
        LocalTensor<T> aLocal = inQueueA_.AllocTensor<T>();
        const uint32_t rowBytes = width * static_cast<uint32_t>(sizeof(T));
        // Each row lands chunkCols_ elements after the previous one: DataCopyPad pads it to
        // 32 bytes, the rest of the stride is a gap of whole blocks.
        const uint32_t gapBlocks = (chunkCols_ * static_cast<uint32_t>(sizeof(T)) - CeilAlign(rowBytes, BLOCK_BYTES)) /
                                   BLOCK_BYTES;
        DataCopyPad(aLocal, aGm_[static_cast<uint64_t>(row0) * cols_ + col0],
                    DataCopyExtParams{static_cast<uint16_t>(height), rowBytes,
                                      (cols_ - width) * static_cast<uint32_t>(sizeof(T)), gapBlocks, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueA_.EnQue(aLocal);
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyPad(xLocal, xGm_[col0], DataCopyExtParams{1, rowBytes, 0, 0, 0}, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline LocalTensor<float> Widen(const LocalTensor<T>& src, TBuf<TPosition::VECCALC>& wideBuf,
                                               uint32_t elems)
    {
        if constexpr (WIDEN) {
            LocalTensor<float> wide = wideBuf.Get<float>();
            Cast(wide, src, RoundMode::CAST_NONE, elems);
            PipeBarrier<PIPE_V>();
            return wide;
        } else {
            return src;
        }
    }

    // y[row0, row0 + height) = acc rounded once to T.
    __aicore__ inline void StoreRows(uint32_t row0, uint32_t height, const LocalTensor<float>& acc)
    {
        LocalTensor<float> out = outQueue_.AllocTensor<float>();
        const uint32_t aligned = CeilAlign(height, FLOATS_PER_BLOCK);
        if constexpr (WIDEN) {
            Cast(out.template ReinterpretCast<T>(), acc, RoundMode::CAST_RINT, aligned);
        } else {
            DataCopy(out, acc, aligned);
        }
        outQueue_.EnQue(out);
        out = outQueue_.DeQue<float>();
        DataCopyPad(yGm_[row0], out.template ReinterpretCast<T>(),
                    DataCopyExtParams{1, height * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        outQueue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueA_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueue_;
    TBuf<TPosition::VECCALC> aWideBuf_;
    TBuf<TPosition::VECCALC> xWideBuf_;
    TBuf<TPosition::VECCALC> prodBuf_;
    TBuf<TPosition::VECCALC> rowSumBuf_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> partBuf_;
    GlobalTensor<T> aGm_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<float> partialGm_;
    uint32_t rows_ = 0;
    uint32_t cols_ = 0;
    uint32_t kSplit_ = 1;
    uint32_t segment_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t chunkCols_ = 0;
    uint32_t rowStart_ = 0;
    uint32_t rowCount_ = 0;
    uint32_t colStart_ = 0;
    uint32_t colCount_ = 0;
};

extern "C" __global__ __aicore__ void gemv(GM_ADDR a, GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // split K (key 2) synchronises the cores with SyncAll
    GET_TILING_DATA(tilingData, tiling);
    KernelGemv<DTYPE_A> op;
    op.Init(a, x, y, workspace, tilingData);
    if (TILING_KEY_IS(1)) {
        op.ProcessRows();
    } else if (TILING_KEY_IS(2)) {
        op.ProcessSplitK();
    }
}
