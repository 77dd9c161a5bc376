// gert::TilingParseContext: handed to the TilingParse function registered with
// IMPL_OP_OPTILING(...).TilingParse<CompileInfo>(fn), which fills the op's CompileInfo object
// (typically from the platform) before tiling runs.
#pragma once

#include "exe_graph/runtime/extended_kernel_context.h"
#include "graph/types.h"

namespace fe {
class PlatFormInfos;
}  // namespace fe

namespace gert {

class TilingParseContext : public ExtendedKernelContext {
public:
    explicit TilingParseContext(NodeFrame* frame) : ExtendedKernelContext(frame) {}

    // The compile-time JSON of the op; this framework has none and returns "{}".
    const ge::char_t* GetCompiledJson() const;
    // T must be the type given to TilingParse<T>.
    template <typename T>
    auto GetCompiledInfo() -> T* {
        return static_cast<T*>(CompiledInfoAddress());
    }
    fe::PlatFormInfos* GetPlatformInfo() const;

private:
    void* CompiledInfoAddress() const;
};

}  // namespace gert
