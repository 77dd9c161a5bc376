// CreateVecIndex (kernel_operator_vec_createvecindex_intf.h): fills lanes with an index sequence.
#include <vector>

#include "basic_api/kernel_operator_vec_createvecindex_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {
template <typename T>
T FromIndex(T first, uint32_t j) {
    if constexpr (kIsFloat<T>) return Narrow<T>(static_cast<float>(first) + static_cast<float>(j));
    else return T(first + T(j));
}
}  // namespace

template <typename T>
void VecCreateVecIndex(T* dst, T firstValue, const VecShape& shape, const void* caller) {
    constexpr uint32_t kPerBlock = 32 / sizeof(T);
    Iteration it = Resolve(shape, sizeof(T), caller);
    AsCounter(it);
    const Operand od{reinterpret_cast<uint8_t*>(dst), sizeof(T), shape.blk[0], shape.rep[0]};
    const uint32_t repeats = RepeatsOf(it);
    Instr in(InstrId::CreateVecIndex, caller);
    in.Write(Mem::UB, dst, Footprint(it, od), 32);
    in.elements = it.counter ? it.count : uint64_t(repeats) * it.lanes;
    in.repeats = repeats;
    in.bytes = in.elements * sizeof(T);
    if (!Issue(in)) return;
    // The value of lane l in repeat r: firstValue + l % blockElems, plus one block's element
    // count per preceding block, plus one repeat's element count per preceding repeat, each
    // step rounded like the device's Adds.
    std::vector<T> lane(it.lanes);
    for (uint32_t l = 0; l < it.lanes; ++l) {
        T v = FromIndex(firstValue, l % kPerBlock);
        for (uint32_t k = 0; k < l / kPerBlock; ++k) v = AddT(v, T(kPerBlock));
        lane[l] = v;
    }
    for (uint32_t r = 0; r < repeats; ++r) {
        if (r > 0)
            for (uint32_t l = 0; l < it.lanes; ++l) lane[l] = AddT(lane[l], T(it.lanes));
        for (uint32_t l = 0; l < it.lanes; ++l)
            if (LaneEnabled(it, r, l)) StoreAs(LaneAddress(od, r, l), lane[l]);
    }
}

template void VecCreateVecIndex<int16_t>(int16_t*, int16_t, const VecShape&, const void*);
template void VecCreateVecIndex<half>(half*, half, const VecShape&, const void*);
template void VecCreateVecIndex<int32_t>(int32_t*, int32_t, const VecShape&, const void*);
template void VecCreateVecIndex<float>(float*, float, const VecShape&, const void*);

}  // namespace akg::sim
