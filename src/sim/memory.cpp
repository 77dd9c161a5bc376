// Simulated memories: GM tensors with guard pages, and each core's local buffers (UB, L1, L0A,
// L0B, L0C, BT, FB) as real addressable host memory so that raw-pointer code works.
#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <mutex>

#include "sim/runtime.h"

namespace akg::sim {

namespace {
constexpr size_t kPage = 4096;
constexpr uint8_t kGmSlackPoison = 0xA5;
// Freshly allocated local memory holds this byte: all-ones reads as NaN for half and float, so
// computing on data that was never written shows up in the results.
constexpr uint8_t kLocalPoison = 0xFF;

struct GmMapping {
    uint8_t* map;
    size_t mapBytes;
    GmRegion region;
};
std::vector<GmMapping> g_gm;

size_t RoundPages(size_t n) { return (n + kPage - 1) / kPage * kPage; }
}  // namespace

// torch_npu's caching allocator: 32 extra bytes, rounded up to 512.
size_t DeviceAllocationBytes(size_t bytes) { return (bytes + 32 + 511) / 512 * 512; }

void* GmAlloc(size_t bytes, const std::string& name) {
    size_t data = RoundPages(DeviceAllocationBytes(bytes));
    size_t total = data + 2 * kPage;
    auto* map = static_cast<uint8_t*>(mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (map == MAP_FAILED) throw std::bad_alloc();  // e.g. a tiling that asks for a huge workspace
    mprotect(map, kPage, PROT_NONE);
    mprotect(map + kPage + data, kPage, PROT_NONE);
    uint8_t* p = map + kPage;
    std::memset(p + bytes, kGmSlackPoison, data - bytes);
    GmRegion r{reinterpret_cast<uintptr_t>(p), reinterpret_cast<uintptr_t>(p + bytes),
               reinterpret_cast<uintptr_t>(p + DeviceAllocationBytes(bytes)), reinterpret_cast<uintptr_t>(p + data),
               reinterpret_cast<uintptr_t>(p + bytes), name};
    g_gm.push_back({map, total, r});
    return p;
}

bool GmFree(void* p) {
    auto it = std::find_if(g_gm.begin(), g_gm.end(),
                           [&](const GmMapping& m) { return m.region.begin == reinterpret_cast<uintptr_t>(p); });
    if (it == g_gm.end()) return false;
    munmap(it->map, it->mapBytes);
    g_gm.erase(it);
    return true;
}

void GmFreeAll() {
    for (auto& m : g_gm) munmap(m.map, m.mapBytes);
    g_gm.clear();
}

std::vector<Diagnostic> GmCheckSlack() {
    std::vector<Diagnostic> out;
    for (auto& m : g_gm) {
        // Bytes a checked API write was allowed to reach are not a raw-pointer overrun.
        auto* p = reinterpret_cast<const uint8_t*>(std::max(m.region.end, m.region.writtenEnd));
        auto* e = reinterpret_cast<const uint8_t*>(m.region.slackEnd);
        for (const uint8_t* q = p; q < e; ++q) {
            if (*q != kGmSlackPoison) {
                Diagnostic d;
                d.code = "GM_WRITE_OOB";
                d.category = "memory";
                d.message = Format("a raw pointer wrote past the end of GM tensor '%s' (at byte %zu of a %zu-byte tensor)",
                                   m.region.name.c_str(), size_t(q - reinterpret_cast<const uint8_t*>(m.region.begin)),
                                   size_t(m.region.end - m.region.begin));
                out.push_back(d);
                break;
            }
        }
    }
    return out;
}

bool ReadShapeOut(const uint64_t* slots, const std::string& name, uint64_t capacity, std::vector<int64_t>* dims,
                  Diagnostic* problem) {
    constexpr uint64_t kWideDims = 0x80000000ull;
    const uint64_t rank = slots[0] & (kWideDims - 1);
    const bool wide = (slots[0] & kWideDims) != 0;
    auto invalid = [&](const std::string& why) {
        problem->code = "SHAPE_OUT_INVALID";
        problem->category = FindDiagnostic(problem->code)->category;
        problem->message = "output '" + name + "' is OutputShapeDependOnCompute, but " + why;
        return false;
    };
    if (rank > kShapeOutSlots - 1)
        return invalid(Format("the shape-out argument gives it %llu dimensions (at most %zu; never written?)",
                              static_cast<unsigned long long>(rank), kShapeOutSlots - 1));
    dims->clear();
    uint64_t elements = 1;
    for (uint64_t d = 1; d <= rank; ++d) {
        const uint64_t dim = wide ? slots[d] : (slots[d] & 0xFFFFFFFFull);
        if (dim > capacity || (dim && elements > capacity / dim))
            return invalid(Format("the shape-out argument gives it more elements than the %llu its memory holds",
                                  static_cast<unsigned long long>(capacity)));
        elements *= dim;
        dims->push_back(int64_t(dim));
    }
    return true;
}

bool NearGmTensor(uintptr_t addr) {
    for (auto& m : g_gm)
        if (addr + kPage >= m.region.begin && addr < m.region.slackEnd + kPage) return true;
    return false;
}

GmRegion* FindGm(uintptr_t addr) {
    for (auto& m : g_gm)
        if (addr >= m.region.begin && addr < m.region.slackEnd) return &m.region;
    return nullptr;
}

const void* GmBufferOf(const void* addr, size_t* bytes) {
    const GmRegion* r = FindGm(reinterpret_cast<uintptr_t>(addr));
    if (!r || reinterpret_cast<uintptr_t>(addr) >= r->end) return nullptr;
    *bytes = r->end - r->begin;
    return reinterpret_cast<const void*>(r->begin);
}

uint64_t MemSize(const PlatformSpec& p, Mem m) {
    switch (m) {
        case Mem::UB: return p.ubSize;
        case Mem::L1: return p.l1Size;
        case Mem::L0A: return p.l0aSize;
        case Mem::L0B: return p.l0bSize;
        case Mem::L0C: return p.l0cSize;
        case Mem::BT: return p.btSize;
        case Mem::FB: return p.fbSize;
        default: return 0;
    }
}

uint32_t MemCapacity(Mem m) { return uint32_t(MemSize(Rt().platform, m)); }

// At least one (inaccessible) page, so that tensors placed in a memory the SoC lacks (size 0,
// e.g. 310P's bias table) still resolve to it and the checker can say so.
uint64_t MemReserve(Mem m) { return RoundPages(std::max<uint64_t>(uint64_t(MemCapacity(m)) * 4, 1)); }

uint8_t* LocalMem(Core& c, Mem m) {
    uint8_t*& base = c.memBase[size_t(m)];
    if (!base) {
        const size_t bytes = RoundPages(MemCapacity(m));
        auto& spare = Rt().spareMem[size_t(m)];
        if (!spare.empty()) {
            base = spare.back();
            spare.pop_back();
        } else {
            auto* p = static_cast<uint8_t*>(mmap(nullptr, MemReserve(m), PROT_READ | PROT_WRITE,
                                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
            mprotect(p + bytes, MemReserve(m) - bytes, PROT_NONE);  // running off the end faults
            base = p;
        }
        std::memset(base, kLocalPoison, bytes);
    }
    return base;
}

void ResetCoreMemory(Core& c) { LocalMem(c, Mem::UB); }

void RecycleCoreMemory(Runtime& rt, Core& c) {
    for (size_t m = 0; m < c.memBase.size(); ++m)
        if (c.memBase[m]) {
            rt.spareMem[m].push_back(c.memBase[m]);
            c.memBase[m] = nullptr;
        }
}

void ReleaseCoreMemories(Runtime& rt) {
    for (auto& c : rt.cores) RecycleCoreMemory(rt, *c);
    for (size_t m = 0; m < rt.spareMem.size(); ++m)
        for (uint8_t* p : rt.spareMem[m]) munmap(p, MemReserve(Mem(m)));
}

Mem LocalMemOfAddress(const Core& c, uintptr_t addr) {
    for (size_t m = 1; m < c.memBase.size(); ++m) {
        auto b = reinterpret_cast<uintptr_t>(c.memBase[m]);
        if (b && addr >= b && addr < b + MemReserve(Mem(m))) return Mem(m);
    }
    return Mem::COUNT;
}

const LocalBuffer* FindLocalBuffer(const Core& c, uintptr_t addr) {
    for (auto& b : c.buffers)
        if (addr >= b.begin && addr < b.end) return &b;
    return nullptr;
}

Mem MemOf(AscendC::TPosition pos) {
    using AscendC::TPosition;
    switch (pos) {
        case TPosition::GM: return Mem::GM;
        case TPosition::A1:
        case TPosition::B1:
        case TPosition::C1:
        case TPosition::TSCM: return Mem::L1;
        case TPosition::A2: return Mem::L0A;
        case TPosition::B2: return Mem::L0B;
        case TPosition::CO1: return Mem::L0C;
        case TPosition::C2: return Mem::BT;
        case TPosition::C2PIPE2GM: return Mem::FB;
        default: return Mem::UB;
    }
}

uintptr_t LocalAddress(AscendC::TPosition pos, uint32_t physAddr) {
    return reinterpret_cast<uintptr_t>(LocalMem(Cur(), MemOf(pos))) + physAddr;
}

bool ScalarAccess(Mem mem, const void* addr, uint32_t bytes, bool write, const void* caller) {
    Instr in(write ? InstrId::SetValue : InstrId::GetValue, caller);
    in.bytes = bytes;
    if (write)
        in.Write(mem, addr, bytes);
    else
        in.Read(mem, addr, bytes);
    in.acc[0].element = true;
    return Issue(in);
}

bool GmFlagAccess(const void* addr, uint32_t bytes, bool write, const void* caller) {
    Instr in(write ? InstrId::WriteGmByPassDCache : InstrId::ReadGmByPassDCache, caller);
    in.bytes = bytes;
    if (write)
        in.Write(Mem::GM, addr, bytes);
    else
        in.Read(Mem::GM, addr, bytes);
    in.gmSyncWords = true;
    in.gmFlag = true;
    return Issue(in);
}

const char* MemName(Mem m) {
    static const char* names[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"};
    return m < Mem::COUNT ? names[size_t(m)] : "?";
}

const char* PipeName(Pipe p) {
    static const char* names[] = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX", "ALL"};
    return p < Pipe::COUNT ? names[size_t(p)] : "?";
}

size_t DTypeSize(DType t) {
    switch (t) {
        case DType::U8:
        case DType::I8:
        case DType::B8: return 1;
        case DType::U16:
        case DType::I16:
        case DType::F16:
        case DType::BF16: return 2;
        case DType::U32:
        case DType::I32:
        case DType::F32: return 4;
        default: return 8;
    }
}

}  // namespace akg::sim
