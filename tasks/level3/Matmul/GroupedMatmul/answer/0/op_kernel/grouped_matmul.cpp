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

// y[rows of group g] = x[rows of group g] @ w[g] on the cube unit. The group sizes are read from
// GM by the scalar unit. The output tiles (baseM x baseN) of all groups, group after group, form
// one sequence that the cores take round-robin; a cursor walks this core's share as steps (tile,
// K chunk). Per step, as in a plain matmul: ND->NZ DataCopy GM -> L1 (double-buffered: the next
// step loads while this one computes), LoadData L1 -> L0A (Zz) and L1 -> L0B (Zn, fractals
// transposed), Mmad accumulating in L0C (float32), and Fixpipe to GM when the tile's K is done.
template <typename T>
class KernelGroupedMatmul {
public:
    __aicore__ inline KernelGroupedMatmul() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR w, GM_ADDR groupList, GM_ADDR y, const GroupedMatmulTilingData& t)
    {
        groups_ = t.groups;
        m_ = t.m;
        n_ = t.n;
        k_ = t.k;
        baseM_ = t.baseM;
        baseN_ = t.baseN;
        baseK_ = t.baseK;
        kL1_ = t.kL1;
        nTiles_ = t.nTiles;
        kChunks_ = CeilDiv(k_, kL1_);
        xGm_.SetGlobalBuffer((__gm__ T*)x, static_cast<uint64_t>(m_) * k_);
        wGm_.SetGlobalBuffer((__gm__ T*)w, static_cast<uint64_t>(groups_) * k_ * n_);
        groupListGm_.SetGlobalBuffer((__gm__ int64_t*)groupList, groups_);
        yGm_.SetGlobalBuffer((__gm__ T*)y, static_cast<uint64_t>(m_) * n_);
        pipe_.InitBuffer(inQueueA1_, BUFFER_NUM, baseM_ * kL1_ * sizeof(T));
        pipe_.InitBuffer(inQueueB1_, BUFFER_NUM, kL1_ * baseN_ * sizeof(T));
        pipe_.InitBuffer(inQueueA2_, BUFFER_NUM, baseM_ * baseK_ * sizeof(T));
        pipe_.InitBuffer(inQueueB2_, BUFFER_NUM, baseK_ * baseN_ * sizeof(T));
        pipe_.InitBuffer(outQueueCO1_, BUFFER_NUM, baseM_ * baseN_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        Cursor load = First();
        if (!load.valid) {
            return;
        }
        Cursor compute = load;
        CopyIn(load);
        Advance(load);
        LocalTensor<float> c;
        while (compute.valid) {
            if (load.valid) {
                CopyIn(load);
                Advance(load);
            }
            if (compute.chunk == 0) {
                c = outQueueCO1_.AllocTensor<float>();
            }
            Compute(compute, c);
            if (compute.chunk + 1 == kChunks_) {
                outQueueCO1_.EnQue(c);
                CopyOut(compute);
            }
            Advance(compute);
        }
    }

private:
    // One step of this core: a tile of one group and one K chunk of it.
    struct Cursor {
        bool valid;
        uint32_t group;
        uint32_t groupRow0;   // first row of the group in x / y
        uint32_t groupRows;
        uint32_t tileBase;    // index of the group's first tile in the whole sequence
        uint32_t tile;        // index of this tile in the whole sequence
        uint32_t chunk;
        uint32_t m0;          // rows and columns of the tile, K of the chunk
        uint32_t n0;
        uint32_t k0;
        uint32_t mCur;
        uint32_t nCur;
        uint32_t kCur;
    };

    __aicore__ inline Cursor First()
    {
        Cursor cur;
        cur.valid = true;
        cur.group = 0;
        cur.groupRow0 = 0;
        cur.groupRows = GroupEnd(0, 0);
        cur.tileBase = 0;
        cur.tile = GetBlockIdx();
        cur.chunk = 0;
        Locate(cur);
        return cur;
    }

    // Group g (starting at row `start`) ends at row group_list[g], clamped to [start, M] so that a
    // malformed list can never send the cube outside x and y.
    __aicore__ inline uint32_t GroupEnd(uint32_t g, uint32_t start)
    {
        const int64_t end = groupListGm_.GetValue(g);
        if (end < static_cast<int64_t>(start)) {
            return start;
        }
        return end > static_cast<int64_t>(m_) ? m_ : static_cast<uint32_t>(end);
    }

    // Moves `cur` forward to the group holding cur.tile (groups only ever advance) and fills in
    // the tile's coordinates; invalid once past the last group.
    __aicore__ inline void Locate(Cursor& cur)
    {
        while (cur.tile >= cur.tileBase + CeilDiv(cur.groupRows, baseM_) * nTiles_) {
            cur.tileBase += CeilDiv(cur.groupRows, baseM_) * nTiles_;
            if (++cur.group >= groups_) {
                cur.valid = false;
                return;
            }
            cur.groupRow0 += cur.groupRows;
            cur.groupRows = GroupEnd(cur.group, cur.groupRow0) - cur.groupRow0;
        }
        const uint32_t local = cur.tile - cur.tileBase;
        cur.m0 = (local / nTiles_) * baseM_;
        cur.n0 = (local % nTiles_) * baseN_;
        cur.mCur = MinOf(baseM_, cur.groupRows - cur.m0);
        cur.nCur = MinOf(baseN_, n_ - cur.n0);
        cur.k0 = cur.chunk * kL1_;
        cur.kCur = MinOf(kL1_, k_ - cur.k0);
    }

    __aicore__ inline void Advance(Cursor& cur)
    {
        if (cur.chunk + 1 < kChunks_) {
            ++cur.chunk;
            cur.k0 = cur.chunk * kL1_;
            cur.kCur = MinOf(kL1_, k_ - cur.k0);
            return;
        }
        cur.chunk = 0;
        cur.tile += GetBlockNum();
        Locate(cur);
    }

    // GM -> L1 with ND -> NZ: x rows (mCur x kCur) and w[g] (kCur x nCur) as 16 x 16 fractals,
    // columns of fractals CeilAlign(rows, 16) rows apart; DataCopy pads each row with zeros.
    __aicore__ inline void CopyIn(const Cursor& cur)
    {
        LocalTensor<T> a1 = inQueueA1_.AllocTensor<T>();
        Nd2NzParams aParams;
        aParams.ndNum = 1;
        aParams.nValue = static_cast<uint16_t>(cur.mCur);
        aParams.dValue = static_cast<uint16_t>(cur.kCur);
        aParams.srcNdMatrixStride = 0;
        aParams.srcDValue = static_cast<uint16_t>(k_);
        aParams.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(cur.mCur, FRACTAL));
        aParams.dstNzNStride = 1;
        aParams.dstNzMatrixStride = 0;
        DataCopy(a1, xGm_[static_cast<uint64_t>(cur.groupRow0 + cur.m0) * k_ + cur.k0], aParams);
        inQueueA1_.EnQue(a1);

        LocalTensor<T> b1 = inQueueB1_.AllocTensor<T>();
        Nd2NzParams bParams;
        bParams.ndNum = 1;
        bParams.nValue = static_cast<uint16_t>(cur.kCur);
        bParams.dValue = static_cast<uint16_t>(cur.nCur);
        bParams.srcNdMatrixStride = 0;
        bParams.srcDValue = static_cast<uint16_t>(n_);
        bParams.dstNzC0Stride = static_cast<uint16_t>(CeilAlign(cur.kCur, FRACTAL));
        bParams.dstNzNStride = 1;
        bParams.dstNzMatrixStride = 0;
        DataCopy(b1, wGm_[(static_cast<uint64_t>(cur.group) * k_ + cur.k0) * n_ + cur.n0], bParams);
        inQueueB1_.EnQue(b1);
    }

    __aicore__ inline void Compute(const Cursor& cur, const LocalTensor<float>& c)
    {
        LocalTensor<T> a1 = inQueueA1_.DeQue<T>();
        LocalTensor<T> b1 = inQueueB1_.DeQue<T>();
        const uint32_t mAlign = CeilAlign(cur.mCur, FRACTAL);
        const uint32_t kAlignL1 = CeilAlign(cur.kCur, FRACTAL);
        const uint32_t mBlocks = mAlign / FRACTAL;
        const uint32_t nBlocks = CeilDiv(cur.nCur, FRACTAL);
        for (uint32_t kk = 0; kk < cur.kCur; kk += baseK_) {
            const uint32_t kStep = MinOf(baseK_, cur.kCur - kk);
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
            mm.n = static_cast<uint16_t>(cur.nCur);
            mm.k = static_cast<uint16_t>(kStep);
            mm.cmatrixInitVal = (cur.k0 == 0 && kk == 0);
            mm.cmatrixSource = false;
            Mmad(c, a2, b2, mm);
            inQueueA2_.FreeTensor(a2);
            inQueueB2_.FreeTensor(b2);
        }
        inQueueA1_.FreeTensor(a1);
        inQueueB1_.FreeTensor(b1);
    }

    // L0C (NZ, float32) -> GM as ND rows of the output type (F322F16 / F322BF16 rounding).
    __aicore__ inline void CopyOut(const Cursor& cur)
    {
        LocalTensor<float> c = outQueueCO1_.DeQue<float>();
        FixpipeParamsV220 params;
        params.nSize = static_cast<uint16_t>(cur.nCur);
        params.mSize = static_cast<uint16_t>(cur.mCur);
        params.srcStride = static_cast<uint16_t>(CeilAlign(cur.mCur, FRACTAL));
        params.dstStride = n_;
        params.ndNum = 1;
        params.srcNdStride = 0;
        params.dstNdStride = 0;
        if constexpr (IsSameType<T, half>::value) {
            params.quantPre = QuantMode_t::F322F16;
        } else {
            params.quantPre = QuantMode_t::F322BF16;
        }
        Fixpipe<T, float, CFG_ROW_MAJOR>(yGm_[static_cast<uint64_t>(cur.groupRow0 + cur.m0) * n_ + cur.n0], c, params);
        outQueueCO1_.FreeTensor(c);
    }

    TPipe pipe_;
    TQue<QuePosition::A1, BUFFER_NUM> inQueueA1_;
    TQue<QuePosition::B1, BUFFER_NUM> inQueueB1_;
    TQue<QuePosition::A2, BUFFER_NUM> inQueueA2_;
    TQue<QuePosition::B2, BUFFER_NUM> inQueueB2_;
    TQue<QuePosition::CO1, BUFFER_NUM> outQueueCO1_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> wGm_;
    GlobalTensor<int64_t> groupListGm_;
    GlobalTensor<T> yGm_;
    uint32_t groups_ = 0;
    uint32_t m_ = 0;
    uint32_t n_ = 0;
    uint32_t k_ = 0;
    uint32_t baseM_ = 0;
    uint32_t baseN_ = 0;
    uint32_t baseK_ = 0;
    uint32_t kL1_ = 0;
    uint32_t nTiles_ = 0;
    uint32_t kChunks_ = 0;
};

extern "C" __global__ __aicore__ void grouped_matmul(GM_ADDR x, GM_ADDR weight, GM_ADDR groupList, GM_ADDR y,
                                                     GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    GET_TILING_DATA(tilingData, tiling);
    KernelGroupedMatmul<DTYPE_X> op;
    op.Init(x, weight, groupList, y, tilingData);
    op.Process();
}
