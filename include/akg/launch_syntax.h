// Target of the builder's rewrite of bisheng's `kernel<<<blockDim, l2ctrl, stream>>>(args)`:
// `::akg::LaunchKernelNamed("kernel", blockDim, l2ctrl, stream)(args)` runs the kernel on
// simulated cores of the default platform and prints its diagnostics. The kernel is found by
// name in the calling library at run time, so a launch stub that names a kernel which does not
// exist (launch stubs in operator projects are dead code that CANN never compiles for the host)
// still compiles, as it does with CANN.
#pragma once

#include <cstddef>
#include <cstdint>

namespace akg {

// Runs the C-linkage kernel `name` of the library containing `caller` with `nargs` pointer
// arguments on blockDim simulated cores; reports diagnostics on stderr. Returns false if the
// kernel was not found or did not complete cleanly.
bool LaunchNamedOnSimulator(const char* name, void** args, size_t nargs, uint32_t blockDim, const void* caller);

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

}  // namespace akg
