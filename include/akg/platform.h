// The SoC a run models: core counts, clock, memory sizes. One description feeds both the
// simulator (capacities, core count) and host tiling code (PlatformAscendC), so the two can
// never disagree. Values come from a platform file in platforms/ (see docs/platforms.md).
#pragma once

#include <cstdint>
#include <string>

namespace akg {

struct PlatformSpec {
    std::string socVersion = "Ascend910B1";       // full SoC name
    std::string shortSocVersion = "Ascend910B";   // family, what tiling code compares against
    uint32_t aicCores = 24;
    uint32_t aivCores = 48;
    uint32_t vectorCores = 0;  // extra vector-only cores (310P); 0 on A2/A3
    uint32_t cceAicore = 220;  // value of __CCE_AICORE__
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
};

}  // namespace akg
