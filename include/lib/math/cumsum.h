// CumSum (high-level math API, CANN 8.x install layout lib/math/cumsum.h): the running sum of a
// [outter, inner] local tensor down its rows (first axis: row i = row i-1 + src row i) or along
// each row (last axis), line by line as Atlas A2/A3 computes it: in float for half (the reason the
// API needs temporary space), each output rounded to T once. With CumSumConfig::outputLastRow the
// last row of the result is also written to lastRowTensor. Each call is one vector-pipe
// instruction of the simulator (src/sim/adv_cumsum.cpp), which checks CumSumInfo (inner a whole
// number of 32-byte blocks, both axes non-zero) and the temporary space against the rule
// GetCumSumMaxMinTmpSize reports (akg::adv::CumSumTmpSize). CumSumConfig::algorithm selects
// the Sklansky form only on Ascend 950; Atlas A2/A3 always add line by line.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"

namespace AscendC {

enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };

struct CumSumConfig {
    bool isLastAxis{true};
    bool isReuseSource{false};
    bool outputLastRow{false};
    CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};

// The default the interface header declares (last axis, with the last row).
constexpr CumSumConfig defaultCumSumConfig = {true, false, true};

struct CumSumInfo {
    uint32_t outter{0};
    uint32_t inner{0};
};

}  // namespace AscendC

namespace akg::sim {

struct CumSumCall {
    DType type = DType::F32;
    void* dst = nullptr;
    void* lastRow = nullptr;  // null unless outputLastRow
    const void* src = nullptr;
    AscendC::CumSumInfo info{};
    bool isLastAxis = true;
    bool sharedTmp = false;   // else the temporary space is taken from the unallocated end of UB
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void CumSumRun(const CumSumCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, const CumSumConfig& config>
inline void CumSum(LocalTensor<T>& dst, LocalTensor<T>& lastRow, const LocalTensor<T>& src,
                   const LocalTensor<uint8_t>* tmp, const CumSumInfo& info, const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "CumSum: data type not supported (half, float)");
    akg::sim::CumSumCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.dst = dst.Data();
    c.lastRow = config.outputLastRow ? lastRow.Data() : nullptr;
    c.src = src.Data();
    c.info = info;
    c.isLastAxis = config.isLastAxis;
    if (tmp) {
        c.sharedTmp = true;
        c.tmp = tmp->Data();
        c.tmpBytes = tmp->GetSize();
    }
    c.caller = caller;
    akg::sim::CumSumRun(c);
}

}  // namespace akg_adv

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
AKG_API void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
                    LocalTensor<uint8_t>& sharedTmpBuffer, const CumSumInfo& cumSumInfo) {
    akg_adv::CumSum<T, config>(dstTensor, lastRowTensor, srcTensor, &sharedTmpBuffer, cumSumInfo, AKG_CALLER);
}

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
AKG_API void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
                    const CumSumInfo& cumSumInfo) {
    akg_adv::CumSum<T, config>(dstTensor, lastRowTensor, srcTensor, nullptr, cumSumInfo, AKG_CALLER);
}

}  // namespace AscendC
