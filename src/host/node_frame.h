// gert::NodeFrame: everything one tiling / inference invocation of a node exposes through the
// gert contexts, built from a runner request.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "akg/host/host_registry.h"
#include "exe_graph/runtime/compute_node_info.h"
#include "exe_graph/runtime/range.h"
#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "platform/platform_info.h"

namespace gert {

// One attribute stored the way RuntimeAttrs hands it out.
struct AttrCell {
    int64_t i = 0;
    float f = 0;
    bool b = false;
    std::string s;
    std::vector<int64_t> listInt;
    std::vector<float> listFloat;
    std::unique_ptr<bool[]> listBool;
    TypedContinuousVector<int64_t> listIntView;
    TypedContinuousVector<float> listFloatView;
    TypedContinuousVector<bool> listBoolView;
    const void* address = nullptr;  // what GetAttrPointer returns; nullptr for list-of-list attrs
};

struct NodeFrame {
    // Tiling buffer capacity (TilingData::GetCapacity) and the most workspaces a kernel takes.
    static constexpr size_t kTilingCapacity = 64 * 1024;
    static constexpr size_t kMaxWorkspaces = 16;

    NodeFrame() : info(this), attrs(this) { workspaces.reserve(kMaxWorkspaces); }
    NodeFrame(const NodeFrame&) = delete;
    NodeFrame& operator=(const NodeFrame&) = delete;

    std::string opType;
    std::vector<AnchorInstanceInfo> irInputs;
    std::vector<AnchorInstanceInfo> irOutputs;
    std::vector<CompileTimeTensorDesc> inputDescs;   // per input instance
    std::vector<CompileTimeTensorDesc> outputDescs;  // per output instance
    std::vector<Tensor> inputs;                      // per input instance
    std::vector<StorageShape> outputShapes;          // per output instance
    std::deque<AttrCell> attrCells;
    ComputeNodeInfo info;
    RuntimeAttrs attrs;

    // Shape inference: outputs to fill, and the input/output shape ranges (static shapes: an
    // input's range is [shape, shape]).
    std::vector<Shape> inferredShapes;
    std::vector<Shape> outputRangeMin;
    std::vector<Shape> outputRangeMax;
    std::vector<Range<Shape>> inputRanges;
    std::vector<Range<Shape>> outputRanges;
    // Dtype inference: outputs to fill.
    std::vector<ge::DataType> inferredDtypes;

    // Tiling outputs.
    uint64_t tilingKey = 0;
    uint32_t blockDim = 0;
    bool needAtomic = false;
    int32_t tilingCond = -1;
    uint32_t scheduleMode = 0;
    uint32_t localMemorySize = 0;  // SetLocalMemorySize
    std::vector<uint8_t> tilingBuffer = std::vector<uint8_t>(kTilingCapacity);
    TilingData tilingData{tilingBuffer.data(), kTilingCapacity};
    std::vector<size_t> workspaces;

    fe::PlatFormInfos platform;
    void* compileInfo = nullptr;
    int32_t deterministic = 0;
};

}  // namespace gert

namespace akg::host {

// Builds the frame for `request` on operator `def` (may be null for IMPL_OP-only operators).
// `valueDepend[ir]` says whether IR input `ir` exposes its data. Outputs without an entry in the
// request get one instance each.
void BuildFrame(const TilingRequest& request, const std::vector<AttrInfo>& attrDefs, const std::vector<bool>& valueDepend,
                size_t irOutputCount, gert::NodeFrame& frame);

}  // namespace akg::host
