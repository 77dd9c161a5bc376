#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y[n, :] = table[indices[n], :]. Each row is one DMA whose GM source comes from an index the
// scalar unit reads out of UB; the rows of a tile are packed into UB (32-byte padded pitch) and
// leave with one strided DataCopyPad. Rows longer than a tile are moved in column chunks.
template <typename T, typename TIdx>
class KernelGather {
public:
    __aicore__ inline KernelGather() {}

    __aicore__ inline void Init(GM_ADDR table, GM_ADDR indices, GM_ADDR y, const GatherTilingData& t)
    {
        const uint64_t idx = GetBlockIdx();
        if (idx < t.bigCoreNum) {
            unitStart_ = idx * t.bigCoreUnits;
            unitEnd_ = unitStart_ + t.bigCoreUnits;
        } else {
            unitStart_ = t.bigCoreNum * t.bigCoreUnits + (idx - t.bigCoreNum) * t.smallCoreUnits;
            unitEnd_ = unitStart_ + t.smallCoreUnits;
        }
        numRows_ = t.numRows;
        rowLen_ = t.rowLen;
        rowsPerTile_ = t.rowsPerTile;
        colTile_ = t.colTile;
        chunks_ = t.chunks;
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        pitch_ = (colTile_ + perBlock - 1) / perBlock * perBlock;
        tableGm_.SetGlobalBuffer((__gm__ T*)table, numRows_ * rowLen_);
        idxGm_.SetGlobalBuffer((__gm__ TIdx*)indices, t.numIndices);
        yGm_.SetGlobalBuffer((__gm__ T*)y, t.numIndices * rowLen_);
        pipe_.InitBuffer(rowQue_, BUFFER_NUM, t.tileElems * sizeof(T));
        constexpr uint32_t idxPerBlock = BLOCK_BYTES / sizeof(TIdx);
        pipe_.InitBuffer(idxBuf_, (rowsPerTile_ + idxPerBlock - 1) / idxPerBlock * idxPerBlock * sizeof(TIdx));
    }

    __aicore__ inline void Process()
    {
        if (chunks_ == 1) {
            for (uint64_t n = unitStart_; n < unitEnd_; n += rowsPerTile_) {
                const uint32_t count = static_cast<uint32_t>(unitEnd_ - n < rowsPerTile_ ? unitEnd_ - n : rowsPerTile_);
                GatherRows(n, count);
            }
        } else {
            uint64_t loaded = ~static_cast<uint64_t>(0);
            uint64_t source = 0;
            for (uint64_t u = unitStart_; u < unitEnd_; ++u) {
                const uint64_t n = u / chunks_;
                if (n != loaded) {
                    LoadIndices(n, 1);
                    source = RowOf(idxBuf_.Get<TIdx>().GetValue(0));
                    loaded = n;
                }
                const uint64_t col = (u % chunks_) * colTile_;
                const uint32_t nc = static_cast<uint32_t>(rowLen_ - col < colTile_ ? rowLen_ - col : colTile_);
                LocalTensor<T> buf = rowQue_.AllocTensor<T>();
                DataCopyPad(buf, tableGm_[source * rowLen_ + col],
                            DataCopyExtParams{1, static_cast<uint32_t>(nc * sizeof(T)), 0, 0, 0},
                            DataCopyPadExtParams<T>{false, 0, 0, 0});
                rowQue_.EnQue(buf);
                buf = rowQue_.DeQue<T>();
                DataCopyPad(yGm_[n * rowLen_ + col], buf, DataCopyExtParams{1, static_cast<uint32_t>(nc * sizeof(T)), 0, 0, 0});
                rowQue_.FreeTensor(buf);
            }
        }
    }

private:
    __aicore__ inline uint64_t RowOf(TIdx v) const
    {
        const int64_t i = static_cast<int64_t>(v);
        return static_cast<uint64_t>(i < 0 ? i + static_cast<int64_t>(numRows_) : i);
    }

    // Brings indices [n, n + count) into UB and makes them visible to the scalar unit.
    __aicore__ inline void LoadIndices(uint64_t n, uint32_t count)
    {
        LocalTensor<TIdx> idx = idxBuf_.Get<TIdx>();
        DataCopyPad(idx, idxGm_[n], DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(TIdx)), 0, 0, 0},
                    DataCopyPadExtParams<TIdx>{false, 0, 0, 0});
        const event_t eventId = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_S));
        SetFlag<HardEvent::MTE2_S>(eventId);
        WaitFlag<HardEvent::MTE2_S>(eventId);
    }

    // Output rows [n, n + count): whole rows of the table, one DMA each, one write-back.
    __aicore__ inline void GatherRows(uint64_t n, uint32_t count)
    {
        LoadIndices(n, count);
        LocalTensor<TIdx> idx = idxBuf_.Get<TIdx>();
        LocalTensor<T> buf = rowQue_.AllocTensor<T>();
        const DataCopyExtParams row{1, static_cast<uint32_t>(rowLen_ * sizeof(T)), 0, 0, 0};
        for (uint32_t j = 0; j < count; ++j) {
            DataCopyPad(buf[j * pitch_], tableGm_[RowOf(idx.GetValue(j)) * rowLen_], row,
                        DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        rowQue_.EnQue(buf);
        buf = rowQue_.DeQue<T>();
        // The rows of y are contiguous; in UB each row starts on a 32-byte boundary.
        DataCopyPad(yGm_[n * rowLen_], buf,
                    DataCopyExtParams{static_cast<uint16_t>(count), static_cast<uint32_t>(rowLen_ * sizeof(T)), 0, 0, 0});
        rowQue_.FreeTensor(buf);
    }

    TPipe pipe_;
    TQueBind<QuePosition::VECIN, QuePosition::VECOUT, BUFFER_NUM> rowQue_;
    TBuf<TPosition::VECCALC> idxBuf_;
    GlobalTensor<T> tableGm_;
    GlobalTensor<TIdx> idxGm_;
    GlobalTensor<T> yGm_;
    uint64_t unitStart_ = 0;
    uint64_t unitEnd_ = 0;
    uint64_t numRows_ = 0;
    uint64_t rowLen_ = 0;
    uint32_t rowsPerTile_ = 1;
    uint32_t colTile_ = 0;
    uint32_t chunks_ = 1;
    uint32_t pitch_ = 0;
};

extern "C" __global__ __aicore__ void gather(GM_ADDR table, GM_ADDR indices, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelGather<DTYPE_TABLE, DTYPE_INDICES> op;
    op.Init(table, indices, y, tilingData);
    op.Process();
}
