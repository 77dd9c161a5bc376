#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y = cat(x1, x2) along the last axis. The tiles of x1 and then those of x2 form one list; this
// core moves its share of the list through UB. A tile is nr rows x nc columns of one input: one
// strided DataCopyPad brings it into UB (rows padded to 32 bytes), one strided DataCopyPad puts
// it at its column offset in y. The bound queue's two buffers let the copy-in of a tile overlap
// the copy-out of the one before.
template <typename T>
class KernelConcat {
public:
    __aicore__ inline KernelConcat() {}

    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, const ConcatTilingData& t)
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
        tiles1_ = t.tiles1;
        outCols_ = t.cols1 + t.cols2;
        in_[0] = {t.cols1, 0, t.rowsPerTile1, t.colTile1, t.chunks1};
        in_[1] = {t.cols2, t.cols1, t.rowsPerTile2, t.colTile2, t.chunks2};
        x1Gm_.SetGlobalBuffer((__gm__ T*)x1, rows_ * t.cols1);
        x2Gm_.SetGlobalBuffer((__gm__ T*)x2, rows_ * t.cols2);
        yGm_.SetGlobalBuffer((__gm__ T*)y, rows_ * outCols_);
        pipe_.InitBuffer(que_, BUFFER_NUM, t.tileElems * sizeof(T));
    }

    __aicore__ inline void Process()
    {
        for (uint64_t tile = tileStart_; tile < tileEnd_; ++tile) {
            const bool second = tile >= tiles1_;
            const InputGeometry& g = in_[second ? 1 : 0];
            const uint64_t local = second ? tile - tiles1_ : tile;
            const uint64_t row = (local / g.chunks) * g.rowsPerTile;
            const uint64_t col = (local % g.chunks) * g.colTile;
            const uint32_t nr = static_cast<uint32_t>(rows_ - row < g.rowsPerTile ? rows_ - row : g.rowsPerTile);
            const uint32_t nc = static_cast<uint32_t>(g.cols - col < g.colTile ? g.cols - col : g.colTile);
            CopyIn(second ? x2Gm_ : x1Gm_, row * g.cols + col, g.cols, nr, nc);
            CopyOut(row * outCols_ + g.outOffset + col, nr, nc);
        }
    }

private:
    struct InputGeometry {
        uint64_t cols;       // row length of the input
        uint64_t outOffset;  // its first column in y
        uint32_t rowsPerTile;
        uint32_t colTile;
        uint32_t chunks;
    };

    __aicore__ inline void CopyIn(const GlobalTensor<T>& src, uint64_t offset, uint64_t cols, uint32_t nr, uint32_t nc)
    {
        LocalTensor<T> buf = que_.AllocTensor<T>();
        const DataCopyExtParams params{static_cast<uint16_t>(nr), static_cast<uint32_t>(nc * sizeof(T)),
                                       static_cast<uint32_t>((cols - nc) * sizeof(T)), 0, 0};
        DataCopyPad(buf, src[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
        que_.EnQue(buf);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t nr, uint32_t nc)
    {
        LocalTensor<T> buf = que_.DeQue<T>();
        // UB rows are 32-byte padded (source gap 0 blocks); rows of y are N1 + N2 apart.
        const DataCopyExtParams params{static_cast<uint16_t>(nr), static_cast<uint32_t>(nc * sizeof(T)), 0,
                                       static_cast<uint32_t>((outCols_ - nc) * sizeof(T)), 0};
        DataCopyPad(yGm_[offset], buf, params);
        que_.FreeTensor(buf);
    }

    TPipe pipe_;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, BUFFER_NUM> que_;
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<T> yGm_;
    InputGeometry in_[2];
    uint64_t tileStart_ = 0;
    uint64_t tileEnd_ = 0;
    uint64_t rows_ = 0;
    uint64_t tiles1_ = 0;
    uint64_t outCols_ = 0;
};

extern "C" __global__ __aicore__ void concat(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelConcat<DTYPE_X1> op;
    op.Init(x1, x2, y, tilingData);
    op.Process();
}
