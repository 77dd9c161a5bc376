// Ascend310P3, a coupled SoC (cube and vector units in one AI core, no FIX pipe), as its platform
// file describes it: the file itself, what launches run there, what the checker allows and
// rejects, what host tiling sees, and the cost model's times against Ascend910B2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "akg/host/host_registry.h"
#include "host/platform_state.h"
#include "lib/matmul_intf.h"
#include "run/op_runner.h"
#include "sim/cost_kernels.h"
#include "sim/kernel_harness.h"
#include "tiling/platform/platform_ascendc.h"

using namespace AscendC;
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

nlohmann::json PlatformFile(const std::string& name) {
    // platforms/ is two levels above this file (tests/run/ -> the source root).
    const auto path = std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "platforms" /
                      (name + ".json");
    std::ifstream f(path);
    return nlohmann::json::parse(f);
}

// Whether a "sources" / "timing_sources" key names `field`: keys list fields separated by ", ",
// and a key may name a family ("cube_cycles_per_fractal" for its _b16, _b32 and _b8 fields).
bool Sourced(const nlohmann::json& sources, const std::string& field) {
    for (auto& [key, text] : sources.items()) {
        if (!text.is_string() || text.get<std::string>().empty()) continue;
        size_t at = 0;
        while (at <= key.size()) {
            const size_t end = std::min(key.find(", ", at), key.size());
            const std::string name = key.substr(at, end - at);
            if (field == name || field.compare(0, name.size() + 1, name + "_") == 0) return true;
            at = end + 2;
        }
    }
    return false;
}

// C = A x B + D on one core: A and B (16 x 16 half) through L1 and L0A / L0B into Mmad, L0C
// (float) to UB by DataCopy CO1 -> CO2 (converted to half), D added on the vector unit, UB -> GM.
struct CubeThenVector {
    GmBuffer<half> a{256, "a"}, b{256, "b"}, d{256, "d"}, out{256, "out"};
    bool sawAiv = false, sawAic = false;

    CubeThenVector() {
        for (int i = 0; i < 256; ++i) {
            a[i] = half(float(i % 7 - 3));
            b[i] = half(float(i % 5 - 2));
            d[i] = half(float(i % 9));
            out[i] = half(0.0f);
        }
    }
    void Body() {
        sawAiv |= ASCEND_IS_AIV;
        sawAic |= ASCEND_IS_AIC;
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::B1> b1;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2;
        TQue<TPosition::CO1, 1> co1;  // its hand-off is M -> V here (no FIX pipe)
        TBuf<TPosition::VECCALC> c2, dUb;
        pipe.InitBuffer(a1, 512);
        pipe.InitBuffer(b1, 512);
        pipe.InitBuffer(a2, 512);
        pipe.InitBuffer(b2, 512);
        pipe.InitBuffer(co1, 1, 1024);
        pipe.InitBuffer(c2, 512);
        pipe.InitBuffer(dUb, 512);
        GlobalTensor<half> ga, gb, gd, gout;
        ga.SetGlobalBuffer((__gm__ half*)a.addr(), 256);
        gb.SetGlobalBuffer((__gm__ half*)b.addr(), 256);
        gd.SetGlobalBuffer((__gm__ half*)d.addr(), 256);
        gout.SetGlobalBuffer((__gm__ half*)out.addr(), 256);
        DataCopy(a1.Get<half>(), ga, Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0));
        DataCopy(b1.Get<half>(), gb, Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0));
        LoadData(a2.Get<half>(), a1.Get<half>(), LoadData2DParams(0, 1, 1, 0, 0, false, 0));
        LoadData(b2.Get<half>(), b1.Get<half>(), LoadData2DParams(0, 1, 1, 0, 0, true, 0));
        LocalTensor<float> acc = co1.AllocTensor<float>();
        Mmad(acc, a2.Get<half>(), b2.Get<half>(), MmadParams(16, 16, 16, 0, false, true));
        co1.EnQue(acc);
        acc = co1.DeQue<float>();
        DataCopyEnhancedParams e;
        e.blockMode = BlockMode::BLOCK_MODE_MATRIX;
        DataCopy(c2.Get<half>(), acc, DataCopyParams(1, 1, 0, 0), e);  // one float fractal
        co1.FreeTensor(acc);
        DataCopy(dUb.Get<half>(), gd, 256);
        Add(c2.Get<half>(), c2.Get<half>(), dUb.Get<half>(), 256);
        DataCopy(gout, c2.Get<half>(), 256);
    }
    // One 16 x 16 fractal in NZ is the row-major matrix.
    float Want(int i, int j) {
        float acc = 0;
        for (int k = 0; k < 16; ++k) acc += float(a[i * 16 + k]) * float(b[k * 16 + j]);
        return acc + float(d[i * 16 + j]);
    }
};

struct Seen {
    int block, subNum, ratio;
    bool aiv, aic;
};

std::vector<Seen> Observe(const akg::PlatformSpec& soc, int32_t kernelType, uint32_t blockDim) {
    std::vector<Seen> seen;
    auto run = RunOn(soc, kernelType, blockDim, [&] {
        seen.push_back({int(GetBlockIdx()), int(GetSubBlockNum()), int(GetTaskRatio()), ASCEND_IS_AIV, ASCEND_IS_AIC});
    });
    EXPECT_TRUE(run.result.completed) << run.Codes();
    return seen;
}

}  // namespace

TEST(Ascend310P3, PlatformFileHasEveryFieldWithItsSource) {
    const nlohmann::json file = PlatformFile("Ascend310P3"), b1 = PlatformFile("Ascend910B1");
    for (auto& [key, value] : file.items()) {
        if (key == "soc_version" || key == "short_soc_version" || key == "sources" || key == "timing" ||
            key == "timing_sources" || key == "timing_base")
            continue;
        EXPECT_TRUE(Sourced(file.at("sources"), key) || (key == "aic_cores" && Sourced(file.at("sources"), "cores")))
            << key << " has no source";
    }
    for (auto& [api, source] : file.at("unsupported_apis").items())
        EXPECT_FALSE(source.get<std::string>().empty()) << api << " is listed without a source";
    // Every timing number the cost model reads is there (the Fixpipe rate has no FIX pipe to time)
    // and says where it comes from.
    for (auto& [key, value] : b1.at("timing").items()) {
        if (key != "fixpipe_bytes_per_cycle") EXPECT_TRUE(file.at("timing").contains(key)) << key << " is missing";
    }
    for (auto& [key, value] : file.at("timing").items())
        EXPECT_TRUE(Sourced(file.at("timing_sources"), key)) << key << " has no source";
    // The shared timing it names is sourced too.
    EXPECT_EQ(file.value("timing_base", ""), "timing/common.json");
    const nlohmann::json common = PlatformFile("timing/common");
    for (auto& [key, value] : common.at("timing").items())
        EXPECT_TRUE(Sourced(common.at("timing_sources"), key)) << key << " has no source in timing/common.json";

    const akg::PlatformSpec s = Soc("Ascend310P3");
    EXPECT_EQ(s.shortSocVersion, "Ascend310P");
    EXPECT_TRUE(s.coupled);
    EXPECT_FALSE(s.fixPipe);
    EXPECT_EQ(s.aicCores, 8u);
    EXPECT_EQ(s.aivCores, 8u);
    EXPECT_EQ(s.vectorCores, 7u);
    EXPECT_EQ(s.cceAicore, 200u);
    EXPECT_EQ(s.clockMHz, 1060);
    EXPECT_EQ(s.ubSize, 256u * 1024);
    EXPECT_EQ(s.l1Size, 1024u * 1024);
    EXPECT_EQ(s.l0cSize, 256u * 1024);
    EXPECT_EQ(s.btSize, 0u);
    EXPECT_EQ(s.fbSize, 0u);
    EXPECT_EQ(s.l2Size, 16u << 20);
    EXPECT_EQ(s.hbmSize, 24000000000ull);
    EXPECT_EQ(s.sysWorkspaceSize, 2u << 20);
    for (const char* api : {"DataCopyPad", "LoadDataWithTranspose", "CrossCoreSetFlag", "CrossCoreWaitFlag", "SyncAll",
                            "SetAtomicMax", "SetAtomicMin"})
        EXPECT_EQ(s.unsupportedApis.count(api), 1u) << api;
    // Split SoCs keep the defaults: every unit, nothing unsupported.
    const akg::PlatformSpec b = Soc("Ascend910B2");
    EXPECT_FALSE(b.coupled);
    EXPECT_TRUE(b.fixPipe);
    EXPECT_TRUE(b.unsupportedApis.empty());
}

TEST(Ascend310P3, HostTilingSeesCoupledCoresAndTheVectorCores) {
    akg::host::ScopedPlatform scoped(Soc("Ascend310P3"));
    auto* platform = platform_ascendc::PlatformAscendCManager::GetInstance();
    EXPECT_EQ(platform->GetSocVersion(), platform_ascendc::SocVersion::ASCEND310P);
    EXPECT_EQ(platform->GetCoreNum(), 8u);  // coupled: the AI cores ([ADK] GetCoreNum)
    EXPECT_EQ(platform->GetCoreNumAic(), 8u);
    EXPECT_EQ(platform->GetCoreNumAiv(), 8u);
    EXPECT_EQ(platform->GetCoreNumVector(), 7u);
    uint64_t ub = 0, l0c = 0;
    platform->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    platform->GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0c);
    EXPECT_EQ(ub, 256u * 1024);
    EXPECT_EQ(l0c, 256u * 1024);
    EXPECT_EQ(platform->GetLibApiWorkSpaceSize(), 2u << 20);
}

// The same kernel body uses the cube and the vector unit on one core: clean and correct on the
// coupled 310P, CORE_TYPE_MISMATCH on the split 910B (whichever core type runs it).
TEST(Ascend310P3, CubeAndVectorOnOneCoreRunWithoutCoreTypeMismatch) {
    {
        GmScope scope;
        CubeThenVector k;
        KernelRun run = RunOn(Soc("Ascend310P3"), KERNEL_TYPE_AICORE, 1, [&] { k.Body(); });
        ASSERT_TRUE(run.result.completed) << run.Codes();
        EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
        EXPECT_FALSE(k.sawAiv);  // g_coreType is MIX: neither ASCEND_IS_AIV nor ASCEND_IS_AIC holds
        EXPECT_FALSE(k.sawAic);
        for (int i = 0; i < 16; ++i)
            for (int j = 0; j < 16; ++j) ASSERT_EQ(float(k.out[i * 16 + j]), k.Want(i, j)) << i << "," << j;
    }
    for (int32_t type : {KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_MIX_AIC_1_2}) {
        GmScope scope;
        CubeThenVector k;
        KernelRun run = RunOn(Soc("Ascend910B2"), type, 1, [&] { k.Body(); });
        EXPECT_TRUE(run.HasDiag("CORE_TYPE_MISMATCH")) << type << ": " << run.Codes();
        EXPECT_FALSE(run.HasDiag("SOC_UNSUPPORTED")) << run.Codes();
    }
}

TEST(Ascend310P3, EveryKernelTypeRunsBlockDimCoupledCores) {
    const akg::PlatformSpec soc = Soc("Ascend310P3");
    for (int32_t type : {KERNEL_TYPE_AIV_ONLY, KERNEL_TYPE_AIC_ONLY, KERNEL_TYPE_MIX_AIC_1_1, KERNEL_TYPE_MIX_AIC_1_2,
                         KERNEL_TYPE_AICORE}) {
        const std::vector<Seen> seen = Observe(soc, type, 3);
        ASSERT_EQ(seen.size(), 3u) << type;  // not 3 AIC + 6 AIV as on 910B
        for (int b = 0; b < 3; ++b) {
            EXPECT_EQ(seen[b].block, b);
            EXPECT_EQ(seen[b].subNum, 1);
            EXPECT_EQ(seen[b].ratio, 1);
            EXPECT_FALSE(seen[b].aiv || seen[b].aic);
        }
    }
    EXPECT_EQ(Observe(Soc("Ascend910B2"), KERNEL_TYPE_MIX_AIC_1_2, 3).size(), 9u);
    // KERNEL_TYPE_MIX_VECTOR_CORE: blockDim counts AI cores and Vector Cores together.
    EXPECT_EQ(Observe(soc, KERNEL_TYPE_MIX_VECTOR_CORE, soc.aicCores + soc.vectorCores).size(), 15u);
}

TEST(Ascend310P3, VectorCoresOfAMixVectorCoreKernelHaveNoCubeMemory) {
    const akg::PlatformSpec soc = Soc("Ascend310P3");
    auto loadOnEveryCore = [] {
        TPipe pipe;
        TBuf<TPosition::A1> a1;
        TBuf<TPosition::A2> a2;
        pipe.InitBuffer(a1, 512);
        pipe.InitBuffer(a2, 512);
        LoadData(a2.Get<half>(), a1.Get<half>(), LoadData2DParams(0, 1, 1, 0, 0, false, 0));
    };
    KernelRun vector = RunOn(soc, KERNEL_TYPE_MIX_VECTOR_CORE, 15, loadOnEveryCore);
    const akg::sim::Diagnostic* d = akg::test::FindDiag(vector, "CORE_TYPE_MISMATCH");
    ASSERT_NE(d, nullptr) << vector.Codes();
    EXPECT_NE(d->message.find("Vector Cores of Ascend310P3"), std::string::npos) << d->message;
    KernelRun aiCore = RunOn(soc, KERNEL_TYPE_AICORE, 8, loadOnEveryCore);
    EXPECT_TRUE(aiCore.result.diagnostics.empty()) << aiCore.Codes();
}

// What 310P lacks is diagnosed where it is used; the same calls are clean on 910B.
TEST(Ascend310P3, WhatTheSocLacksIsSocUnsupported) {
    const akg::PlatformSpec p310 = Soc("Ascend310P3"), b2 = Soc("Ascend910B2");
    GmScope scope;
    GmBuffer<half> x(256, "x");
    GmBuffer<float> y(256, "y");
    auto padCopy = [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(ub, 512);
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)x.addr(), 256);
        DataCopyPad(ub.Get<half>(), g, DataCopyExtParams(1, 100 * sizeof(half), 0, 0, 0),
                    DataCopyPadExtParams<half>(false, 0, 0, half(0.0f)));
    };
    KernelRun pad = RunOn(p310, KERNEL_TYPE_AICORE, 1, padCopy);
    EXPECT_FALSE(pad.result.completed);
    const akg::sim::Diagnostic* d = akg::test::FindDiag(pad, "SOC_UNSUPPORTED");
    ASSERT_NE(d, nullptr) << pad.Codes();
    EXPECT_NE(d->message.find("DataCopyPad is not supported on Ascend310P3"), std::string::npos) << d->message;
    EXPECT_TRUE(RunOn(b2, KERNEL_TYPE_AIV_ONLY, 1, padCopy).result.diagnostics.empty());

    // Fixpipe: no FIX pipe.
    auto fixpipe = [&] {
        TPipe pipe;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2buf;
        TBuf<TPosition::CO1> c;
        pipe.InitBuffer(a2, 512);
        pipe.InitBuffer(b2buf, 512);
        pipe.InitBuffer(c, 1024);
        Mmad(c.Get<float>(), a2.Get<half>(), b2buf.Get<half>(), MmadParams(16, 16, 16, 0, false, true));
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)y.addr(), 256);
        Fixpipe(g, c.Get<float>(), FixpipeParamsV220(16, 16, 16, 16, false));
    };
    KernelRun fix = RunOn(p310, KERNEL_TYPE_AICORE, 1, fixpipe);
    d = akg::test::FindDiag(fix, "SOC_UNSUPPORTED");
    ASSERT_NE(d, nullptr) << fix.Codes();
    EXPECT_NE(d->message.find("FIX pipe"), std::string::npos) << d->message;
    EXPECT_TRUE(RunOn(b2, KERNEL_TYPE_AIC_ONLY, 1, fixpipe).result.diagnostics.empty());

    // The bias table does not exist.
    KernelRun bias = RunOn(p310, KERNEL_TYPE_AICORE, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::A2> a2;
        TBuf<TPosition::B2> b2buf;
        TBuf<TPosition::CO1> c;
        TBuf<TPosition::C2> bt;
        pipe.InitBuffer(a2, 512);
        pipe.InitBuffer(b2buf, 512);
        pipe.InitBuffer(c, 1024);
        pipe.InitBuffer(bt, 64);
        Mmad(c.Get<float>(), a2.Get<half>(), b2buf.Get<half>(), bt.Get<float>(),
             MmadParams(16, 16, 16, 0, false, false));
    });
    d = akg::test::FindDiag(bias, "SOC_UNSUPPORTED");
    ASSERT_NE(d, nullptr) << bias.Codes();
    EXPECT_NE(d->message.find("BT"), std::string::npos) << d->message;

    // No cross-core flags, no hardware SyncAll; the software SyncAll works.
    KernelRun flag = RunOn(p310, KERNEL_TYPE_MIX_AIC_1_2, 2, [] { CrossCoreSetFlag<0, PIPE_MTE3>(1); });
    EXPECT_TRUE(flag.HasDiag("SOC_UNSUPPORTED")) << flag.Codes();
    EXPECT_FALSE(flag.HasDiag("CROSS_FLAG_MODE")) << flag.Codes();
    KernelRun atomicMax = RunOn(p310, KERNEL_TYPE_AICORE, 1, [] { SetAtomicMax<float>(); });
    EXPECT_TRUE(atomicMax.HasDiag("SOC_UNSUPPORTED")) << atomicMax.Codes();
    EXPECT_TRUE(RunOn(p310, KERNEL_TYPE_AICORE, 1, [] { SetAtomicAdd<float>(); }).result.diagnostics.empty());
    KernelRun hard = RunOn(p310, KERNEL_TYPE_AICORE, 2, [] { SyncAll(); });
    EXPECT_TRUE(hard.HasDiag("SOC_UNSUPPORTED")) << hard.Codes();
    GmBuffer<int32_t> workspace(8 * 8, "workspace");
    auto soft = [&] {
        TPipe pipe;
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(ub, 32);
        GlobalTensor<int32_t> g;
        g.SetGlobalBuffer((__gm__ int32_t*)workspace.addr(), workspace.n);
        SyncAll(g, ub.Get<int32_t>(), 8);
    };
    KernelRun softRun = RunOn(p310, KERNEL_TYPE_AICORE, 8, soft);
    EXPECT_TRUE(softRun.result.completed && softRun.result.diagnostics.empty()) << softRun.Codes();
    // ...except between the AI cores and Vector Cores of a MIX_VECTOR_CORE kernel.
    EXPECT_TRUE(RunOn(p310, KERNEL_TYPE_MIX_VECTOR_CORE, 8, soft).HasDiag("SOC_UNSUPPORTED"));
}

// L0C -> UB with DataCopyEnhancedParams: whole fractals with a destination gap, fractal rows
// (BLOCK_MODE_VECTOR), ReLU on the way to half; BLOCK_MODE_NORMAL (the default) is rejected.
TEST(Ascend310P3, L0cToUbBlockModesAndRelu) {
    GmScope scope;
    auto value = [](int i) { return float(i % 2 ? i : -i); };
    std::vector<float> matrix(520), rows(32);
    std::vector<half> relu(256);
    KernelRun run = RunOn(Soc("Ascend310P3"), KERNEL_TYPE_AICORE, 1, [&] {
        TPipe pipe;
        TBuf<TPosition::CO1> co1;
        TBuf<TPosition::VECCALC> ub;
        pipe.InitBuffer(co1, 2048);
        pipe.InitBuffer(ub, 4096);
        LocalTensor<float> c = co1.Get<float>();
        for (int i = 0; i < 512; ++i) c.SetValue(i, value(i));
        DataCopyEnhancedParams e;
        e.blockMode = BlockMode::BLOCK_MODE_MATRIX;
        DataCopy(ub.Get<float>(), c, DataCopyParams(2, 1, 0, 1), e);  // two fractals, 32 bytes apart in UB
        for (int i = 0; i < 520; ++i) matrix[i] = ub.Get<float>().GetValue(i);
        e.blockMode = BlockMode::BLOCK_MODE_VECTOR;  // blockLen counts rows of 16
        DataCopy(ub.Get<float>(), c, DataCopyParams(1, 2, 0, 0), e);
        for (int i = 0; i < 32; ++i) rows[i] = ub.Get<float>().GetValue(i);
        e.blockMode = BlockMode::BLOCK_MODE_MATRIX;
        e.isRelu = true;
        DataCopy(ub.Get<half>(), c, DataCopyParams(1, 1, 0, 0), e);
        for (int i = 0; i < 256; ++i) relu[i] = ub.Get<half>().GetValue(i);
        DataCopyEnhancedParams normal;
        DataCopy(ub.Get<float>(), c, DataCopyParams(1, 1, 0, 0), normal);
    });
    ASSERT_TRUE(run.result.completed) << run.Codes();
    ASSERT_EQ(run.result.diagnostics.size(), 1u) << run.Codes();
    EXPECT_EQ(run.result.diagnostics[0].code, "CUBE_PARAM_RANGE");
    for (int i = 0; i < 256; ++i) {
        EXPECT_EQ(matrix[i], value(i)) << i;
        EXPECT_EQ(matrix[264 + i], value(256 + i)) << i;  // after 256 floats and an 8-float gap
        EXPECT_EQ(float(relu[i]), i % 2 ? float(i) : 0.0f) << i;
    }
    for (int i = 0; i < 32; ++i) EXPECT_EQ(rows[i], value(i)) << i;
}

// The Matmul library on a coupled core: no KFC hand-off, the result leaves L0C without a FIX pipe
// (timed on MTE3 towards GM), and the values are exact for these small integers.
TEST(Ascend310P3, MatmulLibraryRunsOnOneCoreWithoutFixPipe) {
    GmScope scope;
    const int m = 32, n = 48, k = 64;
    GmBuffer<half> a(m * k, "a"), b(k * n, "b");
    GmBuffer<float> c(m * n, "c");
    for (int i = 0; i < m * k; ++i) a[i] = half(float(i % 5 - 2));
    for (int i = 0; i < k * n; ++i) b[i] = half(float(i % 3 - 1));
    TCubeTiling t{};
    t.usedCoreNum = 1;
    t.M = t.singleCoreM = m;
    t.N = t.singleCoreN = n;
    t.Ka = t.Kb = t.singleCoreK = k;
    t.baseM = 32;
    t.baseN = 48;
    t.baseK = 32;
    t.stepM = t.stepN = 1;
    t.stepKa = t.stepKb = 2;
    t.depthA1 = t.depthB1 = 4;
    t.dbL0A = t.dbL0B = 2;
    t.dbL0C = 1;
    akg::cost::CostModel model(Soc("Ascend310P3"));
    KernelRun run = RunOn(Soc("Ascend310P3"), KERNEL_TYPE_AICORE, 1, [&] {
        TPipe pipe;
        GlobalTensor<half> ga, gb;
        GlobalTensor<float> gc;
        ga.SetGlobalBuffer((__gm__ half*)a.addr(), a.n);
        gb.SetGlobalBuffer((__gm__ half*)b.addr(), b.n);
        gc.SetGlobalBuffer((__gm__ float*)c.addr(), c.n);
        matmul::Matmul<MatmulType<TPosition::GM, CubeFormat::ND, half>, MatmulType<TPosition::GM, CubeFormat::ND, half>,
                       MatmulType<TPosition::GM, CubeFormat::ND, float>>
            mm;
        REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &t);
        mm.SetTensorA(ga);
        mm.SetTensorB(gb);
        mm.IterateAll(gc);
        mm.End();
    }, {&model});
    ASSERT_TRUE(run.result.completed) << run.Codes();
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            float want = 0;
            for (int x = 0; x < k; ++x) want += float(a[i * k + x]) * float(b[x * n + j]);
            ASSERT_EQ(c[i * n + j], want) << i << "," << j;
        }
    const akg::cost::KernelTime& time = model.Result();
    EXPECT_EQ(time.pipeBusyUs[6], 0.0);  // FIX
    EXPECT_GT(time.pipeBusyUs[5], 0.0);  // MTE3 carries C out
    EXPECT_GT(time.pipeBusyUs[2], 0.0);  // M
}

// The double-buffered Add (cost_kernels.h) on every AI core, bandwidth-bound on both SoCs: the
// 310P3 / 910B2 time ratio is what the platform files' GM numbers predict. Each SoC moves at most
// its aggregate GM bandwidth, and at least what its cores move with one transfer each at the
// per-core cap (a core's MTE2 and MTE3 transfers overlap part of the time, so more); 910B2 is
// aggregate-bound either way, 310P3 lies between the two.
TEST(Ascend310P3, AddTimeRatioToAscend910B2FollowsTheBandwidths) {
    GmScope scope;
    const uint32_t m = 1536, n = 8192, tile = 16384;
    GmBuffer<half> x(size_t(m) * n, "x"), y(size_t(m) * n, "y"), z(size_t(m) * n, "z");
    std::memset(x.data, 0, x.n * 2);
    std::memset(y.data, 0, y.n * 2);
    const akg::costk::AddArgs args{x.data, y.data, z.data, m, n, tile};
    auto timed = [&](const akg::PlatformSpec& soc) {
        bool ok = false;
        const akg::cost::KernelTime t =
            akg::costk::Simulate(soc, soc.aivCores, [&] { akg::costk::AddVector<2>(args); }, &ok);
        EXPECT_TRUE(ok);
        return t;
    };
    auto cappedGBps = [](const akg::PlatformSpec& s) {
        return std::min(s.timing.gmBandwidthGBps, s.aivCores * s.timing.coreGmBytesPerCycle * s.clockMHz / 1e3);
    };
    const akg::PlatformSpec p310 = Soc("Ascend310P3"), b2 = Soc("Ascend910B2");
    const akg::cost::KernelTime t310 = timed(p310), tb2 = timed(b2);
    const double ratio = t310.slowestCoreUs / tb2.slowestCoreUs;
    const double fastest = b2.timing.gmBandwidthGBps / p310.timing.gmBandwidthGBps;  // 9.6
    const double slowest = b2.timing.gmBandwidthGBps / cappedGBps(p310);                // 14.2
    EXPECT_EQ(cappedGBps(b2), b2.timing.gmBandwidthGBps);
    EXPECT_GT(ratio, 0.95 * fastest) << "310P3 " << t310.kernelUs << " us, 910B2 " << tb2.kernelUs << " us";
    EXPECT_LT(ratio, 1.05 * slowest) << "310P3 " << t310.kernelUs << " us, 910B2 " << tb2.kernelUs << " us";
    EXPECT_EQ(t310.boundPipe, 4u);  // MTE2
    // The vector work is a small part of either time.
    EXPECT_LT(t310.pipeBusyUs[1], 0.2 * t310.slowestCoreUs);
}
