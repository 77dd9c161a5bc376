// gert::ComputeNodeInfo and friends: what a context knows about its node at compile time -- name,
// type, the tensor descriptions of every input/output instance, how IR inputs map to instances
// (a DYNAMIC input has one instance per list element, an absent OPTIONAL input none) and the
// attributes.
#pragma once

#include <cstddef>

#include "exe_graph/runtime/runtime_attrs.h"
#include "exe_graph/runtime/storage_format.h"
#include "graph/types.h"

namespace gert {

struct NodeFrame;

class CompileTimeTensorDesc {
public:
    CompileTimeTensorDesc() = default;
    CompileTimeTensorDesc(ge::DataType data_type, const StorageFormat& format) : data_type_(data_type), format_(format) {}

    ge::DataType GetDataType() const { return data_type_; }
    void SetDataType(ge::DataType data_type) { data_type_ = data_type; }
    const StorageFormat& GetFormat() const { return format_; }
    ge::Format GetOriginFormat() const { return format_.GetOriginFormat(); }
    ge::Format GetStorageFormat() const { return format_.GetStorageFormat(); }
    void SetOriginFormat(ge::Format format) { format_.SetOriginFormat(format); }
    void SetStorageFormat(ge::Format format) { format_.SetStorageFormat(format); }

private:
    ge::DataType data_type_ = ge::DT_UNDEFINED;
    StorageFormat format_;
};

// Where the instances of one IR input/output start in the flattened instance list, and how many.
class AnchorInstanceInfo {
public:
    AnchorInstanceInfo() = default;
    AnchorInstanceInfo(size_t instance_start, size_t instance_num)
        : instance_start_(instance_start), instance_num_(instance_num) {}

    size_t GetInstanceStart() const { return instance_start_; }
    size_t GetInstanceNum() const { return instance_num_; }
    void SetInstanceStart(size_t start) { instance_start_ = start; }
    void SetInstantiationNum(size_t num) { instance_num_ = num; }

private:
    size_t instance_start_ = 0;
    size_t instance_num_ = 0;
};

class ComputeNodeInfo {
public:
    explicit ComputeNodeInfo(const NodeFrame* frame) : frame_(frame) {}

    const char* GetNodeName() const;
    const char* GetNodeType() const;
    size_t GetIrInputsNum() const;
    size_t GetIrOutputsNum() const;
    // Instance counts (a DYNAMIC input counts once per list element).
    size_t GetInputsNum() const;
    size_t GetOutputsNum() const;
    const RuntimeAttrs* GetAttrs() const;
    // By IR index; nullptr past the last IR input/output.
    const AnchorInstanceInfo* GetInputInstanceInfo(size_t ir_index) const;
    const AnchorInstanceInfo* GetOutputInstanceInfo(size_t ir_index) const;
    // By instance index; nullptr past the last instance.
    const CompileTimeTensorDesc* GetInputTdInfo(size_t index) const;
    const CompileTimeTensorDesc* GetOutputTdInfo(size_t index) const;

private:
    const NodeFrame* frame_;
};

}  // namespace gert
