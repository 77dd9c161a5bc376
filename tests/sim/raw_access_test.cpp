// The kernel's own loads and stores (src/sim/kernel_access.cpp): this binary is compiled as the
// builder compiles a kernel, so a raw pointer's access to GM or local memory is an instruction of
// the stream (RawLoad / RawStore rows), bounds-checked and timed; the core's stack and host
// objects are not device memory and issue nothing.
#include <gtest/gtest.h>

#include <vector>

#include "kernel_operator.h"
#include "sim/cost_kernels.h"
#include "sim/kernel_harness.h"
#include "sim/runtime.h"

using namespace AscendC;

namespace {

struct Recorder : akg::sim::InstrObserver {
    std::vector<akg::sim::Instr> raw;
    void OnInstr(int, const akg::sim::Instr& in) override {
        if (in.kernelCode) raw.push_back(in);
    }
};

TEST(RawAccess, GmPointerLoadsAndStoresAreScalarInstructions) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int32_t> gm(16, "x");
    for (int i = 0; i < 16; ++i) gm[i] = i;
    Recorder rec;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        auto* p = reinterpret_cast<__gm__ volatile int32_t*>(gm.addr());
        int32_t local[4] = {};  // the core's stack: not device memory
        for (int i = 0; i < 16; ++i) {
            local[i % 4] = p[i];
            p[i] = local[i % 4] * 2 + 1;
        }
    }, {&rec});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < 16; ++i) EXPECT_EQ(gm[i], 2 * i + 1);
    ASSERT_EQ(rec.raw.size(), 32u);
    for (size_t k = 0; k < rec.raw.size(); ++k) {
        const akg::sim::Instr& in = rec.raw[k];
        EXPECT_EQ(in.pipe, akg::sim::Pipe::S);
        ASSERT_EQ(in.nacc, 1u);
        EXPECT_EQ(in.acc[0].mem, akg::sim::Mem::GM);
        EXPECT_EQ(in.acc[0].bytes, 4u);
        EXPECT_EQ(in.acc[0].write, k % 2 == 1);
        EXPECT_EQ(in.acc[0].addr, reinterpret_cast<uintptr_t>(gm.data + k / 2));
    }
}

// GlobalTensor::operator() hands out the element's reference: a read through it is a load, a
// write a store, each where the kernel makes it.
TEST(RawAccess, GlobalTensorReferenceIsReadOrWrittenWhereUsed) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<float> gm(8, "x");
    gm[4] = 1.5f;
    Recorder rec;
    float seen = 0;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        GlobalTensor<float> g;
        g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(gm.addr()), 8);
        g(3) = 2.5f;
        seen = g(4);
    }, {&rec});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(gm[3], 2.5f);
    EXPECT_EQ(seen, 1.5f);
    ASSERT_EQ(rec.raw.size(), 2u);
    EXPECT_TRUE(rec.raw[0].acc[0].write);
    EXPECT_EQ(rec.raw[0].acc[0].addr, reinterpret_cast<uintptr_t>(gm.data + 3));
    EXPECT_FALSE(rec.raw[1].acc[0].write);
    EXPECT_EQ(rec.raw[1].acc[0].addr, reinterpret_cast<uintptr_t>(gm.data + 4));
}

// The store of a read-modify-write is a store even where the compiler reports only the load
// (g++ checks an address once per basic block): two cores adding into one GM word race.
TEST(RawAccess, ReadModifyWriteOfTwoCoresRaces) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int32_t> gm(8, "sum");
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 2, [&] {
        auto* p = reinterpret_cast<__gm__ int32_t*>(gm.addr());
        p[0] += int32_t(GetBlockIdx()) + 1;
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_EQ(gm[0], 3);
    EXPECT_TRUE(run.HasDiag("GM_RACE")) << run.Codes();
}

// Cores storing the same bytes to one word (a flag every core raises) do not race; different
// bytes do.
TEST(RawAccess, StoresOfTheSameBytesDoNotRace) {
    for (const bool same : {true, false}) {
        akg::test::GmScope scope;
        akg::test::GmBuffer<int32_t> gm(8, "found");
        auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 2, [&] {
            auto* p = reinterpret_cast<__gm__ volatile int32_t*>(gm.addr());
            p[0] = same ? 1 : int32_t(GetBlockIdx()) + 1;
        });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_EQ(run.HasDiag("GM_RACE"), !same) << run.Codes();
    }
}

// A store far past a tensor's end is stopped before it reaches the guard page.
TEST(RawAccess, StoreFarPastTheEndStopsTheKernel) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int32_t> gm(8, "y");
    const akg::sim::GmRegion* r = akg::sim::FindGm(reinterpret_cast<uintptr_t>(gm.data));
    ASSERT_NE(r, nullptr);
    const size_t guardPage = (r->slackEnd - r->begin) / sizeof(int32_t);
    bool after = false;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        auto* p = reinterpret_cast<__gm__ volatile int32_t*>(gm.addr());
        p[guardPage] = 1;
        after = true;
    });
    EXPECT_FALSE(run.result.completed);
    EXPECT_FALSE(after);
    EXPECT_TRUE(run.HasDiag("GM_WRITE_OOB")) << run.Codes();
}

// Each core adding into its own word is no race, and every store is reported once.
TEST(RawAccess, ReadModifyWriteOfOwnWordIsOneLoadAndOneStore) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int32_t> gm(16, "sum");
    Recorder rec;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 2, [&] {
        auto* p = reinterpret_cast<__gm__ int32_t*>(gm.addr());
        for (int i = 0; i < 4; ++i) p[GetBlockIdx() * 8 + i] += i + 1;
    }, {&rec});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_EQ(gm[8 + 3], 4);
    ASSERT_EQ(rec.raw.size(), 16u);
    size_t stores = 0;
    for (const auto& in : rec.raw) stores += in.acc[0].write;
    EXPECT_EQ(stores, 8u);
}

// A raw read one element past a tensor's end is out of bounds even inside its device allocation
// (a scalar access reads exactly its bytes). Like an API's read there, it is reported and the
// kernel goes on (the bytes are the allocation's, not another tensor's).
TEST(RawAccess, ReadPastTheEndIsGmReadOobAtTheLine) {
    akg::test::GmScope scope;
    akg::test::GmBuffer<int16_t> gm(100, "x");
    volatile int16_t sink = 0;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        auto* p = reinterpret_cast<__gm__ volatile int16_t*>(gm.addr());
        sink = p[100];
    });
    ASSERT_TRUE(run.HasDiag("GM_READ_OOB")) << run.Codes();
    EXPECT_NE(run.result.diagnostics.front().location.find("raw_access_test.cpp:"), std::string::npos) << run.Codes();
    EXPECT_NE(run.result.diagnostics.front().message.find("a raw-pointer load"), std::string::npos) << run.Codes();
}

TEST(RawAccess, UbPointerStoresAreUbInstructions) {
    akg::test::GmScope scope;
    Recorder rec;
    auto run = akg::test::RunTyped(KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        auto* u = reinterpret_cast<__ubuf__ volatile float*>(b.Get<float>().GetPhyAddr());
        for (int i = 0; i < 64; ++i) u[i] = float(i);
    }, {&rec});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    ASSERT_EQ(rec.raw.size(), 64u);
    for (const auto& in : rec.raw) EXPECT_EQ(in.acc[0].mem, akg::sim::Mem::UB);
}

// Scalar GM accesses go through the core's data cache: a loop over one 64-byte line per element
// pays a GM round trip each time, a loop over consecutive elements one per line.
TEST(RawAccess, ScalarGmLoopPaysALineFillPerCacheLine) {
    akg::test::GmScope scope;
    constexpr int kElems = 4096;
    akg::test::GmBuffer<int32_t> gm(size_t(kElems) * 16, "x");
    auto loop = [&](int stride) {
        bool ok = false;
        auto t = akg::costk::Simulate(akg::PlatformSpec{}, 1, [&] {
            auto* p = reinterpret_cast<__gm__ volatile int32_t*>(gm.addr());
            int32_t sum = 0;
            for (int i = 0; i < kElems; ++i) sum += p[size_t(i) * stride];
            p[0] = sum;
        }, &ok);
        EXPECT_TRUE(ok);
        return t;
    };
    const akg::PlatformTiming timing = akg::PlatformSpec{}.timing;
    const double sequential = loop(1).pipeBusyUs[0], strided = loop(16).pipeBusyUs[0];
    const double clock = akg::PlatformSpec{}.clockMHz;
    // 4096 + 1 accesses either way. Sequentially 256 lines are filled, and the final store to p[0]
    // finds its line still there; strided, every load fills a line, and by the store line 0's slot
    // (of 512) holds line 3584: 4097 fills.
    EXPECT_NEAR(sequential * clock, 4097 * timing.scalarAccessCycles + 256 * timing.scalarGmMissCycles, 1.0);
    EXPECT_NEAR(strided * clock, 4097 * timing.scalarAccessCycles + 4097 * timing.scalarGmMissCycles, 1.0);
}

}  // namespace
