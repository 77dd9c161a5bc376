// TopK (include/lib/sort/topk.h): one vector-pipe instruction that reads outter rows of inner
// elements (and the index row(s) and finish flags it is given) and writes each row's k values
// and indices.
//
// Semantics: each row is sorted whole (its padding too) by a stable sort, largest first for
// isLargest (else by the negated value, as the implementation multiplies by -1 around Sort32),
// NaN ahead of everything in both orders; the first k are written. Values are copied, never
// recomputed, so the output holds the input's bits.
//
// Checks (ADV_SHAPE_UNSUPPORTED, the call is not computed): TopKInfo (inner a positive multiple
// of 32, n in 1..inner, Small mode inner = 32, Normal mode inner <= 4096), k in 1..n, isHasfinish
// in Small mode, tensors smaller than the call reads or writes, and a tiling TopKTilingFunc did
// not make for this row length. Temporary space below GetTopKMaxMinTmpSize's minimum is
// ADV_TMP_BUFFER_SMALL.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "lib/sort/topk.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

using AscendC::TopKMode;

// The sort key of a value: NaN first, then the largest.
bool Before(float a, float b) {
    const bool na = std::isnan(a), nb = std::isnan(b);
    if (na || nb) return na && !nb;
    return a > b;
}

template <typename T>
void Compute(const TopKCall& c, uint64_t valueStride, uint64_t indexStride) {
    const auto& info = c.info;
    const T* src = static_cast<const T*>(c.src);
    const int32_t* srcIndex = static_cast<const int32_t*>(c.srcIndex);
    const uint8_t* finish = static_cast<const uint8_t*>(c.finish);
    const bool small = c.mode == TopKMode::TOPK_NSMALL;
    const uint64_t rows = uint64_t(info.outter), inner = uint64_t(info.inner), k = uint64_t(c.k);
    std::vector<T> values(rows * valueStride);
    std::vector<int32_t> indices(rows * indexStride);
    // Keep what the padding of each output row held (the API leaves it unwritten).
    std::memcpy(values.data(), c.dstValue, values.size() * sizeof(T));
    std::memcpy(indices.data(), c.dstIndex, indices.size() * sizeof(int32_t));
    std::vector<uint32_t> order(inner);
    std::vector<float> key(inner);
    for (uint64_t r = 0; r < rows; ++r) {
        const T* row = src + r * inner;
        for (uint64_t j = 0; j < inner; ++j) {
            const float v = static_cast<float>(row[j]);
            key[j] = c.isLargest ? v : -v;
        }
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return Before(key[a], key[b]); });
        const int32_t* idxRow = srcIndex ? srcIndex + (small ? r * inner : 0) : nullptr;
        const bool finished = c.isHasfinish && finish[r] != 0;
        for (uint64_t i = 0; i < k; ++i) {
            values[r * valueStride + i] = row[order[i]];
            indices[r * indexStride + i] = finished ? info.n : (idxRow ? idxRow[order[i]] : int32_t(order[i]));
        }
    }
    std::memcpy(c.dstValue, values.data(), values.size() * sizeof(T));
    std::memcpy(c.dstIndex, indices.data(), indices.size() * sizeof(int32_t));
}

}  // namespace

void TopKRun(const TopKCall& c) {
    const auto& info = c.info;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const bool small = c.mode == TopKMode::TOPK_NSMALL;
    const bool v200 = Rt().platform.cceAicore == 200 || Rt().platform.cceAicore == 100;
    const char* api = ApiOf(InstrId::TopK);
    auto unsupported = [&](const std::string& why) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("%s: TopKInfo {outter %d, inner %d, n %d}, k %d (%s mode): %s; nothing is computed", api,
                    info.outter, info.inner, info.n, c.k, small ? "Small" : "Normal", why.c_str()));
    };
    if (const char* why = adv::TopKShapeProblem(info.inner, info.outter, c.mode, esize)) return unsupported(why);
    if (info.n < 1 || info.n > info.inner) return unsupported("n must be in 1..inner");
    if (c.k < 1 || c.k > info.n) return unsupported("k must be in 1..n");
    if (small && c.isHasfinish) return unsupported("Small mode takes no finishLocal (isHasfinish must be false)");

    const uint64_t rows = uint64_t(info.outter), inner = uint64_t(info.inner), k = uint64_t(c.k);
    const uint64_t valueStride = small ? k : uint64_t(adv::topk::AlignUp(c.k, int32_t(32 / esize)));
    const uint64_t indexStride = small ? k : uint64_t(adv::topk::AlignUp(c.k, 8));
    const uint64_t valueElems = small ? rows * k : rows * valueStride;
    const uint64_t indexElems = small ? rows * k : rows * indexStride;
    const uint64_t srcIndexElems = small ? rows * inner : inner;
    auto tooSmall = [&](const char* what, uint64_t has, uint64_t needs) {
        unsupported(Format("%s holds %llu elements, the call needs %llu", what, (unsigned long long)has,
                           (unsigned long long)needs));
    };
    if (c.srcElems < rows * inner) return tooSmall("srcLocal", c.srcElems, rows * inner);
    if (c.dstValueElems < valueElems) return tooSmall("dstValueLocal", c.dstValueElems, valueElems);
    if (c.dstIndexElems < indexElems) return tooSmall("dstIndexLocal", c.dstIndexElems, indexElems);
    if (c.isInitIndex && c.srcIndexElems < srcIndexElems) return tooSmall("srcIndexLocal", c.srcIndexElems, srcIndexElems);
    if (c.isHasfinish && c.finishElems < rows) return tooSmall("finishLocal", c.finishElems, rows);
    // The device sorts as many groups per row as the tiling says: a tiling made for another row
    // length (or never made) sorts the wrong elements.
    if (!small) {
        const uint32_t groups = uint32_t(info.inner / (v200 ? 16 : adv::topk::kGroup));
        if (c.tiling.sortRepeat != groups)
            return unsupported(Format("the tiling's sortRepeat is %u, the Normal-mode tiling of inner %d has %u: "
                                      "compute it with TopKTilingFunc for the inner it is called with",
                                      c.tiling.sortRepeat, info.inner, groups));
    }

    adv::TmpRange need;
    need.minValue = need.maxValue =
        adv::TopKTmpBytes(info.inner, info.outter, c.isInitIndex, c.mode, c.isLargest, esize, v200);
    CheckAdvTmpSpace(api, c.type, need, rows * inner, c.sharedTmp, c.tmpBytes, c.caller);

    Instr in(InstrId::TopK, c.caller);
    in.Write(Mem::UB, c.dstValue, valueElems * esize, 32);
    in.Write(Mem::UB, c.dstIndex, indexElems * 4, 32);
    in.Read(Mem::UB, c.src, rows * inner * esize, 32);
    if (c.isInitIndex) in.Read(Mem::UB, c.srcIndex, srcIndexElems * 4, 32);
    if (c.isHasfinish) in.Read(Mem::UB, c.finish, rows, 1);
    if (c.sharedTmp && need.minValue) in.Write(Mem::UB, c.tmp, std::min<uint64_t>(c.tmpBytes, need.minValue), 32);
    in.elements = rows * inner;
    in.bytes = rows * inner * 8;
    // Estimate: Sort32 per 32 elements and log4 merge passes of 256-byte blocks over the records.
    uint32_t passes = 1;
    for (uint64_t run = 32; run < inner; run *= 4) ++passes;
    in.repeats = uint32_t(std::min<uint64_t>(uint64_t(passes) * ((rows * inner * 8 + 255) / 256), UINT32_MAX));
    if (!Issue(in)) return;
    if (c.type == DType::F16) Compute<half>(c, valueStride, indexStride);
    else Compute<float>(c, valueStride, indexStride);
}

}  // namespace akg::sim
