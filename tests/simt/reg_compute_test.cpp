// The register-based vector API of Ascend 950 (AscendC::Reg / MicroAPI, docs/reg-api.md), compiled
// as the builder compiles an Ascend950PR kernel (tests/CMakeLists.txt): every instruction against
// a host loop, with loop tails that leave part of a register inactive, and the misuse the
// checker reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "run/op_runner.h"
#include "sim/kernel_harness.h"
#include "sim/runtime.h"

using namespace AscendC;
using akg::test::FindDiag;
using akg::test::KernelRun;
using akg::test::RunOn;

namespace {

akg::PlatformSpec Soc(const std::string& name) {
    akg::PlatformSpec spec;
    std::string error;
    EXPECT_TRUE(akg::run::LoadPlatform(name, &spec, &error)) << error;
    return spec;
}

constexpr uint32_t kVlF32 = 256 / sizeof(float);

// out = select(a == a, clamp(exp(a - b) * 0.5 + (a + b), lo, hi), lo), then fma steps, over
// `count` floats (the tail step has count % 64 active lanes).
__simd_vf__ inline void FloatVf(__ubuf__ float* out, __ubuf__ float* out2, __ubuf__ float* a, __ubuf__ float* b,
                                uint32_t count) {
    uint32_t remaining = count;
    const uint16_t steps = uint16_t((count + kVlF32 - 1) / kVlF32);
    for (uint16_t i = 0; i < steps; ++i) {
        const uint32_t off = i * kVlF32;
        Reg::MaskReg mask = Reg::UpdateMask<float>(remaining);
        Reg::RegTensor<float> va, vb, t, s, lo, hi, r, c;
        Reg::LoadAlign(va, a + off);
        Reg::LoadAlign(vb, b + off);
        Reg::Sub<float>(t, va, vb, mask);
        Reg::Exp<float>(t, t, mask);
        Reg::Muls<float>(t, t, 0.5f, mask);
        Reg::Add<float>(s, va, vb, mask);
        Reg::Add<float>(t, t, s, mask);
        Reg::Adds<float>(t, t, -1.0f, mask);
        Reg::Duplicate<float>(lo, -2.0f);
        Reg::Duplicate(hi, 6.0f);
        Reg::Max<float>(t, t, lo, mask);
        Reg::Min<float>(t, t, hi, mask);
        Reg::MaskReg big, eq;
        Reg::CompareScalar<float, CMPMODE::GT>(big, va, 1.0f, mask);
        Reg::Select(t, hi, t, big);  // a > 1 -> 6
        Reg::Compare<float, CMPMODE::EQ>(eq, va, vb, mask);
        Reg::Select(t, lo, t, eq);  // a == b -> -2
        Reg::StoreAlign(out + off, t, mask);
        // r = ((a * b) + 0.25) via FusedMulDstAdd: r = r * src0 + src1
        Reg::Duplicate<float>(r, 1.0f);
        Reg::Duplicate<float>(c, 0.25f);
        Reg::Mul<float>(r, va, vb, mask);
        Reg::FusedMulDstAdd<float>(r, va, c, mask);  // r = (a*b) * a + 0.25
        Reg::StoreAlign(out2 + off, r, mask);
    }
}

float HostFloat(float a, float b) {
    float t = std::exp(a - b) * 0.5f + (a + b);
    t = t + -1.0f;
    t = std::min(std::max(t, -2.0f), 6.0f);
    if (a > 1.0f) t = 6.0f;
    if (a == b) t = -2.0f;
    return t;
}

// fp16 in, fp32 math, fp16 out (bounding_box_decode's shape): unpacking load, widening cast,
// narrowing cast, packing store.
constexpr Reg::CastTrait kUp = {Reg::RegLayout::ZERO, Reg::SatMode::UNKNOWN, Reg::MaskMergeMode::ZEROING,
                                RoundMode::UNKNOWN};
constexpr Reg::CastTrait kDown = {Reg::RegLayout::ZERO, Reg::SatMode::NO_SAT, Reg::MaskMergeMode::ZEROING,
                                  RoundMode::CAST_RINT};
constexpr Reg::CastTrait kF2I = {Reg::RegLayout::UNKNOWN, Reg::SatMode::SAT, Reg::MaskMergeMode::ZEROING,
                                 RoundMode::CAST_ROUND};

__simd_vf__ inline void HalfVf(__ubuf__ half* out, __ubuf__ half* in, uint32_t count) {
    uint32_t remaining = count;
    const uint16_t steps = uint16_t((count + kVlF32 - 1) / kVlF32);
    for (uint16_t i = 0; i < steps; ++i) {
        const uint32_t off = i * kVlF32;
        Reg::MaskReg mask = Reg::UpdateMask<float>(remaining);
        Reg::RegTensor<half> h, ho;
        Reg::RegTensor<float> f;
        Reg::LoadAlign<half, Reg::LoadDist::DIST_UNPACK_B16>(h, in + off);
        Reg::Cast<float, half, kUp>(f, h, mask);
        Reg::Muls<float>(f, f, 3.0f, mask);
        Reg::Adds<float>(f, f, 0.125f, mask);
        Reg::Cast<half, float, kDown>(ho, f, mask);
        Reg::StoreAlign<half, Reg::StoreDist::DIST_PACK_B32>(out + off, ho, mask);
    }
}

// 2^n as a float bit pattern: round(x) to int32, + 127, << 23 (the kernel's exp scaling).
__simd_vf__ inline void IntVf(__ubuf__ float* out, __ubuf__ float* in, uint32_t count) {
    uint32_t remaining = count;
    Reg::MaskReg mask = Reg::UpdateMask<float>(remaining);
    Reg::RegTensor<float> x;
    Reg::RegTensor<int32_t> n;
    Reg::LoadAlign(x, in);
    Reg::Cast<int32_t, float, kF2I>(n, x, mask);
    Reg::Adds<int32_t>(n, n, 127, mask);
    Reg::ShiftLefts<int32_t, int16_t>(n, n, int16_t(23), mask);
    Reg::StoreAlign(out, (Reg::RegTensor<float>&)n, mask);
}

template <typename T>
__ubuf__ T* Ub(TBuf<TPosition::VECCALC>& b) {
    return reinterpret_cast<__ubuf__ T*>(b.Get<T>().GetPhyAddr());
}

// Counts the register instructions the cost model sees.
struct RegCounter : akg::sim::InstrObserver {
    uint64_t regSteps = 0, vfLaunches = 0, onOtherPipes = 0, loads = 0, stores = 0;
    void OnInstr(int, const akg::sim::Instr& in) override {
        const std::string api = in.api;
        if (api == "asc_vf_call (SIMD VF)") ++vfLaunches;
        if (api.rfind("Reg::", 0) != 0) return;
        ++regSteps;
        onOtherPipes += in.pipe != akg::sim::Pipe::V || in.timing != akg::sim::Timing::VfStep || in.repeats != 1;
        loads += api == "Reg::LoadAlign";
        stores += api == "Reg::StoreAlign";
    }
};

TEST(RegCompute, FloatInstructionsMatchAHostLoopWithATail) {
    constexpr uint32_t kCount = 150;  // 64 + 64 + 22: the last step has 22 active lanes
    constexpr uint32_t kCap = 192;    // three whole registers
    std::vector<float> a(kCap), b(kCap), out(kCap), out2(kCap);
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> dist(-3.0f, 3.0f);
    for (uint32_t i = 0; i < kCap; ++i) a[i] = dist(rng), b[i] = dist(rng);
    b[5] = a[5];  // the equality path
    RegCounter counter;
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ba, bb, bo, bo2;
        pipe.InitBuffer(ba, kCap * 4);
        pipe.InitBuffer(bb, kCap * 4);
        pipe.InitBuffer(bo, kCap * 4);
        pipe.InitBuffer(bo2, kCap * 4);
        std::memcpy((void*)Ub<float>(ba), a.data(), kCap * 4);
        std::memcpy((void*)Ub<float>(bb), b.data(), kCap * 4);
        for (uint32_t i = 0; i < kCap; ++i) Ub<float>(bo)[i] = 99.0f, Ub<float>(bo2)[i] = 99.0f;
        asc_vf_call<FloatVf>(Ub<float>(bo), Ub<float>(bo2), Ub<float>(ba), Ub<float>(bb), kCount);
        std::memcpy(out.data(), (void*)Ub<float>(bo), kCap * 4);
        std::memcpy(out2.data(), (void*)Ub<float>(bo2), kCap * 4);
    }, {&counter});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < kCount; ++i) {
        ASSERT_EQ(out[i], HostFloat(a[i], b[i])) << "element " << i;
        ASSERT_EQ(out2[i], std::fma(a[i] * b[i], a[i], 0.25f)) << "element " << i;
    }
    // The masked tail store writes nothing past the count.
    for (uint32_t i = kCount; i < kCap; ++i) ASSERT_EQ(out[i], 99.0f) << "element " << i << " past the tail";
    // One vector-pipe step per register call (23 per loop step, UpdateMask and the loads
    // included), one VF launch; nothing free, nothing on another pipe.
    EXPECT_EQ(counter.vfLaunches, 1u);
    EXPECT_EQ(counter.onOtherPipes, 0u);
    EXPECT_EQ(counter.loads, 3u * 2);
    EXPECT_EQ(counter.stores, 3u * 2);
    EXPECT_EQ(counter.regSteps, 3u * 23);
}

TEST(RegCompute, HalfUnpackCastPackMatchesAHostLoop) {
    constexpr uint32_t kCount = 100, kCap = 128;  // 64 + 36
    std::vector<half> in(kCap), out(kCap);
    for (uint32_t i = 0; i < kCap; ++i) in[i] = half(float(int(i % 37) - 18) * 0.25f);
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bi, bo;
        pipe.InitBuffer(bi, kCap * 2);
        pipe.InitBuffer(bo, kCap * 2);
        std::memcpy((void*)Ub<half>(bi), in.data(), kCap * 2);
        for (uint32_t i = 0; i < kCap; ++i) Ub<half>(bo)[i] = half(-7.0f);
        asc_vf_call<HalfVf>(Ub<half>(bo), Ub<half>(bi), kCount);
        std::memcpy(out.data(), (void*)Ub<half>(bo), kCap * 2);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < kCount; ++i)
        ASSERT_EQ(float(out[i]), float(half(float(in[i]) * 3.0f + 0.125f))) << "element " << i;
    for (uint32_t i = kCount; i < kCap; ++i) ASSERT_EQ(float(out[i]), -7.0f) << "element " << i << " past the tail";
}

TEST(RegCompute, RoundingCastAndShiftBuildPowersOfTwo) {
    constexpr uint32_t kCount = 20;
    std::vector<float> in(64), out(64, 0.0f);
    for (uint32_t i = 0; i < 64; ++i) in[i] = float(int(i) - 10) + (i % 2 ? 0.5f : 0.25f);
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bi, bo;
        pipe.InitBuffer(bi, 256);
        pipe.InitBuffer(bo, 256);
        std::memcpy((void*)Ub<float>(bi), in.data(), 256);
        std::memset((void*)Ub<float>(bo), 0, 256);
        asc_vf_call<IntVf>(Ub<float>(bo), Ub<float>(bi), kCount);
        std::memcpy(out.data(), (void*)Ub<float>(bo), 256);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    for (uint32_t i = 0; i < kCount; ++i)
        ASSERT_EQ(out[i], std::ldexp(1.0f, int(std::round(in[i])))) << "element " << i << " of " << in[i];
    for (uint32_t i = kCount; i < 64; ++i) ASSERT_EQ(out[i], 0.0f);
}

// The instructions the other kernels do not use, over two whole registers (CreateMask ALL):
// out = min(max(a / b, 0.5), 4), out2 = a * b + |ln a| (MulAddDst), out3 = relu(sqrt(a) - 1.5),
// and an arithmetic right shift of int32_t.
__simd_vf__ inline void RemainingVf(__ubuf__ float* out, __ubuf__ float* out2, __ubuf__ float* out3,
                                    __ubuf__ int32_t* iout, __ubuf__ float* a, __ubuf__ float* b,
                                    __ubuf__ int32_t* ia) {
    Reg::MaskReg all = Reg::CreateMask<float>();
    for (uint16_t i = 0; i < 2; ++i) {
        const uint32_t off = i * kVlF32;
        Reg::RegTensor<float> va, vb, t, l, q;
        Reg::RegTensor<int32_t> n;
        Reg::LoadAlign(va, a + off);
        Reg::LoadAlign(vb, b + off);
        Reg::Div<float>(t, va, vb, all);
        Reg::Maxs<float>(t, t, 0.5f, all);
        Reg::Mins<float>(t, t, 4.0f, all);
        Reg::StoreAlign(out + off, t, all);
        Reg::Ln<float>(l, va, all);
        Reg::Abs<float>(l, l, all);
        Reg::MulAddDst<float>(l, va, vb, all);
        Reg::StoreAlign(out2 + off, l, all);
        Reg::Sqrt<float>(q, va, all);
        Reg::Adds<float>(q, q, -1.5f, all);
        Reg::Relu<float>(q, q, all);
        Reg::StoreAlign(out3 + off, q, all);
        Reg::LoadAlign(n, ia + off);
        Reg::ShiftRights<int32_t, int16_t>(n, n, int16_t(3), all);
        Reg::StoreAlign(iout + off, n, all);
    }
}

TEST(RegCompute, RemainingInstructionsMatchAHostLoop) {
    constexpr uint32_t kN = 2 * kVlF32;
    std::vector<float> a(kN), b(kN), out(kN), out2(kN), out3(kN);
    std::vector<int32_t> ia(kN), iout(kN);
    for (uint32_t i = 0; i < kN; ++i) {
        a[i] = 0.25f + 0.03125f * float(i);  // (0, 4.25]
        b[i] = 0.5f + 0.0625f * float(i % 24);
        ia[i] = (int32_t(i) - 64) * 37;
    }
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ba, bb, bi, bo, bo2, bo3, bio;
        for (auto* t : {&ba, &bb, &bi, &bo, &bo2, &bo3, &bio}) pipe.InitBuffer(*t, kN * 4);
        std::memcpy((void*)Ub<float>(ba), a.data(), kN * 4);
        std::memcpy((void*)Ub<float>(bb), b.data(), kN * 4);
        std::memcpy((void*)Ub<int32_t>(bi), ia.data(), kN * 4);
        asc_vf_call<RemainingVf>(Ub<float>(bo), Ub<float>(bo2), Ub<float>(bo3), Ub<int32_t>(bio), Ub<float>(ba),
                                 Ub<float>(bb), Ub<int32_t>(bi));
        std::memcpy(out.data(), (void*)Ub<float>(bo), kN * 4);
        std::memcpy(out2.data(), (void*)Ub<float>(bo2), kN * 4);
        std::memcpy(out3.data(), (void*)Ub<float>(bo3), kN * 4);
        std::memcpy(iout.data(), (void*)Ub<int32_t>(bio), kN * 4);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < kN; ++i) {
        ASSERT_EQ(out[i], std::min(std::max(a[i] / b[i], 0.5f), 4.0f)) << "element " << i;
        ASSERT_EQ(out2[i], std::fma(a[i], b[i], std::fabs(std::log(a[i])))) << "element " << i;
        ASSERT_EQ(out3[i], std::max(std::sqrt(a[i]) + -1.5f, 0.0f)) << "element " << i;
        ASSERT_EQ(iout[i], ia[i] >> 3) << "element " << i;
    }
}

// Misuse.
__simd_vf__ inline void LoadAtVf(__ubuf__ float* p) {
    Reg::RegTensor<float> v;
    Reg::LoadAlign(v, p);
}
__simd_vf__ inline void StoreAtVf(__ubuf__ float* p, uint32_t n) {
    Reg::MaskReg m = Reg::UpdateMask<float>(n);
    Reg::RegTensor<float> v;
    Reg::Duplicate(v, 1.0f);
    Reg::StoreAlign(p, v, m);
}

TEST(RegCompute, RegisterInstructionOutsideAVfIsReported) {
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        Reg::RegTensor<float> v;
        Reg::Duplicate(v, 1.0f);  // no asc_vf_call
    });
    EXPECT_FALSE(run.result.completed);
    const akg::sim::Diagnostic* d = FindDiag(run, "REG_OUTSIDE_VF");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("Reg::Duplicate"), std::string::npos) << d->message;
    EXPECT_NE(d->location.find("reg_compute_test.cpp"), std::string::npos) << d->location;
}

TEST(RegCompute, MisalignedLoadIsReported) {
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        asc_vf_call<LoadAtVf>(Ub<float>(b) + 1);  // 4 bytes past a 32-byte boundary
    });
    const akg::sim::Diagnostic* d = FindDiag(run, "LOCAL_ADDR_MISALIGNED");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("Reg::LoadAlign"), std::string::npos) << d->message;
    EXPECT_NE(d->location.find("reg_compute_test.cpp"), std::string::npos) << d->location;
}

TEST(RegCompute, LoadPastTheEndOfUbIsLocalOob) {
    const akg::PlatformSpec soc = Soc("Ascend950PR");
    KernelRun run = RunOn(soc, KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        // The last 128 bytes of UB: a whole register reaches 128 bytes past its end.
        (void)b;
        auto* ub = static_cast<uint8_t*>(akg::sim::Cur().memBase[size_t(akg::sim::Mem::UB)]);
        asc_vf_call<LoadAtVf>(reinterpret_cast<__ubuf__ float*>(ub + soc.ubSize - 128));
    });
    EXPECT_FALSE(run.result.completed);
    const akg::sim::Diagnostic* d = FindDiag(run, "LOCAL_OOB");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("Reg::LoadAlign reads 256 bytes"), std::string::npos) << d->message;
}

TEST(RegCompute, MaskedStoreOverrunningItsBufferIsReportedOnlyWhenItDoes) {
    // A 64-byte buffer followed by another: a store of 16 active floats fits, of 40 overruns.
    for (uint32_t active : {16u, 40u}) {
        KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> small, next;
            pipe.InitBuffer(small, 64);
            pipe.InitBuffer(next, 1024);
            asc_vf_call<StoreAtVf>(Ub<float>(small), active);
        });
        EXPECT_EQ(run.HasDiag("LOCAL_BUFFER_OVERRUN"), active > 16) << active << ": " << run.Codes();
    }
}

TEST(RegCompute, SimdVfOnAnAtlasA2CoreIsSocUnsupported) {
    KernelRun run = RunOn(Soc("Ascend910B1"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        asc_vf_call<StoreAtVf>(Ub<float>(b), 8u);
    });
    EXPECT_FALSE(run.result.completed);
    const akg::sim::Diagnostic* d = FindDiag(run, "SOC_UNSUPPORTED");
    ASSERT_NE(d, nullptr) << run.Codes();
    EXPECT_NE(d->message.find("register-based vector"), std::string::npos) << d->message;
}

}  // namespace

namespace {
// An inline VF (__VEC_SCOPE__) over int16 data: widen each half with UnPack (sign-extended),
// add 1000 as int32 (past int16's range), narrow back with Pack (the low 16 bits), stores with
// POST_MODE_UPDATE; the predicates follow the width changes through mask Pack / UnPack.
void WidenAddNarrow(__ubuf__ int32_t* wide, __ubuf__ int16_t* narrow, __ubuf__ int16_t* in, uint32_t count) {
    __VEC_SCOPE__
    {
        uint32_t remaining = count;
        Reg::MaskReg m16 = Reg::UpdateMask<int16_t>(remaining), m32, back;
        Reg::RegTensor<int16_t> x, packed;
        Reg::RegTensor<int32_t> lo, hi;
        __ubuf__ int16_t* src = in;
        Reg::LoadAlign<int16_t, Reg::PostLiteral::POST_MODE_UPDATE>(x, src, 128);
        Reg::UnPack(lo, x);
        Reg::UnPack<int32_t, int16_t, Reg::HighLowPart::HIGHEST>(hi, x);
        Reg::UnPack(m32, m16);  // the first half's predicate, as 32-bit lanes
        Reg::Adds<int32_t>(lo, lo, 1000, m32);
        __ubuf__ int32_t* dst = wide;
        Reg::StoreAlign<int32_t, Reg::PostLiteral::POST_MODE_UPDATE>(dst, lo, 64, m32);
        Reg::StoreAlign<int32_t, Reg::PostLiteral::POST_MODE_UPDATE>(dst, hi, 64, m32);
        Reg::Pack((Reg::RegTensor<uint16_t>&)packed, (Reg::RegTensor<uint32_t>&)lo);
        Reg::Pack(back, m32);
        Reg::StoreAlign(narrow, packed, back);
        // The addresses advanced by their strides: the next load/store would start there.
        narrow[127] = int16_t(src - in);
        narrow[126] = int16_t(dst - wide);
    }
}
}  // namespace

TEST(RegCompute, VecScopePackUnpackAndPostUpdate) {
    constexpr uint32_t kCount = 40;  // the first 40 of 128 int16 lanes
    std::vector<int16_t> in(128), narrow(128);
    std::vector<int32_t> wide(128);
    for (uint32_t i = 0; i < 128; ++i) in[i] = int16_t(i % 2 ? -300 - int(i) : 32000 - int(i));
    RegCounter counter;
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bi, bw, bn;
        pipe.InitBuffer(bi, 256);
        pipe.InitBuffer(bw, 512);
        pipe.InitBuffer(bn, 256);
        std::memcpy((void*)Ub<int16_t>(bi), in.data(), 256);
        for (uint32_t i = 0; i < 128; ++i) Ub<int32_t>(bw)[i] = -7, Ub<int16_t>(bn)[i] = -7;
        WidenAddNarrow(Ub<int32_t>(bw), Ub<int16_t>(bn), Ub<int16_t>(bi), kCount);
        std::memcpy(wide.data(), (void*)Ub<int32_t>(bw), 512);
        std::memcpy(narrow.data(), (void*)Ub<int16_t>(bn), 256);
    }, {&counter});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < 64; ++i) {
        const bool active = i < kCount;
        // lo: the first 64 elements widened (+1000 where active); hi's store reuses m32, so only
        // the first 40 of the upper 64 int16 elements land, sign-extended.
        EXPECT_EQ(wide[i], active ? int32_t(in[i]) + 1000 : -7) << i;
        EXPECT_EQ(wide[64 + i], active ? int32_t(in[64 + i]) : -7) << i;
        // Pack keeps the low 16 bits: 32000 - i + 1000 wraps.
        EXPECT_EQ(narrow[i], active ? int16_t(uint16_t(uint32_t(int32_t(in[i]) + 1000))) : -7) << i;
    }
    for (uint32_t i = 64; i < 126; ++i) EXPECT_EQ(narrow[i], -7) << i;  // Pack zeroes the upper half; not stored
    EXPECT_EQ(narrow[127], 128);  // src advanced by 128 int16 elements
    EXPECT_EQ(narrow[126], 128);  // dst advanced twice by 64 int32 elements
    EXPECT_EQ(counter.vfLaunches, 1u);
    EXPECT_EQ(counter.onOtherPipes, 0u);
    // UpdateMask, LoadAlign, three UnPack, Adds, two StoreAlign, two Pack, StoreAlign: each charged.
    EXPECT_EQ(counter.regSteps, 11u);
}

namespace {
// Rows of `width` int32 values: an index row from Arange, shifted through an address register;
// each row gathered from a table by index, its low bits set with Or and cleared with And, and
// stored unaligned back to back (rows of 37 elements: no row starts on a 32-byte block).
constexpr uint32_t kRowWidth = 37, kRows = 3, kTable = 128;

__simd_vf__ inline void GatherRowsVf(__ubuf__ int32_t* packed, __ubuf__ int32_t* table, __ubuf__ uint32_t* idx) {
    Reg::MaskReg all = Reg::CreateMask<int32_t, Reg::MaskPattern::ALL>();
    Reg::RegTensor<int32_t> ramp, v, bits;
    Reg::RegTensor<uint32_t> index;
    Reg::UnalignRegForStore ureg;
    __ubuf__ int32_t* out = packed;
    Reg::Duplicate(bits, 0x100);
    for (uint16_t r = 0; r < kRows; ++r) {
        Reg::Arange(ramp, int32_t(3 * r));  // 3r, 3r + 1, ...
        Reg::AddrReg at = Reg::CreateAddrReg<uint32_t>(r, 64);
        Reg::StoreAlign(idx, (Reg::RegTensor<uint32_t>&)ramp, at, all);
        Reg::LoadAlign(index, idx, at);
        uint32_t width = kRowWidth;
        Reg::MaskReg row = Reg::UpdateMask<int32_t>(width);
        Reg::Gather(v, table, index, row);
        Reg::Or(v, v, bits, row);
        Reg::And(v, v, bits, row);  // keeps only bit 8 of table[i] | 0x100: always set
        Reg::Add(v, v, ramp, row);
        Reg::StoreUnAlign(out, v, ureg, kRowWidth);
    }
    Reg::StoreUnAlignPost(out, ureg, 0);
}

__simd_vf__ inline void ForgetPostVf(__ubuf__ int32_t* packed) {
    Reg::RegTensor<int32_t> v;
    Reg::Duplicate(v, 5);
    Reg::UnalignRegForStore ureg;
    __ubuf__ int32_t* out = packed + 1;  // 4 bytes in: 7 elements complete the first block
    Reg::StoreUnAlign(out, v, ureg, 10);  // elements 1..10: 1..7 land, 8..10 wait for a Post
}

__simd_vf__ inline void UnalignedLoadVf(__ubuf__ int32_t* dst, __ubuf__ int32_t* src) {
    Reg::UnalignRegForLoad ureg;
    Reg::RegTensor<int32_t> v;
    Reg::MaskReg all = Reg::CreateMask<int32_t, Reg::MaskPattern::ALL>();
    __ubuf__ int32_t* from = src + 3;
    Reg::LoadUnAlignPre(ureg, from);
    for (uint16_t i = 0; i < 2; ++i) {
        Reg::LoadUnAlign(v, ureg, from, 64);
        Reg::StoreAlign(dst + 64 * i, v, all);
    }
}
}  // namespace

TEST(RegCompute, AddressRegisterGatherAndUnalignedStoresMatchAHostLoop) {
    std::vector<int32_t> table(kTable), packed(kRows * kRowWidth + 8, -1);
    for (uint32_t i = 0; i < kTable; ++i) table[i] = int32_t(1000 + 7 * i);
    RegCounter counter;
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bt, bi, bp;
        pipe.InitBuffer(bt, kTable * 4);
        pipe.InitBuffer(bi, kRows * 256);
        pipe.InitBuffer(bp, 1024);
        std::memcpy((void*)Ub<int32_t>(bt), table.data(), kTable * 4);
        for (uint32_t i = 0; i < packed.size(); ++i) Ub<int32_t>(bp)[i] = -1;
        asc_vf_call<GatherRowsVf>(Ub<int32_t>(bp), Ub<int32_t>(bt), Ub<uint32_t>(bi));
        std::memcpy(packed.data(), (void*)Ub<int32_t>(bp), packed.size() * 4);
    }, {&counter});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t r = 0; r < kRows; ++r)
        for (uint32_t i = 0; i < kRowWidth; ++i)
            EXPECT_EQ(packed[r * kRowWidth + i], int32_t(0x100 + 3 * r + i)) << r << "," << i;
    EXPECT_EQ(packed[kRows * kRowWidth], -1) << "nothing past the run";
    // Per row: Arange, StoreAlign, LoadAlign, UpdateMask, Gather, Or, And, Add, StoreUnAlign; then
    // CreateMask, Duplicate and the Post.
    EXPECT_EQ(counter.regSteps, 9u * kRows + 3u);
}

TEST(RegCompute, UnalignedStoreRunWithoutItsPostLosesItsTail) {
    std::vector<int32_t> packed(16);
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bp;
        pipe.InitBuffer(bp, 64);
        for (uint32_t i = 0; i < 16; ++i) Ub<int32_t>(bp)[i] = -1;
        asc_vf_call<ForgetPostVf>(Ub<int32_t>(bp));
        std::memcpy(packed.data(), (void*)Ub<int32_t>(bp), 64);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(packed[i], i >= 1 && i < 8 ? 5 : -1) << i;
}

TEST(RegCompute, UnalignedLoadsReadWholeRegistersFromAnyAddress) {
    std::vector<int32_t> src(192), dst(128);
    for (uint32_t i = 0; i < src.size(); ++i) src[i] = int32_t(i * 3 + 1);
    KernelRun run = RunOn(Soc("Ascend950PR"), KERNEL_TYPE_AIV_ONLY, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> bs, bd;
        pipe.InitBuffer(bs, 768);
        pipe.InitBuffer(bd, 512);
        std::memcpy((void*)Ub<int32_t>(bs), src.data(), 768);
        asc_vf_call<UnalignedLoadVf>(Ub<int32_t>(bd), Ub<int32_t>(bs));
        std::memcpy(dst.data(), (void*)Ub<int32_t>(bd), 512);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (uint32_t i = 0; i < 128; ++i) EXPECT_EQ(dst[i], src[i + 3]) << i;
}
