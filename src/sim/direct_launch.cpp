// Direct kernel launches from host code (`kernel<<<...>>>(...)` after the builder's rewrite):
// the kernel's type decides which cores run, the cost model times the launch, and diagnostics
// go to stderr. With $AKGEN_LAUNCH_REPORT set, each launch appends one JSON line to that file
// (how `akgen run` learns what a program's launches did).
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

#include "akg/launch/cost.h"
#include "akg/launch/launch.h"
#include "akg/lang/launch_syntax.h"
#include "sim/runtime.h"

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

std::string JsonString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) < 0x20) {
            out += sim::Format("\\u%04x", c);
            continue;
        }
        out += c;
    }
    return out + "\"";
}

}  // namespace

bool LaunchOnSimulator(const char* name, const void* kernel, uint32_t blockDim, void (*entry)(void**), void** args,
                       size_t nargs) {
    // A kernel's type is read from its library once.
    static std::map<const void*, sim::KernelTypeInfo> types;
    auto it = types.find(kernel);
    if (it == types.end()) {
        sim::KernelTypeInfo info;
        std::string error;
        if (!sim::ReadKernelTypeInfo({{kernel}}, {name}, &info, &error))
            std::fprintf(stderr, "akgen: kernel %s: cannot read its kernel type (%s); running it on vector cores\n",
                         name, error.c_str());
        it = types.emplace(kernel, info).first;
    }
    const PlatformSpec platform;
    cost::CostModel model(platform);
    sim::LaunchArgs launch;
    launch.entry = entry;
    launch.args.assign(args, args + nargs);
    launch.blockDim = blockDim;
    launch.kernelType = it->second.For(0);
    sim::LaunchResult r = sim::Launch(platform, launch, {&model});
    for (auto& d : sim::GmCheckSlack()) r.diagnostics.push_back(d);
    for (auto& d : r.diagnostics) {
        std::fprintf(stderr, "%s: error: %s [%s] %s", d.location.empty() ? "<kernel>" : d.location.c_str(),
                     d.code.c_str(), d.category.c_str(), d.message.c_str());
        if (d.count > 1) std::fprintf(stderr, " (%u times)", d.count);
        std::fprintf(stderr, "\n");
    }
    std::fputs(r.deviceLog.c_str(), stdout);
    std::fflush(stdout);
    const cost::KernelTime& time = model.Result();
    const bool ok = r.completed && r.diagnostics.empty();
    const size_t cores = sim::CoreLayout(platform, launch.kernelType, blockDim).size();
    // Per pipe, the mean over cores of its busy time (msprof's *_time columns).
    std::string busy, busyJson;
    for (size_t p = 0; p < cost::kPipes; ++p) {
        const char* pipe = sim::PipeName(sim::Pipe(p));
        busy += sim::Format(" %s %.2f", pipe, time.pipeBusyUs[p]);
        busyJson += sim::Format("%s\"%s\": %.4f", p ? ", " : "", pipe, time.pipeBusyUs[p]);
    }
    std::fprintf(stderr, "akgen: %s<<<%u>>> %s (%s), %zu cores: %s, simulated %.2f us; pipe busy us:%s\n", name,
                 blockDim, sim::KernelTypeName(launch.kernelType), it->second.source.c_str(), cores,
                 ok ? "ok" : (r.deadlock ? "deadlock" : (r.completed ? "diagnostics" : "stopped")), time.kernelUs,
                 busy.c_str());
    if (const char* report = std::getenv("AKGEN_LAUNCH_REPORT"); report && *report) {
        if (FILE* f = std::fopen(report, "a")) {
            std::fprintf(f,
                         "{\"kernel\": %s, \"blockDim\": %u, \"kernelType\": %s, \"cores\": %zu, \"completed\": %s, "
                         "\"deadlock\": %s, \"diagnostics\": %zu, \"kernelUs\": %.4f, \"pipeBusyUs\": {%s}}\n",
                         JsonString(name).c_str(), blockDim, JsonString(sim::KernelTypeName(launch.kernelType)).c_str(),
                         cores, r.completed ? "true" : "false", r.deadlock ? "true" : "false", r.diagnostics.size(),
                         time.kernelUs, busyJson.c_str());
            std::fclose(f);
        }
    }
    return ok;
}

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
    return LaunchOnSimulator(name, kernel, blockDim, &Trampoline, args, nargs);
}

}  // namespace akg
