// The SoC a run models: core counts, clock, memory sizes. One description feeds both the
// simulator (capacities, core count) and host tiling code (PlatformAscendC), so the two can
// never disagree. Values come from a platform file in platforms/ (see docs/platforms.md).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "akg/sim/cost_class.h"

namespace akg {

// What the cost model (src/sim/cost) needs to time an instruction stream. Defaults are the
// Ascend910B1 values; every platform file states each number's source ("timing_sources").
// Units: cycles of the AI Core clock (PlatformSpec::clockMHz), bytes, GB/s (1e9 B/s), µs.
struct PlatformTiming {
    // GM: what all cores together move (reads + writes through L2), what one core's MTE2 or
    // MTE3 moves at most, and the peaks the hardware lower bound T_hw uses.
    double gmBandwidthGBps = 1600;
    double coreGmBytesPerCycle = 24.3;
    // The same for the cube core's engines (MTE2 into L1/L0, Fixpipe out to GM).
    double aicGmBytesPerCycle = 31.8;
    double hbmPeakGBps = 1800;
    double l2PeakGBps = 5200;
    // Per DMA instruction: pipe occupancy before data moves, per burst (block of blockCount),
    // and the extra bytes a burst costs when its GM start is not 512-byte aligned.
    double dmaInstrCycles = 13;
    double dmaBurstCycles = 0.5;
    double gmUnalignedBurstBytes = 768;
    // On-chip paths, bytes per cycle.
    double l1ToL0aBytesPerCycle = 256;
    double l1ToL0bBytesPerCycle = 128;
    double l1ToUbBytesPerCycle = 128;
    double fixpipeBytesPerCycle = 128;
    double ubToUbBytesPerCycle = 256;
    double mte1StartCycles = 26;
    // Cube: cycles per 16 x K0 x 16 fractal MMAD (K0 = 32 bytes / element size).
    double cubeCyclesPerFractalB16 = 1;
    double cubeCyclesPerFractalB32 = 2;
    double cubeCyclesPerFractalB8 = 1;
    // Vector: startup per instruction, cycles per 256-byte repeat by the instruction's cost class
    // as {16-bit-or-narrower, 32-bit-or-wider}, and whether UB bank-group conflicts are charged.
    double vectorStartCycles = 22;
    std::array<std::pair<double, double>, sim::kCostClasses> vectorRepeatCycles = {{
        {1, 1},  // Simple
        {4, 2},  // Transcendental
        {2, 2},  // CrossLane
        {1, 1},  // Folded: the instruction counted its steps as repeats
    }};
    bool vectorBankConflicts = true;
    double pipeBarrierCycles = 18;
    // Scalar unit: issuing any instruction, and a GetValue/SetValue on local memory.
    double scalarIssueCycles = 2;
    double scalarAccessCycles = 11;
    // A scalar GM access whose 64-byte line is not in the core's data cache waits for GM this long
    // (and a ReadGmByPassDCache / WriteGmByPassDCache always does); the cache holds dcacheBytes.
    double scalarGmMissCycles = 210;
    uint32_t dcacheBytes = 32768;
    uint32_t pipeQueueDepth = 32;
    double syncAllCycles = 500;
    // Task Duration beyond the slowest core: launchUs + launchUsPerCore * cores.
    double launchUs = 0.46;
    double launchUsPerCore = 0.125;
    // SIMT (Ascend 950): thread memory accesses the vector core's warps issue per cycle.
    double simtAccessesPerCycle = 32;
};

struct PlatformSpec {
    std::string socVersion = "Ascend910B1";       // full SoC name
    std::string shortSocVersion = "Ascend910B";   // family, what tiling code compares against
    uint32_t aicCores = 24;
    uint32_t aivCores = 48;
    uint32_t vectorCores = 0;  // extra vector-only cores (310P); 0 on A2/A3
    // Coupled AI cores (Atlas inference, 310P): one core holds the cube and vector units and one
    // scalar unit, so aicCores == aivCores == the AI cores. A2/A3 split each AI core into one AIC
    // and two AIVs.
    bool coupled = false;
    // Whether L0C leaves through the FIX pipe (Fixpipe). Without it (310P) L0C goes to UB
    // through the vector unit.
    bool fixPipe = true;
    // APIs this SoC's CANN reports as not supported (SOC_UNSUPPORTED), with the source saying so.
    std::map<std::string, std::string> unsupportedApis;
    uint32_t cceAicore = 220;  // value of __CCE_AICORE__
    // The SIMT programming model on the vector cores (asc_vf_call, simt_api/*.h): Ascend 950 only.
    bool simt = false;
    double clockMHz = 1850;
    uint64_t ubSize = 196608;
    uint64_t l1Size = 524288;
    uint64_t l0aSize = 65536;
    uint64_t l0bSize = 65536;
    uint64_t l0cSize = 131072;
    uint64_t btSize = 1024;
    uint64_t fbSize = 7168;
    uint64_t l2Size = 201326592;
    uint64_t hbmSize = 68719476736ull;
    uint64_t sysWorkspaceSize = 16 * 1024 * 1024;  // GetLibApiWorkSpaceSize
    PlatformTiming timing;
};

}  // namespace akg
