// The SIMT programming model of Ascend 950 (docs/simt.md). This file is compiled as the builder
// compiles a kernel for Ascend950PR (__CCE_AICORE__ 310, kernel-address instrumentation in
// callback mode; tests/CMakeLists.txt), so its VFs run exactly as a task's would.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "run/op_runner.h"
#include "sim/kernel_harness.h"
#include "simt_api/asc_simt.h"

using namespace AscendC;
using akg::test::FindDiag;
using akg::test::GmBuffer;
using akg::test::GmScope;
using akg::test::KernelRun;
using akg::test::RunOn;

namespace {

akg::PlatformSpec Soc(const std::string& name) {
    akg::PlatformSpec spec;
    std::string error;
    EXPECT_TRUE(akg::run::LoadPlatform(name, &spec, &error)) << error;
    return spec;
}

// y[i] = x[i] * scale + (block index), each core taking its share with a grid-stride loop over
// the block's threads, the shape the corpus kernels use.
__simt_vf__ __aicore__ __launch_bounds__(256) inline void ScaleVf(__gm__ float* x, __gm__ float* y, uint32_t begin,
                                                                    uint32_t count, float scale) {
    for (uint32_t i = threadIdx.x; i < count; i += blockDim.x)
        y[begin + i] = x[begin + i] * scale + static_cast<float>(blockIdx.x);
}

// Reads a[idx[i]] for a list of indices: one index past the tensor makes it read out of bounds.
__simt_vf__ __aicore__ inline void GatherVf(__gm__ float* a, __gm__ int32_t* idx, __gm__ float* out, uint32_t n) {
    for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) out[i] = a[idx[i]];
}

__simt_vf__ __aicore__ inline void StoreVf(__gm__ float* y, uint32_t at) {
    if (threadIdx.x == 0) y[at] = 1.0f;
}

// Every thread adds its index into one UB counter and one GM counter.
__simt_vf__ __aicore__ inline void AtomicVf(__ubuf__ int32_t* ub, __gm__ int32_t* gm) {
    asc_atomic_add(ub, static_cast<int32_t>(threadIdx.x));
    asc_atomic_add(gm, static_cast<int32_t>(threadIdx.x + threadIdx.y * blockDim.x));
}

struct VfCounter : akg::sim::InstrObserver {
    uint64_t vfCalls = 0, accesses = 0, gmBytes = 0;
    void OnInstr(int, const akg::sim::Instr& in) override {
        if (std::string(in.api) != "asc_vf_call") return;
        ++vfCalls;
        accesses += in.elements;
        gmBytes += in.bytes;
    }
};

TEST(Simt, ThreadsMatchAReferenceLoop) {
    GmScope scope;
    constexpr uint32_t kCores = 3, kPerCore = 1000;  // not a multiple of the 256 threads
    GmBuffer<float> x(kCores * kPerCore, "x"), y(kCores * kPerCore, "y");
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
    for (uint32_t i = 0; i < x.n; ++i) x[i] = dist(rng), y[i] = -1.0f;
    VfCounter counter;
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, kCores, [&] {
        const uint32_t core = GetBlockIdx();
        asc_vf_call<ScaleVf>(dim3{256}, x.data, y.data, core * kPerCore, kPerCore, 0.5f);
    }, {&counter});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < x.n; ++i) ASSERT_EQ(y[i], x[i] * 0.5f + float(i / kPerCore)) << "element " << i;
    // One vector-core instruction per VF, charged with every thread's GM load and store.
    EXPECT_EQ(counter.vfCalls, kCores);
    EXPECT_EQ(counter.gmBytes, uint64_t(x.n) * 2 * sizeof(float));
    EXPECT_GE(counter.accesses, uint64_t(x.n) * 2);
}

TEST(Simt, AtomicsSeeEveryThread) {
    GmScope scope;
    GmBuffer<int32_t> total(1, "total");
    total[0] = 0;
    int32_t ubTotal = -1;
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        LocalMemAllocator<Hardware::UB> alloc;
        LocalTensor<int32_t> counter = alloc.Alloc<int32_t>(8);
        counter.SetValue(0, 0);
        asc_vf_call<AtomicVf>(dim3{32, 4}, reinterpret_cast<__ubuf__ int32_t*>(counter.GetPhyAddr()), total.data);
        ubTotal = counter.GetValue(0);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(total[0], 127 * 128 / 2);
    EXPECT_EQ(ubTotal, 4 * (31 * 32 / 2));
}

TEST(Simt, UintDivDividesByTheMagicOfGetUintDivMagicAndShift) {
    std::mt19937_64 rng(11);
    for (int k = 0; k < 2000; ++k) {
        const uint32_t d32 = uint32_t(rng() % 0x7fffffffu) + 1, n32 = uint32_t(rng());  // divisor <= INT32_MAX
        uint32_t m32 = 0, s32 = 0;
        GetUintDivMagicAndShift(m32, s32, d32);
        ASSERT_EQ(Simt::UintDiv(n32 & 0x7fffffffu, m32, s32), (n32 & 0x7fffffffu) / d32) << d32;
        const uint64_t d64 = ((rng() >> 1) >> (rng() % 62)) | 1, n64 = rng() >> 1;  // both below 2^63, as documented
        uint64_t m64 = 0, s64 = 0;
        GetUintDivMagicAndShift(m64, s64, d64);
        ASSERT_EQ(Simt::UintDiv(n64, m64, s64), n64 / d64) << d64;
    }
}

TEST(Simt, ThreadReadingPastATensorIsGmReadOob) {
    GmScope scope;
    GmBuffer<float> a(64, "a"), out(64, "out");
    GmBuffer<int32_t> idx(64, "idx");
    for (int i = 0; i < 64; ++i) idx[i] = i;
    idx[37] = 1024 + 25;  // 4196 bytes into a 256-byte tensor: past its mapping, in the guard page after it
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1,
                          [&] { asc_vf_call<GatherVf>(dim3{64}, a.data, idx.data, out.data, 64u); });
    EXPECT_FALSE(run.result.completed);
    const akg::sim::Diagnostic* d = FindDiag(run, "GM_READ_OOB");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("SIMT thread"), std::string::npos) << d->message;
    EXPECT_NE(d->location.find("simt_test.cpp"), std::string::npos) << d->location;  // the VF's load
}

TEST(Simt, ThreadWritingPastATensorIsGmWriteOob) {
    GmScope scope;
    GmBuffer<float> y(16, "y");
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        asc_vf_call<StoreVf>(dim3{32}, y.data, 16u);  // inside the device allocation's slack
    });
    ASSERT_TRUE(run.HasDiag("GM_WRITE_OOB")) << run.Codes();
}

TEST(Simt, BlockOfMoreThan2048ThreadsIsRefused) {
    GmScope scope;
    GmBuffer<float> y(16, "y");
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1,
                          [&] { asc_vf_call<StoreVf>(dim3{64, 64}, y.data, 0u); });
    EXPECT_FALSE(run.result.completed);
    EXPECT_TRUE(run.HasDiag("SIMT_THREADS_RANGE")) << run.Codes();
}

TEST(Simt, VfOnAnAtlasA2CoreIsSocUnsupported) {
    GmScope scope;
    GmBuffer<float> y(16, "y");
    KernelRun run = RunOn(Soc("Ascend910B1"), KERNEL_TYPE_AIV_ONLY, 1,
                          [&] { asc_vf_call<StoreVf>(dim3{32}, y.data, 0u); });
    EXPECT_FALSE(run.result.completed);
    const akg::sim::Diagnostic* d = FindDiag(run, "SOC_UNSUPPORTED");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("no SIMT unit"), std::string::npos) << d->message;
    EXPECT_EQ(y[0], 0.0f);  // the VF never ran
}

TEST(Simt, Ascend950HostSideNames) {
    const akg::PlatformSpec p = Soc("Ascend950PR");
    EXPECT_TRUE(p.simt);
    EXPECT_EQ(p.cceAicore, 310u);
    EXPECT_EQ(p.shortSocVersion, "Ascend950");
    EXPECT_FALSE(Soc("Ascend910B1").simt);
}

}  // namespace
