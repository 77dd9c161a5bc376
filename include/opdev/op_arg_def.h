// The argument groups of an L0 operator call: OP_INPUT(...), OP_OUTPUT(...), OP_ATTR(...),
// OP_WORKSPACE(...), OP_OUTSHAPE(...), OP_EMPTY_ARG, as ADD_TO_LAUNCHER_LIST_AICORE and
// INFER_SHAPE take them. Each argument keeps what it is (a tensor, a list of tensors, nothing for
// an absent optional input, or an attribute value of its C++ type).
#pragma once

#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "aclnn/aclnn_base.h"

namespace op {

struct OpArg {
    enum class Kind { Absent, Tensor, TensorList, Bool, Int, Float, String, IntArray, FloatArray, BoolArray, DataType };
    Kind kind = Kind::Absent;
    aclTensor* tensor = nullptr;
    std::vector<aclTensor*> tensors;
    bool b = false;
    int64_t i = 0;
    double f = 0;
    bool single = false;  // Float: a float (not a double) in the source
    std::string s;
    std::vector<int64_t> ints;
    std::vector<double> floats;
    std::vector<bool> bools;
};

enum OpArgType { OP_INPUT_ARG, OP_OUTPUT_ARG, OP_ATTR_ARG, OP_WORKSPACE_ARG, OP_OUTSHAPE_ARG, OP_EMPTY_ARG_TYPE };

struct OpArgList {
    OpArgType type = OP_EMPTY_ARG_TYPE;
    std::vector<OpArg> args;
};

namespace detail {
inline OpArg ToOpArg(std::nullptr_t) { return {}; }
inline OpArg ToOpArg(const aclTensor* t) {
    OpArg a;
    if (t != nullptr) a.kind = OpArg::Kind::Tensor, a.tensor = const_cast<aclTensor*>(t);
    return a;
}
inline OpArg ToOpArg(const aclTensorList* list) {
    OpArg a;
    if (list == nullptr) return a;
    a.kind = OpArg::Kind::TensorList;
    for (uint64_t k = 0; k < list->Size(); ++k) a.tensors.push_back(const_cast<aclTensor*>((*list)[k]));
    return a;
}
inline OpArg ToOpArg(const aclIntArray* v) {
    OpArg a;
    a.kind = OpArg::Kind::IntArray;
    if (v != nullptr) a.ints.assign(v->GetData(), v->GetData() + v->Size());
    return a;
}
inline OpArg ToOpArg(const aclFloatArray* v) {
    OpArg a;
    a.kind = OpArg::Kind::FloatArray;
    if (v != nullptr) a.floats.assign(v->GetData(), v->GetData() + v->Size());
    return a;
}
inline OpArg ToOpArg(const aclBoolArray* v) {
    OpArg a;
    a.kind = OpArg::Kind::BoolArray;
    if (v != nullptr) a.bools.assign(v->GetData(), v->GetData() + v->Size());
    return a;
}
inline OpArg ToOpArg(const char* s) {
    OpArg a;
    a.kind = OpArg::Kind::String;
    a.s = s == nullptr ? "" : s;
    return a;
}
inline OpArg ToOpArg(const std::string& s) { return ToOpArg(s.c_str()); }
inline OpArg ToOpArg(ge::DataType d) {
    OpArg a;
    a.kind = OpArg::Kind::DataType;
    a.i = static_cast<int64_t>(d);
    return a;
}
template <typename T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
OpArg ToOpArg(T v) {
    OpArg a;
    if constexpr (std::is_same<T, bool>::value) {
        a.kind = OpArg::Kind::Bool;
        a.b = v;
        a.i = v;
    } else if constexpr (std::is_integral<T>::value) {
        a.kind = OpArg::Kind::Int;
        a.i = static_cast<int64_t>(v);
    } else {
        a.kind = OpArg::Kind::Float;
        a.f = static_cast<double>(v);
        a.single = std::is_same<T, float>::value;
    }
    return a;
}
template <typename... T>
OpArgList MakeList(OpArgType type, const std::tuple<T...>& values) {
    OpArgList list;
    list.type = type;
    std::apply([&](const auto&... v) { (list.args.push_back(ToOpArg(v)), ...); }, values);
    return list;
}
}  // namespace detail

template <typename... T>
OpArgList OpInput(const std::tuple<T...>& v) { return detail::MakeList(OP_INPUT_ARG, v); }
template <typename... T>
OpArgList OpOutput(const std::tuple<T...>& v) { return detail::MakeList(OP_OUTPUT_ARG, v); }
template <typename... T>
OpArgList OpAttr(const std::tuple<T...>& v) { return detail::MakeList(OP_ATTR_ARG, v); }
// OP_OUTSHAPE({tensor, index}): the tensor the kernel writes output `index`'s computed shape to.
inline OpArgList OpOutshape(const std::tuple<aclTensor*, uint64_t>& v) {
    OpArgList list;
    list.type = OP_OUTSHAPE_ARG;
    OpArg a = detail::ToOpArg(static_cast<const aclTensor*>(std::get<0>(v)));
    a.i = static_cast<int64_t>(std::get<1>(v));
    list.args.push_back(a);
    return list;
}
template <typename... T>
OpArgList OpWorkspace(const std::tuple<T...>& v) { return detail::MakeList(OP_WORKSPACE_ARG, v); }

}  // namespace op

#define OP_INPUT(...) ::op::OpInput(std::make_tuple(__VA_ARGS__))
#define OP_OUTPUT(...) ::op::OpOutput(std::make_tuple(__VA_ARGS__))
#define OP_ATTR(...) ::op::OpAttr(std::make_tuple(__VA_ARGS__))
#define OP_WORKSPACE(...) ::op::OpWorkspace(std::make_tuple(__VA_ARGS__))
#define OP_OUTSHAPE(...) ::op::OpOutshape(std::tuple<aclTensor*, uint64_t>(__VA_ARGS__))
#define OP_EMPTY_ARG ::op::OpArgList()
