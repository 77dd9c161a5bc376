// akgen: build, run and judge Ascend C operator projects on simulated AI cores.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>

#include "cli/case_spec.h"
#include "common/npy.h"
#include "harness/task_check.h"
#include "run/runner.h"

namespace fs = std::filesystem;
using namespace akg;

namespace {

enum ExitCode { kOk = 0, kDiagnostics = 1, kBuildError = 2, kTilingError = 3, kUsage = 4 };

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
// what failed (already reported).
int LoadOperator(const std::string& projectDir, const std::string& soc, const std::string& opType, run::Operator* op) {
    run::RunOptions options;
    std::string error;
    if (!run::LoadPlatform(soc, &options.platform, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
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
};

int CmdRun(const RunArgs& a) {
    run::Operator op;
    if (int rc = LoadOperator(a.project, a.soc, a.op, &op); rc != kOk) return rc;
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

struct CheckArgs {
    std::vector<std::string> tasks;
    std::string answer = "0";
    std::string work;
    std::string soc = "Ascend910B1";
    uint64_t seed = 0;
    bool verbose = false;
    bool keepWork = false;
};

int CmdCheckTask(const CheckArgs& a) {
    harness::CheckOptions options;
    std::string error;
    if (!run::LoadPlatform(a.soc, &options.run.platform, &error)) {
        std::fprintf(stderr, "akgen: %s\n", error.c_str());
        return kUsage;
    }
    options.seed = a.seed;
    options.keepWork = a.keepWork;
    options.workDir = a.work.empty() ? (fs::temp_directory_path() / "akgen-check").string() : a.work;
    int failedTasks = 0;
    for (auto& t : a.tasks) {
        std::string candidate = (fs::path(t) / "answer" / a.answer).string();
        harness::TaskOutcome o = harness::CheckTask(t, candidate, options);
        int passed = o.Passed();
        std::printf("%-45s %3d/%-3zu cases passed%s%s\n", o.task.c_str(), passed, o.cases.size(),
                    o.error.empty() ? "" : "  ", o.error.empty() ? "" : o.error.substr(0, o.error.find('\n')).c_str());
        for (auto& c : o.cases) {
            if (c.passed && !a.verbose) continue;
            std::printf("  case %-4s %-6s %s", c.caseId.c_str(), c.passed ? "PASS" : "FAIL", c.passed ? "" : c.stage.c_str());
            if (!c.passed && !c.error.empty()) std::printf(": %s", (a.verbose ? c.error : c.error.substr(0, c.error.find('\n'))).c_str());
            if (c.maxAbsError > 0 || c.maxRelError > 0) std::printf(" (max abs %.3g, max rel %.3g, %d mismatches)", c.maxAbsError, c.maxRelError, c.mismatches);
            std::printf("\n");
            for (auto& d : c.diagnostics) PrintDiagnostic(d);
        }
        if (passed != int(o.cases.size()) || o.cases.empty()) ++failedTasks;
    }
    return failedTasks ? kDiagnostics : kOk;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"akgen: build, run and judge Ascend C operator projects on simulated AI cores"};
    app.require_subcommand(1);

    RunArgs runArgs;
    auto* runCmd = app.add_subcommand("run", "Build an operator project, run its tiling and kernel on one case");
    runCmd->add_option("project", runArgs.project, "Operator project directory (with op_host/ and op_kernel/)")
        ->required();
    runCmd->add_option("--case", runArgs.caseText, "Case as key=value;... e.g. 'shape=[48,128];dtype=float16'");
    runCmd->add_option("--inputs", runArgs.inputs, "Input .npy files, in OpDef input order")->delimiter(',');
    runCmd->add_option("--out", runArgs.outDir, "Write outputs as .npy files into this directory");
    runCmd->add_option("--soc", runArgs.soc, "Platform to simulate (a name in platforms/ or a JSON file)");
    runCmd->add_option("--op", runArgs.op, "Operator type, when op_host registers several");
    runCmd->add_option("--seed", runArgs.seed, "Seed for generated inputs");
    runCmd->add_flag("-v,--verbose", runArgs.verbose, "Show what the tiling function logged");
    runCmd->callback([&] { std::exit(CmdRun(runArgs)); });

    BuildArgs buildArgs;
    auto* buildCmd = app.add_subcommand("build", "Build an operator project's host half and every kernel dtype variant");
    buildCmd->add_option("project", buildArgs.project, "Operator project directory (with op_host/ and op_kernel/)")
        ->required();
    buildCmd->add_option("--soc", buildArgs.soc, "Platform to build for (a name in platforms/ or a JSON file)");
    buildCmd->add_option("--op", buildArgs.op, "Operator type, when op_host registers several");
    buildCmd->callback([&] { std::exit(CmdBuild(buildArgs)); });

    CheckArgs checkArgs;
    auto* checkCmd = app.add_subcommand(
        "check-task", "Run a candidate of NPUKernelBench-layout tasks on every case and judge it against the reference");
    checkCmd->add_option("tasks", checkArgs.tasks, "Task directories (levelN/Category/Op)")->required();
    checkCmd->add_option("--answer", checkArgs.answer, "Which answer/K to check");
    checkCmd->add_option("--work", checkArgs.work, "Directory for goldens and outputs");
    checkCmd->add_option("--soc", checkArgs.soc, "Platform to simulate");
    checkCmd->add_option("--seed", checkArgs.seed, "Seed for the task's input generator");
    checkCmd->add_flag("-v,--verbose", checkArgs.verbose, "List passing cases too");
    checkCmd->add_flag("--keep-work", checkArgs.keepWork,
                       "Keep every case's tensors in the work directory (default: only failing cases up to 256 MiB)");
    checkCmd->callback([&] { std::exit(CmdCheckTask(checkArgs)); });

    CLI11_PARSE(app, argc, argv);
    return 0;
}
