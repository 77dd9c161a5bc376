#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FRACTAL = 16;      // rows of a cube fractal (M and N direction)
constexpr uint32_t BIAS_BLOCK = 64;   // L1 -> bias table moves 64-byte blocks
constexpr uint32_t MAX_REPEAT = 255;  // LoadData repeat count is 8-bit

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t CeilAlign(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }
__aicore__ inline uint32_t MinOf(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// y = x @ w^T + bias on the cube unit (a linear layer: w is [N, K], one row per output feature).
// Each core owns output tiles (baseM x baseN) round-robin. A tile's K is walked in L1 chunks (x and
// w brought in with ND->NZ DataCopy, double-buffered so the next chunk loads while this one
// computes) and, inside a chunk, in L0 steps (baseK, L0A / L0B ping-pong). w's rows are the
// columns of B: its NZ fractals are already the Zn fractals L0B wants, so a chunk step moves into
// L0B with one LoadData and no transpose, for every input type. The tile's float32 bias goes
// GM -> L1 -> bias table and initialises L0C in the first Mmad; Fixpipe writes the tile as ND rows.
template <typename T>
class KernelMatmulBias {
    static constexpr uint32_t C0 = 32 / sizeof(T);           // K elements per fractal row
    static constexpr uint32_t FRACTAL_ELEMS = FRACTAL * C0;  // one 512-byte fractal

public:
    __aicore__ inline KernelMatmulBias() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR bias, GM_ADDR y, const MatmulBiasTilingData& t)
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
        kChunks_ = CeilDiv(k_, kL1_);
        xGm_.SetGlobalBuffer((__gm__ T*)x, static_cast<uint64_t>(m_) * k_);
        wGm_.SetGlobalBuffer((__gm__ T*)w, static_cast<uint64_t>(n_) * k_);
        biasGm_.SetGlobalBuffer((__gm__ float*)bias, n_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, static_cast<uint64_t>(m_) * n_);
        const uint32_t biasBytes = CeilAlign(baseN_ * sizeof(float), BIAS_BLOCK);
        pipe_.InitBuffer(inQueueA1_, BUFFER_NUM, baseM_ * kL1_ * sizeof(T));
        pipe_.InitBuffer(inQueueB1_, BUFFER_NUM, baseN_ * kL1_ * sizeof(T));
        pipe_.InitBuffer(inQueueBias1_, BUFFER_NUM, biasBytes);
        pipe_.InitBuffer(inQueueA2_, BUFFER_NUM, baseM_ * baseK_ * sizeof(T));
        pipe_.InitBuffer(inQueueB2_, BUFFER_NUM, baseK_ * baseN_ * sizeof(T));
        pipe_.InitBuffer(inQueueBias2_, BUFFER_NUM, biasBytes);
        pipe_.InitBuffer(outQueueCO1_, BUFFER_NUM, baseM_ * baseN_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        // This core's work is a sequence of steps (tile, K chunk); the step after the current
        // one is always loaded before the current one is computed.
        const uint32_t coreNum = GetBlockNum();
        const uint32_t myTiles = tileNum_ > GetBlockIdx() ? CeilDiv(tileNum_ - GetBlockIdx(), coreNum) : 0;
        const uint32_t steps = myTiles * kChunks_;
        if (steps == 0) {
            return;
        }
        CopyInStep(0);
        LocalTensor<float> c;
        for (uint32_t s = 0; s < steps; ++s) {
            if (s + 1 < steps) {
                CopyInStep(s + 1);
            }
            const uint32_t chunk = s % kChunks_;
            if (chunk == 0) {
                c = outQueueCO1_.AllocTensor<float>();
            }
            ComputeStep(s, c);
            if (chunk + 1 == kChunks_) {
                outQueueCO1_.EnQue(c);
                CopyOut(s);
            }
        }
    }

private:
    struct Step {
        uint32_t m0;
        uint32_t n0;
        uint32_t k0;
        uint32_t mCur;
        uint32_t nCur;
        uint32_t kCur;
    };

    __aicore__ inline Step StepAt(uint32_t s) const
    {
        const uint32_t tile = GetBlockIdx() + (s / kChunks_) * GetBlockNum();
        Step st;
        st.m0 = (tile / nTiles_) * baseM_;
        st.n0 = (tile % nTiles_) * baseN_;
        st.k0 = (s % kChunks_) * kL1_;
        st.mCur = MinOf(baseM_, m_ - st.m0);
        st.nCur = MinOf(baseN_, n_ - st.n0);
        st.kCur = MinOf(kL1_, k_ - st.k0);
        return st;
    }

    // GM -> L1 with ND -> NZ: x (mCur x kCur) and w (nCur x kCur) as 16 x C0 fractals, columns of
    // fractals CeilAlign(rows, 16) rows apart; DataCopy pads each row of K with zeros to C0.
    // With the tile's first chunk, its bias row (zero-padded to 32 bytes) goes to L1 as well.
    __aicore__ inline void CopyInStep(uint32_t s)
    {
        const Step st = StepAt(s);
        LocalTensor<T> a1 = inQueueA1_.AllocTensor<T>();
        DataCopy(a1, xGm_[static_cast<uint64_t>(st.m0) * k_ + st.k0], NzParams(st.mCur, st.kCur));
        inQueueA1_.EnQue(a1);
        LocalTensor<T> b1 = inQueueB1_.AllocTensor<T>();
        DataCopy(b1, wGm_[static_cast<uint64_t>(st.n0) * k_ + st.k0], NzParams(st.nCur, st.kCur));
        inQueueB1_.EnQue(b1);
        if (st.k0 == 0) {
            LocalTensor<float> bias1 = inQueueBias1_.AllocTensor<float>();
            Nd2NzParams biasParams;
            biasParams.ndNum = 1;
            biasParams.nValue = 1;
            biasParams.dValue = static_cast<uint16_t>(st.nCur);
            biasParams.srcNdMatrixStride = 0;
            biasParams.srcDValue = static_cast<uint16_t>(n_);
            biasParams.dstNzC0Stride = 1;
            biasParams.dstNzNStride = 1;
            biasParams.dstNzMatrixStride = 0;
            DataCopy(bias1, biasGm_[st.n0], biasParams);
            inQueueBias1_.EnQue(bias1);
        }
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

    __aicore__ inline void ComputeStep(uint32_t s, const LocalTensor<float>& c)
    {
        const Step st = StepAt(s);
        LocalTensor<T> a1 = inQueueA1_.DeQue<T>();
        LocalTensor<T> b1 = inQueueB1_.DeQue<T>();
        const uint32_t mAlign = CeilAlign(st.mCur, FRACTAL);
        const uint32_t mBlocks = mAlign / FRACTAL;
        const uint32_t nBlocks = CeilDiv(st.nCur, FRACTAL);
        LocalTensor<float> bias2;
        if (st.k0 == 0) {
            // L1 -> bias table (C1 -> C2), whole 64-byte blocks.
            LocalTensor<float> bias1 = inQueueBias1_.DeQue<float>();
            bias2 = inQueueBias2_.AllocTensor<float>();
            DataCopyParams biasCopy;
            biasCopy.blockCount = 1;
            biasCopy.blockLen = static_cast<uint16_t>(CeilDiv(st.nCur * sizeof(float), BIAS_BLOCK));
            biasCopy.srcStride = 0;
            biasCopy.dstStride = 0;
            DataCopy(bias2, bias1, biasCopy);
            inQueueBias1_.FreeTensor(bias1);
            inQueueBias2_.EnQue(bias2);
            bias2 = inQueueBias2_.DeQue<float>();
        }
        for (uint32_t kk = 0; kk < st.kCur; kk += baseK_) {
            const uint32_t kStep = MinOf(baseK_, st.kCur - kk);
            const uint32_t kBlocks = CeilDiv(kStep, C0);
            const uint32_t kBlock0 = kk / C0;

            // L1 (NZ: fractal (i, j) at j * mAlign + i * 16 rows) -> L0A (Zz: fractal (i, j) at
            // i * kBlocks + j): one LoadData per fractal row, its kBlocks fractals mBlocks apart.
            LocalTensor<T> a2 = inQueueA2_.AllocTensor<T>();
            LoadData2DParams aLoad;
            aLoad.startIndex = 0;
            aLoad.repeatTimes = static_cast<uint8_t>(kBlocks);
            aLoad.srcStride = static_cast<uint16_t>(mBlocks);
            aLoad.sid = 0;
            aLoad.dstGap = 0;
            aLoad.ifTranspose = false;
            for (uint32_t i = 0; i < mBlocks; ++i) {
                LoadData(a2[i * kBlocks * FRACTAL_ELEMS], a1[(kBlock0 * mAlign + i * FRACTAL) * C0], aLoad);
            }
            inQueueA2_.EnQue(a2);

            // w in L1 (NZ of N x K: fractal (l, j) at j * nBlocks + l) is B in Zn order already:
            // the step's kBlocks * nBlocks fractals are contiguous, copied as they are.
            LocalTensor<T> b2 = inQueueB2_.AllocTensor<T>();
            const uint32_t fractals = kBlocks * nBlocks;
            LoadData2DParams bLoad;
            bLoad.sid = 0;
            bLoad.srcStride = 1;
            bLoad.dstGap = 0;
            bLoad.ifTranspose = false;
            for (uint32_t f = 0; f < fractals; f += MAX_REPEAT) {
                bLoad.startIndex = 0;
                bLoad.repeatTimes = static_cast<uint8_t>(MinOf(MAX_REPEAT, fractals - f));
                LoadData(b2[f * FRACTAL_ELEMS], b1[(kBlock0 * nBlocks + f) * FRACTAL_ELEMS], bLoad);
            }
            inQueueB2_.EnQue(b2);

            a2 = inQueueA2_.DeQue<T>();
            b2 = inQueueB2_.DeQue<T>();
            MmadParams mm;
            // m is padded to whole fractals: with m == 1 the cube would switch to GEMV mode, which
            // reads L0A as one contiguous row rather than Zz fractals. Padding rows are never stored.
            mm.m = static_cast<uint16_t>(mAlign);
            mm.n = static_cast<uint16_t>(st.nCur);
            mm.k = static_cast<uint16_t>(kStep);
            mm.cmatrixInitVal = false;
            mm.cmatrixSource = false;
            if (st.k0 == 0 && kk == 0) {
                Mmad(c, a2, b2, bias2, mm);  // L0C = bias + x w^T
            } else {
                Mmad(c, a2, b2, mm);         // L0C += x w^T
            }
            inQueueA2_.FreeTensor(a2);
            inQueueB2_.FreeTensor(b2);
        }
        if (st.k0 == 0) {
            inQueueBias2_.FreeTensor(bias2);
        }
        inQueueA1_.FreeTensor(a1);
        inQueueB1_.FreeTensor(b1);
    }

    // L0C (NZ, float32) -> GM as ND rows of the output type (F322F16 / F322BF16 rounding, or none).
    __aicore__ inline void CopyOut(uint32_t s)
    {
        const Step st = StepAt(s);
        LocalTensor<float> c = outQueueCO1_.DeQue<float>();
        FixpipeParamsV220 params;
        params.nSize = static_cast<uint16_t>(st.nCur);
        params.mSize = static_cast<uint16_t>(st.mCur);
        params.srcStride = static_cast<uint16_t>(CeilAlign(st.mCur, FRACTAL));
        params.dstStride = n_;
        params.ndNum = 1;
        params.srcNdStride = 0;
        params.dstNdStride = 0;
        if constexpr (IsSameType<T, half>::value) {
            params.quantPre = QuantMode_t::F322F16;
        } else if constexpr (IsSameType<T, bfloat16_t>::value) {
            params.quantPre = QuantMode_t::F322BF16;
        } else {
            params.quantPre = QuantMode_t::NoQuant;
        }
        Fixpipe<T, float, CFG_ROW_MAJOR>(yGm_[static_cast<uint64_t>(st.m0) * n_ + st.n0], c, params);
        outQueueCO1_.FreeTensor(c);
    }

    TPipe pipe_;
    TQue<QuePosition::A1, BUFFER_NUM> inQueueA1_;
    TQue<QuePosition::B1, BUFFER_NUM> inQueueB1_;
    TQue<QuePosition::C1, BUFFER_NUM> inQueueBias1_;
    TQue<QuePosition::A2, BUFFER_NUM> inQueueA2_;
    TQue<QuePosition::B2, BUFFER_NUM> inQueueB2_;
    TQue<QuePosition::C2, BUFFER_NUM> inQueueBias2_;
    TQue<QuePosition::CO1, BUFFER_NUM> outQueueCO1_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> wGm_;
    GlobalTensor<float> biasGm_;
    GlobalTensor<T> yGm_;
    uint32_t m_ = 0;
    uint32_t n_ = 0;
    uint32_t k_ = 0;
    uint32_t baseM_ = 0;
    uint32_t baseN_ = 0;
    uint32_t baseK_ = 0;
    uint32_t kL1_ = 0;
    uint32_t nTiles_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t kChunks_ = 0;
};

extern "C" __global__ __aicore__ void matmul_bias(GM_ADDR x, GM_ADDR weight, GM_ADDR bias, GM_ADDR y,
                                                  GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    GET_TILING_DATA(tilingData, tiling);
    KernelMatmulBias<DTYPE_X> op;
    op.Init(x, weight, bias, y, tilingData);
    op.Process();
}
