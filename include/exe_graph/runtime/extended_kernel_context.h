// gert::ExtendedKernelContext: node-level queries shared by the tiling, shape-inference and
// dtype-inference contexts. Input/output `index` arguments count instances (dynamic inputs are
// flattened); `ir_index` arguments count the inputs of the OpDef.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/kernel_context.h"
#include "graph/types.h"

namespace gert {

class ExtendedKernelContext : protected KernelContext {
public:
    explicit ExtendedKernelContext(NodeFrame* frame) : KernelContext(frame) {}

    const CompileTimeTensorDesc* GetInputDesc(size_t index) const { return GetComputeNodeInfo()->GetInputTdInfo(index); }
    // nullptr when the optional input is absent.
    const CompileTimeTensorDesc* GetOptionalInputDesc(size_t ir_index) const { return GetDynamicInputDesc(ir_index, 0); }
    const CompileTimeTensorDesc* GetDynamicInputDesc(size_t ir_index, size_t relative_index) const {
        const size_t index = InputInstanceIndex(ir_index, relative_index);
        return index == kNoInstance ? nullptr : GetInputDesc(index);
    }
    const CompileTimeTensorDesc* GetOutputDesc(size_t index) const { return GetComputeNodeInfo()->GetOutputTdInfo(index); }
    const AnchorInstanceInfo* GetIrInputInstanceInfo(size_t ir_index) const {
        return GetComputeNodeInfo()->GetInputInstanceInfo(ir_index);
    }
    size_t GetComputeNodeInputNum() const { return GetComputeNodeInfo()->GetInputsNum(); }
    size_t GetComputeNodeOutputNum() const { return GetComputeNodeInfo()->GetOutputsNum(); }
    const RuntimeAttrs* GetAttrs() const { return GetComputeNodeInfo()->GetAttrs(); }
    const ge::char_t* GetNodeType() const { return GetComputeNodeInfo()->GetNodeType(); }
    const ge::char_t* GetNodeName() const { return GetComputeNodeInfo()->GetNodeName(); }
    const ComputeNodeInfo* GetComputeNodeInfo() const;

protected:
    static constexpr size_t kNoInstance = static_cast<size_t>(-1);
    // Flattened instance index of element `relative_index` of IR input `ir_index`, or kNoInstance.
    size_t InputInstanceIndex(size_t ir_index, size_t relative_index) const {
        const AnchorInstanceInfo* info = GetIrInputInstanceInfo(ir_index);
        if (info == nullptr || relative_index >= info->GetInstanceNum()) return kNoInstance;
        return info->GetInstanceStart() + relative_index;
    }
};

}  // namespace gert
