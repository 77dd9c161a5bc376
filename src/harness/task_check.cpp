#include "harness/task_check.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "akg/pyshim.h"
#include "build/pybind_build.h"
#include "common/process.h"
#include "harness/replay.h"

namespace akg::harness {

namespace fs = std::filesystem;

int TaskOutcome::Passed() const {
    int n = 0;
    for (auto& c : cases) n += c.passed;
    return n;
}

std::string PythonInterpreter(const std::string& configured) {
    if (!configured.empty()) return configured;
    if (const char* env = std::getenv("AKGEN_PYTHON")) return env;
    return "/usr/bin/python3";
}

std::string TaskScript() { return std::string(AKG_SOURCE_DIR) + "/src/harness/python/akgen_task.py"; }

std::vector<std::string> ReadCaseIds(const std::string& taskDir, std::string* error) {
    std::ifstream f(fs::path(taskDir) / "validation" / "test_cases.csv");
    if (!f) {
        *error = "no validation/test_cases.csv";
        return {};
    }
    std::string line;
    std::getline(f, line);
    bool hasId = line.rfind("case_id", 0) == 0;
    std::vector<std::string> ids;
    int row = 0;
    while (std::getline(f, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        ids.push_back(hasId ? line.substr(0, line.find(';')) : std::to_string(row));
        ++row;
    }
    return ids;
}

namespace {

uintmax_t DirectoryBytes(const fs::path& dir) {
    uintmax_t total = 0;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (it->is_regular_file(ec)) total += it->file_size(ec);
    return total;
}

}  // namespace

TaskOutcome CheckTask(const std::string& taskDir, const std::string& candidateDir, const CheckOptions& options) {
    TaskOutcome out;
    std::error_code ec;
    fs::path task = fs::canonical(taskDir);
    out.task = task.parent_path().parent_path().filename().string() + "/" + task.parent_path().filename().string() +
               "/" + task.filename().string();
    std::string error;
    auto ids = ReadCaseIds(task.string(), &error);
    for (auto& id : ids) {
        CaseOutcome c;
        c.caseId = id;
        out.cases.push_back(c);
    }
    auto failAll = [&](const std::string& stage, const std::string& why) {
        out.error = why;
        for (auto& c : out.cases)
            if (c.stage.empty()) c.stage = stage, c.error = why;
        return out;
    };
    if (ids.empty()) return failAll("golden", error.empty() ? "no test cases" : error);

    fs::path work = fs::path(options.workDir) / out.task;
    fs::remove_all(work);
    fs::create_directories(work);
    std::string idList;
    for (auto& id : ids) idList += (idList.empty() ? "" : ",") + id;
    ProcessResult golden = RunProcess({PythonInterpreter(options.python), TaskScript(), "golden", task.string(), idList,
                                       std::to_string(options.seed), work.string()},
                                      1800);
    if (golden.exitCode != 0)
        return failAll("golden", "the golden step failed: " + golden.output.substr(golden.output.size() > 2000 ? golden.output.size() - 2000 : 0));

    build::OpProject project;
    if (!build::DiscoverProject(candidateDir, &project, &error)) return failAll("build", error);
    run::Operator op;
    build::BuildError buildError;
    if (!op.Load(project, options.run, &buildError)) return failAll("build", buildError.message + "\n" + buildError.log);
    std::string pybindSo;
    // NPUKernelBench names a task's operator after its directory (up to the first '_').
    const std::string opName = task.filename().string().substr(0, task.filename().string().find('_'));
    if (!build::BuildPybind((task / "validation" / "pybind.cpp").string(), opName, options.run.build, &pybindSo,
                            &buildError))
        return failAll("build", buildError.message + "\n" + buildError.log);
    pyshim::ClearRegistrations();
    if (!dlopen(pybindSo.c_str(), RTLD_NOW | RTLD_LOCAL)) return failAll("build", std::string("cannot load the pybind glue: ") + dlerror());

    for (auto& c : out.cases) {
        ReplayResult r = ReplayCase(op, (work / ("case" + c.caseId)).string());
        c.diagnostics = r.report.launch.diagnostics;
        if (!r.returned) {
            c.stage = r.executed ? run::RunStageName(r.report.stage) : "build";
            c.error = r.error;
        }
    }

    ProcessResult judge = RunProcess({PythonInterpreter(options.python), TaskScript(), "judge", task.string(), work.string()}, 1800);
    std::istringstream lines(judge.output);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] != '{') continue;
        try {
            auto j = nlohmann::json::parse(line);
            std::string id = j.at("case_id").is_string() ? j.at("case_id").get<std::string>() : std::to_string(j.at("case_id").get<int>());
            for (auto& c : out.cases) {
                if (c.caseId != id || !c.stage.empty()) continue;
                c.passed = j.value("passed", false) && c.diagnostics.empty();
                c.stage = c.passed ? "done" : (j.value("passed", false) ? "run" : "judge");
                if (j.contains("error")) c.error = j.at("error");
                else if (!j.value("passed", false)) c.error = "outputs differ from the reference";
                else if (!c.diagnostics.empty()) c.error = "diagnostics raised";
                auto num = [&](const char* k) { return j.contains(k) && j.at(k).is_number() ? j.at(k).get<double>() : 0.0; };
                c.maxAbsError = num("max_abs_error");
                c.maxRelError = num("max_rel_error");
                c.mismatches = j.value("mismatches", 0);
            }
        } catch (const std::exception&) {
        }
    }
    for (auto& c : out.cases)
        if (c.stage.empty()) c.stage = "judge", c.error = "the judge produced no verdict: " + judge.output.substr(0, 500);
    if (!options.keepWork)
        for (auto& c : out.cases) {
            const fs::path dir = work / ("case" + c.caseId);
            if (c.passed || DirectoryBytes(dir) > kKeptCaseBytes) fs::remove_all(dir, ec);
        }
    return out;
}

}  // namespace akg::harness
