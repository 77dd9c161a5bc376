// The cube's input path: GM -> L1 with ND -> NZ conversion (DataCopy with Nd2NzParams), and the
// fractal loads into L0A/L0B (LoadData 2D, LoadDataWithTranspose). Semantics follow the Ascend C
// reference pages of those APIs (Atlas A2); docs/cube.md summarises them.
#include <algorithm>
#include <cstring>
#include <vector>

#include "basic_api/kernel_operator_data_copy_intf.h"
#include "basic_api/kernel_operator_mm_intf.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

constexpr uint64_t kFractalBytes = 512;

bool IsL0Input(Mem m) { return m == Mem::L0A || m == Mem::L0B; }

// The fractal indices a repeated load visits: start + r * stride, r < repeats, stride negative
// when addrMode decrements. Returns false (after a diagnostic) when one would be negative.
bool FractalRange(const char* api, int64_t start, int64_t stride, uint32_t repeats, int64_t& lo, int64_t& hi,
                  const void* caller) {
    const int64_t last = start + int64_t(repeats - 1) * stride;
    lo = std::min(start, last);
    hi = std::max(start, last);
    if (lo < 0) {
        Diag("CUBE_PARAM_RANGE", caller,
             Format("%s with addrMode 1 steps below the source tensor (startIndex %ld, srcStride %ld, %u repeats)", api,
                    static_cast<long>(start), static_cast<long>(-stride), repeats));
        return false;
    }
    return true;
}

// Transposes one n x n square of `es`-byte elements stored row by row.
void TransposeSquare(uint8_t* dst, const uint8_t* src, uint32_t n, uint32_t es) {
    for (uint32_t i = 0; i < n; ++i)
        for (uint32_t j = 0; j < n; ++j) std::memcpy(dst + (size_t(i) * n + j) * es, src + (size_t(j) * n + i) * es, es);
}

}  // namespace

void DmaNd2Nz(Mem dstMem, void* dst, const void* src, DType dtype, const AscendC::Nd2NzParams& p,
              const void* caller) {
    const char* api = "DataCopy(Nd2NzParams)";
    const uint64_t es = DTypeSize(dtype);
    const uint64_t c0 = 32 / es;  // elements per 32-byte row of a fractal
    if (dstMem != Mem::L1)
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s writes %s; the ND -> NZ copy goes from GM to L1 (TPosition A1/B1)", api, MemName(dstMem)));
    if (p.ndNum > 4095 || p.nValue > 16384 || p.srcDValue == 0 || p.dstNzC0Stride == 0 || p.dstNzC0Stride > 16384 ||
        p.dstNzNStride == 0 || p.dstNzNStride > 16384 || p.dstNzMatrixStride > 16384)
        Diag("DMA_PARAM_RANGE", caller,
             Format("%s with ndNum %u nValue %u srcDValue %u dstNzC0Stride %u dstNzNStride %u dstNzMatrixStride %u: "
                    "outside the documented ranges",
                    api, p.ndNum, p.nValue, p.srcDValue, p.dstNzC0Stride, p.dstNzNStride, p.dstNzMatrixStride));
    if (p.ndNum == 0 || p.nValue == 0 || p.dValue == 0) return;  // documented NOP
    const uint64_t blocks = (p.dValue + c0 - 1) / c0;
    const uint64_t srcSpan = (uint64_t(p.ndNum - 1) * p.srcNdMatrixStride + uint64_t(p.nValue - 1) * p.srcDValue +
                              p.dValue) * es;
    const uint64_t dstSpan = (uint64_t(p.ndNum - 1) * p.dstNzMatrixStride +
                              ((blocks - 1) * p.dstNzC0Stride + uint64_t(p.nValue - 1) * p.dstNzNStride + 1) * c0) * es;
    Instr in;
    in.api = "DataCopy";
    in.pipe = Pipe::MTE2;
    in.caller = caller;
    in.Read(Mem::GM, src, srcSpan, 1).Write(dstMem, dst, dstSpan, 32);
    in.bytes = uint64_t(p.ndNum) * p.nValue * p.dValue * es;
    in.repeats = uint32_t(p.ndNum) * p.nValue;  // one GM burst per row
    in.elements = in.bytes / es;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    auto* s = static_cast<const uint8_t*>(src);
    for (uint32_t m = 0; m < p.ndNum; ++m)
        for (uint32_t r = 0; r < p.nValue; ++r) {
            const uint8_t* row = s + (uint64_t(m) * p.srcNdMatrixStride + uint64_t(r) * p.srcDValue) * es;
            for (uint64_t b = 0; b < blocks; ++b) {
                uint8_t* out = d + (uint64_t(m) * p.dstNzMatrixStride + (b * p.dstNzC0Stride + uint64_t(r) * p.dstNzNStride) * c0) * es;
                const uint64_t n = std::min<uint64_t>(c0, p.dValue - b * c0);
                std::memmove(out, row + b * c0 * es, n * es);
                std::memset(out + n * es, 0, (c0 - n) * es);  // documented: the row is zero-padded to 32 bytes
            }
        }
}

void CubeLoad2D(Mem dstMem, void* dst, Mem srcMem, const void* src, DType dtype, const AscendC::LoadData2DParams& p,
                const void* caller) {
    const char* api = "LoadData";
    const bool toL0 = IsL0Input(dstMem) && (srcMem == Mem::L1 || srcMem == Mem::GM);
    const bool gmToL1 = dstMem == Mem::L1 && srcMem == Mem::GM;
    if (!toL0 && !gmToL1) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s from %s to %s: the 2D load goes from L1 (A1/B1) or GM to L0A (A2) / L0B (B2), or GM to L1", api,
                    MemName(srcMem), MemName(dstMem)));
        return;
    }
    const uint32_t es = uint32_t(DTypeSize(dtype));
    if (p.ifTranspose && (srcMem != Mem::L1 || es != 2))
        Diag("CUBE_PARAM_RANGE", caller,
             Format("%s with ifTranspose: only L1 -> L0A/L0B loads of 16-bit data can transpose (%s, %u-byte data)",
                    api, MemName(srcMem), es));
    if (p.addrMode && srcMem != Mem::GM)
        Diag("CUBE_PARAM_RANGE", caller, Format("%s with addrMode 1: only loads from GM may step downwards", api));
    const uint32_t n = p.repeatTimes;
    if (n == 0) return;  // documented NOP
    int64_t lo, hi;
    const int64_t stride = p.addrMode ? -int64_t(p.srcStride) : int64_t(p.srcStride);
    if (!FractalRange(api, p.startIndex, stride, n, lo, hi, caller)) return;
    const uint64_t dstStep = (1 + uint64_t(p.dstGap)) * kFractalBytes;
    Instr in;
    in.api = api;
    in.pipe = srcMem == Mem::GM ? Pipe::MTE2 : Pipe::MTE1;
    in.caller = caller;
    const auto* s = static_cast<const uint8_t*>(src);
    in.Read(srcMem, s + lo * kFractalBytes, uint64_t(hi - lo + 1) * kFractalBytes, srcMem == Mem::GM ? 1 : 32)
        .Write(dstMem, dst, (n - 1) * dstStep + kFractalBytes, IsL0Input(dstMem) ? 512 : 32);
    in.bytes = n * kFractalBytes;
    in.repeats = n;
    in.elements = in.bytes / es;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    for (uint32_t r = 0; r < n; ++r) {
        const uint8_t* from = s + (p.startIndex + int64_t(r) * stride) * kFractalBytes;
        uint8_t* to = d + r * dstStep;
        if (p.ifTranspose && es == 2)
            TransposeSquare(to, from, 16, 2);
        else
            std::memmove(to, from, kFractalBytes);
    }
}

void CubeLoad2DTranspose(Mem dstMem, void* dst, Mem srcMem, const void* src, DType dtype,
                         const AscendC::LoadData2dTransposeParams& p, const void* caller) {
    const char* api = "LoadDataWithTranspose";
    CheckSocSupports(api, caller);
    if (!IsL0Input(dstMem) || srcMem != Mem::L1) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s from %s to %s: it loads from L1 (A1/B1) into L0A (A2) or L0B (B2)", api, MemName(srcMem),
                    MemName(dstMem)));
        return;
    }
    const uint32_t es = uint32_t(DTypeSize(dtype));
    // One repeat transposes a square block: 32x32 b8 (two 16x32 fractals stacked), 16x16 b16
    // (one fractal), 16x16 b32 (two 16x8 fractals side by side); the result is split the same way.
    const uint32_t fracs = es == 2 ? 1 : 2;
    const uint64_t square = fracs * kFractalBytes;
    const uint32_t n = p.repeatTimes;
    if (n == 0) return;
    int64_t lo, hi;
    const int64_t stride = p.addrMode ? -int64_t(p.srcStride) : int64_t(p.srcStride);
    if (!FractalRange(api, p.startIndex, stride, n, lo, hi, caller)) return;
    const uint64_t dstStep = (1 + uint64_t(p.dstGap)) * kFractalBytes;
    const uint64_t fracStep = (1 + uint64_t(p.dstFracGap)) * kFractalBytes;
    Instr in;
    in.api = api;
    in.pipe = Pipe::MTE1;
    in.caller = caller;
    const auto* s = static_cast<const uint8_t*>(src);
    in.Read(srcMem, s + lo * square, uint64_t(hi - lo + 1) * square, 32)
        .Write(dstMem, dst, (n - 1) * dstStep + (fracs - 1) * fracStep + kFractalBytes, 512);
    in.bytes = n * square;
    in.repeats = n;
    in.elements = in.bytes / es;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    std::vector<uint8_t> in2(square), out2(square);
    for (uint32_t r = 0; r < n; ++r) {
        const uint8_t* from = s + (p.startIndex + int64_t(r) * stride) * square;
        uint8_t* to = d + r * dstStep;
        if (es == 4) {
            // Gather the two 16x8 fractals into a 16x16 square, transpose, split by columns again.
            for (uint32_t i = 0; i < 16; ++i)
                for (uint32_t f = 0; f < 2; ++f) std::memcpy(&in2[(i * 16 + f * 8) * 4], from + f * kFractalBytes + i * 32, 32);
            TransposeSquare(out2.data(), in2.data(), 16, 4);
            for (uint32_t i = 0; i < 16; ++i)
                for (uint32_t f = 0; f < 2; ++f) std::memcpy(to + f * fracStep + i * 32, &out2[(i * 16 + f * 8) * 4], 32);
        } else {
            // b8: the stacked fractals already form the 32x32 square row by row; b16: one fractal.
            const uint32_t side = es == 1 ? 32 : 16;
            TransposeSquare(out2.data(), from, side, es);
            for (uint32_t f = 0; f < fracs; ++f) std::memcpy(to + f * fracStep, &out2[f * kFractalBytes], kFractalBytes);
        }
    }
}

}  // namespace akg::sim

namespace akg::sim {

void DmaToBiasTable(void* dst, DType dstType, Mem srcMem, const void* src, DType srcType,
                    const AscendC::DataCopyParams& p, const void* caller) {
    const char* api = "DataCopy";
    const uint64_t ses = DTypeSize(srcType), des = DTypeSize(dstType);
    const bool widen = srcType == DType::F16 && dstType == DType::F32;
    if (srcMem != Mem::L1 || !(srcType == dstType || widen) || !(dstType == DType::F32 || dstType == DType::I32)) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s into the bias table (C2) from %s: it copies float/int32_t (or half widened to float) from L1",
                    api, MemName(srcMem)));
        return;
    }
    if (p.blockCount == 0 || p.blockLen == 0) return;
    const uint64_t srcBlock = uint64_t(p.blockLen) * 64, dstBlock = srcBlock / ses * des;
    const uint64_t srcStep = srcBlock + uint64_t(p.srcStride) * 32, dstStep = dstBlock + uint64_t(p.dstStride) * 64;
    Instr in;
    in.api = api;
    in.pipe = Pipe::MTE1;
    in.caller = caller;
    in.Read(srcMem, src, (p.blockCount - 1) * srcStep + srcBlock, 32)
        .Write(Mem::BT, dst, (p.blockCount - 1) * dstStep + dstBlock, 64);
    in.bytes = p.blockCount * srcBlock;
    in.repeats = p.blockCount;
    in.elements = in.bytes / ses;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    auto* s = static_cast<const uint8_t*>(src);
    for (uint32_t b = 0; b < p.blockCount; ++b) {
        if (!widen) {
            std::memmove(d + b * dstStep, s + b * srcStep, srcBlock);
            continue;
        }
        for (uint64_t i = 0; i < srcBlock / 2; ++i) {
            half h;
            std::memcpy(&h, s + b * srcStep + i * 2, 2);
            const float f = float(h);
            std::memcpy(d + b * dstStep + i * 4, &f, 4);
        }
    }
}

}  // namespace akg::sim
