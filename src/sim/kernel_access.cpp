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
//
// g++ checks an address once per basic block and does not say whether the second access writes
// (clang is told not to merge, KernelAccessFlags): the store of a read-modify-write `p[i] += v`
// calls no hook. The core's latest loads keep the bytes they read, and a change found at its next
// hook or API instruction is that store (IssuePendingStores). A store of the bytes already there
// stays unseen; it changes nothing but the time. A GM store is issued at the same point, once its
// bytes have landed: cores storing the same bytes to the same place (a flag every core raises, an
// output every core zero-fills) do not race, as with SetValue.
#include <cstddef>
#include <cstring>
#include <vector>

#include "sim/runtime.h"

namespace akg::sim {

namespace {

// How many of the latest loads are kept: the unreported store follows its load in the same basic
// block, before any call of the API.
constexpr size_t kLoadsKept = 16;

void IssueRawStore(const Core::RawAccess& s) {
    const void* p = reinterpret_cast<const void*>(s.addr);
    Instr in(InstrId::RawStore, s.caller);
    in.Write(s.mem, p, s.bytes);
    in.bytes = s.bytes;
    in.acc[0].element = true;
    in.kernelCode = true;
    Issue(in);
}

// Everything pending has happened by the core's next hook or API instruction. The pending store
// is issued. A load whose bytes changed was followed by a store of this core that called no hook:
// no other core runs until this one blocks, which only an API call does, and an API instruction
// settles first. It becomes that store, at the load's line (the same basic block).
void IssuePendingStores(Core& c) {
    for (size_t i = 0; i < c.rawPending.size();) {
        const Core::RawAccess a = c.rawPending[i];
        if (!a.store && std::memcmp(reinterpret_cast<const void*>(a.addr), a.value, a.bytes) == 0) {
            ++i;
            continue;
        }
        c.rawPending.erase(c.rawPending.begin() + std::ptrdiff_t(i));
        IssueRawStore(a);
    }
}

// A GM store that lands inside its tensor's mapping (the tensor or its slack) waits until it has
// landed; one past that would fault on the guard page, and is issued (and stopped) first.
bool LandsInGm(uintptr_t addr, uint64_t bytes) {
    const GmRegion* r = FindGm(addr);
    return r && addr + bytes <= r->slackEnd;
}

void KernelAccess(const void* p, uint64_t bytes, bool write, const void* caller) {
    Runtime* rt = RtIfLaunched();
    if (!rt || !rt->cur) return;  // host code (a direct-launch program's main, static initialisers)
    if (SimtAccess(p, bytes, write, caller)) return;
    Core& c = *rt->cur;
    if (!c.rawPending.empty()) IssuePendingStores(c);
    Instr in(write ? InstrId::RawStore : InstrId::RawLoad, caller);
    if (!PointerAccess(p, bytes, write, in)) return;
    const auto addr = reinterpret_cast<uintptr_t>(p);
    const Mem mem = in.acc[0].mem;
    Core::RawAccess pending{addr, mem, write, uint8_t(bytes), {}, caller};
    if (write) {
        // This store changes the bytes of the loads it overlaps itself.
        std::erase_if(c.rawPending, [&](const Core::RawAccess& l) { return l.addr < addr + bytes && addr < l.addr + l.bytes; });
        if (mem == Mem::GM && bytes <= sizeof(pending.value) && LandsInGm(addr, bytes)) {
            c.rawPending.push_back(pending);
            return;
        }
    }
    in.bytes = bytes;
    in.acc[0].element = true;
    in.kernelCode = true;
    if (!Issue(in) || write) return;
    if (bytes > sizeof(pending.value)) return;  // a memcpy's source: copies are reported whole
    if (c.rawPending.size() == kLoadsKept) c.rawPending.erase(c.rawPending.begin());  // loads only here
    std::memcpy(pending.value, p, bytes);
    c.rawPending.push_back(pending);
}

}  // namespace

void SettleRawAccesses(Core& c) {
    IssuePendingStores(c);
    c.rawPending.clear();
}

bool PointerAccess(const void* p, uint64_t bytes, bool write, Instr& in) {
    Core& c = Cur();
    const auto addr = reinterpret_cast<uintptr_t>(p);
    const auto stack = reinterpret_cast<uintptr_t>(c.stack);
    if (addr >= stack && addr < stack + c.stackSize) return false;  // most accesses: the fast way out
    Mem m = Mem::GM;
    if (!NearGmTensor(addr)) {
        m = LocalMemOfAddress(c, addr);
        if (m == Mem::COUNT) return false;
    }
    if (write)
        in.Write(m, p, bytes);
    else
        in.Read(m, p, bytes);
    return true;
}

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
