// Ascend 950's DataCopyPad surface: the DMA loop mode (SetLoopModePara / ResetLoopModePara), the
// PaddingMode::Compact layout, and their checks; plus the small kernel-side utilities the ops-cv
// corpus needed (GetScalarBitcodeValue, the FORMAT_* numbers of kernel_type.h, copyable TPipe).
// Expected layouts are computed here from the documented semantics, not by the simulator.
#define AKG_DEVICE_COMPILE 1  // a kernel compile, as the builder's: kernel_type.h's FORMAT_* macros
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "register/tilingdata_base.h"  // graph/types.h after kernel_type.h's macros: must compile
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::KernelRun;

namespace {

akg::sim::PlatformSpec Arch35() {
    akg::sim::PlatformSpec p;
    p.socVersion = "Ascend950PR";
    p.cceAicore = 310;
    return p;
}

KernelRun Run950(std::function<void()> body) {
    return akg::test::RunOn(Arch35(), KERNEL_TYPE_AIV_ONLY, 1, std::move(body));
}

constexpr float kPoison = -7.0f;

}  // namespace

// GM -> UB under loop mode, Normal layout: the DataCopyPad (2 blocks of 3 floats, 4 bytes apart in
// GM) repeats loop2 x loop1 times, iteration (j2, j1) reading j2 * 96 + j1 * 40 bytes and writing
// j2 * 256 + j1 * 64 bytes after the copy's own addresses; ResetLoopModePara restores one copy.
TEST(DataCopyLoopMode, GmToUbRepeatsTheCopyAtTheLoopStrides) {
    akg::test::GmScope scope;
    GmBuffer<float> in(128, "in"), out(128, "out"), single(16, "single");
    for (int i = 0; i < 128; ++i) in[i] = float(i + 1);
    auto run = Run950([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 512);
        LocalTensor<float> t = buf.Get<float>();
        Duplicate(t, kPoison, 128);
        GlobalTensor<float> gi, go, gs;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 128);
        go.SetGlobalBuffer((__gm__ float*)out.addr(), 128);
        gs.SetGlobalBuffer((__gm__ float*)single.addr(), 16);
        PipeBarrier<PIPE_ALL>();
        LoopModeParams lp{2, 2, 40, 64, 96, 256};
        SetLoopModePara(lp, DataCopyMVType::OUT_TO_UB);
        DataCopyPad(t, gi, DataCopyExtParams(2, 12, 4, 0, 0), DataCopyPadExtParams<float>(true, 0, 1, 0.5f));
        ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
        PipeBarrier<PIPE_ALL>();
        DataCopy(go, t, 128);
        PipeBarrier<PIPE_ALL>();
        Duplicate(t, kPoison, 128);
        PipeBarrier<PIPE_ALL>();
        DataCopyPad(t, gi, DataCopyExtParams(2, 12, 4, 0, 0), DataCopyPadExtParams<float>(true, 0, 1, 0.5f));
        PipeBarrier<PIPE_ALL>();
        DataCopy(gs, t, 16);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> want(128, kPoison);
    for (int j2 = 0; j2 < 2; ++j2)
        for (int j1 = 0; j1 < 2; ++j1)
            for (int b = 0; b < 2; ++b) {
                const int src = (j2 * 96 + j1 * 40) / 4 + b * 4;  // block b: 12 data + 4 gap bytes
                const int dst = (j2 * 256 + j1 * 64) / 4 + b * 8;  // each block: 3 + 1 pad -> 32 bytes
                for (int k = 0; k < 3; ++k) want[dst + k] = in[src + k];
                want[dst + 3] = 0.5f;                                    // rightPadding, isPad
                for (int k = 4; k < 8; ++k) want[dst + k] = 0.5f;        // dummy to 32 bytes, isPad
            }
    for (int i = 0; i < 128; ++i) EXPECT_EQ(out[i], want[i]) << "UB float " << i;
    // After the reset: one copy, the two blocks only.
    for (int i = 0; i < 16; ++i) EXPECT_EQ(single[i], want[i]) << "reset copy float " << i;
}

// PaddingMode::Compact packs the blocks back to back in UB and pads only the end of the transfer
// to 32 bytes; in the UB -> GM direction it reads them back to back. Loop mode applies to both.
TEST(DataCopyLoopMode, CompactPacksBlocksAndLoopsOutToGm) {
    akg::test::GmScope scope;
    GmBuffer<float> in(64, "in"), packed(32, "packed"), out(96, "out");
    for (int i = 0; i < 64; ++i) in[i] = float(100 + i);
    for (int i = 0; i < 96; ++i) out[i] = kPoison;
    auto run = Run950([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        LocalTensor<float> t = buf.Get<float>();
        Duplicate(t, kPoison, 64);
        GlobalTensor<float> gi, gp, go;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        gp.SetGlobalBuffer((__gm__ float*)packed.addr(), 32);
        go.SetGlobalBuffer((__gm__ float*)out.addr(), 96);
        PipeBarrier<PIPE_ALL>();
        // 3 blocks of 3 floats, every 5th float in GM: UB holds the 9 floats back to back, and the
        // end of the transfer (36 bytes) is padded up to the next 32-byte boundary: 7 floats.
        DataCopyPad<float, PaddingMode::Compact>(t, gi, DataCopyExtParams(3, 12, 8, 0, 0),
                                                 DataCopyPadExtParams<float>(true, 0, 0, 0.0f));
        PipeBarrier<PIPE_ALL>();
        DataCopy(gp, t, 32);
        PipeBarrier<PIPE_ALL>();
        // Out: the 9 packed floats as 3 blocks of 3 (Compact reads them back to back), written 4
        // floats apart in GM, twice (loop1: UB +32 bytes, GM +48 bytes).
        SetLoopModePara(LoopModeParams{2, 1, 32, 192, 0, 0}, DataCopyMVType::UB_TO_OUT);
        DataCopyPad<float, PaddingMode::Compact>(go, t, DataCopyExtParams(3, 12, 0, 4, 0));
        ResetLoopModePara(DataCopyMVType::UB_TO_OUT);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> ub(32, kPoison);
    for (int b = 0; b < 3; ++b)
        for (int k = 0; k < 3; ++k) ub[b * 3 + k] = in[b * 5 + k];
    for (int k = 9; k < 16; ++k) ub[k] = 0.0f;  // padding value up to the next 32-byte boundary (64 bytes)
    for (int i = 0; i < 32; ++i) EXPECT_EQ(packed[i], ub[i]) << "UB float " << i;
    std::vector<float> want(96, kPoison);
    for (int j1 = 0; j1 < 2; ++j1)
        for (int b = 0; b < 3; ++b)
            for (int k = 0; k < 3; ++k) want[j1 * 48 + b * 4 + k] = ub[j1 * 8 + b * 3 + k];
    for (int i = 0; i < 96; ++i) EXPECT_EQ(out[i], want[i]) << "GM float " << i;
}

// The loops count in the bounds check: the last iteration reads past the GM tensor.
TEST(DataCopyLoopMode, LastIterationIsBoundsChecked) {
    akg::test::GmScope scope;
    GmBuffer<float> in(64, "loop input");
    auto run = Run950([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> t = buf.Get<float>();
        GlobalTensor<float> gi;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        SetLoopModePara(LoopModeParams{3, 1, 96, 64, 0, 0}, DataCopyMVType::OUT_TO_UB);
        DataCopyPad(t, gi, DataCopyExtParams(1, 64, 0, 0, 0), DataCopyPadExtParams<float>(false, 0, 0, 0.0f));
        ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
    });
    // 2 * 96 + 64 = 256 bytes: exactly the tensor.
    EXPECT_FALSE(run.HasDiag("GM_READ_OOB")) << run.Codes();
    auto over = Run950([&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 1024);
        LocalTensor<float> t = buf.Get<float>();
        GlobalTensor<float> gi;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        // 3 * 160 + 64 = 544 bytes: past the 512 bytes the device allocator reserves for 256
        SetLoopModePara(LoopModeParams{4, 1, 160, 64, 0, 0}, DataCopyMVType::OUT_TO_UB);
        DataCopyPad(t, gi, DataCopyExtParams(1, 64, 0, 0, 0), DataCopyPadExtParams<float>(false, 0, 0, 0.0f));
    });
    EXPECT_TRUE(over.HasDiag("GM_READ_OOB")) << over.Codes();
}

// Checks: the UB-side strides are whole 32-byte blocks; loop mode and Compact are Ascend 950's.
TEST(DataCopyLoopMode, RejectsMisalignedUbStridesAndOtherSocs) {
    akg::test::GmScope scope;
    GmBuffer<float> in(64, "in");
    auto misaligned = Run950([&] {
        SetLoopModePara(LoopModeParams{2, 1, 0, 40, 0, 0}, DataCopyMVType::OUT_TO_UB);  // UB dst stride 40
    });
    EXPECT_TRUE(misaligned.HasDiag("DMA_PARAM_RANGE")) << misaligned.Codes();
    auto gmSideFree = Run950([&] {
        SetLoopModePara(LoopModeParams{2, 1, 40, 64, 0, 0}, DataCopyMVType::OUT_TO_UB);  // GM src stride 40
    });
    EXPECT_FALSE(gmSideFree.HasDiag("DMA_PARAM_RANGE")) << gmSideFree.Codes();
    auto a2 = akg::test::RunKernel(1, [&] {
        SetLoopModePara(LoopModeParams{2, 1, 0, 64, 0, 0}, DataCopyMVType::OUT_TO_UB);
    });
    EXPECT_TRUE(a2.HasDiag("SOC_UNSUPPORTED")) << a2.Codes();
    auto compactA2 = akg::test::RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> buf;
        pipe.InitBuffer(buf, 256);
        GlobalTensor<float> gi;
        gi.SetGlobalBuffer((__gm__ float*)in.addr(), 64);
        DataCopyPad<float, PaddingMode::Compact>(buf.Get<float>(), gi, DataCopyExtParams(1, 12, 0, 0, 0),
                                                 DataCopyPadExtParams<float>(false, 0, 0, 0.0f));
    });
    EXPECT_TRUE(compactA2.HasDiag("SOC_UNSUPPORTED")) << compactA2.Codes();
}

// GetScalarBitcodeValue: the bit pattern of a scalar, widened to uint64_t or reinterpreted as U.
TEST(ScalarBitcode, BitPatternsOfScalars) {
    static_assert(GetScalarBitcodeValue(1.0f) == 0x3f800000u);
    static_assert(GetScalarBitcodeValue<uint32_t, float>(0xbf800000u) == -1.0f);
    static_assert(GetScalarBitcodeValue(int16_t(-1)) == 0xffffu);  // zero above T's bytes
    static_assert(GetScalarBitcodeValue<float, uint32_t>(2.0f) == 0x40000000u);
    EXPECT_EQ(GetScalarBitcodeValue(half(1.0f)), 0x3c00u);
    EXPECT_EQ(float(GetScalarBitcodeToHalf(uint16_t(0xc000))), -2.0f);
    EXPECT_EQ(GetScalarBitcodeValue(double(1.0)), 0x3ff0000000000000ull);
}

// kernel_type.h's format numbers (the values of ge::Format), visible to a kernel beside graph/types.h.
TEST(KernelType, FormatNumbersAreGeFormatValues) {
    static_assert(FORMAT_NCHW == 0 && FORMAT_NHWC == 1 && FORMAT_ND == 2 && FORMAT_NC1HWC0 == 3);
    static_assert(FORMAT_FRACTAL_NZ == 29 && FORMAT_NCDHW == 30 && FORMAT_NC == 35 && FORMAT_NCL == 47);
    static_assert(FORMAT_MAX == 0xff);
    EXPECT_EQ(int(ge::Format(FORMAT_ND)), 2);
}

// CANN's TPipe is copyable; a copy (a kernel passing its pipe by value) does not take over or, when
// destroyed, release the core's buffers.
TEST(TPipeCopy, ACopyLeavesTheAllocationStateAlone) {
    akg::test::GmScope scope;
    GmBuffer<float> out(8, "out");
    auto run = akg::test::RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 32);
        auto init = [](TPipe p, TBuf<TPosition::VECCALC>& buf) { (void)p; };
        init(pipe, b);  // a by-value copy, destroyed here
        pipe.InitBuffer(b, 32);
        LocalTensor<float> ta = a.Get<float>(), tb = b.Get<float>();
        EXPECT_NE(ta.GetPhyAddr(), tb.GetPhyAddr());  // a survived the copy: b went after it
        Duplicate(tb, 3.0f, 8);
        GlobalTensor<float> go;
        go.SetGlobalBuffer((__gm__ float*)out.addr(), 8);
        PipeBarrier<PIPE_ALL>();
        DataCopy(go, tb, 8);
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], 3.0f);
}

// A kernel whose host declared no BEGIN_TILING_DATA_DEF struct reads the struct it registered with
// REGISTER_TILING_DEFAULT through GET_TILING_DATA (ops-cv's arch35 Col2im).
namespace {
struct PlainTiling {
    int64_t a;
    float b;
    uint32_t c;
};
}  // namespace
TEST(TilingRegistration, GetTilingDataFillsTheRegisteredStruct) {
    akg::test::GmScope scope;
    GmBuffer<uint8_t> gm(sizeof(PlainTiling), "tiling");
    PlainTiling host{-5, 2.5f, 7};
    std::memcpy(gm.data, &host, sizeof(host));
    PlainTiling seen{};
    auto run = akg::test::RunKernel(1, [&] {
        GM_ADDR tiling = gm.addr();
        REGISTER_TILING_DEFAULT(PlainTiling);
        GET_TILING_DATA(tilingData, tiling);
        static_assert(std::is_same_v<decltype(tilingData), PlainTiling>);
        seen = tilingData;
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(seen.a, -5);
    EXPECT_EQ(seen.b, 2.5f);
    EXPECT_EQ(seen.c, 7u);
}
