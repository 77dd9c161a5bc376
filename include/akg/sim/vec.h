// How a vector instruction iterates, shared by every vector API family.
//
// The vector unit processes repeats of 8 data blocks (256 bytes); per operand, dataBlockStride
// separates blocks within a repeat and repeatStride separates repeats, both in 32-byte blocks.
// The count ("first n elements") form is counter mode with contiguous strides. A VecShape says
// which of these forms a call used; the runtime resolves it against the core's mask register.
#pragma once

#include "akg/sim/instr_table.h"

namespace akg::sim {

struct VecShape {
    enum class Mode : uint8_t { Count, Bits, Continuous, Register } mode = Mode::Count;
    uint8_t repeat = 1;
    uint64_t count = 0;     // Count: elements; Continuous: enabled lanes per repeat
    uint64_t mask[2] = {};  // Bits: lane mask, low word first
    uint16_t blk[3] = {1, 1, 1};  // dst, src0, src1 dataBlockStride
    uint16_t rep[3] = {8, 8, 8};  // dst, src0, src1 repeatStride
};

inline VecShape CountShape(uint64_t n) {
    VecShape s;
    s.mode = VecShape::Mode::Count;
    s.count = n;
    return s;
}

// Mask forms. `setMask` is the API's isSetMask template argument: false means the mask value is a
// placeholder and the core's mask register applies.
inline VecShape MaskShape(bool setMask, uint64_t mask, uint8_t repeat) {
    VecShape s;
    s.mode = setMask ? VecShape::Mode::Continuous : VecShape::Mode::Register;
    s.count = mask;
    s.mask[0] = mask;
    s.repeat = repeat;
    return s;
}
inline VecShape MaskShape(bool setMask, const uint64_t mask[], uint8_t repeat) {
    VecShape s;
    s.mode = setMask ? VecShape::Mode::Bits : VecShape::Mode::Register;
    if (setMask) {
        s.mask[0] = mask[0];
        s.mask[1] = mask[1];
    }
    s.repeat = repeat;
    return s;
}
inline VecShape& Strides(VecShape& s, uint16_t dstBlk, uint16_t src0Blk, uint16_t src1Blk, uint16_t dstRep,
                         uint16_t src0Rep, uint16_t src1Rep) {
    s.blk[0] = dstBlk;
    s.blk[1] = src0Blk;
    s.blk[2] = src1Blk;
    s.rep[0] = dstRep;
    s.rep[1] = src0Rep;
    s.rep[2] = src1Rep;
    return s;
}

// Runs one element-wise instruction. D is the destination element type, S the source type.
template <typename D, typename S>
void VecRun(VecOp op, const char* api, D* dst, const S* src0, const S* src1, S scalar, const VecShape& shape,
            const void* caller);

}  // namespace akg::sim
