#include "sim/vec_engine.h"

namespace akg::sim {

namespace {
void NormalMask(Iteration& it, uint64_t lo, uint64_t hi) {
    it.mask[0] = lo;
    it.mask[1] = it.lanes > 64 ? hi : 0;
    if (it.lanes < 64) it.mask[0] &= (uint64_t(1) << it.lanes) - 1;
}
void ContinuousMask(Iteration& it, uint64_t n) {
    n = std::min<uint64_t>(n, it.lanes);
    it.mask[0] = n >= 64 ? ~0ull : ((uint64_t(1) << n) - 1);
    it.mask[1] = n > 64 ? (n >= 128 ? ~0ull : ((uint64_t(1) << (n - 64)) - 1)) : 0;
}
}  // namespace

// Besides resolving the shape, this models what the API does to the core's mask registers, as
// the CANN implementation does: an API that sets the mask itself (isSetMask = true) leaves its
// mask in the register, and the count form runs in Counter mode and then restores Normal mode and
// the all-ones mask (SetMaskCount ... ResetMask, SetMaskNorm).
Iteration Resolve(const VecShape& s, uint32_t widest, const void* caller) {
    Core& c = Cur();
    Iteration it;
    it.lanes = 256 / widest;
    it.repeats = s.repeat;
    switch (s.mode) {
        case VecShape::Mode::Count:
            it.contiguous = true;
            if (int64_t(int32_t(s.count)) < 0) {
                Diag("VEC_COUNT_RANGE", caller, Format("negative element count %d", int32_t(s.count)));
                it.count = 0;
            } else {
                it.count = s.count;
            }
            c.counterMode = false;
            c.maskLo = c.maskHi = ~0ull;
            c.maskKind = Core::MaskKind::Normal;
            break;
        case VecShape::Mode::Register:
            if (c.counterMode && c.maskKind == Core::MaskKind::Normal)
                Diag("VEC_MASK_MODE", caller,
                     "the core is in Counter mode, so the mask register is read as an element count, but it was "
                     "last set as a Normal-mode lane mask (SetVectorMask<T, MaskMode::NORMAL>, ResetMask or an "
                     "API's own mask); set the count with SetVectorMask<T, MaskMode::COUNTER>(n)");
            else if (!c.counterMode && c.maskKind == Core::MaskKind::Counter)
                Diag("VEC_MASK_MODE", caller,
                     "the mask register holds an element count (SetVectorMask<T, MaskMode::COUNTER>) but the core is "
                     "in Normal mode, where it is read as a lane mask; call SetMaskCount() first");
            if (c.counterMode) {
                it.counter = true;
                it.count = c.maskLo;
            } else {
                NormalMask(it, c.maskLo, c.maskHi);
            }
            break;
        case VecShape::Mode::Continuous:
            if (c.counterMode) {
                it.counter = true;
                it.count = s.count;
                c.maskLo = s.count;
                c.maskHi = 0;
                c.maskKind = Core::MaskKind::Counter;
            } else {
                ContinuousMask(it, s.count);
                c.maskLo = it.mask[0];
                c.maskHi = it.mask[1];
                c.maskKind = Core::MaskKind::Normal;
            }
            break;
        case VecShape::Mode::Bits:
            if (c.counterMode) {
                it.counter = true;
                it.count = s.mask[0];
                c.maskKind = Core::MaskKind::Counter;
            } else {
                NormalMask(it, s.mask[0], s.mask[1]);
                c.maskKind = Core::MaskKind::Normal;
            }
            c.maskLo = s.mask[0];
            c.maskHi = s.mask[1];
            break;
    }
    return it;
}

uint64_t Footprint(const Iteration& it, const Operand& o) {
    if (it.contiguous) return it.count * o.esize;
    const uint32_t repeats = RepeatsOf(it);
    // Within a repeat the lane layout is the same every time, so only the mask decides the
    // extent; in normal mode every repeat has the same mask, and in counter mode only the last
    // repeat is partial. Strides are non-negative, so the last two repeats bound the footprint.
    auto extentOf = [&](uint32_t r) -> uint64_t {
        uint64_t e = 0;
        for (uint32_t l = 0; l < it.lanes; ++l)
            if (LaneEnabled(it, r, l)) e = std::max<uint64_t>(e, uint64_t(LaneAddress(o, r, l) - o.base) + o.esize);
        return e;
    };
    uint64_t end = 0;
    for (uint32_t r = repeats >= 2 ? repeats - 2 : 0; r < repeats; ++r) end = std::max(end, extentOf(r));
    return end;
}

}  // namespace akg::sim
