#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// One AdamW step over this core's contiguous range. param, exp_avg and exp_avg_sq are updated in
// place (the output addresses equal the input addresses): every tile is read completely before
// its results are written back, and tiles never overlap, so the double-buffered pipeline (copy-in
// of tile i+1 while tile i computes and tile i-1 is copied out) is safe.
template <typename T>
class KernelAdamW {
public:
    __aicore__ inline KernelAdamW() {}

    __aicore__ inline void Init(GM_ADDR param, GM_ADDR grad, GM_ADDR expAvg, GM_ADDR expAvgSq, GM_ADDR paramOut,
                                GM_ADDR expAvgOut, GM_ADDR expAvgSqOut, const AdamWTilingData& t)
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
        decay_ = t.decay;
        beta1_ = t.beta1;
        oneMinusBeta1_ = t.oneMinusBeta1;
        beta2_ = t.beta2;
        oneMinusBeta2_ = t.oneMinusBeta2;
        eps_ = t.eps;
        negStepSize_ = t.negStepSize;
        invSqrtBc2_ = t.invSqrtBc2;

        pGm_.SetGlobalBuffer((__gm__ T*)param + start, length_);
        gGm_.SetGlobalBuffer((__gm__ T*)grad + start, length_);
        mGm_.SetGlobalBuffer((__gm__ T*)expAvg + start, length_);
        vGm_.SetGlobalBuffer((__gm__ T*)expAvgSq + start, length_);
        pOutGm_.SetGlobalBuffer((__gm__ T*)paramOut + start, length_);
        mOutGm_.SetGlobalBuffer((__gm__ T*)expAvgOut + start, length_);
        vOutGm_.SetGlobalBuffer((__gm__ T*)expAvgSqOut + start, length_);
        const uint32_t bytes = tileLength_ * sizeof(T);
        pipe_.InitBuffer(pInQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(gInQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(mInQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(vInQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(pOutQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(mOutQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(vOutQue_, BUFFER_NUM, bytes);
        pipe_.InitBuffer(tmpBuf_, tileLength_ * sizeof(float));
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideBuf_, 4 * tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint32_t i = 0; i < tileNum_; ++i) {
            const uint64_t offset = static_cast<uint64_t>(i) * tileLength_;
            const uint32_t len = (i + 1 == tileNum_) ? static_cast<uint32_t>(length_ - offset) : tileLength_;
            CopyIn(offset, len);
            Compute(len);
            CopyOut(offset, len);
        }
    }

private:
    __aicore__ inline void Load(TQue<QuePosition::VECIN, BUFFER_NUM>& que, const GlobalTensor<T>& gm, uint64_t offset,
                                uint32_t len)
    {
        LocalTensor<T> t = que.AllocTensor<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(t, gm[offset], len);
        } else {
            // Only the very last tile of the last core ends inside a 32-byte block.
            DataCopyPad(t, gm[offset], DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0},
                        DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        que.EnQue(t);
    }

    __aicore__ inline void Store(TQue<QuePosition::VECOUT, BUFFER_NUM>& que, const GlobalTensor<T>& gm,
                                 uint64_t offset, uint32_t len)
    {
        LocalTensor<T> t = que.DeQue<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(gm[offset], t, len);
        } else {
            DataCopyPad(gm[offset], t, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        que.FreeTensor(t);
    }

    __aicore__ inline void CopyIn(uint64_t offset, uint32_t len)
    {
        Load(pInQue_, pGm_, offset, len);
        Load(gInQue_, gGm_, offset, len);
        Load(mInQue_, mGm_, offset, len);
        Load(vInQue_, vGm_, offset, len);
    }

    // The update in float32: p, m, v are the destinations, g the gradient, t scratch.
    __aicore__ inline void Update(const LocalTensor<float>& p, const LocalTensor<float>& m, const LocalTensor<float>& v,
                                  const LocalTensor<float>& pIn, const LocalTensor<float>& g,
                                  const LocalTensor<float>& mIn, const LocalTensor<float>& vIn,
                                  const LocalTensor<float>& t, uint32_t len)
    {
        Muls(p, pIn, decay_, len);                 // decoupled weight decay
        Muls(m, mIn, beta1_, len);                 // m = beta1 m + (1 - beta1) g
        Muls(t, g, oneMinusBeta1_, len);
        Add(m, m, t, len);
        Mul(t, g, g, len);                         // v = beta2 v + (1 - beta2) g^2
        Muls(t, t, oneMinusBeta2_, len);
        Muls(v, vIn, beta2_, len);
        Add(v, v, t, len);
        Sqrt(t, v, len);                           // denom = sqrt(v) / sqrt(bc2) + eps
        Muls(t, t, invSqrtBc2_, len);
        Adds(t, t, eps_, len);
        Div(t, m, t, len);                         // p -= lr / bc1 * m / denom
        Muls(t, t, negStepSize_, len);
        Add(p, p, t, len);
    }

    __aicore__ inline void Compute(uint32_t len)
    {
        LocalTensor<T> pIn = pInQue_.DeQue<T>();
        LocalTensor<T> g = gInQue_.DeQue<T>();
        LocalTensor<T> mIn = mInQue_.DeQue<T>();
        LocalTensor<T> vIn = vInQue_.DeQue<T>();
        LocalTensor<T> pOut = pOutQue_.AllocTensor<T>();
        LocalTensor<T> mOut = mOutQue_.AllocTensor<T>();
        LocalTensor<T> vOut = vOutQue_.AllocTensor<T>();
        LocalTensor<float> t = tmpBuf_.Get<float>();
        if constexpr (IsSameType<T, float>::value) {
            Update(pOut, mOut, vOut, pIn, g, mIn, vIn, t, len);
        } else {
            LocalTensor<float> wide = wideBuf_.Get<float>();
            LocalTensor<float> fp = wide;
            LocalTensor<float> fg = wide[tileLength_];
            LocalTensor<float> fm = wide[2 * tileLength_];
            LocalTensor<float> fv = wide[3 * tileLength_];
            Cast(fp, pIn, RoundMode::CAST_NONE, len);  // exact widening
            Cast(fg, g, RoundMode::CAST_NONE, len);
            Cast(fm, mIn, RoundMode::CAST_NONE, len);
            Cast(fv, vIn, RoundMode::CAST_NONE, len);
            Update(fp, fm, fv, fp, fg, fm, fv, t, len);
            Cast(pOut, fp, RoundMode::CAST_RINT, len);  // one rounding per result
            Cast(mOut, fm, RoundMode::CAST_RINT, len);
            Cast(vOut, fv, RoundMode::CAST_RINT, len);
        }
        pOutQue_.EnQue(pOut);
        mOutQue_.EnQue(mOut);
        vOutQue_.EnQue(vOut);
        pInQue_.FreeTensor(pIn);
        gInQue_.FreeTensor(g);
        mInQue_.FreeTensor(mIn);
        vInQue_.FreeTensor(vIn);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        Store(pOutQue_, pOutGm_, offset, len);
        Store(mOutQue_, mOutGm_, offset, len);
        Store(vOutQue_, vOutGm_, offset, len);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> pInQue_;
    TQue<QuePosition::VECIN, BUFFER_NUM> gInQue_;
    TQue<QuePosition::VECIN, BUFFER_NUM> mInQue_;
    TQue<QuePosition::VECIN, BUFFER_NUM> vInQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> pOutQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> mOutQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> vOutQue_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> wideBuf_;
    GlobalTensor<T> pGm_, gGm_, mGm_, vGm_;
    GlobalTensor<T> pOutGm_, mOutGm_, vOutGm_;
    uint64_t length_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
    float decay_ = 1.0f;
    float beta1_ = 0.0f;
    float oneMinusBeta1_ = 1.0f;
    float beta2_ = 0.0f;
    float oneMinusBeta2_ = 1.0f;
    float eps_ = 0.0f;
    float negStepSize_ = 0.0f;
    float invSqrtBc2_ = 1.0f;
};

extern "C" __global__ __aicore__ void adam_w(GM_ADDR param, GM_ADDR grad, GM_ADDR exp_avg, GM_ADDR exp_avg_sq,
                                             GM_ADDR param_out, GM_ADDR exp_avg_out, GM_ADDR exp_avg_sq_out,
                                             GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelAdamW<DTYPE_PARAM> op;
    op.Init(param, grad, exp_avg, exp_avg_sq, param_out, exp_avg_out, exp_avg_sq_out, tilingData);
    op.Process();
}
