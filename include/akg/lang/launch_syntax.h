// Targets of the builder's rewrite of bisheng's `kernel<<<blockDim, l2ctrl, stream>>>(args)`.
//
// In a direct-launch program (a host main that calls kernels, `akgen run <file.asc|dir>`) the
// launch becomes `::akg::KernelLaunch("kernel", blockDim, l2ctrl, stream).Run(kernel, args)`:
// typed, so template kernels and by-value arguments work as with CANN. The kernel runs at once
// on simulated cores of the default platform: launches are synchronous here, so
// aclrtSynchronizeStream has nothing left to wait for.
//
// In an operator project, a launch stub is dead code CANN never compiles for the host; it may
// name a kernel that does not exist, so there the launch becomes
// `::akg::LaunchKernelNamed("kernel", blockDim, l2ctrl, stream)(args)`, which finds the C-linkage
// kernel by name at run time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>

namespace akg {

// Runs the C-linkage kernel `name` of the library containing `caller` with `nargs` pointer
// arguments on blockDim simulated cores; reports diagnostics on stderr. Returns false if the
// kernel was not found or did not complete cleanly.
bool LaunchNamedOnSimulator(const char* name, void** args, size_t nargs, uint32_t blockDim, const void* caller);

// Runs `entry(args)` on the cores a launch of `kernel` (its address, for its kernel type) with
// blockDim needs; reports diagnostics on stderr. False if it did not complete cleanly.
bool LaunchOnSimulator(const char* name, const void* kernel, uint32_t blockDim, void (*entry)(void**), void** args,
                       size_t nargs);

class NamedKernelLaunch {
public:
    NamedKernelLaunch(const char* name, uint32_t blockDim) : name_(name), blockDim_(blockDim) {}
    template <typename... A>
    __attribute__((noinline)) bool operator()(A... a) const {
        void* args[] = {(void*)(a)..., nullptr};
        return LaunchNamedOnSimulator(name_, args, sizeof...(A), blockDim_, __builtin_return_address(0));
    }

private:
    const char* name_;
    uint32_t blockDim_;
};

template <typename L, typename S>
NamedKernelLaunch LaunchKernelNamed(const char* name, uint32_t blockDim, L /*l2ctrl*/, S /*stream*/) {
    return NamedKernelLaunch(name, blockDim);
}

namespace detail {
// A launch argument converts to its parameter's type only as in a call (implicitly).
template <typename P>
P AsParameter(P value) {
    return value;
}
// Every core calls the kernel with the same argument values: args = {kernel, &tuple}.
template <typename... P>
void InvokeKernel(void** a) {
    std::apply(reinterpret_cast<void (*)(P...)>(a[0]), *static_cast<std::tuple<P...>*>(a[1]));
}
}  // namespace detail

class KernelLaunch {
public:
    template <typename L, typename S>
    KernelLaunch(const char* name, uint32_t blockDim, L /*l2ctrl*/, S /*stream*/) : name_(name), blockDim_(blockDim) {}
    // The arguments convert to the kernel's parameter types as in a call.
    template <typename... P, typename... A>
    bool Run(void (*kernel)(P...), A&&... a) const {
        static_assert(sizeof...(P) == sizeof...(A), "kernel launch with the wrong number of arguments");
        std::tuple<P...> values(detail::AsParameter<P>(std::forward<A>(a))...);
        void* args[] = {reinterpret_cast<void*>(kernel), &values};
        return LaunchOnSimulator(name_, reinterpret_cast<const void*>(kernel), blockDim_, &detail::InvokeKernel<P...>,
                                 args, 2);
    }

private:
    const char* name_;
    uint32_t blockDim_;
};

}  // namespace akg
