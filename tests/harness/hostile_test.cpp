// A corpus of broken and hostile candidates of our own (tests/harness/hostile/<name>/op_kernel,
// plus op_host for host+kernel candidates), each of which must end in its failure class when
// `akgen bench` evaluates it as a generated sample of tasks/level1/Elementwise/SquaredDifference.
// The candidates' first lines say what each one does and why it ends where it does.
//
// The tests run the real `akgen` binary (beside this test binary in <build>/bin/) with
// AKGEN_CACHE_DIR under the build tree, so kernel builds and goldens persist between runs: a
// cold first run takes a few minutes, later ones about a minute.
//
// Classes that are not what they should be because of a harness gap keep the right class
// here, with a comment naming the gap: those expectations fail until the harness is fixed.
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "akg/launch/cost.h"
#include "harness/results.h"
#include "run/op_runner.h"

extern char** environ;

namespace akg::harness {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

const fs::path kSourceRoot = fs::path(__FILE__).parent_path().parent_path().parent_path();
const fs::path kCorpus = kSourceRoot / "tests" / "harness" / "hostile";
const fs::path kTask = kSourceRoot / "tasks" / "level1" / "Elementwise" / "SquaredDifference";
const std::string kTaskId = "level1/Elementwise/SquaredDifference";
constexpr int kCaseCount = 5;  // cases of the fixture (FixtureTask)

// Per-case limits: a legitimate case of this task needs well under a second, but raw_gm_compute
// sends each of its 3 M elements through the scalar-access hooks (8 s of CPU for its largest case
// on a loaded 2-core machine); the spinning candidate costs one case at these limits.
const std::vector<std::string> kLimits = {"--timeout", "40", "--cpu-limit", "25"};
// No akgen invocation of these tests may take longer; past it the process group is killed.
constexpr double kInvocationDeadlineSeconds = 600;

struct Expectation {
    std::string candidate;             // directory under tests/harness/hostile
    std::vector<std::string> classes;  // accepted classes; "anticheat.*" accepts any anti-cheat rule
    bool everyCaseFails = false;       // not just the first case
};

// Kernel-only mode: the task's own host code with each candidate's op_kernel.
const std::vector<Expectation> kKernelCandidates = {
    {"good_reference", {"pass"}},  // a copy of the task's answer/0
    {"good_compact", {"pass"}},    // the kernel the broken ones below are variants of
    {"compile_api_signature", {"compile.api_signature"}},
    {"compile_dtype_cast", {"compile.dtype_cast"}},
    {"compile_scope_lifetime", {"compile.scope_lifetime"}},
    {"compile_memory_object", {"compile.memory_object"}},
    {"compile_syntax", {"compile.syntax"}},
    {"tail_skipped", {"wrong_values"}},
    {"uninit_output", {"wrong_values"}},
    {"gm_write_oob", {"diagnostic.GM_WRITE_OOB"}},
    {"infinite_loop", {"timeout"}},
    {"host_segfault", {"crash"}},
    // The AI core has no heap: the device-code rule rejects the allocation at build time.
    {"memory_hoard", {"compile.device_code"}},
    {"deque_without_enque", {"diagnostic.QUE_DEQUE_EMPTY"}},
    // Right values, a rule broken: by default any diagnostic fails the case.
    {"que_held_at_end", {"diagnostic.QUE_HELD_AT_END"}, true},
    {"syncall_deadlock", {"deadlock"}},
    // Right values only because the cores run one after another here: a failing diagnostic.
    {"two_core_race", {"diagnostic.GM_RACE"}},
    // Right values computed through raw __gm__ pointers on the scalar unit: passes, and is timed
    // as scalar GM accesses (RawPointerWorkIsChargedAndChecked below).
    {"raw_gm_compute", {"pass"}},
    {"raw_gm_read_oob", {"diagnostic.GM_READ_OOB"}},
    // The sandbox traps the call; once the anti-cheat scan runs at build time, it wins.
    {"fork_in_kernel", {"sandbox_violation", "anticheat.process"}},
    {"socket_in_kernel", {"sandbox_violation", "anticheat.network"}},
    // Harness gap: the unit process hides <cache>/expected in its own mount namespace, but the
    // case process still sees /proc/<pid>/root of its ancestors (no PID namespace), and through
    // akgen's the goldens are readable: the candidate copies them and passes (its case logs show
    // the paths it tried).
    {"golden_peek", {"wrong_values", "anticheat.*"}},
    // Needs the anti-cheat scan. Without it the case process inherits akgen's whole environment
    // (AKGEN_CACHE_DIR included): the candidate notices the evaluator and ends in wrong_values.
    {"getenv_probe", {"anticheat.environment"}},
    // Needs the anti-cheat scan; the assembly itself is harmless and the kernel correct.
    {"inline_asm", {"anticheat.inline_asm"}},
    // Kernel code may keep no mutable global (the device-code rule rejects it at build time);
    // were one let through, every case runs in a fresh process and none would see the state.
    {"state_across_cases", {"compile.device_code"}},
    {"stack_overflow", {"crash"}},
    {"ub_overflow", {"diagnostic.LOCAL_CAPACITY"}},
    // Harness gap: the unit process dlopens the kernel library, running its static
    // constructors, with no seccomp filter and no limits, so the fork succeeds; the candidate
    // then writes nothing and ends in wrong_values. (A constructor that spins is not limited
    // either: it stalls the unit, and an endless one the whole bench.)
    {"ctor_fork", {"sandbox_violation", "anticheat.process"}},
};

// Host+kernel mode: the candidate's op_host and op_kernel.
const std::vector<Expectation> kHostCandidates = {
    {"host_good_reference", {"pass"}},  // a copy of the task's answer/0
    {"host_tiling_reads_inputs", {"tiling_error"}},
    // Harness gap: the evaluator honours a ValueDepend the candidate added to x1 and x2 (the
    // task's OpDef has none), so the tiling function gets the input data and computes y itself.
    {"host_value_depend_smuggle", {"tiling_error", "anticheat.*"}},
    {"host_tiling_fork", {"sandbox_violation", "anticheat.process"}},
    {"host_blockdim_zero", {"tiling_error"}},
    // Host code may allocate; the address-space limit ends the case.
    {"host_memory_hoard", {"memory_limit"}},
};

bool Accepts(const Expectation& e, const std::string& cls) {
    for (const std::string& accepted : e.classes) {
        if (accepted == cls) return true;
        if (accepted.back() == '*' && cls.rfind(accepted.substr(0, accepted.size() - 1), 0) == 0) return true;
    }
    return false;
}

std::string Join(const std::vector<std::string>& parts, const char* sep = " | ") {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : sep) + p;
    return out;
}

// <build>/bin/akg_harness_tests -> <build>/bin/akgen
fs::path AkgenBinary() { return fs::read_symlink("/proc/self/exe").parent_path() / "akgen"; }

// Kept between runs beside the build's binaries.
fs::path CacheDir() { return fs::read_symlink("/proc/self/exe").parent_path().parent_path() / "hostile-test-cache"; }

class TempDir {
public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "akg-hostile-XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~TempDir() {
        if (std::getenv("AKG_KEEP_HOSTILE_TMP")) return;  // keep runs and logs for inspection
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& Path() const { return path_; }

private:
    fs::path path_;
};

// Copies the candidates into NPUKernelBench's run layout; sample K is candidates[K]. The
// controls named "*good_reference" are the task's own answer/0, taken from the task.
fs::path MakeSamples(const fs::path& root, const std::vector<Expectation>& candidates) {
    const fs::path opDir = root / "runs" / "level1" / "Elementwise" / "SquaredDifference";
    for (size_t k = 0; k < candidates.size(); ++k) {
        const std::string& name = candidates[k].candidate;
        const bool control = name.size() >= 14 && name.compare(name.size() - 14, 14, "good_reference") == 0;
        const fs::path from = control ? kTask / "answer" / "0" : kCorpus / name;
        const fs::path to = opDir / ("sample" + std::to_string(k)) / "src";
        fs::create_directories(to);
        for (const char* half : {"op_kernel", "op_host"})
            if (fs::is_directory(from / half)) fs::copy(from / half, to / half, fs::copy_options::recursive);
    }
    return root;
}

// Starts `akgen bench` in its own process group, output to `log`.
pid_t StartBench(const std::vector<std::string>& args, const fs::path& log) {
    std::vector<std::string> argv = {AkgenBinary().string(), "bench"};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<std::string> env = {"AKGEN_CACHE_DIR=" + CacheDir().string()};
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "AKGEN_CACHE_DIR=", 16) != 0) env.push_back(*e);
    std::vector<char*> argvp, envp;
    for (auto& a : argv) argvp.push_back(a.data());
    for (auto& e : env) envp.push_back(e.data());
    argvp.push_back(nullptr);
    envp.push_back(nullptr);
    const int logFd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        dup2(logFd, 1);
        dup2(logFd, 2);
        execve(argvp[0], argvp.data(), envp.data());
        _exit(127);
    }
    setpgid(pid, pid);  // also here: the caller may signal the group before the child runs
    close(logFd);
    return pid;
}

// Exit status of the bench, or -1 when it had to be killed at the deadline.
int WaitBench(pid_t pid, double deadlineSeconds = kInvocationDeadlineSeconds) {
    const auto start = Clock::now();
    for (;;) {
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        if (std::chrono::duration<double>(Clock::now() - start).count() > deadlineSeconds) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

std::string ReadText(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::vector<std::string> CompleteLines(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        lines.push_back(text.substr(start, nl - start));
    return lines;
}

// The task with a fixed set of five cases, so that the corpus does not change (or slow down)
// when the task's own cases grow.
fs::path FixtureTask(const fs::path& root) {
    const fs::path task = root / "fixture" / kTaskId;
    if (fs::exists(task)) return task;
    fs::create_directories(task.parent_path());
    fs::copy(kTask, task, fs::copy_options::recursive);
    fs::remove(task / "validation" / "hidden_cases.csv");
    std::ofstream(task / "validation" / "test_cases.csv") << "case_id;shape;dtype\n"
                                                            "0;[48, 128, 512];float16\n"
                                                            "1;[1000003];float32\n"
                                                            "2;[333, 1025];bfloat16\n"
                                                            "3;[7, 13];float32\n"
                                                            "4;[2, 3, 257, 129];float16\n";
    return task;
}

std::vector<std::string> BenchArgs(const fs::path& samples, const fs::path& run, const std::string& mode) {
    const fs::path task = FixtureTask(samples.parent_path());
    std::vector<std::string> args = {"--tasks", task.string(), "--samples", samples.string(), "--run", run.string(),
                                     "--mode", mode, "-j", "2", "-q"};
    args.insert(args.end(), kLimits.begin(), kLimits.end());
    return args;
}

// Runs one bench to completion; false (with the log in the failure) when it did not finish.
::testing::AssertionResult RunAkgenBench(const std::vector<std::string>& args, const fs::path& log) {
    const int rc = WaitBench(StartBench(args, log));
    // akgen bench exits 0 whatever the candidates did; non-zero is a failure of the run itself.
    if (rc == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "akgen bench " << Join(args, " ") << " ended with " << rc
                                         << (rc < 0 ? " (killed at the deadline)" : "") << ":\n"
                                         << ReadText(log);
}

struct Outcome {
    bool hasSample = false;
    SampleRecord sample;
    std::vector<CaseRecord> cases;  // in case order
    std::string cls;                // the build's class when it failed, else the first failing case's
    std::string detail;             // the error of that record
};

std::map<int, Outcome> OutcomesOf(const RunRecords& records) {
    std::map<int, Outcome> out;
    for (const SampleRecord& s : records.Samples()) {
        if (s.task != kTaskId) continue;
        out[s.sample].hasSample = true;
        out[s.sample].sample = s;
    }
    for (const CaseRecord& c : records.Cases())
        if (c.task == kTaskId) out[c.sample].cases.push_back(c);
    for (auto& [k, o] : out) {
        std::sort(o.cases.begin(), o.cases.end(), CaseBefore);
        o.cls = "pass";
        if (o.hasSample && o.sample.cls != "pass") {
            o.cls = o.sample.cls;
            o.detail = o.sample.error;
            continue;
        }
        for (const CaseRecord& c : o.cases)
            if (c.cls != "pass") {
                o.cls = c.cls;
                o.detail = "case " + c.caseId + ": " + c.error;
                break;
            }
    }
    return out;
}

// The run finished and wrote a summary, every candidate has its records, the controls pass
// every case, and each candidate ends in its class.
void CheckRun(const fs::path& run, const std::vector<Expectation>& candidates) {
    ASSERT_TRUE(fs::exists(run / "summary.json")) << "the run did not finish";
    const json summary = json::parse(ReadText(run / "summary.json"));
    EXPECT_EQ(summary.at("tasks").size(), candidates.size());

    const RunRecords records = ReadRecords(run.string());
    EXPECT_TRUE(records.invalidLines.empty()) << Join(records.invalidLines, "\n");
    EXPECT_EQ(records.truncatedLines, 0);
    const std::map<int, Outcome> outcomes = OutcomesOf(records);
    for (size_t k = 0; k < candidates.size(); ++k) {
        const Expectation& e = candidates[k];
        SCOPED_TRACE("candidate " + e.candidate + " (sample" + std::to_string(k) + "), logs under " +
                     (run / "logs" / kTaskId / ("sample" + std::to_string(k))).string());
        auto it = outcomes.find(int(k));
        ASSERT_TRUE(it != outcomes.end() && it->second.hasSample) << "no sample record";
        const Outcome& o = it->second;
        if (o.sample.compiled) {
            EXPECT_EQ(int(o.cases.size()), kCaseCount) << "a case record is missing";
        }
        EXPECT_TRUE(Accepts(e, o.cls)) << "ended in " << o.cls << " (" << o.detail << "), expected "
                                       << Join(e.classes);
        if (e.classes == std::vector<std::string>{"pass"}) {
            for (const CaseRecord& c : o.cases) {
                EXPECT_TRUE(c.passed) << "case " << c.caseId << ": " << c.error;
                // Timed by the cost model, above the case's hardware bound.
                ASSERT_TRUE(c.simTimeUs && c.hwBoundUs) << "case " << c.caseId << " was not timed";
                EXPECT_GT(*c.hwBoundUs, 0.0);
                EXPECT_GT(*c.simTimeUs, *c.hwBoundUs) << "case " << c.caseId;
            }
        }
        if (e.everyCaseFails) {
            for (const CaseRecord& c : o.cases)
                EXPECT_TRUE(Accepts(e, c.cls)) << "case " << c.caseId << " ended in " << c.cls;
        }
    }
}

std::string KeyOf(const json& record) {
    std::string key = record.at("kind").get<std::string>() + " " + record.at("task").get<std::string>() + " " +
                      std::to_string(record.at("sample").get<int>());
    if (record.at("kind") == "case")
        key += " case " + record.at("case").get<std::string>() + " trial " + std::to_string(record.at("trial").get<int>());
    return key;
}

int SampleOf(const std::string& candidate) {
    for (size_t k = 0; k < kKernelCandidates.size(); ++k)
        if (kKernelCandidates[k].candidate == candidate) return int(k);
    return -1;
}

// A kernel that skips DMA and vector work and computes through raw __gm__ pointers on the scalar
// unit is simulated at least 10 times slower than the DMA + vector control on the large cases
// (every load and store is a scalar GM access through the data cache), and its raw read past a
// tensor's end fails with GM_READ_OOB naming the line of the access.
void CheckRawPointerCandidates(const fs::path& run) {
    const std::map<int, Outcome> outcomes = OutcomesOf(ReadRecords(run.string()));
    const Outcome& control = outcomes.at(SampleOf("good_compact"));
    const Outcome& raw = outcomes.at(SampleOf("raw_gm_compute"));
    ASSERT_EQ(control.cases.size(), raw.cases.size());
    for (size_t i = 0; i < 2 && i < raw.cases.size(); ++i) {  // [48, 128, 512] float16, [1000003] float32
        ASSERT_TRUE(raw.cases[i].simTimeUs && control.cases[i].simTimeUs);
        EXPECT_GE(*raw.cases[i].simTimeUs, 10 * *control.cases[i].simTimeUs)
            << "case " << raw.cases[i].caseId << ": raw-pointer compute " << *raw.cases[i].simTimeUs
            << " us against the pipeline's " << *control.cases[i].simTimeUs << " us";
    }
    const Outcome& oob = outcomes.at(SampleOf("raw_gm_read_oob"));
    ASSERT_FALSE(oob.cases.empty());
    ASSERT_FALSE(oob.cases.front().diagnostics.empty());
    const RecordDiagnostic& d = oob.cases.front().diagnostics.front();
    EXPECT_EQ(d.code, "GM_READ_OOB");
    EXPECT_NE(d.location.find("squared_difference.cpp:20"), std::string::npos) << d.location << ": " << d.message;
}

TEST(HostileCorpus, KernelCandidatesEndInTheirClassAndResumeRedoesNothing) {
    TempDir tmp;
    const fs::path samples = MakeSamples(tmp.Path() / "samples", kKernelCandidates);
    const fs::path run = tmp.Path() / "run";
    const auto start = Clock::now();
    ASSERT_TRUE(RunAkgenBench(BenchArgs(samples, run, "kernel"), tmp.Path() / "bench.log"));
    std::printf("kernel-mode bench of %zu candidates: %.0f s\n", kKernelCandidates.size(),
                std::chrono::duration<double>(Clock::now() - start).count());
    CheckRun(run, kKernelCandidates);
    CheckRawPointerCandidates(run);

    // Resuming a finished run evaluates nothing again: the records stay as they are.
    const std::string before = ReadText(run / "records" / "all.jsonl");
    std::vector<std::string> args = BenchArgs(samples, run, "kernel");
    args.push_back("--resume");
    ASSERT_TRUE(RunAkgenBench(args, tmp.Path() / "resume.log"));
    EXPECT_EQ(ReadText(run / "records" / "all.jsonl"), before) << "--resume appended records";
    EXPECT_TRUE(fs::exists(run / "summary.json"));
}

TEST(HostileCorpus, HostCandidatesEndInTheirClass) {
    TempDir tmp;
    const fs::path samples = MakeSamples(tmp.Path() / "samples", kHostCandidates);
    const fs::path run = tmp.Path() / "run";
    ASSERT_TRUE(RunAkgenBench(BenchArgs(samples, run, "host+kernel"), tmp.Path() / "bench.log"));
    CheckRun(run, kHostCandidates);
}

// A kernel whose speed comes from skipping work: on a copy of tasks/level3/Matmul/Matmul whose
// operands are all zeros, the candidate skip_work_zero_matmul only writes zeros to C. Its values
// pass; the task's declared workload (A and B read once, 2mkn cube FLOPs) puts T_hw above the
// simulated time, so the record is below its bound and the summary counts it, while the generic
// bound (the output written once) lies below the simulated time and would not have told.
TEST(HostileCorpus, SkippedWorkIsBelowTheDeclaredBound) {
    TempDir tmp;
    const std::string taskId = "level3/Matmul/Matmul";
    const fs::path task = tmp.Path() / "fixture" / taskId;
    fs::create_directories(task.parent_path());
    fs::copy(kSourceRoot / "tasks" / taskId, task, fs::copy_options::recursive);
    fs::remove(task / "validation" / "hidden_cases.csv");
    constexpr uint64_t m = 256, k = 32768, n = 256;
    std::ofstream(task / "validation" / "test_cases.csv")
        << "case_id;m;k;n;dtype;values\n0;" << m << ";" << k << ";" << n << ";float16;normal\n";
    // Zero operands (the task's own precision check stays): C is zero whatever the kernel skips.
    std::ofstream(task / "validation" / "prepare_inputs.py", std::ios::app)
        << "\n\ndef get_inputs(param, device=None):\n"
           "    m, k, n = int(param[\"m\"]), int(param[\"k\"]), int(param[\"n\"])\n"
           "    dtype = getattr(torch, param[\"dtype\"])\n"
           "    return [torch.zeros([m, k], dtype=dtype, device=device), torch.zeros([k, n], dtype=dtype, device=device)]\n";
    const fs::path to = tmp.Path() / "samples" / "runs" / taskId / "sample0" / "src" / "op_kernel";
    fs::create_directories(to);
    fs::copy(kCorpus / "skip_work_zero_matmul" / "op_kernel", to, fs::copy_options::recursive);
    const fs::path run = tmp.Path() / "run";
    std::vector<std::string> args = {"--tasks", task.string(), "--samples", (tmp.Path() / "samples").string(),
                                     "--run", run.string(), "--mode", "kernel", "-j", "1", "-q"};
    args.insert(args.end(), kLimits.begin(), kLimits.end());
    ASSERT_TRUE(RunAkgenBench(args, tmp.Path() / "bench.log"));

    const RunRecords records = ReadRecords(run.string());
    ASSERT_EQ(records.Cases().size(), 1u) << ReadText(tmp.Path() / "bench.log");
    const CaseRecord& c = records.Cases().front();
    EXPECT_TRUE(c.passed) << c.cls << ": " << c.error;
    ASSERT_TRUE(c.simTimeUs && c.hwBoundUs) << "the case was not timed";
    EXPECT_EQ(c.hwBoundRule, "declared");
    EXPECT_LT(*c.simTimeUs, *c.hwBoundUs) << "the skipped reads and cube work went unnoticed";
    const json summary = json::parse(ReadText(run / "summary.json"));
    EXPECT_EQ(summary.at("perf").at("below_hw_bound_cases"), 1);
    EXPECT_EQ(summary.at("perf").at("hw_bound_rules").at("declared"), 1);
    // The op-agnostic rule counts only C for a matmul: it lies below the simulated time.
    PlatformSpec platform;
    std::string error;
    ASSERT_TRUE(run::LoadPlatform((kSourceRoot / "platforms" / "Ascend910B1.json").string(), &platform, &error)) << error;
    cost::Workload generic;
    generic.writeBytes = m * n * 2;
    EXPECT_GT(*c.simTimeUs, cost::HardwareBoundUs(platform, generic));
}

// `--diagnostics report` judges a case whose diagnostics leave the run running on its values,
// as NPUKernelBench judges on a device, and keeps the diagnostics; fatal ones still fail.
TEST(HostileCorpus, ReportedDiagnosticsLeaveTheVerdictToTheValues) {
    const std::vector<Expectation> judged = {
        {"good_compact", {"pass"}},
        {"que_held_at_end", {"pass"}},
        {"deque_without_enque", {"diagnostic.QUE_DEQUE_EMPTY"}},
        {"gm_write_oob", {"diagnostic.GM_WRITE_OOB"}},
    };
    TempDir tmp;
    const fs::path samples = MakeSamples(tmp.Path() / "samples", judged);
    const fs::path run = tmp.Path() / "run";
    std::vector<std::string> args = BenchArgs(samples, run, "kernel");
    args.insert(args.end(), {"--diagnostics", "report"});
    ASSERT_TRUE(RunAkgenBench(args, tmp.Path() / "bench.log"));
    CheckRun(run, judged);

    const json summary = json::parse(ReadText(run / "summary.json"));
    EXPECT_EQ(summary.at("run").at("diagnostics"), "report");
    EXPECT_EQ(summary.at("passed_with_diagnostics").value("QUE_HELD_AT_END", 0), kCaseCount);
    const std::map<int, Outcome> outcomes = OutcomesOf(ReadRecords(run.string()));
    const Outcome& held = outcomes.at(1);
    ASSERT_EQ(int(held.cases.size()), kCaseCount);
    for (const CaseRecord& c : held.cases) {
        ASSERT_FALSE(c.diagnostics.empty()) << "case " << c.caseId << " lost its diagnostic";
        EXPECT_EQ(c.diagnostics.front().code, "QUE_HELD_AT_END");
    }
    for (const CaseRecord& c : outcomes.at(0).cases) EXPECT_TRUE(c.diagnostics.empty());
}

// A run killed part way (SIGKILL to akgen's process group) and resumed ends with every record
// exactly once: what finished before the kill is kept as it was and not evaluated again.
// Harness gap: a unit whose sample record and some cases were recorded before the kill is
// rebuilt on resume (it must be, to run its remaining cases) and its sample record appended a
// second time.
TEST(HostileCorpus, KilledRunResumesWithoutRedoingFinishedWork) {
    const std::vector<std::string> names = {"good_reference", "tail_skipped", "compile_syntax", "state_across_cases",
                                            "good_compact", "uninit_output"};
    std::vector<Expectation> candidates;
    for (const Expectation& e : kKernelCandidates)
        if (std::find(names.begin(), names.end(), e.candidate) != names.end()) candidates.push_back(e);
    ASSERT_EQ(candidates.size(), names.size());
    TempDir tmp;
    const fs::path samples = MakeSamples(tmp.Path() / "samples", candidates);
    const fs::path run = tmp.Path() / "run";
    const fs::path records = run / "records" / "all.jsonl";

    const pid_t pid = StartBench(BenchArgs(samples, run, "kernel"), tmp.Path() / "killed.log");
    const auto start = Clock::now();
    size_t linesAtKill = 0;
    bool finished = false;
    while (std::chrono::duration<double>(Clock::now() - start).count() < kInvocationDeadlineSeconds) {
        linesAtKill = CompleteLines(ReadText(records)).size();
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            finished = true;
            break;
        }
        if (linesAtKill >= 4) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (!finished) {
        kill(-pid, SIGKILL);
        waitpid(pid, nullptr, 0);
    }
    ASSERT_FALSE(finished) << "the run ended before it could be killed";
    ASSERT_FALSE(fs::exists(run / "summary.json"));
    const std::vector<std::string> beforeResume = CompleteLines(ReadText(records));
    ASSERT_GE(beforeResume.size(), 4u);
    // A sample record each, and the case records of those that build.
    size_t dueLines = 0;
    for (const Expectation& e : candidates) dueLines += 1 + (e.classes[0].rfind("compile.", 0) == 0 ? 0 : kCaseCount);
    ASSERT_LT(beforeResume.size(), dueLines) << "the kill came too late to test anything";

    std::vector<std::string> args = BenchArgs(samples, run, "kernel");
    args.push_back("--resume");
    ASSERT_TRUE(RunAkgenBench(args, tmp.Path() / "resume.log"));
    const std::vector<std::string> after = CompleteLines(ReadText(records));

    // What was written before the kill is still there, unchanged, at the start.
    ASSERT_GE(after.size(), beforeResume.size());
    for (size_t i = 0; i < beforeResume.size(); ++i)
        EXPECT_EQ(after[i], beforeResume[i]) << "line " << i + 1 << " changed on resume";
    // Every key exactly once: nothing recorded before the kill was recorded again.
    std::map<std::string, int> seen;
    for (const std::string& line : after) ++seen[KeyOf(json::parse(line))];
    for (const auto& [key, count] : seen) EXPECT_EQ(count, 1) << key << " recorded " << count << " times";
    EXPECT_EQ(seen.size(), dueLines);
    EXPECT_EQ(after.size(), dueLines);
    CheckRun(run, candidates);
}

}  // namespace
}  // namespace akg::harness
