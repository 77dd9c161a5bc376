// Which cores a kernel needs (KernelMetaType), read from the loaded kernel library before the
// launch: the records of its qualifier and of KERNEL_TASK_TYPE in its body, or
// the simulator entry points the library imports (CANN's compiler infers the type from the
// instructions a kernel uses; ours are the entry points below).
#include <cxxabi.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>

#include "akg/launch/launch.h"
#include "basic_api/kernel_operator_tiling_intf.h"
#include "common/elf.h"

namespace akg::sim {

namespace {

// KernelTypeMark records: KERNEL_TASK_TYPE(_DEFAULT) in a kernel's body, and the qualifiers the
// builder's rewrite recorded (tiling key -2).
constexpr char kMarkSection[] = "akg_kernel_types";
constexpr int64_t kQualifierKey = -2;

// The unqualified name of an akg::sim function a mangled symbol names, or "".
std::string SimFunctionOf(const std::string& symbol) {
    int status = 0;
    char* d = abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status);
    if (status != 0 || !d) return "";
    std::string name(d);
    std::free(d);
    static const std::string prefix = "akg::sim::";
    if (name.compare(0, prefix.size(), prefix) != 0) return "";
    name.erase(0, prefix.size());
    return name.substr(0, name.find_first_of("(<"));
}

bool StartsWithAny(const std::string& s, std::initializer_list<const char*> prefixes) {
    for (const char* p : prefixes)
        if (s.compare(0, std::strlen(p), p) == 0) return true;
    return false;
}

// The entry points that only a cube core (AIC) or only a vector core (AIV) executes, and the
// cross-core synchronisation that makes a vector kernel a MIX_AIV_1_0 one. The cube path's
// entry points are Cube* (CubeMmad, CubeLoad2D, CubeFixpipe, ...), the GM -> L1 copy DmaNd2Nz,
// and the Matmul library's Matmul*; the other names cover the cube APIs still to come. The
// bias-table copy DmaToBiasTable is not one: every local -> local DataCopy references it (the
// destination position decides at run time), so vector kernels import it too; a kernel that
// really fills the bias table also calls the cube's Mmad. A Matmul object in CANN's default MIX
// mode (no ASCENDC_CUBE_ONLY) is driven from the vector cores: MatmulMixRegistered is both.
bool IsCubeEntry(const std::string& f) {
    return StartsWithAny(f, {"Cube", "DmaNd2Nz", "Matmul", "Mmad", "LoadData", "Load2D",
                             "Load3D", "LoadImage", "Fixpipe", "SetFmatrix", "InitConstValue", "BroadcastVecToMM"});
}
bool IsVectorEntry(const std::string& f) {
    return StartsWithAny(f, {"Vec", "Mask", "Adv", "Broadcast", "Mean", "MatmulMix"});
}
bool IsCrossCoreEntry(const std::string& f) { return StartsWithAny(f, {"CrossCore", "SyncAllCores"}); }

std::vector<std::string> ImportedSimFunctions(const std::string& path, std::string* error, bool* ok) {
    std::vector<DynamicSymbol> symbols;
    std::vector<std::string> out;
    *ok = ReadDynamicSymbols(path, &symbols, error);
    for (const DynamicSymbol& s : symbols)
        if (!s.defined)
            if (std::string f = SimFunctionOf(s.name); !f.empty()) out.push_back(f);
    return out;
}

// Adds the KERNEL_TASK_TYPE and qualifier records of kernel `name` in the library `info` names.
bool ReadTypeMarks(const Dl_info& info, const std::vector<std::string>& names, KernelTypeInfo* out, std::string* error) {
    std::vector<ElfSection> sections;
    bool fixed = false;
    if (!ReadSections(info.dli_fname, &sections, &fixed, error)) return false;
    const uintptr_t base = fixed ? 0 : reinterpret_cast<uintptr_t>(info.dli_fbase);
    std::vector<const KernelTypeMark*> marks;
    for (const ElfSection& s : sections) {
        if (s.allocated && s.name == kMarkSection)
            for (uint64_t off = 0; off + sizeof(KernelTypeMark) <= s.size; off += sizeof(KernelTypeMark)) {
                const auto* m = reinterpret_cast<const KernelTypeMark*>(base + s.addr + off);
                if (m->function[0] != 0) marks.push_back(m);
            }
    }
    // Records of this kernel; failing that, of the library's only declaring function (a
    // declaration in a function the kernel calls).
    auto named = [&](const std::string& fn) {
        std::vector<const KernelTypeMark*> r;
        for (auto* m : marks)
            if (fn == m->function) r.push_back(m);
        return r;
    };
    std::vector<const KernelTypeMark*> mine;
    for (const std::string& name : names)
        for (auto* m : named(name)) mine.push_back(m);
    if (mine.empty() && !marks.empty() && named(marks[0]->function).size() == marks.size()) mine = marks;
    for (auto* m : mine) {
        if (m->tilingKey == kQualifierKey)
            out->qualifier = m->type;
        else if (m->tilingKey < 0)
            out->byDefault = m->type;
        else
            out->byKey[uint64_t(m->tilingKey)] = m->type;
    }
    return true;
}

}  // namespace

int32_t InferKernelType(const std::vector<std::string>& simFunctions) {
    bool cube = false, vector = false, crossCore = false;
    for (const std::string& f : simFunctions) {
        cube |= IsCubeEntry(f);
        vector |= IsVectorEntry(f);
        crossCore |= IsCrossCoreEntry(f);
    }
    if (cube) return vector ? KERNEL_TYPE_MIX_AIC_1_2 : KERNEL_TYPE_AIC_ONLY;
    return crossCore ? KERNEL_TYPE_MIX_AIV_1_0 : KERNEL_TYPE_AIV_ONLY;
}

int32_t KernelTypeInfo::For(uint64_t tilingKey) const {
    if (qualifier >= 0) return qualifier;
    if (auto it = byKey.find(tilingKey); it != byKey.end()) return it->second;
    return byDefault >= 0 ? byDefault : inferred;
}

int32_t InferKernelType(const std::vector<std::string>* aicFunctions, const std::vector<std::string>* aivFunctions) {
    auto any = [](const std::vector<std::string>* fs, auto&& is) {
        return fs && std::any_of(fs->begin(), fs->end(), is);
    };
    const bool cube = any(aicFunctions, IsCubeEntry);
    const bool crossCore = any(aivFunctions, IsCrossCoreEntry);
    // An AIV build that moves data or synchronises is work for vector cores even without a
    // vector instruction (CATLASS epilogues that only pad or copy).
    const bool vector = crossCore || any(aivFunctions, [](const std::string& f) {
                            return IsVectorEntry(f) || StartsWithAny(f, {"Dma"});
                        });
    if (cube) return vector ? KERNEL_TYPE_MIX_AIC_1_2 : KERNEL_TYPE_AIC_ONLY;
    return crossCore ? KERNEL_TYPE_MIX_AIV_1_0 : KERNEL_TYPE_AIV_ONLY;
}

bool ReadKernelTypeInfo(const std::vector<KernelBuildAddress>& kernels, const std::vector<std::string>& names,
                        KernelTypeInfo* out, std::string* error) {
    *out = KernelTypeInfo{};
    std::map<CoreType, std::vector<std::string>> imported;
    for (const KernelBuildAddress& kernel : kernels) {
        Dl_info info{};
        if (!dladdr(kernel.kernel, &info) || !info.dli_fname)
            return *error = "the kernel is in no loaded library", false;
        if (!ReadTypeMarks(info, names, out, error)) return false;
        bool ok = false;
        imported[kernel.cores] = ImportedSimFunctions(info.dli_fname, error, &ok);
        if (!ok) return false;
    }
    auto find = [&](CoreType c) { return imported.count(c) ? &imported[c] : nullptr; };
    out->inferred = imported.count(MIX) ? InferKernelType(imported[MIX]) : InferKernelType(find(AIC), find(AIV));
    out->source = out->qualifier >= 0                         ? "its qualifier"
                  : out->byDefault >= 0 || !out->byKey.empty() ? "KERNEL_TASK_TYPE"
                                                              : "the APIs it uses";
    return true;
}

}  // namespace akg::sim
