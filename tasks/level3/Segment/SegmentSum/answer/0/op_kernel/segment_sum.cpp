#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t IDS_HALF = 1024;  // int32 ids per half of the ping-pong id buffer (>= rowsPerTile)
}  // namespace

// out[s, :] = sum of data[i, :] over the rows i with segment_ids[i] == s (ids sorted ascending).
//
// Phase 1 zeroes out (a flat store split among the cores), so empty segments read 0. SyncAll.
// Phase 2 splits the data ROWS evenly among the cores (balanced whatever the segment lengths).
// A core walks its rows in tiles (one strided DataCopyPad per tile, rows at a padded pitch) and
// the scalar unit cuts each tile into runs of equal ids. A run of n rows is summed by a halving
// tree of vector Adds over contiguous row blocks (rows [0, n/2) += rows [n - n/2, n), log2(n)
// instructions whatever D is) and folded into the running accumulator of its segment; when the
// id changes the accumulator leaves to out[s] in one DMA. Sums are kept in float32 (int32 for
// int32) and rounded once per core. A segment cut by a core boundary gets one partial from each
// core: the stores run with the DMA atomic add (SetAtomicAdd), so partials from different cores
// accumulate in out; a segment inside one core adds to the zero of phase 1, i.e. it is stored.
// Rows longer than the tile are processed in column chunks (outer loop), each a full pass.
template <typename T>
class KernelSegmentSum {
    using AccT = typename std::conditional<IsSameType<T, int32_t>::value, int32_t, float>::type;
    static constexpr bool WIDEN = sizeof(T) == 2;

public:
    __aicore__ inline KernelSegmentSum() {}

    __aicore__ inline void Init(GM_ADDR data, GM_ADDR ids, GM_ADDR out, const SegmentSumTilingData& t)
    {
        const uint64_t blockIdx = GetBlockIdx();
        const uint64_t zeroStart = blockIdx < t.bigZeroNum
                                       ? blockIdx * t.bigZeroLength
                                       : t.bigZeroNum * t.bigZeroLength + (blockIdx - t.bigZeroNum) * t.smallZeroLength;
        const uint64_t zeroLen = blockIdx < t.bigZeroNum ? t.bigZeroLength : t.smallZeroLength;
        zeroStart_ = zeroStart;
        zeroLength_ = zeroStart >= t.outLength ? 0
                                               : (zeroStart + zeroLen > t.outLength ? t.outLength - zeroStart : zeroLen);
        zeroTile_ = t.zeroTile;
        if (blockIdx < t.bigCoreNum) {
            rowStart_ = blockIdx * t.bigCoreRows;
            rowCount_ = t.bigCoreRows;
        } else {
            rowStart_ = t.bigCoreNum * t.bigCoreRows + (blockIdx - t.bigCoreNum) * t.smallCoreRows;
            rowCount_ = t.smallCoreRows;
        }
        rowLen_ = t.rowLen;
        rowsPerTile_ = t.rowsPerTile;
        colTile_ = t.colTile;
        pitch_ = t.pitch;
        colChunks_ = static_cast<uint32_t>((rowLen_ + colTile_ - 1) / colTile_);

        dataGm_.SetGlobalBuffer((__gm__ T*)data, t.numRows * rowLen_);
        idsGm_.SetGlobalBuffer((__gm__ int32_t*)ids, t.numRows);
        outGm_.SetGlobalBuffer((__gm__ T*)out, t.outLength);
        pipe_.InitBuffer(inQue_, BUFFER_NUM, rowsPerTile_ * pitch_ * sizeof(T));
        pipe_.InitBuffer(outQue_, BUFFER_NUM, pitch_ * sizeof(T));
        pipe_.InitBuffer(idsBuf_, 2 * IDS_HALF * sizeof(int32_t));
        if constexpr (WIDEN) {
            pipe_.InitBuffer(wideBuf_, rowsPerTile_ * pitch_ * sizeof(float));
            pipe_.InitBuffer(accBuf_, pitch_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        ZeroOut();
        SyncAll();
        SumRows();
    }

private:
    // ---- phase 1: out = 0 ----------------------------------------------------------------
    // Both input tile buffers are zeroed (their row padding then stays zero for phase 2, so the
    // vector instructions never read stale UB); one of them is the source of the stores.
    __aicore__ inline void ZeroOut()
    {
        LocalTensor<T> a = inQue_.AllocTensor<T>();
        LocalTensor<T> b = inQue_.AllocTensor<T>();
        if constexpr (sizeof(T) == 2) {
            Duplicate(a.template ReinterpretCast<half>(), static_cast<half>(0), zeroTile_);
            Duplicate(b.template ReinterpretCast<half>(), static_cast<half>(0), zeroTile_);
        } else {
            Duplicate(a.template ReinterpretCast<float>(), 0.0f, zeroTile_);
            Duplicate(b.template ReinterpretCast<float>(), 0.0f, zeroTile_);
        }
        const event_t vToMte3 = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_MTE3));
        SetFlag<HardEvent::V_MTE3>(vToMte3);
        WaitFlag<HardEvent::V_MTE3>(vToMte3);
        for (uint64_t offset = 0; offset < zeroLength_; offset += zeroTile_) {
            const uint32_t n = static_cast<uint32_t>(zeroLength_ - offset < zeroTile_ ? zeroLength_ - offset : zeroTile_);
            DataCopyPad(outGm_[zeroStart_ + offset], a, DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0});
        }
        PipeBarrier<PIPE_ALL>();  // the stores have read the zero tile before it is reloaded
        inQue_.FreeTensor(a);
        inQue_.FreeTensor(b);
    }

    // ---- phase 2 ---------------------------------------------------------------------------
    // Work item k: column chunk k / rowTiles_ (outer), row tile k % rowTiles_ (inner).
    __aicore__ inline uint32_t TileHeight(uint64_t rowTile) const
    {
        const uint64_t r0 = rowTile * rowsPerTile_;
        return static_cast<uint32_t>(rowCount_ - r0 < rowsPerTile_ ? rowCount_ - r0 : rowsPerTile_);
    }

    __aicore__ inline uint32_t ChunkWidth(uint64_t c0) const
    {
        return static_cast<uint32_t>(rowLen_ - c0 < colTile_ ? rowLen_ - c0 : colTile_);
    }

    __aicore__ inline void LoadTile(uint64_t k)
    {
        const uint64_t rowTile = k % rowTiles_;
        const uint64_t r0 = rowTile * rowsPerTile_;
        const uint32_t h = TileHeight(rowTile);
        const uint64_t c0 = (k / rowTiles_) * colTile_;
        const uint32_t w = ChunkWidth(c0);
        // The ids of this tile into half k % 2 of the id buffer: that half was last read by the
        // scalar unit two tiles ago (S -> MTE2) and is read next by the scalar unit (MTE2 -> S).
        LocalTensor<int32_t> ids = idsBuf_.Get<int32_t>()[(k % 2) * IDS_HALF];
        const event_t sToMte2 = static_cast<event_t>(pipe_.FetchEventID(HardEvent::S_MTE2));
        SetFlag<HardEvent::S_MTE2>(sToMte2);
        WaitFlag<HardEvent::S_MTE2>(sToMte2);
        DataCopyPad(ids, idsGm_[rowStart_ + r0], DataCopyExtParams{1, static_cast<uint32_t>(h * sizeof(int32_t)), 0, 0, 0},
                    DataCopyPadExtParams<int32_t>{false, 0, 0, 0});
        const event_t mte2ToS = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_S));
        SetFlag<HardEvent::MTE2_S>(mte2ToS);
        WaitFlag<HardEvent::MTE2_S>(mte2ToS);
        // h rows of w elements: GM row stride D, UB row pitch pitch_ (the 32-byte block of the row
        // end is zero-padded; the blocks after it stay zero from phase 1).
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        const uint32_t wAligned = (w + perBlock - 1) / perBlock * perBlock;
        LocalTensor<T> buf = inQue_.AllocTensor<T>();
        DataCopyPad(buf, dataGm_[(rowStart_ + r0) * rowLen_ + c0],
                    DataCopyExtParams{static_cast<uint16_t>(h), static_cast<uint32_t>(w * sizeof(T)),
                                      static_cast<uint32_t>((rowLen_ - w) * sizeof(T)),
                                      static_cast<uint32_t>((pitch_ - wAligned) / perBlock), 0},
                    DataCopyPadExtParams<T>{true, 0, static_cast<uint8_t>(wAligned - w), static_cast<T>(0)});
        inQue_.EnQue(buf);
    }

    __aicore__ inline void Flush(uint64_t c0, uint32_t w)
    {
        LocalTensor<T> o;
        if constexpr (WIDEN) {
            o = outQue_.AllocTensor<T>();
            Cast(o, accBuf_.Get<float>(), RoundMode::CAST_RINT, w);
        } else {
            o = acc_;
        }
        outQue_.EnQue(o);
        o = outQue_.DeQue<T>();
        DataCopyPad(outGm_[static_cast<uint64_t>(curSeg_) * rowLen_ + c0], o,
                    DataCopyExtParams{1, static_cast<uint32_t>(w * sizeof(T)), 0, 0, 0});
        outQue_.FreeTensor(o);
        curSeg_ = -1;
    }

    __aicore__ inline void Compute(uint64_t k)
    {
        const uint32_t h = TileHeight(k % rowTiles_);
        const uint64_t c0 = (k / rowTiles_) * colTile_;
        const uint32_t w = ChunkWidth(c0);
        LocalTensor<int32_t> ids = idsBuf_.Get<int32_t>()[(k % 2) * IDS_HALF];
        LocalTensor<T> x = inQue_.DeQue<T>();
        LocalTensor<AccT> f;
        if constexpr (WIDEN) {
            f = wideBuf_.Get<float>();
            Cast(f, x, RoundMode::CAST_NONE, h * pitch_);
            inQue_.FreeTensor(x);
        } else {
            f = x;
        }
        uint32_t j = 0;
        while (j < h) {
            const int32_t seg = ids.GetValue(j);
            uint32_t e = j + 1;
            while (e < h && ids.GetValue(e) == seg) {
                ++e;
            }
            // Halving tree over the run's rows: the run sum ends in its first row.
            LocalTensor<AccT> run = f[j * pitch_];
            uint32_t n = e - j;
            while (n > 1) {
                const uint32_t half = n / 2;
                Add(run, run, run[(n - half) * pitch_], half * pitch_);
                n -= half;
            }
            if (seg != curSeg_) {
                if (curSeg_ >= 0) {
                    Flush(c0, w);
                }
                if constexpr (WIDEN) {
                    Adds(accBuf_.Get<float>(), run, 0.0f, pitch_);
                } else {
                    acc_ = outQue_.AllocTensor<T>();
                    Adds(acc_, run, static_cast<AccT>(0), pitch_);
                }
                curSeg_ = seg;
            } else {
                if constexpr (WIDEN) {
                    LocalTensor<float> acc = accBuf_.Get<float>();
                    Add(acc, acc, run, pitch_);
                } else {
                    Add(acc_, acc_, run, pitch_);
                }
            }
            j = e;
        }
        if constexpr (!WIDEN) {
            inQue_.FreeTensor(x);
        }
    }

    __aicore__ inline void SumRows()
    {
        if (rowCount_ == 0) {
            return;
        }
        rowTiles_ = (rowCount_ + rowsPerTile_ - 1) / rowsPerTile_;
        const uint64_t items = rowTiles_ * colChunks_;
        SetAtomicAdd<T>();
        LoadTile(0);
        for (uint64_t k = 0; k < items; ++k) {
            if (k + 1 < items) {
                LoadTile(k + 1);  // double buffering: the next tile loads while this one is summed
            }
            Compute(k);
            if (k % rowTiles_ == rowTiles_ - 1) {
                Flush((k / rowTiles_) * colTile_, ChunkWidth((k / rowTiles_) * colTile_));
            }
        }
        SetAtomicNone();
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQue_;
    TBuf<TPosition::VECCALC> idsBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> accBuf_;
    LocalTensor<T> acc_;
    GlobalTensor<T> dataGm_;
    GlobalTensor<int32_t> idsGm_;
    GlobalTensor<T> outGm_;
    uint64_t zeroStart_ = 0;
    uint64_t zeroLength_ = 0;
    uint32_t zeroTile_ = 0;
    uint64_t rowStart_ = 0;
    uint64_t rowCount_ = 0;
    uint64_t rowLen_ = 0;
    uint64_t rowTiles_ = 1;
    uint32_t rowsPerTile_ = 1;
    uint32_t colTile_ = 0;
    uint32_t colChunks_ = 1;
    uint32_t pitch_ = 0;
    int32_t curSeg_ = -1;
};

extern "C" __global__ __aicore__ void segment_sum(GM_ADDR data, GM_ADDR segment_ids, GM_ADDR out, GM_ADDR workspace,
                                                  GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll between the zeroing and the sums
    KernelSegmentSum<DTYPE_DATA> op;
    op.Init(data, segment_ids, out, tilingData);
    op.Process();
}
