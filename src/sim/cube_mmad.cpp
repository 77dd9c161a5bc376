// Mmad: C (L0C, Nz 16x16 fractals) = [C or bias or 0] + A (L0A, Zz 16xK0) x B (L0B, Zn K0x16),
// with float accumulation for half/bfloat16_t/float inputs and int32_t for int8_t. M = 1 is the
// GEMV mode, where A is read as one contiguous row.
#include <cstring>
#include <vector>

#include "basic_api/kernel_operator_mm_intf.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

constexpr uint32_t kMaxMnk = 4095;

float ToFloat(const uint8_t* p, DType t) {
    switch (t) {
        case DType::F16: { half h; std::memcpy(&h, p, 2); return float(h); }
        case DType::BF16: { bfloat16_t b; std::memcpy(&b, p, 2); return float(b); }
        default: { float f; std::memcpy(&f, p, 4); return f; }
    }
}

// Where element (row, col) of each operand lives, in elements from the operand's start.
struct MmadLayout {
    uint32_t m1, n1, k1, k0;
    bool gemv;
    uint64_t A(uint32_t i, uint32_t kk) const {
        if (gemv) return kk;
        return (uint64_t(i / 16) * k1 + kk / k0) * 16 * k0 + (i % 16) * k0 + kk % k0;
    }
    uint64_t B(uint32_t kk, uint32_t j) const { return (uint64_t(kk / k0) * n1 + j / 16) * 16 * k0 + (j % 16) * k0 + kk % k0; }
    uint64_t C(uint32_t i, uint32_t j) const { return (uint64_t(j / 16) * m1 + i / 16) * 256 + (i % 16) * 16 + j % 16; }
};

// Row-major copies of the operands, then C row += a(i, kk) * B row kk in k order: each output
// element sees its products in k order, and the inner loop over n vectorises.
template <typename Acc, typename In>
void Multiply(const MmadSpec& s, const MmadLayout& l, uint32_t m, uint32_t n, uint32_t k, bool accumulate,
              In load) {
    const uint64_t es = DTypeSize(s.abType);
    const auto* a = static_cast<const uint8_t*>(s.a);
    const auto* b = static_cast<const uint8_t*>(s.b);
    auto* c = static_cast<uint8_t*>(s.c);
    std::vector<Acc> ra(size_t(m) * k), rb(size_t(k) * n), rc(size_t(m) * n);
    for (uint32_t i = 0; i < m; ++i)
        for (uint32_t kk = 0; kk < k; ++kk) ra[size_t(i) * k + kk] = load(a + l.A(i, kk) * es);
    for (uint32_t kk = 0; kk < k; ++kk)
        for (uint32_t j = 0; j < n; ++j) rb[size_t(kk) * n + j] = load(b + l.B(kk, j) * es);
    for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) {
            Acc init = 0;
            if (s.bias)
                std::memcpy(&init, static_cast<const uint8_t*>(s.bias) + size_t(j) * sizeof(Acc), sizeof(Acc));
            else if (accumulate)
                std::memcpy(&init, c + l.C(i, j) * sizeof(Acc), sizeof(Acc));
            rc[size_t(i) * n + j] = init;
        }
    for (uint32_t i = 0; i < m; ++i) {
        Acc* row = &rc[size_t(i) * n];
        for (uint32_t kk = 0; kk < k; ++kk) {
            const Acc av = ra[size_t(i) * k + kk];
            const Acc* brow = &rb[size_t(kk) * n];
            if constexpr (std::is_integral_v<Acc>) {
                // int32 accumulation wraps like the hardware's adders.
                for (uint32_t j = 0; j < n; ++j) row[j] = Acc(uint32_t(row[j]) + uint32_t(av) * uint32_t(brow[j]));
            } else {
                for (uint32_t j = 0; j < n; ++j) row[j] += av * brow[j];
            }
        }
    }
    for (uint32_t i = 0; i < m; ++i)
        for (uint32_t j = 0; j < n; ++j) std::memcpy(c + l.C(i, j) * sizeof(Acc), &rc[size_t(i) * n + j], sizeof(Acc));
}

}  // namespace

void CubeMmad(const MmadSpec& s, const AscendC::MmadParams& p, const void* caller) {
    if (s.cMem != Mem::L0C || s.aMem != Mem::L0A || s.bMem != Mem::L0B || (s.bias && s.biasMem != Mem::BT)) {
        Diag("CUBE_BAD_POSITION", caller,
             Format("Mmad(dst in %s, fm in %s, filter in %s%s%s): the result must be in L0C (CO1), fm in L0A (A2), "
                    "filter in L0B (B2) and the bias in the bias table (C2)",
                    MemName(s.cMem), MemName(s.aMem), MemName(s.bMem), s.bias ? ", bias in " : "",
                    s.bias ? MemName(s.biasMem) : ""));
        return;
    }
    const uint32_t m = p.m, n = p.n, k = p.k;
    if (m > kMaxMnk || n > kMaxMnk || k > kMaxMnk)
        Diag("CUBE_PARAM_RANGE", caller, Format("Mmad with m %u, n %u, k %u: each must be at most %u", m, n, k, kMaxMnk));
    if (m == 0 || n == 0 || k == 0) return;  // documented NOP
    if (!s.bias && p.cmatrixSource && !p.cmatrixInitVal)
        Diag("CUBE_UNSUPPORTED", caller,
             "Mmad with cmatrixSource (C from the bias table) but no bias tensor: use the overload that takes the bias");
    const uint32_t es = uint32_t(DTypeSize(s.abType));
    const uint32_t k0 = 32 / es;
    // float data pads K to 8 (one fractal) or, with kDirectionAlign, to 16 elements.
    const uint32_t kAlign = es == 4 && p.kDirectionAlign ? 16 : k0;
    MmadLayout l{(m + 15) / 16, (n + 15) / 16, (k + kAlign - 1) / kAlign * kAlign / k0, k0, m == 1};
    const bool accumulate = !s.bias && (!p.cmatrixInitVal || p.isBias);
    const uint64_t aBytes = l.gemv ? uint64_t(k) * es : uint64_t(l.m1) * l.k1 * 512;
    const uint64_t bBytes = uint64_t(l.k1) * l.n1 * 512;
    const uint64_t cBytes = uint64_t(l.m1) * l.n1 * 256 * DTypeSize(s.cType);
    Instr in(InstrId::Mmad, caller);
    in.Read(Mem::L0A, s.a, aBytes, 512).Read(Mem::L0B, s.b, bBytes, 512);
    if (s.bias) in.Read(Mem::BT, s.bias, uint64_t(n) * DTypeSize(s.cType), 64);
    if (accumulate) in.Read(Mem::L0C, s.c, cBytes, 1024);
    in.Write(Mem::L0C, s.c, cBytes, 1024);
    in.bytes = aBytes + bBytes;
    in.elements = in.bytes / es;
    // One fractal multiply (16 x K0 x 16) per cycle step (ascend-hardware-model.md section 2.3).
    in.repeats = l.m1 * l.k1 * l.n1;
    if (!Issue(in)) return;
    if (s.abType == DType::I8)
        Multiply<int32_t>(s, l, m, n, k, accumulate, [](const uint8_t* q) { return int32_t(int8_t(*q)); });
    else
        Multiply<float>(s, l, m, n, k, accumulate, [t = s.abType](const uint8_t* q) { return ToFloat(q, t); });
}

}  // namespace akg::sim
