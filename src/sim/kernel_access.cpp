// The kernel's own loads and stores: what its code reads and writes through raw pointers (a
// `__gm__ T*` from GM_ADDR arithmetic or GlobalTensor::GetPhyAddr, a cast of a LocalTensor's
// address, the reference GlobalTensor::operator() returns), as opposed to the memory an API call
// moves, which that call issues itself.
//
// Every kernel is compiled with the kernel-address instrumentation in callback mode
// (src/build/compile.cpp, KernelAccessFlags), so each load and store of its code calls the
// __asan_* functions below before it happens. An access to a GM tensor or to the running core's
// local memory becomes an instruction of the stream: a scalar load or store on the scalar pipe,
// bounds-checked like any other (GM_READ_OOB / GM_WRITE_OOB with the access's line), timed by the
// cost model (scalar GM accesses through the core's data cache, docs/cost-model.md) and seen by
// the race detector. Everything else the code touches (its stack, the host objects behind TPipe
// and TQue, tiling structs) is not device memory and returns at once. The API's own accessors
// (AKG_API functions, which issue their access before making it) are not instrumented.
#include <cstddef>
#include <cstring>

#include "sim/runtime.h"

namespace akg::sim {

namespace {

void KernelAccess(const void* p, uint64_t bytes, bool write, const void* caller) {
    Runtime* rt = RtIfLaunched();
    if (!rt || !rt->cur) return;  // host code (a direct-launch program's main, static initialisers)
    if (SimtAccess(p, bytes, write, caller)) return;
    Core& c = *rt->cur;
    const auto addr = reinterpret_cast<uintptr_t>(p);
    const auto stack = reinterpret_cast<uintptr_t>(c.stack);
    if (addr >= stack && addr < stack + c.stackSize) return;
    // A raw pointer running off a GM tensor lands in its slack or guard page: that is a GM access
    // to report, not host memory to ignore.
    Mem m = Mem::GM;
    if (!NearGmTensor(addr)) {
        m = LocalMemOfAddress(c, addr);
        if (m == Mem::COUNT) return;
    }
    Instr in(write ? InstrId::RawStore : InstrId::RawLoad, caller);
    in.bytes = bytes;
    if (write)
        in.Write(m, p, bytes);
    else
        in.Read(m, p, bytes);
    in.acc[0].element = true;
    Issue(in);
}

}  // namespace

}  // namespace akg::sim

// The instrumentation's entry points; the return address is the access in the user's code.
#define AKG_KERNEL_ACCESS_HOOKS(n)                                                                    \
    extern "C" void __asan_load##n##_noabort(void* p) {                                             \
        akg::sim::KernelAccess(p, n, false, __builtin_return_address(0));                            \
    }                                                                                                 \
    extern "C" void __asan_store##n##_noabort(void* p) {                                            \
        akg::sim::KernelAccess(p, n, true, __builtin_return_address(0));                             \
    }
AKG_KERNEL_ACCESS_HOOKS(1)
AKG_KERNEL_ACCESS_HOOKS(2)
AKG_KERNEL_ACCESS_HOOKS(4)
AKG_KERNEL_ACCESS_HOOKS(8)
AKG_KERNEL_ACCESS_HOOKS(16)
#undef AKG_KERNEL_ACCESS_HOOKS

extern "C" void __asan_loadN_noabort(void* p, size_t n) {
    akg::sim::KernelAccess(p, n, false, __builtin_return_address(0));
}
extern "C" void __asan_storeN_noabort(void* p, size_t n) {
    akg::sim::KernelAccess(p, n, true, __builtin_return_address(0));
}
// clang's kernel-address instrumentation calls these for the kernel's memcpy/memset/memmove
// (asan-kernel-mem-intrinsic-prefix): a copy through raw pointers is the scalar unit's work too.
extern "C" void* __asan_memcpy(void* d, const void* s, size_t n) {
    akg::sim::KernelAccess(s, n, false, __builtin_return_address(0));
    akg::sim::KernelAccess(d, n, true, __builtin_return_address(0));
    return std::memcpy(d, s, n);
}
extern "C" void* __asan_memmove(void* d, const void* s, size_t n) {
    akg::sim::KernelAccess(s, n, false, __builtin_return_address(0));
    akg::sim::KernelAccess(d, n, true, __builtin_return_address(0));
    return std::memmove(d, s, n);
}
extern "C" void* __asan_memset(void* d, int c, size_t n) {
    akg::sim::KernelAccess(d, n, true, __builtin_return_address(0));
    return std::memset(d, c, n);
}
// The instrumentation's bookkeeping around noreturn calls and the dynamic initialisation of
// globals; the simulator keeps no shadow memory, so there is nothing to do.
extern "C" void __asan_handle_no_return() {}
extern "C" void __asan_before_dynamic_init(const char*) {}
extern "C" void __asan_after_dynamic_init() {}
