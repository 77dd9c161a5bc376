// Index generation of the register-based vector API (asc-devkit
// kernel_reg_compute_vec_arange_intf.h): Arange(dstReg, start) sets element i to start + i
// (start - i with IndexOrder::DECREASE_ORDER).
#pragma once

#include "basic_api/reg_compute/kernel_reg_compute_struct_intf.h"

namespace AscendC {
namespace Reg {

template <typename T = DefaultType, IndexOrder order = IndexOrder::INCREASE_ORDER, typename U, typename S>
AKG_API void Arange(S& dstReg, U scalarValue) {
    using E = detail::Elem<T, S>;
    AKG_REG_CHECK(Arange, E, S);
    ::akg::sim::RegArange(::akg::sim::DTypeOf<E>(), &dstReg.raw, double(scalarValue),
                          order == IndexOrder::DECREASE_ORDER, AKG_CALLER);
}

}  // namespace Reg
}  // namespace AscendC
