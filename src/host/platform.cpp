// fe::PlatFormInfos, platform_ascendc::PlatformAscendC and the current platform.
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "akg/host/host_registry.h"
#include "host/platform_state.h"
#include "host/registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace akg::host {

namespace {

constexpr const char* kSplitCoreTypes = "CubeCore,VectorCore";

// Memory rates from CANN's platform ini files ([AICoreMemoryRates], bytes per cycle).
struct MemoryRates {
    const char* shortSoc;
    const char* ddrRate;
    const char* l2Rate;
};
constexpr MemoryRates kMemoryRates[] = {
    {"Ascend910B", "32", "110"},
    {"Ascend910_93", "32", "110"},
    {"Ascend310P", "17", "114"},
};

bool SplitCores(const PlatformSpec& spec) { return !spec.coupled; }

PlatformSpec& Current() {
    static PlatformSpec spec;
    return spec;
}

// The PlatFormInfos behind PlatformAscendCManager, kept in step with Current().
fe::PlatFormInfos& ManagerInfos() {
    static fe::PlatFormInfos infos = [] {
        fe::PlatFormInfos initial;
        DescribePlatform(Current(), initial);
        return initial;
    }();
    return infos;
}

bool SameSocName(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    }
    return true;
}

}  // namespace

void DescribePlatform(const PlatformSpec& spec, fe::PlatFormInfos& infos) {
    std::map<std::string, std::string> version = {
        {"SoC_version", spec.socVersion},
        {"Short_SoC_version", spec.shortSocVersion},
    };
    const bool split = SplitCores(spec);
    std::map<std::string, std::string> socInfo = {
        {"ai_core_cnt", std::to_string(spec.aicCores)},
        {"cube_core_cnt", std::to_string(spec.aicCores)},
        {"vector_core_cnt", std::to_string(split ? spec.aivCores : spec.vectorCores)},
        {"core_type_list", split ? kSplitCoreTypes : "AiCore"},
        {"l2_size", std::to_string(spec.l2Size)},
        {"memory_size", std::to_string(spec.hbmSize)},
        {"sys_workspace_size", std::to_string(spec.sysWorkspaceSize)},
    };
    std::map<std::string, std::string> coreSpec = {
        {"ub_size", std::to_string(spec.ubSize)},     {"l1_size", std::to_string(spec.l1Size)},
        {"l0_a_size", std::to_string(spec.l0aSize)},  {"l0_b_size", std::to_string(spec.l0bSize)},
        {"l0_c_size", std::to_string(spec.l0cSize)},  {"bt_size", std::to_string(spec.btSize)},
        {"fb0_size", std::to_string(spec.fbSize)},    {"cube_freq", std::to_string(static_cast<uint64_t>(spec.clockMHz))},
    };
    std::map<std::string, std::string> rates;
    for (const MemoryRates& entry : kMemoryRates) {
        if (spec.shortSocVersion == entry.shortSoc) rates = {{"ddr_rate", entry.ddrRate}, {"l2_rate", entry.l2Rate}};
    }
    // [AICoreintrinsicDtypeMap]: the data-movement intrinsics the AI core has, each with the
    // dtypes it moves. Tiling code tests a key's presence to tell the architectures apart
    // (ops-cv's UpsampleBicubic2dGrad refuses a SoC without Intrinsic_fix_pipe_l0c2out), so a key
    // is listed only where the hardware has the path: L0C leaves through the FIX pipe on A2/A3 and
    // through UB on 310P; the bias table is loaded from L1 where there is one.
    std::map<std::string, std::string> intrinsics;
    if (spec.fixPipe) intrinsics["Intrinsic_fix_pipe_l0c2out"] = "float16,bfloat16,float32,int32,int8,uint8";
    else intrinsics["Intrinsic_data_move_l0c2ub"] = "float16,float32,int32";
    if (spec.coupled) intrinsics["Intrinsic_data_move_l12ub"] = "float16,float32,int32,int8,uint8";
    if (spec.btSize > 0) intrinsics["Intrinsic_data_move_l12bt"] = "float16,bfloat16,float32,int32";
    infos.SetPlatformRes("AICoreintrinsicDtypeMap", intrinsics);
    infos.SetPlatformRes("version", version);
    infos.SetPlatformRes("SoCInfo", socInfo);
    infos.SetPlatformRes("AICoreSpec", coreSpec);
    infos.SetPlatformRes("AICoreMemoryRates", rates);
    infos.SetCoreNumByCoreType(split ? "VectorCore" : "AiCore");
}

void SetPlatform(const PlatformSpec& platform) {
    std::lock_guard<std::recursive_mutex> lock(Registry::Get().Mutex());
    Current() = platform;
    DescribePlatform(platform, ManagerInfos());
}

const PlatformSpec& CurrentPlatform() { return Current(); }

ScopedPlatform::ScopedPlatform(const PlatformSpec& spec) : previous_(Current()) { SetPlatform(spec); }
ScopedPlatform::~ScopedPlatform() { SetPlatform(previous_); }

}  // namespace akg::host

namespace fe {

bool PlatFormInfos::GetPlatformRes(const std::string& label, const std::string& key, std::string& value) {
    const auto labelIt = res_.find(label);
    if (labelIt == res_.end()) return false;
    const auto keyIt = labelIt->second.find(key);
    if (keyIt == labelIt->second.end()) return false;
    value = keyIt->second;
    return true;
}
bool PlatFormInfos::GetPlatformResWithLock(const std::string& label, const std::string& key, std::string& value) {
    return GetPlatformRes(label, key, value);
}
bool PlatFormInfos::GetPlatformRes(const std::string& label, std::map<std::string, std::string>& values) {
    const auto it = res_.find(label);
    if (it == res_.end()) return false;
    values = it->second;
    return true;
}
bool PlatFormInfos::GetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& values) {
    return GetPlatformRes(label, values);
}
void PlatFormInfos::SetPlatformRes(const std::string& label, std::map<std::string, std::string>& values) {
    res_[label] = values;
}
void PlatFormInfos::SetPlatformResWithLock(const std::string& label, std::map<std::string, std::string>& values) {
    SetPlatformRes(label, values);
}

uint64_t PlatFormInfos::ResValue(const std::string& label, const std::string& key) {
    std::string value;
    if (!GetPlatformRes(label, key, value) || value.empty()) return 0;
    return std::strtoull(value.c_str(), nullptr, 10);
}

uint32_t PlatFormInfos::GetCoreNum() const { return core_num_; }

uint32_t PlatFormInfos::GetCoreNumByType(const std::string& core_type) {
    if (core_type == "VectorCore") return static_cast<uint32_t>(ResValue("SoCInfo", "vector_core_cnt"));
    if (core_type == "CubeCore") return static_cast<uint32_t>(ResValue("SoCInfo", "cube_core_cnt"));
    return static_cast<uint32_t>(ResValue("SoCInfo", "ai_core_cnt"));
}

void PlatFormInfos::SetCoreNumByCoreType(const std::string& core_type) { core_num_ = GetCoreNumByType(core_type); }

void PlatFormInfos::GetLocalMemSize(const LocalMemType& mem_type, uint64_t& size) {
    switch (mem_type) {
        case LocalMemType::L0_A: size = ResValue("AICoreSpec", "l0_a_size"); break;
        case LocalMemType::L0_B: size = ResValue("AICoreSpec", "l0_b_size"); break;
        case LocalMemType::L0_C: size = ResValue("AICoreSpec", "l0_c_size"); break;
        case LocalMemType::L1: size = ResValue("AICoreSpec", "l1_size"); break;
        case LocalMemType::L2: size = ResValue("SoCInfo", "l2_size"); break;
        case LocalMemType::UB: size = ResValue("AICoreSpec", "ub_size"); break;
        case LocalMemType::HBM: size = ResValue("SoCInfo", "memory_size"); break;
        default: size = 0; break;
    }
}

void PlatFormInfos::GetLocalMemBw(const LocalMemType& mem_type, uint64_t& bw_size) {
    switch (mem_type) {
        case LocalMemType::L2: bw_size = ResValue("AICoreMemoryRates", "l2_rate"); break;
        case LocalMemType::HBM: bw_size = ResValue("AICoreMemoryRates", "ddr_rate"); break;
        default: bw_size = 0; break;
    }
}

PlatformInfoManager& PlatformInfoManager::Instance() {
    static PlatformInfoManager manager;
    return manager;
}

uint32_t PlatformInfoManager::GetPlatformInfos(const std::string& soc_version, PlatFormInfos& platform_info,
                                               OptionalInfos& optional_info) {
    const akg::PlatformSpec& spec = akg::host::CurrentPlatform();
    if (!akg::host::SameSocName(soc_version, spec.socVersion) && !akg::host::SameSocName(soc_version, spec.shortSocVersion)) {
        return 1;
    }
    return GetPlatformInfoWithOutSocVersion(platform_info, optional_info);
}

uint32_t PlatformInfoManager::GetPlatformInfoWithOutSocVersion(PlatFormInfos& platform_info, OptionalInfos& optional_info) {
    const akg::PlatformSpec& spec = akg::host::CurrentPlatform();
    akg::host::DescribePlatform(spec, platform_info);
    optional_info.Init(spec.socVersion, akg::host::SplitCores(spec) ? "VectorCore" : "AiCore", spec.aicCores, "");
    return 0;
}

}  // namespace fe

namespace platform_ascendc {

namespace {

constexpr uint64_t kKernelRuntimeReserve = 256;  // UB/L1 bytes Ascend910B keeps for the kernel runtime
constexpr uint32_t kGroupWorkspace910B = 1024 * 1024;

uint64_t Res(fe::PlatFormInfos* infos, const char* label, const char* key) {
    std::string value;
    if (infos == nullptr || !infos->GetPlatformRes(label, key, value) || value.empty()) return 0;
    return std::strtoull(value.c_str(), nullptr, 10);
}

bool SplitCores(fe::PlatFormInfos* infos) {
    std::string types;
    return infos != nullptr && infos->GetPlatformRes("SoCInfo", "core_type_list", types) && types == "CubeCore,VectorCore";
}

SocVersion SocVersionOf(const std::string& shortSoc) {
    static const std::pair<const char*, SocVersion> kNames[] = {
        {"Ascend910", SocVersion::ASCEND910},       {"Ascend910B", SocVersion::ASCEND910B},
        {"Ascend910_93", SocVersion::ASCEND910_93}, {"Ascend310P", SocVersion::ASCEND310P},
        {"Ascend310B", SocVersion::ASCEND310B},     {"Ascend310", SocVersion::ASCEND310},
        {"Ascend610", SocVersion::ASCEND610},       {"Ascend610Lite", SocVersion::ASCEND610LITE},
        {"Ascend910E", SocVersion::ASCEND910E},     {"BS9SX1A", SocVersion::BS9SX1A},
        {"BS9SX2A", SocVersion::BS9SX2A},           {"MC61AM21A", SocVersion::MC61AM21A},
        {"KirinX90", SocVersion::KIRINX90},         {"Kirin9030", SocVersion::KIRIN9030},
        {"Ascend031", SocVersion::ASCEND031},       {"Ascend035", SocVersion::ASCEND035},
        {"Ascend950", SocVersion::ASCEND950},
    };
    for (const auto& entry : kNames) {
        if (shortSoc == entry.first) return entry.second;
    }
    return SocVersion::RESERVED_VERSION;
}

}  // namespace

uint32_t PlatformAscendC::GetCoreNum() const { return platformInfo_ == nullptr ? 0 : platformInfo_->GetCoreNum(); }

uint32_t PlatformAscendC::GetCoreNumAic() const {
    return static_cast<uint32_t>(Res(platformInfo_, "SoCInfo", SplitCores(platformInfo_) ? "cube_core_cnt" : "ai_core_cnt"));
}

uint32_t PlatformAscendC::GetCoreNumAiv() const {
    return static_cast<uint32_t>(Res(platformInfo_, "SoCInfo", SplitCores(platformInfo_) ? "vector_core_cnt" : "ai_core_cnt"));
}

uint32_t PlatformAscendC::GetCoreNumVector() const {
    if (GetSocVersion() != SocVersion::ASCEND310P) return 0;
    return static_cast<uint32_t>(Res(platformInfo_, "SoCInfo", "vector_core_cnt"));
}

void PlatformAscendC::GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const {
    switch (memType) {
        case CoreMemType::FB: size = Res(platformInfo_, "AICoreSpec", "fb0_size"); return;
        case CoreMemType::BT: size = Res(platformInfo_, "AICoreSpec", "bt_size"); return;
        case CoreMemType::RESERVED: size = 0; return;
        default: break;
    }
    size = 0;
    if (platformInfo_ != nullptr) platformInfo_->GetLocalMemSize(static_cast<fe::LocalMemType>(memType), size);
    if ((memType == CoreMemType::UB || memType == CoreMemType::L1) && GetSocVersion() == SocVersion::ASCEND910B) {
        size -= kKernelRuntimeReserve;
    }
    if (memType == CoreMemType::UB) size -= reservedMemSize_;
}

void PlatformAscendC::GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const {
    bwSize = 0;
    if (platformInfo_ != nullptr && (memType == CoreMemType::L2 || memType == CoreMemType::HBM)) {
        platformInfo_->GetLocalMemBw(static_cast<fe::LocalMemType>(memType), bwSize);
    }
}

SocVersion PlatformAscendC::GetSocVersion() const {
    std::string shortSoc;
    if (platformInfo_ == nullptr || !platformInfo_->GetPlatformRes("version", "Short_SoC_version", shortSoc)) {
        return SocVersion::RESERVED_VERSION;
    }
    return SocVersionOf(shortSoc);
}

uint32_t PlatformAscendC::GetLibApiWorkSpaceSize() const {
    return static_cast<uint32_t>(Res(platformInfo_, "SoCInfo", "sys_workspace_size"));
}

uint32_t PlatformAscendC::GetResGroupBarrierWorkSpaceSize() const {
    return GetSocVersion() == SocVersion::ASCEND910B ? kGroupWorkspace910B : UINT32_MAX;
}

uint32_t PlatformAscendC::GetResCubeGroupWorkSpaceSize() const {
    return GetSocVersion() == SocVersion::ASCEND910B ? kGroupWorkspace910B : UINT32_MAX;
}

uint32_t PlatformAscendC::CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const {
    if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
    const uint32_t ratio = aivCoreNum / aicCoreNum;
    const uint32_t blocks = (sliceNum + ratio - 1) / ratio;
    // Each block is one AIC with its AIVs: with two AIVs per AIC there are only aicCoreNum blocks.
    if (ratio == 2 && blocks > aicCoreNum) return 0;
    return blocks;
}

void PlatformAscendC::ReserveLocalMemory(ReservedSize size) {
    switch (size) {
        case ReservedSize::RESERVED_SIZE_8K: reservedMemSize_ = 8 * 1024; break;
        case ReservedSize::RESERVED_SIZE_16K: reservedMemSize_ = 16 * 1024; break;
        case ReservedSize::RESERVED_SIZE_32K: reservedMemSize_ = 32 * 1024; break;
    }
}

PlatformAscendC* PlatformAscendCManager::GetInstance() {
    static PlatformAscendC instance(&akg::host::ManagerInfos());
    return &instance;
}

PlatformAscendC* PlatformAscendCManager::GetInstance(const char* customSocVersion) {
    if (customSocVersion == nullptr) return GetInstance();
    const akg::PlatformSpec& spec = akg::host::CurrentPlatform();
    if (!akg::host::SameSocName(customSocVersion, spec.socVersion) &&
        !akg::host::SameSocName(customSocVersion, spec.shortSocVersion)) {
        return nullptr;
    }
    return GetInstance();
}

}  // namespace platform_ascendc
