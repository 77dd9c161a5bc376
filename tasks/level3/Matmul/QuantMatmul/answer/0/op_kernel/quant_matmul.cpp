#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FRACTAL = 16;          // rows of a cube fractal
constexpr uint32_t K0 = 32;               // int8 elements per fractal row
constexpr uint32_t FRACTAL_ELEMS = FRACTAL * K0;
constexpr uint32_t MAX_REPEAT = 255;      // 8-bit repeat counts
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;
// Cross-core flags (mode 2: a cube core and its two vector cores): "slot s holds a finished int32
// tile" (cube -> vector) and "slot s has been read" (vector -> cube), one pair per workspace slot.
constexpr uint16_t FLAG_TILE_READY = 0;   // + slot
constexpr uint16_t FLAG_SLOT_FREE = 2;    // + slot

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t CeilAlign(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }
__aicore__ inline uint32_t MinOf(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// y = (x @ w^T) * scale[n] * pertoken_scale[m] with int8 x [M, K], int8 w [N, K] and an int32
// product, in one mixed launch. Each cube core computes its output tiles (round-robin over the
// tile grid) into L0C as int32 (DataCopy ND->NZ GM -> L1, LoadData -> L0A / L0B, Mmad int8 ->
// int32; w's NZ fractals are already the Zn fractals L0B wants) and Fixpipes each finished tile,
// unconverted, into one of two workspace slots. Its two vector cores each take half of the tile's
// rows from the slot: int32 -> float, times the channel scales (a row vector, repeat stride 0),
// times the token scales (broadcast per row with Brcb, block stride 0), rounded once to the output
// type. Flags hand the slots back and forth so the cube fills one slot while the vectors drain the
// other.
template <typename T>
class KernelQuantMatmul {
public:
    __aicore__ inline KernelQuantMatmul() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR scale, GM_ADDR pertoken, GM_ADDR y, GM_ADDR workspace,
                                const QuantMatmulTilingData& t)
    {
        m_ = t.m;
        n_ = t.n;
        k_ = t.k;
        baseM_ = t.baseM;
        baseN_ = t.baseN;
        baseK_ = t.baseK;
        kL1_ = t.kL1;
        nTiles_ = t.nTiles;
        tileNum_ = t.mTiles * t.nTiles;
        coreNum_ = t.coreNum;
        kChunks_ = CeilDiv(k_, kL1_);
        const uint64_t slotElems = static_cast<uint64_t>(baseM_) * baseN_;
        if ASCEND_IS_AIC {
            cubeIdx_ = GetBlockIdx();
            xGm_.SetGlobalBuffer((__gm__ int8_t*)x, static_cast<uint64_t>(m_) * k_);
            wGm_.SetGlobalBuffer((__gm__ int8_t*)w, static_cast<uint64_t>(n_) * k_);
            pipe_.InitBuffer(inQueueA1_, BUFFER_NUM, baseM_ * kL1_);
            pipe_.InitBuffer(inQueueB1_, BUFFER_NUM, baseN_ * kL1_);
            pipe_.InitBuffer(inQueueA2_, BUFFER_NUM, baseM_ * baseK_);
            pipe_.InitBuffer(inQueueB2_, BUFFER_NUM, baseK_ * baseN_);
            pipe_.InitBuffer(outQueueCO1_, BUFFER_NUM, baseM_ * baseN_ * sizeof(int32_t));
        } else {
            cubeIdx_ = GetBlockIdx() / GetTaskRatio();
            subIdx_ = GetSubBlockIdx();
            halfRows_ = baseM_ / 2;
            rowStride_ = CeilAlign(baseN_, FRACTAL);
            scaleGm_.SetGlobalBuffer((__gm__ float*)scale, n_);
            tokenGm_.SetGlobalBuffer((__gm__ float*)pertoken, m_);
            yGm_.SetGlobalBuffer((__gm__ T*)y, static_cast<uint64_t>(m_) * n_);
            const uint32_t tileElems = halfRows_ * rowStride_;
            pipe_.InitBuffer(inQueueAcc_, BUFFER_NUM, tileElems * sizeof(int32_t));
            pipe_.InitBuffer(inQueueScale_, BUFFER_NUM, rowStride_ * sizeof(float));
            pipe_.InitBuffer(inQueueToken_, BUFFER_NUM, CeilAlign(halfRows_, FLOATS_PER_BLOCK) * sizeof(float));
            pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems * sizeof(T));
            pipe_.InitBuffer(floatBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(tokenBlocksBuf_, CeilAlign(halfRows_, FLOATS_PER_BLOCK) * FLOATS_PER_BLOCK * sizeof(float));
        }
        slotGm_.SetGlobalBuffer((__gm__ int32_t*)GetUserWorkspace(workspace) + cubeIdx_ * BUFFER_NUM * slotElems,
                                BUFFER_NUM * slotElems);
    }

    __aicore__ inline void Process()
    {
        if ASCEND_IS_AIC {
            ProcessCube();
        } else {
            ProcessVector();
        }
    }

private:
    struct Tile {
        uint32_t m0;
        uint32_t n0;
        uint32_t mCur;
        uint32_t nCur;
    };

    __aicore__ inline uint32_t MyTiles() const
    {
        return tileNum_ > cubeIdx_ ? CeilDiv(tileNum_ - cubeIdx_, coreNum_) : 0;
    }

    __aicore__ inline Tile TileAt(uint32_t j) const
    {
        const uint32_t tile = cubeIdx_ + j * coreNum_;
        Tile t;
        t.m0 = (tile / nTiles_) * baseM_;
        t.n0 = (tile % nTiles_) * baseN_;
        t.mCur = MinOf(baseM_, m_ - t.m0);
        t.nCur = MinOf(baseN_, n_ - t.n0);
        return t;
    }

    // ---- cube core ---------------------------------------------------------------------------

    // Steps (tile j, K chunk); the step after the current one is loaded before it is computed.
    __aicore__ inline void ProcessCube()
    {
        const uint32_t tiles = MyTiles();
        const uint32_t steps = tiles * kChunks_;
        if (steps == 0) {
            return;
        }
        CopyInStep(0);
        LocalTensor<int32_t> c;
        for (uint32_t s = 0; s < steps; ++s) {
            if (s + 1 < steps) {
                CopyInStep(s + 1);
            }
            const uint32_t j = s / kChunks_;
            const uint32_t chunk = s % kChunks_;
            if (chunk == 0) {
                c = outQueueCO1_.AllocTensor<int32_t>();
            }
            ComputeStep(s, c);
            if (chunk + 1 == kChunks_) {
                outQueueCO1_.EnQue(c);
                c = outQueueCO1_.DeQue<int32_t>();
                const uint32_t slot = j % BUFFER_NUM;
                if (j >= BUFFER_NUM) {
                    CrossCoreWaitFlag<2, PIPE_FIX>(FLAG_SLOT_FREE + slot);  // the vectors read this slot's last tile
                }
                const Tile t = TileAt(j);
                FixpipeParamsV220 params;
                params.nSize = static_cast<uint16_t>(t.nCur);
                params.mSize = static_cast<uint16_t>(t.mCur);
                params.srcStride = static_cast<uint16_t>(CeilAlign(t.mCur, FRACTAL));
                params.dstStride = baseN_;  // slot rows are baseN apart
                params.ndNum = 1;
                params.srcNdStride = 0;
                params.dstNdStride = 0;
                params.quantPre = QuantMode_t::NoQuant;
                Fixpipe<int32_t, int32_t, CFG_ROW_MAJOR>(slotGm_[slot * baseM_ * baseN_], c, params);
                outQueueCO1_.FreeTensor(c);
                CrossCoreSetFlag<2, PIPE_FIX>(FLAG_TILE_READY + slot);
            }
        }
        // Every "slot read" the vectors will still send is consumed before the cube core ends.
        for (uint32_t j = (tiles > BUFFER_NUM ? tiles - BUFFER_NUM : 0); j < tiles; ++j) {
            CrossCoreWaitFlag<2, PIPE_FIX>(FLAG_SLOT_FREE + j % BUFFER_NUM);
        }
    }

    // GM -> L1 with ND -> NZ: x rows (mCur x kCur) and w rows (nCur x kCur) as 16 x 32 fractals,
    // columns of fractals CeilAlign(rows, 16) rows apart; K padded with zeros to 32.
    __aicore__ inline void CopyInStep(uint32_t s)
    {
        const Tile t = TileAt(s / kChunks_);
        const uint32_t k0 = (s % kChunks_) * kL1_;
        const uint32_t kCur = MinOf(kL1_, k_ - k0);
        LocalTensor<int8_t> a1 = inQueueA1_.AllocTensor<int8_t>();
        DataCopy(a1, xGm_[static_cast<uint64_t>(t.m0) * k_ + k0], NzParams(t.mCur, kCur));
        inQueueA1_.EnQue(a1);
        LocalTensor<int8_t> b1 = inQueueB1_.AllocTensor<int8_t>();
        DataCopy(b1, wGm_[static_cast<uint64_t>(t.n0) * k_ + k0], NzParams(t.nCur, kCur));
        inQueueB1_.EnQue(b1);
    }

    __aicore__ inline Nd2NzParams NzParams(uint32_t rows, uint32_t cols) const
    {
        Nd2NzParams p;
        p.ndNum = 1;
        p.nValue = static_cast<uint16_t>(rows);
        p.dValue = static_cast<uint16_t>(cols);
        p.srcNdMatrixStride = 0;
        p.srcDValue = static_cast<uint16_t>(k_);
        p.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(rows, FRACTAL));
        p.dstNzNStride = 1;
        p.dstNzMatrixStride = 0;
        return p;
    }

    __aicore__ inline void ComputeStep(uint32_t s, const LocalTensor<int32_t>& c)
    {
        const Tile t = TileAt(s / kChunks_);
        const uint32_t k0 = (s % kChunks_) * kL1_;
        const uint32_t kCur = MinOf(kL1_, k_ - k0);
        LocalTensor<int8_t> a1 = inQueueA1_.DeQue<int8_t>();
        LocalTensor<int8_t> b1 = inQueueB1_.DeQue<int8_t>();
        const uint32_t mAlign = CeilAlign(t.mCur, FRACTAL);
        const uint32_t mBlocks = mAlign / FRACTAL;
        const uint32_t nBlocks = CeilDiv(t.nCur, FRACTAL);
        for (uint32_t kk = 0; kk < kCur; kk += baseK_) {
            const uint32_t kStep = MinOf(baseK_, kCur - kk);
            const uint32_t kBlocks = CeilDiv(kStep, K0);
            const uint32_t kBlock0 = kk / K0;

            // x: L1 NZ (fractal (i, j) at j * mBlocks + i) -> L0A Zz (fractal (i, j) at i * kBlocks + j).
            LocalTensor<int8_t> a2 = inQueueA2_.AllocTensor<int8_t>();
            LoadData2DParams aLoad;
            aLoad.startIndex = 0;
            aLoad.repeatTimes = static_cast<uint8_t>(kBlocks);
            aLoad.srcStride = static_cast<uint16_t>(mBlocks);
            aLoad.sid = 0;
            aLoad.dstGap = 0;
            aLoad.ifTranspose = false;
            for (uint32_t i = 0; i < mBlocks; ++i) {
                LoadData(a2[i * kBlocks * FRACTAL_ELEMS], a1[(kBlock0 * mAlign + i * FRACTAL) * K0], aLoad);
            }
            inQueueA2_.EnQue(a2);

            // w: L1 NZ of N x K (fractal (l, j) at j * nBlocks + l) is Zn already: copy the step's
            // kBlocks * nBlocks contiguous fractals.
            LocalTensor<int8_t> b2 = inQueueB2_.AllocTensor<int8_t>();
            const uint32_t fractals = kBlocks * nBlocks;
            LoadData2DParams bLoad;
            bLoad.startIndex = 0;
            bLoad.sid = 0;
            bLoad.srcStride = 1;
            bLoad.dstGap = 0;
            bLoad.ifTranspose = false;
            for (uint32_t f = 0; f < fractals; f += MAX_REPEAT) {
                bLoad.repeatTimes = static_cast<uint8_t>(MinOf(MAX_REPEAT, fractals - f));
                LoadData(b2[f * FRACTAL_ELEMS], b1[(kBlock0 * nBlocks + f) * FRACTAL_ELEMS], bLoad);
            }
            inQueueB2_.EnQue(b2);

            a2 = inQueueA2_.DeQue<int8_t>();
            b2 = inQueueB2_.DeQue<int8_t>();
            MmadParams mm;
            // m padded to whole fractals: m == 1 would switch the cube to GEMV mode (L0A read as one row).
            mm.m = static_cast<uint16_t>(mAlign);
            mm.n = static_cast<uint16_t>(t.nCur);
            mm.k = static_cast<uint16_t>(kStep);
            mm.cmatrixInitVal = (k0 == 0 && kk == 0);
            mm.cmatrixSource = false;
            Mmad(c, a2, b2, mm);
            inQueueA2_.FreeTensor(a2);
            inQueueB2_.FreeTensor(b2);
        }
        inQueueA1_.FreeTensor(a1);
        inQueueB1_.FreeTensor(b1);
    }

    // ---- vector cores ------------------------------------------------------------------------

    __aicore__ inline void ProcessVector()
    {
        const uint32_t tiles = MyTiles();
        for (uint32_t j = 0; j < tiles; ++j) {
            const Tile t = TileAt(j);
            const uint32_t slot = j % BUFFER_NUM;
            const uint32_t row0 = subIdx_ * halfRows_;
            const uint32_t rows = t.mCur > row0 ? MinOf(halfRows_, t.mCur - row0) : 0;
            if (rows > 0) {
                CopyInScales(t, row0, rows);
            }
            CrossCoreWaitFlag<2, PIPE_MTE2>(FLAG_TILE_READY + slot);
            if (rows > 0) {
                CopyInTile(t, slot, row0, rows);
            }
            CrossCoreSetFlag<2, PIPE_MTE2>(FLAG_SLOT_FREE + slot);  // once this core's reads of the slot are done
            if (rows > 0) {
                Dequant(t, row0, rows);
            }
        }
    }

    __aicore__ inline void CopyInScales(const Tile& t, uint32_t row0, uint32_t rows)
    {
        LocalTensor<float> scale = inQueueScale_.AllocTensor<float>();
        DataCopyPad(scale, scaleGm_[t.n0], DataCopyExtParams{1, t.nCur * static_cast<uint32_t>(sizeof(float)), 0, 0, 0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        inQueueScale_.EnQue(scale);
        LocalTensor<float> token = inQueueToken_.AllocTensor<float>();
        DataCopyPad(token, tokenGm_[t.m0 + row0], DataCopyExtParams{1, rows * static_cast<uint32_t>(sizeof(float)), 0, 0, 0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        inQueueToken_.EnQue(token);
    }

    // Rows [row0, row0 + rows) of the slot's tile (rows baseN apart) -> UB rows rowStride_ apart.
    __aicore__ inline void CopyInTile(const Tile& t, uint32_t slot, uint32_t row0, uint32_t rows)
    {
        LocalTensor<int32_t> acc = inQueueAcc_.AllocTensor<int32_t>();
        const uint32_t rowBytes = t.nCur * static_cast<uint32_t>(sizeof(int32_t));
        const uint32_t gapBlocks = (rowStride_ * static_cast<uint32_t>(sizeof(int32_t)) - CeilAlign(rowBytes, 32)) / 32;
        DataCopyPad(acc, slotGm_[slot * baseM_ * baseN_ + row0 * baseN_],
                    DataCopyExtParams{static_cast<uint16_t>(rows), rowBytes,
                                      (baseN_ - t.nCur) * static_cast<uint32_t>(sizeof(int32_t)), gapBlocks, 0},
                    DataCopyPadExtParams<int32_t>{false, 0, 0, 0});
        inQueueAcc_.EnQue(acc);
    }

    __aicore__ inline void Dequant(const Tile& t, uint32_t row0, uint32_t rows)
    {
        LocalTensor<int32_t> acc = inQueueAcc_.DeQue<int32_t>();
        LocalTensor<float> scale = inQueueScale_.DeQue<float>();
        LocalTensor<float> token = inQueueToken_.DeQue<float>();
        LocalTensor<float> value = floatBuf_.Get<float>();
        LocalTensor<float> tokenBlocks = tokenBlocksBuf_.Get<float>();
        const uint32_t elems = rows * rowStride_;
        Cast(value, acc, RoundMode::CAST_RINT, elems);  // int32 -> float, ties to even like the reference
        inQueueAcc_.FreeTensor(acc);
        // One 32-byte block per row holding its token scale.
        Brcb(tokenBlocks, token, static_cast<uint8_t>(CeilDiv(rows, FLOATS_PER_BLOCK)), BrcbRepeatParams(1, 8));
        inQueueToken_.FreeTensor(token);
        PipeBarrier<PIPE_V>();
        // Column block b (64 lanes) of every row in one instruction of `rows` repeats: first the
        // channel scales (the same 64 values for every row: repeat stride 0), then the row's token
        // scale (its block, block stride 0). A partial last block enables only its valid lanes.
        const uint8_t rowBlocks = static_cast<uint8_t>(rowStride_ / FLOATS_PER_BLOCK);
        const uint32_t colBlocks = CeilDiv(t.nCur, FLOATS_PER_REPEAT);
        const BinaryRepeatParams byChannel(1, 1, 1, rowBlocks, rowBlocks, 0);
        const BinaryRepeatParams byToken(1, 1, 0, rowBlocks, rowBlocks, 1);
        for (uint32_t b = 0; b < colBlocks; ++b) {
            const uint64_t lanes = MinOf(t.nCur - b * FLOATS_PER_REPEAT, FLOATS_PER_REPEAT);
            Mul(value[b * FLOATS_PER_REPEAT], value[b * FLOATS_PER_REPEAT], scale[b * FLOATS_PER_REPEAT], lanes,
                static_cast<uint8_t>(rows), byChannel);
        }
        PipeBarrier<PIPE_V>();
        for (uint32_t b = 0; b < colBlocks; ++b) {
            const uint64_t lanes = MinOf(t.nCur - b * FLOATS_PER_REPEAT, FLOATS_PER_REPEAT);
            Mul(value[b * FLOATS_PER_REPEAT], value[b * FLOATS_PER_REPEAT], tokenBlocks, lanes,
                static_cast<uint8_t>(rows), byToken);
        }
        inQueueScale_.FreeTensor(scale);
        PipeBarrier<PIPE_V>();
        LocalTensor<T> out = outQueueY_.AllocTensor<T>();
        Cast(out, value, RoundMode::CAST_RINT, elems);
        outQueueY_.EnQue(out);
        out = outQueueY_.DeQue<T>();
        // UB rows are rowStride_ elements apart: after a row's nCur elements (padded to 32 bytes)
        // the rest of the stride is a gap of whole blocks.
        const uint32_t outRowBytes = t.nCur * static_cast<uint32_t>(sizeof(T));
        const uint32_t outGapBlocks =
            (rowStride_ * static_cast<uint32_t>(sizeof(T)) - CeilAlign(outRowBytes, 32)) / 32;
        DataCopyPad(yGm_[static_cast<uint64_t>(t.m0 + row0) * n_ + t.n0], out,
                    DataCopyExtParams{static_cast<uint16_t>(rows), outRowBytes, outGapBlocks,
                                      (n_ - t.nCur) * static_cast<uint32_t>(sizeof(T)), 0});
        outQueueY_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::A1, BUFFER_NUM> inQueueA1_;
    TQue<QuePosition::B1, BUFFER_NUM> inQueueB1_;
    TQue<QuePosition::A2, BUFFER_NUM> inQueueA2_;
    TQue<QuePosition::B2, BUFFER_NUM> inQueueB2_;
    TQue<QuePosition::CO1, BUFFER_NUM> outQueueCO1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueAcc_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueScale_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueToken_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TBuf<TPosition::VECCALC> floatBuf_;
    TBuf<TPosition::VECCALC> tokenBlocksBuf_;
    GlobalTensor<int8_t> xGm_;
    GlobalTensor<int8_t> wGm_;
    GlobalTensor<float> scaleGm_;
    GlobalTensor<float> tokenGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<int32_t> slotGm_;
    uint32_t m_ = 0;
    uint32_t n_ = 0;
    uint32_t k_ = 0;
    uint32_t baseM_ = 0;
    uint32_t baseN_ = 0;
    uint32_t baseK_ = 0;
    uint32_t kL1_ = 0;
    uint32_t nTiles_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t coreNum_ = 0;
    uint32_t kChunks_ = 0;
    uint32_t cubeIdx_ = 0;
    uint32_t subIdx_ = 0;
    uint32_t halfRows_ = 0;
    uint32_t rowStride_ = 0;
};

extern "C" __global__ __aicore__ void quant_matmul(GM_ADDR x, GM_ADDR weight, GM_ADDR scale, GM_ADDR pertokenScale,
                                                   GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA(tilingData, tiling);
    KernelQuantMatmul<DTYPE_Y> op;
    op.Init(x, weight, scale, pertokenScale, y, workspace, tilingData);
    op.Process();
}
