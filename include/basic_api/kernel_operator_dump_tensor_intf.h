// Device-side printing: printf / PRINTF and DumpTensor. Output goes to the run's device log,
// prefixed with the core index, as on the NPU.
#pragma once

#include "basic_api/kernel_tensor.h"

namespace akg::sim {
void DevicePrintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
void DeviceDump(const void* data, DType dtype, uint32_t elements, uint32_t desc, Mem mem, const void* caller);
}  // namespace akg::sim

namespace AscendC {

template <class... Args>
__aicore__ inline void printf(__gm__ const char* fmt, Args&&... args) {
    akg::sim::DevicePrintf(fmt, args...);
}
template <class... Args>
__aicore__ inline void PRINTF(__gm__ const char* fmt, Args&&... args) {
    akg::sim::DevicePrintf(fmt, args...);
}

template <typename T>
AKG_API void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
    akg::sim::DeviceDump(tensor.Data(), akg::sim::DTypeOf<T>(), dumpSize, desc,
                         akg::sim::MemOf(static_cast<TPosition>(tensor.GetPosition())), AKG_CALLER);
}
template <typename T>
AKG_API void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize) {
    akg::sim::DeviceDump(tensor.GetPhyAddr(), akg::sim::DTypeOf<T>(), dumpSize, desc, akg::sim::Mem::GM, AKG_CALLER);
}

}  // namespace AscendC
