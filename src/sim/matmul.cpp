// The Matmul library's base blocks (lib/matmul/matmul_sim.h). A block is what CANN's Matmul does
// with the cube unit: the A row panel and B column panel move GM (or UB) -> L1 (MTE2, or MTE3
// from UB) unless already resident, each K step moves L1 -> L0A / L0B (MTE1) and is one Mmad
// (M pipe) into L0C, and the result leaves L0C through the fixpipe (FIX) converted to the C
// type. Each step is one recorded instruction with its real addresses, so the checker sees the
// library's buffers and the cost model its traffic. The arithmetic is applied directly from the
// operands in the source matrices' ND layout (not from fractal copies in L1 / L0): products of
// the input type are exact in the float (int32 for int8) accumulator and sums follow K order.
#include <algorithm>
#include <cstring>
#include <vector>

#include "basic_api/kernel_operator_tiling_intf.h"  // KernelMetaType
#include "lib/matmul/matmul_sim.h"
#include "sim/fixpipe_convert.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

constexpr int32_t kFractal = 16;

double Load(DType t, const uint8_t* p) {
    switch (t) {
        case DType::F16: { half v; std::memcpy(&v, p, 2); return float(v); }
        case DType::BF16: { bfloat16_t v; std::memcpy(&v, p, 2); return float(v); }
        case DType::F32: { float v; std::memcpy(&v, p, 4); return v; }
        case DType::I8: return double(int8_t(*p));
        case DType::U8: return double(*p);
        case DType::I32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        default: return 0;
    }
}

void Store(DType t, uint8_t* p, double v) {
    switch (t) {
        case DType::F16: { half h = half(float(v)); std::memcpy(p, &h, 2); break; }
        case DType::BF16: { bfloat16_t h = bfloat16_t(float(v)); std::memcpy(p, &h, 2); break; }
        case DType::F32: { float f = float(v); std::memcpy(p, &f, 4); break; }
        case DType::I32: { int32_t i = int32_t(v); std::memcpy(p, &i, 4); break; }
        case DType::I8: { int8_t i = int8_t(v); std::memcpy(p, &i, 1); break; }
        case DType::U8: { uint8_t i = uint8_t(v); std::memcpy(p, &i, 1); break; }
        default: break;
    }
}

int32_t AlignUp(int32_t v, int32_t a) { return (v + a - 1) / a * a; }

// Issues an instruction of the object's cube work. CANN's Matmul called on a vector core (AIV)
// of a mixed kernel has its AIC do the L1 / L0 / cube work, and copies between UB and cube memory
// go through GM; the simulator runs all of it on the calling core, so the core-type rule does not
// apply to it there.
bool IssueCube(const Instr& in) {
    Core& core = Cur();
    core.matmulForCube = g_coreType == AIV;
    const bool ok = Issue(in);
    core.matmulForCube = false;
    return ok;
}

bool IntegerCube(const MatmulRun& r) { return r.aType == DType::I8 || r.aType == DType::U8; }

// The stored matrix's `ld` (MatmulOperand::ld): given, or the org shape's row length
// (`ndRowLen`) for ND (rounded up to 32 bytes in UB) and its row count (`nzRows`) for NZ.
int64_t Ld(const MatmulOperand& o, int64_t ndRowLen, int64_t nzRows, uint32_t elem) {
    if (o.ld > 0) return o.ld;
    if (o.nz) return nzRows;
    const int64_t c0 = 32 / elem;
    return o.mem == Mem::UB ? (ndRowLen + c0 - 1) / c0 * c0 : ndRowLen;
}

// Element (row, col) of a stored matrix given its logical (row, col), transposition and layout.
const uint8_t* At(const MatmulOperand& o, int64_t row, int64_t col, int64_t ld, uint32_t elem) {
    // Logical [rows x cols]; stored [rows, cols] or, transposed, [cols, rows].
    const int64_t sr = o.trans ? col : row, sc = o.trans ? row : col;
    if (o.nz) {
        const int64_t c0 = 32 / elem;
        return o.data + ((sc / c0) * ((ld + kFractal - 1) / kFractal * kFractal) * c0 + sr * c0 + sc % c0) * elem;
    }
    return o.data + (sr * ld + sc) * elem;
}

// Copies a panel of `rows` x `cols` logical elements into L1: one instruction reading the
// stored panel's span (a strided burst per stored row) and writing its fractal-padded image.
void LoadPanel(InstrId id, const MatmulOperand& o, int64_t row0, int64_t col0, int32_t rows, int32_t cols,
               int64_t ld, uint32_t elem, uint8_t* l1, int32_t alignRows, int32_t alignCols, const void* caller) {
    // Addresses grow with the row and the column in every layout: the corners bound the span.
    const uint8_t* first = At(o, row0, col0, ld, elem);
    const uint8_t* last = At(o, row0 + rows - 1, col0 + cols - 1, ld, elem);
    const uint8_t* lo = std::min(first, last);
    const uint8_t* hi = std::max(first, last) + elem;
    Instr in(id, caller);
    in.bytes = uint64_t(rows) * cols * elem;
    in.repeats = uint32_t(o.trans ? cols : rows);
    in.Read(o.mem, lo, uint64_t(hi - lo), uint16_t(elem));
    in.Write(Mem::L1, l1, uint64_t(AlignUp(rows, alignRows)) * AlignUp(cols, alignCols) * elem, 32);
    IssueCube(in);
}

// One K step of a float product into L0C (rows of r.baseN float accumulators). Each row takes
// its products in K order for all of its columns at once, so the column loop is contiguous and
// vectorises; every accumulator still sees the same float-rounded additions in the same order as
// a per-element K loop (no FMA contraction on the baseline x86-64 target), so results are the
// same bit for bit. An 8192^3 product is 5.5e11 of these multiply-adds (docs/cost-model.md).
void AccumulateFloat(const MatmulRun& r, uint8_t* c, int32_t m0, int32_t n0, int32_t k0, int32_t mAct, int32_t nAct,
                     int32_t kAct, int64_t lda, int64_t ldb, bool init, bool withBias) {
    const uint32_t aElem = uint32_t(DTypeSize(r.aType)), bElem = uint32_t(DTypeSize(r.bType));
    std::vector<float> a(size_t(mAct) * kAct), b(size_t(kAct) * nAct), acc(static_cast<size_t>(nAct));
    for (int32_t i = 0; i < mAct; ++i)
        for (int32_t k = 0; k < kAct; ++k)
            a[size_t(i) * kAct + k] = float(Load(r.aType, At(r.a, m0 + i, k0 + k, lda, aElem)));
    for (int32_t k = 0; k < kAct; ++k)
        for (int32_t j = 0; j < nAct; ++j)
            b[size_t(k) * nAct + j] = float(Load(r.bType, At(r.b, k0 + k, n0 + j, ldb, bElem)));
    for (int32_t i = 0; i < mAct; ++i) {
        uint8_t* row = c + uint64_t(i) * r.baseN * 4;
        if (!init)
            std::memcpy(acc.data(), row, size_t(nAct) * 4);
        else
            for (int32_t j = 0; j < nAct; ++j)
                acc[size_t(j)] =
                    withBias ? float(Load(r.biasType, r.bias.data + uint64_t(n0 + j) * DTypeSize(r.biasType))) : 0.0f;
        float* out = acc.data();
        for (int32_t k = 0; k < kAct; ++k) {
            const float av = a[size_t(i) * kAct + k];
            const float* bk = &b[size_t(k) * nAct];
            for (int32_t j = 0; j < nAct; ++j) out[j] += av * bk[j];
        }
        std::memcpy(row, acc.data(), size_t(nAct) * 4);
    }
}

// The block's accumulators between rows of baseN (the arithmetic's layout) and the NZ layout of an
// Mmad's L0C: column blocks of 16, each AlignUp(mAct, 16) rows deep.
void RowsToNz(const MatmulRun& r, uint8_t* c, int32_t mAct, int32_t nAct, bool toNz) {
    const int32_t mAlign = AlignUp(mAct, kFractal);
    std::vector<uint32_t> copy(size_t(std::max(mAlign * AlignUp(nAct, kFractal), mAct * r.baseN)));
    std::memcpy(copy.data(), c, copy.size() * 4);
    auto* words = reinterpret_cast<uint32_t*>(c);
    for (int32_t i = 0; i < mAct; ++i)
        for (int32_t j = 0; j < nAct; ++j) {
            const size_t row = size_t(i) * r.baseN + j;
            const size_t nz = (size_t(j / kFractal) * mAlign + i) * kFractal + j % kFractal;
            if (toNz) std::memcpy(&words[nz], &copy[row], 4);
            else std::memcpy(&words[row], &copy[nz], 4);
        }
}

// The L1 bytes an L0 load of a block reads from an operand the kernel placed in L1: the span
// between the block's first and last stored elements.
std::pair<const uint8_t*, uint64_t> L1Span(const MatmulOperand& o, int64_t row0, int64_t col0, int32_t rows,
                                           int32_t cols, int64_t ld, uint32_t elem) {
    const uint8_t* first = At(o, row0, col0, ld, elem);
    const uint8_t* last = At(o, row0 + rows - 1, col0 + cols - 1, ld, elem);
    return {std::min(first, last), uint64_t(std::max(first, last) - std::min(first, last)) + elem};
}

// MatmulComputeBlock's instructions and arithmetic, into rows of baseN accumulators at `c`.
void ComputeBlockRows(MatmulRun& r, int32_t mIdx, int32_t nIdx, bool accumulate, const void* caller, int32_t kBlock,
                      uint8_t* c, uint64_t cBytes) {
    const uint32_t aElem = uint32_t(DTypeSize(r.aType)), bElem = uint32_t(DTypeSize(r.bType));
    const int32_t c0 = std::max<int32_t>(kFractal, 32 / int32_t(aElem));
    const int32_t m0 = mIdx * r.baseM, n0 = nIdx * r.baseN;
    const int32_t mAct = std::min(r.baseM, r.singleM - m0), nAct = std::min(r.baseN, r.singleN - n0);
    const int32_t kIter = (r.singleK + r.baseK - 1) / r.baseK;
    const bool aWhole = r.stepKa >= kIter, bWhole = r.stepKb >= kIter;
    const int64_t lda = Ld(r.a, r.a.trans ? r.orgM : r.orgKa, r.a.trans ? r.orgKa : r.orgM, aElem);
    const int64_t ldb = Ld(r.b, r.b.trans ? r.orgKb : r.orgN, r.b.trans ? r.orgN : r.orgKb, bElem);
    const int32_t kFirst = kBlock >= 0 ? kBlock : 0, kEnd = kBlock >= 0 ? std::min(kBlock + 1, kIter) : kIter;
    const bool integer = IntegerCube(r);
    const uint32_t accElem = 4;

    const bool withBias = r.biasEnabled && r.bias.set && !accumulate && kFirst == 0;
    if (withBias) {
        Instr in(r.bias.mem == Mem::GM ? InstrId::MatmulCopyBiasFromGm : InstrId::MatmulCopyBiasFromUb, caller);
        in.bytes = uint64_t(nAct) * DTypeSize(r.biasType);
        in.Read(r.bias.mem, r.bias.data + uint64_t(n0) * DTypeSize(r.biasType), in.bytes);
        in.Write(Mem::L1, r.l1Bias, uint64_t(AlignUp(nAct, kFractal)) * DTypeSize(r.biasType), 32);
        IssueCube(in);
    }
    for (int32_t kStep = kFirst; kStep < kEnd; ++kStep) {
        const int32_t k0 = kStep * r.baseK, kAct = std::min(r.baseK, r.singleK - k0);
        // A panel: rows m0.., K group of stepKa blocks (the whole K when it fits). A partial-output
        // block starts its panel at its own K block when that is not resident.
        const int32_t aGroup = aWhole ? kIter : r.stepKa;
        const bool aInL1 = r.a.mem == Mem::L1, bInL1 = r.b.mem == Mem::L1;
        if (!aInL1 && (kStep % aGroup == 0 || kStep == kFirst) && !(aWhole && r.residentA == mIdx)) {
            const int32_t kG0 = kStep / aGroup * aGroup * r.baseK;
            const int32_t kCols = std::min(aGroup * r.baseK, r.singleK - kG0);
            LoadPanel(r.a.mem == Mem::GM ? InstrId::MatmulCopyAFromGm : InstrId::MatmulCopyAFromUb, r.a, m0, kG0, mAct, kCols, lda, aElem, r.l1A, kFractal, c0, caller);
            r.residentA = aWhole ? mIdx : -1;
        }
        const int32_t bGroup = bWhole ? kIter : r.stepKb;
        if (!bInL1 && (kStep % bGroup == 0 || kStep == kFirst) && !(bWhole && r.residentB == nIdx)) {
            const int32_t kG0 = kStep / bGroup * bGroup * r.baseK;
            const int32_t kRows = std::min(bGroup * r.baseK, r.singleK - kG0);
            LoadPanel(r.b.mem == Mem::GM ? InstrId::MatmulCopyBFromGm : InstrId::MatmulCopyBFromUb, r.b, kG0, n0, kRows, nAct, ldb, bElem, r.l1B, c0, kFractal, caller);
            r.residentB = bWhole ? nIdx : -1;
        }
        const uint64_t aL0 = uint64_t(AlignUp(mAct, kFractal)) * AlignUp(kAct, c0) * aElem;
        const uint64_t bL0 = uint64_t(AlignUp(nAct, kFractal)) * AlignUp(kAct, c0) * bElem;
        const uint64_t aOff = aWhole ? uint64_t(AlignUp(mAct, kFractal)) * k0 * aElem
                                     : uint64_t(AlignUp(mAct, kFractal)) * (k0 % (aGroup * r.baseK)) * aElem;
        const uint64_t bOff = bWhole ? uint64_t(AlignUp(nAct, kFractal)) * k0 * bElem
                                     : uint64_t(AlignUp(nAct, kFractal)) * (k0 % (bGroup * r.baseK)) * bElem;
        // L1 -> L0A / L0B: one MTE1 load per operand.
        // (The source is the library's panel, or the block's span of an operand already in L1.)
        auto loadL0 = [&](InstrId id, std::pair<const uint8_t*, uint64_t> l1, Mem l0Mem, uint8_t* l0, uint64_t bytes) {
            Instr in(id, caller);
            in.bytes = bytes;
            in.Read(Mem::L1, l1.first, l1.second, 32).Write(l0Mem, l0, bytes, 512);
            IssueCube(in);
        };
        loadL0(InstrId::MatmulLoadA2,
               aInL1 ? L1Span(r.a, r.a.trans ? k0 : m0, r.a.trans ? m0 : k0, r.a.trans ? kAct : mAct,
                              r.a.trans ? mAct : kAct, lda, aElem)
                     : std::pair<const uint8_t*, uint64_t>{r.l1A + aOff, aL0},
               Mem::L0A, r.l0A, aL0);
        loadL0(InstrId::MatmulLoadB2,
               bInL1 ? L1Span(r.b, r.b.trans ? n0 : k0, r.b.trans ? k0 : n0, r.b.trans ? nAct : kAct,
                              r.b.trans ? kAct : nAct, ldb, bElem)
                     : std::pair<const uint8_t*, uint64_t>{r.l1B + bOff, bL0},
               Mem::L0B, r.l0B, bL0);
        Instr mm(InstrId::MatmulMmad, caller);
        const uint32_t fractals = uint32_t((mAct + kFractal - 1) / kFractal) * ((nAct + kFractal - 1) / kFractal) *
                                  ((kAct + c0 - 1) / c0);
        mm.repeats = fractals;
        mm.elements = uint64_t(mAct) * kAct;
        mm.bytes = mm.elements * aElem;  // bytes / elements gives the cube the input width
        mm.Read(Mem::L0A, r.l0A, aL0, 512).Read(Mem::L0B, r.l0B, bL0, 512).Write(Mem::L0C, c, cBytes, 1024);
        if (!IssueCube(mm)) return;
        // The product, as Mmad applies it: L0C rows of baseN accumulators.
        const bool init = kStep == kFirst && !accumulate;
        if (!integer) {
            AccumulateFloat(r, c, m0, n0, k0, mAct, nAct, kAct, lda, ldb, init, withBias);
            continue;
        }
        // int8: the K step's operands are widened once (A row-major, B column-major) so the
        // inner loop is contiguous.
        std::vector<double> aRows(size_t(mAct) * kAct), bCols(size_t(nAct) * kAct);
        for (int32_t i = 0; i < mAct; ++i)
            for (int32_t k = 0; k < kAct; ++k)
                aRows[size_t(i) * kAct + k] = Load(r.aType, At(r.a, m0 + i, k0 + k, lda, aElem));
        for (int32_t j = 0; j < nAct; ++j)
            for (int32_t k = 0; k < kAct; ++k)
                bCols[size_t(j) * kAct + k] = Load(r.bType, At(r.b, k0 + k, n0 + j, ldb, bElem));
        for (int32_t i = 0; i < mAct; ++i) {
            const double* aRow = &aRows[size_t(i) * kAct];
            for (int32_t j = 0; j < nAct; ++j) {
                const double* bCol = &bCols[size_t(j) * kAct];
                uint8_t* acc = c + (uint64_t(i) * r.baseN + j) * accElem;
                double start = 0;
                if (!init)
                    start = Load(integer ? DType::I32 : DType::F32, acc);
                else if (withBias)
                    start = Load(r.biasType, r.bias.data + uint64_t(n0 + j) * DTypeSize(r.biasType));
                int64_t s = int64_t(start);
                for (int32_t k = 0; k < kAct; ++k) s += int64_t(aRow[k]) * int64_t(bCol[k]);
                Store(DType::I32, acc, double(int32_t(uint32_t(s))));
            }
        }
    }
}

}  // namespace

void MatmulComputeBlock(MatmulRun& r, int32_t mIdx, int32_t nIdx, bool accumulate, const void* caller,
                        int32_t kBlock) {
    const int32_t mAct = std::min(r.baseM, r.singleM - mIdx * r.baseM);
    const int32_t nAct = std::min(r.baseN, r.singleN - nIdx * r.baseN);
    const uint64_t cBytes = uint64_t(AlignUp(mAct, kFractal)) * AlignUp(nAct, kFractal) * 4;
    // The arithmetic runs on rows of baseN accumulators; an NZ L0C is converted around it.
    if (r.l0cNz && accumulate) RowsToNz(r, r.l0C, mAct, nAct, false);
    ComputeBlockRows(r, mIdx, nIdx, accumulate, caller, kBlock, r.l0C, cBytes);
    if (r.l0cNz) RowsToNz(r, r.l0C, mAct, nAct, true);
}

void MatmulStoreBlock(const MatmulRun& r, int32_t mIdx, int32_t nIdx, Mem dstMem, uint8_t* dst, int64_t dstRowStride,
                      uint8_t enAtomic, const void* caller, bool padRows) {
    const int32_t m0 = mIdx * r.baseM, n0 = nIdx * r.baseN;
    const int32_t mAct = std::min(r.baseM, r.singleM - m0), nAct = std::min(r.baseN, r.singleN - n0);
    // ND_ALIGN: each row is written up to a whole 32 bytes, the columns past N as zeros.
    const int32_t nOut = padRows ? AlignUp(nAct, int32_t(32 / DTypeSize(r.cType))) : nAct;
    const uint32_t cElem = uint32_t(DTypeSize(r.cType));
    const bool integer = IntegerCube(r);
    // Without a FIX pipe (310P) the result goes L0C -> UB on the vector unit, then UB -> GM on
    // MTE3; one instruction stands for both, on the pipe of its destination.
    Instr in(Rt().platform.fixPipe   ? InstrId::MatmulGetTensorC
             : dstMem == Mem::GM     ? InstrId::MatmulGetTensorCToGmNoFix
                                     : InstrId::MatmulGetTensorCToUbNoFix,
             caller);
    in.bytes = uint64_t(mAct) * nOut * cElem;
    in.repeats = uint32_t(mAct);
    in.Read(Mem::L0C, r.l0C, uint64_t(AlignUp(mAct, kFractal)) * AlignUp(nAct, kFractal) * 4, 1024);
    in.Write(dstMem, dst, uint64_t((mAct - 1) * dstRowStride + nOut) * cElem, uint16_t(dstMem == Mem::GM ? cElem : 32))
        .Bursts(uint64_t(mAct), uint64_t(nOut) * cElem, uint64_t(dstRowStride) * cElem);
    if (r.quantMode != NoQuant && FixpipeModePerColumn(QuantMode_t(r.quantMode)))
        in.Read(Mem::L1, r.l1Quant ? r.l1Quant : r.quantVector + uint64_t(n0) * 8, uint64_t(nAct) * 8, 32);
    AtomicOp op = enAtomic == 1 ? AtomicOp::Add : enAtomic == 2 ? AtomicOp::Max : enAtomic == 3 ? AtomicOp::Min
                                                                                                 : AtomicOp::None;
    if (op == AtomicOp::None && dstMem == Mem::GM && Cur().atomic != AtomicOp::Keep) op = Cur().atomic;
    if (op != AtomicOp::None && dstMem == Mem::GM) {
        in.gmAtomic = uint8_t(op);
        in.gmAtomicType = r.cType;
    }
    if (!IssueCube(in)) return;
    for (int32_t i = 0; i < mAct; ++i) {
        for (int32_t j = 0; j < nAct; ++j) {
            const uint8_t* acc = r.l0C + (uint64_t(i) * r.baseN + j) * 4;
            double v = Load(integer ? DType::I32 : DType::F32, acc);
            if (r.quantMode != NoQuant) {
                // The fixpipe's (de)quantisation, with the block's column parameter or the scalar one.
                uint64_t param = r.quantScalar;
                if (FixpipeModePerColumn(QuantMode_t(r.quantMode)))
                    std::memcpy(&param, r.quantVector + (uint64_t(n0) + j) * 8, 8);
                uint8_t converted[4] = {};
                FixpipeConvertElement(acc, converted, integer ? DType::I32 : DType::F32, r.cType,
                                      QuantMode_t(r.quantMode), param, false);
                v = Load(r.cType, converted);
            }
            uint8_t* out = dst + (uint64_t(i) * dstRowStride + j) * cElem;
            double result = v;
            if (op != AtomicOp::None && dstMem == Mem::GM) {
                const double old = Load(r.cType, out);
                result = op == AtomicOp::Add ? old + v : op == AtomicOp::Max ? std::max(old, v) : std::min(old, v);
            }
            Store(r.cType, out, result);
        }
        for (int32_t j = nAct; j < nOut; ++j) Store(r.cType, dst + (uint64_t(i) * dstRowStride + j) * cElem, 0.0);
    }
}

void MatmulLoadQuantVector(const MatmulRun& r, int32_t nIdx, const void* caller) {
    const int32_t n0 = nIdx * r.baseN, nAct = std::min(r.baseN, r.singleN - n0);
    Instr in(InstrId::MatmulCopyQuantVector, caller);
    in.bytes = uint64_t(nAct) * 8;
    in.Read(Mem::GM, r.quantVector + uint64_t(n0) * 8, in.bytes, 8);
    in.Write(Mem::L1, r.l1Quant, uint64_t(AlignUp(nAct, 4)) * 8, 32);
    IssueCube(in);
}

void MatmulMixRegistered() { MatmulRegistered(); }

void MatmulRegistered() {
    const int32_t type = Rt().kernelType;
    if (g_coreType == AIC && (type == KERNEL_TYPE_MIX_AIC_1_1 || type == KERNEL_TYPE_MIX_AIC_1_2))
        throw CoreServesMatmul{};
}

}  // namespace akg::sim
