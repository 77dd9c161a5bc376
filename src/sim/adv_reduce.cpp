// Mean and Sum (include/lib/reduce/mean.h, sum.h): one vector-pipe instruction that reads
// `outter` rows of `inner` elements, writes `outter` results and, in the sharedTmpBuffer form,
// the temporary space the implementation uses. ReduceMax / ReduceMin (lib/reduce/reduce.h): one
// such instruction over a padded [rows, columns] source, exact in T.
//
// Numerics: each mean is computed from the exact inputs in double precision and rounded once to
// T, as for the element-wise high-level APIs (adv_math.cpp); the device's partial sums in T (or
// accType) are within the tolerance of T. Each sum follows the documented order instead (binary
// trees within each 256-byte repeat, then over the repeats' sums, rounding to T), which for half
// differs visibly from a sum rounded once.
//
// Checks: parameters the APIs do not accept (inner not a whole number of 32-byte blocks, n
// outside 1..inner) are ADV_SHAPE_UNSUPPORTED and not computed; temporary space below the
// documented minimum is ADV_TMP_BUFFER_SMALL.
#include <vector>

#include "lib/reduce/mean.h"
#include "lib/reduce/reduce.h"
#include "lib/reduce/sum.h"
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

// One reduce call's vector instruction: it reads `srcElems` elements, writes `dstElems` results
// and, in the sharedTmpBuffer form, the temporary space it uses; false when it is not issued.
bool IssueReduce(InstrId id, uint32_t esize, void* dst, uint64_t dstElems, const void* src, uint64_t srcElems,
                 const adv::TmpRange& need, bool sharedTmp, void* tmp, uint64_t tmpBytes, const void* caller) {
    Instr in(id, caller);
    in.Write(Mem::UB, dst, dstElems * esize, 32);
    in.Read(Mem::UB, src, srcElems * esize, 32);
    if (sharedTmp && need.maxValue) in.Write(Mem::UB, tmp, std::min<uint64_t>(tmpBytes, need.maxValue), 32);
    in.elements = srcElems;
    in.bytes = srcElems * esize;
    in.repeats = uint32_t(std::min<uint64_t>((srcElems * esize + 255) / 256, UINT32_MAX));
    return Issue(in);
}

// The instruction of one Mean or Sum call over `outter` rows; false when the parameters are
// rejected (reported) or the instruction is not issued.
bool IssueRowReduce(InstrId id, DType type, uint32_t outter, uint32_t inner, uint32_t n, const adv::TmpRange& need,
                    void* dst, const void* src, bool sharedTmp, void* tmp, uint64_t tmpBytes, const void* caller) {
    const char* api = ApiOf(id);
    const uint32_t esize = uint32_t(DTypeSize(type));
    if (uint64_t(inner) * esize % 32 != 0 || n == 0 || n > inner) {
        Diag("ADV_SHAPE_UNSUPPORTED", caller,
             Format("%s: {outter %u, inner %u, n %u} is not supported: inner * sizeof(T) must be a multiple of 32 "
                    "bytes and n in 1..inner",
                    api, outter, inner, n));
        return false;
    }
    if (outter == 0) return false;
    CheckAdvTmpSpace(api, type, need, uint64_t(outter) * n, sharedTmp, tmpBytes, caller);
    return IssueReduce(id, esize, dst, outter, src, uint64_t(outter) * inner, need, sharedTmp, tmp, tmpBytes, caller);
}

// One row's sum in the documented order: a binary tree per repeat (lanes past n are 0), then
// binary trees over the repeats' sums until one value is left.
template <typename T>
T RowTreeSum(const T* row, uint32_t n) {
    constexpr uint32_t kLanes = 256 / sizeof(T);
    std::vector<T> level(row, row + n);
    do {
        std::vector<T> next;
        for (size_t at = 0; at < level.size(); at += kLanes) {
            T lanes[kLanes];
            std::fill(lanes, lanes + kLanes, T(0));
            std::copy(level.begin() + at, level.begin() + std::min<size_t>(at + kLanes, level.size()), lanes);
            next.push_back(TreeSum(lanes, kLanes));
        }
        level.swap(next);
    } while (level.size() > 1);
    return level[0];
}

template <typename T>
void SumRows(const SumCall& c) {
    const auto& p = c.params;
    const T* src = static_cast<const T*>(c.src);
    std::vector<T> out(p.outter);
    for (uint32_t r = 0; r < p.outter; ++r) out[r] = RowTreeSum(src + uint64_t(r) * p.inner, p.n);
    std::memcpy(c.dst, out.data(), out.size() * sizeof(T));
}

// Each kept row's (AR) or column's (RA) extreme over the reduced axis, exact in T.
template <typename T>
void ReduceAxisValues(const ReduceAxisCall& c, uint32_t paddedColumns) {
    const T* src = static_cast<const T*>(c.src);
    const bool max = c.id == InstrId::ReduceMax;
    auto pick = [max](T a, T b) { return (max ? float(b) > float(a) : float(b) < float(a)) ? b : a; };
    const uint32_t kept = c.keepRows ? c.rows : c.columns, reduced = c.keepRows ? c.columns : c.rows;
    std::vector<T> out(kept);
    for (uint32_t k = 0; k < kept; ++k) {
        auto at = [&](uint32_t j) {
            return c.keepRows ? src[uint64_t(k) * paddedColumns + j] : src[uint64_t(j) * paddedColumns + k];
        };
        T v = at(0);
        for (uint32_t j = 1; j < reduced; ++j) v = pick(v, at(j));
        out[k] = v;
    }
    std::memcpy(c.dst, out.data(), out.size() * sizeof(T));
}

}  // namespace

void MeanRun(const MeanCall& c) {
    const auto& p = c.params;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const adv::TmpRange need = adv::MeanTmpSize(p.n, esize, uint32_t(DTypeSize(c.accType)));
    if (!IssueRowReduce(InstrId::Mean, c.type, p.outter, p.inner, p.n, need, c.dst, c.src, c.sharedTmp, c.tmp, c.tmpBytes, c.caller))
        return;
    if (c.type == DType::F16) MeanRows<half>(c);
    else MeanRows<float>(c);
}

void SumRun(const SumCall& c) {
    const auto& p = c.params;
    const adv::TmpRange need = adv::SumTmpSize(p.n, uint32_t(DTypeSize(c.type)));
    if (!IssueRowReduce(InstrId::Sum, c.type, p.outter, p.inner, p.n, need, c.dst, c.src, c.sharedTmp, c.tmp, c.tmpBytes, c.caller))
        return;
    if (c.type == DType::F16) SumRows<half>(c);
    else SumRows<float>(c);
}

void ReduceAxisRun(const ReduceAxisCall& c) {
    const char* api = ApiOf(c.id);
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    if (!c.srcInnerPad || c.rows == 0 || c.columns == 0) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("%s: srcShape {%u, %u} with srcInnerPad %s is not supported: Atlas A2 / A3 take a source whose "
                    "rows are padded to 32 bytes (srcInnerPad true) and both axes non-empty",
                    api, c.rows, c.columns, c.srcInnerPad ? "true" : "false"));
        return;
    }
    const uint32_t perBlock = 32 / esize;
    const uint32_t paddedColumns = (c.columns + perBlock - 1) / perBlock * perBlock;
    const adv::TmpRange need = adv::ReduceAxisTmpSize(c.rows, c.columns, esize, c.keepRows, c.reuseSource);
    const uint64_t srcElems = uint64_t(c.rows) * paddedColumns;
    CheckAdvTmpSpace(api, c.type, need, srcElems, c.sharedTmp, c.tmpBytes, c.caller);

    if (!IssueReduce(c.id, esize, c.dst, c.keepRows ? c.rows : c.columns, c.src, srcElems, need, c.sharedTmp, c.tmp,
                     c.tmpBytes, c.caller))
        return;
    if (c.type == DType::F16) ReduceAxisValues<half>(c, paddedColumns);
    else ReduceAxisValues<float>(c, paddedColumns);
}

}  // namespace akg::sim
