// Address registers of the register-based vector API (asc-devkit
// kernel_reg_compute_addrreg_intf.h): CreateAddrReg<T>(index0, stride0, ...) is the offset
// index0 * stride0 + index1 * stride1 + ... elements of T, which LoadAlign / StoreAlign add to
// their UB base. The hardware advances it with its loop counters, so it costs no instruction.
#pragma once

#include <cstdint>

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

template <typename T>
AKG_API AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0) {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                  "AscendC::Reg::CreateAddrReg: T is a b8/b16/b32/b64 type");
    return AddrReg{(uint64_t(index0) * stride0) * sizeof(T)};
}

template <typename T>
AKG_API AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1) {
    return AddrReg{CreateAddrReg<T>(index0, stride0).bytes + CreateAddrReg<T>(index1, stride1).bytes};
}

template <typename T>
AKG_API AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1, uint16_t index2,
                              uint32_t stride2) {
    return AddrReg{CreateAddrReg<T>(index0, stride0, index1, stride1).bytes + CreateAddrReg<T>(index2, stride2).bytes};
}

template <typename T>
AKG_API AddrReg CreateAddrReg(uint16_t index0, uint32_t stride0, uint16_t index1, uint32_t stride1, uint16_t index2,
                              uint32_t stride2, uint16_t index3, uint32_t stride3) {
    return AddrReg{CreateAddrReg<T>(index0, stride0, index1, stride1, index2, stride2).bytes +
                   CreateAddrReg<T>(index3, stride3).bytes};
}

}  // namespace Reg
}  // namespace AscendC
