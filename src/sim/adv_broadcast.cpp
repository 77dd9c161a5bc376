// Broadcast / BroadCast (include/lib/pad/broadcast.h): one vector-pipe instruction that reads the
// source, writes the destination and, in the sharedTmpBuffer form, the part of the temporary
// buffer the implementation uses.
//
// Checks: shapes that do not broadcast along the template axis, or that the API documents as
// unsupported (dim 2, axis 0 with rows that are not whole 32-byte blocks) are ADV_SHAPE_UNSUPPORTED
// and not computed; temporary space below the documented minimum is ADV_TMP_BUFFER_SMALL.
// A destination that overlaps the source is computed from the source as it was before the call
// (CANN's own AddRmsNorm broadcasts a row in place along axis 0, which the device's row copies
// handle the same way).
#include <cstring>
#include <vector>

#include "lib/pad/broadcast.h"
#include "sim/adv_check.h"
#include "sim/vec_ext.h"

namespace akg::sim {

namespace {

std::string ShapeText(uint32_t dim, const uint64_t* shape) {
    std::string s = "[";
    for (uint32_t i = 0; i < dim; ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

// Why the shapes cannot be computed, or empty when they can.
std::string ShapeProblem(const BroadcastCall& c, uint32_t esize) {
    for (uint32_t i = 0; i < c.dim; ++i) {
        if (c.srcShape[i] == 0 || c.dstShape[i] == 0) return "a dimension is 0";
        if (c.srcShape[i] != c.dstShape[i] && (c.srcShape[i] != 1 || i != c.axis))
            return "only axis " + std::to_string(c.axis) + " (the template argument) may differ, from 1 in srcShape";
    }
    if (c.dim == 2 && c.axis == 0 && c.srcShape[0] != c.dstShape[0] && c.srcShape[1] * esize % 32 != 0)
        return "with dim 2 and axis 0, srcShape[1] must be a whole number of 32-byte blocks";
    return {};
}

template <size_t N>
void Fill(const BroadcastCall& c, const std::vector<uint8_t>& src) {
    auto* dst = static_cast<uint8_t*>(c.dst);
    const uint64_t rows = c.dim == 2 ? c.dstShape[0] : 1, cols = c.dstShape[c.dim - 1];
    const uint64_t srcCols = c.srcShape[c.dim - 1];
    const bool rowFromFirst = c.dim == 2 && c.srcShape[0] == 1;
    const bool colFromFirst = srcCols == 1;
    for (uint64_t i = 0; i < rows; ++i)
        for (uint64_t j = 0; j < cols; ++j) {
            const uint64_t from = (rowFromFirst ? 0 : i) * srcCols + (colFromFirst ? 0 : j);
            std::memcpy(dst + (i * cols + j) * N, src.data() + from * N, N);
        }
}

}  // namespace

void BroadcastRun(const BroadcastCall& c) {
    const uint32_t esize = uint32_t(DTypeSize(c.type));
    const char* api = ApiOf(InstrId::Broadcast);
    if (const std::string why = ShapeProblem(c, esize); !why.empty()) {
        Diag("ADV_SHAPE_UNSUPPORTED", c.caller,
             Format("%s<dim %u, axis %u>: srcShape %s to dstShape %s is not supported: %s", api, c.dim, c.axis,
                    ShapeText(c.dim, c.srcShape).c_str(), ShapeText(c.dim, c.dstShape).c_str(), why.c_str()));
        return;
    }
    uint64_t srcElems = 1, dstElems = 1;
    for (uint32_t i = 0; i < c.dim; ++i) {
        srcElems *= c.srcShape[i];
        dstElems *= c.dstShape[i];
    }
    const adv::TmpRange need = adv::BroadcastTmpSize(c.dim, c.srcShape, c.dstShape, esize, c.v200);
    CheckAdvTmpSpace(api, c.type, need, dstElems, c.sharedTmp, c.tmpBytes, c.caller);

    Instr in(InstrId::Broadcast, c.caller);
    in.Write(Mem::UB, c.dst, dstElems * esize, 32);
    in.Read(Mem::UB, c.src, srcElems * esize, 32);
    if (c.sharedTmp && need.maxValue) in.Write(Mem::UB, c.tmp, std::min<uint64_t>(c.tmpBytes, need.maxValue), 32);
    in.elements = dstElems;
    in.bytes = dstElems * esize;
    in.repeats = uint32_t(std::min<uint64_t>((dstElems * esize + 255) / 256, UINT32_MAX));
    if (!Issue(in)) return;

    const auto* s = static_cast<const uint8_t*>(c.src);
    const std::vector<uint8_t> src(s, s + srcElems * esize);
    switch (esize) {
        case 1: Fill<1>(c, src); break;
        case 2: Fill<2>(c, src); break;
        default: Fill<4>(c, src); break;
    }
}

}  // namespace akg::sim
