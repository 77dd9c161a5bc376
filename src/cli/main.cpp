// akgen: build, run and judge Ascend C operator projects on simulated AI cores.
#include <CLI/CLI.hpp>
#include <signal.h>
#include <unistd.h>
#include <csignal>
#include <cstdio>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "akg/launch/cost.h"
#include "cli/case_spec.h"
#include "cli/data_cmd.h"
#include "common/npy.h"
#include "gen/gen.h"
#include "gen/solve.h"
#include "harness/bench.h"
#include "harness/results.h"
#include "report/report.h"
#include "serve/evaluator.h"
#include "serve/server.h"
#include "build/compile.h"
#include "build/program.h"
#include "common/process.h"
#include "run/op_runner.h"

namespace fs = std::filesystem;
using namespace akg;

namespace {

enum ExitCode { kOk = 0, kDiagnostics = 1, kBuildError = 2, kTilingError = 3, kUsage = 4, kRunError = 5 };

// The signal that asked `akgen bench` to stop (RunBench polls it; docs/evaluation-loop.md).
volatile std::sig_atomic_t g_stopSignal = 0;
extern "C" void OnStopSignal(int sig) { g_stopSignal = sig; }

void PrintDiagnostic(const sim::Diagnostic& d) {
    std::fprintf(stderr, "%s: error: %s [%s] %s", d.location.empty() ? "<kernel>" : d.location.c_str(), d.code.c_str(),
                 d.category.c_str(), d.message.c_str());
    if (d.core >= 0) std::fprintf(stderr, " (core %d", d.core);
    if (d.count > 1) std::fprintf(stderr, "%s%u times", d.core >= 0 ? ", " : " (", d.count);
    if (d.core >= 0 || d.count > 1) std::fprintf(stderr, ")");
    std::fprintf(stderr, "\n");
}

void PrintBuildError(const build::BuildError& e) {
    std::fprintf(stderr, "akgen: %s failed: %s\n", build::BuildStageName(e.stage), e.message.c_str());
    if (!e.log.empty()) std::fprintf(stderr, "%s", e.log.c_str());
}

// Loads the platform, finds the project and builds its host half: kOk, or the exit code of
// what failed (already reported). With `model`, a cost model of that platform observes launches.
int LoadOperator(const std::string& projectDir, const std::string& soc, const std::string& opType, run::Operator* op,
                 std::unique_ptr<cost::CostModel>* model = nullptr) {
    run::RunOptions options;
    std::string error;
    if (!run::LoadPlatform(soc, &options.platform, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    if (model) {
        *model = std::make_unique<cost::CostModel>(options.platform);
        options.observers.push_back(model->get());
    }
    build::OpProject project;
    if (!build::DiscoverProject(projectDir, &project, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    build::BuildError buildError;
    if (!op->Load(project, options, &buildError, opType)) {
        PrintBuildError(buildError);
        return kBuildError;
    }
    return kOk;
}

struct RunArgs {
    std::string project;
    std::string caseText;
    std::vector<std::string> inputs;
    std::string outDir;
    std::string soc = "Ascend910B1";
    std::string op;
    uint64_t seed = 0;
    bool verbose = false;
    std::string tracePath;  // Chrome trace of the simulated timeline
    bool profile = false;   // per-pipe table of the simulated timeline
    std::vector<std::string> programArgs;  // of a direct-launch program
    std::vector<std::string> defines;      // -D of a direct-launch program's build
};

// A direct-launch program: built, then run in its sources' directory (where its data files
// are); each kernel launch appends a JSON line to $AKGEN_LAUNCH_REPORT (src/sim/direct_launch.cpp).
int CmdRunProgram(const RunArgs& a) {
    // A program's launches and its host code see the default platform; running it anywhere else
    // would report that platform's name over another's numbers.
    if (a.soc != RunArgs{}.soc) {
        std::fprintf(stderr, "akgen: --soc is not applied to direct-launch programs yet; they run on %s\n",
                     RunArgs{}.soc.c_str());
        return kUsage;
    }
    build::BuildOptions options;
    options.defines = a.defines;
    build::ProgramArtifact program;
    build::BuildError buildError;
    if (!build::BuildProgram(a.project, options, &program, &buildError)) {
        PrintBuildError(buildError);
        return kBuildError;
    }
    const fs::path report = fs::temp_directory_path() / ("akgen-launches-" + std::to_string(getpid()) + ".jsonl");
    fs::remove(report);
    setenv("AKGEN_LAUNCH_REPORT", report.c_str(), 1);
    std::vector<std::string> argv = {program.exePath};
    argv.insert(argv.end(), a.programArgs.begin(), a.programArgs.end());
    ProcessResult r = RunProcess(argv, 0, program.workDir);
    std::fputs(r.output.c_str(), stdout);
    size_t launches = 0, failed = 0;
    std::ifstream lines(report);
    for (std::string line; std::getline(lines, line);) {
        ++launches;
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.value("completed", false) || j.value("diagnostics", 0) > 0) ++failed;
    }
    fs::remove(report);
    std::printf("akgen: program %s (%s), exit code %d, %zu kernel launches, %zu with diagnostics\n",
                a.project.c_str(), program.cached ? "cached" : "built", r.exitCode, launches, failed);
    return r.exitCode == 0 && failed == 0 ? kOk : kDiagnostics;
}

int CmdRun(const RunArgs& a) {
    if (build::IsDirectLaunchProgram(a.project)) return CmdRunProgram(a);
    run::Operator op;
    std::unique_ptr<cost::CostModel> model;
    const bool timed = a.profile || !a.tracePath.empty();
    if (int rc = LoadOperator(a.project, a.soc, a.op, &op, timed ? &model : nullptr); rc != kOk) return rc;
    std::string error;
    std::map<std::string, std::string> kv;
    run::OpCall call;
    if (!cli::ParseCase(a.caseText, &kv, &error) || !cli::MakeCall(op.Info(), kv, a.inputs, a.seed, &call, &error) ||
        !op.PrepareOutputs(call, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    run::RunReport r = op.Run(call);
    if (!r.tiling.log.empty() && a.verbose) std::fprintf(stderr, "%s", r.tiling.log.c_str());
    if (r.stage == run::RunStage::Build && !r.ok) {
        PrintBuildError(r.buildError);
        return kBuildError;
    }
    if (r.stage == run::RunStage::Tiling) {
        std::fprintf(stderr, "akgen: %s\n", r.error.c_str());
        return kTilingError;
    }
    std::printf("%s: blockDim %u, tiling key %llu, %zu tiling bytes, kernel %s (%.2f s), ran in %.3f s\n",
                op.Info().type.c_str(), r.tiling.blockDim, static_cast<unsigned long long>(r.tiling.tilingKey),
                r.tiling.tilingData.size(), r.kernelCached ? "cached" : "built", r.kernelBuildSeconds, r.launchSeconds);
    std::fputs(r.launch.deviceLog.c_str(), stdout);
    for (auto& d : r.launch.diagnostics) PrintDiagnostic(d);
    if (model && r.stage >= run::RunStage::Launch) {
        if (a.profile) {
            std::fputs(model->ProfileTable().c_str(), stdout);
            const double bound = cost::HardwareBoundUs(op.Platform(), run::MinimumWorkload(call));
            std::printf("hardware lower bound T_hw %.3f us (inputs read and outputs written once)%s\n", bound,
                        cost::BelowBound(model->Result(), bound) ? ": the simulated time is BELOW it" : "");
        }
        if (!a.tracePath.empty()) {
            if (model->WriteTrace(a.tracePath, &error)) std::printf("wrote trace %s\n", a.tracePath.c_str());
            else std::fprintf(stderr, "akgen: %s\n", error.c_str());
        }
    }
    if (!a.outDir.empty()) {
        fs::create_directories(a.outDir);
        for (size_t i = 0; i < call.outputs.size(); ++i)
            for (size_t k = 0; k < call.outputs[i].size(); ++k) {
                std::string name = op.Info().outputs[i].name + (call.outputs[i].size() > 1 ? "_" + std::to_string(k) : "");
                std::string path = (fs::path(a.outDir) / (name + ".npy")).string();
                if (!WriteNpy(path, call.outputs[i][k], &error)) std::fprintf(stderr, "akgen: %s\n", error.c_str());
                else std::printf("wrote %s %s %s\n", path.c_str(), DTypeName(call.outputs[i][k].dtype).c_str(),
                                 ShapeString(call.outputs[i][k].shape).c_str());
            }
    }
    if (!r.ok) {
        if (!r.error.empty()) std::fprintf(stderr, "akgen: %s\n", r.error.c_str());
        return kDiagnostics;
    }
    return kOk;
}

struct BuildArgs {
    std::string project;
    std::string soc = "Ascend910B1";
    std::string op;
};

std::string ComboText(const build::DtypeCombo& c) {
    std::string s;
    for (auto d : c.inputs) s += (s.empty() ? "" : ",") + DTypeName(d);
    s += " -> ";
    for (size_t i = 0; i < c.outputs.size(); ++i) s += (i ? "," : "") + DTypeName(c.outputs[i]);
    return s;
}

// Builds the host half and the kernel for every DataType column, as CANN's build would,
// without running anything: the compile step of the loop, and what bench/ times.
int CmdBuild(const BuildArgs& a) {
    run::Operator op;
    if (int rc = LoadOperator(a.project, a.soc, a.op, &op); rc != kOk) return rc;
    std::string error;
    std::printf("%s: host %s (%.2f s)\n", op.Info().type.c_str(), op.Host().cached ? "cached" : "built",
                op.Host().seconds);
    int failed = 0;
    for (auto& combo : op.DtypeColumns()) {
        run::RunReport r;
        if (!op.PrepareKernel(combo, &r)) {
            std::printf("  kernel %s: FAILED\n", ComboText(combo).c_str());
            PrintBuildError(r.buildError);
            ++failed;
            continue;
        }
        std::printf("  kernel %s: %s (%.2f s)\n", ComboText(combo).c_str(), r.kernelCached ? "cached" : "built",
                    r.kernelBuildSeconds);
    }
    return failed ? kBuildError : kOk;
}

struct BenchArgs {
    harness::BenchOptions options;
    std::vector<std::string> ops;
    std::string mode = "kernel";
    std::string shard;
    std::string split = "all";
    double memoryLimitMb = 12288;
    bool quiet = false;
    bool expectPass = false;
};

std::string DefaultRunDir() {
    char stamp[64];
    std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    return (fs::path("runs") / stamp).string();
}

// Prints the headline numbers of summary.json.
void PrintSummary(const nlohmann::json& s, const std::string& runDir) {
    std::printf("\n%-8s %6s %9s %8s %13s\n", "level", "tasks", "compiled", "score", "passed tasks");
    for (auto& [level, l] : s.at("levels").items())
        std::printf("level%-3s %6d %9d %8.2f %13d\n", level.c_str(), l.value("tasks", 0), l.value("compiled", 0),
                    l.value("score", 0.0), l.value("passed_tasks", 0));
    if (s.contains("final_score") && s.at("final_score").is_number())
        std::printf("final score %.2f\n", s.at("final_score").get<double>());
    for (const char* kind : {"compile", "execution"})
        if (s.contains("pass_at_k") && s.at("pass_at_k").contains(kind)) {
            std::printf("%s pass@k:", kind);
            for (auto& [k, v] : s.at("pass_at_k").at(kind).items())
                if (v.is_number()) std::printf("  @%s %.3f", k.c_str(), v.get<double>());
            std::printf("\n");
        }
    if (const nlohmann::json perf = s.value("perf", nlohmann::json()); perf.is_object()) {
        std::printf("simulated time: %s samples timed", perf.value("timed_samples", nlohmann::json(0)).dump().c_str());
        if (perf.value("fast_p", nlohmann::json()).is_object()) {
            std::printf(", fast_p:");
            for (auto& [p, v] : perf.at("fast_p").items()) std::printf("  @%s %.3f", p.c_str(), v.get<double>());
        }
        if (perf.value("mean_speedup", nlohmann::json()).is_number())
            std::printf(", mean speedup %.3f", perf.at("mean_speedup").get<double>());
        if (perf.value("below_hw_bound_cases", 0) > 0)
            std::printf(", %d cases below their hardware bound (see the case logs)", perf.value("below_hw_bound_cases", 0));
        std::printf("\n");
    }
    if (s.contains("failure_classes") && !s.at("failure_classes").empty()) {
        std::printf("failure classes:");
        for (auto& [cls, n] : s.at("failure_classes").items()) std::printf("  %s %s", cls.c_str(), n.dump().c_str());
        std::printf("\n");
    }
    if (s.contains("passed_with_diagnostics") && !s.at("passed_with_diagnostics").empty()) {
        std::printf("passing cases that broke a rule (--diagnostics report):");
        for (auto& [code, n] : s.at("passed_with_diagnostics").items()) std::printf("  %s %s", code.c_str(), n.dump().c_str());
        std::printf("\n");
    }
    // Failing candidates, each with its first few failing cases (the records say why).
    const harness::RunRecords records = harness::ReadRecords(runDir);
    for (auto& t : s.at("tasks")) {
        if (t.value("class", "") == "pass") continue;
        const std::string task = t.value("task", "");
        const int sample = t.value("sample", 0);
        std::printf("  %-50s sample %-3d %3d/%-3d %s\n", task.c_str(), sample, t.value("passed", 0),
                    t.value("cases", 0), t.value("class", "").c_str());
        int shown = 0;
        for (auto& r : records.Samples())
            if (r.task == task && r.sample == sample && !r.compiled)
                std::printf("      build: %s\n", r.error.substr(0, r.error.find('\n')).c_str()), ++shown;
        for (auto& c : records.Cases()) {
            if (c.task != task || c.sample != sample || c.passed || shown >= 3) continue;
            std::printf("      case %s: %s: %s\n", c.caseId.c_str(), c.cls.c_str(),
                        c.error.substr(0, std::min<size_t>(c.error.find('\n'), 200)).c_str());
            ++shown;
        }
    }
    std::printf("results in %s (summary.json, records/, logs/); `akgen report %s` for a report\n", runDir.c_str(),
                runDir.c_str());
}

// The task selection bench, gen and solve share (ApplyTaskArgs completes it).
void AddTaskOptions(CLI::App* cmd, std::vector<std::string>& ops, std::string& tasksRoot,
                    harness::TaskFilter& filter) {
    cmd->add_option("ops", ops, "Op names or globs (default: all)");
    cmd->add_option("--tasks", tasksRoot, "Task tree, level, category or task directory (default: the built-in tasks/)");
    // One value per occurrence (comma-separated lists allowed): otherwise CLI11 lets a list option
    // swallow the op names after it (`--level 1 'Foreach*'`).
    cmd->add_option("--level", filter.levels, "Only these levels")->delimiter(',')->allow_extra_args(false);
    cmd->add_option("--category", filter.categories, "Only these categories (names or globs)")
        ->delimiter(',')
        ->allow_extra_args(false);
}

// The arguments bench, gen and solve share: the task tree (default: the built-in tasks/), op
// names, candidate mode and shard. False, with the problem printed, on a bad value.
template <class Options>
bool ApplyTaskArgs(Options& o, const std::vector<std::string>& ops, const std::string& mode, const std::string& shard) {
    if (o.tasksRoot.empty()) o.tasksRoot = (fs::path(AKG_SOURCE_DIR) / "tasks").string();
    for (auto& op : ops) o.filter.ops.push_back(op);
    if (mode == "kernel") o.mode = harness::CandidateMode::KernelOnly;
    else if (mode == "host+kernel") o.mode = harness::CandidateMode::HostAndKernel;
    else return std::fprintf(stderr, "akgen: --mode is kernel or host+kernel\n"), false;
    if (shard == "slurm") {
        // A job array's task: its index and the array's size, as Slurm sets them (docs/serve.md).
        const char* id = std::getenv("SLURM_ARRAY_TASK_ID");
        const char* count = std::getenv("SLURM_ARRAY_TASK_COUNT");
        if (!id || !count || std::sscanf(id, "%d", &o.shardIndex) != 1 || std::sscanf(count, "%d", &o.shardCount) != 1)
            return std::fprintf(stderr, "akgen: --shard slurm needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT "
                                        "(run it as a task of an sbatch --array job)\n"),
                   false;
    } else if (!shard.empty() && std::sscanf(shard.c_str(), "%d/%d", &o.shardIndex, &o.shardCount) != 2) {
        return std::fprintf(stderr, "akgen: --shard wants i/N or slurm\n"), false;
    }
    return true;
}

int CmdBench(BenchArgs& a) {
    harness::BenchOptions& o = a.options;
    if (o.runDir.empty()) o.runDir = DefaultRunDir();
    if (!ApplyTaskArgs(o, a.ops, a.mode, a.shard)) return kUsage;
    if (a.split == "all") o.split = harness::CaseSplit::All;
    else if (a.split == "public") o.split = harness::CaseSplit::Public;
    else if (a.split == "hidden") o.split = harness::CaseSplit::Hidden;
    else {
        std::fprintf(stderr, "akgen: --split is all, public or hidden\n");
        return kUsage;
    }
    if (o.rule != "default" && o.rule != "strict") {
        std::fprintf(stderr, "akgen: --check is default or strict\n");
        return kUsage;
    }
    if (o.diagnostics != "fail" && o.diagnostics != "report") {
        std::fprintf(stderr, "akgen: --diagnostics is fail or report\n");
        return kUsage;
    }
    o.limits.addressSpaceBytes = size_t(a.memoryLimitMb * 1024 * 1024);
    o.progress = !a.quiet;
    struct sigaction stop {};
    stop.sa_handler = OnStopSignal;  // no SA_RESTART: the scheduler's poll returns at once
    sigemptyset(&stop.sa_mask);
    for (int sig : {SIGINT, SIGTERM}) sigaction(sig, &stop, nullptr);
    o.interrupt = &g_stopSignal;
    harness::BenchOutcome r = harness::RunBench(o);
    if (!r.error.empty()) {
        std::fprintf(stderr, "akgen: %s\n", r.error.c_str());
        if (r.errorClass == "interrupted") return 128 + int(g_stopSignal);  // the shell's convention
        return r.errorClass.empty() ? kUsage : kRunError;
    }
    PrintSummary(r.summary, o.runDir);
    if (!a.expectPass) return kOk;
    bool allPassed = !r.summary.at("tasks").empty() && r.skipped.empty();
    for (auto& t : r.summary.at("tasks")) allPassed &= t.value("class", "") == "pass";
    // A correct kernel simulated faster than its hardware bound is a cost-model bug: CI must see it.
    allPassed &= r.summary.value("perf", nlohmann::json::object()).value("below_hw_bound_cases", 0) == 0;
    return allPassed ? kOk : kDiagnostics;
}

int CmdReport(const std::string& runDir) {
    std::string error;
    if (!report::WriteReport(runDir, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    std::printf("wrote %s and %s\n", (fs::path(runDir) / "report.md").c_str(), (fs::path(runDir) / "report.html").c_str());
    return kOk;
}

// Model-server options shared by `gen` and `solve`; unset ones come from the environment.
struct ModelArgs {
    gen::ClientConfig client;
    gen::SamplingParams sampling;
    std::string apiKeyEnv;
    int64_t seed = -1;
};

void AddModelOptions(CLI::App* cmd, ModelArgs& m) {
    cmd->add_option("--base-url", m.client.baseUrl,
                    "OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1 (default: $AKGEN_BASE_URL, $OPENAI_BASE_URL)");
    cmd->add_option("--model", m.client.model, "Model name the server knows (default: $AKGEN_MODEL)");
    cmd->add_option("--api-key-env", m.apiKeyEnv,
                    "Environment variable holding the API key (default: AKGEN_API_KEY, else OPENAI_API_KEY)");
    cmd->add_option("--temperature", m.sampling.temperature, "Sampling temperature");
    cmd->add_option("--top-p", m.sampling.topP, "Nucleus sampling top_p");
    cmd->add_option("--max-tokens", m.sampling.maxTokens, "Completion tokens per answer");
    cmd->add_option("--seed", m.seed, "Seed of the first sample (sample K gets seed+K); default: none sent");
    cmd->add_option("--stop", m.sampling.stop, "Stop sequence (repeatable)");
    cmd->add_option("--request-timeout", m.client.timeoutSeconds, "Seconds per request attempt");
    cmd->add_option("--connect-timeout", m.client.connectTimeoutSeconds, "Seconds to connect");
    cmd->add_option("--retries", m.client.maxRetries, "Further attempts after a 429, 5xx, timeout or connection error");
    cmd->add_option("--backoff", m.client.backoffSeconds, "First retry delay in seconds (doubles per retry)");
}

// Fills what the command line left unset from the environment; false with `error` when the
// server or model is still unknown.
bool ResolveModel(ModelArgs& m, std::string* error) {
    auto env = [](const char* name) {
        const char* v = std::getenv(name);
        return std::string(v ? v : "");
    };
    if (m.client.baseUrl.empty()) m.client.baseUrl = env("AKGEN_BASE_URL");
    if (m.client.baseUrl.empty()) m.client.baseUrl = env("OPENAI_BASE_URL");
    if (m.client.model.empty()) m.client.model = env("AKGEN_MODEL");
    if (!m.apiKeyEnv.empty()) m.client.apiKey = env(m.apiKeyEnv.c_str());
    else m.client.apiKey = !env("AKGEN_API_KEY").empty() ? env("AKGEN_API_KEY") : env("OPENAI_API_KEY");
    if (m.seed >= 0) m.sampling.seed = uint64_t(m.seed);
    if (m.client.baseUrl.empty()) return *error = "no server: --base-url or $AKGEN_BASE_URL", false;
    if (m.client.model.empty()) return *error = "no model: --model or $AKGEN_MODEL", false;
    return true;
}


struct GenArgs {
    gen::GenOptions options;
    ModelArgs model;
    std::vector<std::string> ops;
    std::string mode = "kernel";
    std::string shard;
    bool quiet = false;
};

int CmdGen(GenArgs& a) {
    gen::GenOptions& o = a.options;
    if (!ApplyTaskArgs(o, a.ops, a.mode, a.shard)) return kUsage;
    std::string error;
    if (!o.dryRun && !ResolveModel(a.model, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    o.client = a.model.client;
    o.sampling = a.model.sampling;
    o.progress = !a.quiet;
    gen::GenOutcome r = gen::RunGen(o);
    if (!r.error.empty()) {
        std::fprintf(stderr, "akgen: %s\n", r.error.c_str());
        return kUsage;
    }
    for (auto& s : r.skipped) std::fprintf(stderr, "skipped %s: %s\n", s.path.c_str(), s.reason.c_str());
    if (o.dryRun) return kOk;
    std::printf("%d samples due, %d already written, %d written now (%d without a usable file), %d failed; "
                "%lld prompt + %lld completion tokens\n",
                r.due, r.alreadyDone, r.written, r.unusable, r.failed, (long long)r.usage.promptTokens,
                (long long)r.usage.completionTokens);
    std::printf("evaluate with: akgen bench --tasks %s --samples %s --mode %s\n", o.tasksRoot.c_str(), o.outDir.c_str(),
                a.mode.c_str());
    return r.failed ? kDiagnostics : kOk;
}

struct SolveArgs {
    gen::SolveOptions options;
    ModelArgs model;
    std::vector<std::string> ops;
    std::string mode = "kernel";
    std::string shard;
    double memoryLimitMb = 12288;
    bool quiet = false;
};

int CmdSolve(SolveArgs& a) {
    gen::SolveOptions& o = a.options;
    if (!ApplyTaskArgs(o, a.ops, a.mode, a.shard)) return kUsage;
    std::string error;
    if (!ResolveModel(a.model, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    o.client = a.model.client;
    o.sampling = a.model.sampling;
    o.limits.addressSpaceBytes = size_t(a.memoryLimitMb * 1024 * 1024);
    o.progress = !a.quiet;
    gen::SolveOutcome r = gen::RunSolve(o);
    if (!r.error.empty()) {
        std::fprintf(stderr, "akgen: %s\n", r.error.c_str());
        return kUsage;
    }
    for (auto& s : r.skipped) std::fprintf(stderr, "skipped %s: %s\n", s.path.c_str(), s.reason.c_str());
    std::printf("%d of %d tasks solved (%d finished earlier); %lld tokens\n", r.solved, r.tasks, r.alreadyDone,
                (long long)r.usage.totalTokens);
    std::printf("trajectories in %s/trajectories.jsonl; last candidates in %s/samples\n", o.outDir.c_str(),
                o.outDir.c_str());
    return kOk;
}

struct ServeArgs {
    serve::ServeOptions options;
    std::string rewardsFile;
    std::string tokenFile;
    double memoryLimitMb = 12288;
    bool evaluator = false;  // internal: an evaluator process of a server
};

int CmdServe(ServeArgs& a) {
    serve::ServeOptions& o = a.options;
    if (o.tasksRoot.empty()) o.tasksRoot = (fs::path(AKG_SOURCE_DIR) / "tasks").string();
    o.limits.addressSpaceBytes = size_t(a.memoryLimitMb * 1024 * 1024);
    if (o.stateDir.empty()) o.stateDir = "serve-state";
    o.stateDir = fs::absolute(o.stateDir).string();
    o.tasksRoot = fs::absolute(o.tasksRoot).string();
    if (a.evaluator) return serve::RunEvaluatorLoop({o.stateDir, o.soc, o.limits, o.python});
    if (!a.rewardsFile.empty()) {
        std::string error;
        try {
            if (!serve::ApplyRewardOverrides(nlohmann::json::parse(build::ReadFile(a.rewardsFile)), &o.rewards, &error)) {
                std::fprintf(stderr, "akgen: %s: %s\n", a.rewardsFile.c_str(), error.c_str());
                return kUsage;
            }
        } catch (const std::exception& e) {
            std::fprintf(stderr, "akgen: %s: %s\n", a.rewardsFile.c_str(), e.what());
            return kUsage;
        }
    }
    // The token never goes on the command line, where every user of the machine can read it.
    if (!a.tokenFile.empty()) {
        o.token = build::ReadFile(a.tokenFile);
        while (!o.token.empty() && std::isspace((unsigned char)o.token.back())) o.token.pop_back();
    } else if (const char* t = std::getenv("AKGEN_SERVE_TOKEN")) {
        o.token = t;
    }
    if (o.jobs < 1 || o.queue < 1) {
        std::fprintf(stderr, "akgen: -j and --queue must be at least 1\n");
        return kUsage;
    }
    std::error_code ec;
    o.evaluatorExe = fs::read_symlink("/proc/self/exe", ec).string();
    return serve::RunServer(o);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"akgen: build, run and judge Ascend C operator projects on simulated AI cores"};
    app.require_subcommand(1);

    RunArgs runArgs;
    auto* runCmd = app.add_subcommand(
        "run", "Build an operator project and run it on one case, or build and run a direct-launch program");
    runCmd
        ->add_option("project", runArgs.project,
                     "Operator project directory (with op_host/ and op_kernel/), or a direct-launch program: a .asc "
                     "or .cpp file, or a directory of them")
        ->required();
    runCmd->add_option("program_args", runArgs.programArgs, "Arguments of a direct-launch program (after --)");
    runCmd->add_option("-D,--define", runArgs.defines,
                       "Macro NAME or NAME=VALUE for a direct-launch program's build (what its CMakeLists sets)");
    runCmd->add_option("--case", runArgs.caseText, "Case as key=value;... e.g. 'shape=[48,128];dtype=float16'");
    runCmd->add_option("--inputs", runArgs.inputs, "Input .npy files, in OpDef input order")->delimiter(',');
    runCmd->add_option("--out", runArgs.outDir, "Write outputs as .npy files into this directory");
    runCmd->add_option("--soc", runArgs.soc, "Platform to simulate (a name in platforms/ or a JSON file)");
    runCmd->add_option("--op", runArgs.op, "Operator type, when op_host registers several");
    runCmd->add_option("--seed", runArgs.seed, "Seed for generated inputs");
    runCmd->add_flag("-v,--verbose", runArgs.verbose, "Show what the tiling function logged");
    runCmd->add_option("--trace", runArgs.tracePath, "Write the simulated timeline as Chrome Trace Event JSON");
    runCmd->add_flag("--profile", runArgs.profile, "Print simulated time and per-pipe busy ratios");
    runCmd->callback([&] { std::exit(CmdRun(runArgs)); });

    BuildArgs buildArgs;
    auto* buildCmd = app.add_subcommand("build", "Build an operator project's host half and every kernel dtype variant");
    buildCmd->add_option("project", buildArgs.project, "Operator project directory (with op_host/ and op_kernel/)")
        ->required();
    buildCmd->add_option("--soc", buildArgs.soc, "Platform to build for (a name in platforms/ or a JSON file)");
    buildCmd->add_option("--op", buildArgs.op, "Operator type, when op_host registers several");
    buildCmd->callback([&] { std::exit(CmdBuild(buildArgs)); });

    BenchArgs benchArgs;
    auto* benchCmd = app.add_subcommand(
        "bench", "Evaluate candidates of many tasks (NPUKernelBench layout) in sandboxed processes; results in a run directory");
    auto& bo = benchArgs.options;
    AddTaskOptions(benchCmd, benchArgs.ops, bo.tasksRoot, bo.filter);
    benchCmd->add_option("--samples", bo.samplesRoot,
                         "Generated samples in NPUKernelBench's run layout (default: the tasks' answer/K)");
    benchCmd->add_option("--answer", bo.answers, "Which answer/K to evaluate (default: all)")->delimiter(',');
    benchCmd->add_option("--mode", benchArgs.mode, "kernel (the task's host code + the sample's kernel) or host+kernel");
    benchCmd->add_option("--run", bo.runDir, "Run directory (default: runs/<timestamp>)");
    benchCmd->add_option("-j,--jobs", bo.jobs, "Candidates evaluated in parallel");
    benchCmd->add_option("--trials", bo.trials, "Seeds per case (fresh inputs each)");
    benchCmd->add_option("--split", benchArgs.split,
                         "Cases: all, public (test_cases.csv) or hidden (hidden_cases.csv, never shown to a model)");
    benchCmd->add_option("--seed", bo.seed, "First seed");
    benchCmd->add_option("--soc", bo.soc,
                         "Platform to simulate (default: each task's validation/soc, else Ascend910B1)");
    benchCmd->add_option("--check", bo.rule, "Correctness rule: default (NPUKernelBench) or strict (dtype-aware)");
    benchCmd->add_option("--diagnostics", bo.diagnostics,
                         "A simulator diagnostic that does not stop the run: fail (the case fails) or report "
                         "(the case is judged on its values, NPUKernelBench's device rule, and keeps the diagnostic)");
    benchCmd->add_flag("--resume", bo.resume, "Keep the run directory's records and skip what they cover");
    benchCmd->add_option("--shard", benchArgs.shard,
                         "i/N: evaluate every N-th candidate starting at i; slurm: i and N of the job array's task");
    benchCmd->add_option("--timeout", bo.limits.wallSeconds, "Wall-clock seconds per case");
    benchCmd->add_option("--cpu-limit", bo.limits.cpuSeconds, "CPU seconds per case");
    benchCmd->add_option("--memory-limit-mb", benchArgs.memoryLimitMb, "Address-space limit per case, MiB");
    benchCmd->add_flag("--keep-work", bo.keepWork, "Keep every case's returned tensors under RUN/work");
    benchCmd->add_option("--cache-max-gb", bo.cacheMaxGb,
                         "Goldens in the cache kept within this many GiB, least recently used evicted first (0: no limit)")
        ->capture_default_str();
    benchCmd->add_option("--reference", bo.referenceRun,
                         "Run directory of the tasks' answers (same seed): speedup, fast_p and HAP against its times");
    benchCmd->add_flag("-q,--quiet", benchArgs.quiet, "No progress output");
    benchCmd->add_flag("--expect-pass", benchArgs.expectPass,
                       "Exit with status 1 unless every candidate passes every case, none below its hardware "
                       "bound (for CI)");
    benchCmd->callback([&] { std::exit(CmdBench(benchArgs)); });

    std::string reportRun;
    auto* reportCmd = app.add_subcommand("report", "Write report.md and a self-contained report.html of a run");
    reportCmd->add_option("run", reportRun, "Run directory written by akgen bench")->required();
    reportCmd->callback([&] { std::exit(CmdReport(reportRun)); });

    GenArgs genArgs;
    auto* genCmd = app.add_subcommand(
        "gen", "Ask a model server (OpenAI-compatible) for n samples per task, written for akgen bench --samples");
    auto& go = genArgs.options;
    AddTaskOptions(genCmd, genArgs.ops, go.tasksRoot, go.filter);
    genCmd->add_option("--out", go.outDir, "Samples directory (NPUKernelBench run layout)");
    genCmd->add_option("-n,--samples", go.samples, "Samples per task (per public case with --static)");
    genCmd->add_option("--mode", genArgs.mode, "kernel (the model writes op_kernel/) or host+kernel");
    genCmd->add_flag("--static", go.staticShape, "One prompt and sample group (fixed_case_<ID>) per public case");
    genCmd->add_option("--shard", genArgs.shard, "i/N: generate every N-th sample starting at i");
    genCmd->add_option("-j,--jobs", go.jobs, "Requests in flight at once");
    genCmd->add_flag("--n-per-request", go.nPerRequest, "Ask for a task's missing samples in one request (`n`)");
    genCmd->add_option("--prompts", go.promptsDir, "Prompt templates directory (default: prompts/ of the source tree)");
    genCmd->add_option("--soc", go.soc, "Platform the hardware section describes");
    genCmd->add_flag("--dry-run", go.dryRun, "Print the prompts; contact no server");
    genCmd->add_flag("-q,--quiet", genArgs.quiet, "No progress output");
    AddModelOptions(genCmd, genArgs.model);
    genCmd->callback([&] { std::exit(CmdGen(genArgs)); });

    SolveArgs solveArgs;
    auto* solveCmd = app.add_subcommand(
        "solve", "Repair loop per task: generate, evaluate on the public cases, feed diagnostics back, regenerate");
    auto& so = solveArgs.options;
    AddTaskOptions(solveCmd, solveArgs.ops, so.tasksRoot, so.filter);
    solveCmd->add_option("--out", so.outDir, "Output directory (trajectories.jsonl, turns/, samples/)")->required();
    solveCmd->add_option("--mode", solveArgs.mode, "kernel (the model writes op_kernel/) or host+kernel");
    solveCmd->add_option("--turns", so.maxTurns, "Turns per task at most");
    solveCmd->add_option("--shard", solveArgs.shard, "i/N: solve every N-th task starting at i (give each its own --out)");
    solveCmd->add_option("--token-budget", so.tokenBudget, "Total tokens per task at most (0: no limit)");
    solveCmd->add_option("--target-speedup", so.targetSpeedup,
                         "Keep a correct kernel improving until its simulated speedup over the task's answer reaches this");
    solveCmd->add_option("--prompts", so.promptsDir, "Prompt templates directory (default: prompts/ of the source tree)");
    solveCmd->add_option("--soc", so.soc, "Platform to simulate and describe");
    solveCmd->add_option("--timeout", so.limits.wallSeconds, "Wall-clock seconds per case");
    solveCmd->add_option("--cpu-limit", so.limits.cpuSeconds, "CPU seconds per case");
    solveCmd->add_option("--memory-limit-mb", solveArgs.memoryLimitMb, "Address-space limit per case, MiB");
    solveCmd->add_flag("-q,--quiet", solveArgs.quiet, "No progress output");
    AddModelOptions(solveCmd, solveArgs.model);
    solveCmd->callback([&] { std::exit(CmdSolve(solveArgs)); });

    ServeArgs serveArgs;
    auto* serveCmd = app.add_subcommand(
        "serve", "Serve the evaluator over HTTP/JSON for RL trainers: POST /v1/evaluate, GET /v1/results/{id}, "
                 "/healthz, /metrics (docs/serve.md)");
    auto& sv = serveArgs.options;
    serveCmd->add_option("--tasks", sv.tasksRoot, "Task tree to serve (default: the built-in tasks/); no other task is evaluated");
    serveCmd->add_option("--host", sv.host, "Address to bind (default 127.0.0.1; any other needs a bearer token)");
    serveCmd->add_option("--port", sv.port, "Port (0: any free one, printed)");
    serveCmd->add_option("-j,--jobs", sv.jobs, "Candidates evaluated at once (evaluator processes)");
    serveCmd->add_option("--queue", sv.queue, "Requests that may wait for an evaluator; beyond it: 429 with Retry-After");
    serveCmd->add_option("--state", sv.stateDir, "State directory: results, journal, verdict cache (default ./serve-state)");
    serveCmd->add_option("--rewards", serveArgs.rewardsFile, "JSON file changing the default rewards (docs/serve.md)");
    serveCmd->add_option("--token-file", serveArgs.tokenFile, "File holding the bearer token (else $AKGEN_SERVE_TOKEN)");
    serveCmd->add_option("--max-body-mb", sv.maxBodyBytes, "Largest request body, MiB (default 4; larger: 413)")->transform(
        [](std::string v) { return std::to_string(size_t(std::stod(v) * 1024 * 1024)); });
    serveCmd->add_option("--deadline", sv.deadlineSeconds, "Default and largest per-request deadline, seconds");
    serveCmd->add_option("--drain", sv.drainSeconds, "On SIGTERM: seconds queued and running requests may take to finish");
    serveCmd->add_option("--soc", sv.soc, "Platform to simulate");
    serveCmd->add_option("--timeout", sv.limits.wallSeconds, "Wall-clock seconds per case");
    serveCmd->add_option("--cpu-limit", sv.limits.cpuSeconds, "CPU seconds per case");
    serveCmd->add_option("--memory-limit-mb", serveArgs.memoryLimitMb, "Address-space limit per case, MiB");
    serveCmd->add_option("--python", sv.python, "Interpreter with torch (default $AKGEN_PYTHON or /usr/bin/python3)");
    serveCmd->add_flag("--evaluator", serveArgs.evaluator, "Internal: run as an evaluator process of a server")
        ->group("");
    serveCmd->callback([&] { std::exit(CmdServe(serveArgs)); });
    cli::AddDataCommand(app);  // akgen data (src/cli/data_cmd.cpp)

    CLI11_PARSE(app, argc, argv);
    return 0;
}
