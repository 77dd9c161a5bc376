// gert::TilingContext: what a tiling function reads (shapes, dtypes, attributes, platform,
// compile info, value-dependent input data) and what it produces (block dim, tiling key,
// tiling data, workspace sizes).
#pragma once

#include <cstddef>
#include <cstdint>
// CANN's runtime headers bring in <memory>; op_host code (ops-cv's common tiling_base.h) uses
// std::unique_ptr with only this header included.
#include <memory>

#include "exe_graph/runtime/continuous_vector.h"
#include "exe_graph/runtime/extended_kernel_context.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tensor.h"
#include "exe_graph/runtime/tiling_data.h"
#include "graph/types.h"

namespace fe {
class PlatFormInfos;
}  // namespace fe

namespace gert {

class TilingContext : public ExtendedKernelContext {
public:
    explicit TilingContext(NodeFrame* frame) : ExtendedKernelContext(frame) {}

    // The object the op's TilingParse<T> registration created and its parse function filled;
    // nullptr when the op registered no TilingParse.
    const void* GetCompileInfo() const;
    template <typename T>
    const T* GetCompileInfo() const {
        return reinterpret_cast<const T*>(GetCompileInfo());
    }
    fe::PlatFormInfos* GetPlatformInfo() const;

    const StorageShape* GetInputShape(size_t index) const;
    const StorageShape* GetOptionalInputShape(size_t ir_index) const { return GetDynamicInputShape(ir_index, 0); }
    const StorageShape* GetDynamicInputShape(size_t ir_index, size_t relative_index) const {
        const size_t index = InputInstanceIndex(ir_index, relative_index);
        return index == kNoInstance ? nullptr : GetInputShape(index);
    }
    const StorageShape* GetOutputShape(size_t index) const;

    // GetData() is non-null only for inputs the operator declares value-dependent.
    const Tensor* GetInputTensor(size_t index) const;
    const Tensor* GetOptionalInputTensor(size_t ir_index) const { return GetDynamicInputTensor(ir_index, 0); }
    const Tensor* GetDynamicInputTensor(size_t ir_index, size_t relative_index) const {
        const size_t index = InputInstanceIndex(ir_index, relative_index);
        return index == kNoInstance ? nullptr : GetInputTensor(index);
    }

    ge::graphStatus SetTilingKey(uint64_t tiling_key);
    uint64_t GetTilingKey() const;
    ge::graphStatus SetBlockDim(uint32_t block_dim);
    uint32_t GetBlockDim() const;
    ge::graphStatus SetNeedAtomic(bool atomic);
    bool NeedAtomic() const;
    ge::graphStatus SetTilingCond(int32_t tiling_cond);
    int32_t GetTilingCond() const;
    ge::graphStatus SetScheduleMode(uint32_t schedule_mode);
    uint32_t GetScheduleMode() const;
    // The UB bytes an Ascend 950 kernel's SIMD code uses; what remains of UB becomes the SIMT data
    // cache. Recorded for the launch; the simulator does not model that cache (docs/simt.md).
    ge::graphStatus SetLocalMemorySize(uint32_t local_memory_size);
    uint32_t GetLocalMemorySize() const;
    // 1 when the run asks for deterministic computation, 0 otherwise.
    int32_t GetDeterministic() const;

    TilingData* GetRawTilingData();
    // Sets the tiling data size to sizeof(T) and returns the buffer as T; nullptr when T does not fit.
    template <typename T>
    auto GetTilingData() -> T* {
        TilingData* raw = GetRawTilingData();
        if (raw->GetCapacity() < sizeof(T)) return nullptr;
        raw->SetDataSize(sizeof(T));
        return static_cast<T*>(raw->GetData());
    }
    // Declares `workspace_count` workspaces and returns their (zeroed) sizes to fill in; nullptr
    // when more are requested than a kernel may take.
    size_t* GetWorkspaceSizes(size_t workspace_count);
    size_t GetWorkspaceNum() const;
};

}  // namespace gert
