// AscendKernelGen torch shim: the torch_npu helper surface NPUKernelBench glue uses
// (pytorch_npu_helper.hpp): aclTensor/aclScalar/aclIntArray handles, ConvertType,
// ConvertTensorToAclScaler and EXEC_NPU_CMD, which hands the aclnn call to the hook set with
// akg::pyshim::SetExecHook (tensor arguments share storage with the glue's tensors, so the hook
// writes outputs in place).
#pragma once

#include "acl/acl_base.h"
#include "akg_shim/tensor.h"

// ---- ACL handle types (opaque in CANN; here they carry the converted value) -------------------
struct aclTensor {
    at::Tensor tensor;
};
struct aclScalar {
    akg::pyshim::AclArg arg;  // kind Scalar
};
struct aclIntArray {
    std::vector<int64_t> values;
};
struct aclFloatArray {
    std::vector<double> values;
};
struct aclBoolArray {
    std::vector<bool> values;
};
struct aclTensorList {
    std::vector<at::Tensor> tensors;
};
struct aclScalarList {
    std::vector<at::Scalar> scalars;
};
struct aclOpExecutor;
using aclrtStream = void*;
using aclnnStatus = int32_t;
using aclError = int32_t;
constexpr int32_t ACL_SUCCESS = 0;

namespace akg_shim {

namespace detail {
// Keeps objects alive until the end of the current EXEC_NPU_CMD (outside a pyshim Call) or the
// end of the current akg::pyshim::Call, whichever the glue is running under.
void KeepAlive(std::shared_ptr<void> object);
// Runs the hook for one aclnn call; throws std::runtime_error when it fails or is not set.
void RunExecHook(const char* api, std::vector<akg::pyshim::AclArg>& args);

template <class T>
T* Keep(T* object) {
    KeepAlive(std::shared_ptr<void>(object, [](void* p) { delete static_cast<T*>(p); }));
    return object;
}

akg::pyshim::AclArg ScalarArg(const at::Scalar& s);
akg::pyshim::AclArg TensorScalarArg(const at::Tensor& t);
}  // namespace detail

// ---- argument conversion for EXEC_NPU_CMD --------------------------------------------------------
inline akg::pyshim::AclArg ToAclArg(const at::Tensor& t) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::Tensor;
    a.tensor = t.shim_data();
    return a;
}
inline akg::pyshim::AclArg ToAclArg(const std::optional<at::Tensor>& t) {
    return t.has_value() ? ToAclArg(*t) : ToAclArg(at::Tensor());
}
inline akg::pyshim::AclArg ToAclArg(std::nullptr_t) { return ToAclArg(at::Tensor()); }
inline akg::pyshim::AclArg ToAclArg(const aclTensor* t) { return t ? ToAclArg(t->tensor) : ToAclArg(at::Tensor()); }
inline akg::pyshim::AclArg ToAclArg(at::TensorList list) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::TensorList;
    a.tensors.reserve(list.size());
    for (const at::Tensor& t : list) a.tensors.push_back(t.shim_data());
    return a;
}
inline akg::pyshim::AclArg ToAclArg(const std::vector<at::Tensor>& list) { return ToAclArg(at::TensorList(list)); }
inline akg::pyshim::AclArg ToAclArg(const aclTensorList* list) {
    return list ? ToAclArg(at::TensorList(list->tensors)) : ToAclArg(at::TensorList());
}
inline akg::pyshim::AclArg ToAclArg(const at::Scalar& s) { return detail::ScalarArg(s); }
inline akg::pyshim::AclArg ToAclArg(const std::optional<at::Scalar>& s) {
    return s.has_value() ? detail::ScalarArg(*s) : ToAclArg(at::Tensor());
}
inline akg::pyshim::AclArg ToAclArg(const aclScalar* s) { return s ? s->arg : ToAclArg(at::Tensor()); }
inline akg::pyshim::AclArg ToAclArg(at::ArrayRef<at::Scalar> list) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::ScalarList;
    bool anyDouble = false, anyLong = false, anyComplex = false;
    for (const at::Scalar& s : list) {
        a.floats.push_back(s.toDouble());
        a.ints.push_back(s.toLong());
        a.bools.push_back(s.toBool());
        anyDouble |= s.isFloatingPoint();
        anyLong |= s.isIntegral(false);
        anyComplex |= s.isComplex();
    }
    a.scalarType = anyComplex ? ge::DT_COMPLEX128 : anyDouble ? ge::DT_DOUBLE : anyLong ? ge::DT_INT64
                 : list.empty() ? ge::DT_DOUBLE : ge::DT_BOOL;
    return a;
}
inline akg::pyshim::AclArg ToAclArg(const std::vector<at::Scalar>& list) { return ToAclArg(at::ArrayRef<at::Scalar>(list)); }
inline akg::pyshim::AclArg ToAclArg(const aclScalarList* list) {
    return ToAclArg(list ? at::ArrayRef<at::Scalar>(list->scalars) : at::ArrayRef<at::Scalar>());
}
inline akg::pyshim::AclArg ToAclArg(const char* s) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::String;
    a.s = s ? s : "";
    return a;
}
inline akg::pyshim::AclArg ToAclArg(const std::string& s) { return ToAclArg(s.c_str()); }
inline akg::pyshim::AclArg ToAclArg(at::ScalarType t) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::Int;
    a.i = static_cast<int64_t>(c10::ToGeDataType(t));
    return a;
}
inline akg::pyshim::AclArg ToAclArg(aclDataType t) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::Int;
    a.i = static_cast<int64_t>(t);
    return a;
}
template <class T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
akg::pyshim::AclArg ToAclArg(T v) {
    akg::pyshim::AclArg a;
    if constexpr (std::is_same<T, bool>::value) {
        a.kind = akg::pyshim::AclArg::Kind::Bool;
        a.b = v;
        a.i = v ? 1 : 0;
    } else if constexpr (std::is_integral<T>::value) {
        a.kind = akg::pyshim::AclArg::Kind::Int;
        a.i = static_cast<int64_t>(v);
    } else {
        a.kind = akg::pyshim::AclArg::Kind::Float;
        a.f = static_cast<double>(v);
        a.singlePrecision = std::is_same<T, float>::value;
    }
    return a;
}
template <class T>
akg::pyshim::AclArg ToAclArg(at::ArrayRef<T> values) {
    akg::pyshim::AclArg a;
    if constexpr (std::is_same<T, bool>::value) {
        a.kind = akg::pyshim::AclArg::Kind::BoolArray;
        a.bools.assign(values.begin(), values.end());
    } else if constexpr (std::is_integral<T>::value) {
        a.kind = akg::pyshim::AclArg::Kind::IntArray;
        for (T v : values) a.ints.push_back(static_cast<int64_t>(v));
    } else if constexpr (std::is_floating_point<T>::value) {
        a.kind = akg::pyshim::AclArg::Kind::FloatArray;
        for (T v : values) a.floats.push_back(static_cast<double>(v));
    } else {
        static_assert(std::is_arithmetic<T>::value, "EXEC_NPU_CMD: unsupported ArrayRef element type");
    }
    return a;
}
template <class T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
akg::pyshim::AclArg ToAclArg(const std::vector<T>& values) {
    if constexpr (std::is_same<T, bool>::value) {
        akg::pyshim::AclArg a;
        a.kind = akg::pyshim::AclArg::Kind::BoolArray;
        a.bools = values;
        return a;
    } else {
        return ToAclArg(at::ArrayRef<T>(values));
    }
}
template <class T>
akg::pyshim::AclArg ToAclArg(const std::optional<at::ArrayRef<T>>& values) {
    return values.has_value() ? ToAclArg(*values) : ToAclArg(at::ArrayRef<T>());
}
inline akg::pyshim::AclArg ToAclArg(const aclIntArray* a) {
    return ToAclArg(a ? at::IntArrayRef(a->values) : at::IntArrayRef());
}
inline akg::pyshim::AclArg ToAclArg(const aclFloatArray* a) {
    return ToAclArg(a ? at::ArrayRef<double>(a->values) : at::ArrayRef<double>());
}
inline akg::pyshim::AclArg ToAclArg(const aclBoolArray* a) {
    akg::pyshim::AclArg r;
    r.kind = akg::pyshim::AclArg::Kind::BoolArray;
    if (a) r.bools = a->values;
    return r;
}

template <class... Args>
void ExecNpuCmd(const char* api, const Args&... args) {
    std::vector<akg::pyshim::AclArg> converted;
    converted.reserve(sizeof...(Args));
    (converted.push_back(ToAclArg(args)), ...);
    detail::RunExecHook(api, converted);
}

}  // namespace akg_shim

// ---- torch_npu helper functions ------------------------------------------------------------------
inline aclTensor* ConvertType(const at::Tensor& t) {
    return t.defined() ? akg_shim::detail::Keep(new aclTensor{t}) : nullptr;
}
inline aclTensor* ConvertType(const std::optional<at::Tensor>& t) { return t ? ConvertType(*t) : nullptr; }
inline aclScalar* ConvertType(const at::Scalar& s) {
    return akg_shim::detail::Keep(new aclScalar{akg_shim::detail::ScalarArg(s)});
}
inline aclIntArray* ConvertType(const at::IntArrayRef& a) { return akg_shim::detail::Keep(new aclIntArray{a.vec()}); }
inline aclIntArray* ConvertType(const std::optional<at::IntArrayRef>& a) { return a ? ConvertType(*a) : nullptr; }
inline aclFloatArray* ConvertType(const at::ArrayRef<double>& a) {
    return akg_shim::detail::Keep(new aclFloatArray{a.vec()});
}
inline aclBoolArray* ConvertType(const at::ArrayRef<bool>& a) {
    return akg_shim::detail::Keep(new aclBoolArray{std::vector<bool>(a.begin(), a.end())});
}
inline aclTensorList* ConvertType(const at::TensorList& a) { return akg_shim::detail::Keep(new aclTensorList{a.vec()}); }
inline aclScalarList* ConvertType(const at::ArrayRef<at::Scalar>& a) {
    return akg_shim::detail::Keep(new aclScalarList{a.vec()});
}
inline aclDataType ConvertType(const at::ScalarType& t) { return static_cast<aclDataType>(c10::ToGeDataType(t)); }
inline const char* ConvertType(const char* s) { return s; }
inline const char* ConvertType(const std::string& s) { return s.c_str(); }
template <class T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
T ConvertType(T v) {
    return v;
}

// A one-element tensor's value as an aclScalar of the tensor's dtype.
inline aclScalar* ConvertTensorToAclScaler(const at::Tensor& t) {
    return akg_shim::detail::Keep(new aclScalar{akg_shim::detail::TensorScalarArg(t)});
}

#define EXEC_NPU_CMD(aclnn_api, ...) ::akg_shim::ExecNpuCmd(#aclnn_api, ##__VA_ARGS__)
#define EXEC_NPU_CMD_SYNC(aclnn_api, ...) ::akg_shim::ExecNpuCmd(#aclnn_api, ##__VA_ARGS__)
#define EXEC_NPU_CMD_CLEAR_WORKSPACE(aclnn_api, ...) ::akg_shim::ExecNpuCmd(#aclnn_api, ##__VA_ARGS__)
#define EXEC_NPU_NO_FORMAT_CHECK_CMD(aclnn_api, ...) ::akg_shim::ExecNpuCmd(#aclnn_api, ##__VA_ARGS__)
