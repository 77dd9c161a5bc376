// AscendKernelGen torch shim: the pybind11 subset NPUKernelBench glue uses. PYBIND11_MODULE
// registers every m.def'd function in libakg_pyshim's registry with a type-erased invoker that
// converts akg::pyshim::Value arguments to the function's C++ parameter types; the harness calls
// them with akg::pyshim::Call.
#pragma once

#include <functional>

#include "akg_shim/tensor.h"

namespace akg_shim {
namespace detail {

using akg::pyshim::Value;
using akg::pyshim::ValueList;
using Invoker = std::function<Value(const ValueList&)>;

// Thrown by an invoker when the arguments do not fit the signature (Call tries the next overload).
class ArgumentMismatch : public std::runtime_error {
public:
    explicit ArgumentMismatch(const std::string& msg);
    ~ArgumentMismatch() override;
};

// Registry entry points (libakg_pyshim).
void BeginModule(const std::string& module);
void RegisterFunction(const std::string& module, const std::string& name, Invoker invoker, const std::string& doc,
                      const std::string& signature);
const char* KindName(Value::Kind kind);
[[noreturn]] void ThrowMismatch(const std::string& function, size_t index, const std::string& expected,
                                const Value& got, const std::string& detail = "");

// The device tensors handed to glue functions live on (torch_npu's "npu:0").
inline c10::Device InputDevice() { return c10::Device(c10::kPrivateUse1, 0); }

// ---- Value -> C++ parameter ------------------------------------------------------------------
template <class T, class Enable = void>
struct Caster {
    static_assert(sizeof(T) == 0, "pyshim: unsupported parameter type in a PYBIND11_MODULE function");
};

template <>
struct Caster<at::Tensor> {
    at::Tensor value;
    static const char* name() { return "Tensor"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind != Value::Kind::Tensor) ThrowMismatch(fn, i, name(), v);
        if (v.tensor.storage) {  // the harness built it: check it is usable before the glue touches it
            const int elem = ge::GetSizeByDataType(v.tensor.dtype);
            if (elem <= 0 || c10::FromGeDataType(v.tensor.dtype) == c10::ScalarType::Undefined)
                ThrowMismatch(fn, i, name(), v, "unsupported dtype " + std::to_string(static_cast<int>(v.tensor.dtype)));
            for (int64_t d : v.tensor.shape)
                if (d < 0) ThrowMismatch(fn, i, name(), v, "negative dimension");
            const size_t need = v.tensor.offsetBytes + static_cast<size_t>(v.tensor.numel()) * static_cast<size_t>(elem);
            if (v.tensor.storage->size() < need)
                ThrowMismatch(fn, i, name(), v, "storage holds " + std::to_string(v.tensor.storage->size()) +
                                                    " bytes, the tensor needs " + std::to_string(need));
        }
        value = at::Tensor(v.tensor, InputDevice());
    }
    at::Tensor& get() { return value; }
};

template <>
struct Caster<bool> {
    bool value = false;
    static const char* name() { return "bool"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind == Value::Kind::Bool) value = v.b;
        else if (v.kind == Value::Kind::Int) value = v.i != 0;
        else ThrowMismatch(fn, i, name(), v);
    }
    bool& get() { return value; }
};

template <class T>
struct Caster<T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value>> {
    T value = 0;
    static const char* name() { return "int"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        int64_t x = 0;
        if (v.kind == Value::Kind::Int) x = v.i;
        else if (v.kind == Value::Kind::Bool) x = v.b ? 1 : 0;
        else ThrowMismatch(fn, i, name(), v);
        if constexpr (std::is_signed<T>::value) {
            if (x < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
                x > static_cast<int64_t>(std::numeric_limits<T>::max()))
                ThrowMismatch(fn, i, name(), v, "value " + std::to_string(x) + " out of range");
        } else {
            if (x < 0 || (sizeof(T) < 8 && static_cast<uint64_t>(x) > static_cast<uint64_t>(std::numeric_limits<T>::max())))
                ThrowMismatch(fn, i, name(), v, "value " + std::to_string(x) + " out of range");
        }
        value = static_cast<T>(x);
    }
    T& get() { return value; }
};

template <class T>
struct Caster<T, std::enable_if_t<std::is_floating_point<T>::value>> {
    T value = 0;
    static const char* name() { return "float"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind == Value::Kind::Float) value = static_cast<T>(v.f);
        else if (v.kind == Value::Kind::Int) value = static_cast<T>(v.i);
        else if (v.kind == Value::Kind::Bool) value = v.b ? T(1) : T(0);
        // pybind11 converts through __float__, which a one-element tensor has.
        else if (v.kind == Value::Kind::Tensor && v.tensor.storage && v.tensor.numel() == 1)
            value = static_cast<T>(at::Tensor(v.tensor, InputDevice()).item().toDouble());
        else ThrowMismatch(fn, i, name(), v);
    }
    T& get() { return value; }
};

template <>
struct Caster<std::string> {
    std::string value;
    static const char* name() { return "str"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind != Value::Kind::String) ThrowMismatch(fn, i, name(), v);
        value = v.s;
    }
    std::string& get() { return value; }
};

template <>
struct Caster<const char*> {
    std::string storage;
    const char* value = nullptr;
    static const char* name() { return "str"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind == Value::Kind::None) { value = nullptr; return; }
        if (v.kind != Value::Kind::String) ThrowMismatch(fn, i, name(), v);
        storage = v.s;
        value = storage.c_str();
    }
    const char*& get() { return value; }
};

template <>
struct Caster<c10::Scalar> {
    c10::Scalar value;
    static const char* name() { return "Number"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind == Value::Kind::Int) value = c10::Scalar(v.i);
        else if (v.kind == Value::Kind::Float) value = c10::Scalar(v.f);
        else if (v.kind == Value::Kind::Bool) value = c10::Scalar(v.b);
        else ThrowMismatch(fn, i, name(), v);
    }
    c10::Scalar& get() { return value; }
};

template <>
struct Caster<c10::Device> {
    c10::Device value = c10::Device(c10::kCPU);
    static const char* name() { return "Device"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind != Value::Kind::String) ThrowMismatch(fn, i, name(), v);
        try {
            value = c10::Device(v.s);
        } catch (const std::exception& e) {
            ThrowMismatch(fn, i, name(), v, e.what());
        }
    }
    c10::Device& get() { return value; }
};

template <class T>
struct Caster<std::optional<T>> {
    std::optional<T> value;
    static std::string name() { return std::string("Optional[") + Caster<T>::name() + "]"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind == Value::Kind::None) { value.reset(); return; }
        Caster<T> inner;
        inner.load(v, fn, i);
        value = std::move(inner.get());
    }
    std::optional<T>& get() { return value; }
};

template <class T>
struct Caster<std::vector<T>> {
    std::vector<T> value;
    static std::string name() { return std::string("List[") + Caster<T>::name() + "]"; }
    void load(const Value& v, const std::string& fn, size_t i) {
        if (v.kind != Value::Kind::List) ThrowMismatch(fn, i, name(), v);
        value.clear();
        value.reserve(v.list.size());
        for (size_t k = 0; k < v.list.size(); ++k) {
            Caster<T> inner;
            try {
                inner.load(v.list[k], fn, i);
            } catch (const ArgumentMismatch&) {
                ThrowMismatch(fn, i, name(), v, "element " + std::to_string(k) + " is " + KindName(v.list[k].kind));
            }
            value.push_back(std::move(inner.get()));
        }
    }
    std::vector<T>& get() { return value; }
};

// ArrayRef parameters (IntArrayRef, TensorList, ...) view a vector the caster owns.
template <class T>
struct Caster<c10::ArrayRef<T>> {
    Caster<std::vector<T>> storage;
    c10::ArrayRef<T> value;
    static std::string name() { return Caster<std::vector<T>>::name(); }
    void load(const Value& v, const std::string& fn, size_t i) {
        storage.load(v, fn, i);
        value = c10::ArrayRef<T>(storage.get().data(), storage.get().size());
    }
    c10::ArrayRef<T>& get() { return value; }
};

template <>
struct Caster<Value> {
    Value value;
    static const char* name() { return "object"; }
    void load(const Value& v, const std::string&, size_t) { value = v; }
    Value& get() { return value; }
};

// ---- C++ result -> Value ----------------------------------------------------------------------
inline Value ToValue(const Value& v) { return v; }
inline Value ToValue(const at::Tensor& t) {
    Value v;
    if (t.defined()) {
        v.kind = Value::Kind::Tensor;
        v.tensor = t.shim_data();
    }
    return v;
}
inline Value ToValue(bool b) {
    Value v;
    v.kind = Value::Kind::Bool;
    v.b = b;
    return v;
}
template <class T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
Value ToValue(T x) {
    Value v;
    v.kind = Value::Kind::Int;
    v.i = static_cast<int64_t>(x);
    return v;
}
template <class T, std::enable_if_t<std::is_floating_point<T>::value, int> = 0>
Value ToValue(T x) {
    Value v;
    v.kind = Value::Kind::Float;
    v.f = static_cast<double>(x);
    return v;
}
inline Value ToValue(const std::string& s) {
    Value v;
    v.kind = Value::Kind::String;
    v.s = s;
    return v;
}
inline Value ToValue(const char* s) { return s ? ToValue(std::string(s)) : Value(); }
inline Value ToValue(const c10::Scalar& s) {
    if (s.isBoolean()) return ToValue(s.toBool());
    if (s.isIntegral(false)) return ToValue(s.toLong());
    return ToValue(s.toDouble());
}
inline Value ToValue(std::nullptr_t) { return Value(); }
template <class T>
Value ToValue(const std::optional<T>& o);
template <class T>
Value ToValue(const std::vector<T>& list);
template <class T>
Value ToValue(c10::ArrayRef<T> list);
template <class... T>
Value ToValue(const std::tuple<T...>& t);
template <class A, class B>
Value ToValue(const std::pair<A, B>& p);

template <class T>
Value ToValue(const std::optional<T>& o) {
    return o.has_value() ? ToValue(*o) : Value();
}
template <class T>
Value ToValue(c10::ArrayRef<T> list) {
    Value v;
    v.kind = Value::Kind::List;
    v.list.reserve(list.size());
    for (const T& x : list) v.list.push_back(ToValue(x));
    return v;
}
template <class T>
Value ToValue(const std::vector<T>& list) {
    Value v;
    v.kind = Value::Kind::List;
    v.list.reserve(list.size());
    for (const auto& x : list) v.list.push_back(ToValue(static_cast<T>(x)));
    return v;
}
template <class... T>
Value ToValue(const std::tuple<T...>& t) {
    Value v;
    v.kind = Value::Kind::List;
    std::apply([&](const auto&... x) { (v.list.push_back(ToValue(x)), ...); }, t);
    return v;
}
template <class A, class B>
Value ToValue(const std::pair<A, B>& p) {
    Value v;
    v.kind = Value::Kind::List;
    v.list.push_back(ToValue(p.first));
    v.list.push_back(ToValue(p.second));
    return v;
}

// ---- invokers ------------------------------------------------------------------------------------
template <class A>
using Bare = std::remove_cv_t<std::remove_reference_t<A>>;

struct ArgSpec {
    std::string name;
    bool hasDefault = false;
    Value defaultValue;
};

template <class Fn, class R, class... A, size_t... I>
Value InvokeWith(const std::string& fn, Fn& f, const ValueList& args, std::index_sequence<I...>) {
    std::tuple<Caster<Bare<A>>...> casters;
    (std::get<I>(casters).load(args[I], fn, I), ...);
    if constexpr (std::is_void<R>::value) {
        f(std::forward<A>(std::get<I>(casters).get())...);
        return Value();
    } else {
        return ToValue(f(std::forward<A>(std::get<I>(casters).get())...));
    }
}

std::vector<Value> CompleteArguments(const std::string& fn, const ValueList& args, size_t arity,
                                     const std::vector<ArgSpec>& specs);

template <class R, class... A, class Fn>
Invoker MakeInvoker(const std::string& name, Fn f, std::vector<ArgSpec> specs) {
    return [name, f, specs = std::move(specs)](const ValueList& args) mutable -> Value {
        std::vector<Value> full = CompleteArguments(name, args, sizeof...(A), specs);
        return InvokeWith<Fn, R, A...>(name, f, full, std::index_sequence_for<A...>{});
    };
}

template <class T>
std::string TypeName() {
    std::string n = Caster<Bare<T>>::name();
    return n;
}
template <class R, class... A>
std::string Signature() {
    std::string s = "(";
    size_t k = 0;
    ((s += (k++ ? ", " : "") + TypeName<A>()), ...);
    (void)k;
    return s + ")";
}

template <class T>
struct LambdaTraits : LambdaTraits<decltype(&T::operator())> {};
template <class C, class R, class... A>
struct LambdaTraits<R (C::*)(A...) const> {
    using Result = R;
    using Args = std::tuple<A...>;
};
template <class C, class R, class... A>
struct LambdaTraits<R (C::*)(A...)> {
    using Result = R;
    using Args = std::tuple<A...>;
};

}  // namespace detail
}  // namespace akg_shim

namespace pybind11 {

class arg_v;
// py::arg("name") and py::arg("name") = default.
class arg {
public:
    constexpr explicit arg(const char* name = nullptr) : name_(name) {}
    template <class T>
    arg_v operator=(T&& value) const;
    arg& noconvert(bool = true) { return *this; }
    arg& none(bool = true) { return *this; }
    const char* name() const { return name_; }

private:
    const char* name_;
};
class arg_v : public arg {
public:
    arg_v(const arg& a, akg::pyshim::Value v) : arg(a), value_(std::move(v)) {}
    const akg::pyshim::Value& value() const { return value_; }

private:
    akg::pyshim::Value value_;
};
template <class T>
arg_v arg::operator=(T&& value) const {
    return arg_v(*this, akg_shim::detail::ToValue(std::forward<T>(value)));
}
namespace literals {
inline arg operator""_a(const char* name, size_t) { return arg(name); }
}  // namespace literals

enum class return_value_policy : uint8_t { automatic = 0, automatic_reference, take_ownership, copy, move, reference, reference_internal };
template <class... T>
struct call_guard {};
struct gil_scoped_release {};
struct gil_scoped_acquire {};

class module_ {
public:
    explicit module_(const char* name, const char* doc = nullptr) : name_(name ? name : ""), doc_(doc ? doc : "") {}
    // m.doc() = "...";
    std::string& doc() { return doc_; }
    const std::string& module_name() const { return name_; }

    template <class R, class... A, class... Extra>
    module_& def(const char* name, R (*f)(A...), const Extra&... extra) {
        Register<R, A...>(name, f, extra...);
        return *this;
    }
    template <class F, class... Extra, std::enable_if_t<std::is_class<std::decay_t<F>>::value, int> = 0>
    module_& def(const char* name, F&& f, const Extra&... extra) {
        using Traits = akg_shim::detail::LambdaTraits<std::decay_t<F>>;
        RegisterLambda<typename Traits::Result>(name, std::decay_t<F>(std::forward<F>(f)),
                                                static_cast<typename Traits::Args*>(nullptr), extra...);
        return *this;
    }
    module_ def_submodule(const char* name, const char* doc = nullptr) {
        return module_((name_ + "." + (name ? name : "")).c_str(), doc);
    }

private:
    template <class R, class... A, class Fn, class... Extra>
    void Register(const char* name, Fn f, const Extra&... extra) {
        std::vector<akg_shim::detail::ArgSpec> specs;
        std::string doc;
        (Collect(specs, doc, extra), ...);
        akg_shim::detail::RegisterFunction(name_, name,
                                           akg_shim::detail::MakeInvoker<R, A...>(name, f, std::move(specs)), doc,
                                           akg_shim::detail::Signature<R, A...>());
    }
    template <class R, class F, class... A, class... Extra>
    void RegisterLambda(const char* name, F f, std::tuple<A...>*, const Extra&... extra) {
        Register<R, A...>(name, std::move(f), extra...);
    }
    static void Collect(std::vector<akg_shim::detail::ArgSpec>& specs, std::string&, const arg& a) {
        specs.push_back({a.name() ? a.name() : "", false, {}});
    }
    static void Collect(std::vector<akg_shim::detail::ArgSpec>& specs, std::string&, const arg_v& a) {
        specs.push_back({a.name() ? a.name() : "", true, a.value()});
    }
    static void Collect(std::vector<akg_shim::detail::ArgSpec>&, std::string& doc, const char* d) {
        if (d) doc = d;
    }
    template <class T>
    static void Collect(std::vector<akg_shim::detail::ArgSpec>&, std::string&, const T&) {}

    std::string name_;
    std::string doc_;
};
using module = module_;

}  // namespace pybind11

namespace py = pybind11;

// PYBIND11_MODULE(name, m) { m.def(...); }: the body runs when the library is loaded (static
// initialisation) and again whenever akg_pyshim_init_<name>() is called; each run replaces the
// functions the module registered before. The static initialiser calls the library's own
// (internal) registration function, so it cannot be interposed by another glue library.
#define PYBIND11_MODULE(name, variable)                                                   \
    static void akg_pybind11_init_##name(::pybind11::module_& variable);                   \
    static void akg_pybind11_register_##name() {                                           \
        ::akg_shim::detail::BeginModule(#name);                                            \
        ::pybind11::module_ akg_pybind11_module_##name(#name);                             \
        akg_pybind11_init_##name(akg_pybind11_module_##name);                              \
    }                                                                                      \
    extern "C" __attribute__((visibility("default"))) void akg_pyshim_init_##name() {      \
        akg_pybind11_register_##name();                                                    \
    }                                                                                      \
    namespace {                                                                            \
    struct AkgPybind11Registrar_##name {                                                   \
        AkgPybind11Registrar_##name() { akg_pybind11_register_##name(); }                  \
    } akg_pybind11_registrar_##name;                                                       \
    }                                                                                      \
    static void akg_pybind11_init_##name(::pybind11::module_& variable)
