#include "serve/evaluator.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>

#include "build/compile.h"
#include "common/sha256.h"
#include "gen/feedback.h"
#include "gen/gen.h"
#include "harness/bench.h"
#include "harness/compile_errors.h"
#include "harness/results.h"

namespace akg::serve {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const char* ModeName(harness::CandidateMode m) { return m == harness::CandidateMode::KernelOnly ? "kernel" : "host+kernel"; }
const char* SplitName(harness::CaseSplit s) {
    return s == harness::CaseSplit::All ? "all" : s == harness::CaseSplit::Public ? "public" : "hidden";
}

harness::BenchOptions BenchOptionsFor(const EvaluatorOptions& o, harness::PythonWorker& python,
                                      const EvaluationJob& job, const std::string& runDir) {
    harness::BenchOptions bo;
    bo.tasksRoot = job.task.dir;
    bo.mode = job.mode;
    bo.runDir = runDir;
    bo.split = job.split;
    bo.soc = o.soc;
    bo.limits = o.limits;
    bo.python = o.python;
    bo.progress = false;
    bo.pythonWorkers = {&python};
    return bo;
}

// The task's answer/0 on the split, evaluated once (and again only when its run was cut short):
// what speedups are measured against. Evaluators share it under a lock.
std::string ReferenceRun(const EvaluatorOptions& o, harness::PythonWorker& python, const EvaluationJob& job) {
    Sha256 h;
    h.Field(job.task.id);
    h.Field(SplitName(job.split));
    h.Field(o.soc);
    const fs::path dir = fs::path(o.stateDir) / "reference" / h.HexDigest().substr(0, 24);
    fs::create_directories(dir.parent_path());
    const std::string lockPath = dir.string() + ".lock";
    const int lock = open(lockPath.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644);
    if (lock >= 0) flock(lock, LOCK_EX);
    std::error_code ec;
    if (!fs::exists(dir / "summary.json", ec)) {
        harness::BenchOptions bo = BenchOptionsFor(o, python, job, dir.string());
        bo.answers = {0};
        bo.mode = harness::CandidateMode::KernelOnly;  // an answer always runs with its own host code
        harness::RunBench(bo);
    }
    if (lock >= 0) close(lock);
    return fs::exists(dir / "summary.json", ec) ? dir.string() : "";
}

json OptionalNumber(double v) { return std::isfinite(v) ? json(v) : json(); }

}  // namespace

json ToJson(const EvaluationJob& j) {
    return {{"job", j.job},           {"task_dir", j.task.dir},  {"task", j.task.id},
            {"level", j.task.level},  {"category", j.task.category}, {"op", j.task.op},
            {"mode", ModeName(j.mode)}, {"split", SplitName(j.split)}, {"files", j.files}};
}

bool FromJson(const json& j, EvaluationJob* out, std::string* error) {
    try {
        out->job = j.at("job");
        out->task.dir = j.at("task_dir");
        out->task.id = j.at("task");
        out->task.level = j.at("level");
        out->task.category = j.at("category");
        out->task.op = j.at("op");
        out->mode = j.at("mode") == "kernel" ? harness::CandidateMode::KernelOnly : harness::CandidateMode::HostAndKernel;
        const std::string split = j.at("split");
        out->split = split == "all" ? harness::CaseSplit::All
                     : split == "public" ? harness::CaseSplit::Public
                                         : harness::CaseSplit::Hidden;
        out->files = j.at("files").get<std::map<std::string, std::string>>();
        return true;
    } catch (const std::exception& e) {
        return *error = e.what(), false;
    }
}

json Evaluate(const EvaluatorOptions& o, harness::PythonWorker& python, const EvaluationJob& job) {
    const fs::path work = fs::path(o.stateDir) / "work" / job.job;
    std::error_code ec;
    fs::remove_all(work, ec);
    const fs::path samples = work / "samples";
    const std::string sampleDir = gen::SampleDir(samples.string(), job.task, "", 0);
    gen::ParsedAnswer parsed;
    parsed.cls = "ok";
    parsed.files = job.files;
    std::string error;
    fs::create_directories(fs::path(sampleDir).parent_path(), ec);
    if (!gen::WriteSample(sampleDir, parsed, {{"task", job.task.id}, {"class", "ok"}, {"source", "akgen serve"}}, &error))
        return {{"evaluator_error", error}};
    harness::BenchOptions bo = BenchOptionsFor(o, python, job, (work / "run").string());
    bo.samplesRoot = samples.string();
    const harness::BenchOutcome bench = harness::RunBench(bo);
    if (!bench.error.empty()) return {{"evaluator_error", bench.error}};
    const harness::RunRecords records = harness::ReadRecords(bo.runDir);
    const gen::TurnVerdict v = gen::VerdictOf(records, job.task.id, 0);

    json verdict = {{"compiled", v.compiled}, {"passed", v.passed}, {"class", v.cls},
                    {"cases_total", v.cases}, {"cases_passed", v.passedCases}, {"summary", v.summary}};
    std::string idsError;
    const std::vector<std::string> hiddenIds = harness::ReadCaseIds(job.task.dir, harness::CaseSplit::Hidden, &idsError);
    const std::set<std::string> hidden(hiddenIds.begin(), hiddenIds.end());
    json diagnostics = json::array();
    for (auto& s : records.Samples())
        if (s.task == job.task.id && !s.compiled) {
            verdict["error"] = s.error;
            const fs::path src = fs::path(sampleDir) / "src";
            const std::string log =
                build::ReadFile((fs::path(bo.runDir) / "logs" / job.task.id / "sample0" / "build.log").string());
            const harness::CompileErrorSummary errors =
                harness::ClassifyCompileErrors(log, {(src / "op_kernel").string(), (src / "op_host").string()});
            for (auto& e : errors.errors) {
                if (!e.inUserCode || diagnostics.size() >= 20) continue;
                const std::string file = fs::path(e.file).lexically_relative(src).string();
                diagnostics.push_back({{"location", file + ":" + std::to_string(e.line)},
                                       {"class", e.cls},
                                       {"message", e.message}});
            }
        }
    std::vector<harness::CaseRecord> cases;
    for (auto& c : records.Cases())
        if (c.task == job.task.id) cases.push_back(c);
    std::sort(cases.begin(), cases.end(), harness::CaseBefore);
    json caseList = json::array();
    double maxAbs = std::nan(""), maxRel = std::nan(""), simTime = 0;
    bool timed = !cases.empty();
    std::set<std::string> seenDiagnostics;
    for (auto& c : cases) {
        json entry = {{"case", c.caseId}, {"passed", c.passed}, {"class", c.cls}};
        if (c.simTimeUs) simTime += *c.simTimeUs;
        else timed = false;
        if (hidden.count(c.caseId)) {
            entry["hidden"] = true;
            caseList.push_back(entry);
            continue;
        }
        entry["error"] = c.error;
        entry["sim_time_us"] = c.simTimeUs ? json(*c.simTimeUs) : json();
        for (auto& out : c.outputs) {
            if (std::isfinite(out.maxAbsError)) maxAbs = std::isnan(maxAbs) ? out.maxAbsError : std::max(maxAbs, out.maxAbsError);
            if (std::isfinite(out.maxRelError)) maxRel = std::isnan(maxRel) ? out.maxRelError : std::max(maxRel, out.maxRelError);
            entry["max_abs_error"] = OptionalNumber(out.maxAbsError);
            entry["max_rel_error"] = OptionalNumber(out.maxRelError);
            entry["mismatches"] = out.mismatches;
        }
        json caseDiagnostics = json::array();
        for (auto& d : c.diagnostics) {
            const json dj = {{"location", d.location}, {"code", d.code}, {"class", "diagnostic." + d.code},
                             {"message", d.message}};
            caseDiagnostics.push_back(dj);
            if (seenDiagnostics.insert(d.code + "@" + d.location).second && diagnostics.size() < 20)
                diagnostics.push_back(dj);
        }
        entry["diagnostics"] = caseDiagnostics;
        caseList.push_back(entry);
    }
    verdict["cases"] = caseList;
    verdict["diagnostics"] = diagnostics;
    verdict["max_abs_error"] = OptionalNumber(maxAbs);
    verdict["max_rel_error"] = OptionalNumber(maxRel);
    verdict["sim_time_us"] = timed ? json(simTime) : json();
    verdict["speedup"] = json();
    if (v.passed) {
        const std::string reference = ReferenceRun(o, python, job);
        if (!reference.empty()) {
            const harness::RunRecords ref = harness::ReadRecords(reference);
            const json s = harness::ComputeSummary(records, json::object(), harness::Timing{}, &ref);
            for (auto& t : s.at("tasks"))
                if (t.value("sample", -1) == 0 && t.value("speedup", json()).is_number()) verdict["speedup"] = t.at("speedup");
        }
    }
    fs::remove_all(work, ec);
    return verdict;
}

int RunEvaluatorLoop(const EvaluatorOptions& o) {
    // Replies go to the original stdout alone; whatever else writes to stdout lands on stderr.
    FILE* replies = fdopen(dup(1), "w");
    dup2(2, 1);
    harness::PythonWorker python(harness::PythonInterpreter(o.python));
    for (std::string line; std::getline(std::cin, line);) {
        json reply;
        EvaluationJob job;
        std::string error;
        try {
            if (!FromJson(json::parse(line), &job, &error)) reply = {{"verdict", {{"evaluator_error", "bad job: " + error}}}};
        } catch (const std::exception& e) {
            reply = {{"verdict", {{"evaluator_error", std::string("bad job: ") + e.what()}}}};
        }
        if (reply.is_null()) {
            if (!python.EnsureRunning(&error)) reply = {{"verdict", {{"evaluator_error", "cannot start Python: " + error}}}};
            else reply = {{"verdict", Evaluate(o, python, job)}};
        }
        reply["job"] = job.job;
        std::fprintf(replies, "%s\n", reply.dump().c_str());
        std::fflush(replies);
    }
    python.Stop();
    return 0;
}

// ---------------------------------------------------------------- the server's side

bool EvaluatorProcess::Start(std::string* error) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) return *error = "pipe failed", false;
    std::vector<char*> argv;
    for (auto& a : argv_) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) return *error = "fork failed", false;
    if (pid == 0) {
        // Only async-signal-safe calls between fork and exec: the server has threads.
        setpgid(0, 0);  // its own group: a kill reaches its unit, case and Python processes
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // a server killed with -9 leaves no evaluator behind
        dup2(in[0], 0);
        dup2(out[1], 1);
        execv(argv[0], argv.data());
        _exit(127);
    }
    setpgid(pid, pid);
    close(in[0]);
    close(out[1]);
    pid_ = pid;
    toChild_ = in[1];
    fromChild_ = out[0];
    pending_.clear();
    return true;
}

void EvaluatorProcess::Stop() {
    if (pid_ <= 0) return;
    kill(-pid_, SIGKILL);
    close(toChild_);
    close(fromChild_);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

EvaluatorProcess::Outcome EvaluatorProcess::Run(const EvaluationJob& job, const std::function<bool()>& stop,
                                                json* verdict, std::string* error) {
    if (pid_ <= 0 && !Start(error)) return Outcome::Died;
    const std::string line = ToJson(job).dump() + "\n";
    for (size_t sent = 0; sent < line.size();) {
        const ssize_t n = write(toChild_, line.data() + sent, line.size() - sent);
        if (n <= 0) {
            Stop();
            return *error = "the evaluator process is gone", Outcome::Died;
        }
        sent += size_t(n);
    }
    for (;;) {
        if (const size_t nl = pending_.find('\n'); nl != std::string::npos) {
            const std::string reply = pending_.substr(0, nl);
            pending_.erase(0, nl + 1);
            try {
                const json j = json::parse(reply);
                if (j.value("job", "") != job.job) continue;  // a reply to an earlier, abandoned job
                *verdict = j.at("verdict");
                return Outcome::Done;
            } catch (const std::exception& e) {
                Stop();
                return *error = std::string("unreadable reply from the evaluator: ") + e.what(), Outcome::Died;
            }
        }
        if (stop()) {
            Stop();
            return Outcome::Stopped;
        }
        pollfd p{fromChild_, POLLIN, 0};
        if (poll(&p, 1, 200) <= 0) continue;
        char buf[65536];
        const ssize_t n = read(fromChild_, buf, sizeof buf);
        if (n <= 0) {
            Stop();
            return *error = "the evaluator process died", Outcome::Died;
        }
        pending_.append(buf, size_t(n));
    }
}

}  // namespace akg::serve
