// gert::OpImplRegisterV2: IMPL_OP registrations.
#include "register/op_impl_registry.h"

#include "host/registry.h"

namespace gert {

OpImplRegisterV2::OpImplRegisterV2(const ge::char_t* op_type) : op_type_(op_type == nullptr ? "" : op_type) {
    akg::host::Registry::Get().Impl(op_type_);
}

OpImplRegisterV2& OpImplRegisterV2::InferShape(InferShapeKernelFunc infer_shape_func) {
    akg::host::Registry::Get().Impl(op_type_).inferShape = infer_shape_func;
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::InferShapeRange(InferShapeRangeKernelFunc infer_shape_range_func) {
    akg::host::Registry::Get().Impl(op_type_).inferShapeRange = infer_shape_range_func;
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::InferDataType(InferDataTypeKernelFunc infer_datatype_func) {
    akg::host::Registry::Get().Impl(op_type_).inferDataType = infer_datatype_func;
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::Tiling(TilingKernelFunc tiling_func, size_t /*max_tiling_data_size*/) {
    akg::host::Registry::Get().Impl(op_type_).tiling = tiling_func;
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::TilingParse(TilingParseFunc tiling_parse_func,
                                                OpImplKernelRegistry::CompileInfoCreatorFunc creator,
                                                OpImplKernelRegistry::CompileInfoDeleterFunc deleter) {
    akg::host::OpImplRecord& record = akg::host::Registry::Get().Impl(op_type_);
    record.tilingParse = tiling_parse_func;
    record.compileInfo = std::shared_ptr<void>(creator(), deleter);
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::InputsDataDependency(std::initializer_list<int32_t> inputs) {
    akg::host::Registry::Get().Impl(op_type_).inferDataDependency.assign(inputs.begin(), inputs.end());
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::TilingInputsDataDependency(std::initializer_list<int32_t> inputs) {
    akg::host::Registry::Get().Impl(op_type_).tilingDataDependency.assign(inputs.begin(), inputs.end());
    return *this;
}

OpImplRegisterV2& OpImplRegisterV2::TilingInputsDataDependency(std::initializer_list<int32_t> inputs,
                                                               std::initializer_list<TilingPlacement> /*placements*/) {
    return TilingInputsDataDependency(inputs);
}

}  // namespace gert
