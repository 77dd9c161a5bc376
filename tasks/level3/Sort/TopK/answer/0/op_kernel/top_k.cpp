#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
}  // namespace

// values, indices = topk(x, k, dim=-1, largest=True, sorted=True).
// The simulated SoC offers no sort instructions (Sort32 / MrgSort / the TopK library), so each
// row is solved by k rounds of selection: ReduceMax with calIndex finds the largest live value
// and its first position (ties therefore come out in ascending index order), the scalar unit
// records it and retires that position by writing -inf into the float32 working copy. A second
// float32 row of "alive" flags (1 live, 0 retired) resolves the rounds in which only -inf values
// remain: there ReduceMax over the flags gives the first position not yet taken.
template <typename T>
class KernelTopK {
public:
    __aicore__ inline KernelTopK() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR values, GM_ADDR indices, const TopKTilingData& t)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart;
        if (blockIdx < t.bigCoreNum) {
            rowCount_ = t.bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * t.bigCoreRows;
        } else {
            rowCount_ = t.smallCoreRows;
            rowStart = static_cast<uint64_t>(t.bigCoreNum) * t.bigCoreRows +
                       static_cast<uint64_t>(blockIdx - t.bigCoreNum) * t.smallCoreRows;
        }
        cols_ = t.cols;
        k_ = t.k;
        colPitch_ = t.colPitch;
        valPitch_ = t.valPitch;
        idxPitch_ = t.idxPitch;
        tileRows_ = t.tileRows;

        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols_, static_cast<uint64_t>(rowCount_) * cols_);
        valGm_.SetGlobalBuffer((__gm__ T*)values + rowStart * k_, static_cast<uint64_t>(rowCount_) * k_);
        idxGm_.SetGlobalBuffer((__gm__ int64_t*)indices + rowStart * k_, static_cast<uint64_t>(rowCount_) * k_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileRows_ * colPitch_ * sizeof(T));
        pipe_.InitBuffer(outQueueVal_, BUFFER_NUM, tileRows_ * valPitch_ * sizeof(T));
        pipe_.InitBuffer(outQueueIdx_, BUFFER_NUM, tileRows_ * idxPitch_ * sizeof(int64_t));
        pipe_.InitBuffer(workRowBuf_, tileRows_ * colPitch_ * sizeof(float));
        pipe_.InitBuffer(aliveBuf_, tileRows_ * colPitch_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(valWideBuf_, tileRows_ * valPitch_ * sizeof(float));
        }
        pipe_.InitBuffer(resBuf_, 8 * sizeof(float));
        pipe_.InitBuffer(workBuf_, t.workElems * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        const uint32_t tiles = (rowCount_ + tileRows_ - 1) / tileRows_;
        if (tiles == 0) {
            return;
        }
        CopyIn(0);
        for (uint32_t i = 0; i < tiles; ++i) {
            if (i + 1 < tiles) {
                CopyIn(i + 1);  // double buffering: the next tile loads while this one is solved
            }
            Compute(Height(i));
            CopyOut(i);
        }
    }

private:
    __aicore__ inline uint32_t Height(uint32_t tile) const
    {
        const uint32_t row0 = tile * tileRows_;
        return rowCount_ - row0 < tileRows_ ? rowCount_ - row0 : tileRows_;
    }

    __aicore__ inline void CopyIn(uint32_t tile)
    {
        LocalTensor<T> xLocal = inQueueX_.AllocTensor<T>();
        DataCopyExtParams copy{static_cast<uint16_t>(Height(tile)), cols_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0};
        DataCopyPad(xLocal, xGm_[static_cast<uint64_t>(tile) * tileRows_ * cols_], copy,
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueX_.EnQue(xLocal);
    }

    __aicore__ inline void VectorToScalar()
    {
        const event_t e = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(e);
        WaitFlag<HardEvent::V_S>(e);
    }

    __aicore__ inline void ScalarToVector()
    {
        const event_t e = static_cast<event_t>(pipe_.FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(e);
        WaitFlag<HardEvent::S_V>(e);
    }

    // Position of the largest live value of a row (and that value) after a ReduceMax with index.
    __aicore__ inline uint32_t ArgMax(const LocalTensor<float>& row, const LocalTensor<float>& res,
                                      const LocalTensor<float>& work)
    {
        ReduceMax<float>(res, row, work, static_cast<int32_t>(cols_), true);
        VectorToScalar();
        return res.ReinterpretCast<uint32_t>().GetValue(1);  // the index travels in the bits of dst[1]
    }

    __aicore__ inline void Compute(uint32_t height)
    {
        LocalTensor<T> xLocal = inQueueX_.DeQue<T>();
        LocalTensor<T> valLocal = outQueueVal_.AllocTensor<T>();
        LocalTensor<int64_t> idxLocal = outQueueIdx_.AllocTensor<int64_t>();
        LocalTensor<float> rows = workRowBuf_.Get<float>();
        LocalTensor<float> alive = aliveBuf_.Get<float>();
        LocalTensor<float> res = resBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<float> vals;
        if constexpr (IsSameType<T, float>::value) {
            vals = valLocal;
        } else {
            vals = valWideBuf_.Get<float>();
        }
        const uint32_t tileElems = height * colPitch_;
        // The float32 working copy (exact for every input dtype) and the alive flags.
        if constexpr (IsSameType<T, float>::value) {
            Muls(rows, xLocal, 1.0f, tileElems);  // x * 1 keeps -0.0 (x + 0 would turn it into +0.0)
        } else {
            Cast(rows, xLocal, RoundMode::CAST_NONE, tileElems);
        }
        Duplicate(alive, 1.0f, tileElems);
        inQueueX_.FreeTensor(xLocal);
        const float negInf = -__builtin_huge_valf();

        for (uint32_t r = 0; r < height; ++r) {
            const LocalTensor<float> row = rows[r * colPitch_];
            const LocalTensor<float> rowAlive = alive[r * colPitch_];
            for (uint32_t j = 0; j < k_; ++j) {
                uint32_t pos = ArgMax(row, res, work);
                const float best = res.GetValue(0);
                if (best == negInf) {
                    // Only -inf is left (genuine or retired): take the first position still alive.
                    ScalarToVector();
                    pos = ArgMax(rowAlive, res, work);
                }
                vals.SetValue(r * valPitch_ + j, best);
                idxLocal.SetValue(r * idxPitch_ + j, static_cast<int64_t>(pos));
                row.SetValue(pos, negInf);
                rowAlive.SetValue(pos, 0.0f);
                ScalarToVector();
            }
        }
        if constexpr (!IsSameType<T, float>::value) {
            // The selected values are inputs widened exactly: narrowing gives them back bit for bit.
            Cast(valLocal, vals, RoundMode::CAST_RINT, height * valPitch_);
        }
        // The values and indices were written by the scalar unit: make them visible to MTE3.
        const event_t e = static_cast<event_t>(pipe_.FetchEventID(HardEvent::S_MTE3));
        SetFlag<HardEvent::S_MTE3>(e);
        WaitFlag<HardEvent::S_MTE3>(e);
        outQueueVal_.EnQue(valLocal);
        outQueueIdx_.EnQue(idxLocal);
    }

    __aicore__ inline void CopyOut(uint32_t tile)
    {
        const uint32_t height = Height(tile);
        const uint64_t offset = static_cast<uint64_t>(tile) * tileRows_ * k_;
        LocalTensor<T> valLocal = outQueueVal_.DeQue<T>();
        LocalTensor<int64_t> idxLocal = outQueueIdx_.DeQue<int64_t>();
        DataCopyPad(valGm_[offset], valLocal,
                    DataCopyExtParams{static_cast<uint16_t>(height), k_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0});
        DataCopyPad(idxGm_[offset], idxLocal,
                    DataCopyExtParams{static_cast<uint16_t>(height), k_ * static_cast<uint32_t>(sizeof(int64_t)), 0, 0, 0});
        outQueueVal_.FreeTensor(valLocal);
        outQueueIdx_.FreeTensor(idxLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueVal_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueIdx_;
    TBuf<TPosition::VECCALC> workRowBuf_;
    TBuf<TPosition::VECCALC> aliveBuf_;
    TBuf<TPosition::VECCALC> valWideBuf_;
    TBuf<TPosition::VECCALC> resBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> valGm_;
    GlobalTensor<int64_t> idxGm_;
    uint32_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t k_ = 0;
    uint32_t colPitch_ = 0;
    uint32_t valPitch_ = 0;
    uint32_t idxPitch_ = 0;
    uint32_t tileRows_ = 0;
};

extern "C" __global__ __aicore__ void top_k(GM_ADDR x, GM_ADDR values, GM_ADDR indices, GM_ADDR workspace,
                                            GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelTopK<DTYPE_X> op;
    op.Init(x, values, indices, tilingData);
    op.Process();
}
