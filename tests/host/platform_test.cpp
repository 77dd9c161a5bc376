// PlatformAscendC and fe::PlatFormInfos follow the current platform.
#include <gtest/gtest.h>

#include "akg/host/host_registry.h"
#include "platform/platform_info.h"
#include "tiling/platform/platform_ascendc.h"

namespace {

using platform_ascendc::CoreMemType;
using platform_ascendc::PlatformAscendC;
using platform_ascendc::PlatformAscendCManager;
using platform_ascendc::SocVersion;

akg::PlatformSpec Ascend310P() {
    akg::PlatformSpec spec;
    spec.socVersion = "Ascend310P3";
    spec.shortSocVersion = "Ascend310P";
    spec.aicCores = 8;
    spec.aivCores = 8;
    spec.vectorCores = 7;
    spec.coupled = true;
    spec.ubSize = 262144;
    return spec;
}

class PlatformTest : public ::testing::Test {
protected:
    void TearDown() override { akg::host::SetPlatform(akg::PlatformSpec{}); }
};

TEST_F(PlatformTest, Ascend910BValues) {
    akg::PlatformSpec spec;
    spec.aicCores = 20;
    spec.aivCores = 40;
    akg::host::SetPlatform(spec);
    PlatformAscendC* platform = PlatformAscendCManager::GetInstance();
    EXPECT_EQ(platform->GetSocVersion(), SocVersion::ASCEND910B);
    EXPECT_EQ(platform->GetCurNpuArch(), NpuArch::DAV_2201);
    EXPECT_EQ(platform->GetCoreNum(), 40u);  // split AIC/AIV: vector cores
    EXPECT_EQ(platform->GetCoreNumAic(), 20u);
    EXPECT_EQ(platform->GetCoreNumAiv(), 40u);
    EXPECT_EQ(platform->GetCoreNumVector(), 0u);
    uint64_t size = 0;
    platform->GetCoreMemSize(CoreMemType::UB, size);
    EXPECT_EQ(size, spec.ubSize - 256);  // kernel runtime reserve on Ascend910B
    platform->GetCoreMemSize(CoreMemType::L1, size);
    EXPECT_EQ(size, spec.l1Size - 256);
    platform->GetCoreMemSize(CoreMemType::L0_C, size);
    EXPECT_EQ(size, spec.l0cSize);
    platform->GetCoreMemSize(CoreMemType::BT, size);
    EXPECT_EQ(size, spec.btSize);
    platform->GetCoreMemSize(CoreMemType::HBM, size);
    EXPECT_EQ(size, spec.hbmSize);
    EXPECT_EQ(platform->GetLibApiWorkSpaceSize(), spec.sysWorkspaceSize);
    uint64_t bw = 0;
    platform->GetCoreMemBw(CoreMemType::HBM, bw);
    EXPECT_GT(bw, 0u);
}

TEST_F(PlatformTest, ReserveLocalMemoryShrinksUb) {
    akg::host::SetPlatform(akg::PlatformSpec{});
    fe::PlatFormInfos infos;
    fe::OptionalInfos optional;
    ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfoWithOutSocVersion(infos, optional), 0u);
    PlatformAscendC platform(&infos);
    platform.ReserveLocalMemory(platform_ascendc::ReservedSize::RESERVED_SIZE_16K);
    uint64_t ub = 0;
    platform.GetCoreMemSize(CoreMemType::UB, ub);
    EXPECT_EQ(ub, akg::PlatformSpec{}.ubSize - 256 - 16 * 1024);
}

TEST_F(PlatformTest, CoupledSocReportsAiCores) {
    akg::host::SetPlatform(Ascend310P());
    PlatformAscendC* platform = PlatformAscendCManager::GetInstance();  // follows the change
    EXPECT_EQ(platform->GetSocVersion(), SocVersion::ASCEND310P);
    EXPECT_EQ(platform->GetCurNpuArch(), NpuArch::DAV_2002);
    EXPECT_EQ(platform->GetCoreNum(), 8u);
    EXPECT_EQ(platform->GetCoreNumAic(), 8u);
    EXPECT_EQ(platform->GetCoreNumAiv(), 8u);
    EXPECT_EQ(platform->GetCoreNumVector(), 7u);
    uint64_t ub = 0;
    platform->GetCoreMemSize(CoreMemType::UB, ub);
    EXPECT_EQ(ub, 262144u);  // no reserve outside Ascend910B
    EXPECT_EQ(platform->GetResGroupBarrierWorkSpaceSize(), UINT32_MAX);
}

TEST_F(PlatformTest, SocVersionNames) {
    akg::PlatformSpec a3;
    a3.socVersion = "Ascend910_9391";
    a3.shortSocVersion = "Ascend910_93";
    akg::host::SetPlatform(a3);
    EXPECT_EQ(PlatformAscendCManager::GetInstance()->GetSocVersion(), SocVersion::ASCEND910_93);
    EXPECT_NE(PlatformAscendCManager::GetInstance("ascend910_93"), nullptr);
    EXPECT_NE(PlatformAscendCManager::GetInstance("Ascend910_9391"), nullptr);
    EXPECT_EQ(PlatformAscendCManager::GetInstance("Ascend310P"), nullptr);
}

TEST_F(PlatformTest, CalcTschBlockDim) {
    PlatformAscendC* platform = PlatformAscendCManager::GetInstance();
    EXPECT_EQ(platform->CalcTschBlockDim(48, 24, 48), 24u);
    EXPECT_EQ(platform->CalcTschBlockDim(7, 24, 48), 4u);
    EXPECT_EQ(platform->CalcTschBlockDim(7, 0, 48), 7u);
    EXPECT_EQ(platform->CalcTschBlockDim(100, 24, 48), 0u);  // more blocks than cube cores
}

TEST_F(PlatformTest, PlatformResStrings) {
    fe::PlatFormInfos infos;
    fe::OptionalInfos optional;
    ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfos("Ascend910B", infos, optional), 0u);
    std::string value;
    ASSERT_TRUE(infos.GetPlatformRes("SoCInfo", "vector_core_cnt", value));
    EXPECT_EQ(value, "48");
    ASSERT_TRUE(infos.GetPlatformRes("version", "SoC_version", value));
    EXPECT_EQ(value, "Ascend910B1");
    EXPECT_FALSE(infos.GetPlatformRes("SoCInfo", "no_such_key", value));
    EXPECT_EQ(infos.GetCoreNum(), 48u);
    infos.SetCoreNumByCoreType("CubeCore");
    EXPECT_EQ(infos.GetCoreNum(), 24u);
    uint64_t l0a = 0;
    infos.GetLocalMemSize(fe::LocalMemType::L0_A, l0a);
    EXPECT_EQ(l0a, 65536u);
    EXPECT_NE(fe::PlatformInfoManager::Instance().GetPlatformInfos("Ascend310P", infos, optional), 0u);
}

// Tiling code tells the architectures apart by the intrinsics the platform lists (ops-cv's
// UpsampleBicubic2dGrad refuses a SoC without Intrinsic_fix_pipe_l0c2out, and its TilingParse then
// leaves the core count at zero).
TEST_F(PlatformTest, IntrinsicMapListsTheDataPathsTheSocHas) {
    fe::PlatFormInfos a2, p310;
    fe::OptionalInfos optional;
    ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfos("Ascend910B", a2, optional), 0u);
    akg::PlatformSpec spec310 = Ascend310P();
    spec310.fixPipe = false;
    spec310.btSize = 0;
    akg::host::SetPlatform(spec310);
    ASSERT_EQ(fe::PlatformInfoManager::Instance().GetPlatformInfos("Ascend310P", p310, optional), 0u);
    std::string value;
    EXPECT_TRUE(a2.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_fix_pipe_l0c2out", value));
    EXPECT_FALSE(value.empty());
    EXPECT_TRUE(a2.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_data_move_l12bt", value));
    EXPECT_FALSE(a2.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_data_move_l0c2ub", value));
    EXPECT_FALSE(p310.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_fix_pipe_l0c2out", value));
    EXPECT_FALSE(p310.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_data_move_l12bt", value));
    EXPECT_TRUE(p310.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_data_move_l0c2ub", value));
    EXPECT_TRUE(p310.GetPlatformRes("AICoreintrinsicDtypeMap", "Intrinsic_data_move_l12ub", value));
}

TEST_F(PlatformTest, TilingSeesTheRequestPlatformThenItIsRestored) {
    akg::host::SetPlatform(akg::PlatformSpec{});
    akg::host::TilingRequest request;
    request.opType = "NeverRegistered";
    request.platform = Ascend310P();
    akg::host::RunTiling(request);
    EXPECT_EQ(akg::host::CurrentPlatform().shortSocVersion, "Ascend910B");
}

}  // namespace
