// LoadData 3D (Load3D v2, img2col) on an AIC core: the img2col matrix of an NC1HWC0 feature map
// with padding, stride, dilation and filter taps; its block written as Zz into L0A, as the Zz of
// its transpose (enTranspose) into L0A, as Zn into L0B; the registers (SetFmatrix,
// SetLoadDataPaddingValue, SetLoadDataRepeat, SetLoadDataBoundary); and the misuses the checker
// reports. The expectations come from reference loops written here from the API page.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::RunKernel;

namespace {

akg::test::KernelRun RunCube(std::function<void()> body) { return RunKernel(1, std::move(body), 0, true, AIC); }

// A feature map (N = 1, C channels, H x W) stored NC1HWC0 and the img2col geometry of one load.
struct Conv {
    uint32_t c, h, w, c0;
    uint32_t fh = 1, fw = 1, sh = 1, sw = 1, dh = 1, dw = 1;
    uint32_t padL = 0, padR = 0, padT = 0, padB = 0;
    uint32_t Hout() const { return (h + padT + padB - ((fh - 1) * dh + 1)) / sh + 1; }
    uint32_t Wout() const { return (w + padL + padR - ((fw - 1) * dw + 1)) / sw + 1; }
    uint32_t Rows() const { return Hout() * Wout(); }
    uint32_t Cols() const { return c * fh * fw; }
    size_t MapIndex(uint32_t ch, uint32_t y, uint32_t x) const {
        return ((size_t(ch / c0) * h + y) * w + x) * c0 + ch % c0;
    }
};

// The img2col matrix, row by row: the filter slides along W first, then H; each row holds, per
// channel block, the filter taps in (kh, kw) order, each tap C0 channels.
template <typename T>
std::vector<std::vector<T>> Img2Col(const Conv& g, const T* map, T pad) {
    std::vector<std::vector<T>> rows;
    for (uint32_t oy = 0; oy < g.Hout(); ++oy)
        for (uint32_t ox = 0; ox < g.Wout(); ++ox) {
            std::vector<T> row;
            for (uint32_t cb = 0; cb < g.c / g.c0; ++cb)
                for (uint32_t ky = 0; ky < g.fh; ++ky)
                    for (uint32_t kx = 0; kx < g.fw; ++kx)
                        for (uint32_t cc = 0; cc < g.c0; ++cc) {
                            const int y = int(oy * g.sh + ky * g.dh) - int(g.padT);
                            const int x = int(ox * g.sw + kx * g.dw) - int(g.padL);
                            const bool inside = y >= 0 && y < int(g.h) && x >= 0 && x < int(g.w);
                            row.push_back(inside ? map[g.MapIndex(cb * g.c0 + cc, uint32_t(y), uint32_t(x))] : pad);
                        }
            rows.push_back(row);
        }
    return rows;
}

template <typename T>
LoadData3DParamsV2<T> ParamsFor(const Conv& g, uint16_t mStart, uint16_t mExt, uint16_t kStart, uint16_t kExt,
                                T pad) {
    LoadData3DParamsV2<T> p;
    p.padList[0] = uint8_t(g.padL);
    p.padList[1] = uint8_t(g.padR);
    p.padList[2] = uint8_t(g.padT);
    p.padList[3] = uint8_t(g.padB);
    p.l1H = uint16_t(g.h);
    p.l1W = uint16_t(g.w);
    p.channelSize = uint16_t(g.c);
    p.mStartPt = mStart;
    p.mExtension = mExt;
    p.kStartPt = kStart;
    p.kExtension = kExt;
    p.strideH = uint8_t(g.sh);
    p.strideW = uint8_t(g.sw);
    p.filterH = uint8_t(g.fh);
    p.filterW = uint8_t(g.fw);
    p.dilationFilterH = uint8_t(g.dh);
    p.dilationFilterW = uint8_t(g.dw);
    p.padValue = pad;
    return p;
}

// Runs one L1 -> L0 load of `map` (copied to L1 first) and returns the L0 buffer's contents,
// which start as `fill`. `setup` runs on the core before the load (register setters).
template <typename T, TPosition L1Pos, TPosition L0Pos, const IsResetLoad3dConfig& cfg = IS_RESER_LOAD3D_DEFAULT_CONFIG>
std::vector<T> Load(const std::vector<T>& map, const LoadData3DParamsV2<T>& p, T fill, akg::test::KernelRun& run,
                    std::function<void()> setup = [] {}) {
    GmBuffer<T> g(map.size(), "map");
    std::memcpy(static_cast<void*>(g.data), map.data(), map.size() * sizeof(T));
    const size_t l0Elems = 8192 / sizeof(T);
    std::vector<T> out(l0Elems);
    run = RunCube([&] {
        TPipe pipe;
        TBuf<L1Pos> l1;
        TBuf<L0Pos> l0;
        pipe.InitBuffer(l1, uint32_t(map.size() * sizeof(T) + 31) / 32 * 32);
        pipe.InitBuffer(l0, 8192);
        GlobalTensor<T> gt;
        gt.SetGlobalBuffer((__gm__ T*)g.addr(), g.n);
        LocalTensor<T> a = l1.template Get<T>(), b = l0.template Get<T>();
        DataCopy(a, gt, uint32_t(map.size()));
        for (size_t i = 0; i < l0Elems; ++i) b.Data()[i] = fill;  // host-side fill, outside the checks
        setup();
        LoadData<T, cfg>(b, a, p);
        std::memcpy(static_cast<void*>(out.data()), b.Data(), out.size() * sizeof(T));
    });
    return out;
}

template <typename T>
std::vector<T> FillPattern(size_t n, int mod) {
    std::vector<T> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = T(float(int(i % mod) - mod / 2));
    return v;
}

}  // namespace

// A convolution's img2col into L0A (Zz, 16 x 16 half fractals): 3 x 2 filter, stride 2 x 1,
// dilation 1 x 2, padding left 1 / top 2 / bottom 1 filled with padValue, a block of 15 rows
// (the last, partial fractal row) and columns 32..95 (channel block 0, taps 2..5).
TEST(CubeLoad3D, ConvImg2ColIntoL0AWithPaddingStrideDilation) {
    akg::test::GmScope scope;
    Conv g{32, 5, 6, 16};
    g.fh = 3, g.fw = 2, g.sh = 2, g.sw = 1, g.dh = 1, g.dw = 2, g.padL = 1, g.padT = 2, g.padB = 1;
    ASSERT_EQ(g.Rows(), 15u);  // 3 x 5 filter positions
    const auto map = FillPattern<half>(size_t(2) * 5 * 6 * 16, 61);
    const half pad = half(-100.0f), fill = half(77.0f);
    akg::test::KernelRun run;
    auto out = Load<half, TPosition::A1, TPosition::A2>(map, ParamsFor(g, 0, 15, 32, 64, pad), fill, run);
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto I = Img2Col(g, map.data(), pad);
    // Zz: one fractal row (rows 0..15) of four 16 x 16 fractals; row 15 is outside the block.
    for (uint32_t kb = 0; kb < 4; ++kb)
        for (uint32_t r = 0; r < 16; ++r)
            for (uint32_t c = 0; c < 16; ++c) {
                const float got = float(out[kb * 256 + r * 16 + c]);
                const float want = r < 15 ? float(I[r][32 + kb * 16 + c]) : 77.0f;
                ASSERT_EQ(got, want) << kb << "," << r << "," << c;
            }
    // The padding really shows: row 0 starts above and left of the map.
    EXPECT_EQ(float(I[0][0]), -100.0f);
}

// The 2D use of the samples (a 1 x 1 filter over l1H = 1, l1W = m, C = k reads an NZ matrix):
// enTranspose writes the Zz of the transposed block, for half (16 x 16) and float (16 x 8
// fractals, rows padded to 16 and columns to 8).
TEST(CubeLoad3D, TransposedIntoL0AForHalfAndFloat) {
    akg::test::GmScope scope;
    {
        Conv g{32, 1, 48, 16};  // img2col: 48 rows x 32 columns
        const auto map = FillPattern<half>(size_t(2) * 48 * 16, 97);
        auto p = ParamsFor(g, 0, 48, 0, 32, half(0.0f));
        p.enTranspose = true;
        akg::test::KernelRun run;
        auto out = Load<half, TPosition::A1, TPosition::A2>(map, p, half(5.0f), run);
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        const auto I = Img2Col(g, map.data(), half(0.0f));
        // B = I^T is 32 x 48: fractals (row block of 16, column block of 16), row blocks outermost.
        for (uint32_t rb = 0; rb < 2; ++rb)
            for (uint32_t cb = 0; cb < 3; ++cb)
                for (uint32_t r = 0; r < 16; ++r)
                    for (uint32_t c = 0; c < 16; ++c)
                        ASSERT_EQ(float(out[(rb * 3 + cb) * 256 + r * 16 + c]), float(I[cb * 16 + c][rb * 16 + r]))
                            << rb << cb << "," << r << "," << c;
    }
    {
        Conv g{24, 1, 32, 8};  // float: C0 = 8; img2col 32 rows x 24 columns
        const auto map = FillPattern<float>(size_t(3) * 32 * 8, 113);
        auto p = ParamsFor(g, 0, 32, 0, 24, 0.0f);
        p.enTranspose = true;
        akg::test::KernelRun run;
        auto out = Load<float, TPosition::A1, TPosition::A2>(map, p, 5.0f, run);
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        const auto I = Img2Col(g, map.data(), 0.0f);
        // B = I^T is 24 x 32, padded to 32 rows: 2 row blocks of 16 x 4 column blocks of 8;
        // rows 24..31 of the second row block are not written.
        for (uint32_t rb = 0; rb < 2; ++rb)
            for (uint32_t cb = 0; cb < 4; ++cb)
                for (uint32_t r = 0; r < 16; ++r)
                    for (uint32_t c = 0; c < 8; ++c) {
                        const uint32_t row = rb * 16 + r, col = cb * 8 + c;
                        const float want = row < 24 ? I[col][row] : 5.0f;
                        ASSERT_EQ(out[(rb * 4 + cb) * 128 + r * 8 + c], want) << row << "," << col;
                    }
    }
}

// Into L0B the block is always laid out as Mmad's right matrix (Zn, its K along the img2col
// rows): a 2 x 2 filter for half, and float with K0 = 8.
TEST(CubeLoad3D, IntoL0BAsZnForHalfAndFloat) {
    akg::test::GmScope scope;
    {
        Conv g{16, 5, 5, 16};
        g.fh = 2, g.fw = 2;  // 4 x 4 positions = 16 rows, 64 columns
        const auto map = FillPattern<half>(size_t(5) * 5 * 16, 71);
        akg::test::KernelRun run;
        auto out = Load<half, TPosition::B1, TPosition::B2>(map, ParamsFor(g, 0, 16, 16, 32, half(0.0f)),
                                                            half(5.0f), run);
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        const auto I = Img2Col(g, map.data(), half(0.0f));
        // Zn of the 16 x 32 block: one K block (rows) by two N blocks (columns), each fractal
        // column-major (16 columns of 16).
        for (uint32_t nb = 0; nb < 2; ++nb)
            for (uint32_t col = 0; col < 16; ++col)
                for (uint32_t row = 0; row < 16; ++row)
                    ASSERT_EQ(float(out[nb * 256 + col * 16 + row]), float(I[row][16 + nb * 16 + col]))
                        << nb << "," << row << "," << col;
    }
    {
        Conv g{16, 1, 24, 8};  // 24 rows x 16 columns
        const auto map = FillPattern<float>(size_t(2) * 24 * 8, 89);
        akg::test::KernelRun run;
        auto out = Load<float, TPosition::B1, TPosition::B2>(map, ParamsFor(g, 0, 24, 0, 16, 0.0f), 5.0f, run);
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        const auto I = Img2Col(g, map.data(), 0.0f);
        // Zn with K0 = 8: three K blocks of 8 rows, one N block of 16 columns, each fractal 16 x 8.
        for (uint32_t kb = 0; kb < 3; ++kb)
            for (uint32_t col = 0; col < 16; ++col)
                for (uint32_t row = 0; row < 8; ++row)
                    ASSERT_EQ(out[kb * 128 + col * 8 + row], I[kb * 8 + row][col]) << kb << "," << row << "," << col;
    }
}

// The registers: with IsResetLoad3dConfig {false, false} the feature map comes from SetFmatrix
// and the padding value from SetLoadDataPaddingValue, not from the parameters.
constexpr IsResetLoad3dConfig kFromRegisters = {false, false};
TEST(CubeLoad3D, FeatureMapAndPaddingFromRegisters) {
    akg::test::GmScope scope;
    Conv g{16, 4, 4, 16};
    g.fh = 3, g.fw = 3, g.padL = 1, g.padR = 1, g.padT = 1, g.padB = 1;  // 16 rows x 144 columns
    const auto map = FillPattern<half>(size_t(4) * 4 * 16, 53);
    auto p = ParamsFor(g, 0, 16, 0, 48, half(1.0f));
    p.l1H = 9;  // ignored: the register says 4 x 4
    p.padList[0] = 0;
    akg::test::KernelRun run;
    auto out = Load<half, TPosition::A1, TPosition::A2, kFromRegisters>(map, p, half(5.0f), run, [] {
        const uint8_t pads[PAD_SIZE] = {1, 1, 1, 1};
        SetFmatrix(4, 4, pads, FmatrixMode::FMATRIX_LEFT);
        SetLoadDataPaddingValue(half(-2.0f));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    const auto I = Img2Col(g, map.data(), half(-2.0f));
    for (uint32_t kb = 0; kb < 3; ++kb)
        for (uint32_t r = 0; r < 16; ++r)
            for (uint32_t c = 0; c < 16; ++c)
                ASSERT_EQ(float(out[kb * 256 + r * 16 + c]), float(I[r][kb * 16 + c])) << kb << "," << r << "," << c;
}

// LoadData3DParamsV2Pro packs the block and the filter into two words and always reads the
// feature map and padding value from the registers: the same load as above.
TEST(CubeLoad3D, ProFormPacksBlockAndFilter) {
    akg::test::GmScope scope;
    Conv g{16, 4, 4, 16};
    g.fh = 3, g.fw = 3, g.sh = 2, g.dh = 2, g.padL = 1, g.padR = 1, g.padT = 2, g.padB = 2;  // Hout 2, Wout 4
    const auto map = FillPattern<half>(size_t(4) * 4 * 16, 53);
    GmBuffer<half> gm(map.size(), "map");
    std::memcpy(static_cast<void*>(gm.data), map.data(), map.size() * sizeof(half));
    std::vector<half> out(4 * 256);
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> l1;
        TBuf<TPosition::A2> l0;
        pipe.InitBuffer(l1, uint32_t(map.size() * sizeof(half)));
        pipe.InitBuffer(l0, 4 * 512);
        GlobalTensor<half> gt;
        gt.SetGlobalBuffer((__gm__ half*)gm.addr(), gm.n);
        LocalTensor<half> a = l1.Get<half>(), b = l0.Get<half>();
        DataCopy(a, gt, uint32_t(map.size()));
        const uint8_t pads[PAD_SIZE] = {1, 1, 2, 2};
        SetFmatrix(4, 4, pads, FmatrixMode::FMATRIX_LEFT);
        SetLoadDataPaddingValue(half(-7.0f));
        LoadData3DParamsV2Pro p;
        p.channelSize = 16;
        // rows 0..7 (all 8: the block reaches the last row), columns 32..95
        p.extConfig = (uint64_t(0) << 48) | (uint64_t(32) << 32) | (uint64_t(8) << 16) | 64;
        p.filterConfig = (uint64_t(2) << 40) | (uint64_t(1) << 32) | (uint64_t(3) << 24) | (uint64_t(3) << 16) |
                         (uint64_t(2) << 8) | 1;  // dilation H 2, W 1; filter 3 x 3; stride H 2, W 1
        LoadData(b, a, p);
        std::memcpy(static_cast<void*>(out.data()), b.Data(), out.size() * sizeof(half));
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ASSERT_EQ(g.Rows(), 8u);
    const auto I = Img2Col(g, map.data(), half(-7.0f));
    for (uint32_t kb = 0; kb < 4; ++kb)
        for (uint32_t r = 0; r < 8; ++r)
            for (uint32_t c = 0; c < 16; ++c)
                ASSERT_EQ(float(out[kb * 256 + r * 16 + c]), float(I[r][32 + kb * 16 + c])) << kb << "," << r << "," << c;
}

// SetLoadDataRepeat: iterations along M (16-row units) or K (C0 units) form one larger block.
TEST(CubeLoad3D, RepeatAlongMAndK) {
    akg::test::GmScope scope;
    Conv g{64, 1, 64, 16};  // 64 rows x 64 columns
    const auto map = FillPattern<half>(size_t(4) * 64 * 16, 127);
    const auto I = Img2Col(g, map.data(), half(0.0f));
    {
        akg::test::KernelRun run;  // rows 0..15 and 32..47 (stride 2), columns 16..47
        auto out = Load<half, TPosition::A1, TPosition::A2>(map, ParamsFor(g, 0, 16, 16, 32, half(0.0f)), half(5.0f),
                                                            run, [] { SetLoadDataRepeat(LoadDataRepeatParam(2, 2, 0)); });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (uint32_t mb = 0; mb < 2; ++mb)
            for (uint32_t kb = 0; kb < 2; ++kb)
                for (uint32_t r = 0; r < 16; ++r)
                    for (uint32_t c = 0; c < 16; ++c)
                        ASSERT_EQ(float(out[(mb * 2 + kb) * 256 + r * 16 + c]), float(I[mb * 32 + r][16 + kb * 16 + c]))
                            << mb << kb << "," << r << "," << c;
    }
    {
        akg::test::KernelRun run;  // rows 16..31; columns 0..15 and 32..47 (stride 2 x C0)
        auto out = Load<half, TPosition::A1, TPosition::A2>(map, ParamsFor(g, 16, 16, 0, 16, half(0.0f)), half(5.0f),
                                                            run, [] { SetLoadDataRepeat(LoadDataRepeatParam(2, 2, 1)); });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        for (uint32_t kb = 0; kb < 2; ++kb)  // one fractal row of two fractals: columns 0..15, 32..47
            for (uint32_t r = 0; r < 16; ++r)
                for (uint32_t c = 0; c < 16; ++c)
                    ASSERT_EQ(float(out[kb * 256 + r * 16 + c]), float(I[16 + r][kb * 32 + c])) << kb << "," << r << "," << c;
    }
}

// SetLoadDataBoundary: source bytes at or past the boundary are read from the start of L1.
TEST(CubeLoad3D, BoundaryWrapsToTheStartOfL1) {
    akg::test::GmScope scope;
    GmBuffer<half> g(1024, "l1image");
    for (size_t i = 0; i < g.n; ++i) g[i] = half(float(i % 1000));
    std::vector<half> out(256);
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> l1;
        TBuf<TPosition::A2> l0;
        pipe.InitBuffer(l1, 2048);
        pipe.InitBuffer(l0, 512);
        GlobalTensor<half> gt;
        gt.SetGlobalBuffer((__gm__ half*)g.addr(), g.n);
        LocalTensor<half> a = l1.Get<half>();
        DataCopy(a, gt, 1024);
        SetLoadDataBoundary(1280);  // the map starts at byte 1024: its second 256 bytes wrap to 0
        Conv c{16, 1, 16, 16};
        LoadData(l0.Get<half>(), a[512], ParamsFor(c, 0, 16, 0, 16, half(0.0f)));
        std::memcpy(static_cast<void*>(out.data()), l0.Get<half>().Data(), 512);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 16; ++c) {
            const uint32_t byteOff = 1024 + (r * 16 + c) * 2;
            const uint32_t from = (byteOff >= 1280 ? byteOff - 1280 : byteOff) / 2;
            ASSERT_EQ(float(out[r * 16 + c]), float(g[from])) << r << "," << c;
        }
}

// ---- misuse the checker reports ----

TEST(CubeLoad3DDiagnostics, ParameterRangesAndUnsupportedForms) {
    akg::test::GmScope scope;
    struct Case {
        const char* code;
        std::function<void(LocalTensor<half>, LocalTensor<half>, LocalTensor<half>)> call;
    };
    Conv g{32, 1, 16, 16};
    const std::vector<Case> cases = {
        {"CUBE_PARAM_RANGE",  // kStartPt must be a multiple of C0
         [&](auto a2, auto, auto a1) { LoadData(a2, a1, ParamsFor(g, 0, 16, 8, 16, half(0.0f))); }},
        {"CUBE_PARAM_RANGE",  // past the img2col matrix's 32 columns
         [&](auto a2, auto, auto a1) { LoadData(a2, a1, ParamsFor(g, 0, 16, 16, 32, half(0.0f))); }},
        {"CUBE_PARAM_RANGE",  // kExtension not a multiple of C0 in the middle of the matrix
         [&](auto a2, auto, auto a1) { LoadData(a2, a1, ParamsFor(g, 0, 16, 0, 8, half(0.0f))); }},
        {"CUBE_PARAM_RANGE",  // a filter larger than the padded map
         [&](auto a2, auto, auto a1) {
             auto p = ParamsFor(g, 0, 16, 0, 16, half(0.0f));
             p.filterH = 2;
             LoadData(a2, a1, p);
         }},
        {"CUBE_PARAM_RANGE",  // only the left feature-map register exists
         [&](auto, auto, auto) {
             const uint8_t pads[PAD_SIZE] = {0, 0, 0, 0};
             SetFmatrix(1, 16, pads, FmatrixMode::FMATRIX_RIGHT);
         }},
        {"CUBE_UNSUPPORTED",  // 4 channels: the small-channel packing
         [&](auto a2, auto, auto a1) {
             auto p = ParamsFor(g, 0, 16, 0, 16, half(0.0f));
             p.channelSize = 4;
             LoadData(a2, a1, p);
         }},
        {"CUBE_BAD_POSITION",  // img2col reads L1, not L0A
         [&](auto a2, auto, auto) { LoadData(a2, a2, ParamsFor(g, 0, 16, 0, 16, half(0.0f))); }},
    };
    for (const auto& c : cases) {
        auto run = RunCube([&] {
            TPipe pipe;
            TBuf<TPosition::A1> a1;
            TBuf<TPosition::A2> a2;
            TBuf<TPosition::B2> b2;
            pipe.InitBuffer(a1, 1024);
            pipe.InitBuffer(a2, 2048);
            pipe.InitBuffer(b2, 2048);
            c.call(a2.Get<half>(), b2.Get<half>(), a1.Get<half>());
        });
        EXPECT_TRUE(run.HasDiag(c.code)) << c.code << ": " << run.Codes();
        EXPECT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    }
    // 8-bit data cannot go to L0B.
    auto run = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::B1> b1;
        TBuf<TPosition::B2> b2;
        pipe.InitBuffer(b1, 1024);
        pipe.InitBuffer(b2, 1024);
        Conv c{32, 1, 16, 32};
        LoadData(b2.Get<int8_t>(), b1.Get<int8_t>(), ParamsFor(c, 0, 16, 0, 32, int8_t(0)));
    });
    EXPECT_TRUE(run.HasDiag("CUBE_PARAM_RANGE")) << run.Codes();
    // The same loads in range report nothing.
    auto clean = RunCube([&] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 1024);
        pipe.InitBuffer(a2, 2048);
        LoadData(a2.Get<half>(), a1.Get<half>(), ParamsFor(g, 0, 16, 16, 16, half(0.0f)));
    });
    EXPECT_TRUE(clean.result.diagnostics.empty()) << clean.Codes();
}
