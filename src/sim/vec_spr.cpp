// Per-core special registers of the vector unit (CMPMASK, ACC_VAL, MAX_MIN_CNT, RSVD_CNT).
//
// The registers live in a side table rather than in Core. The table must start zeroed at every
// launch; a launch is recognised by the table's presence in the launch's observer list, which
// the runtime creates afresh for every Launch (the observer itself ignores instructions).
#include <algorithm>

#include "akg/launch/launch.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {
struct SprTable final : InstrObserver {
    std::vector<VecSpr> regs;
    void OnInstr(int, const Instr&) override {}
};
SprTable g_spr;
}  // namespace

VecSpr& CurSpr() {
    Runtime& rt = Rt();
    if (std::find(rt.observers.begin(), rt.observers.end(), &g_spr) == rt.observers.end()) {
        g_spr.regs.assign(rt.cores.size(), VecSpr{});
        rt.observers.push_back(&g_spr);
    }
    return g_spr.regs[size_t(Cur().idx)];
}

uintptr_t UbBegin() { return reinterpret_cast<uintptr_t>(LocalMem(Cur(), Mem::UB)); }
uintptr_t UbEnd() { return UbBegin() + MemCapacity(Mem::UB); }

bool InUb(uintptr_t addr, uint64_t bytes) {
    const uintptr_t b = UbBegin(), e = UbEnd();
    return addr >= b && addr <= e && bytes <= e - addr;
}

}  // namespace akg::sim
