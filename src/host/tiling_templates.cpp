// The tiling-template registry (tiling/tiling_templates_registry.h).
#include "tiling/tiling_templates_registry.h"

#include "error/ops_error.h"

namespace optiling {

void TilingCases::AddCase(int32_t priority, TilingClassCase factory) {
    if (!cases_.emplace(priority, factory).second)
        OPS_LOG_E(opType_, "a tiling template is already registered at priority %d; this one is ignored", priority);
}

TilingRegistry& TilingRegistry::GetInstance() {
    static TilingRegistry registry;
    return registry;
}

std::shared_ptr<TilingCases> TilingRegistry::RegisterOp(const std::string& opType) {
    std::shared_ptr<TilingCases>& cases = ops_[opType];
    if (cases == nullptr) cases = std::make_shared<TilingCases>(opType);
    return cases;
}

const std::map<int32_t, TilingClassCase>& TilingRegistry::GetTilingTemplates(const std::string& opType) {
    static const std::map<int32_t, TilingClassCase> none;
    const auto found = ops_.find(opType);
    if (found == ops_.end()) {
        OPS_LOG_E(opType, "no tiling template is registered for this op type");
        return none;
    }
    return found->second->GetTilingCases();
}

ge::graphStatus TilingRegistry::DoTilingImpl(gert::TilingContext* context) {
    const std::string opType = context->GetNodeType();
    for (const auto& [priority, factory] : GetTilingTemplates(opType)) {
        std::unique_ptr<TilingBaseClass> tiling = factory(context);
        if (tiling == nullptr) continue;
        const ge::graphStatus status = tiling->DoTiling();
        if (status != ge::GRAPH_PARAM_INVALID) {
            OPS_LOG_D(opType, "tiling template of priority %d answered %u", priority, status);
            return status;
        }
        OPS_LOG_D(opType, "tiling template of priority %d does not apply", priority);
    }
    OPS_LOG_E(opType, "no tiling template applies");
    return ge::GRAPH_FAILED;
}

ge::graphStatus TilingRegistry::DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities) {
    const std::string opType = context->GetNodeType();
    const std::map<int32_t, TilingClassCase>& cases = GetTilingTemplates(opType);
    for (const int32_t priority : priorities) {
        const auto found = cases.find(priority);
        if (found == cases.end()) continue;
        std::unique_ptr<TilingBaseClass> tiling = found->second(context);
        if (tiling != nullptr && tiling->DoTiling() == ge::GRAPH_SUCCESS) return ge::GRAPH_SUCCESS;
        OPS_LOG_D(opType, "tiling template of priority %d does not apply", priority);
    }
    return ge::GRAPH_FAILED;
}

}  // namespace optiling
