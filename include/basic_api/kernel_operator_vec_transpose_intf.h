// Transpose (16x16 of 16-bit elements, and the NCHW <-> NHWC enhanced form) and TransDataTo5HD
// (the 16-address vnchwconv used for NCHW -> NC1HWC0 and block transposes).
//
// TransDataTo5HD, per repeat, reads one 32-byte block at each of the 16 source addresses:
//   16-bit: destination block j gets element j of every source block (a 16x16 transpose);
//   32-bit: element j of every source block makes destination blocks 2j (sources 0..7) and
//           2j+1 (sources 8..15);
//   8-bit:  element j (of the low or high half, srcHighHalf) of every source block makes the low
//           or high half (dstHighHalf) of destination block j.
// With repeatTimes > 1 repeat r adds r * dstRepStride / srcRepStride blocks to the addresses;
// with repeatTimes == 1 the single repeat already adds the strides (set them to 0 to start at
// the listed addresses), as the documentation states.
#pragma once

#include "akg/sim/vec.h"
#include "basic_api/kernel_struct_transpose.h"
#include "basic_api/kernel_tensor.h"

namespace akg::sim {
template <typename T>
void VecTranspose16(const char* api, T* dst, const T* src, const void* caller);
template <typename T>
void VecTransposeExt(T* dst, const T* src, uint8_t* tmp, uint32_t tmpBytes, const AscendC::TransposeParamsExt& p,
                     const void* caller);
// Addresses are host addresses of UB data blocks.
void VecTransData5HD(const char* api, uint32_t esize, const uint64_t dst[16], const uint64_t src[16],
                     const AscendC::TransDataTo5HDParams& p, const void* caller);
// TransDataTo5HD(LocalTensor<uint64_t>, LocalTensor<uint64_t>, ...): the address lists live in UB.
void VecTransData5HDFromUb(uint32_t esize, const uint64_t* dstList, const uint64_t* srcList,
                           const AscendC::TransDataTo5HDParams& p, const void* caller);
// The raw CCE form: set_va_reg_sb loads 8 addresses into address register VA<reg>;
// scatter_vnchwconv_b8/b16/b32 take their 16 addresses from a register and the next one.
void VecSetVaReg(uint32_t reg, const uint64_t addrs[8], const void* caller);
void VecScatterVnchwconv(const char* api, uint32_t esize, uint32_t dstReg, uint32_t srcReg,
                         const AscendC::TransDataTo5HDParams& p, const void* caller);
}  // namespace akg::sim

namespace AscendC {

template <typename T>
AKG_API void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src) {
    static_assert(akg::sim::kOneOf<T, int16_t, uint16_t, half>,
                  "Transpose: data type not supported on this SoC (int16_t, uint16_t, half)");
    akg::sim::VecTranspose16<T>("Transpose", dst.Data(), src.Data(), AKG_CALLER);
}
template <typename T>
AKG_API void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
                       const TransposeParamsExt& transposeParams) {
    static_assert(akg::sim::kOneOf<T, int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t, float>,
                  "Transpose: data type not supported on this SoC (int8_t, uint8_t, int16_t, uint16_t, half, "
                  "int32_t, uint32_t, float)");
    akg::sim::VecTransposeExt<T>(dst.Data(), src.Data(), sharedTmpBuffer.Data(), sharedTmpBuffer.GetSize(),
                                 transposeParams, AKG_CALLER);
}

// The instruction permutes 8-, 16- or 32-bit elements by width. bfloat16_t is documented from
// Ascend 950 on; on Atlas A2 CANN checks the type only in its CPU-debug build (ASCENDC_ASSERT), so
// the device compiler builds a bfloat16_t call (CANN's MatMulV3 makes one) and runs the 16-bit form.
#define AKG_TRANSDATA_CHECK(T)                                                                                    \
    static_assert(akg::sim::kOneOf<T, int8_t, uint8_t, int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t,     \
                                   float>,                                                                        \
                  "TransDataTo5HD: data type not supported on this SoC (int8_t, uint8_t, int16_t, uint16_t, half, " \
                  "bfloat16_t, int32_t, uint32_t, float)")

template <typename T>
AKG_API void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                            const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                            const TransDataTo5HDParams& nchwconvParams) {
    AKG_TRANSDATA_CHECK(T);
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
        d[i] = dstList[i].GetPhyAddr();
        s[i] = srcList[i].GetPhyAddr();
    }
    akg::sim::VecTransData5HD("TransDataTo5HD", sizeof(T), d, s, nchwconvParams, AKG_CALLER);
}
template <typename T>
AKG_API void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                            const TransDataTo5HDParams& nchwconvParams) {
    AKG_TRANSDATA_CHECK(T);
    akg::sim::VecTransData5HD("TransDataTo5HD", sizeof(T), dstList, srcList, nchwconvParams, AKG_CALLER);
}
template <typename T>
AKG_API void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                            const TransDataTo5HDParams& nchwconvParams) {
    AKG_TRANSDATA_CHECK(T);
    akg::sim::VecTransData5HDFromUb(sizeof(T), dst.Data(), src.Data(), nchwconvParams, AKG_CALLER);
}

// Implementation-level entry points that some kernels call directly (CANN's TransDataTo5HDImpl):
// raw UB pointer lists or address lists.
template <typename T>
AKG_API void TransDataTo5HDImpl(T* dstList[NCHW_CONV_ADDR_LIST_SIZE], T* srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                const TransDataTo5HDParams& nchwconvParams) {
    AKG_TRANSDATA_CHECK(T);
    uint64_t d[NCHW_CONV_ADDR_LIST_SIZE], s[NCHW_CONV_ADDR_LIST_SIZE];
    for (int i = 0; i < NCHW_CONV_ADDR_LIST_SIZE; ++i) {
        d[i] = reinterpret_cast<uintptr_t>(dstList[i]);
        s[i] = reinterpret_cast<uintptr_t>(srcList[i]);
    }
    akg::sim::VecTransData5HD("TransDataTo5HDImpl", sizeof(T), d, s, nchwconvParams, AKG_CALLER);
}
template <typename T>
AKG_API void TransDataTo5HDImpl(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE], uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                                const TransDataTo5HDParams& nchwconvParams) {
    AKG_TRANSDATA_CHECK(T);
    akg::sim::VecTransData5HD("TransDataTo5HDImpl", sizeof(T), dstList, srcList, nchwconvParams, AKG_CALLER);
}
#undef AKG_TRANSDATA_CHECK

}  // namespace AscendC
