#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t MAX_TILE_ROWS = 256;
}  // namespace

// y = mean over rows i with target[i] != ignore_index of (logsumexp(x[i, :]) - x[i, target[i]]).
// Each core owns a contiguous, balanced range of rows.
// Short rows: a tile of rows enters UB in one DataCopyPad (double-buffered; rows at a 32-byte
// pitch); per row ReduceMax, Brcb of the maxima, one counter-mode Sub per row, Exp over the tile,
// per row ReduceSum; then for the whole tile at once Ln(sum) + max - x[target] masked by the
// valid flags, accumulated into a per-row-slot float32 accumulator. The target logits are picked
// by the scalar unit (one read per row) before Exp overwrites the tile.
// Long rows (more classes than fit in UB): two passes over column chunks per row (max, then sum of
// exp(x - max)), the per-row results gathered into the same vectors and finished the same way.
// Cross-core: each core writes (sum, valid count) into its 32-byte workspace slot, SyncAll, and
// core 0 divides the totals and writes the scalar (0 valid rows give 0 / 0 = NaN, as PyTorch).
template <typename T>
class KernelCrossEntropyLoss {
public:
    __aicore__ inline KernelCrossEntropyLoss() {}

    __aicore__ inline void Init(GM_ADDR logits, GM_ADDR target, GM_ADDR y, GM_ADDR workspace,
                                const CrossEntropyLossTilingData& t)
    {
        blockIdx_ = GetBlockIdx();
        blockNum_ = GetBlockNum();
        if (blockIdx_ < t.bigCoreNum) {
            rowStart_ = blockIdx_ * t.bigCoreRows;
            rowCount_ = t.bigCoreRows;
        } else {
            rowStart_ = t.bigCoreNum * t.bigCoreRows + (blockIdx_ - t.bigCoreNum) * t.smallCoreRows;
            rowCount_ = t.smallCoreRows;
        }
        cols_ = t.numClasses;
        rowStride_ = t.rowStride;
        tileRows_ = t.tileRows;
        longRows_ = t.longRows != 0;
        colTile_ = t.colTile;
        ignoreIndex_ = t.ignoreIndex;

        xGm_.SetGlobalBuffer((__gm__ T*)logits, t.numRows * cols_);
        targetGm_.SetGlobalBuffer((__gm__ int64_t*)target, t.numRows);
        yGm_.SetGlobalBuffer((__gm__ T*)y, 1);
        partialGm_.SetGlobalBuffer((__gm__ float*)GetUserWorkspace(workspace), blockNum_ * FLOATS_PER_BLOCK);

        const uint32_t tileElems = longRows_ ? colTile_ : tileRows_ * rowStride_;
        pipe_.InitBuffer(inQue_, BUFFER_NUM, tileElems * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
        }
        pipe_.InitBuffer(workBuf_, t.workElems * sizeof(float));
        pipe_.InitBuffer(rowMaxBuf_, MAX_TILE_ROWS * sizeof(float));
        pipe_.InitBuffer(rowSumBuf_, MAX_TILE_ROWS * sizeof(float));
        pipe_.InitBuffer(tgtValBuf_, MAX_TILE_ROWS * sizeof(float));
        pipe_.InitBuffer(validBuf_, MAX_TILE_ROWS * sizeof(float));
        pipe_.InitBuffer(accBuf_, MAX_TILE_ROWS * sizeof(float));
        pipe_.InitBuffer(maxBlockBuf_, MAX_TILE_ROWS * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(targetBuf_, MAX_TILE_ROWS * sizeof(int64_t));
        pipe_.InitBuffer(scalarBuf_, 2 * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(gatherBuf_, (blockNum_ > 1 ? blockNum_ : 1) * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(resultQue_, 1, FLOATS_PER_BLOCK * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        Duplicate(acc, 0.0f, static_cast<int32_t>(MAX_TILE_ROWS));
        if (rowCount_ > 0) {
            if (longRows_) {
                ProcessLongRows();
            } else {
                ProcessShortRows();
            }
        }
        WritePartial();
        SyncAll();
        if (blockIdx_ == 0) {
            FinalMean();
        }
    }

private:
    template <HardEvent EVENT>
    __aicore__ inline void Wait()
    {
        const event_t ev = static_cast<event_t>(pipe_.FetchEventID(EVENT));
        SetFlag<EVENT>(ev);
        WaitFlag<EVENT>(ev);
    }

    // Targets of rows [row0, row0 + h) into UB for the scalar unit.
    __aicore__ inline void LoadTargets(uint64_t row0, uint32_t h)
    {
        LocalTensor<int64_t> tgt = targetBuf_.Get<int64_t>();
        Wait<HardEvent::S_MTE2>();
        DataCopyPad(tgt, targetGm_[row0], DataCopyExtParams{1, static_cast<uint32_t>(h * sizeof(int64_t)), 0, 0, 0},
                    DataCopyPadExtParams<int64_t>{false, 0, 0, 0});
        Wait<HardEvent::MTE2_S>();
    }

    __aicore__ inline bool IsValid(int64_t t) const
    {
        return t != ignoreIndex_ && t >= 0 && t < static_cast<int64_t>(cols_);
    }

    // loss[r] = (ln(sum[r]) + max[r] - x[r, target[r]]) * valid[r], accumulated per row slot.
    __aicore__ inline void FinishRows(uint32_t h)
    {
        LocalTensor<float> rowMax = rowMaxBuf_.Get<float>();
        LocalTensor<float> rowSum = rowSumBuf_.Get<float>();
        LocalTensor<float> tgtVal = tgtValBuf_.Get<float>();
        LocalTensor<float> valid = validBuf_.Get<float>();
        LocalTensor<float> acc = accBuf_.Get<float>();
        const int32_t n = static_cast<int32_t>(h);
        Ln(rowSum, rowSum, n);
        Add(rowSum, rowSum, rowMax, n);
        Sub(rowSum, rowSum, tgtVal, n);
        Mul(rowSum, rowSum, valid, n);
        Add(acc, acc, rowSum, n);
    }

    // ---- short rows: whole rows per tile ---------------------------------------------------
    __aicore__ inline void LoadTile(uint64_t row0, uint32_t h)
    {
        LocalTensor<T> x = inQue_.AllocTensor<T>();
        DataCopyPad(x, xGm_[row0 * cols_],
                    DataCopyExtParams{static_cast<uint16_t>(h), static_cast<uint32_t>(cols_ * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQue_.EnQue(x);
    }

    __aicore__ inline void ComputeTile(uint64_t row0, uint32_t h)
    {
        LocalTensor<T> x = inQue_.DeQue<T>();
        LocalTensor<float> src;
        if constexpr (IsSameType<T, float>::value) {
            src = x;
        } else {
            src = wideBuf_.Get<float>();
            Cast(src, x, RoundMode::CAST_NONE, static_cast<int32_t>(h * rowStride_));
        }
        LocalTensor<float> rowMax = rowMaxBuf_.Get<float>();
        LocalTensor<float> rowSum = rowSumBuf_.Get<float>();
        LocalTensor<float> tgtVal = tgtValBuf_.Get<float>();
        LocalTensor<float> valid = validBuf_.Get<float>();
        LocalTensor<float> maxBlocks = maxBlockBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        for (uint32_t r = 0; r < h; ++r) {
            ReduceMax<float>(rowMax[r], src[r * rowStride_], work, static_cast<int32_t>(cols_), false);
        }
        // The scalar unit picks the target logits (the tile is in UB once the vector unit has
        // used it) and writes the per-row target values and valid flags.
        Wait<HardEvent::V_S>();
        LoadTargets(row0, h);
        LocalTensor<int64_t> tgt = targetBuf_.Get<int64_t>();
        for (uint32_t r = 0; r < h; ++r) {
            const int64_t t = tgt.GetValue(r);
            const bool ok = IsValid(t);
            tgtVal.SetValue(r, ok ? src.GetValue(r * rowStride_ + static_cast<uint32_t>(t)) : 0.0f);
            valid.SetValue(r, ok ? 1.0f : 0.0f);
            validCount_ += ok ? 1 : 0;
        }
        Wait<HardEvent::S_V>();

        // x - max (row max broadcast as one 32-byte block per row, counter mode: cols_ lanes).
        Brcb(maxBlocks, rowMax, static_cast<uint8_t>((h + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK),
             BrcbRepeatParams(1, 8));
        const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
        SetMaskCount();
        SetVectorMask<float, MaskMode::COUNTER>(0, cols_);
        for (uint32_t r = 0; r < h; ++r) {
            Sub<float, false>(src[r * rowStride_], src[r * rowStride_], maxBlocks[r * FLOATS_PER_BLOCK],
                              MASK_PLACEHOLDER, 1, params);
        }
        SetMaskNorm();
        ResetMask();
        Exp(src, src, static_cast<int32_t>(h * rowStride_));
        for (uint32_t r = 0; r < h; ++r) {
            ReduceSum<float>(rowSum[r], src[r * rowStride_], work, static_cast<int32_t>(cols_));
        }
        inQue_.FreeTensor(x);
        FinishRows(h);
    }

    __aicore__ inline void ProcessShortRows()
    {
        const uint64_t tiles = (rowCount_ + tileRows_ - 1) / tileRows_;
        LoadTile(rowStart_, TileHeight(0));
        for (uint64_t k = 0; k < tiles; ++k) {
            if (k + 1 < tiles) {
                LoadTile(rowStart_ + (k + 1) * tileRows_, TileHeight(k + 1));
            }
            ComputeTile(rowStart_ + k * tileRows_, TileHeight(k));
        }
    }

    __aicore__ inline uint32_t TileHeight(uint64_t k) const
    {
        const uint64_t r0 = k * tileRows_;
        return static_cast<uint32_t>(rowCount_ - r0 < tileRows_ ? rowCount_ - r0 : tileRows_);
    }

    // ---- long rows: column chunks, two passes per row ----------------------------------------
    __aicore__ inline void LoadChunk(uint64_t row, uint32_t chunk)
    {
        const uint64_t c0 = static_cast<uint64_t>(chunk) * colTile_;
        const uint32_t w = static_cast<uint32_t>(cols_ - c0 < colTile_ ? cols_ - c0 : colTile_);
        LocalTensor<T> x = inQue_.AllocTensor<T>();
        DataCopyPad(x, xGm_[row * cols_ + c0], DataCopyExtParams{1, static_cast<uint32_t>(w * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQue_.EnQue(x);
    }

    __aicore__ inline LocalTensor<float> Widen(const LocalTensor<T>& x, uint32_t w)
    {
        if constexpr (IsSameType<T, float>::value) {
            return x;
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, x, RoundMode::CAST_NONE, static_cast<int32_t>(w));
            return wide;
        }
    }

    __aicore__ inline void ProcessLongRows()
    {
        const uint32_t chunks = (cols_ + colTile_ - 1) / colTile_;
        LocalTensor<float> rowMax = rowMaxBuf_.Get<float>();
        LocalTensor<float> rowSum = rowSumBuf_.Get<float>();
        LocalTensor<float> tgtVal = tgtValBuf_.Get<float>();
        LocalTensor<float> valid = validBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<float> one = scalarBuf_.Get<float>();
        for (uint64_t g0 = 0; g0 < rowCount_; g0 += tileRows_) {
            const uint32_t h = static_cast<uint32_t>(rowCount_ - g0 < tileRows_ ? rowCount_ - g0 : tileRows_);
            Wait<HardEvent::V_S>();  // the previous group's FinishRows has read the vectors
            LoadTargets(rowStart_ + g0, h);
            LocalTensor<int64_t> tgt = targetBuf_.Get<int64_t>();
            for (uint32_t r = 0; r < h; ++r) {
                const uint64_t row = rowStart_ + g0 + r;
                const int64_t t = tgt.GetValue(r);
                const bool ok = IsValid(t);
                float xt = 0.0f;
                // Pass 1: row maximum (and the target logit, from the chunk that holds it).
                float m = 0.0f;
                LoadChunk(row, 0);
                for (uint32_t c = 0; c < chunks; ++c) {
                    if (c + 1 < chunks) {
                        LoadChunk(row, c + 1);
                    }
                    const uint64_t c0 = static_cast<uint64_t>(c) * colTile_;
                    const uint32_t w = static_cast<uint32_t>(cols_ - c0 < colTile_ ? cols_ - c0 : colTile_);
                    LocalTensor<T> x = inQue_.DeQue<T>();
                    LocalTensor<float> src = Widen(x, w);
                    ReduceMax<float>(one, src, work, static_cast<int32_t>(w), false);
                    Wait<HardEvent::V_S>();
                    const float cm = one.GetValue(0);
                    m = (c == 0 || cm > m || cm != cm) ? cm : m;
                    if (ok && static_cast<uint64_t>(t) >= c0 && static_cast<uint64_t>(t) < c0 + w) {
                        xt = src.GetValue(static_cast<uint32_t>(static_cast<uint64_t>(t) - c0));
                    }
                    inQue_.FreeTensor(x);
                }
                // Pass 2: sum of exp(x - max).
                float s = 0.0f;
                LoadChunk(row, 0);
                for (uint32_t c = 0; c < chunks; ++c) {
                    if (c + 1 < chunks) {
                        LoadChunk(row, c + 1);
                    }
                    const uint64_t c0 = static_cast<uint64_t>(c) * colTile_;
                    const uint32_t w = static_cast<uint32_t>(cols_ - c0 < colTile_ ? cols_ - c0 : colTile_);
                    LocalTensor<T> x = inQue_.DeQue<T>();
                    LocalTensor<float> src = Widen(x, w);
                    Adds(src, src, -m, static_cast<int32_t>(w));
                    Exp(src, src, static_cast<int32_t>(w));
                    ReduceSum<float>(one, src, work, static_cast<int32_t>(w));
                    Wait<HardEvent::V_S>();
                    s += one.GetValue(0);
                    inQue_.FreeTensor(x);
                }
                rowMax.SetValue(r, m);
                rowSum.SetValue(r, s);
                tgtVal.SetValue(r, xt);
                valid.SetValue(r, ok ? 1.0f : 0.0f);
                validCount_ += ok ? 1 : 0;
            }
            Wait<HardEvent::S_V>();
            FinishRows(h);
        }
    }

    // ---- cross-core mean ----------------------------------------------------------------------
    __aicore__ inline void WritePartial()
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<float> part = scalarBuf_.Get<float>();
        ReduceSum<float>(part, acc, work, static_cast<int32_t>(MAX_TILE_ROWS));
        Wait<HardEvent::V_S>();
        const float sum = part.GetValue(0);
        for (uint32_t i = 2; i < FLOATS_PER_BLOCK; ++i) {
            part.SetValue(i, 0.0f);
        }
        part.SetValue(0, sum);
        part.SetValue(1, static_cast<float>(validCount_));
        Wait<HardEvent::S_MTE3>();
        DataCopy(partialGm_[static_cast<uint64_t>(blockIdx_) * FLOATS_PER_BLOCK], part, FLOATS_PER_BLOCK);
        Wait<HardEvent::MTE3_MTE2>();
    }

    __aicore__ inline void FinalMean()
    {
        LocalTensor<float> parts = gatherBuf_.Get<float>();
        DataCopy(parts, partialGm_, blockNum_ * FLOATS_PER_BLOCK);
        Wait<HardEvent::MTE2_S>();
        float sum = 0.0f;
        float count = 0.0f;
        for (uint32_t i = 0; i < blockNum_; ++i) {
            sum += parts.GetValue(i * FLOATS_PER_BLOCK);
            count += parts.GetValue(i * FLOATS_PER_BLOCK + 1);
        }
        const float loss = sum / count;  // no valid row: 0 / 0 = NaN
        LocalTensor<T> result = resultQue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Duplicate(result, loss, static_cast<int32_t>(FLOATS_PER_BLOCK));
        } else {
            LocalTensor<float> wide = scalarBuf_.Get<float>()[FLOATS_PER_BLOCK];
            Duplicate(wide, loss, static_cast<int32_t>(FLOATS_PER_BLOCK));
            Cast(result, wide, RoundMode::CAST_RINT, static_cast<int32_t>(FLOATS_PER_BLOCK));
        }
        resultQue_.EnQue(result);
        result = resultQue_.DeQue<T>();
        DataCopyPad(yGm_, result, DataCopyExtParams{1, static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        resultQue_.FreeTensor(result);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQue_;
    TQue<QuePosition::VECOUT, 1> resultQue_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> rowMaxBuf_;
    TBuf<TPosition::VECCALC> rowSumBuf_;
    TBuf<TPosition::VECCALC> tgtValBuf_;
    TBuf<TPosition::VECCALC> validBuf_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> maxBlockBuf_;
    TBuf<TPosition::VECCALC> targetBuf_;
    TBuf<TPosition::VECCALC> scalarBuf_;
    TBuf<TPosition::VECCALC> gatherBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<int64_t> targetGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<float> partialGm_;
    uint32_t blockIdx_ = 0;
    uint32_t blockNum_ = 1;
    uint64_t rowStart_ = 0;
    uint64_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t tileRows_ = 1;
    bool longRows_ = false;
    uint32_t colTile_ = 0;
    int64_t ignoreIndex_ = -100;
    uint32_t validCount_ = 0;
};

extern "C" __global__ __aicore__ void cross_entropy_loss(GM_ADDR logits, GM_ADDR target, GM_ADDR y,
                                                         GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll before the final mean
    KernelCrossEntropyLoss<DTYPE_LOGITS> op;
    op.Init(logits, target, y, workspace, tilingData);
    op.Process();
}
