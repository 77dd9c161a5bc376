// Reading a value-dependent (const) input's data in tiling or shape inference: opbase's
// `op_common/op_host/util/const_util.h`, reached as `util/const_util.h`, namespace Ops::Base.
// The tensor's data is present only for inputs the operator declares value-dependent.
#pragma once

#include <cstdint>
#include <type_traits>

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tiling_context.h"

namespace Ops {
namespace Base {
namespace detail {
template <typename ContextType>
constexpr bool kConstContext = std::is_same_v<std::remove_const_t<ContextType>, gert::InferShapeContext> ||
                               std::is_same_v<std::remove_const_t<ContextType>, gert::TilingContext>;

// Calls f(const E* data) with the tensor's data as its integer element type E; false when the
// type is not one of int32/int64/uint32/uint64 or there is no data.
template <typename F>
bool WithIntegerData(const gert::Tensor* t, F&& f) {
    if (t == nullptr || t->GetAddr() == nullptr) return false;
    switch (t->GetDataType()) {
        case ge::DT_INT32: return f(t->GetData<int32_t>());
        case ge::DT_INT64: return f(t->GetData<int64_t>());
        case ge::DT_UINT32: return f(t->GetData<uint32_t>());
        case ge::DT_UINT64: return f(t->GetData<uint64_t>());
        default: return false;
    }
}
}  // namespace detail

// The first element of input `inputIdx` as T.
template <typename ContextType, typename T>
bool GetConstInt(const ContextType* context, int64_t inputIdx, T& value) {
    static_assert(detail::kConstContext<ContextType>, "GetConstInt takes an InferShapeContext or a TilingContext");
    if (context == nullptr) return false;
    const gert::Tensor* t = context->GetInputTensor(size_t(inputIdx));
    return detail::WithIntegerData(t, [&](const auto* data) {
        if (t->GetSize() == 0) return false;
        value = static_cast<T>(data[0]);
        return true;
    });
}

// Input `inputIdx`'s elements as the dimensions of `shape`.
template <typename ContextType>
bool GetConstIntToShape(const ContextType* context, int64_t inputIdx, gert::Shape& shape) {
    static_assert(detail::kConstContext<ContextType>, "GetConstIntToShape takes an InferShapeContext or a TilingContext");
    if (context == nullptr) return false;
    const gert::Tensor* t = context->GetInputTensor(size_t(inputIdx));
    return detail::WithIntegerData(t, [&](const auto* data) {
        shape.SetDimNum(0);
        for (int64_t i = 0; i < t->GetShapeSize(); ++i) shape.AppendDim(static_cast<int64_t>(data[i]));
        return true;
    });
}

}  // namespace Base
}  // namespace Ops
