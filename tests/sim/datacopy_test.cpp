// DataCopy (count and DataCopyParams forms), DataCopyPad in both directions, and atomic
// accumulation into GM from several cores, against reference layouts computed here.
#include <gtest/gtest.h>

#include <numeric>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {
template <typename T>
void Iota(GmBuffer<T>& g, int start = 1) {
    for (size_t i = 0; i < g.n; ++i) g[i] = static_cast<T>(int(i) + start);
}
}  // namespace

// GM -> UB -> GM with a count that is a multiple of 32 bytes, for 1-, 2- and 4-byte types.
TEST(DataCopy, CountFormRoundTrip) {
    akg::test::GmScope scope;
    GmBuffer<int8_t> i8(256, "i8"), o8(256, "o8");
    GmBuffer<half> h(512, "h"), oh(512, "oh");
    GmBuffer<float> f(96, "f"), of(96, "of");
    for (int i = 0; i < 256; ++i) i8[i] = int8_t(i * 7);
    for (int i = 0; i < 512; ++i) h[i] = half(i * 0.5f);
    for (int i = 0; i < 96; ++i) f[i] = i * 1.25f;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 1024);
        GlobalTensor<int8_t> g8, go8;
        GlobalTensor<half> gh, goh;
        GlobalTensor<float> gf, gof;
        g8.SetGlobalBuffer((__gm__ int8_t*)i8.addr(), 256);
        go8.SetGlobalBuffer((__gm__ int8_t*)o8.addr(), 256);
        gh.SetGlobalBuffer((__gm__ half*)h.addr(), 512);
        goh.SetGlobalBuffer((__gm__ half*)oh.addr(), 512);
        gf.SetGlobalBuffer((__gm__ float*)f.addr(), 96);
        gof.SetGlobalBuffer((__gm__ float*)of.addr(), 96);

        auto t8 = q.AllocTensor<int8_t>();
        DataCopy(t8, g8, 256);
        q.EnQue(t8);
        t8 = q.DeQue<int8_t>();
        DataCopy(go8, t8, 256);
        q.FreeTensor(t8);

        auto th = q.AllocTensor<half>();
        DataCopy(th, gh, 512);
        q.EnQue(th);
        th = q.DeQue<half>();
        DataCopy(goh, th, 512);
        q.FreeTensor(th);

        auto tf = q.AllocTensor<float>();
        DataCopy(tf, gf, 96);
        q.EnQue(tf);
        tf = q.DeQue<float>();
        DataCopy(gof, tf, 96);
        q.FreeTensor(tf);
    });
    EXPECT_TRUE(run.result.completed);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 256; ++i) EXPECT_EQ(o8[i], i8[i]) << i;
    for (int i = 0; i < 512; ++i) EXPECT_EQ(float(oh[i]), float(h[i])) << i;
    for (int i = 0; i < 96; ++i) EXPECT_EQ(of[i], f[i]) << i;
}

// count * sizeof(T) that is not a multiple of 32 bytes: the hardware moves the length rounded
// down to 32 bytes (documented), and the simulator says so.
TEST(DataCopy, CountFormRoundsDownToWholeBlocks) {
    akg::test::GmScope scope;
    GmBuffer<half> in(64, "in"), out(64, "out");
    Iota(in);
    for (int i = 0; i < 64; ++i) out[i] = half(-1.0f);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 128);
        auto t = b.Get<half>();
        Duplicate(t, half(-2.0f), 64);
        GlobalTensor<half> gi, go;
        gi.SetGlobalBuffer((__gm__ half*)in.addr(), 64);
        go.SetGlobalBuffer((__gm__ half*)out.addr(), 64);
        DataCopy(t, gi, 40);   // 80 bytes: moves 64
        DataCopy(go, t, 64);   // 128 bytes
    });
    EXPECT_TRUE(run.result.completed);
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "DMA_LEN_MISALIGNED");
    for (int i = 0; i < 64; ++i) EXPECT_EQ(float(out[i]), i < 32 ? float(in[i]) : -2.0f) << i;
}

// DataCopyParams: blockCount blocks of blockLen 32-byte units, gaps (in 32-byte units) after
// each block on both sides.
TEST(DataCopy, StridedParamsBothDirections) {
    akg::test::GmScope scope;
    constexpr int E = 8;  // floats per 32-byte block
    GmBuffer<float> in(20 * E, "in"), out(20 * E, "out");
    Iota(in);
    for (size_t i = 0; i < out.n; ++i) out[i] = -1;
    std::vector<float> ub(16 * E);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 16 * 32);
        auto t = b.Get<float>();
        Duplicate(t, -5.0f, 16 * E);
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 20 * E);
        go.SetGlobalBuffer((__gm__ float*)out.addr(), 20 * E);
        // 3 blocks of 2 units; GM gap 1 unit, UB gap 2 units.
        DataCopy(t, gi, DataCopyParams(3, 2, 1, 2));
        std::memcpy(ub.data(), t.Data(), ub.size() * sizeof(float));
        // Back out: UB gap 2 units, GM gap 3 units.
        DataCopy(go, t, DataCopyParams(3, 2, 2, 3));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> wantUb(16 * E, -5.0f);
    for (int blk = 0; blk < 3; ++blk)
        for (int k = 0; k < 2 * E; ++k) wantUb[blk * 4 * E + k] = in[blk * 3 * E + k];
    EXPECT_EQ(ub, wantUb);
    std::vector<float> wantOut(20 * E, -1.0f);
    for (int blk = 0; blk < 3; ++blk)
        for (int k = 0; k < 2 * E; ++k) wantOut[blk * 5 * E + k] = wantUb[blk * 4 * E + k];
    EXPECT_EQ(std::vector<float>(out.data, out.data + out.n), wantOut);
}

TEST(DataCopy, ZeroBlockCountOrLengthIsNop) {
    akg::test::GmScope scope;
    GmBuffer<float> in(64, "in");
    Iota(in);
    std::vector<float> ub(64);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto t = b.Get<float>();
        Duplicate(t, 9.0f, 64);
        GlobalTensor<float> gi;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        DataCopy(t, gi, DataCopyParams(0, 4, 0, 0));
        DataCopy(t, gi, DataCopyParams(4, 0, 0, 0));
        DataCopy(t, gi, 0);
        DataCopyPad(t, gi, DataCopyExtParams(0, 64, 0, 0, 0), DataCopyPadExtParams<float>(true, 0, 0, 1.0f));
        DataCopyPad(t, gi, DataCopyExtParams(2, 0, 0, 0, 0), DataCopyPadExtParams<float>(true, 0, 0, 1.0f));
        std::memcpy(ub.data(), t.Data(), 256);
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (float v : ub) EXPECT_EQ(v, 9.0f);
}

// ---- DataCopyPad GM -> UB ----

namespace {
// Runs DataCopyPad(GM -> UB) of int16 data into a UB buffer pre-filled with `fill`, optionally
// after SetPadValue, and returns the UB contents.
std::vector<int16_t> PadIn(const std::vector<int16_t>& gm, uint32_t ubElems, DataCopyExtParams p,
                           DataCopyPadExtParams<int16_t> pad, bool setPadValue, int16_t padValue,
                           akg::test::KernelRun* run, int16_t fill = -1) {
    akg::test::GmScope scope;
    GmBuffer<int16_t> g(gm.size(), "src");
    std::copy(gm.begin(), gm.end(), g.data);
    std::vector<int16_t> ub(ubElems);
    *run = RunKernel(1, [&] {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, akg::test::UbBytes<int16_t>(ubElems));
        GlobalTensor<int16_t> gt;
        gt.SetGlobalBuffer((__gm__ int16_t*)g.addr(), gm.size());
        auto t = q.AllocTensor<int16_t>();
        std::fill(t.Data(), t.Data() + ubElems, fill);
        if (setPadValue) SetPadValue(padValue);
        DataCopyPad(t, gt, p, pad);
        q.EnQue(t);
        t = q.DeQue<int16_t>();
        std::memcpy(ub.data(), t.Data(), ubElems * sizeof(int16_t));
        q.FreeTensor(t);
    });
    return ub;
}
std::vector<int16_t> Seq(int n, int start = 100) {
    std::vector<int16_t> v(n);
    std::iota(v.begin(), v.end(), int16_t(start));
    return v;
}
}  // namespace

TEST(DataCopyPadIn, LeftRightPaddingWithValue) {
    // 3 blocks of 10 elements (20 bytes); src gap 6 bytes (3 elements); 2 left + 3 right padding
    // = 15 elements = 30 bytes, rounded to one 32-byte block; dst gap 1 block.
    auto gm = Seq(64);
    akg::test::KernelRun run;
    auto ub = PadIn(gm, 3 * 32, DataCopyExtParams(3, 20, 6, 1, 0), DataCopyPadExtParams<int16_t>(true, 2, 3, 7),
                    false, 0, &run);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<int16_t> want(3 * 32, -1);
    for (int b = 0; b < 3; ++b) {
        int16_t* row = want.data() + b * 32;  // 16-element block + 1 gap block
        row[0] = row[1] = 7;
        for (int k = 0; k < 10; ++k) row[2 + k] = gm[b * 13 + k];
        row[12] = row[13] = row[14] = 7;
        row[15] = 7;  // dummy after explicit padding: the padding value
    }
    EXPECT_EQ(ub, want);
}

TEST(DataCopyPadIn, DummyRepeatsFirstElementWithoutPadding) {
    // 11 elements (22 bytes) per block: the remaining 5 elements of the 32-byte block are dummy
    // values equal to the block's first element (documented), with or without isPad.
    auto gm = Seq(40, 500);
    for (bool isPad : {false, true}) {
        akg::test::KernelRun run;
        auto ub = PadIn(gm, 32, DataCopyExtParams(2, 22, 0, 0, 0), DataCopyPadExtParams<int16_t>(isPad, 0, 0, 9),
                        false, 0, &run);
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        std::vector<int16_t> want(32);
        for (int b = 0; b < 2; ++b) {
            for (int k = 0; k < 11; ++k) want[b * 16 + k] = gm[b * 11 + k];
            for (int k = 11; k < 16; ++k) want[b * 16 + k] = gm[b * 11];
        }
        EXPECT_EQ(ub, want) << "isPad " << isPad;
    }
}

TEST(DataCopyPadIn, SetPadValueFillsPaddingWhenIsPadIsFalse) {
    auto gm = Seq(20, 1);
    akg::test::KernelRun run;
    // Documented scenario: 20 elements, right padding 12, SetPadValue(1), isPad false.
    auto ub = PadIn(gm, 32, DataCopyExtParams(1, 40, 0, 0, 0), DataCopyPadExtParams<int16_t>(false, 0, 12, 0), true,
                    -3, &run);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int k = 0; k < 20; ++k) EXPECT_EQ(ub[k], gm[k]) << k;
    for (int k = 20; k < 32; ++k) EXPECT_EQ(ub[k], -3) << k;
}

TEST(DataCopyPadIn, AlignedBlocksHaveNoDummyAndStridesApply) {
    // 16 elements = 32 bytes per block: no dummy; src gap 10 bytes, dst gap 2 blocks.
    auto gm = Seq(80, 1000);
    akg::test::KernelRun run;
    auto ub = PadIn(gm, 3 * 16 * 3, DataCopyExtParams(3, 32, 10, 2, 0), DataCopyPadExtParams<int16_t>(), false, 0,
                    &run, -8);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<int16_t> want(3 * 16 * 3, -8);
    for (int b = 0; b < 3; ++b)
        for (int k = 0; k < 16; ++k) want[b * 48 + k] = gm[b * 21 + k];
    EXPECT_EQ(ub, want);
}

TEST(DataCopyPadIn, LegacyParamsForm) {
    akg::test::GmScope scope;
    GmBuffer<float> g(16, "src");
    for (int i = 0; i < 16; ++i) g[i] = i + 0.5f;
    std::vector<float> ub(16);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64);
        auto t = b.Get<float>();
        GlobalTensor<float> gt;
        gt.SetGlobalBuffer((__gm__ float*)g.addr(), 16);
        // 2 blocks of 5 floats (20 bytes), 1 left pad element, value bits of 2.0f.
        float two = 2.0f;
        uint32_t bits;
        std::memcpy(&bits, &two, 4);
        DataCopyPad(t, gt, DataCopyParams(2, 20, 4, 0), DataCopyPadParams(true, 1, 0, bits));
        std::memcpy(ub.data(), t.Data(), 64);
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> want = {2, 0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 2, 2, 2, 6.5f, 7.5f, 8.5f, 9.5f, 10.5f, 2, 2};
    EXPECT_EQ(ub, want);
}

// ---- DataCopyPad UB -> GM ----

TEST(DataCopyPadOut, UnalignedBlocksWithGaps) {
    akg::test::GmScope scope;
    // int8: 3 blocks of 47 bytes; UB blocks start every align32(47) + 1 gap block = 96 bytes;
    // GM blocks every 47 + 5 bytes.
    GmBuffer<int8_t> out(3 * 52, "out");
    for (size_t i = 0; i < out.n; ++i) out[i] = -1;
    std::vector<int8_t> ub(3 * 96);
    for (size_t i = 0; i < ub.size(); ++i) ub[i] = int8_t(i % 120);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 3 * 96);
        auto t = q.AllocTensor<int8_t>();
        std::memcpy(t.Data(), ub.data(), ub.size());
        q.EnQue(t);
        t = q.DeQue<int8_t>();
        GlobalTensor<int8_t> g;
        g.SetGlobalBuffer((__gm__ int8_t*)out.addr(), out.n);
        DataCopyPad(g, t, DataCopyExtParams(3, 47, 1, 5, 0));
        q.FreeTensor(t);
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<int8_t> want(3 * 52, -1);
    for (int b = 0; b < 3; ++b)
        for (int k = 0; k < 47; ++k) want[b * 52 + k] = ub[b * 96 + k];
    EXPECT_EQ(std::vector<int8_t>(out.data, out.data + out.n), want);
}

TEST(DataCopyPadOut, UnalignedTailOfAFloatRow) {
    akg::test::GmScope scope;
    GmBuffer<float> out(13, "out");  // exactly 13 floats: an overrun would be reported
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 64);
        auto t = b.Get<float>();
        for (int i = 0; i < 16; ++i) t.Data()[i] = float(i * i);
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out.addr(), 13);
        DataCopyPad(g, t, DataCopyExtParams(1, 13 * sizeof(float), 0, 0, 0));
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 13; ++i) EXPECT_EQ(out[i], float(i * i));
    EXPECT_TRUE(akg::sim::GmCheckSlack().empty());
}

// ---- atomic accumulation into GM ----

namespace {
template <typename T>
void CheckAtomicAdd(std::function<T(int core, int i)> value) {
    akg::test::GmScope scope;
    constexpr int kCores = 4, kN = 64;
    GmBuffer<T> acc(kN, "acc"), plain(kN, "plain");
    for (int i = 0; i < kN; ++i) {
        acc[i] = value(-1, i);
        plain[i] = T(0);
    }
    auto run = RunKernel(kCores, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, kN * sizeof(T));
        auto t = b.Get<T>();
        const int core = int(GetBlockIdx());
        for (int i = 0; i < kN; ++i) t.SetValue(i, value(core, i));
        GlobalTensor<T> ga, gp;
        ga.SetGlobalBuffer((__gm__ T*)acc.addr(), kN);
        gp.SetGlobalBuffer((__gm__ T*)plain.addr(), kN);
        SetAtomicAdd<T>();
        DataCopy(ga, t, kN);
        SetAtomicNone();
        DataCopy(gp, t, kN);  // overwrites: the last core's data remains here; a race on the device
    });
    EXPECT_TRUE(run.result.completed);
    // The accumulations commute; the plain overwrites of one tensor by every core do not.
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "GM_RACE");
    EXPECT_NE(run.result.diagnostics[0].message.find("GM tensor 'plain'"), std::string::npos) << run.Codes();
    for (int i = 0; i < kN; ++i) {
        // Cores run in index order, so the accumulation order is deterministic; each step rounds.
        T want = value(-1, i);
        for (int c = 0; c < kCores; ++c) want = akg::test::RefRne<T>(static_cast<long double>(float(want)) +
                                                                      static_cast<long double>(float(value(c, i))));
        EXPECT_EQ(akg::test::BitsOf(acc[i]), akg::test::BitsOf(want)) << i;
        EXPECT_EQ(akg::test::BitsOf(plain[i]), akg::test::BitsOf(value(kCores - 1, i))) << i;
    }
}
}  // namespace

TEST(AtomicAdd, FloatFromFourCores) {
    CheckAtomicAdd<float>([](int c, int i) { return c < 0 ? 1000.0f : (c + 1) * 0.1f + i; });
}
TEST(AtomicAdd, HalfFromFourCoresRoundsEachStep) {
    CheckAtomicAdd<half>([](int c, int i) { return c < 0 ? half(2048.0f) : half((c + 1) * 0.5f + i * 0.25f); });
}
TEST(AtomicAdd, Int32FromFourCores) {
    akg::test::GmScope scope;
    constexpr int kN = 16;
    GmBuffer<int32_t> acc(kN, "acc");
    for (int i = 0; i < kN; ++i) acc[i] = INT32_MAX - 1;
    auto run = RunKernel(4, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, kN * 4);
        auto t = b.Get<int32_t>();
        Duplicate(t, int32_t(GetBlockIdx() + 1), kN);
        GlobalTensor<int32_t> g;
        g.SetGlobalBuffer((__gm__ int32_t*)acc.addr(), kN);
        SetAtomicAdd<int32_t>();
        DataCopyPad(g, t, DataCopyExtParams(1, kN * 4, 0, 0, 0));
        DisableDmaAtomic();
    });
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    // 1 + 2 + 3 + 4 = 10 added to INT32_MAX - 1 wraps.
    for (int i = 0; i < kN; ++i) EXPECT_EQ(acc[i], int32_t(uint32_t(INT32_MAX) - 1 + 10)) << i;
}

// InitGlobalMemory / InitOutput set exactly the requested elements (the one past them keeps its
// value), and under SetAtomicAdd the value is added, as the device's DataCopy-based fill does.
TEST(DataCopy, InitGlobalMemoryFillsTheRange) {
    akg::test::GmScope scope;
    GmBuffer<float> f(40, "f");
    GmBuffer<int16_t> s(16, "s");
    for (int i = 0; i < 40; ++i) f[i] = 7.0f;
    for (int i = 0; i < 16; ++i) s[i] = 3;
    auto run = RunKernel(1, [&] {
        GlobalTensor<float> gf;
        GlobalTensor<int16_t> gs;
        gf.SetGlobalBuffer((__gm__ float*)f.addr(), 40);
        gs.SetGlobalBuffer((__gm__ int16_t*)s.addr(), 16);
        InitGlobalMemory(gf, 33, -1.5f);
        InitOutput<int16_t>(gs, 16, 0);
        SetAtomicAdd<float>();
        InitGlobalMemory(gf, 8, 2.0f);
        SetAtomicNone();
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 8; ++i) EXPECT_EQ(f[i], 0.5f) << i;
    for (int i = 8; i < 33; ++i) EXPECT_EQ(f[i], -1.5f) << i;
    for (int i = 33; i < 40; ++i) EXPECT_EQ(f[i], 7.0f) << i;
    for (int i = 0; i < 16; ++i) EXPECT_EQ(s[i], 0) << i;
}

// bfloat16_t compiles and fills (outside the documented list; CANN's device build accepts it).
TEST(DataCopy, InitOutputFillsBfloat16) {
    akg::test::GmScope scope;
    GmBuffer<bfloat16_t> b(17, "b");
    for (int i = 0; i < 17; ++i) b[i] = bfloat16_t(9.0f);
    auto run = RunKernel(1, [&] {
        GlobalTensor<bfloat16_t> gb;
        gb.SetGlobalBuffer((__gm__ bfloat16_t*)b.addr(), 17);
        InitOutput<bfloat16_t>(gb, 16, bfloat16_t(-2.0f));
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i) EXPECT_EQ(float(b[i]), -2.0f) << i;
    EXPECT_EQ(float(b[16]), 9.0f);
}
