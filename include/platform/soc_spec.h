// NpuArch: the architecture numbers (the device compiler's __NPU_ARCH__) that
// PlatformAscendC::GetCurNpuArch reports; tiling code branches on them
// (Atlas A2/A3: DAV_2201, Atlas inference 310P: DAV_2002, Atlas 200I/500 A2: DAV_3002,
// Atlas training: DAV_1001, Ascend 950: DAV_3510; DAV_3102 is one more the repositories name).
#pragma once

#include <cstdint>

enum class NpuArch : uint32_t {
    DAV_1001 = 1001,
    DAV_2002 = 2002,
    DAV_2201 = 2201,
    DAV_3002 = 3002,
    DAV_3102 = 3102,
    DAV_3510 = 3510,
    DAV_RESV = 0xFFFFFFFF,
};
