#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t FRACTAL = 16;                      // 16 x 16 fractals for 16-bit operands
constexpr uint32_t FRACTAL_ELEMS = FRACTAL * FRACTAL;
constexpr uint32_t MAX_REPEAT = 255;
constexpr uint32_t BLOCK_BYTES = 32;
// Cross-core flags (mode 2: a cube core and its two vector cores), one per workspace slot:
// "the unit's scores are in slot s" (cube -> vector), "its probabilities are in slot s" (vector -> cube).
constexpr uint16_t FLAG_SCORES = 0;  // + slot
constexpr uint16_t FLAG_PROBS = 2;   // + slot

__aicore__ inline uint32_t CeilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }
__aicore__ inline uint32_t CeilAlign(uint32_t a, uint32_t b) { return CeilDiv(a, b) * b; }
__aicore__ inline uint32_t MinOf(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// out = softmax(scale * Q K^T [causal mask]) V per head, in one mixed launch. A unit of work is
// baseM query rows of one head; the units are shared round-robin by the cube cores. For unit j the
// cube core computes the float32 scores S = Q K^T tile by tile (K's rows are the columns of B: its
// NZ fractals are L0B's Zn fractals as they are) into workspace slot j % 2 and signals its two
// vector cores; each takes half of the rows: scale, row max, exp, row sum, normalise (on the
// visible keys only: a causal row's keys end at i + sk - sq), rounded to the input type into the
// probability slot, and signals back. The cube core then computes P V (V row-major: LoadData
// transposes its fractals into Zn) and Fixpipes the rows of the output. The cube computes the
// scores of unit j before the P V of unit j - 1, so the vector cores' softmax of one unit overlaps
// the cube work of the next.
template <typename T>
class KernelScaledDotProductAttention {
public:
    __aicore__ inline KernelScaledDotProductAttention() {}

    __aicore__ inline void Init(GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR out, GM_ADDR workspace,
                                const ScaledDotProductAttentionTilingData& t)
    {
        sq_ = t.sq;
        sk_ = t.sk;
        d_ = t.d;
        causal_ = t.causal != 0;
        baseM_ = t.baseM;
        scoreN_ = t.scoreN;
        pvK_ = t.pvK;
        pvKL1_ = t.pvKL1;
        rowStride_ = t.rowStride;
        qTiles_ = t.qTiles;
        coreNum_ = t.coreNum;
        softmaxRows_ = t.softmaxRows;
        scale_ = t.scale;
        unitNum_ = t.heads * t.qTiles;
        const uint32_t dAlign = CeilAlign(d_, FRACTAL);
        const uint64_t headElems = static_cast<uint64_t>(sk_) * d_;
        if ASCEND_IS_AIC {
            cubeIdx_ = GetBlockIdx();
            qGm_.SetGlobalBuffer((__gm__ T*)q, static_cast<uint64_t>(t.heads) * sq_ * d_);
            kGm_.SetGlobalBuffer((__gm__ T*)k, t.heads * headElems);
            vGm_.SetGlobalBuffer((__gm__ T*)v, t.heads * headElems);
            outGm_.SetGlobalBuffer((__gm__ T*)out, static_cast<uint64_t>(t.heads) * sq_ * d_);
            const uint32_t leftK = dAlign > pvKL1_ ? dAlign : pvKL1_;
            const uint32_t rightElems = scoreN_ > pvKL1_ ? scoreN_ * dAlign : pvKL1_ * dAlign;
            pipe_.InitBuffer(inQueueA1_, BUFFER_NUM, baseM_ * leftK * sizeof(T));
            pipe_.InitBuffer(inQueueB1_, BUFFER_NUM, rightElems * sizeof(T));
            pipe_.InitBuffer(inQueueA2_, BUFFER_NUM, baseM_ * (dAlign > pvK_ ? dAlign : pvK_) * sizeof(T));
            pipe_.InitBuffer(inQueueB2_, BUFFER_NUM, (scoreN_ > pvK_ ? scoreN_ : pvK_) * dAlign * sizeof(T));
            pipe_.InitBuffer(outQueueCO1_, BUFFER_NUM, baseM_ * (scoreN_ > dAlign ? scoreN_ : dAlign) * sizeof(float));
        } else {
            cubeIdx_ = GetBlockIdx() / GetTaskRatio();
            subIdx_ = GetSubBlockIdx();
            const uint32_t tileElems = softmaxRows_ * rowStride_;
            pipe_.InitBuffer(inQueueS_, BUFFER_NUM, tileElems * sizeof(float));
            pipe_.InitBuffer(outQueueP_, BUFFER_NUM, tileElems * sizeof(T));
            pipe_.InitBuffer(workBuf_, CeilAlign(CeilDiv(rowStride_, 64) * 2, 8) * sizeof(float));
            pipe_.InitBuffer(statBuf_, BLOCK_BYTES);
        }
        const uint64_t slotElems = static_cast<uint64_t>(baseM_) * rowStride_;
        __gm__ float* wsBase = (__gm__ float*)GetUserWorkspace(workspace);
        scoreGm_.SetGlobalBuffer(wsBase + cubeIdx_ * BUFFER_NUM * slotElems, BUFFER_NUM * slotElems);
        probGm_.SetGlobalBuffer((__gm__ T*)(wsBase + coreNum_ * BUFFER_NUM * slotElems) + cubeIdx_ * BUFFER_NUM * slotElems,
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
    struct Unit {
        uint32_t head;
        uint32_t m0;
        uint32_t mCur;
        uint32_t keys;  // keys visible to some row of the unit (all for a non-causal head)
    };

    __aicore__ inline uint32_t MyUnits() const
    {
        return unitNum_ > cubeIdx_ ? CeilDiv(unitNum_ - cubeIdx_, coreNum_) : 0;
    }

    __aicore__ inline Unit UnitAt(uint32_t j) const
    {
        const uint32_t unit = cubeIdx_ + j * coreNum_;
        Unit u;
        u.head = unit / qTiles_;
        u.m0 = (unit % qTiles_) * baseM_;
        u.mCur = MinOf(baseM_, sq_ - u.m0);
        u.keys = causal_ ? MinOf(sk_, u.m0 + u.mCur + sk_ - sq_) : sk_;
        return u;
    }

    // Keys visible to query row i: all, or with the causal mask those up to i + sk - sq.
    __aicore__ inline uint32_t VisibleKeys(uint32_t i) const { return causal_ ? MinOf(sk_, i + sk_ - sq_ + 1) : sk_; }

    // ---- cube core ---------------------------------------------------------------------------

    __aicore__ inline void ProcessCube()
    {
        const uint32_t units = MyUnits();
        for (uint32_t j = 0; j < units; ++j) {
            ComputeScores(UnitAt(j), j % BUFFER_NUM);
            CrossCoreSetFlag<2, PIPE_FIX>(FLAG_SCORES + j % BUFFER_NUM);
            if (j > 0) {
                CrossCoreWaitFlag<2, PIPE_MTE2>(FLAG_PROBS + (j - 1) % BUFFER_NUM);
                ComputeValues(UnitAt(j - 1), (j - 1) % BUFFER_NUM);
            }
        }
        if (units > 0) {
            CrossCoreWaitFlag<2, PIPE_MTE2>(FLAG_PROBS + (units - 1) % BUFFER_NUM);
            ComputeValues(UnitAt(units - 1), (units - 1) % BUFFER_NUM);
        }
    }

    // S[unit rows, visible keys] = Q K^T in float32, score tile by score tile, into the slot.
    __aicore__ inline void ComputeScores(const Unit& u, uint32_t slot)
    {
        const uint64_t qOffset = (static_cast<uint64_t>(u.head) * sq_ + u.m0) * d_;
        const uint32_t dAlign = CeilAlign(d_, FRACTAL);
        for (uint32_t n0 = 0; n0 < u.keys; n0 += scoreN_) {
            const uint32_t nCur = MinOf(scoreN_, u.keys - n0);
            const uint64_t kOffset = (static_cast<uint64_t>(u.head) * sk_ + n0) * d_;
            LocalTensor<float> c = MatmulTile(qOffset, d_, kOffset, d_, false, u.mCur, nCur, d_, dAlign, dAlign);
            FixpipeParamsV220 params;
            params.nSize = static_cast<uint16_t>(nCur);
            params.mSize = static_cast<uint16_t>(u.mCur);
            params.srcStride = static_cast<uint16_t>(CeilAlign(u.mCur, FRACTAL));
            params.dstStride = rowStride_;
            params.ndNum = 1;
            params.srcNdStride = 0;
            params.dstNdStride = 0;
            params.quantPre = QuantMode_t::NoQuant;
            Fixpipe<float, float, CFG_ROW_MAJOR>(scoreGm_[slot * baseM_ * rowStride_ + n0], c, params);
            outQueueCO1_.FreeTensor(c);
        }
    }

    // out[unit rows] = P V over the visible keys, rounded to T by Fixpipe.
    __aicore__ inline void ComputeValues(const Unit& u, uint32_t slot)
    {
        const uint64_t vOffset = static_cast<uint64_t>(u.head) * sk_ * d_;
        LocalTensor<float> c =
            MatmulTile(static_cast<uint64_t>(slot) * baseM_ * rowStride_, rowStride_, vOffset, d_, true, u.mCur, d_, u.keys,
                       pvKL1_, pvK_);
        FixpipeParamsV220 params;
        params.nSize = static_cast<uint16_t>(d_);
        params.mSize = static_cast<uint16_t>(u.mCur);
        params.srcStride = static_cast<uint16_t>(CeilAlign(u.mCur, FRACTAL));
        params.dstStride = d_;
        params.ndNum = 1;
        params.srcNdStride = 0;
        params.dstNdStride = 0;
        params.quantPre = IsSameType<T, half>::value ? QuantMode_t::F322F16 : QuantMode_t::F322BF16;
        Fixpipe<T, float, CFG_ROW_MAJOR>(outGm_[(static_cast<uint64_t>(u.head) * sq_ + u.m0) * d_], c, params);
        outQueueCO1_.FreeTensor(c);
    }

    // One output tile C = A B (float32 in L0C, returned dequeued for Fixpipe). A: m rows of the
    // score phase's Q (fromProbs false) or the probability slot (true), row stride lda. B: for the
    // scores the rows of K ([n, k] layout, ldb = d), for the values V ([k, n] layout, ldb = d).
    // K is walked in L1 chunks (the next one loads while this one computes) and L0 steps.
    __aicore__ inline LocalTensor<float> MatmulTile(uint64_t aOffset, uint32_t lda, uint64_t bOffset, uint32_t ldb,
                                                    bool values, uint32_t m, uint32_t n, uint32_t kTotal, uint32_t kL1,
                                                    uint32_t baseK)
    {
        LocalTensor<float> c = outQueueCO1_.AllocTensor<float>();
        const uint32_t chunks = CeilDiv(kTotal, kL1);
        LoadChunk(aOffset, lda, bOffset, ldb, values, m, n, 0, MinOf(kL1, kTotal));
        for (uint32_t ch = 0; ch < chunks; ++ch) {
            const uint32_t k0 = ch * kL1;
            if (ch + 1 < chunks) {
                const uint32_t k1 = k0 + kL1;
                LoadChunk(aOffset, lda, bOffset, ldb, values, m, n, k1, MinOf(kL1, kTotal - k1));
            }
            ComputeChunk(values, m, n, MinOf(kL1, kTotal - k0), baseK, ch == 0, c);
        }
        outQueueCO1_.EnQue(c);
        return outQueueCO1_.DeQue<float>();
    }

    // GM -> L1 with ND -> NZ (rows padded with zeros to 16 elements).
    __aicore__ inline void LoadChunk(uint64_t aOffset, uint32_t lda, uint64_t bOffset, uint32_t ldb, bool values,
                                     uint32_t m, uint32_t n, uint32_t k0, uint32_t kCur)
    {
        LocalTensor<T> a1 = inQueueA1_.AllocTensor<T>();
        if (values) {
            DataCopy(a1, probGm_[aOffset + k0], NzParams(m, kCur, lda));
        } else {
            DataCopy(a1, qGm_[aOffset + k0], NzParams(m, kCur, lda));
        }
        inQueueA1_.EnQue(a1);
        LocalTensor<T> b1 = inQueueB1_.AllocTensor<T>();
        if (values) {
            DataCopy(b1, vGm_[bOffset + static_cast<uint64_t>(k0) * ldb], NzParams(kCur, n, ldb));  // K x N
        } else {
            DataCopy(b1, kGm_[bOffset + k0], NzParams(n, kCur, ldb));                              // N x K
        }
        inQueueB1_.EnQue(b1);
    }

    __aicore__ inline Nd2NzParams NzParams(uint32_t rows, uint32_t cols, uint32_t ld) const
    {
        Nd2NzParams p;
        p.ndNum = 1;
        p.nValue = static_cast<uint16_t>(rows);
        p.dValue = static_cast<uint16_t>(cols);
        p.srcNdMatrixStride = 0;
        p.srcDValue = static_cast<uint16_t>(ld);
        p.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(rows, FRACTAL));
        p.dstNzNStride = 1;
        p.dstNzMatrixStride = 0;
        return p;
    }

    __aicore__ inline void ComputeChunk(bool values, uint32_t m, uint32_t n, uint32_t kCur, uint32_t baseK, bool first,
                                        const LocalTensor<float>& c)
    {
        LocalTensor<T> a1 = inQueueA1_.DeQue<T>();
        LocalTensor<T> b1 = inQueueB1_.DeQue<T>();
        const uint32_t mAlign = CeilAlign(m, FRACTAL);
        const uint32_t mBlocks = mAlign / FRACTAL;
        const uint32_t nBlocks = CeilDiv(n, FRACTAL);
        const uint32_t kAlignL1 = CeilAlign(kCur, FRACTAL);
        for (uint32_t kk = 0; kk < kCur; kk += baseK) {
            const uint32_t kStep = MinOf(baseK, kCur - kk);
            const uint32_t kBlocks = CeilDiv(kStep, FRACTAL);
            const uint32_t kBlock0 = kk / FRACTAL;

            // A: L1 NZ (fractal (i, j) at j * mBlocks + i) -> L0A Zz (fractal (i, j) at i * kBlocks + j).
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

            LocalTensor<T> b2 = inQueueB2_.AllocTensor<T>();
            LoadData2DParams bLoad;
            bLoad.startIndex = 0;
            bLoad.sid = 0;
            bLoad.dstGap = 0;
            if (values) {
                // V (NZ of K x N: fractal (j, l) at l * kAlignL1 / 16 + j) -> Zn (fractal (j, l) at
                // j * nBlocks + l), each fractal transposed: one LoadData per K fractal row.
                bLoad.repeatTimes = static_cast<uint8_t>(nBlocks);
                bLoad.srcStride = static_cast<uint16_t>(kAlignL1 / FRACTAL);
                bLoad.ifTranspose = true;
                for (uint32_t j = 0; j < kBlocks; ++j) {
                    LoadData(b2[j * nBlocks * FRACTAL_ELEMS], b1[(kBlock0 + j) * FRACTAL_ELEMS], bLoad);
                }
            } else {
                // K rows (NZ of N x K: fractal (l, j) at j * nBlocks + l) are Zn already: copy the
                // step's contiguous fractals.
                const uint32_t fractals = kBlocks * nBlocks;
                bLoad.srcStride = 1;
                bLoad.ifTranspose = false;
                for (uint32_t f = 0; f < fractals; f += MAX_REPEAT) {
                    bLoad.repeatTimes = static_cast<uint8_t>(MinOf(MAX_REPEAT, fractals - f));
                    LoadData(b2[f * FRACTAL_ELEMS], b1[(kBlock0 * nBlocks + f) * FRACTAL_ELEMS], bLoad);
                }
            }
            inQueueB2_.EnQue(b2);

            a2 = inQueueA2_.DeQue<T>();
            b2 = inQueueB2_.DeQue<T>();
            MmadParams mm;
            // m padded to whole fractals: m == 1 would switch the cube to GEMV mode (L0A read as one row).
            mm.m = static_cast<uint16_t>(mAlign);
            mm.n = static_cast<uint16_t>(n);
            mm.k = static_cast<uint16_t>(kStep);
            mm.cmatrixInitVal = first && kk == 0;
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
        const uint32_t units = MyUnits();
        const uint32_t halfRows = baseM_ / 2;
        for (uint32_t j = 0; j < units; ++j) {
            const Unit u = UnitAt(j);
            const uint32_t slot = j % BUFFER_NUM;
            const uint32_t row0 = subIdx_ * halfRows;
            const uint32_t rows = u.mCur > row0 ? MinOf(halfRows, u.mCur - row0) : 0;
            CrossCoreWaitFlag<2, PIPE_MTE2>(FLAG_SCORES + slot);
            for (uint32_t r = 0; r < rows; r += softmaxRows_) {
                SoftmaxRows(u, slot, row0 + r, MinOf(softmaxRows_, rows - r));
            }
            CrossCoreSetFlag<2, PIPE_MTE3>(FLAG_PROBS + slot);  // once this core's probabilities are written
        }
    }

    // Rows [r0, r0 + height) of the unit: scores (visible keys) -> probabilities in T, with zeros
    // up to the unit's key count rounded to 16 (the P V product reads whole fractal rows).
    __aicore__ inline void SoftmaxRows(const Unit& u, uint32_t slot, uint32_t r0, uint32_t height)
    {
        const uint32_t keysAlign = CeilAlign(u.keys, FRACTAL);
        const uint64_t slotRow = static_cast<uint64_t>(slot) * baseM_ * rowStride_ + static_cast<uint64_t>(r0) * rowStride_;
        LocalTensor<float> s = inQueueS_.AllocTensor<float>();
        const uint32_t inBytes = u.keys * static_cast<uint32_t>(sizeof(float));
        DataCopyPad(s, scoreGm_[slotRow],
                    DataCopyExtParams{static_cast<uint16_t>(height), inBytes,
                                      (rowStride_ - u.keys) * static_cast<uint32_t>(sizeof(float)),
                                      (rowStride_ * static_cast<uint32_t>(sizeof(float)) - CeilAlign(inBytes, BLOCK_BYTES)) /
                                          BLOCK_BYTES,
                                      0},
                    DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
        inQueueS_.EnQue(s);
        s = inQueueS_.DeQue<float>();
        LocalTensor<T> p = outQueueP_.AllocTensor<T>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<float> stat = statBuf_.Get<float>();
        // Zero the probability rows first: masked keys keep them, the visible ones are overwritten.
        Duplicate(p.template ReinterpretCast<uint16_t>(), static_cast<uint16_t>(0),
                  static_cast<int32_t>(height * rowStride_));
        for (uint32_t r = 0; r < height; ++r) {
            const int32_t len = static_cast<int32_t>(VisibleKeys(u.m0 + r0 + r));
            LocalTensor<float> row = s[r * rowStride_];
            Muls(row, row, scale_, len);
            PipeBarrier<PIPE_V>();
            ReduceMax<float>(stat, row, work, len, false);
            SetFlag<HardEvent::V_S>(EVENT_ID0);
            WaitFlag<HardEvent::V_S>(EVENT_ID0);
            const float rowMax = stat.GetValue(0);
            SetFlag<HardEvent::S_V>(EVENT_ID0);
            WaitFlag<HardEvent::S_V>(EVENT_ID0);
            Adds(row, row, -rowMax, len);
            PipeBarrier<PIPE_V>();
            Exp(row, row, len);
            PipeBarrier<PIPE_V>();
            ReduceSum<float>(stat, row, work, len);
            SetFlag<HardEvent::V_S>(EVENT_ID0);
            WaitFlag<HardEvent::V_S>(EVENT_ID0);
            const float rowSum = stat.GetValue(0);
            SetFlag<HardEvent::S_V>(EVENT_ID0);
            WaitFlag<HardEvent::S_V>(EVENT_ID0);
            Muls(row, row, 1.0f / rowSum, len);
            PipeBarrier<PIPE_V>();
            Cast(p[r * rowStride_], row, RoundMode::CAST_RINT, len);
            PipeBarrier<PIPE_V>();
        }
        inQueueS_.FreeTensor(s);
        outQueueP_.EnQue(p);
        p = outQueueP_.DeQue<T>();
        DataCopyPad(probGm_[slotRow], p,
                    DataCopyExtParams{static_cast<uint16_t>(height), keysAlign * static_cast<uint32_t>(sizeof(T)),
                                      (rowStride_ - keysAlign) * static_cast<uint32_t>(sizeof(T)) / BLOCK_BYTES,
                                      (rowStride_ - keysAlign) * static_cast<uint32_t>(sizeof(T)), 0});
        outQueueP_.FreeTensor(p);
    }

    TPipe pipe_;
    TQue<QuePosition::A1, BUFFER_NUM> inQueueA1_;
    TQue<QuePosition::B1, BUFFER_NUM> inQueueB1_;
    TQue<QuePosition::A2, BUFFER_NUM> inQueueA2_;
    TQue<QuePosition::B2, BUFFER_NUM> inQueueB2_;
    TQue<QuePosition::CO1, BUFFER_NUM> outQueueCO1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueS_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueP_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> statBuf_;
    GlobalTensor<T> qGm_;
    GlobalTensor<T> kGm_;
    GlobalTensor<T> vGm_;
    GlobalTensor<T> outGm_;
    GlobalTensor<float> scoreGm_;
    GlobalTensor<T> probGm_;
    uint32_t sq_ = 0;
    uint32_t sk_ = 0;
    uint32_t d_ = 0;
    bool causal_ = false;
    uint32_t baseM_ = 0;
    uint32_t scoreN_ = 0;
    uint32_t pvK_ = 0;
    uint32_t pvKL1_ = 0;
    uint32_t rowStride_ = 0;
    uint32_t qTiles_ = 0;
    uint32_t coreNum_ = 0;
    uint32_t softmaxRows_ = 0;
    uint32_t unitNum_ = 0;
    uint32_t cubeIdx_ = 0;
    uint32_t subIdx_ = 0;
    float scale_ = 1.0f;
};

extern "C" __global__ __aicore__ void scaled_dot_product_attention(GM_ADDR q, GM_ADDR k, GM_ADDR v, GM_ADDR out,
                                                                   GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
    GET_TILING_DATA(tilingData, tiling);
    KernelScaledDotProductAttention<DTYPE_Q> op;
    op.Init(q, k, v, out, workspace, tilingData);
    op.Process();
}
