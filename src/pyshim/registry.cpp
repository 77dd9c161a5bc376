// The process-global side of the pybind shim: the registry PYBIND11_MODULE fills, Call, and the
// EXEC_NPU_CMD hook.
#include <mutex>
#include <new>

#include "akg_shim/npu.h"
#include "akg_shim/pybind.h"

namespace akg::pyshim {
namespace {

struct Overload {
    std::string module;
    akg_shim::detail::Invoker invoker;
    std::string doc;
    std::string signature;
};

struct Registry {
    std::mutex mu;
    std::vector<std::string> order;                         // names, first registration first
    std::map<std::string, std::vector<Overload>> functions;  // name -> overloads, in m.def order
};

Registry& GetRegistry() {
    static Registry registry;
    return registry;
}

struct HookSlot {
    std::mutex mu;
    ExecHook hook;
};

HookSlot& GetHookSlot() {
    static HookSlot slot;
    return slot;
}

// Objects ConvertType & co. created for the glue; see akg_shim::detail::KeepAlive.
thread_local std::vector<std::shared_ptr<void>> t_keepAlive;
thread_local int t_callDepth = 0;

void ReleaseIfOutsideCall() {
    if (t_callDepth == 0) t_keepAlive.clear();
}

struct CallScope {
    CallScope() { ++t_callDepth; }
    ~CallScope() {
        if (--t_callDepth == 0) t_keepAlive.clear();
    }
};

}  // namespace

void SetExecHook(ExecHook hook) {
    HookSlot& slot = GetHookSlot();
    std::lock_guard<std::mutex> lock(slot.mu);
    slot.hook = std::move(hook);
}

std::vector<std::string> RegisteredFunctions() {
    Registry& r = GetRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    return r.order;
}

void ClearRegistrations() {
    Registry& r = GetRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    r.order.clear();
    r.functions.clear();
}

Value Call(const std::string& name, const ValueList& args) {
    std::vector<Overload> overloads;
    {
        Registry& r = GetRegistry();
        std::lock_guard<std::mutex> lock(r.mu);
        auto it = r.functions.find(name);
        if (it == r.functions.end()) {
            std::string known;
            for (const std::string& n : r.order) known += (known.empty() ? "" : ", ") + n;
            throw std::runtime_error("pyshim: no function named '" + name + "' is registered (registered: " +
                                     (known.empty() ? "none" : known) + ")");
        }
        overloads = it->second;
    }
    CallScope scope;
    std::string mismatches;
    for (Overload& o : overloads) {
        try {
            return o.invoker(args);
        } catch (const akg_shim::detail::ArgumentMismatch& e) {
            if (overloads.size() == 1) throw;
            mismatches += "\n    " + name + o.signature + ": " + e.what();
        } catch (const std::bad_alloc&) {
            throw;  // a limit of the process, not an error of the call: it keeps its type
        } catch (const std::exception& e) {
            throw std::runtime_error(name + ": " + e.what());
        } catch (...) {
            throw std::runtime_error(name + ": unknown exception");
        }
    }
    throw akg_shim::detail::ArgumentMismatch(name + "(): incompatible function arguments; tried:" + mismatches);
}

}  // namespace akg::pyshim

namespace akg_shim::detail {

using akg::pyshim::GetHookSlot;
using akg::pyshim::GetRegistry;

ArgumentMismatch::ArgumentMismatch(const std::string& msg) : std::runtime_error(msg) {}
ArgumentMismatch::~ArgumentMismatch() = default;

void BeginModule(const std::string& module) {
    auto& r = GetRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    for (auto it = r.functions.begin(); it != r.functions.end();) {
        auto& list = it->second;
        list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& o) { return o.module == module; }),
                   list.end());
        if (list.empty()) {
            const std::string name = it->first;
            r.order.erase(std::remove(r.order.begin(), r.order.end(), name), r.order.end());
            it = r.functions.erase(it);
        } else {
            ++it;
        }
    }
}

void RegisterFunction(const std::string& module, const std::string& name, Invoker invoker, const std::string& doc,
                      const std::string& signature) {
    auto& r = GetRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    auto& list = r.functions[name];
    if (list.empty()) r.order.push_back(name);
    list.push_back({module, std::move(invoker), doc, signature});
}

const char* KindName(Value::Kind kind) {
    switch (kind) {
        case Value::Kind::None: return "None";
        case Value::Kind::Bool: return "bool";
        case Value::Kind::Int: return "int";
        case Value::Kind::Float: return "float";
        case Value::Kind::String: return "str";
        case Value::Kind::Tensor: return "Tensor";
        case Value::Kind::List: return "list";
    }
    return "?";
}

void ThrowMismatch(const std::string& function, size_t index, const std::string& expected, const Value& got,
                   const std::string& detail) {
    std::string msg = function + "(): incompatible argument at index " + std::to_string(index) + ": expected " +
                      expected + ", got " + KindName(got.kind);
    if (!detail.empty()) msg += " (" + detail + ")";
    throw ArgumentMismatch(msg);
}

std::vector<Value> CompleteArguments(const std::string& fn, const ValueList& args, size_t arity,
                                     const std::vector<ArgSpec>& specs) {
    if (args.size() == arity) return args;
    if (args.size() < arity && specs.size() == arity) {
        std::vector<Value> full = args;
        for (size_t k = args.size(); k < arity; ++k) {
            if (!specs[k].hasDefault)
                throw ArgumentMismatch(fn + "(): missing argument at index " + std::to_string(k) +
                                       (specs[k].name.empty() ? "" : " ('" + specs[k].name + "')"));
            full.push_back(specs[k].defaultValue);
        }
        return full;
    }
    throw ArgumentMismatch(fn + "(): expected " + std::to_string(arity) + " argument" + (arity == 1 ? "" : "s") +
                           ", got " + std::to_string(args.size()));
}

void KeepAlive(std::shared_ptr<void> object) { akg::pyshim::t_keepAlive.push_back(std::move(object)); }

void RunExecHook(const char* api, std::vector<akg::pyshim::AclArg>& args) {
    akg::pyshim::ExecHook hook;
    {
        auto& slot = GetHookSlot();
        std::lock_guard<std::mutex> lock(slot.mu);
        hook = slot.hook;
    }
    if (!hook) {
        akg::pyshim::ReleaseIfOutsideCall();
        throw std::runtime_error(std::string("EXEC_NPU_CMD(") + api +
                                 "): no exec hook is set (akg::pyshim::SetExecHook)");
    }
    std::string error;
    bool ok = false;
    try {
        ok = hook(api, args, &error);
    } catch (...) {
        akg::pyshim::ReleaseIfOutsideCall();
        throw;
    }
    akg::pyshim::ReleaseIfOutsideCall();
    if (!ok) throw std::runtime_error(std::string(api) + " failed: " + (error.empty() ? "the exec hook reported an error" : error));
}

akg::pyshim::AclArg ScalarArg(const at::Scalar& s) {
    akg::pyshim::AclArg a;
    a.kind = akg::pyshim::AclArg::Kind::Scalar;
    a.scalarType = c10::ToGeDataType(s.type());
    a.f = s.toDouble();
    a.i = s.toLong();
    a.b = s.toBool();
    return a;
}

akg::pyshim::AclArg TensorScalarArg(const at::Tensor& t) {
    TORCH_CHECK(t.defined(), "ConvertTensorToAclScaler: the tensor is undefined");
    TORCH_CHECK(t.numel() == 1, "ConvertTensorToAclScaler: expected a tensor with one element, got ", t.numel());
    akg::pyshim::AclArg a = ScalarArg(t.item());
    a.scalarType = t.shim_data().dtype;
    return a;
}

}  // namespace akg_shim::detail
