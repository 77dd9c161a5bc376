// Element-wise max of int8 / uint8 data the way kernels write it (Max has no 8-bit form): widen to
// half with Cast (exact), Max in half, narrow back with Cast (CAST_NONE: exact for integral values).
// Every pair of 8-bit values, in count and mask/repeat forms.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {
template <typename T>
void MaxViaHalf(bool repeatForm) {
    constexpr int kN = 256 * 256;
    akg::test::GmScope scope;
    GmBuffer<T> a(kN, "a"), b(kN, "b"), out(kN, "out");
    for (int i = 0; i < kN; ++i) {
        a[i] = static_cast<T>(i / 256 + (std::is_signed_v<T> ? -128 : 0));
        b[i] = static_cast<T>(i % 256 + (std::is_signed_v<T> ? -128 : 0));
    }
    auto run = RunKernel(1, [&] {
        constexpr int kTile = 4096;
        TPipe pipe;
        TBuf<TPosition::VECCALC> ba, bb, ha, hb;
        pipe.InitBuffer(ba, kTile);
        pipe.InitBuffer(bb, kTile);
        pipe.InitBuffer(ha, kTile * sizeof(half));
        pipe.InitBuffer(hb, kTile * sizeof(half));
        GlobalTensor<T> ga, gb, go;
        ga.SetGlobalBuffer((__gm__ T*)a.addr(), kN);
        gb.SetGlobalBuffer((__gm__ T*)b.addr(), kN);
        go.SetGlobalBuffer((__gm__ T*)out.addr(), kN);
        auto ta = ba.Get<T>();
        auto tb = bb.Get<T>();
        auto xa = ha.Get<half>();
        auto xb = hb.Get<half>();
        for (int off = 0; off < kN; off += kTile) {
            DataCopy(ta, ga[off], kTile);
            DataCopy(tb, gb[off], kTile);
            SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
            if (repeatForm) {
                const uint8_t repeats = kTile / 128;  // 128 halves per repeat; the int8 side moves 4 blocks
                Cast(xa, ta, RoundMode::CAST_NONE, 128, repeats, {1, 1, 8, 4});
                Cast(xb, tb, RoundMode::CAST_NONE, 128, repeats, {1, 1, 8, 4});
                Max(xa, xa, xb, 128, repeats, {1, 1, 1, 8, 8, 8});
                Cast(ta, xa, RoundMode::CAST_NONE, 128, repeats, {1, 1, 4, 8});
            } else {
                Cast(xa, ta, RoundMode::CAST_NONE, kTile);
                Cast(xb, tb, RoundMode::CAST_NONE, kTile);
                Max(xa, xa, xb, kTile);
                Cast(ta, xa, RoundMode::CAST_NONE, kTile);
            }
            SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
            WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
            DataCopy(go[off], ta, kTile);
            SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
            WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        }
    });
    ASSERT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    int wrong = 0;
    for (int i = 0; i < kN && wrong < 10; ++i)
        if (out[i] != std::max(a[i], b[i])) {
            ADD_FAILURE() << "max(" << int(a[i]) << ", " << int(b[i]) << ") gave " << int(out[i]);
            ++wrong;
        }
}
}  // namespace

TEST(VecInt8Max, Int8CountForm) { MaxViaHalf<int8_t>(false); }
TEST(VecInt8Max, Uint8CountForm) { MaxViaHalf<uint8_t>(false); }
TEST(VecInt8Max, Int8RepeatForm) { MaxViaHalf<int8_t>(true); }
TEST(VecInt8Max, Uint8RepeatForm) { MaxViaHalf<uint8_t>(true); }
