#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2;
constexpr uint32_t BLOCK_BYTES = 32;
}  // namespace

// dx = (x - t) * (norm * g) over this core's contiguous range, in float32. The factor norm * g
// is formed once per core; tiles then stream through double-buffered queues.
template <typename T>
class KernelMseLossGrad {
public:
    __aicore__ inline KernelMseLossGrad() {}

    __aicore__ inline void Init(GM_ADDR gradOutput, GM_ADDR input, GM_ADDR target, GM_ADDR dx,
                                const MseLossGradTilingData& t)
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
        norm_ = t.norm;

        gGm_.SetGlobalBuffer((__gm__ T*)gradOutput, 1);
        xGm_.SetGlobalBuffer((__gm__ T*)input + start, length_);
        tGm_.SetGlobalBuffer((__gm__ T*)target + start, length_);
        dxGm_.SetGlobalBuffer((__gm__ T*)dx + start, length_);
        pipe_.InitBuffer(xQue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(tQue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(dxQue_, BUFFER_NUM, tileLength_ * sizeof(T));
        pipe_.InitBuffer(scalarBuf_, 2 * BLOCK_BYTES);
        if constexpr (!IsSameType<T, float>::value) {
            pipe_.InitBuffer(wideXBuf_, tileLength_ * sizeof(float));
            pipe_.InitBuffer(wideTBuf_, tileLength_ * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        if (length_ == 0) {
            return;
        }
        const float scale = norm_ * LoadGradOutput();
        for (uint32_t i = 0; i < tileNum_; ++i) {
            const uint64_t offset = static_cast<uint64_t>(i) * tileLength_;
            const uint32_t len = (i + 1 == tileNum_) ? static_cast<uint32_t>(length_ - offset) : tileLength_;
            CopyIn(offset, len);
            Compute(len, scale);
            CopyOut(offset, len);
        }
    }

private:
    // The single grad_output element as float: copied to UB and read by the scalar unit (16-bit
    // types are first widened by the vector unit).
    __aicore__ inline float LoadGradOutput()
    {
        LocalTensor<T> raw = scalarBuf_.Get<T>();
        DataCopyPad(raw, gGm_, DataCopyExtParams{1, static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        if constexpr (IsSameType<T, float>::value) {
            const event_t toScalar = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_S));
            SetFlag<HardEvent::MTE2_S>(toScalar);
            WaitFlag<HardEvent::MTE2_S>(toScalar);
            return raw.GetValue(0);
        } else {
            const event_t toVector = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_V));
            SetFlag<HardEvent::MTE2_V>(toVector);
            WaitFlag<HardEvent::MTE2_V>(toVector);
            LocalTensor<float> wide = scalarBuf_.GetWithOffset<float>(BLOCK_BYTES / sizeof(float), BLOCK_BYTES);
            Cast(wide, raw, RoundMode::CAST_NONE, 1);  // exact widening of the 16-bit value
            const event_t toScalar = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_S));
            SetFlag<HardEvent::V_S>(toScalar);
            WaitFlag<HardEvent::V_S>(toScalar);
            return wide.GetValue(0);
        }
    }

    __aicore__ inline void CopyIn(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> x = xQue_.AllocTensor<T>();
        LocalTensor<T> t = tQue_.AllocTensor<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(x, xGm_[offset], len);
            DataCopy(t, tGm_[offset], len);
        } else {
            // Only the very last tile of the last core ends inside a 32-byte block.
            const DataCopyExtParams params{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0};
            DataCopyPad(x, xGm_[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
            DataCopyPad(t, tGm_[offset], params, DataCopyPadExtParams<T>{false, 0, 0, 0});
        }
        xQue_.EnQue(x);
        tQue_.EnQue(t);
    }

    __aicore__ inline void Compute(uint32_t len, float scale)
    {
        LocalTensor<T> x = xQue_.DeQue<T>();
        LocalTensor<T> t = tQue_.DeQue<T>();
        LocalTensor<T> dx = dxQue_.AllocTensor<T>();
        if constexpr (IsSameType<T, float>::value) {
            Sub(dx, x, t, len);
            Muls(dx, dx, scale, len);
        } else {
            LocalTensor<float> fx = wideXBuf_.Get<float>();
            LocalTensor<float> ft = wideTBuf_.Get<float>();
            Cast(fx, x, RoundMode::CAST_NONE, len);  // exact widening
            Cast(ft, t, RoundMode::CAST_NONE, len);
            Sub(fx, fx, ft, len);
            Muls(fx, fx, scale, len);
            Cast(dx, fx, RoundMode::CAST_RINT, len);  // the only rounding to 16 bits
        }
        dxQue_.EnQue(dx);
        xQue_.FreeTensor(x);
        tQue_.FreeTensor(t);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t len)
    {
        LocalTensor<T> dx = dxQue_.DeQue<T>();
        if ((len * sizeof(T)) % BLOCK_BYTES == 0) {
            DataCopy(dxGm_[offset], dx, len);
        } else {
            DataCopyPad(dxGm_[offset], dx, DataCopyExtParams{1, static_cast<uint32_t>(len * sizeof(T)), 0, 0, 0});
        }
        dxQue_.FreeTensor(dx);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> xQue_;
    TQue<QuePosition::VECIN, BUFFER_NUM> tQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> dxQue_;
    TBuf<TPosition::VECCALC> scalarBuf_;
    TBuf<TPosition::VECCALC> wideXBuf_;
    TBuf<TPosition::VECCALC> wideTBuf_;
    GlobalTensor<T> gGm_;
    GlobalTensor<T> xGm_;
    GlobalTensor<T> tGm_;
    GlobalTensor<T> dxGm_;
    uint64_t length_ = 0;
    uint32_t tileLength_ = 0;
    uint32_t tileNum_ = 0;
    float norm_ = 1.0f;
};

extern "C" __global__ __aicore__ void mse_loss_grad(GM_ADDR grad_output, GM_ADDR input, GM_ADDR target, GM_ADDR dx,
                                                    GM_ADDR workspace, GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelMseLossGrad<DTYPE_INPUT> op;
    op.Init(grad_output, input, target, dx, tilingData);
    op.Process();
}
