// Direct kernel launches from host code (`kernel<<<...>>>(...)` after the builder's rewrite).
#include <dlfcn.h>

#include <cstdio>
#include <utility>

#include "akg/launch.h"
#include "akg/launch_syntax.h"

namespace akg {

namespace {

constexpr size_t kMaxArgs = 32;
void* g_kernel = nullptr;
size_t g_nargs = 0;

// Calls the kernel with N pointer arguments; every GM_ADDR parameter is passed like a void*.
template <size_t... I>
void CallN(void** a, std::index_sequence<I...>) {
    using Fn = void (*)(decltype((void)I, (void*)nullptr)...);
    reinterpret_cast<Fn>(g_kernel)(a[I]...);
}
template <size_t... N>
void Dispatch(void** a, std::index_sequence<N...>) {
    ((g_nargs == N ? CallN(a, std::make_index_sequence<N>{}) : void()), ...);
}
void Trampoline(void** a) { Dispatch(a, std::make_index_sequence<kMaxArgs + 1>{}); }

}  // namespace

bool LaunchNamedOnSimulator(const char* name, void** args, size_t nargs, uint32_t blockDim, const void* caller) {
    Dl_info info{};
    void* self = nullptr;
    if (dladdr(caller, &info) && info.dli_fname) self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
    void* kernel = self ? dlsym(self, name) : nullptr;
    if (!kernel || nargs > kMaxArgs) {
        std::fprintf(stderr, "akgen: kernel launch of '%s': no such C-linkage kernel in %s\n", name,
                     info.dli_fname ? info.dli_fname : "the calling library");
        return false;
    }
    g_kernel = kernel;
    g_nargs = nargs;
    sim::LaunchArgs launch;
    launch.entry = &Trampoline;
    launch.args.assign(args, args + nargs);
    launch.blockDim = blockDim;
    sim::LaunchResult r = sim::Launch(PlatformSpec{}, launch);
    for (auto& d : r.diagnostics)
        std::fprintf(stderr, "%s: %s [%s] %s\n", d.location.empty() ? "<kernel>" : d.location.c_str(),
                     d.code.c_str(), d.category.c_str(), d.message.c_str());
    std::fputs(r.deviceLog.c_str(), stdout);
    return r.completed && r.diagnostics.empty();
}

}  // namespace akg
