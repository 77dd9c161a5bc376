// Kernel launch: blockDim cores as deterministic cooperative contexts (design §3). Each core
// runs on its own stack until it finishes or blocks in a cross-core wait; the scheduler then
// resumes the next runnable core in index order. Waiting with nobody runnable is a deadlock.
#include "sim/runtime.h"
#include "sim/race.h"

#include <sys/mman.h>

#include <cstring>
#include <exception>
#include <optional>

#include "basic_api/kernel_operator_tiling_intf.h"
#include "sim/symbolize.h"

// Raw per-core globals of the CCE toolchain.
extern "C" {
int64_t block_idx = 0;
int64_t block_num = 1;
CoreType g_coreType = AIV;
}

namespace akg::sim {

namespace {
Runtime* g_rt = nullptr;

// A KernelAbort out of a destructor (noexcept) reaches std::terminate: stop that core instead.
std::terminate_handler g_previousTerminate = nullptr;
[[noreturn]] void OnTerminateInLaunch() {
    if (g_rt && g_rt->cur && std::current_exception()) {
        try {
            throw;
        } catch (const KernelAbort&) {
            AbandonCurrentCore();
        } catch (...) {
        }
    }
    if (g_previousTerminate) g_previousTerminate();
    std::abort();
}

void SwitchGlobals(Core& c) {
    Runtime& rt = Rt();
    rt.cur = &c;
    block_idx = c.block;
    block_num = rt.launch.blockDim;
    g_coreType = c.type;
}

void CoreMain(unsigned lo, unsigned hi) {
    Core* c = reinterpret_cast<Core*>((uintptr_t(hi) << 32) | uintptr_t(lo));
    Runtime& rt = Rt();
    try {
        auto* entry = c->type == AIC && rt.launch.aicEntry ? rt.launch.aicEntry : rt.launch.entry;
        if (!rt.aborting) entry(rt.launch.args.data());
    } catch (const KernelAbort&) {
        c->aborted = true;
    } catch (const CoreServesMatmul&) {
    }
    if (!c->aborted && !rt.aborting) {
        SettleRawAccesses(*c);
        CheckCoreEnd(*c);
    }
    c->state = CoreState::Done;
    // returning resumes the scheduler through uc_link
}

void* AllocStack(size_t bytes) {
    const size_t guard = 4096;
    void* p = mmap(nullptr, bytes + guard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    mprotect(p, guard, PROT_NONE);  // stack overflow faults instead of corrupting memory
    return p;
}

void StartCore(Core& c, std::vector<void*>& stackPool) {
    Runtime& rt = Rt();
    if (!stackPool.empty()) {
        c.stack = stackPool.back();
        stackPool.pop_back();
    } else {
        c.stack = AllocStack(rt.launch.stackBytes);
    }
    c.stackSize = rt.launch.stackBytes;
    getcontext(&c.ctx);
    c.ctx.uc_stack.ss_sp = static_cast<uint8_t*>(c.stack) + 4096;
    c.ctx.uc_stack.ss_size = c.stackSize;
    c.ctx.uc_link = &rt.scheduler;
    uintptr_t p = reinterpret_cast<uintptr_t>(&c);
    makecontext(&c.ctx, reinterpret_cast<void (*)()>(CoreMain), 2, unsigned(p & 0xffffffffu), unsigned(p >> 32));
    c.state = CoreState::Ready;
}

void Resume(Core& c) {
    SwitchGlobals(c);
    const bool blockLocals = !Rt().blockLocals.empty();
    if (blockLocals) SwapBlockLocals(c, true);
    swapcontext(&Rt().scheduler, &c.ctx);
    if (blockLocals) SwapBlockLocals(c, false);
    if (Rt().race) Rt().race->Suspended(c.idx);
    Rt().cur = nullptr;
}

std::string DescribeWait(const Core& c) {
    switch (c.waitKind) {
        case Core::Wait::SyncAll: return "SyncAll";
        case Core::Wait::CrossFlag: return Format("CrossCoreWaitFlag(%u)", c.waitArg);
        case Core::Wait::CrossFlagRoom:
            return Format("CrossCoreSetFlag(%u) for a receiver's counter to drop below 15", c.waitArg);
        case Core::Wait::GmFlag:
        case Core::Wait::GmPoll: return c.waitLabel;
        default: return "nothing";
    }
}
}  // namespace

std::vector<CoreSlot> CoreLayout(const PlatformSpec& platform, int32_t kernelType, uint32_t blockDim) {
    std::vector<CoreSlot> slots;
    const int32_t n = int32_t(blockDim);
    if (platform.coupled) {
        for (int32_t b = 0; b < n; ++b) slots.push_back({MIX, b, 0, b});
        return slots;
    }
    switch (kernelType) {
        case KERNEL_TYPE_AIC_ONLY:
        case KERNEL_TYPE_MIX_AIC_1_0:
            for (int32_t b = 0; b < n; ++b) slots.push_back({AIC, b, 0, b});
            break;
        case KERNEL_TYPE_MIX_AIC_1_1:
        case KERNEL_TYPE_MIX_AIC_1_2: {
            const int32_t ratio = kernelType == KERNEL_TYPE_MIX_AIC_1_2 ? 2 : 1;
            for (int32_t b = 0; b < n; ++b) {
                slots.push_back({AIC, b, 0, b});
                for (int32_t s = 0; s < ratio; ++s) slots.push_back({AIV, b * ratio + s, s, b});
            }
            break;
        }
        default:
            for (int32_t b = 0; b < n; ++b) slots.push_back({AIV, b, 0, b});
            break;
    }
    return slots;
}

const char* KernelTypeName(int32_t kernelType) {
    static const char* names[] = {"KERNEL_TYPE_AIV_ONLY",    "KERNEL_TYPE_AIC_ONLY",   "KERNEL_TYPE_MIX_AIV_1_0",
                                  "KERNEL_TYPE_MIX_AIC_1_0", "KERNEL_TYPE_MIX_AIC_1_1", "KERNEL_TYPE_MIX_AIC_1_2",
                                  "KERNEL_TYPE_AICORE",      "KERNEL_TYPE_VECTORCORE", "KERNEL_TYPE_MIX_AICORE",
                                  "KERNEL_TYPE_MIX_VECTOR_CORE"};
    return kernelType >= 0 && kernelType < KERNEL_TYPE_MAX ? names[kernelType] : "?";
}

std::string CoreName(const Core& c) {
    const Runtime& rt = Rt();
    if (rt.aicCount > 0 && rt.aivCount > 0) return Format("%s %d", c.type == AIC ? "AIC" : "AIV", c.block);
    const bool onVectorCore = rt.platform.coupled && rt.kernelType == KERNEL_TYPE_MIX_VECTOR_CORE &&
                              uint32_t(c.block) >= rt.platform.aicCores;
    if (onVectorCore)
        return Format("core %d (Vector Core %u)", c.idx, uint32_t(c.block) - rt.platform.aicCores);
    return Format("core %d", c.idx);
}

Runtime& Rt() { return *g_rt; }
Runtime* RtIfLaunched() { return g_rt; }

[[noreturn]] void AbandonCurrentCore() {
    Core& c = Cur();
    c.aborted = true;
    c.state = CoreState::Done;
    setcontext(&Rt().scheduler);
    std::abort();  // setcontext does not return
}

void AbortCurrentCore() {
    Cur().aborted = true;
    // Throwing while a destructor already unwinds would terminate the process: the core stops
    // where it is instead (the scheduler recycles its stack; its other destructors do not run).
    if (std::uncaught_exceptions() > 0) AbandonCurrentCore();
    throw KernelAbort{};
}

void BlockCurrentCore() {
    Core& c = Cur();
    c.state = CoreState::Blocked;
    swapcontext(&c.ctx, &Rt().scheduler);
    SwitchGlobals(c);
    if (Rt().aborting) AbortCurrentCore();
}

void WakeCores(Core::Wait kind, std::optional<uint32_t> arg) {
    for (auto& c : Rt().cores) {
        if (c->state == CoreState::Blocked && c->waitKind == kind && (!arg || c->waitArg == *arg)) {
            c->state = CoreState::Ready;
            c->waitKind = Core::Wait::None;
        }
    }
}

LaunchResult Launch(const PlatformSpec& platform, const LaunchArgs& args, const std::vector<InstrObserver*>& observers) {
    Runtime rt;
    rt.platform = platform;
    rt.launch = args;
    rt.observers = observers;
    g_rt = &rt;
    ScalarDivisionGuard scalarDivision;
    g_previousTerminate = std::set_terminate(OnTerminateInLaunch);
    for (auto* o : observers) o->OnLaunch(args.blockDim);
    const std::vector<CoreSlot> layout = CoreLayout(platform, args.kernelType, args.blockDim);

    rt.kernelType = args.kernelType;
    if (args.detectRaces) rt.race = std::make_unique<RaceDetector>(layout.size());
    rt.cores.reserve(layout.size());
    rt.groups.resize(args.blockDim);
    for (const CoreSlot& slot : layout) {
        auto c = std::make_unique<Core>();
        c->idx = int(rt.cores.size());
        c->type = slot.type;
        c->block = slot.block;
        c->sub = slot.sub;
        c->group = slot.group;
        ++(slot.type == AIC ? rt.aicCount : rt.aivCount);  // a coupled core (MIX) counts as a vector core
        rt.groups[size_t(slot.group)].push_back(c.get());
        rt.cores.push_back(std::move(c));
    }

    InitBlockLocals(rt);

    std::vector<void*> stackPool;
    LaunchResult result;
    // Deterministic round robin: lowest-index runnable core first.
    for (;;) {
        Core* next = nullptr;
        for (auto& c : rt.cores) {
            if (c->state == CoreState::Ready || (c->state == CoreState::NotStarted && !rt.aborting)) {
                next = c.get();
                break;
            }
        }
        if (!next && ReleasePollers(rt)) continue;
        if (!next) {
            bool blocked = false;
            for (auto& c : rt.cores) blocked |= c->state == CoreState::Blocked;
            if (!blocked) break;
            if (!rt.aborting) {
                std::string who;
                const void* where = nullptr;  // the first waiting core's call site
                for (auto& c : rt.cores)
                    if (c->state == CoreState::Blocked) {
                        who += Format("%s%s waits in %s", who.empty() ? "" : ", ", CoreName(*c).c_str(),
                                      DescribeWait(*c).c_str());
                        if (!where) where = c->waitCaller;
                    }
                rt.diags.push_back({"DEADLOCK", "every remaining core is waiting and none can proceed: " + who,
                                    where, -1, 1});
                result.deadlock = true;
                rt.aborting = true;
            }
            // Unwind the blocked cores so their destructors run.
            for (auto& c : rt.cores)
                if (c->state == CoreState::Blocked) c->state = CoreState::Ready;
            continue;
        }
        if (next->state == CoreState::NotStarted) {
            ResetCoreMemory(*next);
            StartCore(*next, stackPool);
        }
        Resume(*next);
        if (next->state == CoreState::Done) {
            if (rt.race) rt.race->CoreDone(next->idx);
            if (next->stack) stackPool.push_back(next->stack);
            RecycleCoreMemory(rt, *next);
            // A set waiting for room in this core's counter now never gets it: let it report.
            WakeCores(Core::Wait::CrossFlagRoom);
        }
        if (next->aborted) rt.aborting = true;
    }

    result.completed = !rt.aborting;
    // Races in a run that stopped early would be about a schedule the device never reaches.
    if (rt.race && result.completed) rt.race->Finish();
    for (auto& t : args.unchanged) {
        const auto* now = static_cast<const uint8_t*>(t.gm);
        const auto* was = static_cast<const uint8_t*>(t.original);
        if (std::memcmp(now, was, t.bytes) == 0) continue;
        size_t at = 0;
        while (now[at] == was[at]) ++at;
        Diag("INPUT_MODIFIED", nullptr,
             Format("the kernel changed %s (first at byte %zu of %zu), which the operator does not update in place",
                    t.name.c_str(), at, t.bytes));
    }
    for (void* s : stackPool) munmap(s, rt.launch.stackBytes + 4096);
    ReleaseCoreMemories(rt);
    result.diagnostics = Describe(rt.diags);
    if (args.resolveLocations) ResolveLocations(result.diagnostics);
    result.deviceLog = std::move(rt.deviceLog);
    std::set_terminate(g_previousTerminate);
    g_rt = nullptr;
    return result;
}

}  // namespace akg::sim
