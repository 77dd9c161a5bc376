// Select with a byte mask (include/lib/select/selectwithbytesmask.h): one vector-pipe
// instruction that reads the tensor operand and the mask rows, writes dst and the temporary
// space, and, when isReuseMask lets it and the mask rows are longer than the data rows, compacts
// the mask in place to [firstAxis, srcLastAxis] as CANN's GatherMask step does.
//
// Checks: a shape the API rejects (a last axis not whole 32-byte blocks, a mask row not a
// multiple of 16 elements or shorter than a data row) is ADV_SHAPE_UNSUPPORTED and not computed;
// temporary space below GetSelectMinTmpSize's value is ADV_TMP_BUFFER_SMALL.
#include <vector>

#include "lib/select/selectwithbytesmask.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

bool MaskIsZero(DType t, const uint8_t* p) {
    const size_t n = DTypeSize(t);
    for (size_t i = 0; i < n; ++i)
        if (p[i]) return false;
    return true;
}

template <typename T>
void Compute(const SelectBytesMaskCall& c) {
    const auto& info = c.info;
    const size_t maskSize = DTypeSize(c.maskType);
    const T* src = static_cast<const T*>(c.src);
    T* dst = static_cast<T*>(c.dst);
    uint8_t* mask = static_cast<uint8_t*>(c.mask);
    const T scalar = T(float(c.scalar));
    for (uint64_t r = 0; r < info.firstAxis; ++r)
        for (uint64_t k = 0; k < info.srcLastAxis; ++k) {
            const uint64_t i = r * info.srcLastAxis + k;
            const bool zero = MaskIsZero(c.maskType, mask + (r * info.maskLastAxis + k) * maskSize);
            dst[i] = zero != c.scalarFirst ? src[i] : scalar;
        }
    if (c.isReuseMask && info.maskLastAxis != info.srcLastAxis)
        for (uint64_t r = 0; r < info.firstAxis; ++r)
            std::memmove(mask + r * info.srcLastAxis * maskSize, mask + r * info.maskLastAxis * maskSize,
                         info.srcLastAxis * maskSize);
}

}  // namespace

void SelectBytesMaskRun(const SelectBytesMaskCall& c) {
    const char* api = ApiOf(InstrId::AdvSelect);
    const auto& info = c.info;
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const uint32_t maskSize = uint32_t(DTypeSize(c.maskType));
    if (uint64_t(info.srcLastAxis) * esize % 32 != 0 || uint64_t(info.maskLastAxis) * maskSize % 32 != 0 ||
        info.maskLastAxis % 16 != 0 || info.maskLastAxis < info.srcLastAxis) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("Select: SelectWithBytesMaskShapeInfo {firstAxis %u, srcLastAxis %u, maskLastAxis %u} is not "
                    "supported: srcLastAxis * sizeof(T) and maskLastAxis * sizeof(U) must be multiples of 32 bytes, "
                    "maskLastAxis a multiple of 16 and >= srcLastAxis",
                    info.firstAxis, info.srcLastAxis, info.maskLastAxis));
        return;
    }
    const uint64_t elems = uint64_t(info.firstAxis) * info.srcLastAxis;
    if (elems == 0) return;
    const adv::TmpRange need =
        adv::SelectBytesMaskTmpSize(elems, info.srcLastAxis, info.maskLastAxis, maskSize, c.isReuseMask);
    CheckAdvTmpSpace(api, c.type, need, elems, true, c.tmpBytes, c.caller);

    const uint64_t maskBytes = uint64_t(info.firstAxis) * info.maskLastAxis * maskSize;
    Instr in(InstrId::AdvSelect, c.caller);
    in.Read(Mem::UB, c.src, elems * esize, 32);
    in.Read(Mem::UB, c.mask, maskBytes, 32);
    in.Write(Mem::UB, c.dst, elems * esize, 32);
    if (c.isReuseMask && info.maskLastAxis != info.srcLastAxis) in.Write(Mem::UB, c.mask, maskBytes, 32);
    const uint64_t tmpUsed = std::min<uint64_t>(c.tmpBytes, need.maxValue);
    if (tmpUsed) in.Write(Mem::UB, c.tmp, tmpUsed, 32);
    in.elements = elems;
    in.bytes = elems * esize;
    // Cast the mask to half, compare with 0, select: three passes over the data.
    in.repeats = uint32_t(std::min<uint64_t>((elems * std::max<uint32_t>(esize, 2) + 255) / 256 * 3, UINT32_MAX));
    if (!Issue(in)) return;
    if (c.type == DType::F16) Compute<half>(c);
    else Compute<float>(c);
    // The implementation leaves intermediate values in the temporary buffer: make them visible.
    if (tmpUsed) std::memset(c.tmp, 0xFF, tmpUsed);
}

}  // namespace akg::sim
