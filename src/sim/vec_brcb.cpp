// Brcb and CreateVecIndex: fills of whole data blocks and of index sequences.
#include <vector>

#include "basic_api/kernel_operator_vec_brcb_intf.h"
#include "basic_api/kernel_operator_vec_createvecindex_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

template <typename T>
void VecBrcb(T* dst, const T* src, uint8_t repeat, uint16_t dstBlkStride, uint16_t dstRepStride, const void* caller) {
    constexpr uint32_t kPerBlock = 32 / sizeof(T);
    if (dstBlkStride == 0) {
        Diag("VEC_COUNT_RANGE", caller,
             "Brcb: dstBlkStride 0 is not supported (undefined on the device); it is treated as 1");
        dstBlkStride = 1;
    }
    Instr in("Brcb", Pipe::V, caller);
    const uint64_t dstEnd = repeat ? ((uint64_t(repeat) - 1) * dstRepStride + 7ull * dstBlkStride) * 32 + 32 : 0;
    in.Write(Mem::UB, dst, dstEnd, 32);
    in.Read(Mem::UB, src, uint64_t(repeat) * 8 * sizeof(T), 32);
    in.elements = uint64_t(repeat) * 8 * kPerBlock;
    in.repeats = repeat;
    in.bytes = in.elements * sizeof(T);
    if (!Issue(in)) return;
    auto* d = reinterpret_cast<uint8_t*>(dst);
    for (uint32_t r = 0; r < repeat; ++r) {
        T v[8];
        std::memcpy(v, src + size_t(r) * 8, sizeof v);
        for (uint32_t j = 0; j < 8; ++j) {
            uint8_t* blk = d + (uint64_t(r) * dstRepStride + uint64_t(j) * dstBlkStride) * 32;
            for (uint32_t e = 0; e < kPerBlock; ++e) StoreAs(blk + e * sizeof(T), v[j]);
        }
    }
}

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
    Instr in("CreateVecIndex", Pipe::V, caller);
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

#define AKG_INSTANTIATE_BRCB(T) \
    template void VecBrcb<T>(T*, const T*, uint8_t, uint16_t, uint16_t, const void*);
AKG_INSTANTIATE_BRCB(int16_t)
AKG_INSTANTIATE_BRCB(uint16_t)
AKG_INSTANTIATE_BRCB(half)
AKG_INSTANTIATE_BRCB(bfloat16_t)
AKG_INSTANTIATE_BRCB(int32_t)
AKG_INSTANTIATE_BRCB(uint32_t)
AKG_INSTANTIATE_BRCB(float)
#undef AKG_INSTANTIATE_BRCB
template void VecCreateVecIndex<int16_t>(int16_t*, int16_t, const VecShape&, const void*);
template void VecCreateVecIndex<half>(half*, half, const VecShape&, const void*);
template void VecCreateVecIndex<int32_t>(int32_t*, int32_t, const VecShape&, const void*);
template void VecCreateVecIndex<float>(float*, float, const VecShape&, const void*);

}  // namespace akg::sim
