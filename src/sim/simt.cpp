// The SIMT programming model of Ascend 950: asc_vf_call runs a VF on every thread of one thread
// block of the calling vector core (docs/simt.md).
//
// Threads run one after another on the core's context. Kernels built for a SIMT platform are
// compiled with GCC's kernel-address instrumentation in callback mode (src/build/builder.cpp),
// so each load and store of their code calls the __asan_* functions below; while a VF runs,
// those check the access like any other (GM bounds, local memory) and count it for the cost
// model. Outside a VF they return at once.
#include <cstddef>

#include "sim/race.h"
#include "sim/runtime.h"
#include "akg/sim/simt.h"

dim3 threadIdx;
dim3 blockDim;
dim3 blockIdx;
dim3 gridDim;

namespace akg::sim {

namespace {

// The thread-block limit of the SIMT programming model (blockDim.x * y * z <= 2048).
constexpr uint64_t kMaxBlockThreads = 2048;
struct VfState {
    bool active = false;
    uint64_t accesses = 0;
    uint64_t gmBytes = 0;
};
VfState g_vf;

}  // namespace

// One access of kernel code: checked and counted while a VF runs.
void OnAccess(const void* p, uint64_t bytes, bool write, const void* caller) {
    if (!g_vf.active) return;
    ++g_vf.accesses;
    const auto addr = reinterpret_cast<uintptr_t>(p);
    // A thread running off a GM tensor lands in its slack or guard page: that is a GM access to
    // report, not host memory to ignore.
    Mem m = Mem::GM;
    if (!NearGmTensor(addr)) {
        m = LocalMemOfAddress(Cur(), addr);
        if (m == Mem::COUNT) return;  // the thread's own stack, the tiling data, other host memory
    }
    Instr in(InstrId::SimtThreadAccess, caller);
    if (write)
        in.Write(m, p, bytes);
    else
        in.Read(m, p, bytes);
    CheckInstr(in);
    if (m != Mem::GM) return;
    g_vf.gmBytes += bytes;
    if (Rt().race) Rt().race->OnInstr(Cur().idx, in);
}

namespace {

// Ends the VF state however the VF ends (a fatal diagnostic unwinds through it).
struct VfScope {
    VfScope() { g_vf = VfState{true, 0, 0}; }
    ~VfScope() { g_vf.active = false; }
};

}  // namespace

void SimtRun(uint32_t x, uint32_t y, uint32_t z, void (*body)(void*), void* ctx, const void* caller) {
    const PlatformSpec& p = Rt().platform;
    if (!p.simt)
        Fatal("SOC_UNSUPPORTED", caller,
              Format("asc_vf_call: %s has no SIMT unit (the SIMT programming model is Ascend 950's)",
                     p.socVersion.c_str()));
    const uint64_t threads = uint64_t(x) * y * z;
    if (threads == 0 || threads > kMaxBlockThreads)
        Fatal("SIMT_THREADS_RANGE", caller,
              Format("asc_vf_call with a thread block of %u x %u x %u = %llu threads: a block holds 1 to %llu", x, y,
                     z, static_cast<unsigned long long>(threads), static_cast<unsigned long long>(kMaxBlockThreads)));
    blockDim = dim3(x, y, z);
    blockIdx = dim3(uint32_t(BlockIdx()));
    gridDim = dim3(uint32_t(BlockNum()));
    uint64_t accesses = 0, gmBytes = 0;
    {
        VfScope scope;
        for (uint32_t k = 0; k < z; ++k)
            for (uint32_t j = 0; j < y; ++j)
                for (uint32_t i = 0; i < x; ++i) {
                    threadIdx = dim3(i, j, k);
                    body(ctx);
                }
        accesses = g_vf.accesses;
        gmBytes = g_vf.gmBytes;
    }
    // One instruction of the vector core for the whole VF: the cost model times it from the
    // thread accesses and charges its GM bytes on the shared GM path (docs/cost-model.md).
    Instr in(InstrId::AscVfCall, caller);
    in.elements = accesses;
    in.bytes = gmBytes;
    in.repeats = uint32_t(threads);
    Issue(in);
}

}  // namespace akg::sim

// GCC's kernel-address instrumentation (-fsanitize=kernel-address with
// asan-instrumentation-with-call-threshold=0) calls these for every load and store of the
// kernel's code; the return address is the access in the user's source.
#define AKG_SIMT_ACCESS_HOOKS(n)                                                                      \
    extern "C" void __asan_load##n##_noabort(void* p) {                                             \
        akg::sim::OnAccess(p, n, false, __builtin_return_address(0));                                \
    }                                                                                                 \
    extern "C" void __asan_store##n##_noabort(void* p) {                                            \
        akg::sim::OnAccess(p, n, true, __builtin_return_address(0));                                 \
    }
AKG_SIMT_ACCESS_HOOKS(1)
AKG_SIMT_ACCESS_HOOKS(2)
AKG_SIMT_ACCESS_HOOKS(4)
AKG_SIMT_ACCESS_HOOKS(8)
AKG_SIMT_ACCESS_HOOKS(16)
#undef AKG_SIMT_ACCESS_HOOKS

extern "C" void __asan_loadN_noabort(void* p, size_t n) {
    akg::sim::OnAccess(p, n, false, __builtin_return_address(0));
}
extern "C" void __asan_storeN_noabort(void* p, size_t n) {
    akg::sim::OnAccess(p, n, true, __builtin_return_address(0));
}
// The instrumentation's bookkeeping around noreturn calls and the dynamic initialisation of
// globals; the simulator keeps no shadow memory, so there is nothing to do.
extern "C" void __asan_handle_no_return() {}
extern "C" void __asan_before_dynamic_init(const char*) {}
extern "C" void __asan_after_dynamic_init() {}
