#include "sim/symbolize.h"

#include <dlfcn.h>

#include <cstdio>
#include <map>
#include <sstream>

namespace akg::sim {

namespace {

// Frames whose source lies in our own headers are not the user's call site.
bool IsSimulatorSource(const std::string& file) {
    static const std::string root = AKG_INCLUDE_DIR;
    return file.compare(0, root.size(), root) == 0;
}

// Runs addr2line once per shared object for all addresses in it.
std::map<const void*, std::string> Resolve(const std::vector<const void*>& callers) {
    std::map<std::string, std::vector<std::pair<const void*, uintptr_t>>> byObject;
    for (const void* c : callers) {
        Dl_info info{};
        if (!c || !dladdr(c, &info) || !info.dli_fname) continue;
        uintptr_t off = reinterpret_cast<uintptr_t>(c) - reinterpret_cast<uintptr_t>(info.dli_fbase) - 1;
        byObject[info.dli_fname].push_back({c, off});
    }
    std::map<const void*, std::string> out;
    for (auto& [object, addrs] : byObject) {
        // One address per invocation keeps the inline chains of different addresses apart.
        for (auto& [caller, off] : addrs) {
            std::string cmd = "addr2line -i -e '" + object + "' " + Format("0x%lx", static_cast<unsigned long>(off)) +
                              " 2>/dev/null";
            FILE* p = popen(cmd.c_str(), "r");
            if (!p) continue;
            char line[4096];
            std::string chosen;
            while (fgets(line, sizeof line, p)) {
                std::string l(line);
                while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.pop_back();
                auto disc = l.find(" (discriminator");
                if (disc != std::string::npos) l.resize(disc);
                if (l.empty() || l[0] == '?') continue;
                auto colon = l.rfind(':');
                std::string file = colon == std::string::npos ? l : l.substr(0, colon);
                if (chosen.empty() && !IsSimulatorSource(file)) chosen = l;
            }
            pclose(p);
            out[caller] = chosen;
        }
    }
    return out;
}

}  // namespace

std::string LocateCaller(const void* caller) { return Resolve({caller})[caller]; }

std::vector<Diagnostic> Symbolize(const std::vector<DiagnosticRecord>& records) {
    std::vector<const void*> callers;
    for (auto& r : records) callers.push_back(r.caller);
    auto where = Resolve(callers);
    std::vector<Diagnostic> out;
    for (auto& r : records) {
        Diagnostic d;
        d.code = r.code;
        const DiagnosticInfo* info = FindDiagnostic(r.code);
        d.category = info ? info->category : "internal";
        d.message = r.message;
        d.location = where.count(r.caller) ? where[r.caller] : "";
        d.core = r.core;
        d.count = r.count;
        out.push_back(d);
    }
    return out;
}

}  // namespace akg::sim
