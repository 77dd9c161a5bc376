#include "harness/aclnn_bridge.h"

#include <dlfcn.h>
#include <ffi.h>

#include <algorithm>
#include <cstring>

#include "host/run_log.h"
#include "opdev/op_executor.h"

namespace akg::harness {

Tensor FromShim(const pyshim::TensorData& t) {
    Tensor out = Tensor::Zeros(t.shape, t.dtype);
    if (t.data()) std::memcpy(out.bytes.data(), t.data(), out.bytes.size());
    return out;
}

namespace {

void ToShim(const Tensor& src, pyshim::TensorData& dst) {
    if (!dst.data()) return;
    Tensor converted;
    const Tensor* t = &src;
    if (src.dtype != dst.dtype) {
        converted = Tensor::Zeros(src.shape, dst.dtype);
        for (int64_t i = 0; i < src.Numel(); ++i) converted.Set(i, src.At(i));
        t = &converted;
    }
    std::memcpy(dst.data(), t->bytes.data(), std::min(t->bytes.size(), size_t(dst.numel()) * DTypeBytes(dst.dtype)));
}

// The dtype every DataType column declares for input `p`, else `fallback`.
ge::DataType DeclaredDtypeOr(const host::ParamInfo& p, ge::DataType fallback) {
    if (!p.dtypes.empty() &&
        std::all_of(p.dtypes.begin(), p.dtypes.end(), [&](ge::DataType d) { return d == p.dtypes[0]; }))
        return p.dtypes[0];
    return fallback;
}

bool InputFrom(const host::ParamInfo& p, const pyshim::AclArg& a, std::vector<Tensor>* out, std::string* error) {
    using K = pyshim::AclArg::Kind;
    switch (a.kind) {
        case K::Tensor:
            if (a.tensor.data()) out->push_back(FromShim(a.tensor));
            return true;
        case K::TensorList:
            for (auto& t : a.tensors) out->push_back(FromShim(t));
            return true;
        case K::Scalar: {
            // aclnn turns a scalar input into a one-element tensor; the runner converts it to the
            // dtype the operator's DataType column asks for.
            Tensor t = Tensor::Zeros({1}, a.scalarType);
            t.Set(0, a.f);
            out->push_back(std::move(t));
            return true;
        }
        case K::ScalarList: {
            // aclnn turns an aclScalarList into a one-dimensional tensor, one element per scalar,
            // converted like a single scalar to the dtype of the operator's DataType column.
            if (a.scalarType == ge::DT_COMPLEX128) {
                *error = "input " + p.name + " received complex scalars, which the simulator does not hold";
                return false;
            }
            const bool integral = a.scalarType == ge::DT_INT64 || a.scalarType == ge::DT_BOOL;
            Tensor t = Tensor::Zeros({int64_t(a.floats.size())}, a.scalarType);
            for (size_t k = 0; k < a.floats.size(); ++k) t.Set(int64_t(k), integral ? double(a.ints[k]) : a.floats[k]);
            out->push_back(std::move(t));
            return true;
        }
        case K::IntArray: {
            // aclnn passes an aclIntArray for a value-dependent list input (Fill's dims), which
            // its L0 converts to the input's declared dtype (LayerNormV4's normalized_shape:
            // ConvertToTensor(normalizedShape, DT_INT32)).
            Tensor t = Tensor::Zeros({int64_t(a.ints.size())}, DeclaredDtypeOr(p, ge::DT_INT64));
            for (size_t k = 0; k < a.ints.size(); ++k) t.Set(int64_t(k), double(a.ints[k]));
            out->push_back(std::move(t));
            return true;
        }
        case K::Int:
        case K::Float:
        case K::Bool: {
            // The aclnn layer makes a tensor of a host number with the dtype the operator declares
            // for that input (TopKV3's L0: ConvertToTensor(k, ACL_INT32)).
            const ge::DataType dtype = DeclaredDtypeOr(
                p, a.kind == K::Int ? ge::DT_INT64 : a.kind == K::Bool ? ge::DT_BOOL : ge::DT_FLOAT);
            Tensor t = Tensor::Zeros({1}, dtype);
            t.Set(0, a.kind == K::Int ? double(a.i) : a.kind == K::Bool ? double(a.b) : a.f);
            out->push_back(std::move(t));
            return true;
        }
        default:
            *error = "input " + p.name + " received a non-tensor argument";
            return false;
    }
}

bool AttrFrom(const host::AttrInfo& info, const pyshim::AclArg& a, host::AttrValue* v, std::string* error) {
    using K = pyshim::AclArg::Kind;
    *v = info.defaultValue;
    v->kind = info.kind;
    double num = a.kind == K::Int ? double(a.i) : a.kind == K::Bool ? double(a.b) : a.f;
    bool numeric = a.kind == K::Int || a.kind == K::Float || a.kind == K::Bool || a.kind == K::Scalar;
    switch (info.kind) {
        case host::AttrKind::Int:
            if (!numeric) break;
            v->i = a.kind == K::Int ? a.i : int64_t(num);
            return true;
        case host::AttrKind::Float:
            if (!numeric) break;
            v->f = float(num);
            return true;
        case host::AttrKind::Bool:
            if (!numeric) break;
            v->b = num != 0;
            return true;
        case host::AttrKind::String:
            if (a.kind != K::String) break;
            v->s = a.s;
            return true;
        case host::AttrKind::ListInt:
            if (a.kind != K::IntArray) break;
            v->listInt = a.ints;
            return true;
        case host::AttrKind::ListFloat:
            if (a.kind == K::FloatArray) {
                v->listFloat.assign(a.floats.begin(), a.floats.end());
                return true;
            }
            if (a.kind == K::IntArray) {
                v->listFloat.assign(a.ints.begin(), a.ints.end());
                return true;
            }
            break;
        case host::AttrKind::ListBool:
            if (a.kind != K::BoolArray) break;
            v->listBool = a.bools;
            return true;
        default: break;
    }
    *error = "attribute " + info.name + " received an argument of the wrong kind";
    return false;
}

}  // namespace

bool CallFromAclnnArgs(const host::OpInfo& op, const std::vector<pyshim::AclArg>& args, run::OpCall* call,
                       std::string* error) {
    const size_t nIn = op.inputs.size(), nAttr = op.attrs.size();
    size_t nOut = 0;
    for (size_t i = 0; i < op.outputs.size(); ++i) nOut += host::RefInputOf(op, i) < 0;
    if (args.size() != nIn + nAttr + nOut) {
        *error = "the aclnn call passes " + std::to_string(args.size()) + " arguments; " + op.type + " declares " +
                 std::to_string(nIn) + " inputs, " + std::to_string(nAttr) + " attributes and " +
                 std::to_string(nOut) + " outputs besides in-place ones";
        return false;
    }
    *call = {};
    for (size_t i = 0; i < nIn; ++i) {
        std::vector<Tensor> list;
        if (!InputFrom(op.inputs[i], args[i], &list, error)) return false;
        call->inputs.push_back(std::move(list));
    }
    for (size_t i = 0; i < nAttr; ++i) {
        host::AttrValue v;
        if (!AttrFrom(op.attrs[i], args[nIn + i], &v, error)) return false;
        call->attrs.push_back(v);
    }
    size_t next = nIn + nAttr;
    for (size_t i = 0; i < op.outputs.size(); ++i) {
        std::vector<Tensor> list;
        if (int ref = host::RefInputOf(op, i); ref >= 0) {
            call->outputs.push_back(call->inputs[size_t(ref)]);
            continue;
        }
        // With its contents: the glue may have zeroed or filled it for the kernel.
        const auto& a = args[next++];
        if (a.kind == pyshim::AclArg::Kind::TensorList)
            for (auto& t : a.tensors) list.push_back(FromShim(t));
        else if (a.kind == pyshim::AclArg::Kind::Tensor && a.tensor.data())
            list.push_back(FromShim(a.tensor));
        else if (a.kind != pyshim::AclArg::Kind::Tensor)
            return *error = "output " + op.outputs[i].name + " received a non-tensor argument", false;
        call->outputs.push_back(std::move(list));
    }
    return true;
}

void WriteBack(const host::OpInfo& op, const run::OpCall& call, std::vector<pyshim::AclArg>& args) {
    const size_t nIn = op.inputs.size(), nAttr = op.attrs.size();
    size_t next = nIn + nAttr;
    auto back = [](const std::vector<Tensor>& list, pyshim::AclArg& a) {
        if (a.kind == pyshim::AclArg::Kind::Tensor && !list.empty()) ToShim(list[0], a.tensor);
        if (a.kind == pyshim::AclArg::Kind::TensorList)
            for (size_t k = 0; k < list.size() && k < a.tensors.size(); ++k) ToShim(list[k], a.tensors[k]);
    };
    // Other inputs cannot have changed: a kernel that wrote one was diagnosed (INPUT_MODIFIED).
    for (size_t i = 0; i < call.inputs.size() && i < nIn; ++i)
        if (host::InputUpdatedInPlace(op, i)) back(call.inputs[i], args[i]);
    for (size_t i = 0; i < call.outputs.size(); ++i)
        if (host::RefInputOf(op, i) < 0) back(call.outputs[i], args[next++]);
}

}  // namespace akg::harness

// ---- the answer's own aclnn layer ----------------------------------------------------------------

namespace akg::harness {

namespace {

// The aclnn handles of one call's arguments; alive until the call returns.
struct HandleArena {
    std::vector<std::unique_ptr<aclTensor>> tensors;
    std::vector<std::unique_ptr<aclTensorList>> tensorLists;
    std::vector<std::unique_ptr<aclScalar>> scalars;
    std::vector<std::unique_ptr<aclScalarList>> scalarLists;
    std::vector<std::unique_ptr<aclIntArray>> intArrays;
    std::vector<std::unique_ptr<aclFloatArray>> floatArrays;
    std::vector<std::unique_ptr<aclBoolArray>> boolArrays;

    // As torch_npu's ConvertType creates it: the whole storage as a 1-D storage shape, the view
    // at the tensor's offset, and the format its rank implies (3-D NCL, 4-D NCHW, 5-D NCDHW,
    // else ND), which aclnn code reads (BatchNorm's isBNV3Supported).
    aclTensor* Tensor(const pyshim::TensorData& t) {
        if (t.data() == nullptr) return nullptr;  // an undefined tensor: an absent optional input
        const size_t itemSize = std::max<size_t>(DTypeBytes(t.dtype), 1);
        tensors.push_back(opapi::WrapTensor(t.shape, t.dtype, t.storage->data()));
        aclTensor* tensor = tensors.back().get();
        tensor->SetViewOffset(int64_t(t.offsetBytes / itemSize));
        tensor->SetStorageShape(op::Shape{int64_t(t.storage->size() / itemSize)});
        const ge::Format format = t.shape.size() == 3   ? ge::FORMAT_NCL
                                  : t.shape.size() == 4 ? ge::FORMAT_NCHW
                                  : t.shape.size() == 5 ? ge::FORMAT_NCDHW
                                                        : ge::FORMAT_ND;
        tensor->SetViewFormat(format);
        tensor->SetStorageFormat(format);
        tensor->SetOriginalFormat(format);
        return tensor;
    }
    aclScalar* Scalar(ge::DataType dtype, double f, int64_t i) {
        uint8_t bytes[16] = {};
        if (dtype == ge::DT_INT64 || dtype == ge::DT_UINT64) std::memcpy(bytes, &i, sizeof i);
        else WriteElement(dtype, bytes, f);
        scalars.push_back(std::make_unique<aclScalar>(bytes, dtype));
        return scalars.back().get();
    }
};

// One C argument: its libffi type and storage for its value.
struct FfiArg {
    ffi_type* type = &ffi_type_pointer;
    union {
        void* p;
        int64_t i;
        uint8_t b;
        double d;
        float f;
    } value{};
};

bool ToFfi(const pyshim::AclArg& a, HandleArena& arena, FfiArg* out, std::string* error) {
    using K = pyshim::AclArg::Kind;
    switch (a.kind) {
        case K::Tensor: out->value.p = arena.Tensor(a.tensor); return true;
        case K::TensorList: {
            std::vector<const aclTensor*> list;
            for (auto& t : a.tensors) list.push_back(arena.Tensor(t));
            arena.tensorLists.push_back(std::make_unique<aclTensorList>(list.data(), list.size()));
            out->value.p = arena.tensorLists.back().get();
            return true;
        }
        case K::Scalar: out->value.p = arena.Scalar(a.scalarType, a.f, a.i); return true;
        case K::ScalarList: {
            std::vector<const aclScalar*> list;
            const ge::DataType dtype = a.scalarType == ge::DT_INT64 ? ge::DT_INT64 : a.scalarType == ge::DT_BOOL ? ge::DT_BOOL : ge::DT_DOUBLE;
            for (size_t k = 0; k < a.floats.size(); ++k) list.push_back(arena.Scalar(dtype, a.floats[k], a.ints[k]));
            arena.scalarLists.push_back(std::make_unique<aclScalarList>(list.data(), list.size()));
            out->value.p = arena.scalarLists.back().get();
            return true;
        }
        case K::IntArray:
            arena.intArrays.push_back(std::make_unique<aclIntArray>(a.ints.data(), a.ints.size()));
            out->value.p = arena.intArrays.back().get();
            return true;
        case K::FloatArray: {
            const std::vector<float> values(a.floats.begin(), a.floats.end());
            arena.floatArrays.push_back(std::make_unique<aclFloatArray>(values.data(), values.size()));
            out->value.p = arena.floatArrays.back().get();
            return true;
        }
        case K::BoolArray: {
            std::unique_ptr<bool[]> values(new bool[a.bools.size()]);
            std::copy(a.bools.begin(), a.bools.end(), values.get());
            arena.boolArrays.push_back(std::make_unique<aclBoolArray>(values.get(), a.bools.size()));
            out->value.p = arena.boolArrays.back().get();
            return true;
        }
        case K::String: out->value.p = const_cast<char*>(a.s.c_str()); return true;
        case K::Int: out->type = &ffi_type_sint64, out->value.i = a.i; return true;
        case K::Bool: out->type = &ffi_type_uint8, out->value.b = a.b; return true;
        case K::Float:
            if (a.singlePrecision) out->type = &ffi_type_float, out->value.f = float(a.f);
            else out->type = &ffi_type_double, out->value.d = a.f;
            return true;
    }
    *error = "an aclnn argument of an unknown kind";
    return false;
}

}  // namespace

OpApiLibrary::~OpApiLibrary() {
    if (handle_ != nullptr) dlclose(handle_);
}

bool OpApiLibrary::Open(const std::string& path, std::string* error) {
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle_ == nullptr) *error = std::string("cannot load the aclnn layer: ") + dlerror();
    return handle_ != nullptr;
}

bool OpApiLibrary::Defines(const std::string& api) const {
    return handle_ != nullptr && dlsym(handle_, (api + "GetWorkspaceSize").c_str()) != nullptr &&
           dlsym(handle_, api.c_str()) != nullptr;
}

bool OpApiLibrary::Call(const std::string& api, std::vector<pyshim::AclArg>& args, std::string* error) const {
    void* firstPhase = dlsym(handle_, (api + "GetWorkspaceSize").c_str());
    auto secondPhase =
        reinterpret_cast<aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream)>(dlsym(handle_, api.c_str()));
    if (firstPhase == nullptr || secondPhase == nullptr) return *error = "the aclnn layer does not define " + api, false;

    HandleArena arena;
    std::vector<FfiArg> values(args.size() + 2);
    for (size_t i = 0; i < args.size(); ++i)
        if (!ToFfi(args[i], arena, &values[i], error)) return false;
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    values[args.size()].value.p = &workspaceSize;
    values[args.size() + 1].value.p = &executor;
    std::vector<ffi_type*> types;
    std::vector<void*> pointers;
    for (FfiArg& v : values) types.push_back(v.type), pointers.push_back(&v.value);
    ffi_cif cif;
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, unsigned(types.size()), &ffi_type_sint32, types.data()) != FFI_OK)
        return *error = "cannot describe the call of " + api + "GetWorkspaceSize", false;

    std::string log;
    host::RunLogCapture capture(&log);
    ffi_sarg status = 0;
    ffi_call(&cif, FFI_FN(firstPhase), &status, pointers.data());
    if (int32_t(status) != ACLNN_SUCCESS) {
        *error = api + "GetWorkspaceSize returned " + std::to_string(int32_t(status)) + (log.empty() ? "" : ":\n" + log);
        return false;
    }
    std::vector<uint8_t> workspace(workspaceSize);
    const aclnnStatus run = secondPhase(workspace.data(), workspaceSize, executor, nullptr);
    if (run != ACLNN_SUCCESS) {
        *error = api + " returned " + std::to_string(run) + (log.empty() ? "" : ":\n" + log);
        return false;
    }
    return true;
}

namespace {
// An L0 argument as the glue-side argument the attribute conversion reads.
pyshim::AclArg AsAclArg(const op::OpArg& a) {
    using K = pyshim::AclArg::Kind;
    pyshim::AclArg out;
    switch (a.kind) {
        case op::OpArg::Kind::Bool: out.kind = K::Bool, out.b = a.b, out.i = a.i; break;
        case op::OpArg::Kind::Int:
        case op::OpArg::Kind::DataType: out.kind = K::Int, out.i = a.i; break;
        case op::OpArg::Kind::Float: out.kind = K::Float, out.f = a.f; break;
        case op::OpArg::Kind::String: out.kind = K::String, out.s = a.s; break;
        case op::OpArg::Kind::IntArray: out.kind = K::IntArray, out.ints = a.ints; break;
        case op::OpArg::Kind::FloatArray: out.kind = K::FloatArray, out.floats = a.floats; break;
        case op::OpArg::Kind::BoolArray: out.kind = K::BoolArray, out.bools = a.bools; break;
        default: out.kind = K::Tensor; break;
    }
    return out;
}

Tensor FromView(const aclTensor* t) {
    const op::Shape& s = t->GetViewShape();
    std::vector<int64_t> shape(s.GetDimNum());
    for (size_t d = 0; d < shape.size(); ++d) shape[d] = s.GetDim(d);
    Tensor out = Tensor::Zeros(shape, t->GetDataType());
    out.bytes = opapi::ReadView(t);
    return out;
}

std::vector<Tensor> TensorsOf(const op::OpArg& a) {
    std::vector<Tensor> list;
    if (a.kind == op::OpArg::Kind::Tensor) list.push_back(FromView(a.tensor));
    if (a.kind == op::OpArg::Kind::TensorList)
        for (const aclTensor* t : a.tensors) list.push_back(FromView(t));
    return list;
}
}  // namespace

bool CallFromOperatorCall(const host::OpInfo& op, const opapi::OperatorCall& launch, run::OpCall* call,
                          std::string* error) {
    if (launch.opType != op.type) {
        *error = "the aclnn layer launches " + launch.opType + ", which is not the operator the answer builds (" +
                 op.type + ")";
        return false;
    }
    if (launch.inputs.size() > op.inputs.size() || launch.attrs.size() > op.attrs.size()) {
        *error = "OP_INPUT/OP_ATTR of " + launch.opType + " pass " + std::to_string(launch.inputs.size()) + " inputs and " +
                 std::to_string(launch.attrs.size()) + " attributes; the OpDef declares " +
                 std::to_string(op.inputs.size()) + " and " + std::to_string(op.attrs.size());
        return false;
    }
    if (!launch.outShapes.empty()) {
        *error = "OP_OUTSHAPE is not simulated";
        return false;
    }
    *call = {};
    for (size_t i = 0; i < op.inputs.size(); ++i)
        call->inputs.push_back(i < launch.inputs.size() ? TensorsOf(launch.inputs[i]) : std::vector<Tensor>{});
    for (size_t i = 0; i < launch.attrs.size(); ++i) {
        host::AttrValue v;
        if (!AttrFrom(op.attrs[i], AsAclArg(launch.attrs[i]), &v, error)) return false;
        call->attrs.push_back(v);
    }
    size_t next = 0;
    for (size_t i = 0; i < op.outputs.size(); ++i) {
        if (int ref = host::RefInputOf(op, i); ref >= 0) {
            call->outputs.push_back(call->inputs[size_t(ref)]);
            continue;
        }
        if (next >= launch.outputs.size())
            return *error = "OP_OUTPUT of " + launch.opType + " has no tensor for output " + op.outputs[i].name, false;
        call->outputs.push_back(TensorsOf(launch.outputs[next++]));
    }
    return true;
}

bool SetInferredShapes(const run::OpCall& call, const opapi::OperatorCall& launch, std::string*) {
    size_t next = 0;
    for (size_t i = 0; i < call.outputs.size() && next < launch.outputs.size(); ++i, ++next) {
        const op::OpArg& a = launch.outputs[next];
        if (a.kind != op::OpArg::Kind::Tensor || call.outputs[i].empty()) continue;
        const Tensor& t = call.outputs[i][0];
        op::Shape shape;
        for (int64_t d : t.shape) shape.AppendDim(d);
        a.tensor->ReallocateFor(shape);  // the dtype stays the one the L0 function allocated
    }
    return true;
}

void WriteBack(const host::OpInfo& op, const run::OpCall& call, const opapi::OperatorCall& launch) {
    auto back = [](const std::vector<Tensor>& list, const op::OpArg& a) {
        if (a.kind == op::OpArg::Kind::Tensor && !list.empty()) opapi::WriteView(a.tensor, list[0].bytes);
        if (a.kind == op::OpArg::Kind::TensorList)
            for (size_t k = 0; k < list.size() && k < a.tensors.size(); ++k) opapi::WriteView(a.tensors[k], list[k].bytes);
    };
    for (size_t i = 0; i < launch.inputs.size() && i < call.inputs.size(); ++i)
        if (host::InputUpdatedInPlace(op, i)) back(call.inputs[i], launch.inputs[i]);
    size_t next = 0;
    for (size_t i = 0; i < call.outputs.size(); ++i)
        if (host::RefInputOf(op, i) < 0 && next < launch.outputs.size()) back(call.outputs[i], launch.outputs[next++]);
}

}  // namespace akg::harness
