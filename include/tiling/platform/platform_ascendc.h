// platform_ascendc::PlatformAscendC: core counts, memory sizes and SoC version for tiling code,
// read from the fe::PlatFormInfos a context hands out (TilingContext::GetPlatformInfo()) or, via
// PlatformAscendCManager, from the current platform.
#pragma once

#include <cstdint>

#include "platform/platform_info.h"
#include "platform/soc_spec.h"

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };

enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND910_93,
    ASCEND310P,
    ASCEND310B,
    ASCEND310,
    ASCEND610,
    ASCEND610LITE,
    ASCEND910E,
    BS9SX1A,
    BS9SX2A,
    MC61AM21A,
    KIRINX90,
    KIRIN9030,
    ASCEND031,
    ASCEND035,
    RESERVED_VERSION,
    // Ascend 950 (platforms/Ascend950PR.json) and its deprecated name.
    ASCEND950,
    ASCEND910_95 = ASCEND950
};

// UB space ReserveLocalMemory sets aside.
enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
public:
    PlatformAscendC() = delete;
    ~PlatformAscendC() = default;
    explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}

    // Vector cores on split (AIC/AIV) SoCs, AI cores otherwise.
    uint32_t GetCoreNum() const;
    uint32_t GetCoreNumAic() const;
    uint32_t GetCoreNumAiv() const;
    // Separate vector-only cores (Ascend310P); 0 elsewhere.
    uint32_t GetCoreNumVector() const;
    // UB and L1 exclude the 256 bytes Ascend910B keeps for the kernel runtime; UB also excludes
    // what ReserveLocalMemory set aside.
    void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const;
    // Bytes per cycle, L2 and HBM only.
    void GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const;
    SocVersion GetSocVersion() const;
    // The architecture of the SoC (DAV_2201 on Atlas A2/A3); DAV_RESV when unknown.
    NpuArch GetCurNpuArch() const {
        switch (GetSocVersion()) {
            case SocVersion::ASCEND910: return NpuArch::DAV_1001;
            case SocVersion::ASCEND910B:
            case SocVersion::ASCEND910_93: return NpuArch::DAV_2201;
            case SocVersion::ASCEND310P: return NpuArch::DAV_2002;
            case SocVersion::ASCEND310B: return NpuArch::DAV_3002;
            case SocVersion::ASCEND950: return NpuArch::DAV_3510;
            default: return NpuArch::DAV_RESV;
        }
    }
    // System workspace the AscendC library needs in GM (add it to workspace 0).
    uint32_t GetLibApiWorkSpaceSize() const;
    // Workspace for GroupBarrier / CreateCubeResGroup; UINT32_MAX on SoCs without them.
    uint32_t GetResGroupBarrierWorkSpaceSize() const;
    uint32_t GetResCubeGroupWorkSpaceSize() const;
    // Block count for a mixed cube/vector kernel that splits work into `sliceNum` vector slices.
    uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
    uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
        return CalcTschNumBlocks(sliceNum, aicCoreNum, aivCoreNum);
    }
    void ReserveLocalMemory(ReservedSize size);

    fe::PlatFormInfos* GetPlatFormInfo() const { return platformInfo_; }

private:
    fe::PlatFormInfos* platformInfo_;
    uint32_t reservedMemSize_ = 0;
};

class PlatformAscendCManager {
public:
    // The current platform (akg::host::SetPlatform); the object follows later platform changes.
    static PlatformAscendC* GetInstance();
    // nullptr unless `customSocVersion` names the current platform (full or short SoC name).
    static PlatformAscendC* GetInstance(const char* customSocVersion);

private:
    PlatformAscendCManager() = default;
};

}  // namespace platform_ascendc
