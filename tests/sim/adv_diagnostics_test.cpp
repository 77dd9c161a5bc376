// The diagnostic of the high-level element-wise APIs, ADV_TMP_BUFFER_SMALL: the negative test of
// the catalog (in the Diagnostics suite, like every code's), then its edges: the documented
// minimum is enough, isReuseSource lowers it for float Sin/Cos/Exp/Lgamma/Digamma, Power's
// minimum depends on the form and type, and the forms without a sharedTmpBuffer need that much
// unallocated UB.
// Built like a kernel (no sibling calls), so that the reported location is the calling line.
#pragma GCC optimize("no-optimize-sibling-calls")

#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"
#include "sim/runtime.h"

using namespace AscendC;
using akg::test::KernelRun;
using akg::test::RunKernel;

#define MARK(var) var = __LINE__

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Exactly one diagnostic, `code`, located at `line` of this file, non-fatal as the catalog says.
void ExpectOnly(const KernelRun& run, const std::string& code, int line) {
    const akg::sim::DiagnosticInfo* info = akg::sim::FindDiagnostic(code);
    ASSERT_NE(info, nullptr) << code << " is not in the catalog";
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    const auto& d = run.result.diagnostics[0];
    EXPECT_EQ(d.code, code) << run.Codes();
    EXPECT_EQ(d.category, info->category);
    EXPECT_TRUE(EndsWith(d.location, "adv_diagnostics_test.cpp:" + std::to_string(line)))
        << "location '" << d.location << "', want line " << line;
    EXPECT_FALSE(d.message.empty());
    EXPECT_EQ(run.result.completed, !info->fatal);
}

void ExpectClean(const KernelRun& run) {
    EXPECT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
}

template <typename K>
void CheckRule(const std::string& code, K kernel) {
    int line = 0;
    KernelRun bad = RunKernel(1, [&] { kernel(true, &line); });
    ASSERT_NE(line, 0) << "the kernel never reached the offending line";
    ExpectOnly(bad, code, line);
    int unused = 0;
    KernelRun good = RunKernel(1, [&] { kernel(false, &unused); });
    ExpectClean(good);
}

}  // namespace

// The catalog's negative test: Erf<float> documents 3 * 256 bytes of temporary space.
TEST(Diagnostics, ADV_TMP_BUFFER_SMALL) {
    CheckRule("ADV_TMP_BUFFER_SMALL", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, t;
        pipe.InitBuffer(s, 1024 * 4);
        pipe.InitBuffer(d, 1024 * 4);
        pipe.InitBuffer(t, 768);
        auto src = s.Get<float>();
        Duplicate(src, 0.5f, 1024);
        MARK(*line); Erf(d.Get<float>(), src, t.Get<uint8_t>(bad ? 512 : 768), 1024);
    });
}

// The forms without a sharedTmpBuffer take the space from the end of UB: allocating all of it
// leaves Tanh<half> (4 * 256 bytes) nothing.
TEST(AdvDiagnostics, FrameworkTmpNeedsUnallocatedUb) {
    CheckRule("ADV_TMP_BUFFER_SMALL", [](bool bad, int* line) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> s, d, rest;
        pipe.InitBuffer(s, 256 * 2);
        pipe.InitBuffer(d, 256 * 2);
        const uint32_t cap = akg::sim::MemCapacity(akg::sim::Mem::UB);
        pipe.InitBuffer(rest, cap - 1024 - (bad ? 512 : 1024));
        auto src = s.Get<half>();
        Duplicate(src, half(0.5f), 256);
        MARK(*line); Tanh(d.Get<half>(), src, 256);
    });
}

// The documented minimum is enough, whatever the element count.
TEST(AdvDiagnostics, DocumentedMinimumIsEnough) {
    struct Case {
        const char* name;
        uint32_t minBytes;
        std::function<void(const LocalTensor<uint8_t>&)> call;
    };
    for (bool shrink : {false, true}) {
        KernelRun run = RunKernel(1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> a, b, c, t;
            pipe.InitBuffer(a, 4096 * 4);
            pipe.InitBuffer(b, 4096 * 4);
            pipe.InitBuffer(c, 4096 * 4);
            pipe.InitBuffer(t, 8192);
            auto hf = a.Get<half>(), hd = b.Get<half>(), h1 = c.Get<half>();
            auto ff = a.Get<float>(), fd = b.Get<float>(), f1 = c.Get<float>();
            auto ii = a.Get<int32_t>(), id = b.Get<int32_t>();
            Duplicate(ff, 0.5f, 4096);
            auto T = [&](uint32_t bytes) { return t.Get<uint8_t>(shrink ? bytes - 32 : bytes); };
            Tanh(hd, hf, T(4 * 256), 4096);
            Tanh(fd, ff, T(256), 4096);
            Sigmoid(fd, ff, T(256), 4096);
            Erfc(hd, hf, T(16 * 256), 2048);
            Sin<float, true>(fd, ff, T(2 * 256), 4096);  // isReuseSource: 2 temporaries instead of 3
            Cos(fd, ff, T(3 * 256), 4096);
            Exp<float, 8, true>(fd, ff, T(2 * 256), 4096);
            Lgamma<half>(hd, hf, T(26 * 256), 100);
            LocalTensor<uint8_t> digammaTmp = T(6 * 256);  // Digamma takes a non-const reference
            Digamma<float, true>(fd, ff, digammaTmp, 100);
            Sign(fd, ff, T(3 * 256), 4096);
            Round(hd, hf, T(256), 4096);
            Fmod(hd, hf, h1, T(8 * 256), 4096);
            ClampMax(hd, hf, T(128), half(1.0f), 4096);
            Xor(b.Get<int16_t>(), a.Get<int16_t>(), c.Get<int16_t>(), T(256), 4096);
            Power(fd, ff, f1, T(4 * 256 + 256), 4096);       // tensor^tensor float
            Power(fd, ff, 2.0f, T(5 * 256 + 256), 4096);     // tensor^scalar float
            Power(hd, half(2.0f), hf, T(14 * 128 + 256), 4096);  // scalar^tensor half
            Power(id, ii, 3, T(7 * 256), 4096);              // tensor^scalar int32_t
            Gelu(fd, ff, T(768), 4096);
            GeGLU(hd, hf, h1, T(4 * 256), 4096);
            SwiGLU(hd, hf, h1, 1.0f, T(6 * 256), 4096);
            ReGlu(fd, ff, f1, T(256), 4096);
            Axpy<float, half>(fd, hf, half(2.0f), T(4 * 256), 4096);
        });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        if (!shrink) {
            ExpectClean(run);
        } else {
            // One byte block less than the minimum: every call above reports it.
            size_t n = 0;
            for (auto& d : run.result.diagnostics) n += d.code == "ADV_TMP_BUFFER_SMALL";
            EXPECT_EQ(n, 23u) << run.Codes();
        }
    }
}

// APIs that need no temporary space accept an empty buffer and never look at UB's free space.
TEST(AdvDiagnostics, NoTemporarySpaceNeeded) {
    KernelRun run = RunKernel(1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, rest;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        pipe.InitBuffer(rest, akg::sim::MemCapacity(akg::sim::Mem::UB) - 2048);
        auto x = a.Get<float>(), y = b.Get<float>();
        Duplicate(x, 2.0f, 256);
        Log(y, x, 256);
        Log10(y, x);
        Silu(y, x, 256);
        Swish(y, x, 256, 1.0f);
        Floor(y, x, a.Get<uint8_t>(0), 256);  // float Floor: no temporaries
        Log2(y, x, 256);
    });
    ExpectClean(run);
}
