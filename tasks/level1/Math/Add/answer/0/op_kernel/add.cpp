#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;     // copy-in of tile i+1 and copy-out of tile i-1 overlap compute of tile i
constexpr uint32_t BLOCK_BYTES = 32;  // DataCopy moves whole 32-byte blocks
// Atlas inference AI cores (310P, __CCE_AICORE__ 200) have no DataCopyPad: the last core moves its
// partial last block whole. The bytes past the end lie inside the tensor's device allocation
// (rounded up past the end); what lands there is never read back.
#if defined(__CCE_AICORE__) && __CCE_AICORE__ == 200
constexpr bool NO_DATA_COPY_PAD = true;
#else
constexpr bool NO_DATA_COPY_PAD = false;
#endif
}  // namespace

// y = x1 + x2 element-wise over a flat range of this core.
// Each core owns one contiguous range (block-aligned start, computed by the tiling) and streams it
// through UB in tiles.
template <typename T>
class KernelAdd {
public:
    __aicore__ inline KernelAdd() {}

    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint64_t totalLength, uint64_t formerLength,
                                uint64_t tailLength, uint32_t formerNum, uint32_t tileLength)
    {
        const uint64_t core = GetBlockIdx();
        uint64_t start;
        if (core < formerNum) {
            length_ = formerLength;
            start = core * formerLength;
        } else {
            length_ = tailLength;
            start = formerNum * formerLength + (core - formerNum) * tailLength;
        }
        // The split counts whole blocks; the last core stops at the true end of the data.
        if (start >= totalLength) {
            length_ = 0;
        } else if (start + length_ > totalLength) {
            length_ = totalLength - start;
        }
        tileLength_ = tileLength;
        tileNum_ = static_cast<uint32_t>((length_ + tileLength_ - 1) / tileLength_);
        lastTileLength_ = tileNum_ == 0 ? 0 : static_cast<uint32_t>(length_ - static_cast<uint64_t>(tileNum_ - 1) * tileLength_);

        x1Gm_.SetGlobalBuffer((__gm__ T*)x1 + start, length_);
        x2Gm_.SetGlobalBuffer((__gm__ T*)x2 + start, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
        pipe_.InitBuffer(inQueX1_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(inQueX2_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            // bfloat16 has no arithmetic on the vector unit: widen to float32 work tiles.
            pipe_.InitBuffer(wideA_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wideB_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < tileNum_; ++i) {
            const uint32_t len = (i + 1 == tileNum_) ? lastTileLength_ : tileLength_;
            CopyIn(i, len);
            Compute(len);
            CopyOut(i, len);
        }
    }

private:
    __aicore__ inline uint32_t WholeBlocks(uint32_t len)
    {
        constexpr uint32_t perBlock = BLOCK_BYTES / sizeof(T);
        return (len + perBlock - 1) / perBlock * perBlock;
    }

    __aicore__ inline void CopyIn(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> a = inQueX1_.AllocTensor<T>();
        LocalTensor<T> b = inQueX2_.AllocTensor<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(a, x1Gm_[offset], len);
            DataCopy(b, x2Gm_[offset], len);
        } else if constexpr (NO_DATA_COPY_PAD) {
            DataCopy(a, x1Gm_[offset], WholeBlocks(len));
            DataCopy(b, x2Gm_[offset], WholeBlocks(len));
        } else {
            // Only the last tile of the last core ends inside a block: copy its exact byte count.
            const DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            const DataCopyPadExtParams<T> noPad{false, 0, 0, 0};
            DataCopyPad(a, x1Gm_[offset], params, noPad);
            DataCopyPad(b, x2Gm_[offset], params, noPad);
        }
        inQueX1_.EnQue(a);
        inQueX2_.EnQue(b);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> a = inQueX1_.DeQue<T>();
        LocalTensor<T> b = inQueX2_.DeQue<T>();
        LocalTensor<T> out = outQueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> wa = wideA_.Get<float>();
            LocalTensor<float> wb = wideB_.Get<float>();
            Cast(wa, a, RoundMode::CAST_NONE, len);  // bf16 -> f32 is exact
            Cast(wb, b, RoundMode::CAST_NONE, len);
            Add(wa, wa, wb, len);
            Cast(out, wa, RoundMode::CAST_RINT, len);  // one rounding to nearest-even
        } else {
            Add(out, a, b, len);
        }
        outQueY_.EnQue(out);
        inQueX1_.FreeTensor(a);
        inQueX2_.FreeTensor(b);
    }

    __aicore__ inline void CopyOut(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> out = outQueY_.DeQue<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(yGm_[offset], out, len);
        } else if constexpr (NO_DATA_COPY_PAD) {
            DataCopy(yGm_[offset], out, WholeBlocks(len));
        } else {
            DataCopyPad(yGm_[offset], out, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        outQueY_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueX1_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueX2_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueY_;
    TBuf<TPosition::VECCALC> wideA_;
    TBuf<TPosition::VECCALC> wideB_;
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<T> yGm_;
    uint64_t length_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t lastTileLength_ = 0;
};

extern "C" __global__ __aicore__ void add(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAdd<DTYPE_X1> op;
    op.Init(x1, x2, y, tilingData.totalLength, tilingData.formerLength, tilingData.tailLength, tilingData.formerNum,
            tilingData.tileLength);
    op.Process();
}
