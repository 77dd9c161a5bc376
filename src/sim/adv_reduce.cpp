// Mean (include/lib/reduce/mean.h): one vector-pipe instruction that reads `outter` rows of
// `inner` elements, writes `outter` means and, in the sharedTmpBuffer form, the temporary space
// the implementation uses.
//
// Numerics, as for the element-wise high-level APIs (adv_math.cpp): each mean is computed from
// the exact inputs in double precision and rounded once to T; the device's partial sums in T (or
// accType) are within the tolerance of T.
//
// Checks: MeanParams the API does not accept (inner not a whole number of 32-byte blocks, n
// outside 1..inner) are ADV_SHAPE_UNSUPPORTED and not computed; temporary space below the
// documented minimum is ADV_TMP_BUFFER_SMALL.
#include <vector>

#include "lib/reduce/mean.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

template <typename T>
void MeanRows(const MeanCall& c) {
    const auto& p = c.params;
    const T* src = static_cast<const T*>(c.src);
    std::vector<T> out(p.outter);
    for (uint32_t r = 0; r < p.outter; ++r) {
        double sum = 0;
        for (uint32_t j = 0; j < p.n; ++j) sum += double(src[uint64_t(r) * p.inner + j]);
        out[r] = static_cast<T>(sum / double(p.n));
    }
    std::memcpy(c.dst, out.data(), out.size() * sizeof(T));
}

}  // namespace

void MeanRun(const MeanCall& c) {
    const char* api = "Mean";
    const auto& p = c.params;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    if (uint64_t(p.inner) * esize % 32 != 0 || p.n == 0 || p.n > p.inner) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("Mean: MeanParams {outter %u, inner %u, n %u} is not supported: inner * sizeof(T) must be a "
                    "multiple of 32 bytes and n in 1..inner",
                    p.outter, p.inner, p.n));
        return;
    }
    if (p.outter == 0) return;
    const adv::TmpRange need = adv::MeanTmpSize(p.n, esize, uint32_t(DTypeSize(c.accType)));
    CheckAdvTmpSpace(api, c.type, need, uint64_t(p.outter) * p.n, c.sharedTmp, c.tmpBytes, c.caller);

    const uint64_t srcElems = uint64_t(p.outter) * p.inner;
    Instr in;
    in.api = api;
    in.pipe = Pipe::V;
    in.caller = c.caller;
    in.Write(Mem::UB, c.dst, uint64_t(p.outter) * esize, 32);
    in.Read(Mem::UB, c.src, srcElems * esize, 32);
    if (c.sharedTmp && need.maxValue) in.Write(Mem::UB, c.tmp, std::min<uint64_t>(c.tmpBytes, need.maxValue), 32);
    in.elements = srcElems;
    in.bytes = srcElems * esize;
    in.repeats = uint32_t(std::min<uint64_t>((srcElems * esize + 255) / 256, UINT32_MAX));
    in.costClass = cost::kMean;
    if (!Issue(in)) return;
    if (c.type == DType::F16) MeanRows<half>(c);
    else MeanRows<float>(c);
}

}  // namespace akg::sim
