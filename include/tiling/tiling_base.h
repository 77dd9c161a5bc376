// CANN's tiling-template framework, base class: an operator's tiling is written as one or more
// classes derived from optiling::TilingBaseClass, each registered with REGISTER_TILING_TEMPLATE
// (tiling/tiling_templates_registry.h); the op's tiling function hands the context to
// TilingRegistry::GetInstance().DoTilingImpl, which tries the templates by priority.
#pragma once

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "error/ops_error.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/utils/type_utils.h"
#include "tiling/platform/platform_ascendc.h"

// Linkage marker of tiling entry points: extern "C" only in CANN's op unit-test builds.
#ifndef ASCENDC_EXTERN_C
#ifdef ASCENDC_OP_TEST
#define ASCENDC_EXTERN_C extern "C"
#else
#define ASCENDC_EXTERN_C
#endif
#endif

namespace optiling {

// What a template typically caches from the platform in GetPlatformInfo.
struct AiCoreParams {
    uint64_t ubSize;
    uint64_t blockDim;
    uint64_t aicNum;
    uint64_t l1Size;
    uint64_t l0aSize;
    uint64_t l0bSize;
    uint64_t l0cSize;
};

class TilingBaseClass {
public:
    TilingBaseClass() = default;
    explicit TilingBaseClass(gert::TilingContext* context) : context_(context) {}
    virtual ~TilingBaseClass() = default;

    // Runs the steps in CANN's order. GRAPH_SUCCESS: tiling done; GRAPH_PARAM_INVALID: this
    // template does not apply (IsCapable said no, or a step said so), the registry tries the
    // next one; anything else aborts the op's tiling.
    ge::graphStatus DoTiling() {
        ge::graphStatus status = GetShapeAttrsInfo();
        if (status != ge::GRAPH_SUCCESS) return status;
        status = GetPlatformInfo();
        if (status != ge::GRAPH_SUCCESS) return status;
        if (!IsCapable()) return ge::GRAPH_PARAM_INVALID;
        status = DoOpTiling();
        if (status != ge::GRAPH_SUCCESS) return status;
        status = DoLibApiTiling();
        if (status != ge::GRAPH_SUCCESS) return status;
        status = GetWorkspaceSize();
        if (status != ge::GRAPH_SUCCESS) return status;
        status = PostTiling();
        if (status != ge::GRAPH_SUCCESS) return status;
        context_->SetTilingKey(GetTilingKey());
        DumpTilingInfo();
        return ge::GRAPH_SUCCESS;
    }

    virtual void Reset(gert::TilingContext* context) { context_ = context; }

protected:
    virtual bool IsCapable() = 0;
    virtual ge::graphStatus GetPlatformInfo() = 0;
    virtual ge::graphStatus GetShapeAttrsInfo() = 0;
    virtual ge::graphStatus DoOpTiling() = 0;
    virtual ge::graphStatus DoLibApiTiling() = 0;
    [[nodiscard]] virtual uint64_t GetTilingKey() const = 0;
    virtual ge::graphStatus GetWorkspaceSize() = 0;
    virtual ge::graphStatus PostTiling() = 0;

    // Records the chosen key and the tiling bytes (as 32-bit words) in the run's debug log.
    virtual void DumpTilingInfo() {
        OPS_LOG_D(context_->GetNodeName(), "tiling key %llu, tiling data [%s]",
                  static_cast<unsigned long long>(GetTilingKey()), GetTilingDataDebugStr().c_str());
    }

    // Cube-core count a kernel with `sliceNum` vector slices launches with on a split
    // AIC/AIV chip (each cube core drives aivCoreNum / aicCoreNum vector cores).
    static uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) {
        if (aicCoreNum == 0 || aivCoreNum == 0 || aicCoreNum > aivCoreNum) return sliceNum;
        const uint32_t perCube = aivCoreNum / aicCoreNum;
        return (sliceNum + perCube - 1) / perCube;
    }

    template <typename ShapeT>
    [[nodiscard]] std::string GetShapeDebugStr(const ShapeT& shape) const {
        std::ostringstream out;
        out << "[";
        for (size_t i = 0; i < shape.GetDimNum(); ++i) out << (i == 0 ? "" : ", ") << shape.GetDim(i);
        out << "]";
        return out.str();
    }

    [[nodiscard]] std::string GetTensorDebugStr(const gert::StorageShape* shape,
                                                const gert::CompileTimeTensorDesc* desc) const {
        if (shape == nullptr || desc == nullptr) return "nil ";
        std::ostringstream out;
        out << "(dtype: " << ge::TypeUtils::DataTypeToSerialString(desc->GetDataType()) << "),"
            << "(shape:" << GetShapeDebugStr(shape->GetStorageShape()) << "),"
            << "(ori_shape:" << GetShapeDebugStr(shape->GetOriginShape()) << "),"
            << "(format: " << ge::TypeUtils::FormatToSerialString(desc->GetStorageFormat()) << "),"
            << "(ori_format: " << ge::TypeUtils::FormatToSerialString(desc->GetOriginFormat()) << ") ";
        return out.str();
    }

    [[nodiscard]] std::string GetTilingContextDebugStr() const {
        std::ostringstream out;
        const gert::ComputeNodeInfo* node = context_->GetComputeNodeInfo();
        for (size_t i = 0; i < node->GetInputsNum(); ++i)
            out << "input" << i << ": " << GetTensorDebugStr(context_->GetInputShape(i), context_->GetInputDesc(i));
        for (size_t i = 0; i < node->GetOutputsNum(); ++i)
            out << "output" << i << ": " << GetTensorDebugStr(context_->GetOutputShape(i), context_->GetOutputDesc(i));
        return out.str();
    }

    [[nodiscard]] std::string GetTilingDataDebugStr() const {
        const gert::TilingData* raw = context_->GetRawTilingData();
        const auto* words = static_cast<const int32_t*>(raw->GetData());
        std::ostringstream out;
        for (size_t i = 0; i < raw->GetDataSize() / sizeof(int32_t); ++i) out << words[i] << ", ";
        return out.str();
    }

    gert::TilingContext* context_ = nullptr;
    std::unique_ptr<platform_ascendc::PlatformAscendC> ascendcPlatform_{nullptr};
    uint32_t blockDim_{0};
    uint64_t workspaceSize_{0};
    uint64_t tilingKey_{0};
    AiCoreParams aicoreParams_{0, 0, 0, 0, 0, 0, 0};
};

}  // namespace optiling
