// The runner-facing side (akg/host/host_registry.h): what is registered, and running tiling and
// inference functions against a request.
#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <exception>
#include <new>
#include <mutex>
#include <string>

#include "akg/host/host_registry.h"
#include "host/node_frame.h"
#include "host/op_def_impl.h"
#include "host/platform_state.h"
#include "host/registry.h"
#include "host/run_log.h"
#include "tiling/tiling_templates_registry.h"

namespace akg::host {

namespace {

// What is known about one op type: its OpDef (if any, resolved for the current SoC) and its
// IMPL_OP record (if any).
struct OpView {
    const ops::OpDef* def = nullptr;
    const OpImplRecord* impl = nullptr;
    ResolvedOp resolved;
};

OpView ViewOf(const std::string& opType, const PlatformSpec& platform) {
    OpView view;
    view.def = Registry::Get().FindOpDef(opType);
    view.impl = Registry::Get().FindImpl(opType);
    if (view.def != nullptr) view.resolved = ResolveOpDef(*view.def, ConfigSocName(platform.shortSocVersion));
    return view;
}

const ops::OpDefImpl* DefImpl(const OpView& view) {
    return view.def == nullptr ? nullptr : &ops::OpDefAccess::Of(*view.def);
}

gert::OpImplKernelRegistry::TilingKernelFunc TilingFuncOf(const OpView& view) {
    if (view.impl != nullptr && view.impl->tiling != nullptr) return view.impl->tiling;
    const ops::OpDefImpl* def = DefImpl(view);
    return def == nullptr ? nullptr : ops::OpDefAccess::Of(def->aicore).tiling;
}

gert::OpImplKernelRegistry::InferShapeKernelFunc InferShapeFuncOf(const OpView& view) {
    if (view.impl != nullptr && view.impl->inferShape != nullptr) return view.impl->inferShape;
    const ops::OpDefImpl* def = DefImpl(view);
    return def == nullptr ? nullptr : def->inferShape;
}

gert::OpImplKernelRegistry::InferDataTypeKernelFunc InferDataTypeFuncOf(const OpView& view) {
    if (view.impl != nullptr && view.impl->inferDataType != nullptr) return view.impl->inferDataType;
    const ops::OpDefImpl* def = DefImpl(view);
    return def == nullptr ? nullptr : def->inferDataType;
}

// Which IR inputs expose their data: OpDef ValueDepend (any scope for tiling, scope ALL for shape
// inference) and the IMPL_OP data dependencies.
std::vector<bool> ValueDependentInputs(const OpView& view, size_t irInputs, bool forTiling) {
    std::vector<bool> visible(irInputs, false);
    for (size_t i = 0; i < irInputs && i < view.resolved.inputs.size(); ++i) {
        visible[i] = forTiling ? view.resolved.inputs[i].valueDepend : view.resolved.inputValueDependAll[i];
    }
    if (view.impl != nullptr) {
        auto mark = [&](const std::vector<int32_t>& indices) {
            for (const int32_t index : indices) {
                if (index >= 0 && static_cast<size_t>(index) < irInputs) visible[index] = true;
            }
        };
        mark(view.impl->inferDataDependency);
        if (forTiling) mark(view.impl->tilingDataDependency);
    }
    return visible;
}

std::string StatusText(ge::graphStatus status) {
    return status == ge::GRAPH_FAILED ? "GRAPH_FAILED" : std::to_string(status);
}

// Runs `call`, turning exceptions into an error message. An allocation failure is not the host
// function's error but the process's limit: it propagates, so that the sandbox reports it as
// memory_limit as it does for kernels.
template <typename Call>
bool Guarded(const char* what, const std::string& opType, Call call, std::string* error) {
    try {
        const ge::graphStatus status = call();
        if (status == ge::GRAPH_SUCCESS) return true;
        *error = std::string(what) + " of " + opType + " returned " + StatusText(status);
    } catch (const std::bad_alloc&) {
        throw;
    } catch (const std::exception& e) {
        *error = std::string(what) + " of " + opType + " threw: " + e.what();
    } catch (...) {
        *error = std::string(what) + " of " + opType + " threw a non-standard exception";
    }
    return false;
}

// A tiling function that reads the data of an input the operator does not declare
// value-dependent dereferences the null pointer GetData() gives it (design §5). That is a fault of
// the op_host code, reported with its reason instead of killing the process: a SIGSEGV at an
// address in the first 64 KiB during the call jumps back here. The abandoned frames' destructors
// do not run (what they held leaks); any other fault goes to the previous handler.
constexpr uintptr_t kNullPageBytes = 64 * 1024;
thread_local sigjmp_buf* tNullReadJump = nullptr;
struct sigaction gPreviousSegv {};

void OnSegv(int, siginfo_t* info, void*) {
    if (tNullReadJump != nullptr && reinterpret_cast<uintptr_t>(info->si_addr) < kNullPageBytes)
        siglongjmp(*tNullReadJump, 1);
    sigaction(SIGSEGV, &gPreviousSegv, nullptr);  // the faulting instruction runs again under it
}

// Runs `call` (a Guarded one); *nullRead tells whether it was cut short by a null read.
template <typename Call>
bool CatchingNullReads(Call call, bool* nullRead) {
    sigjmp_buf jump;
    struct sigaction mine {};
    mine.sa_sigaction = OnSegv;
    mine.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&mine.sa_mask);
    struct sigaction previous {};
    sigaction(SIGSEGV, &mine, &previous);
    gPreviousSegv = previous;
    volatile bool ok = false;
    *nullRead = false;
    tNullReadJump = &jump;
    if (sigsetjmp(jump, 1) == 0) ok = call();
    else *nullRead = true;
    tNullReadJump = nullptr;
    sigaction(SIGSEGV, &previous, nullptr);
    return ok;
}

// "x, shape" or "none": the inputs whose data tiling sees.
std::string ValueDependentNames(const OpView& view, size_t irInputs) {
    const std::vector<bool> visible = ValueDependentInputs(view, irInputs, true);
    std::string names;
    for (size_t i = 0; i < visible.size() && i < view.resolved.inputs.size(); ++i)
        if (visible[i]) names += (names.empty() ? "" : ", ") + view.resolved.inputs[i].name;
    return names.empty() ? "none" : names;
}

}  // namespace

std::vector<OpInfo> RegisteredOps() {
    Registry& registry = Registry::Get();
    std::lock_guard<std::recursive_mutex> lock(registry.Mutex());
    std::vector<OpInfo> ops;
    for (const std::string& type : registry.OpTypes()) {
        const OpView view = ViewOf(type, CurrentPlatform());
        OpInfo info;
        info.type = type;
        info.inputs = view.resolved.inputs;
        info.outputs = view.resolved.outputs;
        info.attrs = view.resolved.attrs;
        // Whose data tiling reads: OpDef ValueDepend and the IMPL_OP data dependencies alike.
        const std::vector<bool> dependent = ValueDependentInputs(view, info.inputs.size(), true);
        for (size_t i = 0; i < info.inputs.size(); ++i) info.inputs[i].valueDepend = dependent[i];
        info.hasTiling = TilingFuncOf(view) != nullptr;
        info.hasInferShape = InferShapeFuncOf(view) != nullptr;
        info.hasInferDataType = InferDataTypeFuncOf(view) != nullptr;
        if (const ops::OpDefImpl* def = DefImpl(view)) {
            for (const auto& config : ops::OpDefAccess::Of(def->aicore).configs) info.socs.push_back(config.first);
        }
        ops.push_back(std::move(info));
    }
    return ops;
}

int RefInputOf(const OpInfo& op, size_t output) {
    for (size_t i = 0; i < op.inputs.size(); ++i)
        if (op.inputs[i].name == op.outputs[output].name) return int(i);
    return -1;
}

bool InputUpdatedInPlace(const OpInfo& op, size_t input) {
    if (op.outputs.empty()) return true;
    for (size_t o = 0; o < op.outputs.size(); ++o)
        if (RefInputOf(op, o) == int(input)) return true;
    return false;
}

TilingResult RunTiling(const TilingRequest& request) {
    Registry& registry = Registry::Get();
    std::lock_guard<std::recursive_mutex> lock(registry.Mutex());
    TilingResult result;
    RunLogCapture capture(&result.log);
    ScopedPlatform platform(request.platform);

    const OpView view = ViewOf(request.opType, request.platform);
    const auto tiling = TilingFuncOf(view);
    if (tiling == nullptr) {
        result.error = "no tiling function registered for " + request.opType;
        return result;
    }
    gert::NodeFrame frame;
    BuildFrame(request, view.resolved.attrs, ValueDependentInputs(view, request.inputs.size(), true),
               view.resolved.outputs.size(), frame);

    if (view.impl != nullptr && view.impl->tilingParse != nullptr) {
        frame.compileInfo = view.impl->compileInfo.get();
        gert::TilingParseContext parseContext(&frame);
        if (!Guarded("TilingParse", request.opType, [&] { return view.impl->tilingParse(&parseContext); }, &result.error)) {
            return result;
        }
    }
    gert::TilingContext context(&frame);
    bool nullRead = false;
    if (!CatchingNullReads([&] { return Guarded("tiling function", request.opType, [&] { return tiling(&context); },
                                                &result.error); },
                           &nullRead)) {
        if (nullRead)
            result.error = "tiling function of " + request.opType +
                           " read through a null pointer: an input's data (Tensor::GetData / GetAddr) is null "
                           "unless the operator declares the input value-dependent (OpParamDef::ValueDepend, "
                           "IMPL_OP(...).TilingInputsDataDependency); value-dependent inputs: " +
                           ValueDependentNames(view, request.inputs.size());
        return result;
    }

    const size_t dataSize = frame.tilingData.GetDataSize();
    if (dataSize > frame.tilingData.GetCapacity()) {
        result.error = "tiling data size " + std::to_string(dataSize) + " exceeds the capacity of " +
                       std::to_string(frame.tilingData.GetCapacity()) + " bytes";
        return result;
    }
    result.ok = true;
    result.blockDim = frame.blockDim;
    result.tilingKey = frame.tilingKey;
    result.tilingData.assign(frame.tilingBuffer.begin(), frame.tilingBuffer.begin() + static_cast<ptrdiff_t>(dataSize));
    result.workspaceSizes = frame.workspaces;
    result.needAtomic = frame.needAtomic;
    return result;
}

namespace {
// Runs one inference hook of the requested operator (InferShape or InferDataType) on a frame
// built from the request; the caller reads the hook's results from the frame.
template <class Context, class Lookup>
bool RunInference(const char* hook, const TilingRequest& request, Lookup lookup, gert::NodeFrame& frame,
                  std::string* error) {
    Registry& registry = Registry::Get();
    std::lock_guard<std::recursive_mutex> lock(registry.Mutex());
    std::string log;
    RunLogCapture capture(&log);
    ScopedPlatform platform(request.platform);
    const OpView view = ViewOf(request.opType, request.platform);
    const auto infer = lookup(view);
    if (infer == nullptr) {
        *error = std::string("no ") + hook + " function registered for " + request.opType;
        return false;
    }
    BuildFrame(request, view.resolved.attrs, ValueDependentInputs(view, request.inputs.size(), false),
               view.resolved.outputs.size(), frame);
    Context context(&frame);
    if (!Guarded(hook, request.opType, [&] { return infer(&context); }, error)) {
        if (!log.empty()) *error += "\n" + log;
        return false;
    }
    return true;
}
}  // namespace

bool InferShapes(const TilingRequest& request, std::vector<std::vector<std::vector<int64_t>>>* outputShapes,
                 std::string* error) {
    gert::NodeFrame frame;
    if (!RunInference<gert::InferShapeContext>(
            "InferShape", request, [](const OpView& v) { return InferShapeFuncOf(v); }, frame, error))
        return false;
    outputShapes->clear();
    for (const gert::AnchorInstanceInfo& output : frame.irOutputs) {
        std::vector<std::vector<int64_t>> instances;
        for (size_t k = 0; k < output.GetInstanceNum(); ++k) {
            const gert::Shape& shape = frame.inferredShapes[output.GetInstanceStart() + k];
            std::vector<int64_t> dims;
            for (size_t d = 0; d < shape.GetDimNum(); ++d) dims.push_back(shape.GetDim(d));
            instances.push_back(std::move(dims));
        }
        outputShapes->push_back(std::move(instances));
    }
    return true;
}

bool InferDataTypes(const TilingRequest& request, std::vector<ge::DataType>* outputDtypes, std::string* error) {
    gert::NodeFrame frame;
    if (!RunInference<gert::InferDataTypeContext>(
            "InferDataType", request, [](const OpView& v) { return InferDataTypeFuncOf(v); }, frame, error))
        return false;
    *outputDtypes = frame.inferredDtypes;
    return true;
}

void ClearRegistrations() {
    Registry::Get().Clear();
    optiling::TilingRegistry::GetInstance().Clear();
}

}  // namespace akg::host
