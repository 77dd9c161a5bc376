// Process-wide registrations made by loaded operator host code: OpDefs (OP_ADD), IMPL_OP
// implementations and tiling struct classes (REGISTER_TILING_DATA_CLASS). One instance lives in
// libakg_host, so host libraries loaded later with dlopen register into the same tables.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "register/op_def_registry.h"
#include "register/tilingdata_base.h"

namespace akg::host {

struct OpImplRecord {
    gert::OpImplKernelRegistry::TilingKernelFunc tiling = nullptr;
    gert::OpImplKernelRegistry::TilingParseFunc tilingParse = nullptr;
    std::shared_ptr<void> compileInfo;  // the one TilingParse<T> object of this op
    gert::OpImplKernelRegistry::InferShapeKernelFunc inferShape = nullptr;
    gert::OpImplKernelRegistry::InferShapeRangeKernelFunc inferShapeRange = nullptr;
    gert::OpImplKernelRegistry::InferDataTypeKernelFunc inferDataType = nullptr;
    std::vector<int32_t> inferDataDependency;   // IR input indices (InputsDataDependency)
    std::vector<int32_t> tilingDataDependency;  // IR input indices (TilingInputsDataDependency)
};

class Registry {
public:
    static Registry& Get();

    // Serialises registration and every run: user host code and the platform override are not
    // meant to be entered from several threads at once.
    std::recursive_mutex& Mutex() { return mutex_; }

    OpImplRecord& Impl(const std::string& opType);
    const OpImplRecord* FindImpl(const std::string& opType) const;

    void AddOpDef(const std::string& opType, ops::OpDefCreator creator);
    // Constructs the OpDef on first use; nullptr for ops registered only through IMPL_OP.
    const ops::OpDef* FindOpDef(const std::string& opType);

    // Op types in order of first registration (OpDef or IMPL_OP).
    const std::vector<std::string>& OpTypes() const { return order_; }

    void AddTilingData(const std::string& opType, optiling::TilingDataConstructor constructor);
    optiling::TilingDataConstructor FindTilingData(const std::string& opType) const;
    const std::vector<std::pair<std::string, optiling::TilingDataConstructor>>& TilingData() const {
        return tilingData_;
    }

    void Clear();

private:
    struct OpDefRecord {
        ops::OpDefCreator creator = nullptr;
        std::unique_ptr<ops::OpDef> def;
    };
    void NoteType(const std::string& opType);

    std::recursive_mutex mutex_;
    std::vector<std::string> order_;
    std::map<std::string, OpImplRecord> impls_;
    std::map<std::string, OpDefRecord> defs_;
    std::vector<std::pair<std::string, optiling::TilingDataConstructor>> tilingData_;
};

}  // namespace akg::host
