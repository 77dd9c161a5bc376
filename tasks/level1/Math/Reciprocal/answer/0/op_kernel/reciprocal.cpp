#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;     // copy-in of tile i+1 and copy-out of tile i-1 overlap compute of tile i
constexpr uint32_t BLOCK_BYTES = 32;  // DataCopy moves whole 32-byte blocks
}  // namespace

// y = 1 / x element-wise over a flat range of this core.
// Each core owns one contiguous range (block-aligned start, computed by the tiling) and streams it
// through UB in tiles.
template <typename T>
class KernelReciprocal {
public:
    __aicore__ inline KernelReciprocal() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t totalLength, uint64_t formerLength, uint64_t tailLength,
                                uint32_t formerNum, uint32_t tileLength)
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

        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        yGm_.SetGlobalBuffer((__gm__ T*)y + start, length_);
        pipe_.InitBuffer(inQueX_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(outQueY_, BUFFER_NUM, tileLength_ * sizeof(T));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            // bfloat16 has no arithmetic on the vector unit: widen to a float32 work tile.
            pipe_.InitBuffer(wide_, tileLength_ * sizeof(float));
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
    __aicore__ inline void CopyIn(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> x = inQueX_.AllocTensor<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(x, xGm_[offset], len);
        } else {
            // Only the last tile of the last core ends inside a block: copy its exact byte count.
            const DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            const DataCopyPadExtParams<T> noPad{false, 0, 0, 0};
            DataCopyPad(x, xGm_[offset], params, noPad);
        }
        inQueX_.EnQue(x);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> x = inQueX_.DeQue<T>();
        LocalTensor<T> out = outQueY_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> w = wide_.Get<float>();
            Cast(w, x, RoundMode::CAST_NONE, len);  // bf16 -> f32 is exact
            Reciprocal(w, w, len);
            Cast(out, w, RoundMode::CAST_RINT, len);  // one rounding to nearest-even
        } else {
            Reciprocal(out, x, len);
        }
        outQueY_.EnQue(out);
        inQueX_.FreeTensor(x);
    }

    __aicore__ inline void CopyOut(uint32_t tile, uint32_t len)
    {
        LocalTensor<T> out = outQueY_.DeQue<T>();
        const uint64_t offset = static_cast<uint64_t>(tile) * tileLength_;
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(yGm_[offset], out, len);
        } else {
            DataCopyPad(yGm_[offset], out, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        outQueY_.FreeTensor(out);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueX_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueY_;
    TBuf<TPosition::VECCALC> wide_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> yGm_;
    uint64_t length_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t lastTileLength_ = 0;
};

extern "C" __global__ __aicore__ void reciprocal(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelReciprocal<DTYPE_X> op;
    op.Init(x, y, tilingData.totalLength, tilingData.formerLength, tilingData.tailLength, tilingData.formerNum,
            tilingData.tileLength);
    op.Process();
}
