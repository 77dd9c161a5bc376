#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
// The type the addition runs in: the input's own, except bfloat16 (no vector arithmetic),
// which is widened to float32 and rounded back once.
template <typename T>
struct ComputeType {
    using Type = T;
};
template <>
struct ComputeType<bfloat16_t> {
    using Type = float;
};
}  // namespace

// y = x + bias over the rows [rowStart, rowStart + rowCount) and the column tiles
// [tileBegin, tileBegin + tileCount) of this core (the cores form a grid of row groups times
// column groups; with many rows there is a single column group). The core walks its column
// tiles (one bias chunk each) and, inside a column tile, tiles of up to 255 rows.
// Rows land in UB padded to 32 bytes, so one vector instruction per 256-byte column chunk
// covers every row of the tile: the repeat stride steps from row to row, and the bias operand
// has a repeat stride of 0, i.e. the same chunk is added to every row.
template <typename T>
class KernelBiasAdd {
public:
    __aicore__ inline KernelBiasAdd() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR bias, GM_ADDR y, uint32_t rows, uint32_t cols,
                                uint32_t bigCoreRows, uint32_t smallCoreRows, uint32_t bigCoreNum,
                                uint32_t tileRows, uint32_t tileCols, uint32_t colGroups, uint32_t bigGroupTiles,
                                uint32_t smallGroupTiles, uint32_t bigGroupNum)
    {
        const uint32_t rowGroup = GetBlockIdx() / colGroups;
        const uint32_t colGroup = GetBlockIdx() % colGroups;
        uint64_t rowStart;
        if (rowGroup < bigCoreNum) {
            rowCount_ = bigCoreRows;
            rowStart = static_cast<uint64_t>(rowGroup) * bigCoreRows;
        } else {
            rowCount_ = smallCoreRows;
            rowStart = static_cast<uint64_t>(bigCoreNum) * bigCoreRows +
                       static_cast<uint64_t>(rowGroup - bigCoreNum) * smallCoreRows;
        }
        if (colGroup < bigGroupNum) {
            tileCount_ = bigGroupTiles;
            tileBegin_ = colGroup * bigGroupTiles;
        } else {
            tileCount_ = smallGroupTiles;
            tileBegin_ = bigGroupNum * bigGroupTiles + (colGroup - bigGroupNum) * smallGroupTiles;
        }
        cols_ = cols;
        tileRows_ = tileRows;
        tileCols_ = tileCols;
        const uint32_t rowStride = CeilAlign(tileCols, ELEMS_PER_BLOCK);

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y + rowStart * cols, static_cast<uint64_t>(rowCount_) * cols);
        biasGm_.SetGlobalBuffer((__gm__ T*)bias, cols);
        // One spare repeat per buffer: a masked repeat still spans 256 bytes of address space.
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, (tileRows * rowStride + ELEMS_PER_REPEAT) * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, (tileRows * rowStride + ELEMS_PER_REPEAT) * sizeof(T));
        pipe_.InitBuffer(inQueueBias_, 1, (rowStride + ELEMS_PER_REPEAT) * sizeof(T));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            pipe_.InitBuffer(wideBuf_, (tileRows * rowStride + ELEMS_PER_REPEAT) * sizeof(float));
            pipe_.InitBuffer(biasWideBuf_, (rowStride + ELEMS_PER_REPEAT) * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        const uint32_t colTiles = (cols_ + tileCols_ - 1) / tileCols_;
        const uint32_t rowTiles = (rowCount_ + tileRows_ - 1) / tileRows_;
        for (uint32_t ct = tileBegin_; ct < tileBegin_ + tileCount_; ++ct) {
            const uint32_t col0 = ct * tileCols_;
            const uint32_t width = (ct + 1 == colTiles) ? cols_ - col0 : tileCols_;
            LoadBias(col0, width);
            LocalTensor<T> biasLocal = inQueueBias_.DeQue<T>();
            if constexpr (IsSameType<T, bfloat16_t>::value) {
                Cast(biasWideBuf_.Get<float>(), biasLocal, RoundMode::CAST_NONE, width);
            }
            for (uint32_t rt = 0; rt < rowTiles; ++rt) {
                const uint32_t row0 = rt * tileRows_;
                const uint32_t height = (rt + 1 == rowTiles) ? rowCount_ - row0 : tileRows_;
                CopyIn(row0, height, col0, width);
                Compute(biasLocal, height, width);
                CopyOut(row0, height, col0, width);
            }
            inQueueBias_.FreeTensor(biasLocal);
        }
    }

private:
    using ComputeT = typename ComputeType<T>::Type;
    static constexpr uint32_t ELEMS_PER_BLOCK = BLOCK_BYTES / sizeof(T);           // UB rows are padded to these
    static constexpr uint32_t ELEMS_PER_REPEAT = REPEAT_BYTES / sizeof(ComputeT);  // lanes of one Add repeat

    __aicore__ inline void LoadBias(uint32_t col0, uint32_t width)
    {
        LocalTensor<T> biasLocal = inQueueBias_.AllocTensor<T>();
        DataCopyPad(biasLocal, biasGm_[col0], DataCopyExtParams{1, width * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueBias_.EnQue(biasLocal);
    }

    __aicore__ inline void CopyIn(uint32_t row0, uint32_t height, uint32_t col0, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        // `height` rows of `width` elements; GM rows are `cols_` apart, UB rows start on 32 bytes.
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               (cols_ - width) * static_cast<uint32_t>(sizeof(T)), 0, 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row0) * cols_ + col0], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(const LocalTensor<T>& biasLocal, uint32_t height, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            // The whole tile (rows padded to 32 bytes) widened, added in float32, rounded back;
            // padding lanes are converted too but never written back.
            LocalTensor<float> wide = wideBuf_.Get<float>();
            const uint32_t elems = height * CeilAlign(width, ELEMS_PER_BLOCK);
            Cast(wide, xLocal, RoundMode::CAST_NONE, elems);
            AddBias(wide, wide, biasWideBuf_.Get<float>(), height, width);
            Cast(yLocal, wide, RoundMode::CAST_RINT, elems);
        } else {
            AddBias(yLocal, xLocal, biasLocal, height, width);
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    // One Add per 256-byte column chunk for all `height` rows: dst and src step one padded row
    // per repeat, the bias operand has a repeat stride of 0 (the same chunk for every row).
    __aicore__ inline void AddBias(const LocalTensor<ComputeT>& dst, const LocalTensor<ComputeT>& src,
                                   const LocalTensor<ComputeT>& bias, uint32_t height, uint32_t width)
    {
        const uint8_t rowBlocks =
            static_cast<uint8_t>(CeilAlign(width, ELEMS_PER_BLOCK) * sizeof(ComputeT) / BLOCK_BYTES);
        const BinaryRepeatParams params(1, 1, 1, rowBlocks, rowBlocks, 0);
        for (uint32_t c = 0; c < width; c += ELEMS_PER_REPEAT) {
            const uint64_t mask = (width - c) < ELEMS_PER_REPEAT ? (width - c) : ELEMS_PER_REPEAT;
            Add(dst[c], src[c], bias[c], mask, static_cast<uint8_t>(height), params);
        }
    }

    __aicore__ inline void CopyOut(uint32_t row0, uint32_t height, uint32_t col0, uint32_t width)
    {
        LocalTensor<T> yLocal = outQueueY_.DeQue<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)), 0,
                               (cols_ - width) * static_cast<uint32_t>(sizeof(T)), 0};
        DataCopyPad(yGm_[static_cast<uint64_t>(row0) * cols_ + col0], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TQue<QuePosition::VECIN, 1> inQueueBias_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> biasWideBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> biasGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t tileCols_ = 0;
    uint32_t tileBegin_ = 0;
    uint32_t tileCount_ = 0;
};

extern "C" __global__ __aicore__ void bias_add(GM_ADDR x, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelBiasAdd<DTYPE_X> op;
    op.Init(x, bias, y, tilingData.rows, tilingData.cols, tilingData.bigCoreRows, tilingData.smallCoreRows,
            tilingData.bigCoreNum, tilingData.tileRows, tilingData.tileCols, tilingData.colGroups,
            tilingData.bigGroupTiles, tilingData.smallGroupTiles, tilingData.bigGroupNum);
    op.Process();
}
