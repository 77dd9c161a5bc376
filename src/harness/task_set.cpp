#include "harness/task_set.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "harness/workload.h"

namespace akg::harness {

namespace fs = std::filesystem;

namespace {

// "level2" -> 2, anything else -> 0.
int LevelOf(const std::string& name) {
    static const std::regex re("level([0-9]+)");
    std::smatch m;
    return std::regex_match(name, m, re) ? std::stoi(m[1]) : 0;
}

bool Matches(const std::vector<std::string>& globs, const std::string& name) {
    if (globs.empty()) return true;
    for (auto& g : globs)
        if (fnmatch(g.c_str(), name.c_str(), 0) == 0) return true;
    return false;
}

bool IsTaskDir(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(p / "validation", ec) || fs::is_directory(p / "answer", ec) ||
           fs::exists(p / "api_desc.md", ec);
}

std::vector<fs::path> Subdirs(const fs::path& p) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(p, ec))
        if (e.is_directory(ec) && e.path().filename().string()[0] != '.') out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

namespace {

// Case ids of one CSV file (row numbers when it has no case_id column); empty without the file.
std::vector<std::string> CaseIdsOf(const fs::path& csv) {
    std::ifstream f(csv);
    std::string line;
    if (!f || !std::getline(f, line)) return {};
    const bool hasId = line.rfind("case_id", 0) == 0;
    std::vector<std::string> ids;
    int row = 0;
    while (std::getline(f, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string id = hasId ? line.substr(0, line.find(';')) : std::to_string(row);
        while (!id.empty() && (id.back() == ' ' || id.back() == '\r')) id.pop_back();
        ids.push_back(id);
        ++row;
    }
    return ids;
}

// The first row of a case table with more cells than its header names, as "row N has K cells,
// the header M" (empty when every row parses). Like pandas, which NPUKernelBench's runner reads
// the table with, a shorter row is padded with empty cells, a longer one is an error.
std::string UnparsableRow(const fs::path& csv) {
    std::ifstream f(csv);
    std::string line;
    if (!f || !std::getline(f, line)) return "";
    const auto cells = [](const std::string& l) { return std::count(l.begin(), l.end(), ';') + 1; };
    const auto header = cells(line);
    for (int row = 1; std::getline(f, line); ++row) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (cells(line) > header)
            return "row " + std::to_string(row) + " has " + std::to_string(cells(line)) + " cells, the header " +
                   std::to_string(header);
    }
    return "";
}

}  // namespace

std::vector<std::string> ReadCaseIds(const std::string& taskDir, CaseSplit split, std::string* error) {
    const fs::path v = fs::path(taskDir) / "validation";
    std::vector<std::string> ids;
    if (split != CaseSplit::Hidden) ids = CaseIdsOf(v / "test_cases.csv");
    if (split != CaseSplit::Public)
        for (auto& id : CaseIdsOf(v / kHiddenCasesFile)) ids.push_back(id);
    if (ids.empty()) *error = "no cases in validation/test_cases.csv";
    return ids;
}

std::string MalformedReason(const std::string& taskDir) {
    const fs::path t(taskDir);
    std::error_code ec;
    // What the harness reads of every task: the reference, the cases and the glue it calls.
    for (const char* f : {"validation/module.py", "validation/test_cases.csv", "validation/pybind.cpp"})
        if (!fs::is_regular_file(t / f, ec)) return std::string("missing ") + f;
    if (CaseIdsOf(t / "validation" / "test_cases.csv").empty()) return "validation/test_cases.csv has no cases";
    for (const char* f : {"test_cases.csv", kHiddenCasesFile})
        if (std::string row = UnparsableRow(t / "validation" / f); !row.empty())
            return "validation/" + std::string(f) + " does not parse: " + row;
    std::vector<std::string> all = CaseIdsOf(t / "validation" / "test_cases.csv");
    for (auto& id : CaseIdsOf(t / "validation" / kHiddenCasesFile)) all.push_back(id);
    std::sort(all.begin(), all.end());
    if (auto d = std::adjacent_find(all.begin(), all.end()); d != all.end())
        return "case_id " + *d + " appears twice in validation/test_cases.csv and " + kHiddenCasesFile;
    if (!fs::is_directory(t / "answer" / "0" / "op_host", ec) || !fs::is_directory(t / "answer" / "0" / "op_kernel", ec))
        return "missing answer/0/op_host or answer/0/op_kernel";
    return WorkloadDeclarationProblem(taskDir);
}

namespace {
// The first word of the task's kTaskSocFile, or empty.
std::string TaskSoc(const fs::path& taskDir) {
    std::ifstream f(taskDir / kTaskSocFile);
    std::string soc;
    f >> soc;
    return soc;
}
}  // namespace

TaskSelection DiscoverTasks(const std::string& root, const TaskFilter& filter) {
    TaskSelection sel;
    std::error_code ec;
    fs::path r = fs::weakly_canonical(root, ec);
    if (!fs::is_directory(r, ec)) {
        sel.skipped.push_back({root, "not a directory"});
        return sel;
    }
    // Collect Op directories with their category and level, whatever depth `root` is at.
    std::vector<fs::path> ops;
    if (IsTaskDir(r)) {
        ops.push_back(r);
    } else if (LevelOf(r.filename().string()) || LevelOf(r.parent_path().filename().string())) {
        bool isLevel = LevelOf(r.filename().string()) != 0;
        for (auto& a : Subdirs(r)) {
            if (!isLevel) ops.push_back(a);
            else
                for (auto& b : Subdirs(a)) ops.push_back(b);
        }
    } else {
        for (auto& lvl : Subdirs(r))
            if (LevelOf(lvl.filename().string()))
                for (auto& cat : Subdirs(lvl))
                    for (auto& op : Subdirs(cat)) ops.push_back(op);
    }
    for (auto& p : ops) {
        TaskRef t;
        t.dir = p.string();
        t.op = p.filename().string();
        t.category = p.parent_path().filename().string();
        t.level = LevelOf(p.parent_path().parent_path().filename().string());
        t.id = p.parent_path().parent_path().filename().string() + "/" + t.category + "/" + t.op;
        if (!filter.levels.empty() &&
            std::find(filter.levels.begin(), filter.levels.end(), t.level) == filter.levels.end())
            continue;
        if (!Matches(filter.categories, t.category) || !Matches(filter.ops, t.op)) continue;
        if (t.level == 0) {
            sel.skipped.push_back({t.dir, "not under a levelN directory (expected levelN/Category/Op)"});
            continue;
        }
        std::string why = MalformedReason(t.dir);
        if (!why.empty()) {
            sel.skipped.push_back({t.dir, why});
            continue;
        }
        t.soc = TaskSoc(p);
        sel.tasks.push_back(t);
    }
    std::sort(sel.tasks.begin(), sel.tasks.end(), [](auto& a, auto& b) { return a.id < b.id; });
    return sel;
}

std::vector<Candidate> AnswerCandidates(const TaskRef& task) {
    std::vector<Candidate> out;
    for (auto& d : Subdirs(fs::path(task.dir) / "answer")) {
        const std::string name = d.filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        Candidate c;
        c.sample = std::stoi(name);
        c.kernelDir = c.hostDir = d.string();
        out.push_back(c);
    }
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.sample < b.sample; });
    return out;
}

std::string AnswerProjectOf(const TaskRef& task, const std::string& candidateDir) {
    std::error_code ec;
    const fs::path answers = fs::weakly_canonical(fs::path(task.dir) / "answer", ec);
    const fs::path dir = fs::weakly_canonical(candidateDir, ec);
    return dir.parent_path() == answers ? answers.string() : dir.string();
}

SampleIndex IndexSamples(const std::string& samplesRoot) {
    static const std::regex sampleName("sample([0-9]+)");
    static const std::regex fixedCase("fixed_case_(.+)");
    SampleIndex index;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(samplesRoot, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        const fs::path p = it->path();
        std::smatch m;
        const std::string name = p.filename().string();
        if (!it->is_directory(ec) || !std::regex_match(name, m, sampleName)) continue;
        it.disable_recursion_pending();  // nothing of interest below a sample
        if (!fs::is_directory(p / "src" / "op_kernel", ec)) continue;
        SampleIndex::Entry e;
        e.sample = std::stoi(m[1]);
        e.srcDir = (p / "src").string();
        fs::path opDir = p.parent_path();
        std::smatch g;
        const std::string group = opDir.filename().string();
        if (std::regex_match(group, g, fixedCase)) e.onlyCase = g[1];
        if (!e.onlyCase.empty() || group.rfind("dynamic", 0) == 0) opDir = opDir.parent_path();
        e.category = opDir.parent_path().filename().string();
        index.byOp.emplace(opDir.filename().string(), e);
    }
    return index;
}

std::vector<Candidate> SampleCandidates(const TaskRef& task, const SampleIndex& index, CandidateMode mode) {
    std::vector<Candidate> out;
    auto [lo, hi] = index.byOp.equal_range(task.op);
    for (auto it = lo; it != hi; ++it) {
        const auto& e = it->second;
        if (e.category != task.category) continue;
        Candidate c;
        c.sample = e.sample;
        c.kernelDir = e.srcDir;
        c.hostDir = mode == CandidateMode::KernelOnly ? (fs::path(task.dir) / "answer" / "0").string() : e.srcDir;
        c.onlyCase = e.onlyCase;
        out.push_back(c);
    }
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) {
        return a.onlyCase != b.onlyCase ? a.onlyCase < b.onlyCase : a.sample < b.sample;
    });
    return out;
}

}  // namespace akg::harness
