// CANN's tiling-template registry: REGISTER_TILING_TEMPLATE(op, Class, priority) records a
// factory of a TilingBaseClass subclass for an op type; TilingRegistry::DoTilingImpl(context)
// tries the op's templates from the smallest priority number up and stops at the first whose
// DoTiling does not answer GRAPH_PARAM_INVALID.
//
// The table lives in libakg_host (not in an inline static of this header) so that
// akg::host::ClearRegistrations() empties it before the op_host library that filled it is
// unloaded.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/tiling_base.h"

namespace optiling {

using TilingClassCase = std::unique_ptr<TilingBaseClass> (*)(gert::TilingContext*);

template <typename T>
std::unique_ptr<TilingBaseClass> TILING_CLASS(gert::TilingContext* context) {
    return std::unique_ptr<TilingBaseClass>(new (std::nothrow) T(context));
}

// The templates of one op type, by priority.
class TilingCases {
public:
    explicit TilingCases(std::string opType) : opType_(std::move(opType)) {}
    template <typename T>
    void AddTiling(int32_t priority) {
        AddCase(priority, &TILING_CLASS<T>);
    }
    // A second template at an already used priority is refused (logged), as in CANN.
    void AddCase(int32_t priority, TilingClassCase factory);
    const std::map<int32_t, TilingClassCase>& GetTilingCases() const { return cases_; }

private:
    std::string opType_;
    std::map<int32_t, TilingClassCase> cases_;
};

class TilingRegistry {
public:
    static TilingRegistry& GetInstance();

    std::shared_ptr<TilingCases> RegisterOp(const std::string& opType);
    // Tries every template of the context's op type by priority; GRAPH_FAILED when none applies.
    ge::graphStatus DoTilingImpl(gert::TilingContext* context);
    // Tries only the listed priorities, in the order given, and stops at the first success.
    ge::graphStatus DoTilingImpl(gert::TilingContext* context, const std::vector<int32_t>& priorities);
    // Empty for an op type with no template (logged).
    const std::map<int32_t, TilingClassCase>& GetTilingTemplates(const std::string& opType);
    void Clear() { ops_.clear(); }

private:
    std::map<std::string, std::shared_ptr<TilingCases>> ops_;
};

class Register {
public:
    explicit Register(std::string opType) : opType_(std::move(opType)) {}
    template <typename T>
    Register& tiling(int32_t priority) {
        TilingRegistry::GetInstance().RegisterOp(opType_)->template AddTiling<T>(priority);
        return *this;
    }

private:
    std::string opType_;
};

}  // namespace optiling

// Must be used inside namespace optiling (the registration object is a static of that scope).
#define REGISTER_TILING_TEMPLATE(op_type, class_name, priority) \
    static Register tilingTemplateRegistration_##class_name = Register(op_type).tiling<class_name>(priority)
