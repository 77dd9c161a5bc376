#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// out = self; out[index[i], :] += src[i, :].
// Phase 1 copies self to out (a flat, double-buffered GM -> UB -> GM copy split among the cores).
// SyncAll: every core sees the whole of out initialised. Phase 2 splits the src rows among the
// cores; a tile of src rows comes into UB in one strided DataCopyPad and leaves as one DMA per
// row to out[index[i]] with the DMA atomic add enabled (SetAtomicAdd), so rows that hit the same
// destination, on the same core or on different cores, accumulate instead of overwriting.
template <typename T, typename TIdx>
class KernelScatterAdd {
public:
    __aicore__ inline KernelScatterAdd() {}

    __aicore__ inline void Init(GM_ADDR self, GM_ADDR index, GM_ADDR src, GM_ADDR out, const ScatterAddTilingData& t)
    {
        const uint64_t blockIdx = GetBlockIdx();
        // Phase 1 range (whole 32-byte blocks; the last range is clipped to the tensor).
        const uint64_t copyStart = blockIdx < t.bigCopyNum
                                       ? blockIdx * t.bigCopyLength
                                       : t.bigCopyNum * t.bigCopyLength + (blockIdx - t.bigCopyNum) * t.smallCopyLength;
        const uint64_t copyLen = blockIdx < t.bigCopyNum ? t.bigCopyLength : t.smallCopyLength;
        copyStart_ = copyStart;
        copyLength_ = copyStart >= t.totalLength ? 0
                                                 : (copyStart + copyLen > t.totalLength ? t.totalLength - copyStart : copyLen);
        copyTile_ = t.copyTile;
        // Phase 2 range of src rows.
        if (blockIdx < t.bigCoreNum) {
            rowStart_ = blockIdx * t.bigCoreRows;
            rowCount_ = t.bigCoreRows;
        } else {
            rowStart_ = t.bigCoreNum * t.bigCoreRows + (blockIdx - t.bigCoreNum) * t.smallCoreRows;
            rowCount_ = t.smallCoreRows;
        }
        numRows_ = t.numRows;
        rowLen_ = t.rowLen;
        rowsPerTile_ = t.rowsPerTile;
        colTile_ = t.colTile;
        colChunks_ = static_cast<uint32_t>((rowLen_ + colTile_ - 1) / colTile_);
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        pitch_ = (colTile_ + perBlock - 1) / perBlock * perBlock;

        selfGm_.SetGlobalBuffer((__gm__ T*)self, t.totalLength);
        outGm_.SetGlobalBuffer((__gm__ T*)out, t.totalLength);
        srcGm_.SetGlobalBuffer((__gm__ T*)src, t.numIndices * rowLen_);
        idxGm_.SetGlobalBuffer((__gm__ TIdx*)index, t.numIndices);
        pipe_.InitBuffer(tileQue_, BUFFER_NUM, t.tileBytes);
        constexpr uint32_t idxPerBlock = BLOCK_BYTES / sizeof(TIdx);
        idxHalf_ = (rowsPerTile_ + idxPerBlock - 1) / idxPerBlock * idxPerBlock;
        pipe_.InitBuffer(idxBuf_, 2 * idxHalf_ * sizeof(TIdx));  // ping-pong: tile k uses half k % 2
    }

    __aicore__ inline void Process()
    {
        CopySelf();
        SyncAll();
        ScatterRows();
    }

private:
    // ---- phase 1: out = self --------------------------------------------------------------
    __aicore__ inline void LoadCopyTile(uint64_t offset)
    {
        const uint32_t n = static_cast<uint32_t>(copyLength_ - offset < copyTile_ ? copyLength_ - offset : copyTile_);
        LocalTensor<T> buf = tileQue_.AllocTensor<T>();
        DataCopyPad(buf, selfGm_[copyStart_ + offset], DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        tileQue_.EnQue(buf);
    }

    __aicore__ inline void CopySelf()
    {
        if (copyLength_ == 0) {
            return;
        }
        LoadCopyTile(0);
        for (uint64_t offset = 0; offset < copyLength_; offset += copyTile_) {
            // Double buffering: the next tile's load is issued before this tile's store.
            if (offset + copyTile_ < copyLength_) {
                LoadCopyTile(offset + copyTile_);
            }
            const uint32_t n = static_cast<uint32_t>(copyLength_ - offset < copyTile_ ? copyLength_ - offset : copyTile_);
            LocalTensor<T> buf = tileQue_.DeQue<T>();
            DataCopyPad(outGm_[copyStart_ + offset], buf, DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0});
            tileQue_.FreeTensor(buf);
        }
    }

    // ---- phase 2: out[index[i]] += src[i] ---------------------------------------------------
    // Work item k: row tile k / colChunks_, column chunk k % colChunks_.
    __aicore__ inline void LoadScatterTile(uint64_t k)
    {
        const uint64_t rowTile = k / colChunks_;
        const uint64_t r0 = rowTile * rowsPerTile_;
        const uint32_t h = static_cast<uint32_t>(rowCount_ - r0 < rowsPerTile_ ? rowCount_ - r0 : rowsPerTile_);
        const uint64_t c0 = (k % colChunks_) * colTile_;
        const uint32_t w = static_cast<uint32_t>(rowLen_ - c0 < colTile_ ? rowLen_ - c0 : colTile_);
        if (k % colChunks_ == 0) {
            // This row tile's indices into its half of the index buffer. The half was last read
            // by the scalar unit two row tiles ago (S -> MTE2), and is read next by the scalar
            // unit (MTE2 -> S).
            LocalTensor<TIdx> idx = idxBuf_.Get<TIdx>()[(rowTile % 2) * idxHalf_];
            const event_t sToMte2 = static_cast<event_t>(pipe_.FetchEventID(HardEvent::S_MTE2));
            SetFlag<HardEvent::S_MTE2>(sToMte2);
            WaitFlag<HardEvent::S_MTE2>(sToMte2);
            DataCopyPad(idx, idxGm_[rowStart_ + r0], DataCopyExtParams{1, static_cast<uint32_t>(h * sizeof(TIdx)), 0, 0, 0},
                        DataCopyPadExtParams<TIdx>{false, 0, 0, 0});
            const event_t mte2ToS = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_S));
            SetFlag<HardEvent::MTE2_S>(mte2ToS);
            WaitFlag<HardEvent::MTE2_S>(mte2ToS);
        }
        // h rows of w elements, GM row pitch rowLen_, UB row pitch pitch_ (32-byte padded).
        LocalTensor<T> buf = tileQue_.AllocTensor<T>();
        DataCopyPad(buf, srcGm_[(rowStart_ + r0) * rowLen_ + c0],
                    DataCopyExtParams{static_cast<uint16_t>(h), static_cast<uint32_t>(w * sizeof(T)),
                                      static_cast<uint32_t>((rowLen_ - w) * sizeof(T)), 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        tileQue_.EnQue(buf);
    }

    __aicore__ inline void ScatterRows()
    {
        if (rowCount_ == 0) {
            return;
        }
        const uint64_t rowTiles = (rowCount_ + rowsPerTile_ - 1) / rowsPerTile_;
        const uint64_t items = rowTiles * colChunks_;
        SetAtomicAdd<T>();
        LoadScatterTile(0);
        for (uint64_t k = 0; k < items; ++k) {
            if (k + 1 < items) {
                LoadScatterTile(k + 1);
            }
            const uint64_t rowTile = k / colChunks_;
            const uint64_t r0 = rowTile * rowsPerTile_;
            const uint32_t h = static_cast<uint32_t>(rowCount_ - r0 < rowsPerTile_ ? rowCount_ - r0 : rowsPerTile_);
            const uint64_t c0 = (k % colChunks_) * colTile_;
            const uint32_t w = static_cast<uint32_t>(rowLen_ - c0 < colTile_ ? rowLen_ - c0 : colTile_);
            LocalTensor<TIdx> idx = idxBuf_.Get<TIdx>()[(rowTile % 2) * idxHalf_];
            LocalTensor<T> buf = tileQue_.DeQue<T>();
            const DataCopyExtParams row{1, static_cast<uint32_t>(w * sizeof(T)), 0, 0, 0};
            for (uint32_t j = 0; j < h; ++j) {
                const uint64_t dst = static_cast<uint64_t>(static_cast<int64_t>(idx.GetValue(j)));
                DataCopyPad(outGm_[dst * rowLen_ + c0], buf[j * pitch_], row);
            }
            tileQue_.FreeTensor(buf);
        }
        SetAtomicNone();
    }

    TPipe pipe_;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, BUFFER_NUM> tileQue_;
    TBuf<TPosition::VECCALC> idxBuf_;
    GlobalTensor<T> selfGm_;
    GlobalTensor<T> outGm_;
    GlobalTensor<T> srcGm_;
    GlobalTensor<TIdx> idxGm_;
    uint64_t copyStart_ = 0;
    uint64_t copyLength_ = 0;
    uint32_t copyTile_ = 0;
    uint64_t rowStart_ = 0;
    uint64_t rowCount_ = 0;
    uint64_t numRows_ = 0;
    uint64_t rowLen_ = 0;
    uint32_t rowsPerTile_ = 1;
    uint32_t colTile_ = 0;
    uint32_t colChunks_ = 1;
    uint32_t pitch_ = 0;
    uint32_t idxHalf_ = 0;
};

extern "C" __global__ __aicore__ void scatter_add(GM_ADDR self, GM_ADDR index, GM_ADDR src, GM_ADDR out,
                                                  GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll between the copy and the scatter
    KernelScatterAdd<DTYPE_SELF, DTYPE_INDEX> op;
    op.Init(self, index, src, out, tilingData);
    op.Process();
}
