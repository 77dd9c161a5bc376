// Outputs of the cost model: the per-pipe profile table and the Chrome trace of a launch.
#include <cstdio>
#include <fstream>
#include <map>

#include "sim/cost/cost_model.h"
#include "sim/runtime.h"
#include "sim/symbolize.h"

namespace akg::cost {

namespace {

std::string JsonEscape(const std::string& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '"' || ch == '\\') out += '\\';
        if (uint8_t(ch) < 0x20) continue;
        out += ch;
    }
    return out;
}

// file:line of every distinct call site, through the simulator's symbolizer.
std::map<const void*, std::string> Locations(const LaunchRecord& launch) {
    std::vector<sim::DiagnosticRecord> sites;
    std::map<const void*, size_t> index;
    for (auto& c : launch.cores)
        for (auto& op : c.ops)
            if (op.caller && index.emplace(op.caller, sites.size()).second)
                sites.push_back({"TRACE", "", op.caller, -1, 1});
    std::vector<sim::Diagnostic> described = sim::Describe(sites);
    sim::ResolveLocations(described);
    std::map<const void*, std::string> out;
    for (auto& [caller, i] : index) out[caller] = described[i].location;
    return out;
}

std::string OpName(const Op& op) {
    std::string name = op.api;
    if (op.count > 1) name += " x" + std::to_string(op.count);
    return name;
}

}  // namespace

bool CostModel::WriteTrace(const std::string& path, std::string* error) {
    Result();
    Impl& m = *impl_;
    if (m.launches.empty()) return *error = "no kernel launch was observed", false;
    const LaunchRecord& launch = m.launches.back();
    const auto where = Locations(launch);
    std::ofstream f(path);
    if (!f) return *error = "cannot write " + path, false;
    char buf[512];
    auto us = [&](double cycles) { return m.CyclesToUs(cycles); };
    f << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
    bool first = true;
    auto emit = [&](const std::string& event) {
        f << (first ? "" : ",\n") << event;
        first = false;
    };
    uint64_t flowId = 0, slices = 0;
    // A trace viewer cannot open gigabytes: past the limit, instructions are left out (and the
    // trace says so).
    constexpr uint64_t kMaxSlices = 2000000;
    for (size_t k = 0; k < launch.cores.size(); ++k) {
        const CoreRecord& c = launch.cores[k];
        std::snprintf(buf, sizeof buf, R"({"name":"process_name","ph":"M","pid":%zu,"args":{"name":"core %zu"}})", k, k);
        emit(buf);
        for (size_t p = 0; p < kPipes; ++p) {
            std::snprintf(buf, sizeof buf, R"({"name":"thread_name","ph":"M","pid":%zu,"tid":%zu,"args":{"name":"%s"}})",
                          k, p, PipeLabel(p));
            emit(buf);
        }
        for (size_t i = 0; i < c.ops.size(); ++i) {
            const Op& op = c.ops[i];
            if (op.kind == OpKind::Marker || ++slices > kMaxSlices) continue;
            const auto at = where.find(op.caller);
            const std::string loc = at == where.end() ? "" : JsonEscape(at->second);
            std::snprintf(buf, sizeof buf, R"({"name":"%s","ph":"X","pid":%zu,"tid":%u,"ts":%.4f,"dur":%.4f,"args":{"at":"%s"}})",
                          JsonEscape(OpName(op)).c_str(), k, unsigned(op.pipe), us(c.start[i]),
                          us(c.finish[i] - c.start[i]), loc.c_str());
            emit(buf);
            if (op.kind != OpKind::WaitFlag) continue;
            for (size_t src = 0; src < kPipes; ++src) {
                const int32_t set = op.dep[src];
                if (set < 0) continue;
                ++flowId;
                std::snprintf(buf, sizeof buf,
                              R"({"name":"event","cat":"sync","ph":"s","id":%lu,"pid":%zu,"tid":%zu,"ts":%.4f})",
                              static_cast<unsigned long>(flowId), k, src, us(c.finish[set]));
                emit(buf);
                std::snprintf(buf, sizeof buf,
                              R"({"name":"event","cat":"sync","ph":"f","bp":"e","id":%lu,"pid":%zu,"tid":%u,"ts":%.4f})",
                              static_cast<unsigned long>(flowId), k, unsigned(op.pipe), us(c.start[i]));
                emit(buf);
            }
        }
    }
    if (slices > kMaxSlices) {
        std::snprintf(buf, sizeof buf,
                      R"({"name":"trace truncated: %lu of %lu instructions written","ph":"i","s":"g","pid":0,"tid":0,"ts":0})",
                      static_cast<unsigned long>(kMaxSlices), static_cast<unsigned long>(slices));
        emit(buf);
    }
    f << "\n]}\n";
    if (!f) return *error = "failed writing " + path, false;
    return true;
}

std::string CostModel::ProfileTable() {
    const KernelTime& r = Result();
    if (!r.valid) return "no kernel launch was observed\n";
    std::string out;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "simulated kernel time %.3f us (slowest core %.3f us + launch %.3f us), %zu cores, %lu instructions\n",
                  r.kernelUs, r.slowestCoreUs, r.launchOverheadUs, r.coreUs.size(),
                  static_cast<unsigned long>(r.instructions));
    out += buf;
    out += "pipe    busy us (mean per core)   ratio\n";
    for (size_t p = 0; p < kPipes; ++p) {
        if (r.pipeBusyUs[p] <= 0) continue;
        std::snprintf(buf, sizeof buf, "%-6s  %24.3f   %5.3f%s\n", PipeLabel(p), r.pipeBusyUs[p], r.pipeRatio[p],
                      p == r.boundPipe ? "  <- bound" : "");
        out += buf;
    }
    std::snprintf(buf, sizeof buf, "GM read %.3f MiB, written %.3f MiB, achieved %.1f GB/s; vector %.3g element ops/s\n",
                  double(r.gmReadBytes) / 1048576.0, double(r.gmWriteBytes) / 1048576.0, r.achievedGBps,
                  r.vectorOpsPerSecond);
    out += buf;
    return out;
}

}  // namespace akg::cost
