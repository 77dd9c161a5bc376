// Copy: UB -> UB through the vector unit, with Copy's own Counter-mode semantics (the count is
// per repeat and repeatTime stays in effect).
#include "basic_api/kernel_operator_vec_copy_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

template <typename T>
void VecCopy(T* dst, const T* src, const VecShape& shape, const void* caller) {
    Iteration it = Resolve(shape, sizeof(T), caller);
    const Operand od{reinterpret_cast<uint8_t*>(dst), sizeof(T), shape.blk[0], shape.rep[0]};
    const Operand os{reinterpret_cast<uint8_t*>(const_cast<T*>(src)), sizeof(T), shape.blk[1], shape.rep[1]};
    const uint32_t repeats = shape.repeat;
    uint64_t dstEnd = 0, srcEnd = 0;
    const bool counter = it.counter;
    if (counter) {
        // Every repeat copies the first `count` elements; they may run past 8 blocks.
        if (repeats && it.count)
            for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r)
                for (uint64_t e : {uint64_t(0), it.count - 1, std::min<uint64_t>(it.count, 32 / sizeof(T)) - 1}) {
                    dstEnd = std::max<uint64_t>(dstEnd, uint64_t(LaneAddress(od, r, uint32_t(e)) - od.base) + sizeof(T));
                    srcEnd = std::max<uint64_t>(srcEnd, uint64_t(LaneAddress(os, r, uint32_t(e)) - os.base) + sizeof(T));
                }
    } else {
        it.repeats = repeats;
        dstEnd = Footprint(it, od);
        srcEnd = Footprint(it, os);
    }
    Instr in(InstrId::Copy, caller);
    in.Write(Mem::UB, dst, dstEnd, 32);
    in.Read(Mem::UB, src, srcEnd, 32);
    in.elements = counter ? uint64_t(repeats) * it.count : uint64_t(repeats) * it.lanes;
    in.repeats = repeats;
    in.bytes = in.elements * sizeof(T);
    if (!Issue(in)) return;
    for (uint32_t r = 0; r < repeats; ++r) {
        if (counter) {
            for (uint64_t e = 0; e < it.count; ++e)
                std::memmove(LaneAddress(od, r, uint32_t(e)), LaneAddress(os, r, uint32_t(e)), sizeof(T));
        } else {
            for (uint32_t l = 0; l < it.lanes; ++l)
                if (LaneEnabled(it, r, l)) std::memmove(LaneAddress(od, r, l), LaneAddress(os, r, l), sizeof(T));
        }
    }
}

#define AKG_INSTANTIATE_COPY(T) template void VecCopy<T>(T*, const T*, const VecShape&, const void*);
AKG_INSTANTIATE_COPY(int16_t)
AKG_INSTANTIATE_COPY(uint16_t)
AKG_INSTANTIATE_COPY(half)
AKG_INSTANTIATE_COPY(bfloat16_t)
AKG_INSTANTIATE_COPY(int32_t)
AKG_INSTANTIATE_COPY(uint32_t)
AKG_INSTANTIATE_COPY(float)
#undef AKG_INSTANTIATE_COPY

}  // namespace akg::sim
