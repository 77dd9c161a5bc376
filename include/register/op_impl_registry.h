// IMPL_OP(OpType) / IMPL_OP_OPTILING / IMPL_OP_INFERSHAPE: registers an operator's tiling,
// tiling-parse and inference functions by op type, e.g.
//
//   IMPL_OP_OPTILING(AddCustom).Tiling(TilingFunc).TilingParse<AddCompileInfo>(TilingPrepare);
//   IMPL_OP_INFERSHAPE(AddCustom).InferShape(InferShape).InferDataType(InferDataType);
//
// Calls on the registration object take effect immediately (at static initialisation). When an
// op also sets functions through its OpDef (AICore().SetTiling, SetInferShape), these win.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
// CANN's registry header brings in the containers its interfaces use; op_host code relies on them
// (ops-cv's common tiling_util.cpp builds a std::set with nothing else included).
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "register/op_impl_kernel_registry.h"

namespace gert {

enum TilingPlacement {
    TILING_ON_HOST = 0,
    TILING_ON_AICPU = 1,
};

class OpImplRegisterV2 {
public:
    using TilingKernelFunc = OpImplKernelRegistry::TilingKernelFunc;
    using InferShapeKernelFunc = OpImplKernelRegistry::InferShapeKernelFunc;
    using InferShapeRangeKernelFunc = OpImplKernelRegistry::InferShapeRangeKernelFunc;
    using InferDataTypeKernelFunc = OpImplKernelRegistry::InferDataTypeKernelFunc;
    using TilingParseFunc = OpImplKernelRegistry::TilingParseFunc;

    explicit OpImplRegisterV2(const ge::char_t* op_type);
    OpImplRegisterV2(const OpImplRegisterV2& other) = default;
    OpImplRegisterV2(OpImplRegisterV2&& other) noexcept = default;
    OpImplRegisterV2& operator=(const OpImplRegisterV2&) = delete;
    OpImplRegisterV2& operator=(OpImplRegisterV2&&) = delete;
    ~OpImplRegisterV2() = default;

    OpImplRegisterV2& InferShape(InferShapeKernelFunc infer_shape_func);
    OpImplRegisterV2& InferShapeRange(InferShapeRangeKernelFunc infer_shape_range_func);
    OpImplRegisterV2& InferDataType(InferDataTypeKernelFunc infer_datatype_func);
    // `max_tiling_data_size` is accepted for compatibility; the tiling buffer is always 64 KiB.
    OpImplRegisterV2& Tiling(TilingKernelFunc tiling_func, size_t max_tiling_data_size = 2048);
    // Creates the op's one default-constructed T; the framework passes it to `tiling_parse_func`
    // (TilingParseContext::GetCompiledInfo<T>) before each tiling run, and then to tiling
    // (TilingContext::GetCompileInfo).
    template <typename T>
    OpImplRegisterV2& TilingParse(TilingParseFunc tiling_parse_func) {
        return TilingParse(tiling_parse_func, CreateCompileInfo<T>, DeleteCompileInfo<T>);
    }
    // The function that names the binary a tiling's shapes select from a prebuilt package (CANN's
    // simplified key). Accepted and not called: every kernel here is built from its source.
    using GenSimplifiedKeyKernelFunc = ge::graphStatus (*)(TilingContext*, ge::char_t*);
    OpImplRegisterV2& GenSimplifiedKey(GenSimplifiedKeyKernelFunc gen_simplifiedkey_func) {
        (void)gen_simplifiedkey_func;
        return *this;
    }
    // IR indices of inputs whose data shape inference / tiling reads (value-dependent inputs).
    OpImplRegisterV2& InputsDataDependency(std::initializer_list<int32_t> inputs);
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t> inputs);
    OpImplRegisterV2& TilingInputsDataDependency(std::initializer_list<int32_t> inputs,
                                                 std::initializer_list<TilingPlacement> placements);

private:
    OpImplRegisterV2& TilingParse(TilingParseFunc tiling_parse_func, OpImplKernelRegistry::CompileInfoCreatorFunc creator,
                                  OpImplKernelRegistry::CompileInfoDeleterFunc deleter);
    template <typename T>
    static void* CreateCompileInfo() {
        return new T();
    }
    template <typename T>
    static void DeleteCompileInfo(void* obj) {
        delete static_cast<T*>(obj);
    }

    std::string op_type_;
};

}  // namespace gert

// The registration variable is named after the op type, so, as with CANN, registering the same
// path twice for one op in one namespace is a redefinition.
#define IMPL_OP_INFERSHAPE(op_type) \
    ::gert::OpImplRegisterV2 __attribute__((unused)) op_impl_register_infershape_##op_type = ::gert::OpImplRegisterV2(#op_type)
#define IMPL_OP_OPTILING(op_type) \
    ::gert::OpImplRegisterV2 __attribute__((unused)) op_impl_register_optiling_##op_type = ::gert::OpImplRegisterV2(#op_type)

#define AKG_IMPL_OP_VAR(op_type, counter) \
    static ::gert::OpImplRegisterV2 __attribute__((unused)) op_impl_register_##op_type##counter = ::gert::OpImplRegisterV2(#op_type)
#define AKG_IMPL_OP_VAR_EXPAND(op_type, counter) AKG_IMPL_OP_VAR(op_type, counter)
#define IMPL_OP(op_type) AKG_IMPL_OP_VAR_EXPAND(op_type, __COUNTER__)
