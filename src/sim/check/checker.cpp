// The checker: every instruction's memory accesses are validated against the rules the hardware
// and toolchain enforce before the instruction's effect is applied (design §2).
#include <algorithm>

#include "basic_api/kernel_operator_tiling_intf.h"
#include "sim/race.h"
#include "sim/runtime.h"
#include "sim/symbolize.h"

namespace akg::sim {

namespace {

void CheckGm(const Instr& in, const Access& a) {
    const char* code = a.write ? "GM_WRITE_OOB" : "GM_READ_OOB";
    const char* verb = a.write ? "writes" : "reads";
    GmRegion* r = FindGm(a.addr);
    if (!r)
        Fatal(code, in.caller,
              Format("%s %s GM at 0x%lx, which is not inside any tensor of this launch", in.api, verb,
                     static_cast<unsigned long>(a.addr)));
    const uintptr_t end = a.addr + a.bytes;
    const unsigned long off = a.addr - r->begin, size = r->end - r->begin;
    if (end > r->slackEnd)
        Fatal(code, in.caller,
              Format("%s %s %lu bytes at offset %lu of GM tensor '%s' (%lu bytes): far past its end", in.api, verb,
                     static_cast<unsigned long>(a.bytes), off, r->name.c_str(), size));
    // DMA reads may touch the tensor's whole device allocation; writes may only round the tensor
    // up to the unit the API moves (a whole 32-byte block for DataCopy); a scalar access, neither.
    const uintptr_t limit = a.write   ? r->begin + (size + a.granule - 1) / a.granule * a.granule
                            : a.element ? r->end
                                        : r->deviceEnd;
    if (end > limit)
        Diag(code, in.caller,
             Format("%s %s %lu bytes at offset %lu of GM tensor '%s', which has only %lu bytes", in.api, verb,
                    static_cast<unsigned long>(a.bytes), off, r->name.c_str(), size));
    if (a.write) r->writtenEnd = std::max(r->writtenEnd, std::min(end, limit));
    if (a.align > 1 && a.addr % a.align)
        Diag("GM_ADDR_MISALIGNED", in.caller,
             Format("%s: GM address at offset %lu of '%s' is not %u-byte aligned", in.api, off, r->name.c_str(),
                    a.align));
}

// Atlas A2 splits the AI core: the cube core (AIC) owns L1, L0A/L0B/L0C, BT and FB, a vector
// core (AIV) owns UB. An instruction touching the other kind's memory cannot run there. A vector
// core is only judged when the kernel declared a type with vector cores: undeclared kernels get
// their type from the compiler, which sees which units they use. A coupled AI core (310P) owns
// every memory; only a KERNEL_TYPE_MIX_VECTOR_CORE kernel, which also runs on the Vector Cores
// (vector and scalar units only) and uses the AI cores as Vector Cores, has no cube memory.
void CheckCoreHasMem(const Instr& in, Mem m) {
    if (Cur().matmulForCube) return;
    const int32_t type = Rt().kernelType;
    const bool cubeMem = m != Mem::UB;
    if (Rt().platform.coupled) {
        if (cubeMem && type == KERNEL_TYPE_MIX_VECTOR_CORE)
            Diag("CORE_TYPE_MISMATCH", in.caller,
                 Format("%s touches %s in a KERNEL_TYPE_MIX_VECTOR_CORE kernel: it runs on the Vector Cores of %s, "
                        "which have only the vector and scalar units (declare KERNEL_TYPE_AICORE for cube work)",
                        in.api, MemName(m), Rt().platform.socVersion.c_str()));
        return;
    }
    if (g_coreType == AIC && !cubeMem)
        Diag("CORE_TYPE_MISMATCH", in.caller,
             Format("%s touches UB on a cube core (AIC): UB and the vector unit belong to the vector cores (AIV)",
                    in.api));
    else if (g_coreType == AIV && cubeMem && type != -1 && type != KERNEL_TYPE_AIC_ONLY &&
             type != KERNEL_TYPE_MIX_AIC_1_0)
        Diag("CORE_TYPE_MISMATCH", in.caller,
             Format("%s touches %s on a vector core (AIV): L1, L0A/L0B/L0C and the bias table belong to the cube "
                    "core (AIC); guard cube code with ASCEND_IS_AIC",
                    in.api, MemName(m)));
}

// L0C holds whatever the last kernel left there: a Fixpipe, or an accumulating Mmad, that reads
// a part no instruction of this core wrote reads garbage (typically the first k step of a loop
// that forgot cmatrixInitVal).
void CheckL0cWritten(Core& c, const Instr& in, const Access& a, uint64_t off) {
    constexpr uint64_t kGranule = 64;
    auto& written = c.l0cWritten;
    if (written.empty()) written.resize(MemCapacity(Mem::L0C) / kGranule, false);
    const uint64_t first = off / kGranule, last = std::min<uint64_t>((off + a.bytes + kGranule - 1) / kGranule, written.size());
    if (a.write) {
        for (uint64_t g = first; g < last; ++g) written[g] = true;
        return;
    }
    for (uint64_t g = first; g < last; ++g)
        if (!written[g]) {
            Diag("L0C_READ_UNWRITTEN", in.caller,
                 Format("%s reads L0C bytes [%lu, %lu), but nothing on this core wrote L0C offset %lu before (an Mmad "
                        "with cmatrixInitVal = false on a fresh tile?)",
                        in.api, static_cast<unsigned long>(off), static_cast<unsigned long>(off + a.bytes),
                        static_cast<unsigned long>(g * kGranule)));
            return;
        }
}

void CheckLocal(const Instr& in, const Access& a) {
    Core& c = Cur();
    Mem m = LocalMemOfAddress(c, a.addr);
    if (m == Mem::COUNT)
        Fatal("LOCAL_OOB", in.caller,
              Format("%s %s 0x%lx, which is not inside this core's local memory (uninitialised tensor?)", in.api,
                     a.write ? "writes" : "reads", static_cast<unsigned long>(a.addr)));
    // A memory of size 0 in the platform description does not exist on the SoC (the bias table
    // and fixpipe buffers of 310P).
    if (MemCapacity(m) == 0)
        Fatal("SOC_UNSUPPORTED", in.caller,
              Format("%s uses the %s, which %s does not have", in.api, MemName(m), Rt().platform.socVersion.c_str()));
    CheckCoreHasMem(in, m);
    uintptr_t base = reinterpret_cast<uintptr_t>(c.memBase[size_t(m)]);
    uint64_t off = a.addr - base;
    if (off + a.bytes > MemCapacity(m)) {
        // A buffer that InitBuffer placed past the end of the memory is where this lands.
        for (auto& b : c.buffers)
            if (b.mem == m && b.end - base > MemCapacity(m) && b.begin < a.addr + a.bytes && b.end > a.addr)
                Fatal("LOCAL_CAPACITY", in.caller,
                      Format("%s %s %s bytes [%lu, %lu), but the core has only %u: the %s buffer there was placed "
                             "by an InitBuffer that exceeded %s capacity ({related})",
                             in.api, a.write ? "writes" : "reads", MemName(m), static_cast<unsigned long>(off),
                             static_cast<unsigned long>(off + a.bytes), MemCapacity(m), b.kind, MemName(m)),
                      b.allocCaller);
        Fatal("LOCAL_OOB", in.caller,
              Format("%s %s %lu bytes at %s offset %lu, past the end of the %u-byte %s", in.api,
                     a.write ? "writes" : "reads", static_cast<unsigned long>(a.bytes), MemName(m),
                     static_cast<unsigned long>(off), MemCapacity(m), MemName(m)));
    }
    // Running past the end of a buffer corrupts whatever lives there: writes into another
    // buffer are a bug; reads, or writes into unallocated space, are not (the device does not
    // notice, and the data read is never another buffer's contents that matter).
    const LocalBuffer* b = FindLocalBuffer(c, a.addr);
    bool overrun = false;
    if (b && a.write && a.addr + a.bytes > b->end)
        for (auto& other : c.buffers)
            overrun |= &other != b && other.begin < a.addr + a.bytes && other.end > b->end;
    if (overrun)
        Diag("LOCAL_BUFFER_OVERRUN", in.caller,
             Format("%s %s %lu bytes at %s offset %lu, overrunning its %s buffer [%lu, %lu) by %lu bytes", in.api,
                    a.write ? "writes" : "reads", static_cast<unsigned long>(a.bytes), MemName(m),
                    static_cast<unsigned long>(off), b->kind, static_cast<unsigned long>(b->begin - base),
                    static_cast<unsigned long>(b->end - base),
                    static_cast<unsigned long>(a.addr + a.bytes - b->end)));
    if (m == Mem::L0C) CheckL0cWritten(c, in, a, off);
    if (a.align > 1 && off % a.align)
        Diag("LOCAL_ADDR_MISALIGNED", in.caller,
             Format("%s: %s operand at offset %lu is not %u-byte aligned", in.api, MemName(m),
                    static_cast<unsigned long>(off), a.align));
}

}  // namespace

void CheckSocSupports(const char* api, const void* caller) {
    const PlatformSpec& p = Rt().platform;
    const auto it = p.unsupportedApis.find(api);
    if (it != p.unsupportedApis.end())
        Fatal("SOC_UNSUPPORTED", caller,
              Format("%s is not supported on %s: %s", api, p.socVersion.c_str(), it->second.c_str()));
}

bool CheckInstr(const Instr& in) {
    // 310P has no FIX pipe: L0C leaves through UB, by the vector unit.
    if (in.pipe == Pipe::FIX && !Rt().platform.fixPipe)
        Fatal("SOC_UNSUPPORTED", in.caller,
              Format("%s needs the FIX pipe (Fixpipe: L0C to GM or L1), which %s does not have: L0C goes to UB "
                     "there (DataCopy from CO1 to CO2 with DataCopyEnhancedParams), and from UB to GM",
                     in.api, Rt().platform.socVersion.c_str()));
    if (in.lenAlign > 1 && in.requestedBytes % in.lenAlign)
        Diag("DMA_LEN_MISALIGNED", in.caller,
             Format("%s of %lu bytes: the length must be a multiple of %u bytes; the hardware moves only %lu", in.api,
                    static_cast<unsigned long>(in.requestedBytes), in.lenAlign,
                    static_cast<unsigned long>(in.requestedBytes / in.lenAlign * in.lenAlign)));
    for (int i = 0; i < in.nacc; ++i) {
        const Access& a = in.acc[i];
        if (a.bytes == 0) continue;
        if (a.mem == Mem::GM)
            CheckGm(in, a);
        else
            CheckLocal(in, a);
    }
    return true;
}

void CheckCoreEnd(Core& c) {
    for (size_t e = 0; e < size_t(AscendC::HardEvent::MAX); ++e)
        for (int id = 0; id < 8; ++id)
            if (c.flags[e][id])
                Diag("FLAG_LEFT_SET", c.flagSetter[e][id],
                     Format("core %d ends with event %zu id %d set and never waited for", c.idx, e, id));
}

bool Issue(const Instr& in) {
    Runtime& rt = Rt();
    if (rt.cur && !rt.cur->rawPending.empty() && !in.kernelCode) SettleRawAccesses(*rt.cur);
    if (!CheckInstr(in)) return false;
    if (rt.cur) ++rt.cur->issued;
    for (InstrObserver* o : rt.observers) o->OnInstr(rt.cur ? rt.cur->idx : -1, in);
    if (rt.race && rt.cur) rt.race->OnInstr(rt.cur->idx, in);
    if (rt.cur) NoteGmPoll(*rt.cur, in);
    return true;
}

}  // namespace akg::sim
