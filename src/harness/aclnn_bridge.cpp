#include "harness/aclnn_bridge.h"

#include <algorithm>
#include <cstring>

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
            // aclnn passes an aclIntArray for a value-dependent list input (Fill's dims).
            Tensor t = Tensor::Zeros({int64_t(a.ints.size())}, ge::DT_INT64);
            for (size_t k = 0; k < a.ints.size(); ++k) t.Set(int64_t(k), double(a.ints[k]));
            out->push_back(std::move(t));
            return true;
        }
        case K::Int:
        case K::Float:
        case K::Bool: {
            // The aclnn layer makes a tensor of a host number with the dtype the operator declares
            // for that input (TopKV3's L0: ConvertToTensor(k, ACL_INT32)); when every column
            // declares one dtype, that is the one.
            ge::DataType dtype = a.kind == K::Int ? ge::DT_INT64 : a.kind == K::Bool ? ge::DT_BOOL : ge::DT_FLOAT;
            if (!p.dtypes.empty() && std::all_of(p.dtypes.begin(), p.dtypes.end(),
                                                 [&](ge::DataType d) { return d == p.dtypes[0]; }))
                dtype = p.dtypes[0];
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
    for (size_t i = 0; i < op.outputs.size(); ++i) nOut += run::RefInputOf(op, i) < 0;
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
        if (int ref = run::RefInputOf(op, i); ref >= 0) {
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
        if (run::InputUpdatedInPlace(op, i)) back(call.inputs[i], args[i]);
    for (size_t i = 0; i < call.outputs.size(); ++i)
        if (run::RefInputOf(op, i) < 0) back(call.outputs[i], args[next++]);
}

}  // namespace akg::harness
