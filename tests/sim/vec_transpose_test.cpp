// Transpose (16x16 and NCHW <-> NHWC) and TransDataTo5HD.
#include <gtest/gtest.h>

#include "sim/vec_test_util.h"

using namespace AscendC;
using akg::test::RunKernel;
using namespace akg::vtest;

TEST(VecTranspose, Basic16x16AndInPlace) {
    std::vector<half> m(256);
    for (int i = 0; i < 256; ++i) m[i] = half(float(i));
    std::vector<half> out, inplace;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto d = ub.Filled<half>(256, 0);
        auto s = ub.New(m);
        Transpose(d, s);
        Transpose(s, s);
        out = Read(d, 256);
        inplace = Read(s, 256);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
            ASSERT_EQ(float(out[j * 16 + i]), float(i * 16 + j));
            ASSERT_EQ(float(inplace[j * 16 + i]), float(i * 16 + j));
        }
}

TEST(VecTranspose, EnhancedNchwNhwcRoundTrip) {
    constexpr int N = 2, C = 3, H = 2, W = 8;
    std::vector<float> x(N * C * H * W);
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(i) * 0.5f;
    std::vector<float> nhwc, back;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(x);
        auto d = ub.Filled<float>(x.size(), 0), e = ub.Filled<float>(x.size(), 0);
        auto tmp = ub.New<uint8_t>((2 * C + 1) * 16 * 8 * 4);
        Transpose(d, s, tmp, TransposeParamsExt(N, C, H, W, TransposeType::TRANSPOSE_NCHW2NHWC));
        Transpose(e, d, tmp, TransposeParamsExt(N, C, H, W, TransposeType::TRANSPOSE_NHWC2NCHW));
        nhwc = Read(d, x.size());
        back = Read(e, x.size());
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int n = 0; n < N; ++n)
        for (int c = 0; c < C; ++c)
            for (int hw = 0; hw < H * W; ++hw) ASSERT_EQ(nhwc[(n * H * W + hw) * C + c], x[(n * C + c) * H * W + hw]);
    for (size_t i = 0; i < x.size(); ++i) ASSERT_EQ(back[i], x[i]);
}

TEST(VecTranspose, EnhancedTmpBufferTooSmall) {
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.Filled<half>(4 * 16 * 16, 0), d = ub.Filled<half>(4 * 16 * 16, 0);
        auto tmp = ub.New<uint8_t>(1024);  // NCHW2NHWC with c = 4 needs (4 + 2) * 16 * 16 * 2 = 3072
        Transpose(d, s, tmp, TransposeParamsExt(1, 4, 16, 16, TransposeType::TRANSPOSE_NCHW2NHWC));
    });
    EXPECT_NE(akg::test::FindDiag(run, "VEC_TMP_BUFFER_SMALL"), nullptr) << run.Codes();
}

TEST(VecTranspose, EnhancedNd2ndB16SupportsOnlyUint16) {
    std::vector<uint16_t> u;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        std::vector<uint16_t> m(256);
        for (int i = 0; i < 256; ++i) m[i] = uint16_t(i);
        auto s = ub.New(m), d = ub.Filled<uint16_t>(256, 0);
        auto tmp = ub.New<uint8_t>(32);
        Transpose(d, s, tmp, TransposeParamsExt(0, 0, 16, 16, TransposeType::TRANSPOSE_ND2ND_B16));
        u = Read(d, 256);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(u[1], 16);
    auto run2 = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.Filled<half>(256, 0), d = ub.Filled<half>(256, 0);
        auto tmp = ub.New<uint8_t>(32);
        Transpose(d, s, tmp, TransposeParamsExt(0, 0, 16, 16, TransposeType::TRANSPOSE_ND2ND_B16));
    });
    EXPECT_NE(akg::test::FindDiag(run2, "VEC_UNSUPPORTED"), nullptr) << run2.Codes();
}

TEST(VecTransData5HD, NchwToNc1hwc0Half) {
    // The documented NCHW (2, 32, 16, 16) -> NC1HWC0 (2, 2, 16, 16, 16) conversion.
    constexpr int N = 2, C = 32, HW = 256, C0 = 16, C1 = 2;
    std::vector<half> x(N * C * HW);
    for (size_t i = 0; i < x.size(); ++i) x[i] = half(float(i % 2039) - 1000);
    std::vector<half> out1, out2;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(x);
        auto d1 = ub.Filled<half>(x.size(), 0), d2 = ub.Filled<half>(x.size(), 0);
        TransDataTo5HDParams p(false, false, HW / 16, 16, 1);
        for (int n = 0; n < N; ++n)
            for (int c1 = 0; c1 < C1; ++c1) {
                uint64_t dl[16], sl[16];
                LocalTensor<half> dt[16], st[16];
                for (int i = 0; i < 16; ++i) {
                    sl[i] = s[(n * C + c1 * C0 + i) * HW].GetPhyAddr();
                    dl[i] = d1[((n * C1 + c1) * HW) * C0 + i * 16].GetPhyAddr();
                    st[i] = s[(n * C + c1 * C0 + i) * HW];
                    dt[i] = d2[((n * C1 + c1) * HW) * C0 + i * 16];
                }
                TransDataTo5HD<half>(dl, sl, p);
                TransDataTo5HD<half>(dt, st, p);
            }
        out1 = Read(d1, x.size());
        out2 = Read(d2, x.size());
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int n = 0; n < N; ++n)
        for (int c1 = 0; c1 < C1; ++c1)
            for (int hw = 0; hw < HW; ++hw)
                for (int c0 = 0; c0 < C0; ++c0) {
                    const size_t di = (((n * C1 + c1) * HW) + hw) * C0 + c0;
                    const size_t si = (n * C + c1 * C0 + c0) * HW + hw;
                    ASSERT_EQ(Bits(out1[di]), Bits(x[si])) << di;
                    ASSERT_EQ(Bits(out2[di]), Bits(x[si])) << di;
                }
}

TEST(VecTransData5HD, B32AndB8LayoutsAndSingleRepeatStride) {
    // b32: source blocks of 8 floats; destination block 2j gets element j of sources 0..7,
    // block 2j+1 element j of sources 8..15. One repeat with stride 1 block starts one block in.
    std::vector<float> src(16 * 8 + 8);
    for (size_t i = 0; i < src.size(); ++i) src[i] = float(i);
    std::vector<uint8_t> bsrc(16 * 32);
    for (size_t i = 0; i < bsrc.size(); ++i) bsrc[i] = uint8_t(i * 7);
    std::vector<float> out;
    std::vector<uint8_t> bout;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(src);
        auto d = ub.Filled<float>(16 * 8 + 8, 0);
        float* sp[16];
        float* dp[16];
        for (int i = 0; i < 16; ++i) {
            sp[i] = s.Data() + i * 8;  // with the single-repeat stride these read blocks 1..16
            dp[i] = d.Data() + i * 8;
        }
        TransDataTo5HDParams p(false, false, 1, 1, 1);
        TransDataTo5HDImpl(dp, sp, p);
        out = Read(d, 16 * 8 + 8);
        // b8: element j of the high half of every source block -> low half of destination block j.
        auto bs = ub.New(bsrc);
        auto bd = ub.Filled<uint8_t>(16 * 32, 0xEE);
        uint64_t dl[16], sl[16];
        for (int i = 0; i < 16; ++i) {
            sl[i] = bs[i * 32].GetPhyAddr();
            dl[i] = bd[i * 32].GetPhyAddr();
        }
        TransDataTo5HD<uint8_t>(dl, sl, TransDataTo5HDParams(false, true, 1, 0, 0));
        bout = Read(bd, 16 * 32);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int j = 0; j < 8; ++j)
        for (int i = 0; i < 16; ++i) {
            const float expect = src[8 + i * 8 + j];  // source block i + 1, element j
            ASSERT_EQ(out[8 + (2 * j + i / 8) * 8 + i % 8], expect) << j << " " << i;
        }
    for (int e = 0; e < 8; ++e) ASSERT_EQ(out[e], 0.0f);  // destination also shifted by one block
    for (int j = 0; j < 16; ++j)
        for (int i = 0; i < 16; ++i) {
            ASSERT_EQ(bout[j * 32 + i], bsrc[i * 32 + 16 + j]) << j << " " << i;
            ASSERT_EQ(bout[j * 32 + 16 + i], 0xEE);
        }
}

TEST(VecTransData5HD, AddressListsInUnifiedBuffer) {
    std::vector<int16_t> m(256);
    for (int i = 0; i < 256; ++i) m[i] = int16_t(i * 3);
    std::vector<int16_t> out;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        Ub ub(pipe);
        auto s = ub.New(m), d = ub.Filled<int16_t>(256, 0);
        auto dl = ub.New<uint64_t>(16), sl = ub.New<uint64_t>(16);
        for (int i = 0; i < 16; ++i) {
            dl.SetValue(i, d[i * 16].GetPhyAddr());
            sl.SetValue(i, s[i * 16].GetPhyAddr());
        }
        TransDataTo5HD<int16_t>(dl, sl, TransDataTo5HDParams(false, false, 1, 0, 0));
        out = Read(d, 256);
    });
    ASSERT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) ASSERT_EQ(out[j * 16 + i], m[i * 16 + j]);
}
