// InitGlobalMemory (CANN 8.x install layout lib/utils/init_global_memory.h): sets `size` elements
// of a GlobalTensor to `value`, e.g. to zero an output before atomic accumulation. InitOutput is
// its earlier name, which operators of CANN's own library still call. One call is one MTE3
// instruction of the simulator writing the range (src/sim/data_copy.cpp); like the device's
// DataCopy-based implementation it honours the core's atomic mode. bfloat16_t is outside the
// documented type list, but CANN's device build accepts it (the check is a CPU-debug runtime
// assertion) and its Duplicate-based fill handles it; NPUKernelBench's FeedsRepeat relies on it.
// Fill is its current name.
#pragma once

#include "akg/sim/instr_table.h"
#include "akg/sim/sim.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
// Writes `count` copies of the `elemSize`-byte `value` to GM at `dst`.
void GmFill(void* dst, const void* value, uint32_t elemSize, uint64_t count, InstrId id, const void* caller);
}  // namespace akg::sim

namespace AscendC {

#define AKG_GM_FILL_TYPES "uint16_t, int16_t, half, bfloat16_t, uint32_t, int32_t, float; on Ascend 950 also (u)int8_t, (u)int64_t"

template <typename T>
AKG_API void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
    static_assert(akg::sim::kInstrAccepts<akg::sim::InstrId::InitGlobalMemory, akg::sim::kKernelTypeSoc, T>,
                  "InitGlobalMemory: data type not supported (" AKG_GM_FILL_TYPES ")");
    akg::sim::GmFill(gmWorkspaceAddr.GetPhyAddr(0), &value, sizeof(T), size, akg::sim::InstrId::InitGlobalMemory, AKG_CALLER);
}

template <typename T>
AKG_API void InitOutput(GlobalTensor<T> gmWorkspaceAddr, const uint64_t size, const T value = 0) {
    static_assert(akg::sim::kInstrAccepts<akg::sim::InstrId::InitOutput, akg::sim::kKernelTypeSoc, T>,
                  "InitOutput: data type not supported (" AKG_GM_FILL_TYPES ")");
    akg::sim::GmFill(gmWorkspaceAddr.GetPhyAddr(0), &value, sizeof(T), size, akg::sim::InstrId::InitOutput, AKG_CALLER);
}

// Fill: the current name of InitGlobalMemory (the same documented types and effect).
template <typename T>
AKG_API void Fill(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, const T value) {
    static_assert(akg::sim::kInstrAccepts<akg::sim::InstrId::Fill, akg::sim::kKernelTypeSoc, T>,
                  "Fill: data type not supported (" AKG_GM_FILL_TYPES ")");
    akg::sim::GmFill(gmWorkspaceAddr.GetPhyAddr(0), &value, sizeof(T), size, akg::sim::InstrId::Fill, AKG_CALLER);
}

}  // namespace AscendC
