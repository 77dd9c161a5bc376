// The interface between the CANN-compatible device headers and the simulator runtime
// (libakg_sim). Every device API call becomes one Instr (design §2): which pipe executes it,
// which memory ranges it touches, how much work it is, and who called it. The runtime checks the
// instruction, records it for the cost model, and only then does the API apply its effect.
#pragma once

#include <cstddef>
#include <cstdint>

#include "akg/sim/cost_class.h"
#include "akg/sim/instr_rows.h"
#include "akg/lang/device_lang.h"

// Two CANN enums this interface only passes through, declared here so that the simulator's
// interface stays below the CANN headers that call it (basic_api/kernel_base_types.h defines them).
enum CoreType : uint8_t;
namespace AscendC {
enum class TPosition : uint8_t;
}

// The caller's return address identifies the user's call site; it is symbolized only when a
// diagnostic is printed. Public API functions are noinline so that the address is the user's,
// and not instrumented: they issue the accesses they make themselves (src/sim/kernel_access.cpp).
#define AKG_API __attribute__((noinline, no_sanitize_address))
#define AKG_CALLER __builtin_return_address(0)

namespace akg::sim {

enum class VecOp : uint16_t;
enum class ReduceOp : uint8_t;
enum class RegOp : uint8_t;

template <typename T, typename... Ts>
inline constexpr bool kOneOf = (std::is_same_v<T, Ts> || ...);

// Element types the runtime computes with (atomic accumulation, vector arithmetic).
enum class DType : uint8_t { U8, I8, U16, I16, F16, BF16, U32, I32, F32, U64, I64, F64, B8 };

template <typename T>
constexpr DType DTypeOf() {
    if constexpr (std::is_same_v<T, half>) return DType::F16;
    else if constexpr (std::is_same_v<T, bfloat16_t>) return DType::BF16;
    else if constexpr (std::is_same_v<T, float>) return DType::F32;
    else if constexpr (std::is_same_v<T, double>) return DType::F64;
    else if constexpr (std::is_same_v<T, bool>) return DType::B8;
    else if constexpr (std::is_signed_v<T> && sizeof(T) == 1) return DType::I8;
    else if constexpr (sizeof(T) == 1) return DType::U8;
    else if constexpr (std::is_signed_v<T> && sizeof(T) == 2) return DType::I16;
    else if constexpr (sizeof(T) == 2) return DType::U16;
    else if constexpr (std::is_signed_v<T> && sizeof(T) == 4) return DType::I32;
    else if constexpr (sizeof(T) == 4) return DType::U32;
    else if constexpr (std::is_signed_v<T> && sizeof(T) == 8) return DType::I64;
    else return DType::U64;
}

// One memory range an instruction reads or writes. `align` is the alignment in bytes the API
// requires of the start address; `granule` is the unit it moves (32 for DataCopy, which cannot
// express a partial block, 1 for byte-precise DataCopyPad and scalar accesses).

struct Access {
    uintptr_t addr = 0;
    uint64_t bytes = 0;
    Mem mem = Mem::GM;
    bool write = false;
    uint16_t align = 1;
    uint16_t granule = 1;
    // A scalar access of one element: it reads exactly its bytes, so a read past the tensor's end
    // is out of bounds even inside the device allocation (a DMA read may round up to it).
    bool element = false;
    // The bytes of the span a strided transfer touches: `bursts` runs of `burst` bytes whose starts
    // lie `burstStride` apart, the whole repeated `loops[i]` times `loopStride[i]` apart (Ascend
    // 950's DMA loop registers). bursts == 0: every byte of the span. Only the race detector reads
    // the pattern (a core's columns of every row are not the other cores' columns); the checker
    // and the cost model use the span.
    uint32_t bursts = 0;
    uint64_t burst = 0, burstStride = 0;
    uint32_t loops[2] = {1, 1};
    uint64_t loopStride[2] = {0, 0};
};

// Built in one place, from its row (instr_rows.h, instr_table.h): the row gives the API name, the
// pipe, the timing, the ordering and the cost class; the family then adds its accesses and work
// counts.
struct Instr {
    Instr(InstrId id, const void* caller) : Instr(RowOf(id), RowOf(id).api, RowOf(id).pipe, caller) {}
    // A family row: the instruction carries the public name the kernel called.
    Instr(InstrFamily id, const char* calledAs, const void* caller)
        : Instr(RowOf(id), calledAs, RowOf(id).pipe, caller) {}
    // A sync row: the kernel's operands name the pipe.
    Instr(SyncInstr id, Pipe pipe, const void* caller) : Instr(RowOf(id), RowOf(id).api, pipe, caller) {}
    // Rows of the vector tables (defined in instr_table.h); an element-wise op is named as the
    // kernel called it (the CANN API or its CCE intrinsic).
    Instr(VecOp op, const char* calledAs, const void* caller);
    Instr(ReduceOp op, const void* caller);
    Instr(RegOp op, const void* caller);

    const char* api = "";
    Pipe pipe = Pipe::S;
    Timing timing = Timing::Scalar;
    uint8_t nacc = 0;
    Access acc[5];  // MrgSort: a destination and four source lists
    uint64_t bytes = 0;     // bytes moved (DMA) or touched (vector)
    uint32_t repeats = 0;   // vector repeats; DMA bursts (blockCount)
    uint64_t elements = 0;  // elements computed
    CostClass costClass = CostClass::Simple;  // the instruction table row's cost class
    SyncKind sync = SyncKind::None;
    Pipe syncSrc = Pipe::S, syncDst = Pipe::S;  // SetFlag/WaitFlag/Barrier endpoints
    int32_t eventId = 0;
    // Cross-core flags: a CrossCoreSetFlag's launch-wide id (from 1), and on a CrossCoreWaitFlag
    // the ids of the sets that released it (the cost model's cross-core edges).
    uint32_t crossSet = 0;
    const uint32_t* crossReleasedBy = nullptr;
    uint32_t crossReleasedCount = 0;
    // The API requires the length the caller asked for to be a multiple of `lenAlign` bytes.
    uint64_t requestedBytes = 0;
    uint16_t lenAlign = 1;
    // GM writes that accumulate in the DMA's atomic unit (SetAtomicAdd/Max/Min, a Matmul's
    // enAtomic): the AtomicOp as a number (0: plain writes) and the element type. Writes of one op
    // and type land in any order with the same result, so they do not race with each other.
    uint8_t gmAtomic = 0;
    DType gmAtomicType = DType::F32;
    // The GM accesses are a synchronisation protocol's own words (IBSet/IBWait flags, the software
    // SyncAll's slots, GroupBarrier and the deterministic-order helpers' workspaces), which cores
    // poll concurrently by design.
    bool gmSyncWords = false;
    // A cross-core flag's word (Read/WriteGmByPassDCache): the race detector orders a read of the
    // word after the write it read, as a release / acquire pair.
    bool gmFlag = false;
    // Names memory without reading or writing its data (cache maintenance): not a GM access for
    // the race detector.
    bool noData = false;
    // A load or store of the kernel's own code through a raw pointer (src/sim/kernel_access.cpp),
    // not an API call's.
    bool kernelCode = false;
    const void* caller = nullptr;

    Instr& Read(Mem m, const void* a, uint64_t n, uint16_t align = 1, uint16_t granule = 1) {
        return Add(m, a, n, false, align, granule);
    }
    Instr& Write(Mem m, const void* a, uint64_t n, uint16_t align = 1, uint16_t granule = 1) {
        return Add(m, a, n, true, align, granule);
    }
    Instr& Add(Mem m, const void* a, uint64_t n, bool write, uint16_t align, uint16_t granule) {
        if (nacc < 5) {
            Access& x = acc[nacc++];
            x.addr = reinterpret_cast<uintptr_t>(a);
            x.bytes = n;
            x.mem = m;
            x.write = write;
            x.align = align;
            x.granule = granule;
        }
        return *this;
    }
    // The last access added touches `count` bursts of `bytes`, `stride` apart, from its start.
    Instr& Bursts(uint64_t count, uint64_t bytes, uint64_t stride) {
        if (nacc > 0) {
            Access& a = acc[nacc - 1];
            a.bursts = uint32_t(count);
            a.burst = bytes;
            a.burstStride = stride;
        }
        return *this;
    }
    // ... and repeats them `n1` times `stride1` apart, all of that `n2` times `stride2` apart.
    Instr& Loops(uint64_t n1, uint64_t stride1, uint64_t n2, uint64_t stride2) {
        if (nacc > 0) {
            Access& a = acc[nacc - 1];
            a.loops[0] = uint32_t(n1);
            a.loops[1] = uint32_t(n2);
            a.loopStride[0] = stride1;
            a.loopStride[1] = stride2;
        }
        return *this;
    }

private:
    Instr(const InstrRow& row, const char* calledAs, Pipe pipe, const void* caller)
        : api(calledAs), pipe(pipe), timing(row.timing), costClass(row.cost), sync(row.sync), caller(caller) {}
};

// Checks and records one instruction. Returns false when a fatal diagnostic means the effect
// must not be applied (e.g. it would touch memory outside the simulated device).
bool Issue(const Instr& in);

// Raises a diagnostic from an API that detected a protocol violation itself (queue misuse and
// the like). `fatal` aborts the kernel run after recording it.
void Report(const char* code, const void* caller, bool fatal, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));

// Which memory a local position lives in on the current core.
Mem MemOf(AscendC::TPosition pos);

// GlobalTensor::SetL2CacheHint: GM reads of [gm, gm + bytes) by this core bypass L2 (or no
// longer do). Only the cost model reads it; on the device the mode travels with the address.
void HintGmCache(const void* gm, uint64_t bytes, bool bypassL2);

// Per-core system state read by kernels.
int64_t BlockIdx();
int64_t BlockNum();
uint64_t TilingKey();
uint8_t* WorkspaceBase();

}  // namespace akg::sim

// Raw per-core globals of the CCE toolchain; the runtime keeps them current on every core switch.
extern "C" {
extern int64_t block_idx;
extern int64_t block_num;
}

// g_coreType is a built-in constant in CANN, which compiles a kernel once per core type. The
// builder does the same for kernels that need it as a constant (AKG_CORE_TYPE_BUILD is AIC or AIV);
// one build for every core reads the runtime's per-core variable instead.
#ifdef AKG_CORE_TYPE_BUILD
inline constexpr CoreType g_coreType = CoreType(AKG_CORE_TYPE_BUILD);
#else
extern "C" CoreType g_coreType;
#endif
namespace AscendC {
using ::g_coreType;
}
