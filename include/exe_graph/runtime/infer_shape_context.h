// gert::InferShapeContext: input shapes (origin shapes) in, output shapes out.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tensor.h"

namespace gert {

class InferShapeContext : public ExtendedKernelContext {
public:
    explicit InferShapeContext(NodeFrame* frame) : ExtendedKernelContext(frame) {}

    const Shape* GetInputShape(size_t index) const;
    const Shape* GetOptionalInputShape(size_t ir_index) const { return GetDynamicInputShape(ir_index, 0); }
    const Shape* GetDynamicInputShape(size_t ir_index, size_t relative_index) const {
        const size_t index = InputInstanceIndex(ir_index, relative_index);
        return index == kNoInstance ? nullptr : GetInputShape(index);
    }
    const Shape* GetRequiredInputShape(size_t ir_index) const { return GetDynamicInputShape(ir_index, 0); }

    // GetData() is non-null only for inputs the operator declares value-dependent.
    const Tensor* GetInputTensor(size_t index) const;
    const Tensor* GetOptionalInputTensor(size_t ir_index) const { return GetDynamicInputTensor(ir_index, 0); }
    const Tensor* GetDynamicInputTensor(size_t ir_index, size_t relative_index) const {
        const size_t index = InputInstanceIndex(ir_index, relative_index);
        return index == kNoInstance ? nullptr : GetInputTensor(index);
    }
    const Tensor* GetRequiredInputTensor(size_t ir_index) const { return GetDynamicInputTensor(ir_index, 0); }

    Shape* GetOutputShape(size_t index);
};

}  // namespace gert
