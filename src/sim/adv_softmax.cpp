// The SoftMax family (include/lib/activation/softmax.h): one vector-pipe instruction per call that
// reads the [m, k] source (SoftmaxGrad: and grad; the update forms and SimpleSoftMax: the
// incoming max and sum), writes dst, the per-row statistics and the temporary space.
//
// Numerics: as CANN's implementation, every step runs in float (a half source is widened first,
// the results are rounded once to their tensor's type); exp is the float exp, row sums are
// accumulated in double and rounded to float. The reductions cover the first oriSrcK columns;
// columns oriSrcK..srcK are computed with the row's max and sum like the others.
//
// Checks: a shape the APIs reject (k not whole 32-byte blocks, oriSrcM/oriSrcK beyond srcM/srcK)
// is ADV_SHAPE_UNSUPPORTED and not computed; temporary space below the documented minimum for
// this shape (GetSoftMax...MinTmpSize) is ADV_TMP_BUFFER_SMALL.
#include <cmath>
#include <cstring>
#include <vector>

#include "lib/activation/softmax.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

using adv::SoftmaxApi;

float Load(DType t, const void* base, uint64_t i) {
    const char* p = static_cast<const char*>(base);
    if (t == DType::F16) return float(LoadAs<half>(p + i * 2));
    return LoadAs<float>(p + i * 4);
}
void Store(DType t, void* base, uint64_t i, float v) {
    char* p = static_cast<char*>(base);
    if (t == DType::F16) StoreAs<half>(p + i * 2, half(v));
    else StoreAs<float>(p + i * 4, v);
}

struct Layout {
    uint32_t rows, cols, oriRows, oriCols;
    uint64_t statElems;  // elements of one row's max/sum block (1 without the broadcast)
};

// Every element of row r's statistic block holds v.
void StoreStat(DType t, void* base, const Layout& l, uint32_t r, float v) {
    if (!base) return;
    for (uint64_t j = 0; j < l.statElems; ++j) Store(t, base, r * l.statElems + j, v);
}
float LoadStat(DType t, const void* base, const Layout& l, uint32_t r) { return Load(t, base, r * l.statElems); }

void ComputeRows(const SoftmaxCall& c, const Layout& l) {
    const uint32_t K = l.cols;
    const uint64_t expMaxElems = c.statsWithoutBroadcast ? 1 : 32 / DTypeSize(c.expMaxType);
    std::vector<float> x(K), g(K), y(K);
    for (uint32_t r = 0; r < l.rows; ++r) {
        const uint64_t base = uint64_t(r) * K;
        for (uint32_t k = 0; k < K; ++k) x[k] = Load(c.type, c.src, base + k);
        if (c.kind == SoftmaxApi::Grad || c.kind == SoftmaxApi::GradFront) {
            for (uint32_t k = 0; k < K; ++k) g[k] = Load(c.type, c.grad, base + k);
            double dot = 0;
            for (uint32_t k = 0; k < l.oriCols; ++k) dot += double(g[k] * x[k]);
            const float s = float(dot);
            if (c.kind == SoftmaxApi::GradFront) {
                const uint64_t blk = 32 / DTypeSize(c.type);
                for (uint64_t j = 0; j < blk; ++j) Store(c.type, c.dst, r * blk + j, s);
                continue;
            }
            for (uint32_t k = 0; k < K; ++k) Store(c.type, c.dst, base + k, (g[k] - s) * x[k]);
            continue;
        }
        if (c.kind == SoftmaxApi::SimpleSoftMax) {
            const float m = LoadStat(c.statType, c.inMax, l, r), s = LoadStat(c.statType, c.inSum, l, r);
            for (uint32_t k = 0; k < K; ++k) Store(c.type, c.dst, base + k, std::exp(x[k] - m) / s);
            continue;
        }
        float rowMax = -INFINITY;
        for (uint32_t k = 0; k < l.oriCols; ++k) rowMax = std::max(rowMax, x[k]);
        const bool update = c.kind == SoftmaxApi::FlashUpdate || c.kind == SoftmaxApi::FlashV2Update;
        float inMax = 0, inSum = 0;
        if (update) {
            inMax = LoadStat(c.statType, c.inMax, l, r);
            inSum = LoadStat(c.statType, c.inSum, l, r);
        }
        const float m = update ? std::max(inMax, rowMax) : rowMax;
        double sum = 0;
        for (uint32_t k = 0; k < K; ++k) {
            y[k] = std::exp(x[k] - m);
            if (k < l.oriCols) sum += double(y[k]);
        }
        float s = float(sum);
        float expMax = 0;
        if (update) {
            expMax = std::exp(inMax - m);
            s = expMax * inSum + s;
        }
        const bool normalise = c.kind == SoftmaxApi::SoftMax || c.kind == SoftmaxApi::Flash ||
                               c.kind == SoftmaxApi::FlashUpdate;
        for (uint32_t k = 0; k < K; ++k) Store(c.type, c.dst, base + k, normalise ? y[k] / s : y[k]);
        // SoftmaxFlash's expMax rescales the previous output: exp(inMax - max) * inSum / sum.
        if (c.kind == SoftmaxApi::FlashUpdate) expMax = expMax * inSum / s;
        StoreStat(c.statType, c.sum, l, r, s);
        StoreStat(c.statType, c.max, l, r, m);
        StoreStat(c.statType, c.reduceMax, l, r, rowMax);
        if (update && c.expMax)
            for (uint64_t j = 0; j < expMaxElems; ++j) Store(c.expMaxType, c.expMax, r * expMaxElems + j, expMax);
    }
}

// Float steps per element, for the cost model: widen, sub, exp, reduce, div/mul, narrow.
uint32_t StepsOf(SoftmaxApi k) {
    switch (k) {
        case SoftmaxApi::SimpleSoftMax: return 3;
        case SoftmaxApi::GradFront: return 2;
        case SoftmaxApi::Grad: return 4;
        case SoftmaxApi::FlashV2: return 4;
        default: return 5;
    }
}

}  // namespace

void SoftmaxRun(const SoftmaxCall& c) {
    const auto& s = c.shape;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const uint32_t statSize = uint32_t(DTypeSize(c.statType));
    if (s.srcK == 0 || uint64_t(s.srcK) * esize % 32 != 0 || s.oriSrcK > s.srcK || s.oriSrcM > s.srcM) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("%s: SoftMaxShapeInfo {srcM %u, srcK %u, oriSrcM %u, oriSrcK %u} is not supported: srcK * "
                    "sizeof(T) must be a non-zero multiple of 32 bytes, oriSrcM <= srcM and oriSrcK <= srcK",
                    c.api, s.srcM, s.srcK, s.oriSrcM, s.oriSrcK));
        return;
    }
    if (s.srcM == 0) return;
    const Layout l{s.srcM, s.srcK, s.oriSrcM, s.oriSrcK, c.statsWithoutBroadcast ? 1u : 32 / statSize};

    const bool v2 = c.kind == SoftmaxApi::FlashV2 || c.kind == SoftmaxApi::FlashV2Update;
    const bool grad = c.kind == SoftmaxApi::Grad || c.kind == SoftmaxApi::GradFront;
    const adv::SoftmaxTmpRange r =
        v2 ? adv::SoftmaxFlashV2TmpSize(s.srcM, s.srcK, esize, statSize, c.isBasicBlock, c.statsWithoutBroadcast)
           : adv::SoftmaxTmpSize(c.kind, s.srcM, s.srcK, grad ? esize : statSize);
    const uint64_t elems = uint64_t(s.srcM) * s.srcK;
    CheckAdvTmpSpace(c.api, c.type, {r.maxValue, r.minValue}, elems, c.sharedTmp, c.tmpBytes, c.caller);

    Instr in(InstrFamily::Softmax, c.api, c.caller);
    const uint64_t dataBytes = elems * esize;
    const uint64_t statBytes = uint64_t(s.srcM) * l.statElems * statSize;
    in.Read(Mem::UB, c.src, dataBytes, 32);
    if (c.grad) in.Read(Mem::UB, c.grad, dataBytes, 32);
    if (c.inSum) in.Read(Mem::UB, c.inSum, statBytes, 32);
    if (c.inMax) in.Read(Mem::UB, c.inMax, statBytes, 32);
    in.Write(Mem::UB, c.dst, c.kind == SoftmaxApi::GradFront ? uint64_t(s.srcM) * 32 : dataBytes, 32);
    for (void* stat : {c.sum, c.max, c.reduceMax})
        if (stat) in.Write(Mem::UB, stat, statBytes, 32);
    if (c.expMax)
        in.Write(Mem::UB, c.expMax, c.statsWithoutBroadcast ? uint64_t(s.srcM) * esize : uint64_t(s.srcM) * 32, 32);
    const uint64_t tmpUsed = c.sharedTmp ? std::min<uint64_t>(c.tmpBytes, r.maxValue) : 0;
    if (tmpUsed) in.Write(Mem::UB, c.tmp, tmpUsed, 32);
    in.elements = elems;
    in.bytes = dataBytes;
    in.repeats = uint32_t(std::min<uint64_t>((elems * 4 + 255) / 256 * StepsOf(c.kind), UINT32_MAX));
    if (!Issue(in)) return;
    ComputeRows(c, l);
    // The implementation leaves intermediate values in the temporary buffer: make them visible.
    if (tmpUsed) std::memset(c.tmp, 0xFF, tmpUsed);
}

bool AdjustSoftmaxRes(void* res, DType resType, const void* max, DType maxType, uint32_t from, const void* to,
                      const AscendC::SoftMaxShapeInfo& s, bool maxPerElement, const void* caller) {
    const uint32_t esize = uint32_t(DTypeSize(resType)), maxSize = uint32_t(DTypeSize(maxType));
    if (s.srcK == 0 || uint64_t(s.srcK) * esize % 32 != 0) {
        Diag("ADV_SHAPE_UNSUPPORTED", caller,
             Format("AdjustSoftMaxRes: SoftMaxShapeInfo srcK %u is not supported: srcK * sizeof(T1) must be a non-zero "
                    "multiple of 32 bytes",
                    s.srcK));
        return false;
    }
    const uint64_t maxStride = maxPerElement ? 1 : 32 / maxSize;
    Instr in(InstrId::AdjustSoftMaxRes, caller);
    const uint64_t elems = uint64_t(s.srcM) * s.srcK;
    in.Read(Mem::UB, max, uint64_t(s.srcM) * maxStride * maxSize, 32);
    in.Read(Mem::UB, res, elems * esize, 32).Write(Mem::UB, res, elems * esize, 32);
    in.elements = elems;
    in.bytes = elems * esize;
    in.repeats = uint32_t(std::min<uint64_t>((elems * esize + 255) / 256 + s.srcM, UINT32_MAX));
    if (!Issue(in)) return false;
    bool found = false;
    const char* maxBytes = static_cast<const char*>(max);
    char* out = static_cast<char*>(res);
    for (uint32_t r = 0; r < s.srcM; ++r) {
        const char* m = maxBytes + r * maxStride * maxSize;
        // The comparison is of bit patterns: a half max against the low 16 bits of `from`.
        const uint32_t bits = maxSize == 2 ? uint32_t(LoadAs<uint16_t>(m)) : LoadAs<uint32_t>(m);
        if (bits != (maxSize == 2 ? (from & 0xFFFFu) : from)) continue;
        found = true;
        for (uint32_t k = 0; k < s.srcK; ++k) std::memcpy(out + (uint64_t(r) * s.srcK + k) * esize, to, esize);
    }
    return found;
}

}  // namespace akg::sim
