// The SoC an aclnn API runs on (op::GetCurrentPlatformInfo()): the simulator's current platform.
#pragma once

#include <cstdint>
#include <string>

#include "aclnn/aclnn_base.h"
#include "graph/ascend_string.h"

namespace op {

// CANN's opdev order (aclnn code compares with < and >=).
enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND910_93,
    ASCEND910_95,
    ASCEND910E,
    ASCEND310,
    ASCEND310P,
    ASCEND310B,
    ASCEND310C,
    ASCEND610LITE,
    RESERVED_VERSION = 99999
};

class PlatformInfo {
public:
    SocVersion GetSocVersion() const;
    const std::string& GetSocLongVersion() const;
    int32_t GetDeviceId() const { return 0; }
    int64_t GetBlockSize() const { return 32; }
    uint32_t GetCubeCoreNum() const;
    uint32_t GetVectorCoreNum() const;
    bool Valid() const { return true; }
};

const PlatformInfo& GetCurrentPlatformInfo();
ge::AscendString ToString(SocVersion socVersion);

}  // namespace op
