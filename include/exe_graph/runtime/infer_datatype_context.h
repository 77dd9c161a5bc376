// gert::InferDataTypeContext: input dtypes in, output dtypes out.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "graph/types.h"

namespace gert {

class InferDataTypeContext : public ExtendedKernelContext {
public:
    explicit InferDataTypeContext(NodeFrame* frame) : ExtendedKernelContext(frame) {}

    // DT_UNDEFINED for an index without an instance.
    ge::DataType GetInputDataType(size_t index) const {
        const CompileTimeTensorDesc* desc = GetInputDesc(index);
        return desc == nullptr ? ge::DT_UNDEFINED : desc->GetDataType();
    }
    ge::DataType GetOptionalInputDataType(size_t ir_index) const { return GetDynamicInputDataType(ir_index, 0); }
    ge::DataType GetDynamicInputDataType(size_t ir_index, size_t relative_index) const {
        const CompileTimeTensorDesc* desc = GetDynamicInputDesc(ir_index, relative_index);
        return desc == nullptr ? ge::DT_UNDEFINED : desc->GetDataType();
    }
    ge::DataType GetOutputDataType(size_t index) const;
    ge::graphStatus SetOutputDataType(size_t index, ge::DataType data_type);
};

}  // namespace gert
