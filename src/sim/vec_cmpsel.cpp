// Compare / Compares into bit masks, Compare into CMPMASK, GetCmpMask / SetCmpMask, and Select.
// The behaviour follows the A2/A3 documentation summarised in kernel_operator_vec_cmpsel_intf.h.
#include "basic_api/kernel_operator_vec_cmpsel_intf.h"
#include "sim/vec_ext.h"

namespace akg::sim {

using AscendC::CMPMODE;
using AscendC::SELMODE;

namespace {

const char* CmpName(CMPMODE m) {
    switch (m) {
        case CMPMODE::LT: return "LT";
        case CMPMODE::GT: return "GT";
        case CMPMODE::EQ: return "EQ";
        case CMPMODE::LE: return "LE";
        case CMPMODE::GE: return "GE";
        case CMPMODE::NE: return "NE";
    }
    return "?";
}

// IEEE comparisons: every ordered comparison with NaN is false, NE is true; -0 == +0.
template <typename T>
bool CmpTrue(T a, T b, CMPMODE m) {
    const auto x = Widen(a), y = Widen(b);
    switch (m) {
        case CMPMODE::LT: return x < y;
        case CMPMODE::GT: return x > y;
        case CMPMODE::EQ: return x == y;
        case CMPMODE::LE: return x <= y;
        case CMPMODE::GE: return x >= y;
        case CMPMODE::NE: return !(x == y);
    }
    return false;
}

bool ValidCmp(CMPMODE m) { return uint8_t(m) <= uint8_t(CMPMODE::NE); }

// Checks the mode against the source type; returns the mode the device actually applies.
template <typename T>
bool EffectiveMode(const char* api, CMPMODE& mode, const void* caller) {
    if (!ValidCmp(mode)) {
        Diag("VEC_UNSUPPORTED", caller, Format("%s: CMPMODE value %d is not one of LT, GT, EQ, LE, GE, NE", api, int(mode)));
        return false;
    }
    if constexpr (std::is_same_v<T, int32_t>) {
        if (mode != CMPMODE::EQ) {
            Diag("VEC_UNSUPPORTED", caller,
                 Format("%s on int32_t supports only CMPMODE::EQ on this SoC; CMPMODE::%s is computed as EQ, as the "
                        "device does",
                        api, CmpName(mode)));
            mode = CMPMODE::EQ;
        }
    }
    return true;
}

Operand Op(const void* p, uint32_t esize, uint16_t blk, uint16_t rep) {
    return Operand{reinterpret_cast<uint8_t*>(const_cast<void*>(p)), esize, blk, rep};
}

// The CMPMASK register read as an address (mode 2): a host address inside this core's UB, the
// low 32 bits of one (what `(uint32_t)tensor.GetPhyAddr()` stores), or a physical UB offset.
uintptr_t RegisterAddress(const VecSpr& spr) {
    const uint64_t v = LoadAs<uint64_t>(spr.cmpMask);
    if (InUb(uintptr_t(v), 1)) return uintptr_t(v);
    const uint64_t lo = v & 0xffffffffull;
    const uintptr_t base = UbBegin();
    const uint64_t hiBase = uint64_t(base) & ~0xffffffffull;
    for (int64_t adj : {int64_t(0), int64_t(1) << 32, -(int64_t(1) << 32)}) {
        const uintptr_t cand = uintptr_t(int64_t(hiBase | lo) + adj);
        if (InUb(cand, 1)) return cand;
    }
    if (lo < MemCapacity(Mem::UB)) return base + uintptr_t(lo);
    return 0;
}

}  // namespace

template <typename T>
void VecCompare(const char* api, void* dst, const T* src0, const T* src1, T scalar, CMPMODE mode,
                const VecShape& shape, const void* caller) {
    const uint32_t lanes = 256 / sizeof(T);
    uint32_t repeats = shape.repeat;
    if (shape.mode == VecShape::Mode::Count) {
        const uint64_t bytes = shape.count * sizeof(T);
        repeats = uint32_t(bytes / 256);
        if (bytes % 256)
            Diag("VEC_COUNT_UNALIGNED", caller,
                 Format("%s: count %llu (%llu bytes) is not a multiple of 256 bytes; the device compares only whole "
                        "256-byte repeats, so the result bits of the last %llu elements are not written",
                        api, static_cast<unsigned long long>(shape.count), static_cast<unsigned long long>(bytes),
                        static_cast<unsigned long long>(shape.count - uint64_t(repeats) * lanes)));
    }
    if (!EffectiveMode<T>(api, mode, caller)) return;

    const Iteration it = FullIteration(lanes, repeats);
    const Operand o0 = Op(src0, sizeof(T), shape.blk[1], shape.rep[1]);
    const Operand o1 = Op(src1, sizeof(T), shape.blk[2], shape.rep[2]);
    Instr in(InstrFamily::Compare, api, caller);
    in.Write(Mem::UB, dst, uint64_t(repeats) * lanes / 8, 32);
    in.Read(Mem::UB, src0, Footprint(it, o0), 32);
    if (src1) in.Read(Mem::UB, src1, Footprint(it, o1), 32);
    in.elements = uint64_t(repeats) * lanes;
    in.repeats = repeats;
    in.bytes = in.elements * sizeof(T);
    if (!Issue(in)) return;

    auto* d = static_cast<uint8_t*>(dst);
    for (uint32_t r = 0; r < repeats; ++r) {
        uint8_t bits[16] = {};
        for (uint32_t l = 0; l < lanes; ++l) {
            const T a = LoadAs<T>(LaneAddress(o0, r, l));
            const T b = src1 ? LoadAs<T>(LaneAddress(o1, r, l)) : scalar;
            if (CmpTrue(a, b, mode)) bits[l / 8] |= uint8_t(1u << (l % 8));
        }
        std::memcpy(d + size_t(r) * (lanes / 8), bits, lanes / 8);
    }
}

template <typename T>
void VecCompareToCmpMask(const T* src0, const T* src1, CMPMODE mode, const VecShape& shape, const void* caller) {
    const char* api = ApiOf(InstrId::CompareToCmpMask);
    Iteration it = Resolve(shape, sizeof(T), caller);
    it.repeats = 1;  // one repeat (256 bytes); the repeat field does not apply
    if (it.counter) it.count = std::min<uint64_t>(it.count, it.lanes);
    if (!EffectiveMode<T>(api, mode, caller)) return;
    const Operand o0 = Op(src0, sizeof(T), shape.blk[1], shape.rep[1]);
    const Operand o1 = Op(src1, sizeof(T), shape.blk[2], shape.rep[2]);
    Instr in(InstrId::CompareToCmpMask, caller);
    in.Read(Mem::UB, src0, Footprint(it, o0), 32);
    in.Read(Mem::UB, src1, Footprint(it, o1), 32);
    in.elements = it.lanes;
    in.repeats = 1;
    in.bytes = 256;
    if (!Issue(in)) return;
    VecSpr& spr = CurSpr();
    for (uint32_t l = 0; l < it.lanes; ++l) {
        if (!LaneEnabled(it, 0, l)) continue;  // disabled lanes keep their previous bit
        const bool t = CmpTrue(LoadAs<T>(LaneAddress(o0, 0, l)), LoadAs<T>(LaneAddress(o1, 0, l)), mode);
        uint8_t& byte = spr.cmpMask[l / 8];
        const uint8_t bit = uint8_t(1u << (l % 8));
        byte = t ? uint8_t(byte | bit) : uint8_t(byte & ~bit);
    }
}

void CmpMaskGet(void* dst, const void* caller) {
    Instr in(InstrId::GetCmpMask, caller);
    in.Write(Mem::UB, dst, 16, 16);
    in.bytes = 16;
    if (!Issue(in)) return;
    std::memcpy(dst, CurSpr().cmpMask, 16);
}

void CmpMaskSet(const void* src, const void* caller) {
    Instr in(InstrId::SetCmpMask, caller);
    in.Read(Mem::UB, src, 16, 16);
    in.bytes = 16;
    if (!Issue(in)) return;
    std::memcpy(CurSpr().cmpMask, src, 16);
}

template <typename T>
void VecSelect(T* dst, const void* selMask, const T* src0, const T* src1, T scalar, SELMODE mode,
               const VecShape& shape, const void* caller) {
    if (uint8_t(mode) > uint8_t(SELMODE::VSEL_TENSOR_TENSOR_MODE)) {
        Diag("VEC_UNSUPPORTED", caller, Format("Select: SELMODE value %d is not a selection mode", int(mode)));
        return;
    }
    const bool regForm = shape.mode == VecShape::Mode::Register;  // the forms without a mask argument
    if (regForm && !selMask && mode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        Diag("VEC_UNSUPPORTED", caller,
             "Select<T, SELMODE::VSEL_TENSOR_SCALAR_MODE>(dst, src0, src1, repeat, params) does nothing: the form "
             "without a mask argument takes two tensors only in modes 0 and 2; mode 1 is "
             "Select(dst, selMask, src0, repeat, params) with the scalar in CMPMASK");
        return;
    }
    if ((mode == SELMODE::VSEL_TENSOR_SCALAR_MODE) != (src1 == nullptr)) {
        Diag("VEC_UNSUPPORTED", caller,
             Format("Select: %s needs %s", mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? "VSEL_TENSOR_SCALAR_MODE"
                                                                                     : "VSEL_CMPMASK_SPR/VSEL_TENSOR_TENSOR_MODE",
                    mode == SELMODE::VSEL_TENSOR_SCALAR_MODE ? "a scalar src1" : "a tensor src1"));
        return;
    }
    VecSpr& spr = CurSpr();
    // Where the selection bits of modes 1 and 2 come from.
    const uint8_t* sel = static_cast<const uint8_t*>(selMask);
    if (mode == SELMODE::VSEL_TENSOR_TENSOR_MODE && regForm) {
        const uintptr_t a = RegisterAddress(spr);
        if (!a)
            Fatal("LOCAL_OOB", caller,
                  Format("Select (VSEL_TENSOR_TENSOR_MODE): CMPMASK holds 0x%llx, which is not an address in this "
                         "core's unified buffer; store the selection tensor's address with SetCmpMask first",
                         static_cast<unsigned long long>(LoadAs<uint64_t>(spr.cmpMask))));
        sel = reinterpret_cast<const uint8_t*>(a);
    }

    Iteration it = Resolve(shape, sizeof(T), caller);
    AsCounter(it);
    const uint32_t repeats = RepeatsOf(it);
    const Operand od = Op(dst, sizeof(T), shape.blk[0], shape.rep[0]);
    const Operand o0 = Op(src0, sizeof(T), shape.blk[1], shape.rep[1]);
    const Operand o1 = Op(src1, sizeof(T), shape.blk[2], shape.rep[2]);

    // The highest selection bit any enabled lane consumes.
    uint64_t selBits = 0;
    if (mode != SELMODE::VSEL_CMPMASK_SPR) {
        for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r)
            for (uint32_t l = 0; l < it.lanes; ++l)
                if (LaneEnabled(it, r, l)) selBits = std::max<uint64_t>(selBits, uint64_t(r) * it.lanes + l + 1);
    }
    Instr in(InstrId::Select, caller);
    in.Write(Mem::UB, dst, Footprint(it, od), 32);
    in.Read(Mem::UB, src0, Footprint(it, o0), 32);
    if (src1) in.Read(Mem::UB, src1, Footprint(it, o1), 32);
    if (mode == SELMODE::VSEL_CMPMASK_SPR) {
        if (sel) in.Read(Mem::UB, sel, 16, 32);  // loaded into CMPMASK
    } else {
        in.Read(Mem::UB, sel, (selBits + 7) / 8, regForm ? 1 : 32);
    }
    in.elements = it.counter ? it.count : uint64_t(repeats) * it.lanes;
    in.repeats = repeats;
    in.bytes = in.elements * sizeof(T);
    if (!Issue(in)) return;

    // What the API does to CMPMASK on the device before selecting.
    if (!regForm) {
        if (mode == SELMODE::VSEL_CMPMASK_SPR) {
            std::memcpy(spr.cmpMask, sel, 16);
        } else if (mode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
            for (size_t k = 0; k + sizeof(T) <= 16; k += sizeof(T)) StoreAs(spr.cmpMask + k, scalar);
        } else {
            std::memset(spr.cmpMask, 0, 16);
            StoreAs(spr.cmpMask, uint64_t(reinterpret_cast<uintptr_t>(sel)));
        }
    } else if (mode == SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        scalar = LoadAs<T>(spr.cmpMask);
    }
    uint8_t reg[16];
    std::memcpy(reg, spr.cmpMask, 16);

    for (uint32_t r = 0; r < repeats; ++r) {
        for (uint32_t l = 0; l < it.lanes; ++l) {
            if (!LaneEnabled(it, r, l)) continue;
            bool bit;
            if (mode == SELMODE::VSEL_CMPMASK_SPR) {
                bit = (reg[l / 8] >> (l % 8)) & 1u;
            } else {
                const uint64_t i = uint64_t(r) * it.lanes + l;
                bit = (sel[i / 8] >> (i % 8)) & 1u;
            }
            const T v = bit ? LoadAs<T>(LaneAddress(o0, r, l)) : (src1 ? LoadAs<T>(LaneAddress(o1, r, l)) : scalar);
            StoreAs(LaneAddress(od, r, l), v);
        }
    }
}

#define AKG_INSTANTIATE_CMP(T)                                                                                    \
    template void VecCompare<T>(const char*, void*, const T*, const T*, T, CMPMODE, const VecShape&, const void*); \
    template void VecCompareToCmpMask<T>(const T*, const T*, CMPMODE, const VecShape&, const void*);
AKG_INSTANTIATE_CMP(half)
AKG_INSTANTIATE_CMP(float)
AKG_INSTANTIATE_CMP(int32_t)
#undef AKG_INSTANTIATE_CMP
template void VecSelect<half>(half*, const void*, const half*, const half*, half, SELMODE, const VecShape&, const void*);
template void VecSelect<float>(float*, const void*, const float*, const float*, float, SELMODE, const VecShape&,
                               const void*);

}  // namespace akg::sim
