#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t FLOATS_PER_BLOCK = 8;
constexpr uint32_t FLOATS_PER_REPEAT = 64;
constexpr uint32_t ROW_GROUP = 248;  // rows per repeat-form instruction: <= 255, multiple of 8
constexpr uint32_t WORK_ELEMS = 256;

__aicore__ inline uint32_t CeilAlign(uint32_t value, uint32_t align) { return (value + align - 1) / align * align; }
__aicore__ inline uint32_t Min(uint32_t a, uint32_t b) { return a < b ? a : b; }
}  // namespace

// Group normalization of x [N, C, HW...]: every (n, group) is a contiguous [C/G, HW] block whose
// mean and variance (two passes, float32) normalize it; then y = x * a_c + b_c per channel with
// a_c = gamma_c * rstd and b_c = beta_c - mean * a_c.
template <typename T>
class KernelGroupNorm {
public:
    __aicore__ inline KernelGroupNorm() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y, uint32_t channels,
                                uint32_t groupChannels, uint32_t numGroups, uint32_t spatial, uint32_t tileRows,
                                uint32_t chunkCols, uint32_t chunks, uint32_t rowStride, uint32_t bigCoreGroups,
                                uint32_t smallCoreGroups, uint32_t bigCoreNum, float epsilon, float invGroupLen)
    {
        const uint32_t blockIdx = GetBlockIdx();
        if (blockIdx < bigCoreNum) {
            groupCount_ = bigCoreGroups;
            groupStart_ = blockIdx * bigCoreGroups;
        } else {
            groupCount_ = smallCoreGroups;
            groupStart_ = bigCoreNum * bigCoreGroups + (blockIdx - bigCoreNum) * smallCoreGroups;
        }
        groupChannels_ = groupChannels;
        numGroups_ = numGroups;
        spatial_ = spatial;
        tileRows_ = tileRows;
        chunkCols_ = chunkCols;
        chunks_ = chunks;
        rowStride_ = rowStride;
        epsilon_ = epsilon;
        invGroupLen_ = invGroupLen;
        // The whole group fits in one tile: it is read once and stays in UB for all passes.
        resident_ = chunks == 1 && tileRows >= groupChannels;

        const uint64_t groupLen = static_cast<uint64_t>(groupChannels) * spatial;
        xGm_.SetGlobalBuffer((__gm__ T*)x, static_cast<uint64_t>(groupStart_ + groupCount_) * groupLen);
        yGm_.SetGlobalBuffer((__gm__ T*)y, static_cast<uint64_t>(groupStart_ + groupCount_) * groupLen);
        gammaGm_.SetGlobalBuffer((__gm__ T*)gamma, channels);
        betaGm_.SetGlobalBuffer((__gm__ T*)beta, channels);

        const uint32_t tileElems = tileRows * rowStride;
        const uint32_t cgAligned = CeilAlign(groupChannels, FLOATS_PER_BLOCK * 2);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(outQueueY_, BUFFER_NUM, tileElems * sizeof(T));
        pipe_.InitBuffer(inQueueParam_, BUFFER_NUM, cgAligned * sizeof(T));
        pipe_.InitBuffer(diffBuf_, tileElems * sizeof(float));
        pipe_.InitBuffer(scaleBuf_, cgAligned * sizeof(float));
        pipe_.InitBuffer(shiftBuf_, cgAligned * sizeof(float));
        pipe_.InitBuffer(scaleBlockBuf_, cgAligned * BLOCK_BYTES);
        pipe_.InitBuffer(shiftBlockBuf_, cgAligned * BLOCK_BYTES);
        pipe_.InitBuffer(rowStatBuf_, CeilAlign(tileRows, FLOATS_PER_BLOCK) * sizeof(float));
        pipe_.InitBuffer(statBuf_, 4 * FLOATS_PER_BLOCK * sizeof(float));
        pipe_.InitBuffer(workBuf_, WORK_ELEMS * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, tileElems * sizeof(float));
            pipe_.InitBuffer(paramWideBuf_, cgAligned * sizeof(float));
        }
        eventVS_ = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_S));
    }

    __aicore__ inline void Process()
    {
        const uint64_t groupLen = static_cast<uint64_t>(groupChannels_) * spatial_;
        for (uint32_t i = 0; i < groupCount_; ++i) {
            const uint32_t unit = groupStart_ + i;
            ProcessGroup(static_cast<uint64_t>(unit) * groupLen, (unit % numGroups_) * groupChannels_);
        }
    }

private:
    __aicore__ inline void ProcessGroup(uint64_t base, uint32_t channel0)
    {
        LocalTensor<float> stat = statBuf_.Get<float>();
        LocalTensor<float> total = stat;                       // [0, 8): running sum
        LocalTensor<float> part = stat[FLOATS_PER_BLOCK];      // [8, 16): one tile's sum
        LocalTensor<float> ones = stat[2 * FLOATS_PER_BLOCK];  // [16, 24): 1.0

        // Pass 1: mean.
        Duplicate(total, 0.0f, static_cast<int32_t>(2 * FLOATS_PER_BLOCK));
        ForEachTile(base, 0, total, part, 0.0f);
        Muls(total, total, invGroupLen_, 1);
        const float mean = ReadScalar(total);

        // Pass 2: variance around the mean, rstd = 1 / sqrt(var + eps).
        Duplicate(total, 0.0f, static_cast<int32_t>(2 * FLOATS_PER_BLOCK));
        ForEachTile(base, 1, total, part, mean);
        Duplicate(ones, 1.0f, static_cast<int32_t>(FLOATS_PER_BLOCK));
        Muls(total, total, invGroupLen_, 1);
        Adds(total, total, epsilon_, 1);
        Sqrt(total, total, 1);
        Div(total, ones, total, 1);
        const float rstd = ReadScalar(total);

        // Per-channel scale and shift, expanded to one 32-byte block per channel.
        BuildAffine(channel0, mean, rstd);

        // Pass 3: y = x * a_c + b_c.
        ForEachTile(base, 2, total, part, mean);
        if (resident_) {
            inQueueX_.FreeTensor(residentX_);
        }
    }

    __aicore__ inline float ReadScalar(const LocalTensor<float>& t)
    {
        SetFlag<HardEvent::V_S>(eventVS_);
        WaitFlag<HardEvent::V_S>(eventVS_);
        return t.GetValue(0);
    }

    // pass 0: total += sum(x); pass 1: total += sum((x - mean)^2); pass 2: write y.
    __aicore__ inline void ForEachTile(uint64_t base, uint32_t pass, const LocalTensor<float>& total,
                                       const LocalTensor<float>& part, float mean)
    {
        for (uint32_t c0 = 0; c0 < groupChannels_; c0 += tileRows_) {
            const uint32_t height = Min(tileRows_, groupChannels_ - c0);
            for (uint32_t k = 0; k < chunks_; ++k) {
                const uint32_t col0 = k * chunkCols_;
                const uint32_t width = Min(chunkCols_, spatial_ - col0);
                const uint64_t offset = base + static_cast<uint64_t>(c0) * spatial_ + col0;
                LocalTensor<float> src = LoadTile(offset, pass, height, width);
                const int32_t tileElems = static_cast<int32_t>(height * rowStride_);
                if (pass == 0) {
                    TileSum(part, src, height, width);
                    Add(total, total, part, 1);
                } else if (pass == 1) {
                    LocalTensor<float> diff = diffBuf_.Get<float>();
                    Adds(diff, src, -mean, tileElems);
                    Mul(diff, diff, diff, tileElems);
                    TileSum(part, diff, height, width);
                    Add(total, total, part, 1);
                } else {
                    Normalize(offset, src, c0, height, width);
                }
                if (!resident_) {
                    inQueueX_.FreeTensor(streamX_);
                }
            }
        }
    }

    // The tile as float32. A resident group is copied in by the first pass only.
    __aicore__ inline LocalTensor<float> LoadTile(uint64_t offset, uint32_t pass, uint32_t height, uint32_t width)
    {
        LocalTensor<T> xLocal;
        if (!resident_ || pass == 0) {
            constexpr uint32_t blockElems = BLOCK_BYTES / sizeof(T);
            xLocal = inQueueX_.AllocTensor<T>();
            DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                                   (spatial_ - width) * static_cast<uint32_t>(sizeof(T)),
                                   (rowStride_ - CeilAlign(width, blockElems)) / blockElems, 0};
            DataCopyPad(xLocal, xGm_[offset], copy, DataCopyPadExtParams<T>{false, 0, 0, 0});
            inQueueX_.EnQue(xLocal);
            xLocal = inQueueX_.DeQue<T>();
            if (resident_) {
                residentX_ = xLocal;
            } else {
                streamX_ = xLocal;
            }
            if constexpr (!IsSameType<T, float>::value) {
                Cast(wideBuf_.Get<float>(), xLocal, RoundMode::CAST_NONE, static_cast<int32_t>(height * rowStride_));
            }
        } else {
            xLocal = residentX_;
        }
        if constexpr (IsSameType<T, float>::value) {
            return xLocal;
        } else {
            return wideBuf_.Get<float>();
        }
    }

    // part[0] = sum of the valid [height, width] elements of a tile.
    __aicore__ inline void TileSum(const LocalTensor<float>& part, const LocalTensor<float>& src, uint32_t height,
                                   uint32_t width)
    {
        LocalTensor<float> work = workBuf_.Get<float>();
        if (height == 1) {
            ReduceSum<float>(part, src, work, static_cast<int32_t>(width));
            return;
        }
        LocalTensor<float> rowStat = rowStatBuf_.Get<float>();
        if (width <= FLOATS_PER_REPEAT) {
            // One repeat per channel row, all rows of the tile in one instruction.
            WholeReduceSum<float>(rowStat, src, static_cast<int32_t>(width), static_cast<int32_t>(height), 1, 1,
                                  static_cast<int32_t>(rowStride_ / FLOATS_PER_BLOCK));
        } else {
            for (uint32_t r = 0; r < height; ++r) {
                ReduceSum<float>(rowStat[r], src[r * rowStride_], work, static_cast<int32_t>(width));
            }
        }
        ReduceSum<float>(part, rowStat, work, static_cast<int32_t>(height));
    }

    __aicore__ inline void BuildAffine(uint32_t channel0, float mean, float rstd)
    {
        LocalTensor<float> scale = scaleBuf_.Get<float>();
        LocalTensor<float> shift = shiftBuf_.Get<float>();
        const int32_t n = static_cast<int32_t>(groupChannels_);

        LocalTensor<T> g = inQueueParam_.AllocTensor<T>();
        DataCopyPad(g, gammaGm_[channel0], DataCopyExtParams{1, groupChannels_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueParam_.EnQue(g);
        LocalTensor<T> b = inQueueParam_.AllocTensor<T>();
        DataCopyPad(b, betaGm_[channel0], DataCopyExtParams{1, groupChannels_ * static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        inQueueParam_.EnQue(b);
        g = inQueueParam_.DeQue<T>();
        b = inQueueParam_.DeQue<T>();
        if constexpr (IsSameType<T, float>::value) {
            Muls(scale, g, rstd, n);                 // a = gamma * rstd
            Muls(shift, scale, -mean, n);            // b = beta - mean * a
            Add(shift, shift, b, n);
        } else {
            LocalTensor<float> wide = paramWideBuf_.Get<float>();
            Cast(wide, g, RoundMode::CAST_NONE, n);
            Muls(scale, wide, rstd, n);
            Cast(wide, b, RoundMode::CAST_NONE, n);
            Muls(shift, scale, -mean, n);
            Add(shift, shift, wide, n);
        }
        inQueueParam_.FreeTensor(g);
        inQueueParam_.FreeTensor(b);
        const uint8_t repeats = static_cast<uint8_t>((groupChannels_ + FLOATS_PER_BLOCK - 1) / FLOATS_PER_BLOCK);
        Brcb(scaleBlockBuf_.Get<float>(), scale, repeats, BrcbRepeatParams(1, 8));
        Brcb(shiftBlockBuf_.Get<float>(), shift, repeats, BrcbRepeatParams(1, 8));
    }

    __aicore__ inline void Normalize(uint64_t offset, const LocalTensor<float>& src, uint32_t c0, uint32_t height,
                                     uint32_t width)
    {
        LocalTensor<T> yLocal = outQueueY_.AllocTensor<T>();
        LocalTensor<float> dst;
        if constexpr (IsSameType<T, float>::value) {
            dst = yLocal;
        } else {
            dst = diffBuf_.Get<float>();
        }
        LocalTensor<float> scaleBlocks = scaleBlockBuf_.Get<float>();
        LocalTensor<float> shiftBlocks = shiftBlockBuf_.Get<float>();
        if (width <= FLOATS_PER_REPEAT) {
            // A repeat is a channel row; the channel's block advances one block per repeat.
            const uint8_t rowBlocks = static_cast<uint8_t>(rowStride_ / FLOATS_PER_BLOCK);
            const BinaryRepeatParams params(1, 1, 0, rowBlocks, rowBlocks, 1);
            for (uint32_t r0 = 0; r0 < height; r0 += ROW_GROUP) {
                const uint8_t n = static_cast<uint8_t>(Min(ROW_GROUP, height - r0));
                const uint32_t off = r0 * rowStride_;
                const uint32_t blk = (c0 + r0) * FLOATS_PER_BLOCK;
                Mul(dst[off], src[off], scaleBlocks[blk], static_cast<uint64_t>(width), n, params);
                Add(dst[off], dst[off], shiftBlocks[blk], static_cast<uint64_t>(width), n, params);
            }
        } else {
            // Repeats walk a row; the channel's block is re-read by every repeat (strides 0).
            const BinaryRepeatParams params(1, 1, 0, 8, 8, 0);
            const uint32_t full = width / FLOATS_PER_REPEAT;
            const uint32_t rest = width % FLOATS_PER_REPEAT;
            for (uint32_t r = 0; r < height; ++r) {
                const uint32_t blk = (c0 + r) * FLOATS_PER_BLOCK;
                for (uint32_t done = 0; done < full; done += 255) {
                    const uint32_t n = Min(255, full - done);
                    const uint32_t off = r * rowStride_ + done * FLOATS_PER_REPEAT;
                    Mul(dst[off], src[off], scaleBlocks[blk], static_cast<uint64_t>(FLOATS_PER_REPEAT),
                        static_cast<uint8_t>(n), params);
                    Add(dst[off], dst[off], shiftBlocks[blk], static_cast<uint64_t>(FLOATS_PER_REPEAT),
                        static_cast<uint8_t>(n), params);
                }
                if (rest > 0) {
                    const uint32_t off = r * rowStride_ + full * FLOATS_PER_REPEAT;
                    Mul(dst[off], src[off], scaleBlocks[blk], static_cast<uint64_t>(rest), 1, params);
                    Add(dst[off], dst[off], shiftBlocks[blk], static_cast<uint64_t>(rest), 1, params);
                }
            }
        }
        if constexpr (!IsSameType<T, float>::value) {
            Cast(yLocal, dst, RoundMode::CAST_RINT, static_cast<int32_t>(height * rowStride_));
        }
        outQueueY_.EnQue(yLocal);
        yLocal = outQueueY_.DeQue<T>();
        constexpr uint32_t blockElems = BLOCK_BYTES / sizeof(T);
        DataCopyExtParams copy{static_cast<uint16_t>(height), width * static_cast<uint32_t>(sizeof(T)),
                               (rowStride_ - CeilAlign(width, blockElems)) / blockElems,
                               (spatial_ - width) * static_cast<uint32_t>(sizeof(T)), 0};
        DataCopyPad(yGm_[offset], yLocal, copy);
        outQueueY_.FreeTensor(yLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueY_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueParam_;
    TBuf<TPosition::VECCALC> wideBuf_;
    TBuf<TPosition::VECCALC> diffBuf_;
    TBuf<TPosition::VECCALC> paramWideBuf_;
    TBuf<TPosition::VECCALC> scaleBuf_;
    TBuf<TPosition::VECCALC> shiftBuf_;
    TBuf<TPosition::VECCALC> scaleBlockBuf_;
    TBuf<TPosition::VECCALC> shiftBlockBuf_;
    TBuf<TPosition::VECCALC> rowStatBuf_;
    TBuf<TPosition::VECCALC> statBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    GlobalTensor<T> gammaGm_;
    GlobalTensor<T> betaGm_;
    LocalTensor<T> residentX_;
    LocalTensor<T> streamX_;
    event_t eventVS_;
    bool resident_ = false;
    uint32_t groupStart_ = 0;
    uint32_t groupCount_ = 0;
    uint32_t groupChannels_ = 0;
    uint32_t numGroups_ = 0;
    uint32_t spatial_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t chunkCols_ = 0;
    uint32_t chunks_ = 0;
    uint32_t rowStride_ = 0;
    float epsilon_ = 0.0f;
    float invGroupLen_ = 0.0f;
};

extern "C" __global__ __aicore__ void group_norm(GM_ADDR x, GM_ADDR gamma, GM_ADDR beta, GM_ADDR y,
                                                 GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    KernelGroupNorm<DTYPE_X> op;
    op.Init(x, gamma, beta, y, t.channels, t.groupChannels, t.numGroups, t.spatial, t.tileRows, t.chunkCols, t.chunks,
            t.rowStride, t.bigCoreGroups, t.smallCoreGroups, t.bigCoreNum, t.epsilon, t.invGroupLen);
    op.Process();
}
