// Raw CCE vector intrinsics below the AscendC API (vor, vector_dup, copy_ubuf_to_ubuf, vtranspose,
// set_va_reg_sb + scatter_vnchwconv_b*), as CANN's AddLayerNorm kernels call them, against
// reference loops.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

namespace {

// Element l of repeat r of an operand with data-block stride `blk` and repeat stride `rep`.
size_t LaneIndex(size_t esize, uint32_t r, uint32_t l, uint32_t blk, uint32_t rep) {
    const size_t perBlock = 32 / esize;
    return (size_t(r) * rep + l / perBlock * blk) * perBlock + l % perBlock;
}

TEST(CceRaw, VorUnderMaskRegisterWithStrides) {
    // 40 of 128 lanes enabled; src1 repeats one block (block and repeat stride 0), dst skips every
    // other block. Lanes off and blocks skipped keep their poison.
    constexpr uint32_t kRepeat = 3, kDstBlk = 2, kDstRep = 16, kSrc0Rep = 8;
    std::vector<int16_t> a(kRepeat * 128), b(16);
    for (size_t i = 0; i < a.size(); ++i) a[i] = int16_t(i * 37 + 1);
    for (size_t i = 0; i < b.size(); ++i) b[i] = int16_t(0x1000 << (i % 3));
    std::vector<int16_t> out;
    const size_t dstLen = kRepeat * kDstRep * 16;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s0 = ub.New(a), s1 = ub.New(b);
        auto d = ub.Filled<int16_t>(dstLen, 0x5A);
        set_vector_mask(0, (uint64_t(1) << 40) - 1);
        vor((__ubuf__ int16_t*)d.GetPhyAddr(), (__ubuf__ int16_t*)s0.GetPhyAddr(),
            (__ubuf__ int16_t*)s1.GetPhyAddr(), kRepeat, kDstBlk, 1, 0, kDstRep, kSrc0Rep, 0);
        out = Read(d, dstLen);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<int16_t> expect(dstLen, Poison<int16_t>(0x5A));
    for (uint32_t r = 0; r < kRepeat; ++r)
        for (uint32_t l = 0; l < 40; ++l)
            expect[LaneIndex(2, r, l, kDstBlk, kDstRep)] =
                int16_t(a[LaneIndex(2, r, l, 1, kSrc0Rep)] | b[LaneIndex(2, r, l, 0, 0)]);
    EXPECT_EQ(out, expect);
}

TEST(CceRaw, VectorDupFillsMaskedLanesOnly) {
    // The AddLayerNorm zero block: 16 int16 lanes, one repeat; then floats with a block stride.
    std::vector<int16_t> outI;
    std::vector<float> outF;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto zi = ub.Filled<int16_t>(128, 0x77);
        set_vector_mask(0x0, 0xffff);
        vector_dup((__ubuf__ int16_t*)zi.GetPhyAddr(), (int16_t)0, 1, 0, 0, (uint8_t)0, (uint8_t)0);
        auto f = ub.Filled<float>(2 * 16 * 8, 0x77);
        set_vector_mask(0x0, 0xff00ff);  // lanes 0..7 and 16..23: blocks 0 and 2
        vector_dup((__ubuf__ float*)f.GetPhyAddr(), 2.5f, 2, 2, 1, 16, 8);
        outI = Read(zi, 128);
        outF = Read(f, 2 * 16 * 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 128; ++i) ASSERT_EQ(outI[i], i < 16 ? 0 : Poison<int16_t>(0x77)) << i;
    for (uint32_t i = 0; i < outF.size(); ++i) {
        const uint32_t blockInRepeat = (i % 128) / 8;  // dst block stride 2: lane block k lands at 2k
        const bool set = blockInRepeat == 0 || blockInRepeat == 4;
        ASSERT_EQ(Bits(outF[i]), Bits(set ? 2.5f : Poison<float>(0x77))) << i;
    }
}

TEST(CceRaw, CopyUbufToUbufBurstsAndGaps) {
    std::vector<float> src(8 * 12);
    for (size_t i = 0; i < src.size(); ++i) src[i] = float(i) + 0.5f;
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<float>(8 * 12, 0);
        // 3 bursts of 2 blocks; source gap 1 block, destination gap 2 blocks.
        copy_ubuf_to_ubuf((__ubuf__ float*)d.GetPhyAddr(), (__ubuf__ float*)s.GetPhyAddr(), 0, 3, 2, 1, 2);
        out = Read(d, 8 * 12);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<float> expect(8 * 12, 0.0f);
    for (int burst = 0; burst < 3; ++burst)
        for (int e = 0; e < 16; ++e) expect[burst * 32 + e] = src[burst * 24 + e];
    EXPECT_EQ(out, expect);
}

TEST(CceRaw, VtransposeIs16x16Transpose) {
    std::vector<uint16_t> m(256);
    for (int i = 0; i < 256; ++i) m[i] = uint16_t(i * 11 + 3);
    std::vector<uint16_t> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(m);
        auto d = ub.Filled<uint16_t>(256, 0);
        vtranspose((__ubuf__ uint16_t*)d.GetPhyAddr(), (__ubuf__ uint16_t*)s.GetPhyAddr());
        out = Read(d, 256);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) ASSERT_EQ(out[j * 16 + i], m[i * 16 + j]) << i << " " << j;
}

TEST(CceRaw, VaRegisterVnchwconvB16WithRepeats) {
    // Register pairs VA0/VA1 (destination) and VA2/VA3 (source), as CANN's AddLayerNorm sets them:
    // destination blocks 128 halves apart, source blocks in pairs 16 apart every 256; 4 repeats
    // with destination stride 1 block and source stride 2 blocks.
    constexpr int kRepeat = 4, kDstStride = 1, kSrcStride = 2;
    std::vector<half> src(2048 + 512);
    for (size_t i = 0; i < src.size(); ++i) src[i] = half(float(int(i % 1021) - 500));
    std::vector<half> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<half>(2048 + 64, 0);
        uint64_t dl[16], sl[16];
        for (int i = 0; i < 16; ++i) {
            dl[i] = d[i * 128].GetPhyAddr();
            sl[i] = s[(i / 2) * 256 + (i % 2) * 16].GetPhyAddr();
        }
        set_va_reg_sb(VA0, dl);
        set_va_reg_sb(VA1, dl + 8);
        set_va_reg_sb(VA2, sl);
        set_va_reg_sb(VA3, sl + 8);
        scatter_vnchwconv_b16(VA0, VA2, kRepeat, kDstStride, kSrcStride);
        out = Read(d, 2048 + 64);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    std::vector<half> expect(2048 + 64, half(0.0f));
    for (int r = 0; r < kRepeat; ++r)
        for (int j = 0; j < 16; ++j)      // destination block j
            for (int i = 0; i < 16; ++i)  // gets element j of source block i
                expect[j * 128 + r * kDstStride * 16 + i] = src[(i / 2) * 256 + (i % 2) * 16 + r * kSrcStride * 16 + j];
    for (size_t k = 0; k < out.size(); ++k) ASSERT_EQ(Bits(out[k]), Bits(expect[k])) << k;
}

TEST(CceRaw, VaRegisterVnchwconvB32SingleRepeatAppliesStride) {
    // b32: destination block 2j gets element j of sources 0..7, block 2j+1 of sources 8..15; one
    // repeat with stride 1 already starts one block in (the documented single-repeat rule).
    std::vector<float> src(16 * 8 + 8);
    for (size_t i = 0; i < src.size(); ++i) src[i] = float(i) * 0.25f;
    std::vector<float> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<float>(16 * 8 + 8, 0);
        uint64_t dl[16], sl[16];
        for (int i = 0; i < 16; ++i) {
            dl[i] = d[i * 8].GetPhyAddr();
            sl[i] = s[i * 8].GetPhyAddr();
        }
        set_va_reg_sb(VA4, dl);
        set_va_reg_sb(VA5, dl + 8);
        set_va_reg_sb(VA6, sl);
        set_va_reg_sb(VA7, sl + 8);
        scatter_vnchwconv_b32(VA4, VA6, 1, 1, 1);
        out = Read(d, 16 * 8 + 8);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int e = 0; e < 8; ++e) ASSERT_EQ(out[e], 0.0f);
    for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 16; ++i)
            ASSERT_EQ(out[8 + (2 * j + i / 8) * 8 + i % 8], src[8 + i * 8 + j]) << j << " " << i;
}

TEST(CceRaw, VnchwconvWithoutVaRegistersIsReported) {
    // The address registers start zeroed: a vnchwconv before set_va_reg_sb addresses no UB.
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(256, 0);
        uint64_t dl[8];
        for (int i = 0; i < 8; ++i) dl[i] = d[i * 16].GetPhyAddr();
        set_va_reg_sb(VA0, dl);
        set_va_reg_sb(VA1, dl);
        scatter_vnchwconv_b16(VA0, VA2, 1, 0, 0);
    });
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_OOB"), nullptr) << run.Codes();
}

TEST(CceRaw, VnchwconvNeedsARegisterPair) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        scatter_vnchwconv_b16(VA7, VA0, 1, 0, 0);
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_COUNT_RANGE"), nullptr) << run.Codes();
}

TEST(CceRaw, VorOutsideItsBufferIsReported) {
    // 8 repeats of 256 bytes into a 512-byte buffer that another buffer follows.
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<int16_t>(256, 0);
        auto next = ub.Filled<int16_t>(2048, 0);
        AscendCUtils::SetMask<half>(128);
        vor((__ubuf__ int16_t*)d.GetPhyAddr(), (__ubuf__ int16_t*)next.GetPhyAddr(),
            (__ubuf__ int16_t*)next.GetPhyAddr(), 8, 1, 1, 1, 8, 8, 8);
    });
    EXPECT_NE(akg::test::FindDiag(run, "LOCAL_BUFFER_OVERRUN"), nullptr) << run.Codes();
}

}  // namespace
