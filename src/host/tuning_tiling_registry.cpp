// The tuning-tiling class factory of CANN's register/tuning_tiling_registry.h (metadef's register
// library). Operator repositories carry that header as a stub and leave its out-of-line functions
// to the package: a tiling source registers its tuning-parameter class at load time
// (REGISTER_TUNING_TILING_CLASS), and the auto-tuner creates instances by op type. Nothing here
// tunes; the factory keeps the registrations so that a lookup answers as CANN's does.
#include <map>
#include <memory>

#include "graph/ascend_string.h"

namespace tuningtiling {

class TuningTilingDef;
using TuningTilingDefConstructor = std::shared_ptr<TuningTilingDef> (*)();

class TuningTilingClassFactory {
public:
    static std::map<ge::AscendString, TuningTilingDefConstructor>& RegisterInfo();
    static void RegisterTilingData(const ge::AscendString& optype, TuningTilingDefConstructor const constructor);
    static std::shared_ptr<TuningTilingDef> CreateTilingDataInstance(const ge::AscendString& optype);
};

std::map<ge::AscendString, TuningTilingDefConstructor>& TuningTilingClassFactory::RegisterInfo() {
    static std::map<ge::AscendString, TuningTilingDefConstructor> registered;
    return registered;
}

void TuningTilingClassFactory::RegisterTilingData(const ge::AscendString& optype,
                                                  TuningTilingDefConstructor const constructor) {
    if (constructor != nullptr) RegisterInfo()[optype] = constructor;
}

std::shared_ptr<TuningTilingDef> TuningTilingClassFactory::CreateTilingDataInstance(const ge::AscendString& optype) {
    const auto found = RegisterInfo().find(optype);
    return found == RegisterInfo().end() ? nullptr : found->second();
}

}  // namespace tuningtiling
