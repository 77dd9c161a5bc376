// CumSum (include/lib/math/cumsum.h): one vector-pipe instruction that reads `outter` rows of
// `inner` elements and writes their running sums (and, with outputLastRow, a copy of the last
// row of the result).
//
// Numerics: the sums run line by line in float (half is cast to float first, which is what the
// API's temporary space holds) and each output is rounded to T once: down the rows for the first
// axis, along each row for the last.
//
// Checks: an inner axis that is not a whole number of 32-byte blocks, or a zero axis, is
// ADV_SHAPE_UNSUPPORTED and not computed; temporary space below the documented minimum is
// ADV_TMP_BUFFER_SMALL.
#include <vector>

#include "lib/math/cumsum.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

template <typename T>
void RunningSums(const CumSumCall& c) {
    const uint64_t outter = c.info.outter, inner = c.info.inner;
    const T* src = static_cast<const T*>(c.src);
    std::vector<float> acc(outter * inner);
    for (uint64_t r = 0; r < outter; ++r)
        for (uint64_t j = 0; j < inner; ++j) {
            const uint64_t at = r * inner + j;
            const float x = float(src[at]);
            if (c.isLastAxis) acc[at] = j ? acc[at - 1] + x : x;
            else acc[at] = r ? acc[at - inner] + x : x;
        }
    T* dst = static_cast<T*>(c.dst);
    for (uint64_t i = 0; i < acc.size(); ++i) dst[i] = T(acc[i]);
    if (c.lastRow) std::memcpy(c.lastRow, dst + (outter - 1) * inner, inner * sizeof(T));
}

}  // namespace

void CumSumRun(const CumSumCall& c) {
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const uint64_t outter = c.info.outter, inner = c.info.inner;
    if (outter == 0 || inner == 0 || inner * esize % 32 != 0) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("CumSum: CumSumInfo {outter %u, inner %u} is not supported: both must be non-zero and "
                    "inner * sizeof(T) a multiple of 32 bytes",
                    c.info.outter, c.info.inner));
        return;
    }
    const adv::TmpRange need = adv::CumSumTmpSize(outter, inner, esize, c.isLastAxis);
    CheckAdvTmpSpace("CumSum", c.type, need, outter * inner, c.sharedTmp, c.tmpBytes, c.caller);

    const uint64_t elems = outter * inner;
    Instr in(InstrId::CumSum, c.caller);
    in.Write(Mem::UB, c.dst, elems * esize, 32);
    in.Read(Mem::UB, c.src, elems * esize, 32);
    if (c.lastRow) in.Write(Mem::UB, c.lastRow, inner * esize, 32);
    if (c.sharedTmp && need.maxValue) in.Write(Mem::UB, c.tmp, std::min<uint64_t>(c.tmpBytes, need.maxValue), 32);
    in.elements = elems;
    in.bytes = elems * esize;
    in.repeats = uint32_t(std::min<uint64_t>((elems * esize + 255) / 256, UINT32_MAX));
    if (!Issue(in)) return;
    if (c.type == DType::F16) RunningSums<half>(c);
    else RunningSums<float>(c);
}

}  // namespace akg::sim
