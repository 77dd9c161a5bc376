// Brcb (kernel_operator_vec_brcb_intf.h): fills whole data blocks, each with one source element.
#include "basic_api/kernel_operator_vec_brcb_intf.h"
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
    Instr in(InstrId::Brcb, caller);
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

}  // namespace akg::sim
