#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

// y = x + bias over the rows [rowStart, rowStart + rowCount) of this core. The core walks
// column tiles (one bias chunk each) and, inside a column tile, tiles of up to 255 rows.
// Rows land in UB padded to 32 bytes, so one vector instruction per 256-byte column chunk
// covers every row of the tile: the repeat stride steps from row to row, and the bias operand
// has a repeat stride of 0, i.e. the same chunk is added to every row.
template <typename T>
class KernelBiasAdd {
public:
    __aicore__ inline KernelBiasAdd() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR bias, GM_ADDR y, uint32_t rows, uint32_t cols,
                                uint32_t bigCoreRows, uint32_t smallCoreRows, uint32_t bigCoreNum,
                                uint32_t tileRows, uint32_t tileCols)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart;
        if (blockIdx < bigCoreNum) {
            rowCount_ = bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * bigCoreRows;
        } else {
            rowCount_ = smallCoreRows;
            rowStart = static_cast<uint64_t>(bigCoreNum) * bigCoreRows +
                       static_cast<uint64_t>(blockIdx - bigCoreNum) * smallCoreRows;
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
    }

    __aicore__ inline void Process()
    {
        const uint32_t colTiles = (cols_ + tileCols_ - 1) / tileCols_;
        const uint32_t rowTiles = (rowCount_ + tileRows_ - 1) / tileRows_;
        for (uint32_t ct = 0; ct < colTiles; ++ct) {
            const uint32_t col0 = ct * tileCols_;
            const uint32_t width = (ct + 1 == colTiles) ? cols_ - col0 : tileCols_;
            LoadBias(col0, width);
            LocalTensor<T> biasLocal = inQueueBias_.DeQue<T>();
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
    static constexpr uint32_t ELEMS_PER_BLOCK = BLOCK_BYTES / sizeof(T);
    static constexpr uint32_t ELEMS_PER_REPEAT = REPEAT_BYTES / sizeof(T);

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
        const uint8_t rowBlocks = static_cast<uint8_t>(CeilAlign(width, ELEMS_PER_BLOCK) / ELEMS_PER_BLOCK);
        // dst, src0 step one row per repeat; src1 (bias) stays put.
        const BinaryRepeatParams params(1, 1, 1, rowBlocks, rowBlocks, 0);
        for (uint32_t c = 0; c < width; c += ELEMS_PER_REPEAT) {
            const uint64_t mask = (width - c) < ELEMS_PER_REPEAT ? (width - c) : ELEMS_PER_REPEAT;
            Add(yLocal[c], xLocal[c], biasLocal[c], mask, static_cast<uint8_t>(height), params);
        }
        outQueueY_.EnQue(yLocal);
        inQueueX_.FreeTensor(xLocal);
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
    GlobalTensor<T> xGm_;
    GlobalTensor<T> biasGm_;
    GlobalTensor<T> yGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t tileCols_ = 0;
};

extern "C" __global__ __aicore__ void bias_add(GM_ADDR x, GM_ADDR bias, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelBiasAdd<DTYPE_X> op;
    op.Init(x, bias, y, tilingData.rows, tilingData.cols, tilingData.bigCoreRows, tilingData.smallCoreRows,
            tilingData.bigCoreNum, tilingData.tileRows, tilingData.tileCols);
    op.Process();
}
