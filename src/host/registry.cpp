#include "host/registry.h"

#include <algorithm>

namespace akg::host {

Registry& Registry::Get() {
    // Never destroyed: compile-info deleters live in host libraries that may be unloaded by exit.
    static Registry* registry = new Registry;
    return *registry;
}

void Registry::NoteType(const std::string& opType) {
    if (std::find(order_.begin(), order_.end(), opType) == order_.end()) order_.push_back(opType);
}

OpImplRecord& Registry::Impl(const std::string& opType) {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    NoteType(opType);
    return impls_[opType];
}

const OpImplRecord* Registry::FindImpl(const std::string& opType) const {
    const auto it = impls_.find(opType);
    return it == impls_.end() ? nullptr : &it->second;
}

void Registry::AddOpDef(const std::string& opType, ops::OpDefCreator creator) {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    NoteType(opType);
    OpDefRecord& record = defs_[opType];
    record.creator = creator;
    record.def.reset();
}

const ops::OpDef* Registry::FindOpDef(const std::string& opType) {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    const auto it = defs_.find(opType);
    if (it == defs_.end()) return nullptr;
    if (!it->second.def) it->second.def = std::make_unique<ops::OpDef>(it->second.creator(opType.c_str()));
    return it->second.def.get();
}

void Registry::AddTilingData(const std::string& opType, optiling::TilingDataConstructor constructor) {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    for (auto& entry : tilingData_) {
        if (entry.first == opType) {
            entry.second = constructor;  // the same header registered from several sources
            return;
        }
    }
    tilingData_.emplace_back(opType, constructor);
}

optiling::TilingDataConstructor Registry::FindTilingData(const std::string& opType) const {
    for (const auto& entry : tilingData_) {
        if (entry.first == opType) return entry.second;
    }
    return nullptr;
}

void Registry::Clear() {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    order_.clear();
    impls_.clear();
    defs_.clear();
    tilingData_.clear();
}

}  // namespace akg::host
