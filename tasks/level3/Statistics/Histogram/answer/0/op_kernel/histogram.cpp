#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t PART = 8;              // one 32-byte block of float per bin for the ReduceSum results
constexpr uint32_t FLOATS_PER_REPEAT = 64;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// y = torch.histc(x, bins, min, max) as float32 counts.
//
// Every core owns a contiguous slice of the flat input (balanced: the first bigCoreNum cores take
// one element more) and builds a private histogram in UB. A tile of x (double-buffered, ragged
// end by DataCopyPad) is turned into bin numbers with vector instructions only:
//   g = min(floor((x - min) * bins / (max - min)), bins - 1)     (x == max falls in the last bin)
//   g = -1 where !(x >= min) or !(x <= max)                     (outside the range, and NaN)
// and then, for every bin b, CompareScalar(g == b) -> Select(1, 0) -> ReduceSum gives the count of
// the tile in that bin; the counts land 32 bytes apart (one block per bin) and are added into a
// per-core accumulator, so a tile costs a few vector instructions per bin and no scalar work per
// element. At the end a GatherMask packs the accumulator (every 8th float) into the histogram.
//
// Combining the cores: core 0 writes zeros to y first; SyncAll (after the heavy work, so no core
// waits for the zeroing) and then every core adds its histogram into y with the DMA atomic add.
// Counts are integers below 2^24, so the float32 adds are exact in any order.
template <typename T>
class KernelHistogram {
public:
    __aicore__ inline KernelHistogram() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, const HistogramTilingData& t)
    {
        const uint64_t blockIdx = GetBlockIdx();
        uint64_t start;
        if (blockIdx < t.bigCoreNum) {
            start = blockIdx * t.bigCoreLength;
            length_ = t.bigCoreLength;
        } else {
            start = t.bigCoreNum * t.bigCoreLength + (blockIdx - t.bigCoreNum) * t.smallCoreLength;
            length_ = t.smallCoreLength;
        }
        tile_ = t.tileLength;
        bins_ = t.bins;
        binsAlign_ = t.binsAlign;
        minValue_ = t.minValue;
        maxValue_ = t.maxValue;
        scale_ = t.scale;
        isFirstCore_ = blockIdx == 0;

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ float*)y, bins_);

        pipe_.InitBuffer(inQue_, BUFFER_NUM, tile_ * sizeof(T));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(castBuf_, tile_ * sizeof(float));
        }
        pipe_.InitBuffer(binBuf_, tile_ * sizeof(float));
        pipe_.InitBuffer(selBuf_, tile_ * sizeof(float));
        pipe_.InitBuffer(onesBuf_, tile_ * sizeof(float));
        pipe_.InitBuffer(maskBuf_, (tile_ / 8 + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES);
        pipe_.InitBuffer(workBuf_, (tile_ / FLOATS_PER_REPEAT + PART) * PART * sizeof(float));
        pipe_.InitBuffer(partBuf_, binsAlign_ * PART * sizeof(float));
        pipe_.InitBuffer(accBuf_, binsAlign_ * PART * sizeof(float));
        pipe_.InitBuffer(histBuf_, binsAlign_ * sizeof(float));
        // Gather pattern: bit 8k of the uint32 stream set -> one float out of each 8.
        patWords_ = (binsAlign_ * PART + 31) / 32;
        pipe_.InitBuffer(patBuf_, (patWords_ + PART - 1) / PART * PART * sizeof(uint32_t));
    }

    __aicore__ inline void Process()
    {
        LocalTensor<float> hist = histBuf_.Get<float>();
        const DataCopyExtParams histCopy{1, static_cast<uint32_t>(bins_ * sizeof(float)), 0, 0, 0};
        if (isFirstCore_) {
            Duplicate(hist, 0.0f, static_cast<int32_t>(binsAlign_));
            const event_t vToMte3 = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_MTE3));
            SetFlag<HardEvent::V_MTE3>(vToMte3);
            WaitFlag<HardEvent::V_MTE3>(vToMte3);
            DataCopyPad(yGm_, hist, histCopy);
            const event_t mte3ToV = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE3_V));
            SetFlag<HardEvent::MTE3_V>(mte3ToV);
            WaitFlag<HardEvent::MTE3_V>(mte3ToV);
        }
        LocalTensor<float> acc = accBuf_.Get<float>();
        Duplicate(acc, 0.0f, static_cast<int32_t>(binsAlign_ * PART));
        Duplicate(onesBuf_.Get<float>(), 1.0f, static_cast<int32_t>(tile_));

        const uint64_t tiles = (length_ + tile_ - 1) / tile_;
        for (uint64_t i = 0; i < tiles; ++i) {
            const uint64_t offset = i * tile_;
            const uint32_t n = static_cast<uint32_t>(length_ - offset < tile_ ? length_ - offset : tile_);
            CopyIn(offset, n);
            Compute(n);
        }

        // Pack acc[8 * b] -> hist[b].
        LocalTensor<uint32_t> pattern = patBuf_.Get<uint32_t>();
        Duplicate(pattern, 0x01010101u, static_cast<int32_t>(patWords_));
        uint64_t kept = 0;
        GatherMask(hist, acc, pattern, true, binsAlign_ * PART, GatherMaskParams{1, 1, 0, 0}, kept);

        // Every core's zeroing of y is complete after SyncAll; then accumulate atomically.
        const event_t vToMte3 = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_MTE3));
        SetFlag<HardEvent::V_MTE3>(vToMte3);
        WaitFlag<HardEvent::V_MTE3>(vToMte3);
        SyncAll();
        SetAtomicAdd<float>();
        DataCopyPad(yGm_, hist, histCopy);
        SetAtomicNone();
    }

private:
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t n)
    {
        LocalTensor<T> xIn = inQue_.AllocTensor<T>();
        DataCopyPad(xIn, xGm_[offset], DataCopyExtParams{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQue_.EnQue(xIn);
    }

    __aicore__ inline void Compute(uint32_t n)
    {
        // Vector instructions run over whole 256-byte repeats; the lanes past n hold whatever the
        // buffer held and are excluded by the ReduceSum count.
        const uint32_t calc = (n + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT * FLOATS_PER_REPEAT;
        LocalTensor<T> xIn = inQue_.DeQue<T>();
        LocalTensor<float> xf;
        if constexpr (IsSameType<T, float>::value) {
            xf = xIn;
        } else {
            xf = castBuf_.Get<float>();
            Cast(xf, xIn, RoundMode::CAST_NONE, calc);
        }
        LocalTensor<float> g = binBuf_.Get<float>();
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        Adds(g, xf, -minValue_, calc);
        Muls(g, g, scale_, calc);
        Cast(g, g, RoundMode::CAST_FLOOR, calc);
        Mins(g, g, static_cast<float>(bins_ - 1), calc);
        CompareScalar(mask, xf, minValue_, CMPMODE::GE, calc);
        Select(g, mask, g, -1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, calc);
        CompareScalar(mask, xf, maxValue_, CMPMODE::LE, calc);
        Select(g, mask, g, -1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, calc);
        inQue_.FreeTensor(xIn);

        LocalTensor<float> sel = selBuf_.Get<float>();
        LocalTensor<float> ones = onesBuf_.Get<float>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<float> part = partBuf_.Get<float>();
        for (uint32_t b = 0; b < bins_; ++b) {
            CompareScalar(mask, g, static_cast<float>(b), CMPMODE::EQ, calc);
            Select(sel, mask, ones, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, calc);
            ReduceSum(part[b * PART], sel, work, static_cast<int32_t>(n));
        }
        LocalTensor<float> acc = accBuf_.Get<float>();
        Add(acc, acc, part, static_cast<int32_t>(bins_ * PART));
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQue_;
    TBuf<TPosition::VECCALC> castBuf_;
    TBuf<TPosition::VECCALC> binBuf_;
    TBuf<TPosition::VECCALC> selBuf_;
    TBuf<TPosition::VECCALC> onesBuf_;
    TBuf<TPosition::VECCALC> maskBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> partBuf_;
    TBuf<TPosition::VECCALC> accBuf_;
    TBuf<TPosition::VECCALC> histBuf_;
    TBuf<TPosition::VECCALC> patBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<float> yGm_;
    uint64_t length_ = 0;
    uint32_t tile_ = 0;
    uint32_t bins_ = 0;
    uint32_t binsAlign_ = 0;
    uint32_t patWords_ = 0;
    float minValue_ = 0.0f;
    float maxValue_ = 0.0f;
    float scale_ = 0.0f;
    bool isFirstCore_ = false;
};

extern "C" __global__ __aicore__ void histogram(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);  // SyncAll between zeroing y and the atomic adds
    KernelHistogram<DTYPE_X> op;
    op.Init(x, y, tilingData);
    op.Process();
}
