// __BLOCK_LOCAL__ variables (akg/lang/block_local.h): on the device each core has its own copy of
// such a variable; here every core runs in one process, so each core keeps a private image of the
// kernel libraries' block-local sections, copied in while it runs and out when it stops.
#include <dlfcn.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>

#include "akg/lang/block_local.h"
#include "common/elf.h"
#include "sim/runtime.h"

namespace akg::sim {

namespace {

// The regions of one loaded library, with their contents at load time (every core's start).
struct LibraryRegions {
    std::vector<BlockLocalRegion> regions;
    std::vector<std::vector<uint8_t>> pristine;
};

const LibraryRegions& RegionsOfLibraryAt(const void* code) {
    static std::mutex mutex;
    static std::map<std::pair<std::string, uintptr_t>, std::unique_ptr<LibraryRegions>> known;
    Dl_info info{};
    static const LibraryRegions none;
    if (!code || !dladdr(code, &info) || !info.dli_fname) return none;
    std::lock_guard<std::mutex> lock(mutex);
    auto& slot = known[{info.dli_fname, reinterpret_cast<uintptr_t>(info.dli_fbase)}];
    if (slot) return *slot;
    slot = std::make_unique<LibraryRegions>();
    std::vector<ElfSection> sections;
    bool fixed = false;
    std::string error;
    if (!ReadSections(info.dli_fname, &sections, &fixed, &error)) return *slot;
    const uintptr_t base = fixed ? 0 : reinterpret_cast<uintptr_t>(info.dli_fbase);
    const std::string prefix = AKG_BLOCK_LOCAL_SECTION_PREFIX;
    for (const ElfSection& s : sections) {
        if (!s.allocated || s.size == 0 || s.name.compare(0, prefix.size(), prefix) != 0) continue;
        auto* begin = reinterpret_cast<uint8_t*>(base + s.addr);
        slot->regions.push_back({begin, size_t(s.size)});
        slot->pristine.emplace_back(begin, begin + s.size);
    }
    return *slot;
}

}  // namespace

void InitBlockLocals(Runtime& rt) {
    for (auto entry : {rt.launch.entry, rt.launch.aicEntry}) {
        if (!entry) continue;
        const LibraryRegions& lib = RegionsOfLibraryAt(reinterpret_cast<const void*>(entry));
        for (size_t i = 0; i < lib.regions.size(); ++i) {
            bool seen = false;
            for (const BlockLocalRegion& r : rt.blockLocals) seen |= r.begin == lib.regions[i].begin;
            if (seen) continue;
            rt.blockLocals.push_back(lib.regions[i]);
            rt.blockLocalImage.insert(rt.blockLocalImage.end(), lib.pristine[i].begin(), lib.pristine[i].end());
        }
    }
    for (auto& c : rt.cores) c->blockLocal = rt.blockLocalImage;
}

void SwapBlockLocals(Core& c, bool in) {
    size_t at = 0;
    for (const BlockLocalRegion& r : Rt().blockLocals) {
        if (in)
            std::memcpy(r.begin, c.blockLocal.data() + at, r.size);
        else
            std::memcpy(c.blockLocal.data() + at, r.begin, r.size);
        at += r.size;
    }
}

}  // namespace akg::sim
