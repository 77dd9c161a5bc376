#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t IDX_TILE = 1024;   // indices of one bag read per DMA
constexpr uint32_t OFF_TILE = 1024;   // bags whose offsets are read per DMA (+1 for the end)
constexpr uint32_t OFF_BUF = 1032;    // OFF_TILE + 1 rounded up to 32 bytes of int64
}  // namespace

// out[b, :] = sum (or mean) of weight[indices[i], :] for i in [offsets[b], offsets[b + 1])
// (the last bag ends at len(indices)); an empty bag gives zeros.
// Work item = (bag, column chunk). Each core owns a contiguous range of items (balanced: the
// first items % cores cores take one more). For an item the bag's indices come into UB in tiles
// of IDX_TILE, are read by the scalar unit, and each named weight row chunk is fetched with one
// DataCopyPad into a double-buffered queue (the fetch of row j + 1 overlaps the add of row j).
// Rows are accumulated in float32 (16-bit weights widened with Cast), scaled by 1 / count for
// "mean", rounded once to the weight dtype and written with one DataCopyPad.
template <typename T, typename TIdx>
class KernelEmbeddingBag {
public:
    __aicore__ inline KernelEmbeddingBag() {}

    __aicore__ inline void Init(GM_ADDR weight, GM_ADDR indices, GM_ADDR offsets, GM_ADDR out,
                                const EmbeddingBagTilingData& t)
    {
        const uint64_t blockIdx = GetBlockIdx();
        if (blockIdx < t.bigCoreNum) {
            itemStart_ = blockIdx * t.bigCoreItems;
            itemCount_ = t.bigCoreItems;
        } else {
            itemStart_ = t.bigCoreNum * t.bigCoreItems + (blockIdx - t.bigCoreNum) * t.smallCoreItems;
            itemCount_ = t.smallCoreItems;
        }
        dim_ = t.dim;
        numIndices_ = t.numIndices;
        numBags_ = t.numBags;
        colTile_ = t.colTile;
        colChunks_ = t.colChunks;
        isMean_ = t.isMean != 0;

        weightGm_.SetGlobalBuffer((__gm__ T*)weight, t.numEmbeddings * dim_);
        idxGm_.SetGlobalBuffer((__gm__ TIdx*)indices, numIndices_);
        offGm_.SetGlobalBuffer((__gm__ TIdx*)offsets, numBags_);
        outGm_.SetGlobalBuffer((__gm__ T*)out, numBags_ * dim_);

        pipe_.InitBuffer(inQue_, BUFFER_NUM, colTile_ * sizeof(T));
        pipe_.InitBuffer(outQue_, BUFFER_NUM, colTile_ * sizeof(T));
        pipe_.InitBuffer(accBuf_, colTile_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, colTile_ * sizeof(float));
        }
        pipe_.InitBuffer(idxBuf_, IDX_TILE * sizeof(TIdx));
        pipe_.InitBuffer(offBuf_, OFF_BUF * sizeof(TIdx));
    }

    __aicore__ inline void Process()
    {
        for (uint64_t k = itemStart_; k < itemStart_ + itemCount_; ++k) {
            const uint64_t bag = k / colChunks_;
            const uint64_t c0 = (k % colChunks_) * colTile_;
            const uint32_t w = static_cast<uint32_t>(dim_ - c0 < colTile_ ? dim_ - c0 : colTile_);
            uint64_t first = 0;
            uint64_t last = 0;
            BagRange(bag, first, last);
            ProcessItem(bag, c0, w, first, last);
        }
    }

private:
    // Scalar reads of a UB buffer that MTE2 fills: wait for earlier scalar reads before the DMA
    // overwrites it, and for the DMA before the next reads.
    __aicore__ inline void WaitScalarBeforeLoad()
    {
        const event_t ev = static_cast<event_t>(pipe_.FetchEventID(HardEvent::S_MTE2));
        SetFlag<HardEvent::S_MTE2>(ev);
        WaitFlag<HardEvent::S_MTE2>(ev);
    }

    __aicore__ inline void WaitLoadBeforeScalar()
    {
        const event_t ev = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_S));
        SetFlag<HardEvent::MTE2_S>(ev);
        WaitFlag<HardEvent::MTE2_S>(ev);
    }

    // [first, last) of bag b; offsets are kept in UB for up to OFF_TILE consecutive bags.
    __aicore__ inline void BagRange(uint64_t b, uint64_t& first, uint64_t& last)
    {
        const bool needNext = b + 1 < numBags_;
        if (offCount_ == 0 || b < offBase_ || b >= offBase_ + offCount_ ||
            (needNext && b + 1 >= offBase_ + offCount_)) {
            offBase_ = b;
            offCount_ = numBags_ - b < OFF_TILE + 1 ? numBags_ - b : OFF_TILE + 1;
            LocalTensor<TIdx> off = offBuf_.Get<TIdx>();
            WaitScalarBeforeLoad();
            DataCopyPad(off, offGm_[b], DataCopyExtParams{1, static_cast<uint32_t>(offCount_ * sizeof(TIdx)), 0, 0, 0},
                        DataCopyPadExtParams<TIdx>{false, 0, 0, 0});
            WaitLoadBeforeScalar();
        }
        LocalTensor<TIdx> off = offBuf_.Get<TIdx>();
        first = static_cast<uint64_t>(static_cast<int64_t>(off.GetValue(static_cast<uint32_t>(b - offBase_))));
        last = needNext ? static_cast<uint64_t>(static_cast<int64_t>(off.GetValue(static_cast<uint32_t>(b + 1 - offBase_))))
                        : numIndices_;
        if (last > numIndices_) {
            last = numIndices_;
        }
        if (first > last) {
            first = last;
        }
    }

    __aicore__ inline void LoadRow(uint64_t row, uint64_t c0, uint32_t w)
    {
        LocalTensor<T> buf = inQue_.AllocTensor<T>();
        DataCopyPad(buf, weightGm_[row * dim_ + c0], DataCopyExtParams{1, static_cast<uint32_t>(w * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQue_.EnQue(buf);
    }

    __aicore__ inline void AccumulateRow(const LocalTensor<float>& acc, uint32_t w)
    {
        LocalTensor<T> row = inQue_.DeQue<T>();
        if constexpr (IsSameType<T, float>::value) {
            Add(acc, acc, row, w);
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            Cast(wide, row, RoundMode::CAST_NONE, w);
            Add(acc, acc, wide, w);
        }
        inQue_.FreeTensor(row);
    }

    __aicore__ inline void ProcessItem(uint64_t bag, uint64_t c0, uint32_t w, uint64_t first, uint64_t last)
    {
        LocalTensor<float> acc = accBuf_.Get<float>();
        Duplicate(acc, 0.0f, w);
        LocalTensor<TIdx> idx = idxBuf_.Get<TIdx>();
        for (uint64_t i0 = first; i0 < last; i0 += IDX_TILE) {
            const uint32_t n = static_cast<uint32_t>(last - i0 < IDX_TILE ? last - i0 : IDX_TILE);
            WaitScalarBeforeLoad();
            DataCopyPad(idx, idxGm_[i0], DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(TIdx)), 0, 0, 0},
                        DataCopyPadExtParams<TIdx>{false, 0, 0, 0});
            WaitLoadBeforeScalar();
            LoadRow(static_cast<uint64_t>(static_cast<int64_t>(idx.GetValue(0))), c0, w);
            for (uint32_t j = 0; j < n; ++j) {
                if (j + 1 < n) {
                    LoadRow(static_cast<uint64_t>(static_cast<int64_t>(idx.GetValue(j + 1))), c0, w);
                }
                AccumulateRow(acc, w);
            }
        }
        const uint64_t count = last - first;
        const float scale = (isMean_ && count > 0) ? 1.0f / static_cast<float>(count) : 1.0f;
        LocalTensor<T> out = outQue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Muls(out, acc, scale, w);
        } else {
            Muls(acc, acc, scale, w);
            Cast(out, acc, RoundMode::CAST_RINT, w);
        }
        outQue_.EnQue(out);
        out = outQue_.DeQue<T>();
        DataCopyPad(outGm_[bag * dim_ + c0], out, DataCopyExtParams{1, static_cast<uint32_t>(w * sizeof(T)), 0, 0, 0});
        outQue_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQue_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> idxBuf_;
    TBuf<TPosition::VECCALC> offBuf_;
    GlobalTensor<T> weightGm_;
    GlobalTensor<TIdx> idxGm_;
    GlobalTensor<TIdx> offGm_;
    GlobalTensor<T> outGm_;
    uint64_t itemStart_ = 0;
    uint64_t itemCount_ = 0;
    uint64_t dim_ = 0;
    uint64_t numIndices_ = 0;
    uint64_t numBags_ = 0;
    uint32_t colTile_ = 0;
    uint32_t colChunks_ = 1;
    bool isMean_ = true;
    uint64_t offBase_ = 0;
    uint64_t offCount_ = 0;
};

extern "C" __global__ __aicore__ void embedding_bag(GM_ADDR weight, GM_ADDR indices, GM_ADDR offsets, GM_ADDR out,
                                                    GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelEmbeddingBag<DTYPE_WEIGHT, DTYPE_INDICES> op;
    op.Init(weight, indices, offsets, out, tilingData);
    op.Process();
}
