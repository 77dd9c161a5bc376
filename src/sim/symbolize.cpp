#include "sim/symbolize.h"

#include <dlfcn.h>

#include <cstdio>
#include <map>

namespace akg::sim {

namespace {

// Frames whose source lies in our own headers are not the user's call site.
bool IsSimulatorSource(const std::string& file) {
    static const std::string root = AKG_INCLUDE_DIR;
    return file.compare(0, root.size(), root) == 0;
}

CodeSite SiteOf(const void* address) {
    Dl_info info{};
    if (!address || !dladdr(address, &info) || !info.dli_fname) return {};
    // A return address points after the call: step back into it.
    return {info.dli_fname, reinterpret_cast<uintptr_t>(address) - reinterpret_cast<uintptr_t>(info.dli_fbase) - 1};
}

// file:line of a site: the innermost frame of its inline chain outside our headers.
std::string Locate(const CodeSite& site) {
    if (site.object.empty()) return "";
    // One address per invocation keeps the inline chains of different addresses apart.
    std::string cmd = "addr2line -i -e '" + site.object + "' " +
                      Format("0x%lx", static_cast<unsigned long>(site.offset)) + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return "";
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
    return chosen;
}

}  // namespace

std::vector<Diagnostic> Describe(const std::vector<DiagnosticRecord>& records) {
    std::vector<Diagnostic> out;
    for (auto& r : records) {
        Diagnostic d;
        d.code = r.code;
        const DiagnosticInfo* info = FindDiagnostic(r.code);
        d.category = info ? info->category : "internal";
        d.message = r.message;
        d.core = r.core;
        d.count = r.count;
        d.site = SiteOf(r.caller);
        d.related = SiteOf(r.related);
        out.push_back(d);
    }
    return out;
}

void ResolveLocations(std::vector<Diagnostic>& diagnostics) {
    std::map<std::pair<std::string, uint64_t>, std::string> known;
    auto locate = [&](const CodeSite& s) {
        auto key = std::make_pair(s.object, s.offset);
        auto it = known.find(key);
        if (it == known.end()) it = known.emplace(key, Locate(s)).first;
        return it->second;
    };
    for (auto& d : diagnostics) {
        if (d.location.empty()) d.location = locate(d.site);
        auto at = d.message.find("{related}");
        if (at != std::string::npos) {
            std::string where = locate(d.related);
            d.message.replace(at, 9, where.empty() ? "location unknown" : where);
        }
    }
}

}  // namespace akg::sim
