// The cube's input path: GM -> L1 with ND -> NZ conversion (DataCopy with Nd2NzParams), and the
// fractal loads into L0A/L0B (LoadData 2D, LoadDataWithTranspose, LoadData 3D img2col with its
// registers). Semantics follow the Ascend C
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
    Instr in(InstrId::DataCopyNd2Nz, caller);
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
    const char* api = ApiOf(InstrId::LoadData2D);
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
    Instr in(srcMem == Mem::GM ? InstrId::LoadData2DFromGm : InstrId::LoadData2D, caller);
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
    const char* api = ApiOf(InstrId::LoadDataWithTranspose);
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
    Instr in(InstrId::LoadDataWithTranspose, caller);
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

void CubeInitConst(Mem dstMem, void* dst, const void* value, uint32_t elementBytes, uint16_t repeatTimes,
                   uint16_t blockNum, uint16_t dstGap, const void* caller) {
    const char* api = "InitConstValue";
    if (dstMem != Mem::L1 && !IsL0Input(dstMem)) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s into %s: the destination is A1/B1 (L1) or A2/B2 (L0A/L0B)", api, MemName(dstMem)));
        return;
    }
    if (repeatTimes > 32767 || blockNum > 32767 || dstGap > 32767)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("%s with repeatTimes %u, blockNum %u, dstGap %u: each must be in [0, 32767]", api, repeatTimes,
                    blockNum, dstGap));
    if (repeatTimes == 0 || blockNum == 0) return;
    const uint64_t block = IsL0Input(dstMem) ? kFractalBytes : 32;
    const uint64_t step = (uint64_t(blockNum) + dstGap) * block;
    const uint64_t span = (uint64_t(repeatTimes) - 1) * step + blockNum * block;
    Instr in(dstMem == Mem::L1 ? InstrId::InitConstValueL1 : InstrId::InitConstValueL0, caller);
    in.Write(dstMem, dst, span, uint32_t(block));
    in.bytes = uint64_t(repeatTimes) * blockNum * block;
    in.repeats = repeatTimes;
    in.elements = in.bytes / elementBytes;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    for (uint32_t r = 0; r < repeatTimes; ++r)
        for (uint64_t off = 0; off < blockNum * block; off += elementBytes)
            std::memcpy(d + r * step + off, value, elementBytes);
}

void SetLoad3DFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4], bool right, const void* caller) {
    if (right)
        Diag("CUBE_PARAM_RANGE", caller,
             "SetFmatrix with FMATRIX_RIGHT: only FMATRIX_LEFT is supported (both matrices use the left register)");
    if (l1H == 0 || l1H > 32767 || l1W == 0 || l1W > 32767)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("SetFmatrix with l1H %u, l1W %u: each must be in [1, 32767]", l1H, l1W));
    auto& r = Cur().load3d;
    r.l1H = l1H;
    r.l1W = l1W;
    std::memcpy(r.pad, padList, 4);
}

void SetLoad3DPadding(uint64_t bits) { Cur().load3d.padBits = bits; }

void SetLoad3DRepeat(const AscendC::LoadDataRepeatParam& p, const void* caller) {
    if (p.repeatMode > 1)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("SetLoadDataRepeat with repeatMode %u: 0 repeats along M (height), 1 along K (width)",
                    p.repeatMode));
    auto& r = Cur().load3d;
    r.repeatStride = p.repeatStride;
    r.repeatTime = p.repeatTime;
    r.repeatMode = p.repeatMode & 1;
}

void SetLoad3DBoundary(uint32_t bytes, const void* caller) {
    if (bytes != 0 && bytes < 1024)
        Diag("CUBE_PARAM_RANGE", caller,
             Format("SetLoadDataBoundary(%u): a boundary must be 0 (none) or at least 1024 bytes", bytes));
    Cur().load3d.boundary = bytes;
}

// LoadData 3D (Load3D v2, Atlas A2). The feature map in L1 is NC1HWC0 with N = 1: element
// (c1, h, w, c0) at ((c1 * l1H + h) * l1W + w) * C0 + c0. img2col makes the matrix I with row
// m = ho * Wout + wo (the filter's position) and column k = ((c1 * fh + kh) * fw + kw) * C0 + c0
// (the filter tap and channel); I(m, k) reads the map at h = ho * strideH + kh * dilationH - padTop,
// w = wo * strideW + kw * dilationW - padLeft, or the padding value outside it. The load takes the
// block [mStartPt, +mExtension) x [kStartPt, +kExtension), repeated along M or K by
// SetLoadDataRepeat; the iterations form one larger block (the reference's "whole large matrix").
// Layouts of that block B (rows along M, columns along K):
//   L0A:              Zz of B, 16 x C0 fractals;
//   L0A, enTranspose: Zz of B transposed (rows along K), 16 x C0 fractals (b16/b32 only);
//   L0B:              Zn of B as Mmad's right matrix (B's rows are its K), always "transposed".
// Elements of a destination fractal outside the block are left as they were.
void CubeLoad3D(Mem dstMem, void* dst, Mem srcMem, const void* src, DType dtype, const Load3DSpec& p,
                const void* caller) {
    const char* api = ApiOf(InstrId::LoadData3D);
    if (srcMem != Mem::L1 || !IsL0Input(dstMem)) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("%s with LoadData3DParamsV2 from %s to %s: img2col loads go from L1 (A1/B1) to L0A (A2) or L0B (B2)",
                    api, MemName(srcMem), MemName(dstMem)));
        return;
    }
    Core& core = Cur();
    auto& reg = core.load3d;
    if (p.setFmatrix) {
        reg.l1H = p.l1H;
        reg.l1W = p.l1W;
        std::memcpy(reg.pad, p.padList, 4);
    }
    if (p.setPadding) reg.padBits = p.padBits;
    const uint32_t es = uint32_t(DTypeSize(dtype)), c0 = 32 / es;
    const bool toB = dstMem == Mem::L0B;
    const bool transpose = !toB && p.enTranspose;
    auto range = [&](const std::string& why) { Diag("CUBE_PARAM_RANGE", caller, api + std::string(" (3D): ") + why); };
    if (toB && es == 1) return range("L0B (B2) takes no 8-bit data");
    if (transpose && es == 1) return range("enTranspose does not transpose 8-bit data into L0A");
    if (p.fMatrixCtrl) range("fMatrixCtrl must be false (only the left feature-map register exists)");
    if (p.enSmallK) range("enSmallK is no longer supported by the hardware");
    const uint32_t H = reg.l1H, W = reg.l1W;
    const uint32_t fw = p.filterW + (p.filterSizeW ? 256u : 0u), fh = p.filterH + (p.filterSizeH ? 256u : 0u);
    // Documented NOPs.
    if (H == 0 || W == 0 || p.channelSize == 0 || p.kExtension == 0 || p.mExtension == 0 || fw == 0 || fh == 0 ||
        reg.repeatTime == 0)
        return;
    if (H > 32767 || W > 32767 || p.mStartPt > 32767 || p.strideW > 63 || p.strideH > 63)
        range(Format("l1H %u, l1W %u, mStartPt %u, strideW %u, strideH %u: outside [1, 32767] / [0, 32767] / [1, 63]",
                     H, W, p.mStartPt, p.strideW, p.strideH));
    if (p.strideW == 0 || p.strideH == 0) return range("a stride of 0 moves the filter nowhere");
    if (p.channelSize % c0) {
        // 4 / 8 (and N*C0 + 4 / 8 / 16) are documented channel counts with their own L1 packing.
        Diag("CUBE_UNSUPPORTED", caller,
             Format("%s (3D) with channelSize %u, not a multiple of C0 = %u: the small-channel packing is not "
                    "modelled; the call is not executed",
                    api, p.channelSize, c0));
        return;
    }
    if (p.kStartPt % c0) return range(Format("kStartPt %u is not a multiple of C0 = %u", p.kStartPt, c0));
    const uint32_t dilW = p.dilationFilterW, dilH = p.dilationFilterH;
    const int64_t spanW = int64_t(fw - 1) * dilW + 1, spanH = int64_t(fh - 1) * dilH + 1;
    const int64_t padW = int64_t(W) + reg.pad[0] + reg.pad[1], padH = int64_t(H) + reg.pad[2] + reg.pad[3];
    if (padW < spanW || padH < spanH)
        return range(Format("the dilated filter (%ld x %ld) is larger than the padded feature map (%ld x %ld)",
                            long(spanH), long(spanW), long(padH), long(padW)));
    const uint32_t wOut = uint32_t((padW - spanW) / p.strideW + 1), hOut = uint32_t((padH - spanH) / p.strideH + 1);
    const uint32_t c1 = p.channelSize / c0;
    const uint64_t rowsI = uint64_t(hOut) * wOut, colsI = uint64_t(c1) * fh * fw * c0;
    const bool alongK = reg.repeatMode == 1;
    const uint32_t reps = reg.repeatTime;
    const uint64_t mStep = alongK ? 0 : uint64_t(reg.repeatStride) * 16;
    const uint64_t kStep = alongK ? uint64_t(reg.repeatStride) * c0 : 0;
    const uint64_t mLast = p.mStartPt + (reps - 1) * mStep, kLast = p.kStartPt + (reps - 1) * kStep;
    if (kLast + p.kExtension > (colsI + c0 - 1) / c0 * c0)
        return range(Format("columns [%lu, %lu) reach past the img2col matrix's %lu columns (C1 %u x filter %u x %u x C0 %u)",
                            (unsigned long)kLast, (unsigned long)(kLast + p.kExtension), (unsigned long)colsI, c1, fh,
                            fw, c0));
    if (p.kExtension % c0 && kLast + p.kExtension < colsI)
        range(Format("kExtension %u must be a multiple of C0 = %u unless the block reaches the last column",
                     p.kExtension, c0));
    if (es != 4 && p.mExtension % 16 && mLast + p.mExtension < rowsI)
        range(Format("mExtension %u must be a multiple of 16 unless the block reaches the last row (%lu rows)",
                     p.mExtension, (unsigned long)rowsI));
    // The block's extent in whole fractals: along M in 16-row units for L0A, in C0 units where M
    // becomes a fractal's columns (transposed L0A, L0B); along K the other way round.
    const uint32_t mUnit = (transpose || toB) ? c0 : 16, kUnit = (transpose || toB) ? 16 : c0;
    const uint64_t mSpan = (p.mExtension + mUnit - 1) / mUnit * mUnit, kSpan = (p.kExtension + kUnit - 1) / kUnit * kUnit;
    const uint64_t rowsB = mSpan * (alongK ? 1 : reps), colsB = kSpan * (alongK ? reps : 1);
    auto dstIndex = [&](uint64_t i, uint64_t k) -> uint64_t {  // element (i, k) of the block, in elements
        if (!transpose && !toB) return ((i / 16) * (colsB / c0) + k / c0) * 16 * c0 + (i % 16) * c0 + k % c0;
        if (transpose) return ((k / 16) * (rowsB / c0) + i / c0) * 16 * c0 + (k % 16) * c0 + i % c0;
        return ((i / c0) * (colsB / 16) + k / 16) * 16 * c0 + (k % 16) * c0 + i % c0;
    };
    // Source footprint: the whole feature map; past a boundary the reads wrap to the start of L1.
    uint8_t* l1 = LocalMem(core, Mem::L1);
    const auto* s = static_cast<const uint8_t*>(src);
    const uint64_t srcOff = uint64_t(s - l1), mapBytes = uint64_t(c1) * H * W * c0 * es;
    const uint64_t bound = reg.boundary;
    if (bound && srcOff >= bound)
        return range(Format("the feature map starts at L1 offset %lu, past the boundary %lu set by SetLoadDataBoundary",
                            (unsigned long)srcOff, (unsigned long)bound));
    Instr in(InstrId::LoadData3D, caller);
    if (bound && srcOff + mapBytes > bound)
        in.Read(Mem::L1, s, bound - srcOff, 32).Read(Mem::L1, l1, std::min(srcOff + mapBytes - bound, bound), 1);
    else
        in.Read(Mem::L1, s, mapBytes, 32);
    in.Write(dstMem, dst, rowsB * colsB * es, 512);
    in.bytes = rowsB * colsB * es;
    in.repeats = uint32_t(in.bytes / kFractalBytes);
    in.elements = rowsB * colsB;
    if (!Issue(in)) return;
    auto* d = static_cast<uint8_t*>(dst);
    const uint32_t taps = fh * fw;
    for (uint64_t bi = 0; bi < rowsB; ++bi) {
        const uint64_t mi = bi % mSpan;
        if (mi >= p.mExtension) continue;
        for (uint64_t bk = 0; bk < colsB; ++bk) {
            const uint64_t ki = bk % kSpan;
            if (ki >= p.kExtension) continue;
            const uint64_t rep = alongK ? bk / kSpan : bi / mSpan;
            const uint64_t m = p.mStartPt + rep * mStep + mi, k = p.kStartPt + rep * kStep + ki;
            uint8_t* to = d + dstIndex(bi, bk) * es;
            const uint64_t ho = m / wOut, wo = m % wOut;
            const uint64_t cb = k / (uint64_t(taps) * c0), tap = k / c0 % taps, cc = k % c0;
            const int64_t h = int64_t(ho * p.strideH + (tap / fw) * dilH) - reg.pad[2];
            const int64_t w = int64_t(wo * p.strideW + (tap % fw) * dilW) - reg.pad[0];
            if (m >= rowsI || k >= colsI || h < 0 || h >= int64_t(H) || w < 0 || w >= int64_t(W)) {
                std::memcpy(to, &reg.padBits, es);
                continue;
            }
            uint64_t off = srcOff + (((cb * H + uint64_t(h)) * W + uint64_t(w)) * c0 + cc) * es;
            if (bound && off >= bound) off %= bound;
            std::memcpy(to, l1 + off, es);
        }
    }
}

}  // namespace akg::sim

namespace akg::sim {

void DmaToBiasTable(void* dst, DType dstType, Mem srcMem, const void* src, DType srcType,
                    const AscendC::DataCopyParams& p, const void* caller) {
    const char* api = ApiOf(InstrId::DataCopyL1ToBt);
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
    Instr in(InstrId::DataCopyL1ToBt, caller);
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
