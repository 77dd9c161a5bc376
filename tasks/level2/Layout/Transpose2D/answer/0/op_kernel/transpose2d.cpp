#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y[b] = x[b]^T, tile by tile. A tile is mt rows x nt columns of x[b]: it lands in UB with row
// pitch nt, one Gather permutes it into nt rows of pitch mt (the offset table is built once per
// core, since every tile has the same UB geometry), and it leaves as nt rows of y[b].
template <typename T>
class KernelTranspose2d {
public:
    __aicore__ inline KernelTranspose2d() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const Transpose2dTilingData& t)
    {
        const uint64_t idx = GetBlockIdx();
        if (idx < t.bigCoreNum) {
            tileStart_ = idx * t.bigCoreTiles;
            tileEnd_ = tileStart_ + t.bigCoreTiles;
        } else {
            tileStart_ = t.bigCoreNum * t.bigCoreTiles + (idx - t.bigCoreNum) * t.smallCoreTiles;
            tileEnd_ = tileStart_ + t.smallCoreTiles;
        }
        rows_ = t.rows;
        cols_ = t.cols;
        mt_ = t.tileRows;
        nt_ = t.tileCols;
        rowTiles_ = t.rowTiles;
        colTiles_ = t.colTiles;
        xGm_.SetGlobalBuffer((__gm__ T*)x, t.batch * rows_ * cols_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, t.batch * rows_ * cols_);
        pipe_.InitBuffer(inQue_, BUFFER_NUM, mt_ * nt_ * sizeof(T));
        pipe_.InitBuffer(outQue_, BUFFER_NUM, mt_ * nt_ * sizeof(T));
        pipe_.InitBuffer(offsetBuf_, mt_ * nt_ * sizeof(uint32_t));
    }

    __aicore__ inline void Process()
    {
        if (tileStart_ >= tileEnd_) {
            return;
        }
        BuildOffsets();
        for (uint64_t t = tileStart_; t < tileEnd_; ++t) {
            const uint64_t b = t / (static_cast<uint64_t>(rowTiles_) * colTiles_);
            const uint64_t r = (t / colTiles_) % rowTiles_;
            const uint64_t c = t % colTiles_;
            const uint64_t i0 = r * mt_;
            const uint64_t j0 = c * nt_;
            const uint32_t mr = static_cast<uint32_t>(rows_ - i0 < mt_ ? rows_ - i0 : mt_);
            const uint32_t nc = static_cast<uint32_t>(cols_ - j0 < nt_ ? cols_ - j0 : nt_);
            const uint64_t plane = b * rows_ * cols_;
            CopyIn(plane + i0 * cols_ + j0, mr, nc);
            Compute(nc);
            CopyOut(plane + j0 * rows_ + i0, mr, nc);
        }
    }

private:
    // offsets[j * mt + i] = byte offset of input-tile element (i, j) = (i * nt + j) * sizeof(T).
    // Row 0 of the table is an index ramp scaled by the input pitch; rows [k, 2k) are rows
    // [0, k) plus k elements, so the table doubles with each Adds (log2(nt) instructions).
    __aicore__ inline void BuildOffsets()
    {
        LocalTensor<int32_t> table = offsetBuf_.Get<int32_t>();
        CreateVecIndex(table, static_cast<int32_t>(0), mt_);
        Muls(table, table, static_cast<int32_t>(nt_ * sizeof(T)), static_cast<int32_t>(mt_));
        for (uint32_t k = 1; k < nt_; k *= 2) {
            const uint32_t rowsToFill = nt_ - k < k ? nt_ - k : k;
            Adds(table[k * mt_], table, static_cast<int32_t>(k * sizeof(T)), static_cast<int32_t>(rowsToFill * mt_));
        }
    }

    __aicore__ inline void CopyIn(uint64_t offset, uint32_t mr, uint32_t nc)
    {
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        LocalTensor<T> in = inQue_.AllocTensor<T>();
        const uint32_t ncAligned = (nc + perBlock - 1) / perBlock * perBlock;
        // mr rows of nc elements, N apart in GM; UB row pitch nt (the gap is in 32-byte blocks).
        const DataCopyExtParams params{static_cast<uint16_t>(mr), static_cast<uint32_t>(nc * sizeof(T)),
                                       static_cast<uint32_t>((cols_ - nc) * sizeof(T)),
                                       static_cast<uint32_t>((nt_ - ncAligned) / perBlock), 0};
        DataCopyPad(in, xGm_[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQue_.EnQue(in);
    }

    __aicore__ inline void Compute(uint32_t nc)
    {
        LocalTensor<T> in = inQue_.DeQue<T>();
        LocalTensor<T> out = outQue_.AllocTensor<T>();
        // Only the first nc output rows are needed (the columns of a partial tile).
        Gather(out, in, offsetBuf_.Get<uint32_t>(), 0, nc * mt_);
        outQue_.EnQue(out);
        inQue_.FreeTensor(in);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t mr, uint32_t nc)
    {
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        LocalTensor<T> out = outQue_.DeQue<T>();
        const uint32_t mrAligned = (mr + perBlock - 1) / perBlock * perBlock;
        // nc rows of mr elements; UB row pitch mt, GM rows M apart.
        const DataCopyExtParams params{static_cast<uint16_t>(nc), static_cast<uint32_t>(mr * sizeof(T)),
                                       static_cast<uint32_t>((mt_ - mrAligned) / perBlock),
                                       static_cast<uint32_t>((rows_ - mr) * sizeof(T)), 0};
        DataCopyPad(yGm_[offset], out, params);
        outQue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQue_;
    TBuf<TPosition::VECCALC> offsetBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t tileStart_ = 0;
    uint64_t tileEnd_ = 0;
    uint64_t rows_ = 0;
    uint64_t cols_ = 0;
    uint32_t mt_ = 0;
    uint32_t nt_ = 0;
    uint32_t rowTiles_ = 1;
    uint32_t colTiles_ = 1;
};

extern "C" __global__ __aicore__ void transpose2d(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelTranspose2d<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
