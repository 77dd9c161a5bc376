// Device-side dumps of the direct-launch language: DumpTensor, and the C-style asc_dump_* calls,
// which dump `dump_size` elements from a raw address in GM, UB, L1 or L0C under the id `desc`.
#pragma once

#include "basic_api/kernel_operator_dump_tensor_intf.h"

template <typename T>
__attribute__((noinline)) void asc_dump_gm(__gm__ T* input, uint32_t desc, uint32_t dump_size) {
    akg::sim::DeviceDump(input, akg::sim::DTypeOf<T>(), dump_size, desc, akg::sim::Mem::GM, AKG_CALLER);
}
template <typename T>
__attribute__((noinline)) void asc_dump_ubuf(__ubuf__ T* input, uint32_t desc, uint32_t dump_size) {
    akg::sim::DeviceDump(input, akg::sim::DTypeOf<T>(), dump_size, desc, akg::sim::Mem::UB, AKG_CALLER);
}
template <typename T>
__attribute__((noinline)) void asc_dump_l1buf(__cbuf__ T* input, uint32_t desc, uint32_t dump_size) {
    akg::sim::DeviceDump(input, akg::sim::DTypeOf<T>(), dump_size, desc, akg::sim::Mem::L1, AKG_CALLER);
}
template <typename T>
__attribute__((noinline)) void asc_dump_cbuf(__cc__ T* input, uint32_t desc, uint32_t dump_size) {
    akg::sim::DeviceDump(input, akg::sim::DTypeOf<T>(), dump_size, desc, akg::sim::Mem::L0C, AKG_CALLER);
}
