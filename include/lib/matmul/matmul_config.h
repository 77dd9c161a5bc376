// MatmulConfig, the compile-time configuration of a Matmul object, with CANN's preset builders
// (GetNormalConfig, GetMDLConfig, ...) and constants (CFG_NORM, CFG_MDL, ...). The simulator
// computes every configuration the same way; the fields exist so that configured code compiles
// and can read them back.
#pragma once

#include <cstdint>
#include <type_traits>

#include "akg/lang/device_lang.h"
#include "lib/matmul/tcube_tiling.h"

namespace AscendC {

enum class BatchMode : uint8_t { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum class BatchOutMode : uint8_t { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
enum class IterateOrder : uint8_t { ORDER_M = 0, ORDER_N, UNDEF };
enum class ScheduleType : uint8_t { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum class IterateMode : uint8_t { ITERATE_MODE_NORMAL = 0b00000001, ITERATE_MODE_ALL = 0b00000010,
                                   ITERATE_MODE_BATCH = 0b00000100, ITERATE_MODE_N_BATCH = 0b00001000,
                                   ITERATE_MODE_DEFAULT = 0b11111111 };
enum class MatmulConfigMode : uint8_t { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };

struct MatmulConfig {
    bool doNorm = false;
    bool doBasicBlock = false;
    bool doMultiDataLoad = false;
    uint32_t basicM = 0;
    uint32_t basicN = 0;
    uint32_t basicK = 0;
    bool intrinsicsCheck = false;
    bool isNBatch = false;
    bool enVecND2NZ = false;
    bool doSpecialBasicBlock = false;
    uint32_t doMTE2Preload = 0;
    uint32_t singleCoreM = 0;
    uint32_t singleCoreN = 0;
    uint32_t singleCoreK = 0;
    uint32_t stepM = 0;
    uint32_t stepN = 0;
    uint32_t baseMN = 0;
    uint32_t singleCoreMN = 0;
    bool enUnitFlag = true;
    bool isPerTensor = false;
    bool hasAntiQuantOffset = false;
    bool doIBShareNorm = false;
    bool doSpecialMDL = false;
    bool enableInit = true;
    BatchMode batchMode = BatchMode::NONE;
    bool enableEnd = true;
    bool enableGetTensorC = true;
    bool enableSetOrgShape = true;
    bool enableSetBias = true;
    bool enableSetTail = true;
    bool enableQuantVector = true;
    bool enableSetDefineData = true;
    uint8_t iterateMode = uint8_t(IterateMode::ITERATE_MODE_DEFAULT);
    bool enableReuse = true;
    bool enableUBReuse = false;
    bool enableL1CacheUB = false;
    bool intraBlockPartSum = false;
    IterateOrder iterateOrder = IterateOrder::UNDEF;
    ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
    bool enableDoubleCache = false;
    bool isBiasBatch = true;
    bool enableStaticPadZeros = false;
    bool isPartialOutput = false;
    bool enableMixDualMaster = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool isCO1Shared = false;
    uint32_t sharedCO1BufferSize = 0;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
};

__aicore__ constexpr MatmulConfig GetNormalConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                                  const bool isVecND2NZ = false,
                                                  const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                                  const bool isMsgReuse = true,
                                                  const IterateOrder iterateOrder = IterateOrder::UNDEF,
                                                  const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                                                  const bool enUnitFlag = true, const bool enableMixDualMaster = false,
                                                  const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
    MatmulConfig c;
    c.doNorm = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = isVecND2NZ;
    c.batchMode = bmmMode;
    c.enableReuse = isMsgReuse;
    c.iterateOrder = iterateOrder;
    c.scheduleType = scheduleType;
    c.enUnitFlag = enUnitFlag;
    c.enableMixDualMaster = enableMixDualMaster;
    c.bmmOutMode = bmmOutMode;
    return c;
}

__aicore__ constexpr MatmulConfig GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                               const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
                                               bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                               const bool enUnitFlag = false, const bool isMsgReuse = true,
                                               const bool enableUBReuse = true, const bool enableL1CacheUB = false,
                                               const bool enableMixDualMaster = false,
                                               const bool enableKdimReorderLoad = false) {
    MatmulConfig c;
    c.doMultiDataLoad = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ;
    c.isPerTensor = isPerTensor;
    c.hasAntiQuantOffset = hasAntiQuantOffset;
    c.enUnitFlag = enUnitFlag;
    c.enableReuse = isMsgReuse;
    c.enableUBReuse = enableUBReuse;
    c.enableL1CacheUB = enableL1CacheUB;
    c.enableMixDualMaster = enableMixDualMaster;
    c.enableKdimReorderLoad = enableKdimReorderLoad;
    return c;
}

__aicore__ constexpr MatmulConfig GetSpecialMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                                      const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
                                                      bool isPerTensor = false, bool hasAntiQuantOffset = false) {
    MatmulConfig c = GetMDLConfig(intrinsicsLimit, batchLoop, doMTE2Preload, isVecND2NZ, isPerTensor,
                                  hasAntiQuantOffset);
    c.doMultiDataLoad = false;
    c.doSpecialMDL = true;
    return c;
}

__aicore__ constexpr MatmulConfig GetBasicConfig(const uint32_t basicM, const uint32_t basicN, const uint32_t basicK,
                                                 const bool intrinsicsLimit = false, const bool batchLoop = false,
                                                 const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
    MatmulConfig c;
    c.doBasicBlock = true;
    c.basicM = basicM;
    c.basicN = basicN;
    c.basicK = basicK;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.batchMode = bmmMode;
    return c;
}

__aicore__ constexpr MatmulConfig GetIBShareNormConfig(const bool intrinsicsLimit = false,
                                                       const bool batchLoop = false, const bool isVecND2NZ = false,
                                                       const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                                       const bool isDoubleCache = false, const bool enUnitFlag = true) {
    MatmulConfig c;
    c.doIBShareNorm = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = isVecND2NZ;
    c.batchMode = bmmMode;
    c.enableDoubleCache = isDoubleCache;
    c.enUnitFlag = enUnitFlag;
    return c;
}

// GetMMConfig's parameter groups, in the documented field order (aggregate-initialised by kernels).
struct MatmulShapeParams {
    uint32_t singleCoreM = 0;
    uint32_t singleCoreN = 0;
    uint32_t singleCoreK = 0;
    uint32_t basicM = 0;
    uint32_t basicN = 0;
    uint32_t basicK = 0;
};
struct MatmulQuantParams {
    bool isPerTensor = false;
    bool hasAntiQuantOffset = false;
};
struct MatmulBatchParams {
    bool isNBatch = false;
    BatchMode batchMode = BatchMode::BATCH_LESS_THAN_L1;
    bool isBiasBatch = true;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
    bool intrinsicsLimit = false;
    bool enVecND2NZ = false;
    bool enableDoubleCache = false;
    bool enableL1CacheUB = false;
    uint32_t doMTE2Preload = 0;
    IterateOrder iterateOrder = IterateOrder::UNDEF;
    ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
    bool enableReuse = true;
    bool enableUBReuse = false;
    bool isPartialOutput = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool enableL1BankConflictOptimise = false;
};

}  // namespace AscendC

// GetMMConfig's application of one parameter group (outside AscendC: not part of its API).
namespace akg::matmul {
__aicore__ constexpr void Apply(AscendC::MatmulConfig& c, const AscendC::MatmulShapeParams& p) {
    c.singleCoreM = p.singleCoreM;
    c.singleCoreN = p.singleCoreN;
    c.singleCoreK = p.singleCoreK;
    c.basicM = p.basicM;
    c.basicN = p.basicN;
    c.basicK = p.basicK;
}
__aicore__ constexpr void Apply(AscendC::MatmulConfig& c, const AscendC::MatmulQuantParams& p) {
    c.isPerTensor = p.isPerTensor;
    c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
__aicore__ constexpr void Apply(AscendC::MatmulConfig& c, const AscendC::MatmulBatchParams& p) {
    c.isNBatch = p.isNBatch;
    c.batchMode = p.batchMode;
    c.isBiasBatch = p.isBiasBatch;
    c.bmmOutMode = p.bmmOutMode;
}
__aicore__ constexpr void Apply(AscendC::MatmulConfig& c, const AscendC::MatmulFuncParams& p) {
    c.intrinsicsCheck = p.intrinsicsLimit;
    c.enVecND2NZ = p.enVecND2NZ;
    c.enableDoubleCache = p.enableDoubleCache;
    c.enableL1CacheUB = p.enableL1CacheUB;
    c.doMTE2Preload = p.doMTE2Preload;
    c.iterateOrder = p.iterateOrder;
    c.scheduleType = p.scheduleType;
    c.enableReuse = p.enableReuse;
    c.enableUBReuse = p.enableUBReuse;
    c.isPartialOutput = p.isPartialOutput;
    c.isA2B2Shared = p.isA2B2Shared;
    c.isEnableChannelSplit = p.isEnableChannelSplit;
    c.enableKdimReorderLoad = p.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise;
}
}  // namespace akg::matmul

namespace AscendC {

// The preset of `configMode`, changed by each parameter group given (in any order).
template <MatmulConfigMode configMode, typename... ArgTypes>
__aicore__ inline constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
    MatmulConfig c = configMode == MatmulConfigMode::CONFIG_MDL          ? GetMDLConfig()
                     : configMode == MatmulConfigMode::CONFIG_SPECIALMDL ? GetSpecialMDLConfig()
                     : configMode == MatmulConfigMode::CONFIG_IBSHARE    ? GetIBShareNormConfig()
                                                                          : GetNormalConfig();
    (akg::matmul::Apply(c, args), ...);
    return c;
}

namespace Impl {
constexpr int32_t L1_SIZE = 512 * 1024;  // the L1 of Atlas A2 / A3 AI cores
constexpr int32_t QUEUE_DEPTH = 1;       // the depth of the library's queues (a kernel's own CO1 queue too)
}  // namespace Impl

// Constant Matmul tiling (GetMatmulApiTiling): TCubeTiling's fields fixed at compile time, -1 where
// the configuration leaves them to the runtime tiling, and the configuration itself. A Matmul
// whose MM_CFG is one of these needs no TCubeTiling when the single-core and base shapes are
// both constant (REGIST_MATMUL_OBJ may pass a null tiling).
struct MatmulApiStaticTiling {
    int32_t M = -1, N = -1, Ka = -1, Kb = -1;
    int32_t singleCoreM = -1, singleCoreN = -1, singleCoreK = -1;
    int32_t baseM = -1, baseN = -1, baseK = -1;
    int32_t depthA1 = -1, depthB1 = -1;
    int32_t stepM = -1, stepN = -1, stepKa = -1, stepKb = -1;
    int32_t isBias = -1, transLength = -1, iterateOrder = -1;
    int32_t dbL0A = -1, dbL0B = -1, dbL0C = -1;
    int32_t shareMode = -1, shareL1Size = -1, shareL0CSize = -1, shareUbSize = -1;
    int32_t batchM = -1, batchN = -1, singleBatchM = -1, singleBatchN = -1;
    int32_t mxTypePara = -1;
    MatmulConfig cfg{};
};

// Fixes the tiling fields the configuration determines: with basicM/N/K set, the base block, the
// single-core shape (when set), L0 double buffering, and the L1 steps and depths by the host
// GetTiling's rule (lib/matmul/tcube_tiling.h) within `l1Size`. The bias row is planned for,
// since the kernel may call SetBias.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
__aicore__ constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG,
                                                              int32_t l1Size = Impl::L1_SIZE) {
    MatmulApiStaticTiling t{};
    t.cfg = mmCFG;
    if (mmCFG.basicM == 0 || mmCFG.basicN == 0 || mmCFG.basicK == 0) return t;
    constexpr int32_t aBytes = sizeof(typename A_TYPE::T), bBytes = sizeof(typename B_TYPE::T);
    constexpr int32_t biasBytes = sizeof(typename BIAS_TYPE::T);
    constexpr int64_t l0abBytes = 64 * 1024;  // L0A / L0B of Atlas A2 / A3
    t.baseM = int32_t(mmCFG.basicM);
    t.baseN = int32_t(mmCFG.basicN);
    t.baseK = int32_t(mmCFG.basicK);
    if (mmCFG.singleCoreM > 0 && mmCFG.singleCoreN > 0 && mmCFG.singleCoreK > 0) {
        t.M = t.singleCoreM = int32_t(mmCFG.singleCoreM);
        t.N = t.singleCoreN = int32_t(mmCFG.singleCoreN);
        t.Ka = t.Kb = t.singleCoreK = int32_t(mmCFG.singleCoreK);
    }
    const int32_t kIter = t.singleCoreK > 0 ? (t.singleCoreK + t.baseK - 1) / t.baseK : 1;
    akg::matmul::L1Steps l1{};
    if (!akg::matmul::FitL1Steps(t.baseM, t.baseN, t.baseK, aBytes, bBytes, int64_t(t.baseN) * biasBytes, kIter,
                                 l1Size, l1))
        l1 = {1, 1};  // does not fit: the kernel's L1 allocation reports LOCAL_CAPACITY
    t.stepM = t.stepN = 1;
    t.stepKa = t.stepKb = l1.stepK;
    t.depthA1 = t.depthB1 = l1.stepK * l1.db;
    t.isBias = 1;
    t.transLength = 0;
    t.iterateOrder = 0;
    t.dbL0A = int64_t(t.baseM) * t.baseK * aBytes * 2 <= l0abBytes ? 2 : 1;
    t.dbL0B = int64_t(t.baseN) * t.baseK * bBytes * 2 <= l0abBytes ? 2 : 1;
    t.dbL0C = 1;
    t.shareMode = 0;
    t.shareL1Size = int32_t(int64_t(t.baseM) * t.baseK * aBytes * t.depthA1 +
                            int64_t(t.baseN) * t.baseK * bBytes * t.depthB1 + int64_t(t.baseN) * biasBytes);
    t.shareL0CSize = t.baseM * t.baseN * 4;
    t.shareUbSize = 0;
    t.batchM = t.batchN = t.singleBatchM = t.singleBatchN = 1;
    t.mxTypePara = 0;
    return t;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);

// The MatmulConfig of a Matmul's MM_CFG, whether it is a MatmulConfig or a MatmulApiStaticTiling
// (kernels test its fields in `if constexpr`).
template <class Config>
__aicore__ constexpr const MatmulConfig& ToMatmulConfig(const Config& c) {
    if constexpr (std::is_same_v<Config, MatmulApiStaticTiling>) return c.cfg;
    else return c;
}

}  // namespace AscendC
