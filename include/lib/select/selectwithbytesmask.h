// Select with a byte mask (high-level API, CANN lib/select/selectwithbytesmask.h): per element,
// a tensor value or a scalar chosen by a mask of whole values (not bits). Two names for one API:
// SelectWithBytesMask (earlier releases) and Select (current). With the tensor first, a mask value
// of 0 selects the tensor's element and any other value the scalar; with the scalar first, 0
// selects the scalar. The shapes are [firstAxis, srcLastAxis] for src/dst and
// [firstAxis, maskLastAxis] for the mask, maskLastAxis >= srcLastAxis (the rest of a mask row is
// ignored). Each call is one vector-pipe instruction of the simulator (src/sim/adv_select.cpp),
// which checks the shape and the temporary space against GetSelectMaxMinTmpSize's rule.
#pragma once

#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"

namespace AscendC {
struct SelectWithBytesMaskShapeInfo {
    __aicore__ SelectWithBytesMaskShapeInfo() {}
    uint32_t firstAxis = 0;
    uint32_t srcLastAxis = 0;
    uint32_t maskLastAxis = 0;
};
}  // namespace AscendC

namespace akg::sim {

struct SelectBytesMaskCall {
    DType type = DType::F32;
    DType maskType = DType::U8;
    void* dst = nullptr;
    const void* src = nullptr;  // the tensor operand
    double scalar = 0;
    bool scalarFirst = false;  // Select(dst, scalar, tensor, ...): mask 0 selects the scalar
    void* mask = nullptr;      // compacted in place when isReuseMask and the rows differ
    AscendC::SelectWithBytesMaskShapeInfo info;
    bool isReuseMask = true;
    void* tmp = nullptr;
    uint64_t tmpBytes = 0;
    const void* caller = nullptr;
};

void SelectBytesMaskRun(const SelectBytesMaskCall& call);

}  // namespace akg::sim

namespace AscendC {
namespace akg_adv {

template <typename T, typename U, bool isReuseMask>
inline void SelectBytesMask(const LocalTensor<T>& dst, const LocalTensor<T>& src, T scalar, bool scalarFirst,
                            const LocalTensor<U>& mask, const LocalTensor<uint8_t>& tmp,
                            const SelectWithBytesMaskShapeInfo& info, const void* caller) {
    static_assert(akg::sim::kOneOf<T, half, float>, "Select: data type not supported (half, float)");
    static_assert(akg::sim::kOneOf<U, bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>,
                  "Select: mask type not supported (bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t)");
    akg::sim::SelectBytesMaskCall c;
    c.type = akg::sim::DTypeOf<T>();
    c.maskType = akg::sim::DTypeOf<U>();
    c.dst = dst.Data();
    c.src = src.Data();
    c.scalar = static_cast<double>(static_cast<float>(scalar));
    c.scalarFirst = scalarFirst;
    c.mask = const_cast<U*>(mask.Data());
    c.info = info;
    c.isReuseMask = isReuseMask;
    c.tmp = tmp.Data();
    c.tmpBytes = tmp.GetSize();
    c.caller = caller;
    akg::sim::SelectBytesMaskRun(c);
}

}  // namespace akg_adv

#define AKG_SELECT_BYTES_MASK(NAME)                                                                        \
    template <typename T, typename U, bool isReuseMask = true>                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, T src1, const LocalTensor<U>& mask, \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info) { \
        akg_adv::SelectBytesMask<T, U, isReuseMask>(dst, src0, src1, false, mask, sharedTmpBuffer, info,   \
                                                    AKG_CALLER);                                           \
    }                                                                                                      \
    template <typename T, typename U, bool isReuseMask = true>                                              \
    AKG_API void NAME(const LocalTensor<T>& dst, T src0, const LocalTensor<T>& src1, const LocalTensor<U>& mask, \
                      const LocalTensor<uint8_t>& sharedTmpBuffer, const SelectWithBytesMaskShapeInfo& info) { \
        akg_adv::SelectBytesMask<T, U, isReuseMask>(dst, src1, src0, true, mask, sharedTmpBuffer, info,    \
                                                    AKG_CALLER);                                           \
    }
AKG_SELECT_BYTES_MASK(Select)
AKG_SELECT_BYTES_MASK(SelectWithBytesMask)
#undef AKG_SELECT_BYTES_MASK

}  // namespace AscendC
