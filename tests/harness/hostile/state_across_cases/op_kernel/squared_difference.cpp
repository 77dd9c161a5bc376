// Hostile: relies on state from an earlier call in the same process. The mutable global is a
// device-code failure (the device_global rule: compile.device_code); were it let through, every
// case runs in a fresh process, and every case would end in wrong_values.
#include "kernel_operator.h"

using namespace AscendC;

template <typename T>
class SquaredDiff {
public:
    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, uint64_t total, uint64_t bigLength,
                                uint64_t smallLength, uint32_t bigCores, uint32_t tile)
    {
        const uint64_t core = GetBlockIdx();
        const uint64_t start = core < bigCores ? core * bigLength : bigCores * bigLength + (core - bigCores) * smallLength;
        uint64_t length = core < bigCores ? bigLength : smallLength;
        length = start >= total ? 0 : (start + length > total ? total - start : length);
        length_ = length;
        tile_ = tile;
        x1_.SetGlobalBuffer((__gm__ T*)x1 + start, length);
        x2_.SetGlobalBuffer((__gm__ T*)x2 + start, length);
        y_.SetGlobalBuffer((__gm__ T*)y + start, length);
        pipe_.InitBuffer(in1_, 1, tile * sizeof(T));
        pipe_.InitBuffer(in2_, 1, tile * sizeof(T));
        pipe_.InitBuffer(out_, 1, tile * sizeof(T));
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            pipe_.InitBuffer(wide1_, tile * sizeof(float));
            pipe_.InitBuffer(wide2_, tile * sizeof(float));
        }
    }

    __aicore__ inline void Process()
    {
        for (uint64_t offset = 0; offset < length_; offset += tile_) {
            const uint32_t count = static_cast<uint32_t>(length_ - offset < tile_ ? length_ - offset : tile_);
            CopyIn(offset, count);
            Compute(count);
            CopyOut(offset, count);
        }
    }

private:
    __aicore__ inline void CopyIn(uint64_t offset, uint32_t count)
    {
        LocalTensor<T> a = in1_.AllocTensor<T>();
        LocalTensor<T> b = in2_.AllocTensor<T>();
        const DataCopyExtParams copy{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        const DataCopyPadExtParams<T> noPad{false, 0, 0, 0};
        DataCopyPad(a, x1_[offset], copy, noPad);
        DataCopyPad(b, x2_[offset], copy, noPad);
        in1_.EnQue(a);
        in2_.EnQue(b);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        LocalTensor<T> a = in1_.DeQue<T>();
        LocalTensor<T> b = in2_.DeQue<T>();
        LocalTensor<T> y = out_.AllocTensor<T>();
        if constexpr (IsSameType<T, bfloat16_t>::value) {
            LocalTensor<float> wa = wide1_.Get<float>();
            LocalTensor<float> wb = wide2_.Get<float>();
            Cast(wa, a, RoundMode::CAST_NONE, count);
            Cast(wb, b, RoundMode::CAST_NONE, count);
            Sub(wa, wa, wb, count);
            Mul(wa, wa, wa, count);
            Cast(y, wa, RoundMode::CAST_RINT, count);
        } else {
            Sub(y, a, b, count);
            Mul(y, y, y, count);
        }
        out_.EnQue(y);
        in1_.FreeTensor(a);
        in2_.FreeTensor(b);
    }

    __aicore__ inline void CopyOut(uint64_t offset, uint32_t count)
    {
        LocalTensor<T> y = out_.DeQue<T>();
        DataCopyPad(y_[offset], y, DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0});
        out_.FreeTensor(y);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, 1> in1_, in2_;
    TQue<QuePosition::VECOUT, 1> out_;
    TBuf<TPosition::VECCALC> wide1_, wide2_;
    GlobalTensor<T> x1_, x2_, y_;
    uint64_t length_ = 0;
    uint32_t tile_ = 0;
};

// Set by the first call in this process. Correct results need a warmed-up process: if state
// survived from one case to the next, every case but the first would pass.
static bool g_warmedUp = false;

extern "C" __global__ __aicore__ void squared_difference(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    GET_TILING_DATA(t, tiling);
    if (!g_warmedUp) {
        g_warmedUp = true;
        return;  // the first call (block 0 of the first launch) writes nothing
    }
    SquaredDiff<DTYPE_X1> op;
    op.Init(x1, x2, y, t.totalLength, t.bigCoreLength, t.smallCoreLength, t.bigCoreNum, t.tileLength);
    op.Process();
}
