#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FRACTAL = 16;                      // 16 x 16 fractals for 16-bit operands
constexpr uint32_t FRACTAL_ELEMS = FRACTAL * FRACTAL;  // one 512-byte fractal

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t CeilAlign(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }
__aicore__ inline uint32_t MinOf(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// C = A @ B on the cube unit. Each core owns output tiles (baseM x baseN) round-robin. A tile's K
// is walked in L1 chunks (kL1: A and B brought in with ND->NZ DataCopy, double-buffered so the
// next chunk loads while this one computes) and, inside a chunk, in L0 steps (baseK: A loaded
// into L0A in Zz order, B into L0B in Zn order with the fractal transpose, both ping-ponged);
// Mmad accumulates the steps in L0C (float32), and Fixpipe writes the tile to GM as ND rows,
// rounding to the output type on the way.
template <typename T>
class KernelMatmul {
public:
    __aicore__ inline KernelMatmul() {}

    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, const MatmulTilingData& t)
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
        aGm_.SetGlobalBuffer((__gm__ T*)a, static_cast<uint64_t>(m_) * k_);
        bGm_.SetGlobalBuffer((__gm__ T*)b, static_cast<uint64_t>(k_) * n_);
        cGm_.SetGlobalBuffer((__gm__ T*)c, static_cast<uint64_t>(m_) * n_);
        pipe_.InitBuffer(inQueueA1_, BUFFER_NUM, baseM_ * kL1_ * sizeof(T));
        pipe_.InitBuffer(inQueueB1_, BUFFER_NUM, kL1_ * baseN_ * sizeof(T));
        pipe_.InitBuffer(inQueueA2_, BUFFER_NUM, baseM_ * baseK_ * sizeof(T));
        pipe_.InitBuffer(inQueueB2_, BUFFER_NUM, baseK_ * baseN_ * sizeof(T));
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

    // GM -> L1 with ND -> NZ: A (mCur x kCur) and B (kCur x nCur) as 16 x 16 fractals, columns
    // of fractals CeilAlign(rows, 16) rows apart; DataCopy pads each row to 16 elements with 0.
    __aicore__ inline void CopyInStep(uint32_t s)
    {
        const Step st = StepAt(s);
        LocalTensor<T> a1 = inQueueA1_.AllocTensor<T>();
        Nd2NzParams aParams;
        aParams.ndNum = 1;
        aParams.nValue = static_cast<uint16_t>(st.mCur);
        aParams.dValue = static_cast<uint16_t>(st.kCur);
        aParams.srcNdMatrixStride = 0;
        aParams.srcDValue = static_cast<uint16_t>(k_);
        aParams.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(st.mCur, FRACTAL));
        aParams.dstNzNStride = 1;
        aParams.dstNzMatrixStride = 0;
        DataCopy(a1, aGm_[static_cast<uint64_t>(st.m0) * k_ + st.k0], aParams);
        inQueueA1_.EnQue(a1);

        LocalTensor<T> b1 = inQueueB1_.AllocTensor<T>();
        Nd2NzParams bParams;
        bParams.ndNum = 1;
        bParams.nValue = static_cast<uint16_t>(st.kCur);
        bParams.dValue = static_cast<uint16_t>(st.nCur);
        bParams.srcNdMatrixStride = 0;
        bParams.srcDValue = static_cast<uint16_t>(n_);
        bParams.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(st.kCur, FRACTAL));
        bParams.dstNzNStride = 1;
        bParams.dstNzMatrixStride = 0;
        DataCopy(b1, bGm_[static_cast<uint64_t>(st.k0) * n_ + st.n0], bParams);
        inQueueB1_.EnQue(b1);
    }

    __aicore__ inline void ComputeStep(uint32_t s, const LocalTensor<float>& c)
    {
        const Step st = StepAt(s);
        LocalTensor<T> a1 = inQueueA1_.DeQue<T>();
        LocalTensor<T> b1 = inQueueB1_.DeQue<T>();
        const uint32_t mAlign = CeilAlign(st.mCur, FRACTAL);
        const uint32_t kAlignL1 = CeilAlign(st.kCur, FRACTAL);
        const uint32_t mBlocks = mAlign / FRACTAL;
        const uint32_t nBlocks = CeilDiv(st.nCur, FRACTAL);
        for (uint32_t kk = 0; kk < st.kCur; kk += baseK_) {
            const uint32_t kStep = MinOf(baseK_, st.kCur - kk);
            const uint32_t kBlocks = CeilDiv(kStep, FRACTAL);
            const uint32_t kBlock0 = kk / FRACTAL;

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
                LoadData(a2[i * kBlocks * FRACTAL_ELEMS], a1[(kBlock0 * mAlign + i * FRACTAL) * FRACTAL], aLoad);
            }
            inQueueA2_.EnQue(a2);

            // L1 (NZ of K x N: fractal (j, l) at l * kAlignL1 + j * 16 rows) -> L0B (Zn: fractal
            // (j, l) at j * nBlocks + l, each fractal transposed): one LoadData per K fractal row.
            LocalTensor<T> b2 = inQueueB2_.AllocTensor<T>();
            LoadData2DParams bLoad;
            bLoad.startIndex = 0;
            bLoad.repeatTimes = static_cast<uint8_t>(nBlocks);
            bLoad.srcStride = static_cast<uint16_t>(kAlignL1 / FRACTAL);
            bLoad.sid = 0;
            bLoad.dstGap = 0;
            bLoad.ifTranspose = true;
            for (uint32_t j = 0; j < kBlocks; ++j) {
                LoadData(b2[j * nBlocks * FRACTAL_ELEMS], b1[(kBlock0 + j) * FRACTAL_ELEMS], bLoad);
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
            mm.cmatrixInitVal = (st.k0 == 0 && kk == 0);
            mm.cmatrixSource = false;
            Mmad(c, a2, b2, mm);
            inQueueA2_.FreeTensor(a2);
            inQueueB2_.FreeTensor(b2);
        }
        inQueueA1_.FreeTensor(a1);
        inQueueB1_.FreeTensor(b1);
    }

    // L0C (NZ, float32) -> GM as ND rows of the output type (F322F16 / F322BF16 rounding).
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
        } else {
            params.quantPre = QuantMode_t::F322BF16;
        }
        Fixpipe<T, float, CFG_ROW_MAJOR>(cGm_[static_cast<uint64_t>(st.m0) * n_ + st.n0], c, params);
        outQueueCO1_.FreeTensor(c);
    }

    TPipe pipe_;
    TQue<QuePosition::A1, BUFFER_NUM> inQueueA1_;
    TQue<QuePosition::B1, BUFFER_NUM> inQueueB1_;
    TQue<QuePosition::A2, BUFFER_NUM> inQueueA2_;
    TQue<QuePosition::B2, BUFFER_NUM> inQueueB2_;
    TQue<QuePosition::CO1, BUFFER_NUM> outQueueCO1_;
    GlobalTensor<T> aGm_;
    GlobalTensor<T> bGm_;
    GlobalTensor<T> cGm_;
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

extern "C" __global__ __aicore__ void matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    GET_TILING_DATA(tilingData, tiling);
    KernelMatmul<DTYPE_A> op;
    op.Init(a, b, c, tilingData);
    op.Process();
}
