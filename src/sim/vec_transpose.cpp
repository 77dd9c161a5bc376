// Transpose (16x16, NCHW <-> NHWC) and TransDataTo5HD (vnchwconv).
#include <vector>

#include "basic_api/kernel_operator_vec_transpose_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

using AscendC::TransposeType;

template <typename T>
void VecTranspose16(const char* api, T* dst, const T* src, const void* caller) {
    Instr in(InstrFamily::Transpose16, api, caller);
    in.Write(Mem::UB, dst, 256 * sizeof(T), 32);
    in.Read(Mem::UB, src, 256 * sizeof(T), 32);
    in.elements = 256;
    in.repeats = 1;
    in.bytes = 512;
    if (!Issue(in)) return;
    T m[256];
    std::memcpy(m, src, sizeof m);  // src and dst may be the same tensor
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) dst[j * 16 + i] = m[i * 16 + j];
}

template <typename T>
void VecTransposeExt(T* dst, const T* src, uint8_t* tmp, uint32_t tmpBytes, const AscendC::TransposeParamsExt& p,
                     const void* caller) {
    const char* api = ApiOf(InstrId::TransposeEnhanced);
    if (p.transposeType == TransposeType::TRANSPOSE_ND2ND_B16) {
        if constexpr (sizeof(T) == 2) {
            if (!std::is_same_v<T, uint16_t>)
                Diag("VEC_UNSUPPORTED", caller,
                     "Transpose with TRANSPOSE_ND2ND_B16 supports only uint16_t on this SoC; the data is transposed "
                     "as 16-bit values");
            VecTranspose16<T>(api, dst, src, caller);
        } else {
            Diag("VEC_UNSUPPORTED", caller, "Transpose with TRANSPOSE_ND2ND_B16 needs 16-bit data");
        }
        return;
    }
    const bool toNhwc = p.transposeType == TransposeType::TRANSPOSE_NCHW2NHWC;
    if (!toNhwc && p.transposeType != TransposeType::TRANSPOSE_NHWC2NCHW) {
        Diag("VEC_UNSUPPORTED", caller,
             Format("Transpose: TransposeType %d is not supported (ND2ND_B16, NCHW2NHWC and NHWC2NCHW are)",
                    int(p.transposeType)));
        return;
    }
    const uint64_t n = p.nSize, c = p.cSize, hw = uint64_t(p.hSize) * p.wSize;
    if (c > 4095 || hw > 4095 || (hw * sizeof(T)) % 32 != 0)
        Diag("VEC_COUNT_RANGE", caller,
             Format("Transpose: needs cSize <= 4095, hSize * wSize <= 4095 and hSize * wSize * sizeof(T) a multiple of "
                    "32 bytes (c=%llu, h*w=%llu)",
                    static_cast<unsigned long long>(c), static_cast<unsigned long long>(hw)));
    const uint64_t total = n * c * hw;
    const uint64_t h0 = sizeof(T) == 1 ? 32 : 16, w0 = 32 / sizeof(T);
    const uint64_t need = total ? (toNhwc ? (c + 2) : (2 * c + 1)) * h0 * w0 * sizeof(T) : 0;
    if (tmpBytes < need)
        Diag("VEC_TMP_BUFFER_SMALL", caller,
             Format("Transpose: sharedTmpBuffer holds %u bytes but this conversion needs %llu", tmpBytes,
                    static_cast<unsigned long long>(need)));
    Instr in(InstrId::TransposeEnhanced, caller);
    in.Write(Mem::UB, dst, total * sizeof(T), 32);
    in.Read(Mem::UB, src, total * sizeof(T), 32);
    in.Write(Mem::UB, tmp, need, 32);
    in.elements = total;
    in.repeats = uint32_t((total * sizeof(T) + 255) / 256);
    in.bytes = total * sizeof(T);
    if (!Issue(in) || !total) return;
    std::vector<T> s(src, src + total);
    for (uint64_t b = 0; b < n; ++b)
        for (uint64_t ch = 0; ch < c; ++ch)
            for (uint64_t x = 0; x < hw; ++x) {
                const uint64_t nchw = (b * c + ch) * hw + x, nhwc = (b * hw + x) * c + ch;
                if (toNhwc) dst[nhwc] = s[nchw];
                else dst[nchw] = s[nhwc];
            }
}

namespace {

void TransData5HD(const char* api, uint32_t esize, const uint64_t dst[16], const uint64_t src[16],
                  const AscendC::TransDataTo5HDParams& p, const void* dstList, const void* srcList,
                  const void* caller) {
    const uint32_t repeats = p.repeatTimes;
    const bool b8 = esize == 1;
    const uint32_t dOff = b8 && p.dstHighHalf ? 16 : 0, sOff = b8 && p.srcHighHalf ? 16 : 0;
    const uint32_t span = b8 ? 16 : 32;  // bytes touched per block
    auto repOffset = [&](uint32_t r, uint16_t stride) {
        return uint64_t(repeats == 1 ? 1 : r) * stride * 32;  // one repeat already applies the stride
    };
    uintptr_t dLo = UINTPTR_MAX, dHi = 0, sLo = UINTPTR_MAX, sHi = 0;
    bool misaligned = false;
    for (uint32_t r = 0; r < repeats; ++r)
        for (int i = 0; i < 16; ++i) {
            const uintptr_t d = uintptr_t(dst[i] + repOffset(r, p.dstRepStride)) + dOff;
            const uintptr_t s = uintptr_t(src[i] + repOffset(r, p.srcRepStride)) + sOff;
            misaligned |= (dst[i] | src[i]) % 32 != 0;
            dLo = std::min(dLo, d);
            dHi = std::max<uintptr_t>(dHi, d + span);
            sLo = std::min(sLo, s);
            sHi = std::max<uintptr_t>(sHi, s + span);
        }
    if (misaligned)
        Diag("LOCAL_ADDR_MISALIGNED", caller, Format("%s: every address in dstList/srcList must be 32-byte aligned", api));
    Instr in(InstrFamily::TransData5HD, api, caller);
    if (repeats) {
        in.Write(Mem::UB, reinterpret_cast<void*>(dLo), dHi - dLo, 1);
        in.Read(Mem::UB, reinterpret_cast<void*>(sLo), sHi - sLo, 1);
    }
    if (dstList) in.Read(Mem::UB, dstList, 16 * sizeof(uint64_t), 32);
    if (srcList) in.Read(Mem::UB, srcList, 16 * sizeof(uint64_t), 32);
    in.elements = uint64_t(repeats) * 512 / (b8 ? 2 : 1) / esize;
    in.repeats = repeats;
    in.bytes = uint64_t(repeats) * 512;
    if (!Issue(in)) return;
    for (uint32_t r = 0; r < repeats; ++r) {
        uint8_t in16[16][32], out16[16][32];
        for (int i = 0; i < 16; ++i)
            std::memcpy(in16[i], reinterpret_cast<const void*>(uintptr_t(src[i] + repOffset(r, p.srcRepStride))), 32);
        if (esize == 2) {
            for (int j = 0; j < 16; ++j)
                for (int i = 0; i < 16; ++i) std::memcpy(&out16[j][i * 2], &in16[i][j * 2], 2);
        } else if (esize == 4) {
            for (int j = 0; j < 8; ++j)
                for (int i = 0; i < 16; ++i) std::memcpy(&out16[2 * j + i / 8][(i % 8) * 4], &in16[i][j * 4], 4);
        } else {
            for (int j = 0; j < 16; ++j)
                for (int i = 0; i < 16; ++i) out16[j][dOff + i] = in16[i][sOff + j];
        }
        for (int j = 0; j < 16; ++j) {
            void* d = reinterpret_cast<void*>(uintptr_t(dst[j] + repOffset(r, p.dstRepStride)) + dOff);
            std::memcpy(d, &out16[j][dOff], span);
        }
    }
}

}  // namespace

void VecTransData5HD(const char* api, uint32_t esize, const uint64_t dst[16], const uint64_t src[16],
                     const AscendC::TransDataTo5HDParams& p, const void* caller) {
    TransData5HD(api, esize, dst, src, p, nullptr, nullptr, caller);
}

void VecTransData5HDFromUb(uint32_t esize, const uint64_t* dstList, const uint64_t* srcList,
                           const AscendC::TransDataTo5HDParams& p, const void* caller) {
    uint64_t d[16] = {}, s[16] = {};
    // The lists are read by the instruction itself; only read them from inside the UB.
    const bool ok = InUb(reinterpret_cast<uintptr_t>(dstList), 128) && InUb(reinterpret_cast<uintptr_t>(srcList), 128);
    if (ok) {
        std::memcpy(d, dstList, sizeof d);
        std::memcpy(s, srcList, sizeof s);
    }
    AscendC::TransDataTo5HDParams q = p;
    if (!ok) q.repeatTimes = 0;
    TransData5HD("TransDataTo5HD", esize, d, s, q, dstList, srcList, caller);
}

void VecSetVaReg(uint32_t reg, const uint64_t addrs[8], const void* caller) {
    const char* api = ApiOf(InstrId::SetVaReg);
    if (reg >= 8) {
        Diag("VEC_COUNT_RANGE", caller, Format("%s: address register %u does not exist (VA0..VA7)", api, reg));
        return;
    }
    Instr in(InstrId::SetVaReg, caller);
    if (!Issue(in)) return;
    std::memcpy(CurSpr().va[reg], addrs, sizeof CurSpr().va[reg]);
}

void VecScatterVnchwconv(const char* api, uint32_t esize, uint32_t dstReg, uint32_t srcReg,
                         const AscendC::TransDataTo5HDParams& p, const void* caller) {
    // Each operand's 16 block addresses are the register named and the next one (VA0 with VA1).
    if (dstReg >= 7 || srcReg >= 7) {
        Diag("VEC_COUNT_RANGE", caller,
             Format("%s: VA%u/VA%u do not name a register pair (VA0..VA6, each with the next register)", api, dstReg,
                    srcReg));
        return;
    }
    const VecSpr& spr = CurSpr();
    uint64_t d[16], s[16];
    std::memcpy(d, spr.va[dstReg], 64);
    std::memcpy(d + 8, spr.va[dstReg + 1], 64);
    std::memcpy(s, spr.va[srcReg], 64);
    std::memcpy(s + 8, spr.va[srcReg + 1], 64);
    TransData5HD(api, esize, d, s, p, nullptr, nullptr, caller);
}

template void VecTranspose16<int16_t>(const char*, int16_t*, const int16_t*, const void*);
template void VecTranspose16<uint16_t>(const char*, uint16_t*, const uint16_t*, const void*);
template void VecTranspose16<half>(const char*, half*, const half*, const void*);
#define AKG_INSTANTIATE_TRANSPOSE_EXT(T) \
    template void VecTransposeExt<T>(T*, const T*, uint8_t*, uint32_t, const AscendC::TransposeParamsExt&, const void*);
AKG_INSTANTIATE_TRANSPOSE_EXT(int8_t)
AKG_INSTANTIATE_TRANSPOSE_EXT(uint8_t)
AKG_INSTANTIATE_TRANSPOSE_EXT(int16_t)
AKG_INSTANTIATE_TRANSPOSE_EXT(uint16_t)
AKG_INSTANTIATE_TRANSPOSE_EXT(half)
AKG_INSTANTIATE_TRANSPOSE_EXT(int32_t)
AKG_INSTANTIATE_TRANSPOSE_EXT(uint32_t)
AKG_INSTANTIATE_TRANSPOSE_EXT(float)
#undef AKG_INSTANTIATE_TRANSPOSE_EXT

}  // namespace akg::sim
