// Runner-facing view of the host operator framework (libakg_host). Operator host code registers
// itself through the CANN macros (OP_ADD, IMPL_OP_OPTILING, REGISTER_TILING_DATA_CLASS, ...);
// the runner and the builder read those registrations here and call the tiling and
// shape-inference functions with contexts built from a test case. Never included by user code.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "akg/launch/platform.h"
#include "graph/types.h"

namespace akg::host {

enum class ParamKind : uint8_t { Required, Optional, Dynamic };

struct ParamInfo {
    std::string name;
    ParamKind kind = ParamKind::Required;
    std::vector<ge::DataType> dtypes;  // one entry per supported combination (column)
    std::vector<ge::Format> formats;
    bool valueDepend = false;  // tiling may read this input's data (ValueDepend)
    bool scalar = false;       // Scalar() / ScalarList(): passed as a host scalar
    bool shapeDependOnCompute = false;  // OutputShapeDependOnCompute(): the kernel reports its shape
    // InitValue() of an output, one entry per combination column (empty: none). The framework
    // fills the output's memory with it before the launch (CANN's memset of atomic-add outputs).
    std::vector<double> initValues;
};

enum class AttrKind : uint8_t { Bool, Int, Float, String, ListBool, ListInt, ListFloat, ListListInt };

struct AttrValue {
    AttrKind kind = AttrKind::Int;
    bool b = false;
    int64_t i = 0;
    float f = 0;
    std::string s;
    std::vector<bool> listBool;
    std::vector<int64_t> listInt;
    std::vector<float> listFloat;
    std::vector<std::vector<int64_t>> listListInt;
};

struct AttrInfo {
    std::string name;
    AttrKind kind = AttrKind::Int;
    bool required = false;
    AttrValue defaultValue;
};

struct OpInfo {
    std::string type;  // e.g. "AddCustom"
    std::vector<ParamInfo> inputs;
    std::vector<ParamInfo> outputs;
    std::vector<AttrInfo> attrs;
    bool hasTiling = false;      // AICore().SetTiling or IMPL_OP_OPTILING(...).Tiling
    bool hasInferShape = false;  // SetInferShape or IMPL_OP_INFERSHAPE(...).InferShape
    bool hasInferDataType = false;
    std::vector<std::string> socs;  // AddConfig("ascend910b"), ...
};

// The input an output aliases when the OpDef gives both the same name (an in-place "ref"
// parameter: one aclnn argument, the same GM address in both kernel parameters), or -1.
int RefInputOf(const OpInfo& op, size_t output);
// Whether the kernel may update input `input`: an output of the same name refers to it, or the
// operator has no output at all (BLAS-style Sscal can only work in place).
bool InputUpdatedInPlace(const OpInfo& op, size_t input);

// Every operator registered by the loaded host code, in registration order. Ops registered only
// through IMPL_OP_* without an OpDef appear with empty parameter lists.
std::vector<OpInfo> RegisteredOps();

// Tiling structs declared with BEGIN_TILING_DATA_DEF, laid out with C struct rules so that the
// kernel-side struct generated from this description has the identical byte layout.
struct TilingField {
    std::string name;
    std::string type;        // element type as written, e.g. "uint32_t", or the nested struct name
    bool isStruct = false;   // TILING_DATA_FIELD_DEF_STRUCT
    uint32_t arrayLen = 0;   // TILING_DATA_FIELD_DEF_ARR length, 0 for scalars
    uint32_t offset = 0;
    uint32_t size = 0;       // bytes of the whole field
};
struct TilingStruct {
    std::string name;
    uint32_t size = 0;
    std::vector<TilingField> fields;
};
// REGISTER_TILING_DATA_CLASS(opType, struct) pairs, and every struct they reach (nested first).
struct TilingRegistration {
    std::string opType;  // may carry a tiling-key suffix, e.g. "LayerNormV4_1001"
    std::string structName;
};
std::vector<TilingRegistration> TilingRegistrations();
std::vector<TilingStruct> TilingStructs();

// One tensor handed to tiling or shape inference. `data` is set only for inputs the operator
// declares value-dependent (design §5: host code never sees other tensor data).
struct TensorArg {
    std::vector<int64_t> shape;
    ge::DataType dtype = ge::DT_FLOAT;
    ge::Format format = ge::FORMAT_ND;
    const void* data = nullptr;
    size_t bytes = 0;
};

struct TilingRequest {
    std::string opType;
    // Per IR input/output: one tensor for required, zero or one for optional, a list for dynamic.
    std::vector<std::vector<TensorArg>> inputs;
    std::vector<std::vector<TensorArg>> outputs;
    std::vector<AttrValue> attrs;  // in OpDef order; the runner fills defaults
    PlatformSpec platform;
    bool deterministic = false;
};

struct TilingResult {
    bool ok = false;
    std::string error;  // why tiling failed (status, missing function, exception)
    uint32_t blockDim = 0;
    uint64_t tilingKey = 0;
    std::vector<uint8_t> tilingData;
    std::vector<size_t> workspaceSizes;
    // TilingContext::SetNeedAtomic(true): the kernel accumulates into its outputs, so the framework
    // clears them (CANN's atomic clean, a memset to zero) before the launch.
    bool needAtomic = false;
    std::string log;  // what the tiling function printed through the OP_LOG macros
};

// Runs TilingParse (if registered) and the tiling function.
TilingResult RunTiling(const TilingRequest& request);

// Fills output shapes and dtypes from the registered inference functions. Returns false with
// `error` set when the operator registered none or inference failed.
bool InferShapes(const TilingRequest& request, std::vector<std::vector<std::vector<int64_t>>>* outputShapes,
                 std::string* error);
bool InferDataTypes(const TilingRequest& request, std::vector<ge::DataType>* outputDtypes, std::string* error);

// The platform PlatformAscendCManager::GetInstance() and every context's GetPlatformInfo()
// report until changed.
void SetPlatform(const PlatformSpec& platform);
const PlatformSpec& CurrentPlatform();

// Forgets every registration (between loads of different host libraries in one process).
void ClearRegistrations();

}  // namespace akg::host
