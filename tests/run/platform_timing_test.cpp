// Platform files carry the cost model's timing numbers; the code defaults are Ascend910B1's.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "run/op_runner.h"

namespace {

akg::PlatformSpec Load(const std::string& name) {
    akg::PlatformSpec spec;
    std::string error;
    EXPECT_TRUE(akg::run::LoadPlatform(name, &spec, &error)) << error;
    return spec;
}

TEST(PlatformTiming, DefaultsAreTheAscend910B1File) {
    const akg::PlatformTiming file = Load("Ascend910B1").timing, code;
    EXPECT_EQ(file.gmBandwidthGBps, code.gmBandwidthGBps);
    EXPECT_EQ(file.coreGmBytesPerCycle, code.coreGmBytesPerCycle);
    EXPECT_EQ(file.aicGmBytesPerCycle, code.aicGmBytesPerCycle);
    EXPECT_EQ(file.hbmPeakGBps, code.hbmPeakGBps);
    EXPECT_EQ(file.l2PeakGBps, code.l2PeakGBps);
    EXPECT_EQ(file.dmaInstrCycles, code.dmaInstrCycles);
    EXPECT_EQ(file.dmaBurstCycles, code.dmaBurstCycles);
    EXPECT_EQ(file.gmUnalignedBurstBytes, code.gmUnalignedBurstBytes);
    EXPECT_EQ(file.l1ToL0aBytesPerCycle, code.l1ToL0aBytesPerCycle);
    EXPECT_EQ(file.l1ToL0bBytesPerCycle, code.l1ToL0bBytesPerCycle);
    EXPECT_EQ(file.l1ToUbBytesPerCycle, code.l1ToUbBytesPerCycle);
    EXPECT_EQ(file.fixpipeBytesPerCycle, code.fixpipeBytesPerCycle);
    EXPECT_EQ(file.ubToUbBytesPerCycle, code.ubToUbBytesPerCycle);
    EXPECT_EQ(file.mte1StartCycles, code.mte1StartCycles);
    EXPECT_EQ(file.cubeCyclesPerFractalB16, code.cubeCyclesPerFractalB16);
    EXPECT_EQ(file.cubeCyclesPerFractalB32, code.cubeCyclesPerFractalB32);
    EXPECT_EQ(file.cubeCyclesPerFractalB8, code.cubeCyclesPerFractalB8);
    EXPECT_EQ(file.vectorStartCycles, code.vectorStartCycles);
    EXPECT_EQ(file.vectorRepeatCycles, code.vectorRepeatCycles);
    EXPECT_EQ(file.vectorBankConflicts, code.vectorBankConflicts);
    EXPECT_EQ(file.pipeBarrierCycles, code.pipeBarrierCycles);
    EXPECT_EQ(file.scalarIssueCycles, code.scalarIssueCycles);
    EXPECT_EQ(file.scalarAccessCycles, code.scalarAccessCycles);
    EXPECT_EQ(file.scalarGmMissCycles, code.scalarGmMissCycles);
    EXPECT_EQ(file.dcacheBytes, code.dcacheBytes);
    EXPECT_EQ(file.pipeQueueDepth, code.pipeQueueDepth);
    EXPECT_EQ(file.syncAllCycles, code.syncAllCycles);
    EXPECT_EQ(file.launchUs, code.launchUs);
    EXPECT_EQ(file.launchUsPerCore, code.launchUsPerCore);
}

TEST(PlatformTiming, EverySocHasTimingAndSlowerPartsHaveLessBandwidth) {
    const double b1 = Load("Ascend910B1").timing.gmBandwidthGBps;
    EXPECT_EQ(Load("Ascend910_9391").timing.gmBandwidthGBps, b1);
    EXPECT_LT(Load("Ascend910B2").timing.gmBandwidthGBps, b1);
    EXPECT_LT(Load("Ascend910B3").timing.gmBandwidthGBps, Load("Ascend910B2").timing.gmBandwidthGBps);
    EXPECT_LT(Load("Ascend910B4").timing.gmBandwidthGBps, Load("Ascend910B3").timing.gmBandwidthGBps);
    // DDR, 8 AI cores at 1060 MHz: a tenth of 910B1's (ddr_rate 17 against 32).
    const akg::PlatformTiming p310 = Load("Ascend310P3").timing;
    EXPECT_NEAR(p310.gmBandwidthGBps, b1 * (17.0 * 8 * 1060) / (32.0 * 24 * 1850), 1.0);
    EXPECT_LT(p310.coreGmBytesPerCycle, Load("Ascend910B1").timing.coreGmBytesPerCycle);
}

// Per-repeat cycles are keyed by cost class: a file naming an API (the old key) or a class the
// timing cannot set is a bad platform description, not a silently ignored line.
TEST(PlatformTiming, RepeatCyclesAreKeyedByCostClass) {
    const akg::PlatformTiming t = Load("Ascend310P3").timing;
    EXPECT_EQ(t.vectorRepeatCycles[size_t(akg::sim::CostClass::Transcendental)], std::make_pair(4.0, 2.0));
    EXPECT_EQ(t.vectorRepeatCycles[size_t(akg::sim::CostClass::CrossLane)], std::make_pair(2.0, 2.0));
    EXPECT_EQ(t.vectorRepeatCycles[size_t(akg::sim::CostClass::Simple)], std::make_pair(1.0, 1.0));
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "akg_platform_timing_test";
    std::filesystem::create_directories(dir);
    for (const char* key : {"Exp", "folded"}) {
        const std::filesystem::path file = dir / "Bad.json";
        std::ofstream(file) << R"({"soc_version": "Bad", "short_soc_version": "Bad", "aic_cores": 1, "aiv_cores": 1,
            "cce_aicore": 220, "clock_mhz": 1000, "memory": {"ub": 1, "l1": 1, "l0a": 1, "l0b": 1, "l0c": 1,
            "l2": 1, "hbm": 1}, "timing": {"vector_repeat_cycles": {")"
                            << key << R"(": [4, 2]}}})";
        akg::PlatformSpec spec;
        std::string error;
        EXPECT_FALSE(akg::run::LoadPlatform(file.string(), &spec, &error)) << key;
        EXPECT_NE(error.find(std::string("\"") + key + "\" is not a cost class"), std::string::npos) << error;
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
