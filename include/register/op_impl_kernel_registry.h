// Function types of the per-operator implementations (tiling, shape/dtype inference, tiling parse).
#pragma once

#include <cstdint>

#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/infer_shape_range_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "graph/types.h"

namespace gert {

struct OpImplKernelRegistry {
    using TilingKernelFunc = ge::graphStatus (*)(TilingContext*);
    using InferShapeKernelFunc = ge::graphStatus (*)(InferShapeContext*);
    using InferShapeRangeKernelFunc = ge::graphStatus (*)(InferShapeRangeContext*);
    using InferDataTypeKernelFunc = ge::graphStatus (*)(InferDataTypeContext*);
    using TilingParseFunc = ge::graphStatus (*)(TilingParseContext*);
    using CompileInfoCreatorFunc = void* (*)();
    using CompileInfoDeleterFunc = void (*)(void*);
};

}  // namespace gert
