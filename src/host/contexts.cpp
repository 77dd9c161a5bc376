// The gert contexts: views of a NodeFrame.
#include "exe_graph/runtime/infer_datatype_context.h"
#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/infer_shape_range_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "host/node_frame.h"

namespace gert {

namespace {
template <typename T>
const T* At(const std::vector<T>& items, size_t index) {
    return index < items.size() ? &items[index] : nullptr;
}
template <typename T>
T* At(std::vector<T>& items, size_t index) {
    return index < items.size() ? &items[index] : nullptr;
}
}  // namespace

// ---- ComputeNodeInfo / RuntimeAttrs ----

const char* ComputeNodeInfo::GetNodeName() const { return frame_->opType.c_str(); }
const char* ComputeNodeInfo::GetNodeType() const { return frame_->opType.c_str(); }
size_t ComputeNodeInfo::GetIrInputsNum() const { return frame_->irInputs.size(); }
size_t ComputeNodeInfo::GetIrOutputsNum() const { return frame_->irOutputs.size(); }
size_t ComputeNodeInfo::GetInputsNum() const { return frame_->inputDescs.size(); }
size_t ComputeNodeInfo::GetOutputsNum() const { return frame_->outputDescs.size(); }
const RuntimeAttrs* ComputeNodeInfo::GetAttrs() const { return &frame_->attrs; }
const AnchorInstanceInfo* ComputeNodeInfo::GetInputInstanceInfo(size_t ir_index) const {
    return At(frame_->irInputs, ir_index);
}
const AnchorInstanceInfo* ComputeNodeInfo::GetOutputInstanceInfo(size_t ir_index) const {
    return At(frame_->irOutputs, ir_index);
}
const CompileTimeTensorDesc* ComputeNodeInfo::GetInputTdInfo(size_t index) const { return At(frame_->inputDescs, index); }
const CompileTimeTensorDesc* ComputeNodeInfo::GetOutputTdInfo(size_t index) const {
    return At(frame_->outputDescs, index);
}

size_t RuntimeAttrs::GetAttrNum() const { return frame_->attrCells.size(); }
const void* RuntimeAttrs::GetAttrAddress(size_t index) const {
    return index < frame_->attrCells.size() ? frame_->attrCells[index].address : nullptr;
}

const ComputeNodeInfo* ExtendedKernelContext::GetComputeNodeInfo() const { return &frame_->info; }

// ---- TilingContext ----

const void* TilingContext::GetCompileInfo() const { return frame_->compileInfo; }
fe::PlatFormInfos* TilingContext::GetPlatformInfo() const { return &frame_->platform; }

const StorageShape* TilingContext::GetInputShape(size_t index) const {
    const Tensor* tensor = GetInputTensor(index);
    return tensor == nullptr ? nullptr : &tensor->GetShape();
}
const StorageShape* TilingContext::GetOutputShape(size_t index) const { return At(frame_->outputShapes, index); }
const Tensor* TilingContext::GetInputTensor(size_t index) const { return At(frame_->inputs, index); }

ge::graphStatus TilingContext::SetTilingKey(uint64_t tiling_key) {
    frame_->tilingKey = tiling_key;
    return ge::GRAPH_SUCCESS;
}
uint64_t TilingContext::GetTilingKey() const { return frame_->tilingKey; }
ge::graphStatus TilingContext::SetBlockDim(uint32_t block_dim) {
    frame_->blockDim = block_dim;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetBlockDim() const { return frame_->blockDim; }
ge::graphStatus TilingContext::SetNeedAtomic(bool atomic) {
    frame_->needAtomic = atomic;
    return ge::GRAPH_SUCCESS;
}
bool TilingContext::NeedAtomic() const { return frame_->needAtomic; }
ge::graphStatus TilingContext::SetTilingCond(int32_t tiling_cond) {
    frame_->tilingCond = tiling_cond;
    return ge::GRAPH_SUCCESS;
}
int32_t TilingContext::GetTilingCond() const { return frame_->tilingCond; }
ge::graphStatus TilingContext::SetScheduleMode(uint32_t schedule_mode) {
    frame_->scheduleMode = schedule_mode;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetScheduleMode() const { return frame_->scheduleMode; }
ge::graphStatus TilingContext::SetLocalMemorySize(uint32_t local_memory_size) {
    frame_->localMemorySize = local_memory_size;
    return ge::GRAPH_SUCCESS;
}
uint32_t TilingContext::GetLocalMemorySize() const { return frame_->localMemorySize; }
int32_t TilingContext::GetDeterministic() const { return frame_->deterministic; }
TilingData* TilingContext::GetRawTilingData() { return &frame_->tilingData; }

size_t* TilingContext::GetWorkspaceSizes(size_t workspace_count) {
    if (workspace_count > NodeFrame::kMaxWorkspaces) return nullptr;
    // The sizes set through an earlier call stay (CANN only sets the count); capacity is
    // reserved, so earlier pointers stay valid.
    frame_->workspaces.resize(workspace_count, 0);
    return frame_->workspaces.data();
}
size_t TilingContext::GetWorkspaceNum() const { return frame_->workspaces.size(); }

// ---- TilingParseContext ----

const ge::char_t* TilingParseContext::GetCompiledJson() const { return "{}"; }
fe::PlatFormInfos* TilingParseContext::GetPlatformInfo() const { return &frame_->platform; }
void* TilingParseContext::CompiledInfoAddress() const { return frame_->compileInfo; }

// ---- InferShapeContext ----

const Shape* InferShapeContext::GetInputShape(size_t index) const {
    const Tensor* tensor = GetInputTensor(index);
    return tensor == nullptr ? nullptr : &tensor->GetOriginShape();
}
const Tensor* InferShapeContext::GetInputTensor(size_t index) const { return At(frame_->inputs, index); }
Shape* InferShapeContext::GetOutputShape(size_t index) { return At(frame_->inferredShapes, index); }

// ---- InferDataTypeContext ----

ge::DataType InferDataTypeContext::GetOutputDataType(size_t index) const {
    const ge::DataType* dtype = At(frame_->inferredDtypes, index);
    return dtype == nullptr ? ge::DT_UNDEFINED : *dtype;
}
ge::graphStatus InferDataTypeContext::SetOutputDataType(size_t index, ge::DataType data_type) {
    ge::DataType* dtype = At(frame_->inferredDtypes, index);
    if (dtype == nullptr) return ge::GRAPH_FAILED;
    *dtype = data_type;
    return ge::GRAPH_SUCCESS;
}

// ---- InferShapeRangeContext ----

const Range<Shape>* InferShapeRangeContext::GetInputShapeRange(size_t index) const { return At(frame_->inputRanges, index); }
const Range<Shape>* InferShapeRangeContext::GetOptionalInputShapeRange(size_t ir_index) const {
    return GetDynamicInputShapeRange(ir_index, 0);
}
const Range<Shape>* InferShapeRangeContext::GetDynamicInputShapeRange(size_t ir_index, size_t relative_index) const {
    const size_t index = InputInstanceIndex(ir_index, relative_index);
    return index == kNoInstance ? nullptr : GetInputShapeRange(index);
}
Range<Shape>* InferShapeRangeContext::GetOutputShapeRange(size_t index) { return At(frame_->outputRanges, index); }

}  // namespace gert
