// opbase's infer-shape helpers for element-wise broadcasting (CANN 8.x operator repositories
// include `infershape_broadcast_util.h`), namespace Ops::Base. Shapes broadcast as NumPy's do:
// aligned at the last dimension, each pair equal or one of them 1; an unknown dimension (-1)
// meets 1 as unknown and meets a known size as that size; an unknown rank ([-2]) on either side
// gives an unknown rank. A pair that cannot broadcast makes the helpers return false /
// GRAPH_FAILED and leaves the output undefined.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "exe_graph/runtime/infer_shape_context.h"
#include "graph/types.h"
#include "util/shape_util.h"

namespace Ops {
namespace Base {

namespace detail {
// Broadcasts `dim` (of the next shape) into `out` in place.
inline bool BroadcastDimInto(int64_t& out, int64_t dim) {
    if (out == dim || dim == 1) return true;
    if (out == 1) {
        out = dim;
        return true;
    }
    if (out == kUnknownDim) {
        out = dim;  // the known size fixes an unknown dimension
        return true;
    }
    return dim == kUnknownDim;
}

// Broadcasts `shape` into `out` (which holds the shapes broadcast so far).
inline bool BroadcastInto(const gert::Shape& shape, gert::Shape& out) {
    if (IsUnknownRank(out)) return true;
    if (IsUnknownRank(shape)) {
        SetUnknownRank(out);
        return true;
    }
    const size_t rank = std::max(shape.GetDimNum(), out.GetDimNum());
    gert::Shape merged;
    merged.SetDimNum(rank);
    for (size_t i = 0; i < rank; ++i) {
        const size_t fromEnd = rank - 1 - i;
        int64_t dim = fromEnd < out.GetDimNum() ? out.GetDim(out.GetDimNum() - 1 - fromEnd) : 1;
        const int64_t next = fromEnd < shape.GetDimNum() ? shape.GetDim(shape.GetDimNum() - 1 - fromEnd) : 1;
        if (!BroadcastDimInto(dim, next)) return false;
        merged.SetDim(i, dim);
    }
    out = merged;
    return true;
}
}  // namespace detail

inline bool BroadcastShape(const std::vector<const gert::Shape*>& inShapes, gert::Shape* outShape) {
    if (outShape == nullptr || inShapes.empty()) return false;
    gert::Shape out;
    out.SetDimNum(0);
    for (const gert::Shape* s : inShapes)
        if (s == nullptr || !detail::BroadcastInto(*s, out)) return false;
    *outShape = out;
    return true;
}

inline bool BroadcastShape(const gert::Shape* in1Shape, const gert::Shape* in2Shape, gert::Shape* outShape) {
    return BroadcastShape(std::vector<const gert::Shape*>{in1Shape, in2Shape}, outShape);
}

// Output 0 is the broadcast of the first `inputNum` inputs.
inline ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context, size_t inputNum) {
    if (context == nullptr) return ge::GRAPH_FAILED;
    std::vector<const gert::Shape*> shapes;
    for (size_t i = 0; i < inputNum; ++i) shapes.push_back(context->GetInputShape(i));
    return BroadcastShape(shapes, context->GetOutputShape(0)) ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}

// Output 0 is the broadcast of every input of the node.
inline ge::graphStatus InferShape4Broadcast(gert::InferShapeContext* context) {
    if (context == nullptr) return ge::GRAPH_FAILED;
    return InferShape4Broadcast(context, context->GetComputeNodeInputNum());
}

}  // namespace Base
}  // namespace Ops
