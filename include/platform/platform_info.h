// fe::PlatFormInfos: the SoC description tiling code queries (directly or through
// platform_ascendc::PlatformAscendC), as label/key/value strings like CANN's platform ini files:
//   "version"  : "SoC_version", "Short_SoC_version"
//   "SoCInfo"  : "ai_core_cnt", "cube_core_cnt", "vector_core_cnt", "core_type_list", "l2_size", "memory_size"
//   "AICoreSpec": "ub_size", "l1_size", "l0_a_size", "l0_b_size", "l0_c_size", "bt_size", "fb0_size"
//   "AICoreMemoryRates": "ddr_rate", "l2_rate" (bytes per cycle, when known for the SoC)
// The framework fills one from the current akg::PlatformSpec for every context.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

// CANN's platform_info.h makes these visible in every namespace, and host code written against
// it uses them unqualified (e.g. `vector<int64_t>` inside namespace optiling).
using std::map;
using std::string;
using std::vector;

namespace fe {

enum class LocalMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };

class PlatFormInfos {
public:
    bool Init() { return true; }

    bool GetPlatformRes(const std::string& label, const std::string& key, std::string& value);
    bool GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& value);
    bool GetPlatformRes(const std::string& label, std::map<std::string, std::string>& values);
    bool GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& values);
    void SetPlatformRes(const std::string& label, std::map<std::string, std::string>& values);
    void SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& values);

    // Cores a kernel of the current core type runs on: vector cores on split (AIC/AIV) SoCs,
    // AI cores otherwise, until SetCoreNumByCoreType picks another type.
    uint32_t GetCoreNum() const;
    // "AiCore" / "CubeCore" / "VectorCore"
    void SetCoreNumByCoreType(const std::string& core_type);
    uint32_t GetCoreNumByType(const std::string& core_type);
    // Sizes in bytes; 0 when the SoC description lacks the memory.
    void GetLocalMemSize(const LocalMemType& mem_type, uint64_t& size);
    // Bytes per cycle for L2 and HBM; 0 when unknown.
    void GetLocalMemBw(const LocalMemType& mem_type, uint64_t& bw_size);

private:
    uint64_t ResValue(const std::string& label, const std::string& key);

    std::map<std::string, std::map<std::string, std::string>> res_;
    uint32_t core_num_ = 0;
    bool core_num_set_ = false;
};

// Compile options of the platform query (SoC version, core type, AI core count).
class OptionalInfos {
public:
    void Init(const std::string& soc_version, const std::string& core_type, uint32_t ai_core_num,
              const std::string& l1_fusion_flag) {
        soc_version_ = soc_version;
        core_type_ = core_type;
        ai_core_num_ = ai_core_num;
        l1_fusion_flag_ = l1_fusion_flag;
    }
    const std::string& GetSocVersion() const { return soc_version_; }
    const std::string& GetCoreType() const { return core_type_; }
    uint32_t GetAICoreNum() const { return ai_core_num_; }
    const std::string& GetL1FusionFlag() const { return l1_fusion_flag_; }
    void SetSocVersion(const std::string& soc_version) { soc_version_ = soc_version; }
    void SetCoreType(const std::string& core_type) { core_type_ = core_type; }
    void SetAICoreNum(uint32_t ai_core_num) { ai_core_num_ = ai_core_num; }
    void SetL1FusionFlag(const std::string& flag) { l1_fusion_flag_ = flag; }

private:
    std::string soc_version_;
    std::string core_type_;
    uint32_t ai_core_num_ = 0;
    std::string l1_fusion_flag_;
};

// Hands out descriptions of the current platform (akg::host::SetPlatform). Methods return 0 on
// success, non-zero when the requested SoC is not the current one.
class PlatformInfoManager {
public:
    static PlatformInfoManager& Instance();
    uint32_t InitializePlatformInfo() { return 0; }
    uint32_t Finalize() { return 0; }
    // `soc_version` must name the current platform (full or short SoC name).
    uint32_t GetPlatformInfos(const std::string& soc_version, PlatFormInfos& platform_info,
                              OptionalInfos& optional_info);
    uint32_t GetPlatformInfoWithOutSocVersion(PlatFormInfos& platform_info, OptionalInfos& optional_info);

private:
    PlatformInfoManager() = default;
};

}  // namespace fe
