// The SIMT programming model of Ascend 950: asc_vf_call runs a VF on every thread of one thread
// block of the calling vector core (docs/simt.md).
//
// Threads run one after another on the core's context. Every kernel's loads and stores reach the
// simulator through the access instrumentation (src/sim/kernel_access.cpp); while a VF runs,
// SimtAccess checks each like any other access (GM bounds, local memory) and counts it for the
// cost model.
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

bool SimtAccess(const void* p, uint64_t bytes, bool write, const void* caller) {
    if (!g_vf.active) return false;
    ++g_vf.accesses;
    Instr in(InstrId::SimtThreadAccess, caller);
    if (!PointerAccess(p, bytes, write, in)) return true;
    CheckInstr(in);
    if (in.acc[0].mem != Mem::GM) return true;
    g_vf.gmBytes += bytes;
    if (Rt().race) Rt().race->OnInstr(Cur().idx, in);
    return true;
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
