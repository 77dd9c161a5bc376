#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t COORDS = 4;
constexpr float NEG_INF = -__builtin_inff();
}  // namespace

// Greedy NMS (torchvision order): repeatedly take the highest-scoring box not yet taken or
// suppressed (ties: the lowest index), keep it, and suppress every box whose IoU with it exceeds
// the threshold.
//
// Work split: the greedy loop of one batch is a chain of data-dependent steps (each step needs
// the previous step's suppressions), so the batches are spread over the cores and each core runs
// its batches' loops alone. Splitting one batch's IoU row over the cores would need a SyncAll and
// a cross-core arg-max exchange through GM at every step; with N <= 4096 a step is only a few
// vector instructions over 16 KB per plane, so that synchronisation would cost more than the
// work it shares.
//
// Per batch, everything lives in UB as float32 planes of N (pitch rounded to 64): x1, y1, x2, y2
// (de-interleaved from [N, 4] by GatherMask with the fixed patterns "element 4k + c"), area,
// score (taken / suppressed boxes hold -inf) and keep. A step is
//   ReduceMax(score) with index -> i (first maximum = lowest index on ties); stop at -inf
//   keep[i] = 1, score[i] = -inf                                  (two scalar stores per step)
//   inter = max(min(x2, x2_i) - max(x1, x1_i), 0) * max(min(y2, y2_i) - max(y1, y1_i), 0)
//   iou   = inter / ((area + area_i) - inter)
//   score = iou > thr ? -inf : score                           (CompareScalar + Select)
// which is vectorised over all N boxes; the number of steps is the number of kept boxes.
template <typename T>
class KernelNms {
public:
    __aicore__ inline KernelNms() {}

    __aicore__ inline void Init(GM_ADDR boxes, GM_ADDR scores, GM_ADDR keep, const NmsTilingData& t)
    {
        const uint32_t blockIdx = GetBlockIdx();
        if (blockIdx < t.bigCoreNum) {
            batchStart_ = blockIdx * t.bigCoreBatches;
            batchCount_ = t.bigCoreBatches;
        } else {
            batchStart_ = t.bigCoreNum * t.bigCoreBatches + (blockIdx - t.bigCoreNum) * t.smallCoreBatches;
            batchCount_ = t.smallCoreBatches;
        }
        n_ = t.numBoxes;
        pitch_ = t.boxPitch;
        workElems_ = t.workElems;
        thr_ = t.iouThreshold;
        const uint64_t total = static_cast<uint64_t>(t.batch) * n_;
        boxesGm_.SetGlobalBuffer((__gm__ T*)boxes, total * COORDS);
        scoresGm_.SetGlobalBuffer((__gm__ T*)scores, total);
        keepGm_.SetGlobalBuffer((__gm__ int32_t*)keep, total);

        pipe_.InitBuffer(planeBuf_, 7 * pitch_ * sizeof(float));
        pipe_.InitBuffer(tmpBuf_, 4 * pitch_ * sizeof(float));
        pipe_.InitBuffer(maskBuf_, (pitch_ / 8 + BLOCK_BYTES - 1) / BLOCK_BYTES * BLOCK_BYTES);
        pipe_.InitBuffer(workBuf_, workElems_ * sizeof(float));
        pipe_.InitBuffer(redBuf_, BLOCK_BYTES);
    }

    __aicore__ inline void Process()
    {
        for (uint32_t b = 0; b < batchCount_; ++b) {
            const uint64_t base = static_cast<uint64_t>(batchStart_ + b) * n_;
            LoadBatch(base);
            Suppress();
            StoreKeep(base);
            PipeBarrier<PIPE_ALL>();  // the next batch reuses every buffer
        }
    }

private:
    __aicore__ inline LocalTensor<float> Plane(uint32_t k) { return planeBuf_.Get<float>()[k * pitch_]; }
    __aicore__ inline LocalTensor<float> Tmp(uint32_t k) { return tmpBuf_.Get<float>()[k * pitch_]; }

    template <HardEvent E>
    __aicore__ inline void Sync()
    {
        const event_t id = static_cast<event_t>(pipe_.FetchEventID(E));
        SetFlag<E>(id);
        WaitFlag<E>(id);
    }

    // [N, 4] boxes -> four coordinate planes; scores -> the score plane; area; keep = 0.
    __aicore__ inline void LoadBatch(uint64_t base)
    {
        const uint32_t coordCount = n_ * COORDS;
        const DataCopyExtParams boxCopy{1, static_cast<uint32_t>(coordCount * sizeof(T)), 0, 0, 0};
        const DataCopyExtParams scoreCopy{1, static_cast<uint32_t>(n_ * sizeof(T)), 0, 0, 0};
        uint64_t kept = 0;
        if constexpr (IsSameType<T, float>::value) {
            // The raw [N, 4] fills the four temporaries (4 * pitch >= 4N floats).
            LocalTensor<float> raw = tmpBuf_.Get<float>();
            DataCopyPad(raw, boxesGm_[base * COORDS], boxCopy, DataCopyPadExtParams<float>{false, 0, 0, 0});
            DataCopyPad(Plane(5), scoresGm_[base], scoreCopy, DataCopyPadExtParams<float>{false, 0, 0, 0});
            Sync<HardEvent::MTE2_V>();
            const uint16_t repeats = static_cast<uint16_t>((coordCount + 63) / 64);
            for (uint32_t c = 0; c < COORDS; ++c) {
                GatherMask(Plane(c), raw, static_cast<uint8_t>(3 + c), false, 0,
                           GatherMaskParams{1, repeats, 8, 0}, kept);
            }
        } else {
            // 16-bit input: the raw [N, 4] sits in the upper half of the temporaries, its four
            // de-interleaved 16-bit planes in the lower half, then each is widened to float.
            LocalTensor<T> tmp16 = tmpBuf_.Get<T>();
            LocalTensor<T> raw = tmp16[4 * pitch_];
            LocalTensor<T> score16 = Plane(6).template ReinterpretCast<T>();  // keep plane as staging
            DataCopyPad(raw, boxesGm_[base * COORDS], boxCopy, DataCopyPadExtParams<T>{false, 0, 0, 0});
            DataCopyPad(score16, scoresGm_[base], scoreCopy, DataCopyPadExtParams<T>{false, 0, 0, 0});
            Sync<HardEvent::MTE2_V>();
            const uint16_t repeats = static_cast<uint16_t>((coordCount + 127) / 128);
            for (uint32_t c = 0; c < COORDS; ++c) {
                GatherMask(tmp16[c * pitch_], raw, static_cast<uint8_t>(3 + c), false, 0,
                           GatherMaskParams{1, repeats, 8, 0}, kept);
            }
            for (uint32_t c = 0; c < COORDS; ++c) {
                Cast(Plane(c), tmp16[c * pitch_], RoundMode::CAST_NONE, pitch_);
            }
            Cast(Plane(5), score16, RoundMode::CAST_NONE, pitch_);
        }
        // score + 0 turns -0.0 into +0.0: the vector arg-max ranks -0.0 below +0.0, while NMS treats
        // them as equal scores (visited by index).
        Adds(Plane(5), Plane(5), 0.0f, pitch_);
        // area = (x2 - x1) * (y2 - y1)
        Sub(Tmp(0), Plane(2), Plane(0), pitch_);
        Sub(Tmp(1), Plane(3), Plane(1), pitch_);
        Mul(Plane(4), Tmp(0), Tmp(1), pitch_);
        Duplicate(Plane(6), 0.0f, pitch_);
        Duplicate(Tmp(3), NEG_INF, pitch_);
    }

    __aicore__ inline void Suppress()
    {
        LocalTensor<float> x1 = Plane(0), y1 = Plane(1), x2 = Plane(2), y2 = Plane(3);
        LocalTensor<float> area = Plane(4), score = Plane(5), keep = Plane(6);
        LocalTensor<float> t0 = Tmp(0), t1 = Tmp(1), t2 = Tmp(2), negInf = Tmp(3);
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        LocalTensor<float> work = workBuf_.Get<float>();
        LocalTensor<float> red = redBuf_.Get<float>();
        LocalTensor<uint32_t> redIdx = redBuf_.Get<uint32_t>();
        for (uint32_t step = 0; step < n_; ++step) {
            ReduceMax(red, score, work, static_cast<int32_t>(n_), true);
            Sync<HardEvent::V_S>();
            const float best = red.GetValue(0);
            if (best == NEG_INF) {
                break;
            }
            const uint32_t i = redIdx.GetValue(1);
            const float bx1 = x1.GetValue(i), by1 = y1.GetValue(i);
            const float bx2 = x2.GetValue(i), by2 = y2.GetValue(i);
            const float bArea = area.GetValue(i);
            keep.SetValue(i, 1.0f);
            score.SetValue(i, NEG_INF);
            Sync<HardEvent::S_V>();
            // inter = max(min(x2, bx2) - max(x1, bx1), 0) * max(min(y2, by2) - max(y1, by1), 0)
            Maxs(t0, x1, bx1, pitch_);
            Mins(t1, x2, bx2, pitch_);
            Sub(t0, t1, t0, pitch_);
            Maxs(t0, t0, 0.0f, pitch_);
            Maxs(t1, y1, by1, pitch_);
            Mins(t2, y2, by2, pitch_);
            Sub(t1, t2, t1, pitch_);
            Maxs(t1, t1, 0.0f, pitch_);
            Mul(t0, t0, t1, pitch_);
            // iou = inter / ((area + bArea) - inter); NaN (0 / 0) compares false: not suppressed.
            Adds(t1, area, bArea, pitch_);
            Sub(t1, t1, t0, pitch_);
            Div(t1, t0, t1, pitch_);
            CompareScalar(mask, t1, thr_, CMPMODE::GT, pitch_);
            Select(score, mask, negInf, score, SELMODE::VSEL_TENSOR_TENSOR_MODE, pitch_);
        }
    }

    __aicore__ inline void StoreKeep(uint64_t base)
    {
        LocalTensor<int32_t> out = Tmp(0).template ReinterpretCast<int32_t>();
        Cast(out, Plane(6), RoundMode::CAST_ROUND, pitch_);
        Sync<HardEvent::V_MTE3>();
        DataCopyPad(keepGm_[base], out, DataCopyExtParams{1, static_cast<uint32_t>(n_ * sizeof(int32_t)), 0, 0, 0});
    }

    TPipe pipe_;
    TBuf<TPosition::VECCALC> planeBuf_;
    TBuf<TPosition::VECCALC> tmpBuf_;
    TBuf<TPosition::VECCALC> maskBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> redBuf_;
    GlobalTensor<T> boxesGm_;
    GlobalTensor<T> scoresGm_;
    GlobalTensor<int32_t> keepGm_;
    uint32_t batchStart_ = 0;
    uint32_t batchCount_ = 0;
    uint32_t n_ = 0;
    uint32_t pitch_ = 0;
    uint32_t workElems_ = 0;
    float thr_ = 0.0f;
};

extern "C" __global__ __aicore__ void nms(GM_ADDR boxes, GM_ADDR scores, GM_ADDR keep, GM_ADDR workspace,
                                          GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelNms<DTYPE_BOXES> op;
    op.Init(boxes, scores, keep, tilingData);
    op.Process();
}
