#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y[r, j] = silu(x[r, j]) * x[r, H + j]. A tile is nr rows x nc columns of both halves, moved
// with one strided DataCopyPad per half (each row padded with zeros to 32 bytes in UB), computed
// in float32 over the padded block, and written back with one strided DataCopyPad. The tiles
// stream through double-buffered queues.
template <typename T>
class KernelSwiGlu {
public:
    __aicore__ inline KernelSwiGlu() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const SwiGluTilingData& t)
    {
        const uint64_t idx = GetBlockIdx();
        if (idx < t.bigCoreNum) {
            unitStart_ = idx * t.bigCoreUnits;
            unitEnd_ = unitStart_ + t.bigCoreUnits;
        } else {
            unitStart_ = t.bigCoreNum * t.bigCoreUnits + (idx - t.bigCoreNum) * t.smallCoreUnits;
            unitEnd_ = unitStart_ + t.smallCoreUnits;
        }
        half_ = t.half;
        colTile_ = t.colTile;
        colChunks_ = t.colChunks;
        rowsPerTile_ = t.rowsPerTile;
        tileElems_ = t.tileElems;
        xGm_.SetGlobalBuffer((__gm__ T*)x, t.rows * half_ * 2);
        yGm_.SetGlobalBuffer((__gm__ T*)y, t.rows * half_);
        pipe_.InitBuffer(aQue_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(bQue_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(yQue_, BUFFER_NUM, tileElems_ * sizeof(T));
        pipe_.InitBuffer(tmpBuf_, tileElems_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideABuf_, tileElems_ * sizeof(float));
            pipe_.InitBuffer(wideBBuf_, tileElems_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        if (colChunks_ == 1) {
            // Whole rows, rowsPerTile at a time.
            for (uint64_t r = unitStart_; r < unitEnd_; r += rowsPerTile_) {
                const uint32_t nr = static_cast<uint32_t>(unitEnd_ - r < rowsPerTile_ ? unitEnd_ - r : rowsPerTile_);
                DoTile(r, nr, 0, static_cast<uint32_t>(half_));
            }
        } else {
            // One chunk of one long row per tile.
            for (uint64_t u = unitStart_; u < unitEnd_; ++u) {
                const uint64_t row = u / colChunks_;
                const uint64_t col = (u % colChunks_) * colTile_;
                const uint32_t nc = static_cast<uint32_t>(half_ - col < colTile_ ? half_ - col : colTile_);
                DoTile(row, 1, col, nc);
            }
        }
    }

private:
    __aicore__ inline void DoTile(uint64_t row, uint32_t nr, uint64_t col, uint32_t nc)
    {
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        const uint32_t stride = (nc + perBlock - 1) / perBlock * perBlock;  // UB row pitch
        CopyIn(row, nr, col, nc, stride);
        Compute(nr * stride);
        CopyOut(row, nr, col, nc);
    }

    __aicore__ inline void CopyIn(uint64_t row, uint32_t nr, uint64_t col, uint32_t nc, uint32_t stride)
    {
        LocalTensor<T> a = aQue_.AllocTensor<T>();
        LocalTensor<T> b = bQue_.AllocTensor<T>();
        const uint64_t base = row * half_ * 2 + col;
        // nr rows of nc elements; the next row starts 2H - nc elements further in GM.
        const DataCopyExtParams params{static_cast<uint16_t>(nr), static_cast<uint32_t>(nc * sizeof(T)),
                                       static_cast<uint32_t>((half_ * 2 - nc) * sizeof(T)), 0, 0};
        DataCopyPadExtParams<T> pad;
        pad.isPad = true;  // zero the pad of each row, so the whole block computes finite values
        pad.rightPadding = static_cast<uint8_t>(stride - nc);
        DataCopyPad(a, xGm_[base], params, pad);
        DataCopyPad(b, xGm_[base + half_], params, pad);
        aQue_.EnQue(a);
        bQue_.EnQue(b);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> a = aQue_.DeQue<T>();
        LocalTensor<T> b = bQue_.DeQue<T>();
        LocalTensor<T> y = yQue_.AllocTensor<T>();
        LocalTensor<float> t = tmpBuf_.Get<float>();
        LocalTensor<float> fa;
        LocalTensor<float> fb;
        if constexpr (IsSameType<T, float>::value) {
            fa = a;
            fb = b;
        } else {
            fa = wideABuf_.Get<float>();
            fb = wideBBuf_.Get<float>();
            Cast(fa, a, RoundMode::CAST_NONE, count);  // exact widening
            Cast(fb, b, RoundMode::CAST_NONE, count);
        }
        // silu(a) = a / (1 + exp(-a))
        Muls(t, fa, -1.0f, count);
        Exp(t, t, count);
        Adds(t, t, 1.0f, count);
        Div(t, fa, t, count);
        if constexpr (IsSameType<T, float>::value) {
            Mul(y, t, fb, count);
        } else {
            Mul(t, t, fb, count);
            Cast(y, t, RoundMode::CAST_RINT, count);  // the only rounding to 16 bits
        }
        yQue_.EnQue(y);
        aQue_.FreeTensor(a);
        bQue_.FreeTensor(b);
    }

    __aicore__ inline void CopyOut(uint64_t row, uint32_t nr, uint64_t col, uint32_t nc)
    {
        LocalTensor<T> y = yQue_.DeQue<T>();
        // UB rows are 32-byte padded (srcStride 0 blocks); GM rows of y are H apart.
        const DataCopyExtParams params{static_cast<uint16_t>(nr), static_cast<uint32_t>(nc * sizeof(T)), 0,
                                       static_cast<uint32_t>((half_ - nc) * sizeof(T)), 0};
        DataCopyPad(yGm_[row * half_ + col], y, params);
        yQue_.FreeTensor(y);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> aQue_;
    TQue<QuePosition::VECIN, BUFFER_NUM> bQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> yQue_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> wideABuf_;
    TBuf<TPosition::VECCALC> wideBBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t unitStart_ = 0;
    uint64_t unitEnd_ = 0;
    uint64_t half_ = 0;
    uint32_t colTile_ = 0;
    uint32_t colChunks_ = 1;
    uint32_t rowsPerTile_ = 1;
    uint32_t tileElems_ = 0;
};

extern "C" __global__ __aicore__ void swi_glu(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSwiGlu<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
