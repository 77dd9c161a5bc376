// The Matmul library (lib/matmul_intf.h) against a reference loop in double precision: every
// input type with its output types, A / B transposed, bias, M / N / K that are not multiples of
// the base block, K split over L1 loads, A from UB, Iterate + GetTensorC to GM and to UB,
// IterateAll with atomic add, two cores; the instructions it records; and the misuses the
// checker must report.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "kernel_harness.h"
#include "lib/matmul_intf.h"
#include "matmul_test_util.h"

namespace {

using namespace AscendC;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::HandTiling;
using akg::test::RunKernel;

// Deterministic small values, exactly representable in every input type.
double Value(size_t i, int salt) { return double(int((i * 7 + salt * 13) % 9) - 4) / (salt % 2 ? 4.0 : 2.0); }

template <typename T>
void Fill(GmBuffer<T>& b, int salt) {
    for (size_t i = 0; i < b.n; ++i) b[i] = T(float(Value(i, salt)));
}

// C = A * B (+ bias) in double from the stored matrices.
template <typename A, typename B, typename Bias>
std::vector<double> Reference(GmBuffer<A>& a, GmBuffer<B>& b, GmBuffer<Bias>* bias, int m, int n, int k, bool ta,
                              bool tb) {
    std::vector<double> c(size_t(m) * n);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double s = bias ? double(float((*bias)[j])) : 0.0;
            for (int x = 0; x < k; ++x)
                s += double(float(ta ? a[size_t(x) * m + i] : a[size_t(i) * k + x])) *
                     double(float(tb ? b[size_t(j) * k + x] : b[size_t(x) * n + j]));
            c[size_t(i) * n + j] = s;
        }
    return c;
}

// Tolerance of one output element: what rounding the result to C's type may cost.
template <typename C>
double Tolerance(double expected) {
    if constexpr (std::is_same_v<C, half>) return 1e-3 * std::fabs(expected) + 1e-3;
    else if constexpr (std::is_same_v<C, bfloat16_t>) return 8e-3 * std::fabs(expected) + 1e-2;
    else if constexpr (std::is_same_v<C, float>) return 1e-5 * std::fabs(expected) + 1e-5;
    else return 0;
}

template <typename C>
void ExpectMatches(GmBuffer<C>& c, const std::vector<double>& ref, const std::string& what) {
    int bad = 0;
    for (size_t i = 0; i < ref.size() && bad < 5; ++i) {
        const double got = double(float(c[i]));
        if (std::fabs(got - ref[i]) > Tolerance<C>(ref[i])) {
            ADD_FAILURE() << what << ": C[" << i << "] = " << got << ", expected " << ref[i];
            ++bad;
        }
    }
}

// One configuration of the matrix: IterateAll to GM on one core.
template <typename A, typename C, typename Bias, bool TA, bool TB>
void CheckIterateAll(int m, int n, int k, int baseM, int baseN, int baseK, int stepK, bool withBias) {
    GmScope scope;
    GmBuffer<A> a(size_t(m) * k, "a"), b(size_t(k) * n, "b");
    GmBuffer<Bias> bias(n, "bias");
    GmBuffer<C> c(size_t(m) * n, "c");
    Fill(a, 1);
    Fill(b, 2);
    Fill(bias, 3);
    const TCubeTiling tiling = HandTiling(m, n, k, baseM, baseN, baseK, stepK, withBias);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<A> ga, gb;
        GlobalTensor<Bias> gbias;
        GlobalTensor<C> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ A*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ A*>(b.addr()), b.n);
        gbias.SetGlobalBuffer(reinterpret_cast<__gm__ Bias*>(bias.addr()), bias.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ C*>(c.addr()), c.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, A, TA>, MatmulType<TPosition::GM, CubeFormat::ND, A, TB>,
                       MatmulType<TPosition::GM, CubeFormat::ND, C>, MatmulType<TPosition::GM, CubeFormat::ND, Bias>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(ga, TA);
        mm.SetTensorB(gb, TB);
        if (withBias) mm.SetBias(gbias);
        mm.IterateAll(gc);
        mm.End();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ExpectMatches(c, Reference(a, b, withBias ? &bias : nullptr, m, n, k, TA, TB),
                  "M=" + std::to_string(m) + " N=" + std::to_string(n) + " K=" + std::to_string(k) +
                      " transA=" + std::to_string(TA) + " transB=" + std::to_string(TB) + " bias=" +
                      std::to_string(withBias));
}

// M, N, K with tails in every dimension (37 = 32 + 5, 50 = 32 + 18, 70 = 2 * 32 + 6).
constexpr int kM = 37, kN = 50, kK = 70;

TEST(Matmul, HalfToFloatEveryTranspositionWithAndWithoutBias) {
    CheckIterateAll<half, float, float, false, false>(kM, kN, kK, 32, 32, 32, 3, false);
    CheckIterateAll<half, float, float, false, true>(kM, kN, kK, 32, 32, 32, 3, true);
    CheckIterateAll<half, float, float, true, false>(kM, kN, kK, 32, 32, 32, 3, true);
    CheckIterateAll<half, float, float, true, true>(kM, kN, kK, 32, 32, 32, 3, false);
}

TEST(Matmul, KSplitOverSeveralL1Loads) {
    // stepK 1: every K block is its own L1 load; the sum still runs over the whole K.
    CheckIterateAll<half, float, float, false, false>(kM, kN, kK, 16, 16, 16, 1, true);
    CheckIterateAll<half, float, float, true, true>(kM, kN, kK, 16, 16, 16, 2, false);
}

TEST(Matmul, OtherInputAndOutputTypes) {
    CheckIterateAll<half, half, half, false, true>(kM, kN, kK, 32, 32, 32, 3, true);
    CheckIterateAll<bfloat16_t, float, float, false, false>(kM, kN, kK, 32, 32, 32, 3, true);
    CheckIterateAll<bfloat16_t, bfloat16_t, float, true, false>(kM, kN, kK, 32, 32, 32, 3, false);
    CheckIterateAll<float, float, float, false, true>(kM, kN, kK, 32, 32, 16, 5, true);
    CheckIterateAll<int8_t, int32_t, int32_t, false, false>(kM, kN, kK, 32, 32, 32, 3, true);
}

TEST(Matmul, IterateGetTensorCToGmAndUbAndAtomicIterateAll) {
    GmScope scope;
    const int m = 40, n = 24, k = 20;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> viaGm(m * n, "viaGm"), viaUb(m * n, "viaUb"), atomic(m * n, "atomic");
    Fill(a, 5);
    Fill(b, 6);
    for (size_t i = 0; i < atomic.n; ++i) atomic[i] = 1.0f;
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 16, 16, 2, false);
    int blocks = 0;
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> g1, g2, g3;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        g1.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(viaGm.addr()), viaGm.n);
        g2.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(viaUb.addr()), viaUb.n);
        g3.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(atomic.addr()), atomic.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::VECIN, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        TBuf<TPosition::VECIN> ub;
        pipe.InitBuffer(ub, 16 * 16 * sizeof(float));
        LocalTensor<float> block = ub.Get<float>();
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        // Iterate walks M first (iterateOrder 0): block (i, j) is the cursor's i + j * 3.
        int idx = 0;
        while (mm.Iterate()) {
            mm.GetTensorC(g1);
            mm.GetTensorC(block);
            const int bi = idx % 3, bj = idx / 3;
            const int rows = bi == 2 ? 8 : 16, cols = bj == 1 ? 8 : 16;
            for (int r = 0; r < rows; ++r)
                for (int col = 0; col < cols; ++col)
                    g2.SetValue((bi * 16 + r) * n + bj * 16 + col, block.GetValue(r * 16 + col));
            ++idx;
        }
        blocks = idx;
        mm.IterateAll(g3, 1);
        mm.End();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(blocks, 6);  // ceil(40 / 16) * ceil(24 / 16)
    const auto ref = Reference<half, half, float>(a, b, nullptr, m, n, k, false, false);
    ExpectMatches(viaGm, ref, "Iterate + GetTensorC(GM)");
    ExpectMatches(viaUb, ref, "Iterate + GetTensorC(UB)");
    std::vector<double> plusOne(ref);
    for (double& v : plusOne) v += 1.0;
    ExpectMatches(atomic, plusOne, "IterateAll(enAtomic = 1)");
}

TEST(Matmul, AFromUbAndTwoCoresSplittingM) {
    GmScope scope;
    const int m = 64, n = 32, k = 48;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    Fill(a, 7);
    Fill(b, 8);
    TCubeTiling tiling = HandTiling(m, n, k, 32, 32, 16, 3, false);
    tiling.usedCoreNum = 2;
    tiling.singleCoreM = m / 2;
    auto run = RunKernel(2, [&] {
        TPipe pipe;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        const int rows = tiling.singleCoreM, row0 = GetBlockIdx() * rows;
        TQue<TPosition::VECIN, 1> inA;
        pipe.InitBuffer(inA, 1, rows * k * sizeof(half));
        LocalTensor<half> aUb = inA.AllocTensor<half>();
        DataCopy(aUb, ga[row0 * k], rows * k);
        inA.EnQue(aUb);
        aUb = inA.DeQue<half>();
        matmul::Matmul<MatmulType<TPosition::VECIN, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(aUb);
        mm.SetTensorB(gb);
        mm.IterateAll(gc[row0 * n]);
        mm.End();
        inA.FreeTensor(aUb);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ExpectMatches(c, Reference<half, half, float>(a, b, nullptr, m, n, k, false, false), "A in UB, 2 cores");
}

// In a mixed kernel CANN's vector core hands the cube work to its AIC; the simulator runs it on the
// calling core, and the checker must not take the L1 / L0 work for vector code touching cube memory.
TEST(Matmul, RunsFromTheVectorCoreOfAMixedKernel) {
    GmScope scope;
    const int m = 32, n = 32, k = 32;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    Fill(a, 3);
    Fill(b, 4);
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 16, 16, 2, false);
    auto run = RunKernel(1, [&] {
        KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
        TPipe pipe;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        mm.IterateAll(gc);
        mm.End();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ExpectMatches(c, Reference<half, half, float>(a, b, nullptr, m, n, k, false, false), "mixed kernel, AIV caller");
}

// In a mixed launch the AIC stops executing the kernel at REGIST_MATMUL_OBJ (it only serves the
// Matmul calls of its AIVs): the vector code after it runs on the two AIVs alone, with no
// CORE_TYPE_MISMATCH from the cube core.
TEST(Matmul, CubeCoreOfAMixedLaunchStopsAtRegistration) {
    GmScope scope;
    const int m = 32, n = 32, k = 32;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    Fill(a, 5);
    Fill(b, 6);
    const TCubeTiling tiling = HandTiling(m, n, k, 16, 16, 16, 2, false);
    int pastRegistration = 0;
    auto run = akg::test::RunTyped(KERNEL_TYPE_MIX_AIC_1_2, 1, [&] {
        TPipe pipe;
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        ++pastRegistration;
        TBuf<TPosition::VECCALC> scratch;
        pipe.InitBuffer(scratch, 1024);
        Duplicate(scratch.Get<float>(), 0.0f, 256);  // vector work: only an AIV may run it
        if (GetSubBlockIdx() != 0) return;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        mm.IterateAll(gc);
        mm.End();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(pastRegistration, 2);
    ExpectMatches(c, Reference<half, half, float>(a, b, nullptr, m, n, k, false, false), "mixed launch, AIV 0");
}

// Counts the library's instructions by pipe.
struct PipeCounter : akg::sim::InstrObserver {
    std::array<int, size_t(akg::sim::Pipe::COUNT)> count{};
    uint64_t cubeFractals = 0;
    void OnInstr(int, const akg::sim::Instr& in) override {
        ++count[size_t(in.pipe)];
        if (in.pipe == akg::sim::Pipe::M) cubeFractals += in.repeats;
    }
};

TEST(Matmul, RecordsL1L0TrafficAndCubeWork) {
    GmScope scope;
    const int m = 64, n = 64, k = 64;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    Fill(a, 1);
    Fill(b, 2);
    // 2 x 2 blocks of 32 x 32, K in 2 steps of 32 that both stay in L1.
    const TCubeTiling tiling = HandTiling(m, n, k, 32, 32, 32, 2, false);
    static std::function<void()> body;
    body = [&] {
        TPipe pipe;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        mm.IterateAll(gc);
    };
    akg::sim::LaunchArgs args;
    args.entry = [](void**) { body(); };
    args.blockDim = 1;
    PipeCounter counter;
    auto result = akg::sim::Launch(akg::sim::PlatformSpec{}, args, {&counter});
    ASSERT_TRUE(result.completed);
    using akg::sim::Pipe;
    // Blocks walk M first: (0,0) (1,0) (0,1) (1,1). A's panel changes every block (4 loads), B's
    // stays for two blocks in a row (2 loads).
    EXPECT_EQ(counter.count[size_t(Pipe::MTE2)], 6);
    EXPECT_EQ(counter.count[size_t(Pipe::MTE1)], 4 * 2 * 2);  // per block and K step: L0A and L0B
    EXPECT_EQ(counter.count[size_t(Pipe::M)], 4 * 2);
    EXPECT_EQ(counter.cubeFractals, uint64_t(4 * 2 * 2 * 2 * 2));  // 2 x 2 x 2 fractals per Mmad
    EXPECT_EQ(counter.count[size_t(Pipe::FIX)], 4);
}

// Iterate before SetTensorB.
TEST(Diagnostics, MATMUL_TENSOR_UNSET) {
    GmScope scope;
    GmBuffer<half> a(16 * 16, "a");
    const TCubeTiling tiling = HandTiling(16, 16, 16, 16, 16, 16, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(ga);
        mm.Iterate();
    });
    const auto* d = akg::test::FindDiag(run, "MATMUL_TENSOR_UNSET");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("SetTensorB"), std::string::npos) << d->message;
    EXPECT_NE(d->location.find("matmul_test.cpp"), std::string::npos) << d->location;
}

// REGIST_MATMUL_OBJ without a tiling and no Init before computing.
TEST(Diagnostics, MATMUL_NOT_INITIALIZED) {
    GmScope scope;
    GmBuffer<half> a(256, "a");
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm);
        mm.SetTensorA(ga);
        mm.SetTensorB(ga);
        mm.Iterate();
    });
    EXPECT_TRUE(run.HasDiag("MATMUL_NOT_INITIALIZED")) << run.Codes();
}

// A tiling nobody filled (all zero).
TEST(Diagnostics, MATMUL_TILING_INVALID) {
    const TCubeTiling zero{};
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &zero);
    });
    EXPECT_TRUE(run.HasDiag("MATMUL_TILING_INVALID")) << run.Codes();
}

// An NZ output: computed as ND it would be silently wrong, so the run stops.
TEST(Diagnostics, MATMUL_UNSUPPORTED) {
    GmScope scope;
    GmBuffer<half> a(256, "a");
    GmBuffer<float> c(256, "c");
    const TCubeTiling tiling = HandTiling(16, 16, 16, 16, 16, 16, 1, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::NZ, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(ga);
        mm.SetTensorB(ga);
        mm.IterateAll(gc);
    });
    EXPECT_TRUE(run.HasDiag("MATMUL_UNSUPPORTED")) << run.Codes();
}

TEST(MatmulMisuse, TilingLargerThanL1IsReported) {
    GmScope scope;
    const int m = 256, n = 256, k = 1024;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    // The whole K resident and double-buffered: 2 * (128 + 256) * 1024 * 2 bytes = 1.5 MiB > 512 KiB.
    const TCubeTiling tiling = HandTiling(m, n, k, 128, 256, 64, 16, false);
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        mm.IterateAll(gc);
    });
    EXPECT_TRUE(run.HasDiag("LOCAL_CAPACITY")) << run.Codes();
}

// Two objects of 128 x 128 x 128 half blocks with double-buffered L0A/L0B/L0C (FlashAttention's
// bmm1 and bmm2): each would take all of L0A, L0B and L0C, so they share them; both results are
// right.
TEST(Matmul, TwoObjectsShareL0AAndL0B) {
    GmScope scope;
    const int m = 128, n = 256, k = 256;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b"), a2(m * k, "a2"), b2(k * n, "b2");
    GmBuffer<float> c(m * n, "c"), c2(m * n, "c2");
    Fill(a, 1);
    Fill(b, 2);
    Fill(a2, 5);
    Fill(b2, 6);
    TCubeTiling tiling = HandTiling(m, n, k, 128, 128, 128, 1, false);
    tiling.dbL0C = 2;  // 2 x 64 KiB: all of L0C
    auto run = RunKernel(1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga, gb, ga2, gb2;
        GlobalTensor<float> gc, gc2;
        ga.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a.addr()), a.n);
        gb.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b.addr()), b.n);
        ga2.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a2.addr()), a2.n);
        gb2.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b2.addr()), b2.n);
        gc.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c.addr()), c.n);
        gc2.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c2.addr()), c2.n);
        using Mm = matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>,
                                  MatmulType<TPosition::GM, CubeFormat::ND, half>,
                                  MatmulType<TPosition::GM, CubeFormat::ND, float>>;
        Mm mm1, mm2;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm1, &tiling, mm2, &tiling);
        mm1.SetTensorA(ga);
        mm1.SetTensorB(gb);
        mm1.IterateAll(gc);
        mm2.SetTensorA(ga2);
        mm2.SetTensorB(gb2);
        mm2.IterateAll(gc2);
        mm1.End();
        mm2.End();
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ExpectMatches(c, Reference<half, half, float>(a, b, nullptr, m, n, k, false, false), "bmm1");
    ExpectMatches(c2, Reference<half, half, float>(a2, b2, nullptr, m, n, k, false, false), "bmm2");
}

}  // namespace

// The asc-devkit matmul samples' spelling: only `using namespace matmul`, AscendC names reached
// through it, the tiling passed by value as AscendC::tiling::TCubeTiling, each core taking its
// row block of singleCoreM.
namespace sample_style {
using namespace matmul;

void MatmulKernel(GM_ADDR a, GM_ADDR b, GM_ADDR c, AscendC::tiling::TCubeTiling tiling) {
    AscendC::TPipe pipe;
    AscendC::GlobalTensor<half> aGlobal, bGlobal;
    AscendC::GlobalTensor<float> cGlobal;
    aGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(a), tiling.M * tiling.Ka);
    bGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(b), tiling.Kb * tiling.N);
    cGlobal.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(c), tiling.M * tiling.N);
    Matmul<MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>, MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
           MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>>
        mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
    mm.SetOrgShape(tiling.M, tiling.N, tiling.Ka, tiling.Kb);
    mm.SetTensorA(aGlobal[GetBlockIdx() * tiling.singleCoreM * tiling.Ka], false);
    mm.SetTensorB(bGlobal[0], false);
    mm.IterateAll(cGlobal[GetBlockIdx() * tiling.singleCoreM * tiling.N]);
    mm.End();
}

TEST(Matmul, SampleStyleKernelOnTwoCores) {
    GmScope scope;
    const int m = 96, n = 80, k = 40;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    Fill(a, 9);
    Fill(b, 10);
    AscendC::tiling::TCubeTiling tiling = HandTiling(m, n, k, 32, 48, 16, 3, false);
    tiling.usedCoreNum = 2;
    tiling.singleCoreM = m / 2;
    auto run = RunKernel(2, [&] { MatmulKernel(a.addr(), b.addr(), c.addr(), tiling); });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    ExpectMatches(c, Reference<half, half, float>(a, b, nullptr, m, n, k, false, false), "sample style, 2 cores");
}

}  // namespace sample_style
