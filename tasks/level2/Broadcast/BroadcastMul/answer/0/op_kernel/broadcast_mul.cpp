#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;
constexpr uint32_t MAX_REPEAT = 255;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
}  // namespace

// T: the tensor type; C: the type the product is computed in (float32 for bfloat16).
template <typename T, typename C>
class KernelBroadcastMul {
public:
    __aicore__ inline KernelBroadcastMul() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t mode, uint32_t rows, uint32_t cols,
                                uint32_t colChunk, uint32_t chunksPerRow, uint32_t tileRows, uint64_t bigCoreUnits,
                                uint64_t smallCoreUnits, uint32_t bigCoreNum)
    {
        const uint32_t blockIdx = GetBlockIdx();
        if (blockIdx < bigCoreNum) {
            unitCount_ = bigCoreUnits;
            unitStart_ = static_cast<uint64_t>(blockIdx) * bigCoreUnits;
        } else {
            unitCount_ = smallCoreUnits;
            unitStart_ = static_cast<uint64_t>(bigCoreNum) * bigCoreUnits +
                         static_cast<uint64_t>(blockIdx - bigCoreNum) * smallCoreUnits;
        }
        mode_ = mode;
        rows_ = rows;
        cols_ = cols;
        colChunk_ = colChunk;
        chunksPerRow_ = chunksPerRow;
        tileRows_ = tileRows;
        rowStride_ = CeilAlign(colChunk, BLOCK_BYTES / sizeof(T));

        xGm_.SetGlobalBuffer((__gm__ T*)x, static_cast<uint64_t>(rows) * cols);
        zGm_.SetGlobalBuffer((__gm__ T*)z, static_cast<uint64_t>(rows) * cols);
        yGm_.SetGlobalBuffer((__gm__ T*)y, mode == 0 ? cols : rows);

        const uint32_t tileElems = tileRows * rowStride_;
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileElems * sizeof(T));
        if constexpr (!IsSameType<T, C>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(C));
        }
        if (mode == 0) {
            pipe_.InitBuffer(inQueueY_, 1, rowStride_ * sizeof(T));
            if constexpr (!IsSameType<T, C>::value) {
                pipe_.InitBuffer(yWideBuf_, rowStride_ * sizeof(C));
            }
        } else {
            const uint32_t rowsAligned = CeilAlign(tileRows, BLOCK_BYTES / sizeof(T));
            pipe_.InitBuffer(inQueueY_, 1, rowsAligned * sizeof(T));
            if constexpr (!IsSameType<T, C>::value) {
                pipe_.InitBuffer(yWideBuf_, rowsAligned * sizeof(C));
            }
            pipe_.InitBuffer(blockBuf_, CeilAlign(tileRows, 8) * BLOCK_BYTES);
        }
    }

    __aicore__ inline void Process()
    {
        const uint64_t end = unitStart_ + unitCount_;
        uint64_t u = unitStart_;
        uint32_t loadedChunk = 0xFFFFFFFFu;
        while (u < end) {
            uint32_t row;
            uint32_t chunk;
            uint32_t height;
            if (chunksPerRow_ == 1) {
                row = static_cast<uint32_t>(u);
                chunk = 0;
                height = end - u < tileRows_ ? static_cast<uint32_t>(end - u) : tileRows_;
            } else {
                // Long rows: units are ordered chunk-major so consecutive units share y's chunk.
                chunk = static_cast<uint32_t>(u / rows_);
                row = static_cast<uint32_t>(u % rows_);
                height = 1;
            }
            const uint32_t col0 = chunk * colChunk_;
            const uint32_t width = cols_ - col0 < colChunk_ ? cols_ - col0 : colChunk_;
            if (mode_ == 0) {
                if (chunk != loadedChunk) {
                    LoadRowVector(col0, width);
                    loadedChunk = chunk;
                }
            } else {
                LoadRowScalars(row, height);
            }
            CopyIn(row, col0, height, width);
            Compute(height, width);
            CopyOut(row, col0, height, width);
            u += height;
        }
        if (yLoaded_) {
            inQueueY_.FreeTensor(yLocal_);
        }
    }

private:
    // Row broadcast: y[col0, col0 + width) as type C, kept until the chunk changes.
    __aicore__ inline void LoadRowVector(uint32_t col0, uint32_t width)
    {
        if (yLoaded_) {
            inQueueY_.FreeTensor(yLocal_);
        }
        LocalTensor<T> yT = inQueueY_.AllocTensor<T>();
        DataCopyPad(yT, yGm_[col0], DataCopyExtParams{1, width * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueY_.EnQue(yT);
        yLocal_ = inQueueY_.DeQue<T>();
        yLoaded_ = true;
        if constexpr (IsSameType<T, C>::value) {
            yC_ = yLocal_;
        } else {
            yC_ = yWideBuf_.Get<C>();
            Cast(yC_, yLocal_, RoundMode::CAST_NONE, width);
        }
    }

    // Column broadcast: y[row0, row0 + height) expanded to one 32-byte block per row.
    __aicore__ inline void LoadRowScalars(uint32_t row0, uint32_t height)
    {
        LocalTensor<T> yT = inQueueY_.AllocTensor<T>();
        DataCopyPad(yT, yGm_[row0], DataCopyExtParams{1, height * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueY_.EnQue(yT);
        yT = inQueueY_.DeQue<T>();
        LocalTensor<C> values;
        if constexpr (IsSameType<T, C>::value) {
            values = yT;
        } else {
            values = yWideBuf_.Get<C>();
            Cast(values, yT, RoundMode::CAST_NONE, height);
        }
        constexpr uint32_t perBrcb = 8;  // Brcb: 8 source elements per repeat
        Brcb(blockBuf_.Get<C>(), values, static_cast<uint8_t>((height + perBrcb - 1) / perBrcb), BrcbRepeatParams(1, 8));
        inQueueY_.FreeTensor(yT);
    }

    __aicore__ inline void CopyIn(uint32_t row, uint32_t col0, uint32_t height, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        // Several rows are only batched when a row is one chunk, so the rows are contiguous.
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(row) * cols_ + col0],
                    DataCopyExtParams{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void Compute(uint32_t height, uint32_t width)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> zLocal = outQueueZ_.AllocTensor<T>();
        LocalTensor<C> src;
        LocalTensor<C> dst;
        const uint32_t tileElems = height * rowStride_;
        if constexpr (IsSameType<T, C>::value) {
            src = xLocal;
            dst = zLocal;
        } else {
            src = wideBuf_.Get<C>();
            dst = src;
            Cast(src, xLocal, RoundMode::CAST_NONE, tileElems);
        }

        constexpr uint32_t lanes = REPEAT_BYTES / sizeof(C);
        constexpr uint32_t blockElems = BLOCK_BYTES / sizeof(C);
        const uint8_t rowBlocks = static_cast<uint8_t>(rowStride_ / blockElems);
        if (width <= lanes) {
            // One repeat per row: up to 255 rows per instruction. src1 is y itself (repeat
            // stride 0) or the row's 32-byte block (block stride 0, repeat stride 1 block).
            const BinaryRepeatParams params = mode_ == 0 ? BinaryRepeatParams(1, 1, 1, rowBlocks, rowBlocks, 0)
                                                         : BinaryRepeatParams(1, 1, 0, rowBlocks, rowBlocks, 1);
            for (uint32_t r0 = 0; r0 < height; r0 += MAX_REPEAT) {
                const uint32_t n = height - r0 < MAX_REPEAT ? height - r0 : MAX_REPEAT;
                const LocalTensor<C> other = mode_ == 0 ? yC_ : blockBuf_.Get<C>()[r0 * blockElems];
                Mul(dst[r0 * rowStride_], src[r0 * rowStride_], other, static_cast<uint64_t>(width),
                    static_cast<uint8_t>(n), params);
            }
        } else if (mode_ == 0) {
            for (uint32_t r = 0; r < height; ++r) {
                Mul(dst[r * rowStride_], src[r * rowStride_], yC_, static_cast<int32_t>(width));
            }
        } else {
            // Long rows: repeats walk the row, the factor block is re-read (strides 0).
            const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
            const uint32_t full = width / lanes;
            const uint32_t rest = width % lanes;
            LocalTensor<C> blocks = blockBuf_.Get<C>();
            for (uint32_t r = 0; r < height; ++r) {
                const LocalTensor<C> factor = blocks[r * blockElems];
                for (uint32_t done = 0; done < full; done += MAX_REPEAT) {
                    const uint32_t n = full - done < MAX_REPEAT ? full - done : MAX_REPEAT;
                    const uint32_t off = r * rowStride_ + done * lanes;
                    Mul(dst[off], src[off], factor, static_cast<uint64_t>(lanes), static_cast<uint8_t>(n), params);
                }
                if (rest > 0) {
                    const uint32_t off = r * rowStride_ + full * lanes;
                    Mul(dst[off], src[off], factor, static_cast<uint64_t>(rest), 1, params);
                }
            }
        }

        if constexpr (!IsSameType<T, C>::value) {
            Cast(zLocal, dst, RoundMode::CAST_RINT, tileElems);
        }
        outQueueZ_.EnQue(zLocal);
        inQueueX_.FreeTensor(xLocal);
    }

    __aicore__ inline void CopyOut(uint32_t row, uint32_t col0, uint32_t height, uint32_t width)
    {
        LocalTensor<T> zLocal = outQueueZ_.DeQue<T>();
        DataCopyPad(zGm_[static_cast<uint64_t>(row) * cols_ + col0], zLocal,
                    DataCopyExtParams{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        outQueueZ_.FreeTensor(zLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
    TQue<QuePosition::VECIN, 1> inQueueY_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> yWideBuf_;
    TBuf<TPosition::VECCALC> blockBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<T> zGm_;
    LocalTensor<T> yLocal_;
    LocalTensor<C> yC_;
    bool yLoaded_ = false;
    uint64_t unitStart_ = 0;
    uint64_t unitCount_ = 0;
    uint32_t mode_ = 0;
    uint32_t rows_ = 0;
    uint32_t cols_ = 0;
    uint32_t colChunk_ = 0;
    uint32_t chunksPerRow_ = 1;
    uint32_t tileRows_ = 1;
    uint32_t rowStride_ = 0;
};

template <typename T>
struct ComputeType {
    using type = T;
};
template <>
struct ComputeType<bfloat16_t> {
    using type = float;
};

extern "C" __global__ __aicore__ void broadcast_mul(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KernelBroadcastMul<DTYPE_X, typename ComputeType<DTYPE_X>::type> op;
    op.Init(x, y, z, t.mode, t.rows, t.cols, t.colChunk, t.chunksPerRow, t.tileRows, t.bigCoreUnits,
            t.smallCoreUnits, t.bigCoreNum);
    op.Process();
}
