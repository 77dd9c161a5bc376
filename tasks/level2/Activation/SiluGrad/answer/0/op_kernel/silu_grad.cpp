#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// dx = dy * s * (1 + x * (1 - s)), s = sigmoid(x), evaluated in float32 over this core's
// contiguous range. Tiles stream through double-buffered queues, so the copy-in of the next tile
// and the copy-out of the previous one overlap the vector work on the current one.
template <typename T>
class KernelSiluGrad {
public:
    __aicore__ inline KernelSiluGrad() {}

    __aicore__ inline void Init(GM_ADDR dy, GM_ADDR x, GM_ADDR dx, const SiluGradTilingData& t)
    {
        const uint64_t idx = GetBlockIdx();
        uint64_t start;
        if (idx < t.bigCoreNum) {
            length_ = t.bigCoreLength;
            start = idx * t.bigCoreLength;
        } else {
            length_ = t.smallCoreLength;
            start = t.bigCoreNum * t.bigCoreLength + (idx - t.bigCoreNum) * t.smallCoreLength;
        }
        length_ = start >= t.totalLength ? 0 : (start + length_ > t.totalLength ? t.totalLength - start : length_);
        tileLength_ = t.tileLength;
        tileNum_ = static_cast<uint32_t>((length_ + tileLength_ - 1) / tileLength_);

        dyGm_.SetGlobalBuffer((__gm__ T*)dy + start, length_);
        xGm_.SetGlobalBuffer((__gm__ T*)x + start, length_);
        dxGm_.SetGlobalBuffer((__gm__ T*)dx + start, length_);
        pipe_.InitBuffer(dyQue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(xQue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(dxQue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(sigBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(facBuf_, tileLength_ * sizeof(float));
        pipe_.InitBuffer(oneBuf_, tileLength_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideDyBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wideXBuf_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        if (length_ == 0) {
            return;
        }
        // The constant numerator of the sigmoid's division, written once per core.
        Duplicate(oneBuf_.Get<float>(), 1.0f, static_cast<int32_t>(tileLength_));
        for (uint32_t i = 0; i < tileNum_; ++i) {
            const uint64_t offset = static_cast<uint64_t>(i) * tileLength_;
            const uint32_t len = (i + 1 == tileNum_) ? static_cast<uint32_t>(length_ - offset) : tileLength_;
            CopyIn(offset, len);
            Compute(len);
            CopyOut(offset, len);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> dyT = dyQue_.AllocTensor<T>();
        LocalTensor<T> xT = xQue_.AllocTensor<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(dyT, dyGm_[offset], len);
            DataCopy(xT, xGm_[offset], len);
        } else {
            // Only the very last tile of the last core ends inside a 32-byte block.
            const DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            const DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            DataCopyPad(dyT, dyGm_[offset], params, pad);
            DataCopyPad(xT, xGm_[offset], params, pad);
        }
        dyQue_.EnQue(dyT);
        xQue_.EnQue(xT);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> dyT = dyQue_.DeQue<T>();
        LocalTensor<T> xT = xQue_.DeQue<T>();
        LocalTensor<T> dxT = dxQue_.AllocTensor<T>();
        LocalTensor<float> sig = sigBuf_.Get<float>();
        LocalTensor<float> fac = facBuf_.Get<float>();
        LocalTensor<float> one = oneBuf_.Get<float>();
        LocalTensor<float> fdy;
        LocalTensor<float> fx;
        if constexpr (IsSameType<T, float>::value) {
            fdy = dyT;
            fx = xT;
        } else {
            fdy = wideDyBuf_.Get<float>();
            fx = wideXBuf_.Get<float>();
            Cast(fdy, dyT, RoundMode::CAST_NONE, len);  // exact widening
            Cast(fx, xT, RoundMode::CAST_NONE, len);
        }
        // s = 1 / (1 + exp(-x))
        Muls(sig, fx, -1.0f, len);
        Exp(sig, sig, len);
        Adds(sig, sig, 1.0f, len);
        Div(sig, one, sig, len);
        // fac = 1 + x * (1 - s)
        Muls(fac, sig, -1.0f, len);
        Adds(fac, fac, 1.0f, len);
        Mul(fac, fac, fx, len);
        Adds(fac, fac, 1.0f, len);
        // dx = dy * s * fac
        Mul(fac, fac, sig, len);
        if constexpr (IsSameType<T, float>::value) {
            Mul(dxT, fac, fdy, len);
        } else {
            Mul(fac, fac, fdy, len);
            Cast(dxT, fac, RoundMode::CAST_RINT, len);  // the only rounding to 16 bits
        }
        dxQue_.EnQue(dxT);
        dyQue_.FreeTensor(dyT);
        xQue_.FreeTensor(xT);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> dxT = dxQue_.DeQue<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(dxGm_[offset], dxT, len);
        } else {
            DataCopyPad(dxGm_[offset], dxT, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        dxQue_.FreeTensor(dxT);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> dyQue_;
    TQue<QuePosition::VECIN, BUFFER_NUM> xQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> dxQue_;
    TBuf<TPosition::VECCALC> sigBuf_;
    TBuf<TPosition::VECCALC> facBuf_;
    TBuf<TPosition::VECCALC> oneBuf_;
    TBuf<TPosition::VECCALC> wideDyBuf_;
    TBuf<TPosition::VECCALC> wideXBuf_;
    GlobalTensor<T> dyGm_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> dxGm_;
    uint64_t length_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
};

extern "C" __global__ __aicore__ void silu_grad(GM_ADDR dy, GM_ADDR x, GM_ADDR dx, GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSiluGrad<DTYPE_DY> op;
    op.Init(dy, x, dx, tilingData);
    op.Process();
}
