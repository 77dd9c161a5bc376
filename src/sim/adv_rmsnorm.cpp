// RmsNorm (include/lib/normalization/rmsnorm.h): one vector-pipe instruction that reads B*S rows
// of H elements and gamma, and writes the normalised rows.
//
// Numerics: each row's mean of squares (over its originalHLength real elements, times the
// tiling's reciprocalOfHLength as the device scales it) is summed in double and held in float;
// every output is x * (1 / sqrt(mean + epsilon)) * gamma in float, rounded to T once.
//
// Checks: a tiling whose [B, S, H] does not fit the tensors (H not whole 32-byte blocks, B*S*H
// beyond src or dst, H beyond gamma, originalHLength outside 1..H) is ADV_SHAPE_UNSUPPORTED and
// not computed; temporary space below GetRmsNormMaxMinTmpSize's minimum is ADV_TMP_BUFFER_SMALL.
#include <cmath>
#include <vector>

#include "lib/normalization/rmsnorm.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

template <typename T>
void Normalise(const RmsNormCall& c) {
    const auto& t = c.tiling;
    const uint64_t rows = uint64_t(t.bLength) * t.sLength, h = t.hLength;
    const T* src = static_cast<const T*>(c.src);
    const T* gamma = static_cast<const T*>(c.gamma);
    std::vector<T> out(rows * h);
    for (uint64_t r = 0; r < rows; ++r) {
        const T* x = src + r * h;
        double squares = 0;
        for (uint64_t j = 0; j < t.originalHLength; ++j) squares += double(float(x[j])) * double(float(x[j]));
        const float mean = float(squares) * t.reciprocalOfHLength;
        const float scale = 1.0f / std::sqrt(mean + c.epsilon);
        for (uint64_t j = 0; j < h; ++j) out[r * h + j] = T(float(x[j]) * scale * float(gamma[j]));
    }
    std::memcpy(c.dst, out.data(), out.size() * sizeof(T));
}

}  // namespace

void RmsNormRun(const RmsNormCall& c) {
    const auto& t = c.tiling;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const uint64_t elems = uint64_t(t.bLength) * t.sLength * t.hLength;
    if (t.hLength == 0 || uint64_t(t.hLength) * esize % 32 != 0 || elems == 0 || elems > c.srcElems ||
        elems > c.dstElems || t.hLength > c.gammaElems || t.originalHLength == 0 || t.originalHLength > t.hLength) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("RmsNorm: tiling {bLength %u, sLength %u, hLength %u, originalHLength %u} does not fit the "
                    "tensors (src %llu, dst %llu, gamma %llu elements): H must be whole 32-byte blocks, B*S*H within "
                    "src and dst, H within gamma, originalHLength in 1..H",
                    t.bLength, t.sLength, t.hLength, t.originalHLength, (unsigned long long)c.srcElems,
                    (unsigned long long)c.dstElems, (unsigned long long)c.gammaElems));
        return;
    }
    const adv::RmsNormTmp rule = adv::RmsNormTmpSize(t.bLength, t.sLength, t.hLength, esize, c.basicBlock);
    adv::TmpRange need;
    need.minValue = rule.minValue;
    need.maxValue = rule.maxValue;
    CheckAdvTmpSpace("RmsNorm", c.type, need, elems, c.sharedTmp, c.tmpBytes, c.caller);

    Instr in(InstrId::RmsNorm, c.caller);
    in.Write(Mem::UB, c.dst, elems * esize, 32);
    in.Read(Mem::UB, c.src, elems * esize, 32);
    in.Read(Mem::UB, c.gamma, uint64_t(t.hLength) * esize, 32);
    if (c.sharedTmp && need.maxValue) in.Write(Mem::UB, c.tmp, std::min<uint64_t>(c.tmpBytes, need.maxValue), 32);
    in.elements = elems;
    in.bytes = elems * esize;
    in.repeats = uint32_t(std::min<uint64_t>((elems * esize + 255) / 256, UINT32_MAX));
    if (!Issue(in)) return;
    if (c.type == DType::F16) Normalise<half>(c);
    else Normalise<float>(c);
}

}  // namespace akg::sim
