#include "harness/bench.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "akg/launch/cost.h"
#include "akg/pyshim/pyshim.h"
#include "build/builder.h"
#include "build/compile.h"
#include "build/pybind_build.h"
#include "common/disk_full.h"
#include "common/process.h"
#include "harness/anticheat.h"
#include "harness/compile_errors.h"
#include "harness/golden_cache.h"
#include "harness/native_judge.h"
#include "harness/python_worker.h"
#include "harness/replay.h"
#include "harness/results.h"
#include "harness/workload.h"

namespace akg::harness {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct Unit {
    TaskRef task;
    Candidate candidate;
    const PlatformSpec* platform = nullptr;  // the task's own platform; nullptr: the run's
};

// Everything a unit process needs; built by the parent before it forks.
struct UnitContext {
    const BenchOptions* options;
    run::RunOptions run;
    std::string cacheRoot;
    std::string expectedRoot;  // hidden from unit processes
    PythonWorker* python;
    PythonWorker* judge;        // the C++ judge (a fork of the parent), or null
    int recordFd;              // JSON lines to the parent
    const RunRecords* previous; // --resume: what is already recorded
};

void EmitLine(int fd, const json& j) {
    std::string line = j.dump() + "\n";
    for (size_t sent = 0; sent < line.size();) {
        ssize_t n = write(fd, line.data() + sent, line.size() - sent);
        if (n <= 0) return;
        sent += size_t(n);
    }
}

RecordIdentity IdentityOf(const Unit& u) {
    RecordIdentity id;
    id.task = u.task.id;
    id.level = u.task.level;
    id.category = u.task.category;
    id.op = u.task.op;
    id.sample = u.candidate.sample;
    return id;
}

fs::path LogDir(const BenchOptions& o, const Unit& u) {
    return fs::path(o.runDir) / "logs" / u.task.id / ("sample" + std::to_string(u.candidate.sample));
}

std::string FirstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// Thrown in a unit process where a full disk surfaces; RunUnit reports it to the parent as the
// run's error, and nothing of the unfinished case or build is recorded (`--resume` redoes it).
struct DiskFullError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
[[noreturn]] void ThrowDiskFull(const std::string& what) { throw DiskFullError(FirstLine(what)); }

// A reply of the Python worker that failed on a full disk.
void ThrowIfDiskFull(const json& reply) {
    if (reply.value("disk_full", false)) ThrowDiskFull(reply.value("error", std::string("the Python step")));
}

// The compiler's or linker's own report of a full disk ("error writing to …", "final link
// failed: …"), not a line that quotes the candidate's source or its #error / static_assert text.
// The line that says so, or empty.
std::string CompilerDiskFullLine(const std::string& log) {
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == ' ' || line[0] == '\t') continue;  // source echo and notes
        if (line.find("#error") != std::string::npos || line.find("static assert") != std::string::npos ||
            line.find("static_assert") != std::string::npos)
            continue;
        if (MentionsDiskFull(line)) return line;
    }
    return "";
}

// ---------------------------------------------------------------- goldens

struct Goldens {
    std::string dir;          // case<ID>/{case.json, inputs/, call/}
    std::string expectedDir;  // case<ID>/ expected outputs
};

// Content-addressed by the task's validation files, our golden step and the seed: a changed
// reference or generator never reuses stale data (a changed judge keeps the goldens).
std::string GoldenKey(const TaskRef& task, uint64_t seed) {
    Sha256 h;
    h.Field("golden-v1");
    build::HashTree(h, (fs::path(task.dir) / "validation").string());
    h.Field(build::ReadFile(GoldenScript()));
    h.Field(std::to_string(seed));
    return h.HexDigest();
}

Goldens GoldenLocation(const UnitContext& ctx, const TaskRef& task, uint64_t seed) {
    const std::string key = GoldenKey(task, seed);
    return {(fs::path(ctx.cacheRoot) / "goldens" / key).string(), (fs::path(ctx.expectedRoot) / key).string()};
}

bool HasGolden(const Goldens& g, const std::string& caseId) {
    std::error_code ec;
    return fs::exists(fs::path(g.dir) / ("case" + caseId) / "case.json", ec);
}

// Makes sure the golden of one case exists; an error message when the task's reference failed.
std::string EnsureGolden(const UnitContext& ctx, const TaskRef& task, const Goldens& g, const std::string& caseId,
                         uint64_t seed) {
    TouchGolden(g.dir);  // least recently used goldens are evicted first
    if (HasGolden(g, caseId)) return "";
    fs::create_directories(g.dir);
    // Units of the same task may run side by side: one generates, the other waits.
    const std::string lockPath = g.dir + ".lock";
    int lock = open(lockPath.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
    if (lock >= 0) flock(lock, LOCK_EX);
    std::string error;
    if (!HasGolden(g, caseId)) {
        json reply = ctx.python->Request({{"cmd", "golden"}, {"task", task.dir}, {"cases", {caseId}}, {"seed", seed},
                                          {"out", g.dir}, {"expected", g.expectedDir}},
                                         ctx.options->goldenTimeoutSeconds);
        if (reply.value("disk_full", false)) {
            if (lock >= 0) close(lock);
            ThrowIfDiskFull(reply);
        }
        if (!reply.value("ok", false)) error = reply.value("error", std::string("the golden step failed"));
        else if (!HasGolden(g, caseId)) error = "the golden step wrote no case.json";
    }
    if (lock >= 0) close(lock);
    return error;
}

// ---------------------------------------------------------------- one case, in a sandboxed child

json DiagnosticToJson(const sim::Diagnostic& d) {
    return {{"code", d.code},       {"category", d.category},      {"message", d.message},
            {"location", d.location}, {"core", d.core},            {"count", d.count},
            {"site", {d.site.object, d.site.offset}}, {"related", {d.related.object, d.related.offset}}};
}

sim::Diagnostic DiagnosticFromJson(const json& j) {
    sim::Diagnostic d;
    d.code = j.at("code");
    d.category = j.at("category");
    d.message = j.at("message");
    d.location = j.at("location");
    d.core = j.at("core");
    d.count = j.at("count");
    d.site = {j.at("site")[0], j.at("site")[1]};
    d.related = {j.at("related")[0], j.at("related")[1]};
    return d;
}

// Runs in the sandboxed child: replay the case's call on the simulator. `model` observes the
// operator's launches (this process's copy of the unit's model, empty before the case).
std::string ReplayInChild(run::Operator& op, cost::CostModel& model, const std::string& caseDir,
                          const std::string& returnedDir) {
    ReplayResult r = ReplayCase(op, caseDir, returnedDir);
    json diags = json::array();
    for (auto& d : r.report.launch.diagnostics) diags.push_back(DiagnosticToJson(d));
    const cost::KernelTime& time = model.Result();
    const bool timed = r.executed && r.report.launch.completed && time.valid;
    return json{{"returned", r.returned},
                {"sim_time_us", timed ? json(time.kernelUs) : json()},
                {"hw_bound_us", timed ? json(r.hwBoundUs) : json()},
                {"executed", r.executed},
                {"error", r.error},
                {"disk_full", r.diskFull},
                {"stage", run::RunStageName(r.report.stage)},
                {"deadlock", r.report.launch.deadlock},
                {"diagnostics", diags},
                {"tiling_log", r.report.tiling.log},
                {"device_log", r.report.launch.deviceLog.substr(0, 1 << 16)},
                {"launch_seconds", r.report.launchSeconds}}
        .dump();
}

// The class of a diagnosed run: deadlock, else the first fatal diagnostic, else the first.
std::string DiagnosticClass(const std::vector<sim::Diagnostic>& ds) {
    for (auto& d : ds)
        if (d.code == "DEADLOCK") return "deadlock";
    for (auto& d : ds)
        if (const sim::DiagnosticInfo* info = sim::FindDiagnostic(d.code); info && info->fatal)
            return "diagnostic." + d.code;
    return "diagnostic." + ds.front().code;
}

// A deadlock or a fatal diagnostic (the launch did not complete, its outputs mean nothing), or one
// whose outputs the device need not reproduce (a race): the case fails under every rule.
bool FailsEveryRule(const std::vector<sim::Diagnostic>& ds) {
    for (auto& d : ds) {
        if (d.code == "DEADLOCK") return true;
        const sim::DiagnosticInfo* info = sim::FindDiagnostic(d.code);
        if (!info || info->fatal || info->failsDeviceRule) return true;
    }
    return false;
}

struct CaseEvaluation {
    CaseRecord record;
    std::string log;
    double simulatorSeconds = 0;
};

CaseEvaluation EvaluateCase(const UnitContext& ctx, const Unit& unit, run::Operator& op, cost::CostModel& model,
                            const Goldens& g, const std::string& caseId, int trial, uint64_t seed) {
    const BenchOptions& o = *ctx.options;
    CaseEvaluation ev;
    CaseRecord& rec = ev.record;
    static_cast<RecordIdentity&>(rec) = IdentityOf(unit);
    rec.caseId = caseId;
    rec.trial = trial;
    rec.seed = seed;
    const auto start = Clock::now();
    auto finish = [&](const std::string& stage, const std::string& cls, const std::string& error) {
        rec.stage = stage;
        rec.cls = cls;
        rec.error = error;
        rec.passed = cls == "pass";
        rec.seconds = SecondsSince(start);
        ev.log += "class: " + cls + (error.empty() ? "" : "\nerror: " + error) + "\n";
        return ev;
    };

    if (std::string err = EnsureGolden(ctx, unit.task, g, caseId, seed); !err.empty())
        return finish("golden", "golden_error", err);

    const std::string caseDir = (fs::path(g.dir) / ("case" + caseId)).string();
    const fs::path returned = fs::path(o.runDir) / "work" / unit.task.id /
                              ("sample" + std::to_string(unit.candidate.sample)) /
                              ("case" + caseId + "-t" + std::to_string(trial));
    std::error_code ec;
    fs::remove_all(returned, ec);
    fs::create_directories(returned);
    SandboxResult sr = RunSandboxed(o.limits, [&] { return ReplayInChild(op, model, caseDir, returned.string()); });
    auto cleanup = [&] {
        if (!o.keepWork) fs::remove_all(returned, ec);
    };
    if (sr.outcome != SandboxOutcome::Finished) {
        cleanup();
        return finish("run", SandboxOutcomeName(sr.outcome), sr.detail);
    }
    json child;
    try {
        child = json::parse(sr.report);
    } catch (const std::exception& e) {
        cleanup();
        return finish("run", "crash", std::string("unreadable report from the case process: ") + e.what());
    }
    std::vector<sim::Diagnostic> diags;
    for (auto& d : child.at("diagnostics")) diags.push_back(DiagnosticFromJson(d));
    sim::ResolveLocations(diags);
    for (auto& d : diags) {
        rec.diagnostics.push_back({d.code, d.category, d.message, d.location, d.core, d.count});
        ev.log += (d.location.empty() ? "<kernel>" : d.location) + ": " + d.code + " [" + d.category + "] " +
                  d.message + (d.count > 1 ? " (" + std::to_string(d.count) + " times)" : "") + "\n";
    }
    ev.simulatorSeconds = child.value("launch_seconds", 0.0);
    if (child.value("sim_time_us", json()).is_number()) rec.simTimeUs = child.at("sim_time_us").get<double>();
    if (child.value("hw_bound_us", json()).is_number()) {
        rec.hwBoundUs = child.at("hw_bound_us").get<double>();
        rec.hwBoundRule = "generic";
        // A task's declared workload replaces the op-agnostic one; evaluated here, in the parent,
        // from the task's own files, so nothing the candidate runs can change it.
        bool declared = false;
        cost::Workload work;
        std::string problem;
        if (!DeclaredWorkload(unit.task.dir, caseId, &declared, &work, &problem))
            ev.log += "perf: the declared workload is not used: " + problem + "\n";
        else if (declared)
            rec.hwBoundUs = cost::HardwareBoundUs(op.Platform(), work), rec.hwBoundRule = "declared";
    }
    if (rec.simTimeUs && rec.hwBoundUs && *rec.simTimeUs < *rec.hwBoundUs)
        ev.log += "perf: simulated " + json(*rec.simTimeUs).dump() + " us, below the hardware bound of " +
                  json(*rec.hwBoundUs).dump() + " us: a cost-model or anti-cheat bug (docs/cost-model.md)\n";
    const std::string tilingLog = child.value("tiling_log", std::string());
    const std::string deviceLog = child.value("device_log", std::string());
    if (!tilingLog.empty()) ev.log += "--- tiling log\n" + tilingLog + "\n";
    if (!deviceLog.empty()) ev.log += "--- device log\n" + deviceLog + "\n";
    const std::string stage = child.value("stage", std::string("run"));
    if (child.value("disk_full", false)) {
        cleanup();
        ThrowDiskFull(child.value("error", std::string("storing the returned tensors")));
    }

    if (!diags.empty() && (o.diagnostics == "fail" || FailsEveryRule(diags))) {
        cleanup();
        return finish("run", DiagnosticClass(diags), FirstLine(diags.front().message));
    }
    if (!child.value("returned", false)) {
        cleanup();
        const std::string err = child.value("error", std::string("the call did not return"));
        if (stage == "tiling") return finish("tiling", "tiling_error", err);
        return finish("run", "run_error", err);
    }

    const std::string expectedDir = (fs::path(g.expectedDir) / ("case" + caseId)).string();
    json request = {{"cmd", "judge"}, {"task", unit.task.dir}, {"case_dir", caseDir}, {"expected_dir", expectedDir},
                    {"returned_dir", returned.string()}, {"rule", o.rule}, {"defer_native", ctx.judge != nullptr}};
    json reply = ctx.python->Request(request, o.goldenTimeoutSeconds);
    // The Python step says whether the case needs it (a custom check, a forward that works on the
    // kernel's value); if not, the C++ judge compares, and what it does not handle goes back.
    if (reply.value("ok", false) && reply.at("result").value("native", false)) {
        json native = ctx.judge->Request(
            {{"expected_dir", expectedDir}, {"returned_dir", returned.string()}, {"rule", o.rule}},
            o.goldenTimeoutSeconds);
        if (native.value("ok", false) && native.at("result").contains("passed")) {
            reply = native;
        } else {
            request["defer_native"] = false;
            reply = ctx.python->Request(request, o.goldenTimeoutSeconds);
        }
    }
    cleanup();
    ThrowIfDiskFull(reply);
    if (!reply.value("ok", false)) return finish("compare", "golden_error", reply.value("error", std::string()));
    const json& verdict = reply.at("result");
    OutputError oe;
    oe.name = "outputs";
    auto num = [&](const char* k) {
        return verdict.contains(k) && verdict.at(k).is_number() ? verdict.at(k).get<double>() : std::nan("");
    };
    oe.maxAbsError = num("max_abs_error");
    oe.maxRelError = num("max_rel_error");
    oe.mismatches = verdict.value("mismatches", int64_t(0));
    rec.outputs.push_back(oe);
    if (verdict.contains("note")) ev.log += "judge: " + verdict.value("note", std::string()) + "\n";
    if (verdict.value("passed", false)) return finish("done", "pass", "");
    std::string why = verdict.value("error", std::string());
    // A task's own check reports the maximum errors only: no count of wrong elements.
    const std::string count =
        verdict.contains("mismatches") ? std::to_string(oe.mismatches) + " mismatches, " : "the task's check: ";
    if (why.empty())
        why = "outputs differ from the reference (" + count + "max abs error " + json(oe.maxAbsError).dump() +
              ", max rel error " + json(oe.maxRelError).dump() + ")";
    return finish("compare", "wrong_values", why);
}

// ---------------------------------------------------------------- one unit, in its own process

std::vector<std::string> CaseIdsOf(const BenchOptions& o, const Unit& u, std::string* error) {
    std::vector<std::string> ids = ReadCaseIds(u.task.dir, o.split, error);
    if (!u.candidate.onlyCase.empty()) {
        std::vector<std::string> only;
        for (auto& id : ids)
            if (id == u.candidate.onlyCase) only.push_back(id);
        return only;
    }
    return ids;
}

// Inputs whose data the candidate's tiling may read although the task's own operator
// definition does not allow it: host code computing the answer from the inputs.
std::vector<CheatFinding> ExtraValueDepends(const host::OpInfo& candidate, const host::OpInfo& reference) {
    std::vector<CheatFinding> out;
    for (size_t i = 0; i < candidate.inputs.size(); ++i) {
        const bool allowed = i < reference.inputs.size() && reference.inputs[i].valueDepend;
        if (candidate.inputs[i].valueDepend && !allowed)
            out.push_back({"value_depend", "op_host", 0,
                           "op_host declares ValueDepend on input '" + candidate.inputs[i].name +
                               "', which the task's operator does not: host tiling may not read input data "
                               "(anticheat.value_depend)"});
    }
    return out;
}

// Builds the candidate: host half, every kernel dtype column, the task's pybind glue. Every
// library is scanned before it is loaded, since loading runs its static constructors here, in
// the unit process.
// The class `akgen gen` gave a sample whose answer held no usable file (its gen.json beside
// src/), or empty: such a sample is the model's failure, not a compile error.
std::string GenerationFailure(const Candidate& c) {
    const fs::path record = fs::path(c.kernelDir).parent_path() / "gen.json";
    std::error_code ec;
    if (!fs::is_regular_file(record, ec)) return "";
    try {
        const std::string cls = json::parse(build::ReadFile(record.string())).value("class", std::string());
        return cls.rfind("gen.", 0) == 0 ? cls : "";
    } catch (const std::exception&) {
        return "";
    }
}

bool BuildCandidate(const UnitContext& ctx, const Unit& u, run::Operator& op, SampleRecord& rec, std::string* log) {
    const auto start = Clock::now();
    auto fail = [&](const std::string& cls, const std::string& error, const std::string& output) {
        rec.compiled = false;
        rec.cls = cls;
        rec.error = error;
        *log += error + "\n" + output;
        rec.seconds = SecondsSince(start);
        return false;
    };
    // The compiler's own diagnostics decide the class; paths are shown relative to the candidate.
    auto compileFailure = [&](const build::BuildError& e) {
        if (const std::string full = CompilerDiskFullLine(e.message + "\n" + e.log); !full.empty()) ThrowDiskFull(full);
        CompileErrorSummary errors = ClassifyCompileErrors(e.log, {u.candidate.kernelDir, u.candidate.hostDir});
        if (errors.errors.empty()) return fail("compile.other", e.message, e.log);
        return fail(errors.cls, errors.firstLine, e.message + "\n" + e.log);
    };
    auto cheated = [&](const std::vector<CheatFinding>& findings) {
        std::string all;
        for (auto& f : findings) all += f.message + "\n";
        return fail(CheatClassOf(findings.front()), findings.front().message, all);
    };
    if (const std::string cls = GenerationFailure(u.candidate); !cls.empty())
        return fail(cls, "the model's answer held no usable file (" + cls + " in gen.json)", "");
    build::OpProject project;
    std::string error;
    if (!build::DiscoverSplitProject((fs::path(u.candidate.hostDir) / "op_host").string(),
                                     (fs::path(u.candidate.kernelDir) / "op_kernel").string(), &project, &error))
        return fail("compile.other", error, "");

    // In kernel-only mode the host half is the task's own, and trusted.
    const bool candidateHost = ctx.options->mode == CandidateMode::HostAndKernel;
    ScanScope kernelScope{AnswerProjectOf(u.task, u.candidate.kernelDir)};
    kernelScope.simtPlatform = ctx.run.platform.simt;
    std::vector<CheatFinding> findings =
        ScanSources(project.kernelDir, project.kernelSources, SourceSide::Kernel, kernelScope);
    // An include finding is judged again on what the preprocessor takes under the real flags: a
    // header named in an inactive #if branch (another architecture's) is never compiled.
    std::vector<std::string> preprocessed;
    if (std::any_of(findings.begin(), findings.end(), [](const CheatFinding& f) { return f.rule == "include"; }) &&
        build::KernelPreprocessedFiles(project, ctx.run.build, &preprocessed, &error)) {
        kernelScope.preprocessed = &preprocessed;
        findings = ScanSources(project.kernelDir, project.kernelSources, SourceSide::Kernel, kernelScope);
    }
    if (candidateHost)
        for (auto& f : ScanSources(project.hostDir, project.hostSources, SourceSide::Host,
                                   {AnswerProjectOf(u.task, u.candidate.hostDir)}))
            findings.push_back(f);
    if (!findings.empty()) return cheated(findings);

    const std::string libDir = AKG_LIB_DIR;
    build::BuildError buildError;
    build::HostArtifact host;
    if (!build::BuildHost(project, ctx.run.build, &host, &buildError)) return compileFailure(buildError);
    if (candidateHost) {
        for (auto& lib : host.libraries)
            for (auto& f : ScanLibrary(lib, SourceSide::Host, {libDir + "/libakg_host.so"})) findings.push_back(f);
        if (!findings.empty()) return cheated(findings);
    }
    if (!op.Load(project, ctx.run, &buildError)) return compileFailure(buildError);
    if (candidateHost) {
        build::OpProject reference;
        build::HostArtifact referenceHost;
        const fs::path answer = fs::path(u.task.dir) / "answer" / "0";
        if (build::DiscoverSplitProject((answer / "op_host").string(), (answer / "op_kernel").string(), &reference,
                                        &error) &&
            build::BuildHost(reference, ctx.run.build, &referenceHost, &buildError))
            if (const host::OpInfo* ref = referenceHost.meta.FindOp(op.Info().type))
                findings = ExtraValueDepends(op.Info(), *ref);
        if (!findings.empty()) return cheated(findings);
    }
    const std::set<std::string> gmVariables = GmVariablesOf(build::KernelTextFiles(project));
    for (auto& combo : op.DtypeColumns()) {
        build::KernelArtifact kernel;
        if (!build::BuildKernel(project, op.Host(), op.Info(), combo, ctx.run.build, &kernel, &buildError))
            return compileFailure(buildError);
        *log += kernel.log;
        for (const build::KernelLibrary& library : kernel.libraries) {
            findings = ScanLibrary(library.soPath, SourceSide::Kernel, {libDir + "/libakg_sim.so"}, gmVariables);
            if (!findings.empty()) return cheated(findings);
        }
        run::RunReport r;
        if (!op.PrepareKernel(combo, &r)) return compileFailure(r.buildError);
    }
    std::string pybindSo;
    const fs::path glue = fs::path(u.task.dir) / "validation" / "pybind.cpp";
    if (!build::BuildPybind(glue.string(), op.Info().type, ctx.run.build, &pybindSo, &buildError))
        return compileFailure(buildError);
    pyshim::ClearRegistrations();
    if (!dlopen(pybindSo.c_str(), RTLD_NOW | RTLD_LOCAL))
        return fail("compile.other", std::string("cannot load the task's pybind glue: ") + dlerror(), "");
    rec.compiled = true;
    rec.cls = "pass";
    rec.seconds = SecondsSince(start);
    return true;
}

void WriteLog(const fs::path& path, const std::string& text) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream(path) << text;
}

constexpr unsigned kBuildStageSeconds = 1200;

void EvaluateUnit(const UnitContext& base, const Unit& u) {
    UnitContext ctx = base;
    if (u.platform) ctx.run.platform = *u.platform;
    // The candidate's kernels are compiled for this platform (__CCE_AICORE__ and what follows).
    ctx.run.build.cceAicore = ctx.run.platform.cceAicore;
    // Every case's launches are timed by the copy of this model its own process inherits.
    cost::CostModel model(ctx.run.platform);
    ctx.run.observers.push_back(&model);
    const BenchOptions& o = *ctx.options;
    Isolate({ctx.expectedRoot});
    std::string error;
    std::vector<std::string> ids = CaseIdsOf(o, u, &error);
    SampleRecord sample;
    static_cast<RecordIdentity&>(sample) = IdentityOf(u);
    sample.fixedCase = u.candidate.onlyCase;
    sample.caseCount = int(ids.size()) * o.trials;
    std::string buildLog;
    run::Operator op;
    // Static constructors of the candidate's libraries run while it is built and loaded; a
    // constructor that never returns must not stall the run (the parent records SIGALRM).
    alarm(kBuildStageSeconds);
    const bool built = BuildCandidate(ctx, u, op, sample, &buildLog);
    alarm(0);
    WriteLog(LogDir(o, u) / "build.log", buildLog);
    // Why the answer's aclnn layer did not build (its calls then went to the aclnn bridge).
    if (built && !op.Host().opapiLog.empty()) WriteLog(LogDir(o, u) / "opapi.log", op.Host().opapiLog);
    if (!ctx.previous->HasSample(u.task.id, u.candidate.sample, u.candidate.onlyCase))
        EmitLine(ctx.recordFd, ToJson(sample));
    if (built) {
        for (int trial = 0; trial < o.trials; ++trial) {
            const uint64_t seed = o.seed + uint64_t(trial);
            const Goldens g = GoldenLocation(ctx, u.task, seed);
            for (auto& id : ids) {
                if (ctx.previous->HasCase(u.task.id, u.candidate.sample, id, trial)) continue;
                CaseEvaluation ev = EvaluateCase(ctx, u, op, model, g, id, trial, seed);
                WriteLog(LogDir(o, u) / ("case" + id + (trial ? "-t" + std::to_string(trial) : "") + ".log"), ev.log);
                json j = ToJson(ev.record);
                j["simulator_seconds"] = ev.simulatorSeconds;
                EmitLine(ctx.recordFd, j);
            }
        }
    }
}

// The parent ends a unit with SIGTERM: a compiler it waits for must end too (it runs in its own
// process group, out of the parent's reach).
extern "C" void OnUnitStop(int) {
    KillRunningProcesses();
    _exit(128 + SIGTERM);
}

[[noreturn]] void RunUnit(const UnitContext& ctx, const Unit& u) {
    auto diskFull = [&](const std::exception& e) {
        EmitLine(ctx.recordFd, {{"kind", "run_error"}, {"class", "disk_full"}, {"error", e.what()}});
    };
    try {
        EvaluateUnit(ctx, u);
    } catch (const DiskFullError& e) {
        diskFull(e);
    } catch (const std::system_error& e) {  // a write of the harness's own, in this process
        if (!IsDiskFull(e)) throw;
        diskFull(e);
    }
    // Not exit(): the parent's Python workers and buffers are shared, not ours to tear down.
    _exit(0);
}

// ---------------------------------------------------------------- the parent

bool IsDone(const RunRecords& r, const Unit& u, const std::vector<std::string>& ids, int trials) {
    if (!r.HasSample(u.task.id, u.candidate.sample, u.candidate.onlyCase)) return false;
    for (auto& s : r.Samples())
        if (s.task == u.task.id && s.sample == u.candidate.sample && s.fixedCase == u.candidate.onlyCase &&
            !s.compiled)
            return true;
    for (int t = 0; t < trials; ++t)
        for (auto& id : ids)
            if (!r.HasCase(u.task.id, u.candidate.sample, id, t)) return false;
    return true;
}

json RunConfig(const BenchOptions& o, const IsolationReport& iso) {
    json sandbox = json::array({"rlimits"});
    if (SeccompAvailable()) sandbox.push_back("seccomp");
    if (iso.network) sandbox.push_back("netns");
    if (iso.mounts) sandbox.push_back("mountns");
    return {{"tasks_root", o.tasksRoot},
            {"candidates", o.samplesRoot.empty() ? "answer" : o.samplesRoot},
            {"mode", o.mode == CandidateMode::KernelOnly ? "kernel" : "host+kernel"},
            {"trials", o.trials},
            {"split", o.split == CaseSplit::All ? "all" : o.split == CaseSplit::Public ? "public" : "hidden"},
            {"seed", o.seed},
            {"soc", o.soc.empty() ? kDefaultSoc : o.soc},
            {"task_socs", !o.soc.empty() ? "ignored (--soc)" : "used"},
            {"check", o.rule},
            {"diagnostics", o.diagnostics},
            {"sandbox", sandbox},
            {"akgen_version", AKG_VERSION}};
}

// Probes in a throwaway child what isolation the machine allows.
IsolationReport ProbeIsolation() {
    int fds[2];
    IsolationReport r;
    if (pipe(fds)) return r;
    pid_t pid = fork();
    if (pid == 0) {
        IsolationReport c = Isolate({});
        char b[2] = {char('0' + c.network), char('0' + c.mounts)};
        (void)!write(fds[1], b, 2);
        _exit(0);
    }
    close(fds[1]);
    char b[2] = {'0', '0'};
    if (read(fds[0], b, 2) == 2) r.network = b[0] == '1', r.mounts = b[1] == '1';
    close(fds[0]);
    waitpid(pid, nullptr, 0);
    return r;
}

class Progress {
public:
    Progress(int total, bool enabled) : total_(total), enabled_(enabled), tty_(isatty(2)), start_(Clock::now()) {}
    void Case(bool passed) { ++cases_, passedCases_ += passed; Draw(""); }
    void UnitDone(const std::string& what) { ++done_; Draw(what); }
    void Finish() {
        if (enabled_ && tty_) std::fputc('\n', stderr);
    }

private:
    void Draw(const std::string& finished) {
        if (!enabled_) return;
        const double elapsed = SecondsSince(start_);
        const double eta = done_ ? elapsed / done_ * (total_ - done_) : 0;
        char line[512];
        std::snprintf(line, sizeof line, "[%d/%d] %d/%d cases passed, %.0f s elapsed, ETA %.0f s", done_, total_,
                      passedCases_, cases_, elapsed, eta);
        if (tty_) {
            const int width = 24;
            const int filled = total_ ? done_ * width / total_ : width;
            std::fprintf(stderr, "\r\033[K%s%s %s", std::string(filled, '#').c_str(),
                         std::string(width - filled, '.').c_str(), line);
        } else if (!finished.empty()) {
            std::fprintf(stderr, "%s  %s\n", line, finished.c_str());
        }
        std::fflush(stderr);
    }
    int total_, done_ = 0, cases_ = 0, passedCases_ = 0;
    bool enabled_, tty_;
    Clock::time_point start_;
};

struct Running {
    pid_t pid;
    int fd;
    size_t slot;
    Unit unit;
    std::string pending;
    bool sampleSeen = false;
};

// What the user reads when the run itself failed: the cause, and how to continue.
std::string RunErrorMessage(const std::string& cls, const std::string& what) {
    const std::string resume = "finished records are kept; `akgen bench --resume` with the same options continues";
    if (cls == "disk_full") return "disk full: " + what + " (free space; " + resume + ")";
    return what + " (" + resume + ")";
}

BenchOutcome RunBenchUnguarded(const BenchOptions& o);

}  // namespace

BenchOutcome RunBench(const BenchOptions& o) {
    // A write of the parent's own (run directory, records, summary) that fails ends the run with
    // its reason, never with std::terminate.
    try {
        return RunBenchUnguarded(o);
    } catch (const std::system_error& e) {
        BenchOutcome out;
        out.errorClass = IsDiskFull(e) ? "disk_full" : "run_dir";
        out.error = RunErrorMessage(out.errorClass, e.what());
        return out;
    }
}

namespace {

BenchOutcome RunBenchUnguarded(const BenchOptions& o) {
    BenchOutcome out;
    const auto start = Clock::now();
    if (o.runDir.empty()) return out.error = "no run directory (--run)", out;
    if (o.shardCount < 1 || o.shardIndex < 0 || o.shardIndex >= o.shardCount)
        return out.error = "bad --shard: want i/N with 0 <= i < N", out;

    UnitContext base{};
    base.options = &o;
    std::string error;
    if (!run::LoadPlatform(o.soc.empty() ? kDefaultSoc : o.soc, &base.run.platform, &error))
        return out.error = error, out;
    base.run.resolveLocations = false;  // case processes cannot run addr2line; the unit does
    base.cacheRoot = build::ResolveCacheDir(base.run.build);
    base.expectedRoot = (fs::path(base.cacheRoot) / "expected").string();
    fs::create_directories(base.expectedRoot);

    TaskSelection sel = DiscoverTasks(o.tasksRoot, o.filter);
    out.skipped = sel.skipped;
    // A --tasks that names no task at all is the caller's mistake, not an empty run (a filter
    // that matches none of its tasks is not).
    if (std::error_code ec; !fs::is_directory(o.tasksRoot, ec))
        return out.error = "--tasks " + o.tasksRoot + " is not a directory", out;
    if (sel.tasks.empty() && sel.skipped.empty()) {
        const TaskSelection all = DiscoverTasks(o.tasksRoot, {});
        if (all.tasks.empty() && all.skipped.empty())
            return out.error = "--tasks " + o.tasksRoot +
                               " holds no task (levelN/Category/Op directories with validation/ and answer/)",
                   out;
    }
    SampleIndex index;
    if (!o.samplesRoot.empty()) index = IndexSamples(o.samplesRoot);
    // Without --soc a task that names its platform runs there; one that names none that loads is
    // malformed (a task defect, skipped).
    std::map<std::string, PlatformSpec> taskPlatforms;
    if (o.soc.empty()) {
        std::vector<TaskRef> usable;
        for (auto& t : sel.tasks) {
            if (!t.soc.empty() && !taskPlatforms.count(t.soc)) {
                PlatformSpec p;
                std::string why;
                if (!run::LoadPlatform(t.soc, &p, &why)) {
                    sel.skipped.push_back({t.dir, std::string(kTaskSocFile) + ": " + why});
                    continue;
                }
                taskPlatforms.emplace(t.soc, p);
            }
            usable.push_back(t);
        }
        sel.tasks = usable;
        out.skipped = sel.skipped;
    }
    std::vector<Unit> units;
    for (auto& t : sel.tasks) {
        auto cands = o.samplesRoot.empty() ? AnswerCandidates(t) : SampleCandidates(t, index, o.mode);
        for (auto& c : cands) {
            if (o.samplesRoot.empty() && !o.answers.empty() &&
                std::find(o.answers.begin(), o.answers.end(), c.sample) == o.answers.end())
                continue;
            const auto platform = taskPlatforms.find(t.soc);
            units.push_back({t, c, platform == taskPlatforms.end() ? nullptr : &platform->second});
        }
    }
    std::vector<Unit> mine;
    for (size_t i = 0; i < units.size(); ++i)
        if (int(i % size_t(o.shardCount)) == o.shardIndex) mine.push_back(units[i]);
    out.units = int(mine.size());

    fs::create_directories(o.runDir);
    if (!o.resume) {
        std::error_code ec;
        fs::remove_all(fs::path(o.runDir) / "records", ec);
        fs::remove_all(fs::path(o.runDir) / "logs", ec);
    }
    const IsolationReport iso = ProbeIsolation();
    const json config = RunConfig(o, iso);
    std::ofstream(fs::path(o.runDir) / "run.json") << config.dump(2) << "\n";
    const std::string shard =
        o.shardCount == 1 ? "all" : "shard-" + std::to_string(o.shardIndex) + "-of-" + std::to_string(o.shardCount);
    RunRecords previous = o.resume ? ReadRecords(o.runDir) : RunRecords{};
    RecordWriter writer(o.runDir, shard);
    for (auto& s : sel.skipped)
        if (o.progress) std::fprintf(stderr, "skipped %s: %s\n", s.path.c_str(), s.reason.c_str());

    std::vector<Unit> todo;
    for (auto& u : mine) {
        std::string err;
        if (o.resume && IsDone(previous, u, CaseIdsOf(o, u, &err), o.trials)) continue;
        todo.push_back(u);
    }
    out.unitsRun = int(todo.size());

    std::vector<std::unique_ptr<PythonWorker>> ownPythons;
    std::vector<PythonWorker*> pythons = o.pythonWorkers;
    if (pythons.empty())
        for (int i = 0; i < std::max(1, o.jobs); ++i) {
            ownPythons.push_back(std::make_unique<PythonWorker>(PythonInterpreter(o.python)));
            pythons.push_back(ownPythons.back().get());
        }
    const int jobs = int(pythons.size());
    // One C++ judge per slot, forked from this process (which sees the expected outputs);
    // AKGEN_NATIVE_JUDGE=off leaves every comparison to Python.
    std::vector<std::unique_ptr<PythonWorker>> judges;
    if (const char* env = std::getenv("AKGEN_NATIVE_JUDGE"); !env || std::string(env) != "off")
        for (int i = 0; i < jobs; ++i) judges.push_back(std::make_unique<PythonWorker>(ServeNativeJudge));
    std::vector<bool> slotBusy(size_t(jobs), false);
    std::vector<Running> running;
    Progress progress(int(todo.size()), o.progress);
    Timing timing;
    timing.workers = jobs;
    size_t next = 0;
    // Keeps the goldens within --cache-max-gb; those of running units' tasks stay, and so does
    // whatever was used in the last ten minutes (another run sharing the cache).
    auto trimGoldens = [&] {
        if (o.cacheMaxGb <= 0) return;
        std::set<std::string> inUse;
        for (auto& r : running)
            for (int t = 0; t < o.trials; ++t) inUse.insert(GoldenKey(r.unit.task, o.seed + uint64_t(t)));
        const GoldenTrim trim = TrimGoldens(base.cacheRoot, uint64_t(o.cacheMaxGb * (1ull << 30)), inUse, 600);
        if (trim.evicted && o.progress)
            std::fprintf(stderr, "\rgoldens cache: evicted %d of %d entries, %.2f -> %.2f GiB (--cache-max-gb %g)\n",
                         trim.evicted, trim.entries, double(trim.bytesBefore) / (1ull << 30),
                         double(trim.bytesAfter) / (1ull << 30), o.cacheMaxGb);
    };
    trimGoldens();

    // The run's own failure (a full disk, a signal): no new unit starts, the running ones are
    // killed, and what they had finished stays recorded for `--resume`.
    std::string runError, runErrorClass;
    auto failRun = [&](const std::string& cls, const std::string& error) {
        if (runErrorClass.empty()) runErrorClass = cls, runError = error;
    };
    auto append = [&](const auto& record) {
        try {
            writer.Append(record);
            return true;
        } catch (const std::system_error& e) {
            failRun(IsDiskFull(e) ? "disk_full" : "records", e.what());
            return false;
        }
    };
    auto handleLine = [&](Running& r, const std::string& line) {
        json j;
        try {
            j = json::parse(line);
        } catch (const std::exception&) {
            return;
        }
        std::string err;
        if (j.value("kind", "") == "run_error") {
            failRun(j.value("class", std::string("run_error")), j.value("error", std::string()));
        } else if (j.value("kind", "") == "sample") {
            SampleRecord s;
            if (!FromJson(j, &s, &err)) return;
            r.sampleSeen = true;
            timing.buildSeconds += s.seconds;
            append(s);
        } else if (j.value("kind", "") == "case") {
            CaseRecord c;
            if (!FromJson(j, &c, &err)) return;
            timing.evaluations += 1;
            timing.simulatorSeconds += j.value("simulator_seconds", 0.0);
            timing.caseOverheadSeconds.push_back(std::max(0.0, c.seconds - j.value("simulator_seconds", 0.0)));
            if (append(c)) progress.Case(c.passed);
        }
    };

    auto interrupted = [&] {
        if (o.interrupt && *o.interrupt)
            failRun("interrupted", std::string("interrupted by ") + strsignal(int(*o.interrupt)));
        return !runErrorClass.empty();
    };
    while ((next < todo.size() || !running.empty()) && !interrupted()) {
        // Start units while slots are free.
        while (next < todo.size() && int(running.size()) < jobs) {
            size_t slot = 0;
            while (slotBusy[slot]) ++slot;
            std::string err;
            if (!pythons[slot]->EnsureRunning(&err)) return out.error = "cannot start Python: " + err, out;
            if (!judges.empty() && !judges[slot]->EnsureRunning(&err))
                return out.error = "cannot start the judge: " + err, out;
            int fds[2];
            if (pipe2(fds, O_CLOEXEC) != 0) return out.error = "pipe failed", out;
            const Unit& u = todo[next++];
            UnitContext ctx = base;
            ctx.python = pythons[slot];
            ctx.judge = judges.empty() ? nullptr : judges[slot].get();
            ctx.recordFd = fds[1];
            ctx.previous = &previous;
            std::fflush(nullptr);
            const pid_t parent = getpid();
            pid_t pid = fork();
            if (pid == 0) {
                close(fds[0]);
                // Its own process group (with its case processes), so that a terminal's SIGINT
                // reaches only the parent, which decides; and gone with the parent however it ends.
                setpgid(0, 0);
                prctl(PR_SET_PDEATHSIG, SIGKILL);
                if (getppid() != parent) _exit(0);
                signal(SIGINT, SIG_DFL);
                signal(SIGTERM, OnUnitStop);
                RunUnit(ctx, u);
            }
            setpgid(pid, pid);
            close(fds[1]);
            slotBusy[slot] = true;
            running.push_back({pid, fds[0], slot, u, "", false});
        }
        std::vector<pollfd> pfds;
        for (auto& r : running) pfds.push_back({r.fd, POLLIN, 0});
        if (poll(pfds.data(), pfds.size(), 1000) < 0 && errno != EINTR) break;
        for (size_t i = 0; i < running.size();) {
            Running& r = running[i];
            bool closed = false;
            if (pfds[i].revents & (POLLIN | POLLHUP)) {
                char buf[65536];
                ssize_t n = read(r.fd, buf, sizeof buf);
                if (n <= 0) closed = true;
                else r.pending.append(buf, size_t(n));
                for (size_t nl; (nl = r.pending.find('\n')) != std::string::npos;) {
                    handleLine(r, r.pending.substr(0, nl));
                    r.pending.erase(0, nl + 1);
                }
            }
            if (!closed) {
                ++i;
                continue;
            }
            close(r.fd);
            int status = 0;
            waitpid(r.pid, &status, 0);
            std::string what = r.unit.task.id + " sample " + std::to_string(r.unit.candidate.sample);
            if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0) && runErrorClass.empty()) {
                // The unit died while building or loading the candidate (a static constructor
                // that crashed or never returned): record it, and go on.
                const bool deadline = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
                what += deadline ? ": building and loading the candidate took longer than " +
                                       std::to_string(kBuildStageSeconds) + " s"
                       : WIFSIGNALED(status) ? std::string(": unit process killed by ") + strsignal(WTERMSIG(status))
                                             : ": unit process failed";
                if (!r.sampleSeen &&
                    !previous.HasSample(r.unit.task.id, r.unit.candidate.sample, r.unit.candidate.onlyCase)) {
                    SampleRecord s;
                    static_cast<RecordIdentity&>(s) = IdentityOf(r.unit);
                    s.fixedCase = r.unit.candidate.onlyCase;
                    std::string idsError;
                    s.caseCount = int(CaseIdsOf(o, r.unit, &idsError).size()) * o.trials;
                    s.compiled = false;
                    s.cls = deadline ? "timeout" : "crash";
                    s.error = what;
                    append(s);
                }
            }
            slotBusy[r.slot] = false;
            progress.UnitDone(what);
            running.erase(running.begin() + long(i));
            pfds.erase(pfds.begin() + long(i));
            trimGoldens();
        }
    }
    if (!runErrorClass.empty()) {
        // End the units (SIGTERM: each kills its compiler, its case process dies with it; SIGKILL
        // after a grace period), then keep the records they had finished: every line they
        // wrote before dying is complete.
        for (auto& r : running) kill(-r.pid, SIGTERM);
        const auto grace = Clock::now() + std::chrono::seconds(2);
        for (auto& r : running) {
            while (waitpid(r.pid, nullptr, WNOHANG) == 0 && Clock::now() < grace) usleep(10000);
            kill(-r.pid, SIGKILL);
        }
        for (auto& r : running) {
            char buf[65536];
            for (ssize_t n; (n = read(r.fd, buf, sizeof buf)) != 0;) {
                if (n < 0 && errno == EINTR) continue;
                if (n < 0) break;
                r.pending.append(buf, size_t(n));
            }
            for (size_t nl; (nl = r.pending.find('\n')) != std::string::npos;) {
                handleLine(r, r.pending.substr(0, nl));
                r.pending.erase(0, nl + 1);
            }
            close(r.fd);
            while (waitpid(r.pid, nullptr, 0) < 0 && errno == EINTR) {
            }
        }
        progress.Finish();
        for (auto& p : pythons) p->Stop();
        out.errorClass = runErrorClass;
        out.error = RunErrorMessage(runErrorClass, runError);
        return out;
    }
    progress.Finish();
    for (auto& p : ownPythons) p->Stop();
    timing.wallSeconds = SecondsSince(start);
    RunRecords all = ReadRecords(o.runDir);
    if (!o.referenceRun.empty()) {
        const RunRecords reference = ReadRecords(o.referenceRun);
        out.summary = ComputeSummary(all, config, timing, &reference);
    } else {
        out.summary = ComputeSummary(all, config, timing);
    }
    // The tasks this run could not judge, with why: the task's fault, never a candidate's.
    out.summary["malformed_tasks"] = nlohmann::json::array();
    for (auto& s : sel.skipped) out.summary["malformed_tasks"].push_back({{"task", s.path}, {"reason", s.reason}});
    WriteSummary(o.runDir, out.summary);
    return out;
}

}  // namespace

}  // namespace akg::harness
