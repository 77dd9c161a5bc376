#include "kernel_operator.h"

using namespace AscendC;

// values, indices = torch.sort(x, dim=-1, stable=True) (ascending; ties keep their input order).
//
// The simulated SoC has no sort instructions (Sort32 / MrgSort), so each row is sorted by a
// bitonic network built from plain vector instructions. A row of C elements is widened to
// float32 (exact for every input dtype) and padded to P = 2^m >= C lanes with +inf. Every lane
// carries (key, index) and the order is lexicographic, (a, i) < (b, j) iff a < b or (a == b and
// i < j): all pairs are distinct, so the network (not stable by itself) yields the stable order,
// and padded lanes (+inf, index >= C) land behind every real element, +inf included.
//
// A tile holds R rows side by side (lane g = r * P + c). Stage (k, j) of the network
// (k = 2, 4, ..., P; j = k/2, ..., 1) pairs lane g with g ^ j (j < P, so the partner is in the
// same row) and the lane keeps the minimum of the pair iff bit j of g equals bit k of g (bit k
// of g is bit k of c for k < P; the last merge, k = P, is ascending everywhere). Per stage:
//  * bit j of g from float arithmetic (exact: g < 2^24): floor(g / j) - 2 floor(g / 2j);
//  * partner byte offsets (g + j - 2j * bit) * 4, converted to uint32;
//  * Gather of the partner's key and index;
//  * Compare LT / EQ on keys and LT on indices -> "self < partner" as a bit mask (And / Or);
//  * keep-self = (self < partner) XOR (lane keeps the maximum), with Or / And / Not on masks;
//  * Select of key and index.
// About 30 vector instructions per stage over the whole tile, m (m + 1) / 2 stages; no scalar
// per-element work. The network is compute bound, so tiles are single-buffered (the DMAs are a
// small share) and the UB goes to putting as many rows as possible into one tile.
template <typename T>
class KernelSort {
public:
    __aicore__ inline KernelSort() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR values, GM_ADDR indices, const SortTilingData& t)
    {
        const uint32_t blockIdx = GetBlockIdx();
        uint64_t rowStart;
        if (blockIdx < t.bigCoreNum) {
            rowCount_ = t.bigCoreRows;
            rowStart = static_cast<uint64_t>(blockIdx) * t.bigCoreRows;
        } else {
            rowCount_ = t.smallCoreRows;
            rowStart = static_cast<uint64_t>(t.bigCoreNum) * t.bigCoreRows +
                       static_cast<uint64_t>(blockIdx - t.bigCoreNum) * t.smallCoreRows;
        }
        cols_ = t.cols;
        pad_ = t.padCols;
        tileRows_ = t.tileRows;
        lanes_ = tileRows_ * pad_;
        xGm_.SetGlobalBuffer((__gm__ T*)x + rowStart * cols_, rowCount_ * cols_);
        valGm_.SetGlobalBuffer((__gm__ T*)values + rowStart * cols_, rowCount_ * cols_);
        idxGm_.SetGlobalBuffer((__gm__ int64_t*)indices + rowStart * cols_, rowCount_ * cols_);
        pipe_.InitBuffer(xBuf_, lanes_ * sizeof(T));
        pipe_.InitBuffer(keyBuf_, lanes_ * sizeof(float));
        pipe_.InitBuffer(idxBuf_, lanes_ * sizeof(float));
        pipe_.InitBuffer(pairBuf_, lanes_ * 2 * sizeof(float));  // partner key | partner index; int64 output
        pipe_.InitBuffer(offBuf_, lanes_ * sizeof(uint32_t));
        pipe_.InitBuffer(laneBuf_, lanes_ * sizeof(float));
        pipe_.InitBuffer(t1Buf_, lanes_ * sizeof(float));
        pipe_.InitBuffer(t2Buf_, lanes_ * sizeof(float));
        for (int32_t m = 0; m < MASKS; ++m) {
            pipe_.InitBuffer(maskBuf_[m], lanes_ / 8);
        }
    }

    __aicore__ inline void Process()
    {
        if (rowCount_ == 0) {
            return;
        }
        // Lane numbers g and the mask of real (non-padded) lanes, shared by every tile.
        LocalTensor<float> g = laneBuf_.Get<float>();
        LocalTensor<float> col = idxBuf_.Get<float>();
        CreateVecIndex(g, 0.0f, lanes_);
        ColumnOf(col);
        CompareScalar(maskBuf_[PAD].template Get<uint8_t>(), col, static_cast<float>(cols_), CMPMODE::LT, lanes_);
        const uint64_t tiles = (rowCount_ + tileRows_ - 1) / tileRows_;
        for (uint64_t i = 0; i < tiles; ++i) {
            const uint64_t r0 = i * tileRows_;
            const uint32_t h = static_cast<uint32_t>(rowCount_ - r0 < tileRows_ ? rowCount_ - r0 : tileRows_);
            CopyIn(r0, h);
            Compute();
            CopyOut(r0, h);
        }
    }

private:
    enum { PAD = 0, LT = 1, EQ = 2, ILT = 3, MX = 4, MASKS = 5 };

    // col = g mod P (P a power of two, so g / P is exact).
    __aicore__ inline void ColumnOf(const LocalTensor<float>& col)
    {
        LocalTensor<float> g = laneBuf_.Get<float>();
        Muls(col, g, 1.0f / static_cast<float>(pad_), lanes_);
        Cast(col, col, RoundMode::CAST_FLOOR, lanes_);
        Muls(col, col, -static_cast<float>(pad_), lanes_);
        Add(col, col, g, lanes_);
    }

    // bit = floor(g / b) mod 2 for a power of two b (as 0.0 / 1.0).
    __aicore__ inline void BitOf(const LocalTensor<float>& bit, const LocalTensor<float>& tmp, uint32_t b)
    {
        LocalTensor<float> g = laneBuf_.Get<float>();
        Muls(bit, g, 1.0f / static_cast<float>(b), lanes_);
        Cast(bit, bit, RoundMode::CAST_FLOOR, lanes_);
        Muls(tmp, g, 0.5f / static_cast<float>(b), lanes_);
        Cast(tmp, tmp, RoundMode::CAST_FLOOR, lanes_);
        Muls(tmp, tmp, -2.0f, lanes_);
        Add(bit, bit, tmp, lanes_);
    }

    __aicore__ inline void CopyIn(uint64_t r0, uint32_t h)
    {
        PipeBarrier<PIPE_ALL>();  // the previous tile's stores have left UB
        constexpr uint32_t perBlock = 32 / sizeof(T);
        const uint32_t cAligned = (cols_ + perBlock - 1) / perBlock * perBlock;
        LocalTensor<T> xLocal = xBuf_.Get<T>();
        // Zero the tile first: the lanes no row fills (padding columns, rows past the height)
        // then hold defined values (the padding columns become +inf in Compute).
        if constexpr (sizeof(T) == 2) {
            Duplicate(xLocal.template ReinterpretCast<half>(), static_cast<half>(0), lanes_);
        } else {
            Duplicate(xLocal.template ReinterpretCast<float>(), 0.0f, lanes_);
        }
        PipeBarrier<PIPE_ALL>();
        DataCopyPad(xLocal, xGm_[r0 * cols_],
                    DataCopyExtParams{static_cast<uint16_t>(h), cols_ * static_cast<uint32_t>(sizeof(T)), 0,
                                      (pad_ - cAligned) / perBlock, 0},
                    DataCopyPadExtParams<T>{false, 0, 0, 0});
        const event_t e = static_cast<event_t>(pipe_.FetchEventID(HardEvent::MTE2_V));
        SetFlag<HardEvent::MTE2_V>(e);
        WaitFlag<HardEvent::MTE2_V>(e);
    }

    __aicore__ inline void Compute()
    {
        LocalTensor<T> xLocal = xBuf_.Get<T>();
        LocalTensor<float> key = keyBuf_.Get<float>();
        LocalTensor<float> idx = idxBuf_.Get<float>();
        LocalTensor<float> pKey = pairBuf_.Get<float>();
        LocalTensor<float> pIdx = pKey[lanes_];
        LocalTensor<int32_t> off = offBuf_.Get<int32_t>();
        LocalTensor<float> g = laneBuf_.Get<float>();
        LocalTensor<float> t1 = t1Buf_.Get<float>();
        LocalTensor<float> t2 = t2Buf_.Get<float>();
        LocalTensor<uint8_t> padMask = maskBuf_[PAD].template Get<uint8_t>();
        LocalTensor<uint8_t> mLt = maskBuf_[LT].template Get<uint8_t>();
        LocalTensor<uint8_t> mEq = maskBuf_[EQ].template Get<uint8_t>();
        LocalTensor<uint8_t> mIlt = maskBuf_[ILT].template Get<uint8_t>();
        LocalTensor<uint8_t> mMx = maskBuf_[MX].template Get<uint8_t>();
        const uint32_t maskWords = lanes_ / 16;

        // Keys (lanes of rows beyond the tile's height and columns beyond C become +inf) and
        // indices (the column). Rows past the tile height are sorted too, harmlessly.
        if constexpr (IsSameType<T, float>::value) {
            Muls(key, xLocal, 1.0f, lanes_);  // x * 1 keeps -0.0
        } else {
            Cast(key, xLocal, RoundMode::CAST_NONE, lanes_);
        }
        Select(key, padMask, key, __builtin_huge_valf(), SELMODE::VSEL_TENSOR_SCALAR_MODE, lanes_);
        ColumnOf(idx);

        for (uint32_t k = 2; k <= pad_; k *= 2) {
            for (uint32_t j = k / 2; j >= 1; j /= 2) {
                // t1 = bit j of g; partner offsets (g + j - 2j * bit) * 4 bytes.
                BitOf(t1, t2, j);
                Muls(t2, t1, -2.0f * static_cast<float>(j), lanes_);
                Adds(t2, t2, static_cast<float>(j), lanes_);
                Add(t2, t2, g, lanes_);
                Muls(t2, t2, 4.0f, lanes_);
                Cast(off, t2, RoundMode::CAST_RINT, lanes_);
                // Lanes keeping the maximum: bit j XOR bit k (bit k is 0 in the last merge).
                if (k < pad_) {
                    BitOf(t2, pKey, k);
                    Sub(t1, t1, t2, lanes_);
                    Abs(t1, t1, lanes_);
                }
                CompareScalar(mMx, t1, 0.5f, CMPMODE::GT, lanes_);
                // The partner's key and index.
                Gather(pKey, key, off.ReinterpretCast<uint32_t>(), 0, lanes_);
                Gather(pIdx, idx, off.ReinterpretCast<uint32_t>(), 0, lanes_);
                // self < partner  <=>  key < pKey  or  (key == pKey  and  idx < pIdx).
                Compare(mLt, key, pKey, CMPMODE::LT, lanes_);
                Compare(mEq, key, pKey, CMPMODE::EQ, lanes_);
                Compare(mIlt, idx, pIdx, CMPMODE::LT, lanes_);
                LocalTensor<uint16_t> lt = mLt.ReinterpretCast<uint16_t>();
                LocalTensor<uint16_t> eq = mEq.ReinterpretCast<uint16_t>();
                LocalTensor<uint16_t> ilt = mIlt.ReinterpretCast<uint16_t>();
                LocalTensor<uint16_t> mx = mMx.ReinterpretCast<uint16_t>();
                And(eq, eq, ilt, maskWords);
                Or(lt, lt, eq, maskWords);
                // keep = less XOR mx = (less | mx) & ~(less & mx).
                And(eq, lt, mx, maskWords);
                Not(eq, eq, maskWords);
                Or(lt, lt, mx, maskWords);
                And(lt, lt, eq, maskWords);
                Select(key, mLt, key, pKey, SELMODE::VSEL_TENSOR_TENSOR_MODE, lanes_);
                Select(idx, mLt, idx, pIdx, SELMODE::VSEL_TENSOR_TENSOR_MODE, lanes_);
                if (j == 1) {
                    break;
                }
            }
        }

        // Outputs: the keys narrowed back (exact: they are inputs widened) and int64 indices.
        if constexpr (IsSameType<T, float>::value) {
            Muls(xLocal, key, 1.0f, lanes_);
        } else {
            Cast(xLocal, key, RoundMode::CAST_RINT, lanes_);
        }
        Cast(off, idx, RoundMode::CAST_RINT, lanes_);
        Cast(pairBuf_.Get<int64_t>(), off, RoundMode::CAST_NONE, lanes_);
        const event_t e = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_MTE3));
        SetFlag<HardEvent::V_MTE3>(e);
        WaitFlag<HardEvent::V_MTE3>(e);
    }

    __aicore__ inline void CopyOut(uint64_t r0, uint32_t h)
    {
        constexpr uint32_t perBlock = 32 / sizeof(T);
        const uint32_t cAligned = (cols_ + perBlock - 1) / perBlock * perBlock;
        const uint32_t cAligned64 = (cols_ + 3) / 4 * 4;
        DataCopyPad(valGm_[r0 * cols_], xBuf_.Get<T>(),
                    DataCopyExtParams{static_cast<uint16_t>(h), cols_ * static_cast<uint32_t>(sizeof(T)),
                                      (pad_ - cAligned) / perBlock, 0, 0});
        DataCopyPad(idxGm_[r0 * cols_], pairBuf_.Get<int64_t>(),
                    DataCopyExtParams{static_cast<uint16_t>(h), cols_ * static_cast<uint32_t>(sizeof(int64_t)),
                                      (pad_ - cAligned64) / 4, 0, 0});
    }

    TPipe pipe_;
    TBuf<TPosition::VECCALC> xBuf_;
    TBuf<TPosition::VECCALC> keyBuf_;
    TBuf<TPosition::VECCALC> idxBuf_;
    TBuf<TPosition::VECCALC> pairBuf_;
    TBuf<TPosition::VECCALC> offBuf_;
    TBuf<TPosition::VECCALC> laneBuf_;
    TBuf<TPosition::VECCALC> t1Buf_;
    TBuf<TPosition::VECCALC> t2Buf_;
    TBuf<TPosition::VECCALC> maskBuf_[MASKS];
    GlobalTensor<T> xGm_;
    GlobalTensor<T> valGm_;
    GlobalTensor<int64_t> idxGm_;
    uint64_t rowCount_ = 0;
    uint32_t cols_ = 0;
    uint32_t pad_ = 0;
    uint32_t tileRows_ = 0;
    uint32_t lanes_ = 0;
};

extern "C" __global__ __aicore__ void sort(GM_ADDR x, GM_ADDR values, GM_ADDR indices, GM_ADDR workspace,
                                           GM_ADDR tiling)
{
    GET_TILING_DATA(tilingData, tiling);
    KernelSort<DTYPE_X> op;
    op.Init(x, values, indices, tilingData);
    op.Process();
}
