// gert::InferShapeRangeContext: the signature InferShapeRange functions take. The simulator runs
// static shapes only, so the framework registers these functions but never calls them.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/range.h"
#include "exe_graph/runtime/shape.h"

namespace gert {

class InferShapeRangeContext : public ExtendedKernelContext {
public:
    explicit InferShapeRangeContext(NodeFrame* frame) : ExtendedKernelContext(frame) {}

    const Range<Shape>* GetInputShapeRange(size_t index) const;
    const Range<Shape>* GetOptionalInputShapeRange(size_t ir_index) const;
    const Range<Shape>* GetDynamicInputShapeRange(size_t ir_index, size_t relative_index) const;
    Range<Shape>* GetOutputShapeRange(size_t index);
};

}  // namespace gert
