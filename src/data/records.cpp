#include "data/records.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "build/compile.h"
#include "common/sha256.h"
#include "data/diff.h"
#include "data/quality.h"
#include "gen/feedback.h"
#include "gen/prompt.h"
#include "harness/compile_errors.h"
#include "harness/results.h"
#include "harness/task_set.h"

namespace akg::data {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Whole file contents (empty when unreadable).
std::string ReadFileAt(const fs::path& p) { return build::ReadFile(p.string()); }

bool StartsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

bool HostileClass(const std::string& cls) { return StartsWith(cls, "anticheat.") || cls == "sandbox_violation"; }

// Every file under DIR/<half>/, keyed "<half>/<relative path>".
void ReadTree(const fs::path& dir, const std::string& half, std::map<std::string, std::string>* files) {
    std::error_code ec;
    const fs::path root = dir / half;
    if (!fs::is_directory(root, ec)) return;
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file()) (*files)[half + "/" + it->path().lexically_relative(root).generic_string()] = ReadFileAt(it->path());
}

// One candidate implementation of a task, with everything any run recorded about it.
struct Cand {
    std::string key;  // task, source and sample: the order of everything built from candidates
    harness::TaskRef task;
    int sample = 0;
    std::string onlyCase;
    std::string srcDir;  // holds op_kernel/ (a sample's src/, an answer's answer/K)
    std::string mode, soc, akgenVersion, samplesRoot;
    std::vector<std::string> runs;
    std::map<std::string, std::string> files;
    std::vector<harness::SampleRecord> sampleRecords;
    std::map<std::pair<std::string, int>, harness::CaseRecord> cases;  // (case, trial)
    std::string buildLog;
    // Derived.
    bool compiled = false, hostile = false, verified = false;
    std::string cls;  // "pass", the build class, or the first failing case's class
    std::vector<std::string> classes, codes, casesJudged, splitsJudged;
    std::optional<double> simTimeUs;
    std::string system, user, reasoning, model;
    std::string normHash;
};

struct TaskInfo {
    harness::TaskRef ref;
    std::set<std::string> publicIds, hiddenIds;
    std::vector<std::string> hiddenRows;  // whole lines of hidden_cases.csv: must never reach a prompt
};

std::string Join(const std::vector<std::string>& v, const std::string& sep) {
    std::string out;
    for (auto& s : v) out += (out.empty() ? "" : sep) + s;
    return out;
}

json Messages(const std::vector<std::pair<std::string, std::string>>& ms) {
    json a = json::array();
    for (auto& [role, content] : ms) a.push_back({{"role", role}, {"content", content}});
    return a;
}

json FileShas(const std::map<std::string, std::string>& files) {
    json o = json::object();
    for (auto& [p, c] : files) o[p] = Sha256Hex(c);
    return o;
}

class Builder {
public:
    explicit Builder(const BuildOptions& o) : o_(o) {
        promptsDir_ = o.promptsDir.empty() ? gen::DefaultPromptsDir() : o.promptsDir;
        apiDocsDir_ = o.apiDocsDir.empty() ? gen::DefaultApiDocsDir() : o.apiDocsDir;
    }

    BuildOutcome Run();

private:
    bool LoadRun(const std::string& runDir, std::string* error);
    TaskInfo* Task(const std::string& tasksRoot, const std::string& id);
    const TaskInfo* InfoOf(const Cand& c) const;
    void Derive(Cand& c);
    bool LoadPrompt(Cand& c);
    json Source(const Cand& c, const std::string& role) const;
    json Base(const std::string& kind, const Cand& c) const;
    std::string FeedbackOf(const Cand& c, std::string* verdict) const;
    std::string CompileAnalysis(const Cand& bad, const Cand& good) const;
    std::string NumericAnalysis(const Cand& bad, const Cand& good) const;
    void Repairs(const std::string& solveDir);

    const BuildOptions& o_;
    std::string promptsDir_, apiDocsDir_;
    std::map<std::string, Cand> cands_;  // by key
    std::map<std::string, std::map<std::string, TaskInfo>> tasks_;  // tasks root -> id -> task
    std::map<std::string, std::pair<std::string, std::string>> builtPrompts_, storedPrompts_;  // system, user
    std::vector<json> records_;
    std::map<std::string, int> unused_, dropped_;
    std::vector<std::string> warnings_;
};

TaskInfo* Builder::Task(const std::string& tasksRoot, const std::string& id) {
    auto root = tasks_.find(tasksRoot);
    if (root == tasks_.end()) {
        std::map<std::string, TaskInfo> byId;
        for (auto& t : harness::DiscoverTasks(tasksRoot, {}).tasks) {
            TaskInfo info{t, {}, {}, {}};
            std::string err;
            for (auto& c : harness::ReadCaseIds(t.dir, harness::CaseSplit::Public, &err)) info.publicIds.insert(c);
            for (auto& c : harness::ReadCaseIds(t.dir, harness::CaseSplit::Hidden, &err)) info.hiddenIds.insert(c);
            std::istringstream hidden(ReadFileAt(fs::path(t.dir) / "validation" / harness::kHiddenCasesFile));
            std::string line;
            std::getline(hidden, line);  // the header names columns only
            while (std::getline(hidden, line))
                if (line.find_first_not_of(" \t\r") != std::string::npos) info.hiddenRows.push_back(line);
            byId.emplace(t.id, std::move(info));
        }
        root = tasks_.emplace(tasksRoot, std::move(byId)).first;
    }
    auto t = root->second.find(id);
    return t == root->second.end() ? nullptr : &t->second;
}

const TaskInfo* Builder::InfoOf(const Cand& c) const {
    for (auto& [root, byId] : tasks_)
        if (auto it = byId.find(c.task.id); it != byId.end() && it->second.ref.dir == c.task.dir) return &it->second;
    return nullptr;
}

bool Builder::LoadRun(const std::string& runDir, std::string* error) {
    const fs::path runJson = fs::path(runDir) / "run.json";
    json run;
    try {
        run = json::parse(ReadFileAt(runJson));
    } catch (const std::exception&) {
        return *error = runDir + ": not a bench run directory (no readable run.json)", false;
    }
    const std::string tasksRoot = run.value("tasks_root", "");
    const std::string candidates = run.value("candidates", "answer");
    const std::string mode = run.value("mode", "kernel");
    const harness::CandidateMode cmode =
        mode == "kernel" ? harness::CandidateMode::KernelOnly : harness::CandidateMode::HostAndKernel;
    const harness::RunRecords records = harness::ReadRecords(runDir);
    for (auto& l : records.invalidLines) warnings_.push_back(l);

    std::optional<harness::SampleIndex> index;
    std::string canonicalRoot;  // of the samples; task directories come canonical from DiscoverTasks
    if (candidates != "answer") {
        index = harness::IndexSamples(candidates);
        std::error_code ec;
        canonicalRoot = fs::weakly_canonical(candidates, ec).string();
    }
    // The candidates of each task the records name, by (sample, fixed case).
    std::map<std::string, std::map<std::pair<int, std::string>, std::string>> keyOf;
    auto candidateKeys = [&](const std::string& taskId) -> std::map<std::pair<int, std::string>, std::string>* {
        auto found = keyOf.find(taskId);
        if (found != keyOf.end()) return &found->second;
        auto& keys = keyOf[taskId];
        TaskInfo* t = Task(tasksRoot, taskId);
        if (!t) {
            warnings_.push_back(runDir + ": task " + taskId + " is not under " + tasksRoot);
            return &keys;
        }
        const auto list = index ? harness::SampleCandidates(t->ref, *index, cmode) : harness::AnswerCandidates(t->ref);
        for (auto& hc : list) {
            // The same candidate named through another path to the samples root is the same one.
            std::string src = hc.kernelDir;
            if (index && StartsWith(src, candidates)) src = canonicalRoot + src.substr(candidates.size());
            src = fs::path(src).lexically_normal().string();
            char sampleKey[16];
            std::snprintf(sampleKey, sizeof sampleKey, "%08d", hc.sample);
            const std::string key = taskId + '\x1f' + src + '\x1f' + hc.onlyCase + '\x1f' + sampleKey;
            keys[{hc.sample, hc.onlyCase}] = key;
            Cand& c = cands_[key];
            if (c.key.empty()) {
                c.key = key;
                c.task = t->ref;
                c.sample = hc.sample;
                c.onlyCase = hc.onlyCase;
                c.srcDir = hc.kernelDir;
                c.mode = mode;
                c.soc = run.value("soc", "");
                c.akgenVersion = run.value("akgen_version", "");
                c.samplesRoot = index ? candidates : "";
                ReadTree(hc.kernelDir, "op_kernel", &c.files);
                if (cmode == harness::CandidateMode::HostAndKernel) ReadTree(hc.hostDir, "op_host", &c.files);
            }
            if (std::find(c.runs.begin(), c.runs.end(), runDir) == c.runs.end()) c.runs.push_back(runDir);
        }
        return &keys;
    };
    for (auto& s : records.Samples()) {
        auto* keys = candidateKeys(s.task);
        auto k = keys->find({s.sample, s.fixedCase});
        if (k == keys->end()) {
            ++unused_["candidate_files_missing"];
            continue;
        }
        Cand& c = cands_[k->second];
        c.sampleRecords.push_back(s);
        if (!s.compiled)
            c.buildLog = ReadFileAt(fs::path(runDir) / "logs" / s.task / ("sample" + std::to_string(s.sample)) / "build.log");
    }
    for (auto& r : records.Cases()) {
        auto* keys = candidateKeys(r.task);
        auto k = keys->find({r.sample, r.caseId});
        if (k == keys->end()) k = keys->find({r.sample, ""});
        if (k == keys->end()) continue;
        cands_[k->second].cases[{r.caseId, r.trial}] = r;
    }
    return true;
}

void Builder::Derive(Cand& c) {
    std::set<std::string> classes, codes, judged, splits;
    bool buildFailed = false;
    c.compiled = c.sampleRecords.empty() && !c.cases.empty();
    for (auto& s : c.sampleRecords) {
        c.compiled = c.compiled || s.compiled;
        if (s.cls != "pass") {
            classes.insert(s.cls);
            if (!buildFailed) c.cls = s.cls;
            buildFailed = true;
        }
    }
    const TaskInfo* t = InfoOf(c);
    std::vector<harness::CaseRecord> cases;
    for (auto& [_, r] : c.cases) cases.push_back(r);
    std::sort(cases.begin(), cases.end(), harness::CaseBefore);
    bool allPassed = !cases.empty(), clean = true, timed = !cases.empty();
    double time = 0;
    for (auto& r : cases) {
        judged.insert(r.caseId);
        if (t && t->publicIds.count(r.caseId)) splits.insert("public");
        if (t && t->hiddenIds.count(r.caseId)) splits.insert("hidden");
        if (!r.passed) {
            classes.insert(r.cls);
            if (allPassed && !buildFailed) c.cls = r.cls;
            allPassed = false;
        }
        for (auto& d : r.diagnostics) codes.insert(d.code), clean = false;
        if (r.simTimeUs) time += *r.simTimeUs;
        else timed = false;
    }
    // Verified: built, and every case of the task (its fixed case for a static-shape sample), public
    // and hidden, evaluated and passed without a single diagnostic.
    std::set<std::string> due;
    if (!c.onlyCase.empty()) due.insert(c.onlyCase);
    else if (t) {
        due = t->publicIds;
        due.insert(t->hiddenIds.begin(), t->hiddenIds.end());
    }
    bool covered = !due.empty();
    for (auto& id : due) covered = covered && judged.count(id);
    c.verified = c.compiled && !buildFailed && allPassed && clean && covered;
    if (c.cls.empty()) c.cls = allPassed ? "pass" : "not_evaluated";
    for (auto& cl : classes) c.hostile = c.hostile || HostileClass(cl);
    c.classes.assign(classes.begin(), classes.end());
    c.codes.assign(codes.begin(), codes.end());
    c.casesJudged.assign(judged.begin(), judged.end());
    std::sort(c.casesJudged.begin(), c.casesJudged.end(), harness::CaseIdLess);
    c.splitsJudged.assign(splits.begin(), splits.end());
    if (timed) c.simTimeUs = time;
    c.normHash = NormalisedHash(c.files);
}

// The prompt the sample was generated from (its gen.json names it under the samples root), else
// the prompt `akgen gen` would have sent for it.
bool Builder::LoadPrompt(Cand& c) {
    if (!c.samplesRoot.empty()) {
        const fs::path genJson = fs::path(c.srcDir).parent_path() / "gen.json";
        std::error_code ec;
        if (fs::is_regular_file(genJson, ec)) {
            try {
                const json g = json::parse(ReadFileAt(genJson));
                c.reasoning = g.value("reasoning", "");
                c.model = g.value("model", "");
                if (g.contains("prompt") && g["prompt"].is_string()) {
                    // Samples of a task share one stored prompt: read it once.
                    const std::string path = (fs::path(c.samplesRoot) / g["prompt"].get<std::string>()).string();
                    auto stored = storedPrompts_.find(path);
                    if (stored == storedPrompts_.end()) {
                        const json p = json::parse(ReadFileAt(path));
                        stored = storedPrompts_.emplace(path, std::make_pair(p.value("system", ""), p.value("user", ""))).first;
                    }
                    c.system = stored->second.first;
                    c.user = stored->second.second;
                    return true;
                }
            } catch (const std::exception& e) {
                warnings_.push_back(genJson.string() + ": " + e.what());
            }
        }
    }
    const std::string key = c.task.dir + '\x1f' + c.mode + '\x1f' + c.soc + '\x1f' + c.onlyCase;
    auto it = builtPrompts_.find(key);
    if (it == builtPrompts_.end()) {
        gen::PromptOptions po;
        po.promptsDir = promptsDir_;
        po.mode = c.mode == "kernel" ? harness::CandidateMode::KernelOnly : harness::CandidateMode::HostAndKernel;
        po.soc = c.soc.empty() ? "Ascend910B1" : c.soc;
        po.onlyCase = c.onlyCase;
        gen::TaskPrompt tp;
        std::string err;
        if (!gen::BuildTaskPrompt(c.task, po, &tp, &err)) {
            warnings_.push_back(c.task.id + ": no prompt: " + err);
            return false;
        }
        it = builtPrompts_.emplace(key, std::make_pair(tp.system, tp.user)).first;
    }
    c.system = it->second.first;
    c.user = it->second.second;
    return true;
}

json Builder::Source(const Cand& c, const std::string& role) const {
    json s = {{"role", role},
              {"candidate", c.srcDir},
              {"sample", c.sample},
              {"fixed_case", c.onlyCase.empty() ? json(nullptr) : json(c.onlyCase)},
              {"runs", c.runs},
              {"class", c.cls},
              {"classes", c.classes},
              {"diagnostics", c.codes},
              {"cases_judged", c.casesJudged},
              {"splits_judged", c.splitsJudged},
              {"files_sha256", FileShas(c.files)},
              {"sim_time_us", c.simTimeUs ? json(*c.simTimeUs) : json(nullptr)},
              {"akgen_version", c.akgenVersion},
              {"platform", c.soc}};
    if (!c.model.empty()) s["model"] = c.model;
    return s;
}

json Builder::Base(const std::string& kind, const Cand& c) const {
    return {{"kind", kind},       {"task", c.task.id}, {"level", c.task.level}, {"category", c.task.category},
            {"op", c.task.op},    {"mode", c.mode},    {"sources", json::array()}};
}

// What `akgen solve` would tell the model about the failing candidate, from its public cases only:
// hidden cases are never described in a prompt.
std::string Builder::FeedbackOf(const Cand& c, std::string* verdict) const {
    const TaskInfo* t = InfoOf(c);
    harness::RunRecords shown;
    for (auto s : c.sampleRecords) {
        s.sample = 0;
        shown.Add(s);
    }
    for (auto& [_, r] : c.cases)
        if (t && t->publicIds.count(r.caseId)) {
            harness::CaseRecord copy = r;
            copy.sample = 0;
            shown.Add(copy);
        }
    gen::FeedbackInput in;
    in.records = &shown;
    in.task = c.task.id;
    in.sample = 0;
    in.buildLog = c.buildLog;
    in.srcDir = c.srcDir;
    in.taskDir = c.task.dir;
    in.apiDocsDir = apiDocsDir_;
    *verdict = gen::VerdictOf(shown, c.task.id, 0).summary;
    return gen::DescribeFailure(in);
}

std::string Builder::CompileAnalysis(const Cand& bad, const Cand& good) const {
    const auto errors = harness::ClassifyCompileErrors(
        bad.buildLog, {(fs::path(bad.srcDir) / "op_kernel").string(), (fs::path(bad.srcDir) / "op_host").string()});
    std::string out = "The build failed with `" + bad.cls + "`";
    const harness::CompileError* first = nullptr;
    for (auto& e : errors.errors)
        if (e.inUserCode) {
            first = &e;
            break;
        }
    if (first) {
        std::error_code ec;
        const fs::path rel = fs::relative(first->file, bad.srcDir, ec);
        out += ": `" + (ec || rel.empty() ? first->file : rel.generic_string()) + ":" + std::to_string(first->line) +
               "`: " + first->message;
    } else if (!bad.sampleRecords.empty() && !bad.sampleRecords.front().error.empty()) {
        out += ": " + bad.sampleRecords.front().error;
    }
    out += ".\n";
    const std::vector<std::string> doc = first ? gen::ApiDocLines(first->message, apiDocsDir_, 3) : std::vector<std::string>{};
    if (!doc.empty()) out += "Our API reference documents it as:\n" + Join(doc, "\n") + "\n";
    const std::string diff = FilesDiff(bad.files, good.files);
    out += "The corrected implementation (verified on every public and hidden case) differs from the failing one "
           "as follows:\n\n```diff\n" + diff + "```\n";
    return out;
}

std::string Builder::NumericAnalysis(const Cand& bad, const Cand& good) const {
    std::string out = "The kernel compiled but failed with `" + bad.cls + "`";
    std::vector<harness::CaseRecord> failing;
    for (auto& [_, r] : bad.cases)
        if (!r.passed) failing.push_back(r);
    std::sort(failing.begin(), failing.end(), harness::CaseBefore);
    out += " (" + std::to_string(failing.size()) + " of " + std::to_string(bad.cases.size()) + " evaluated cases failed).\n";
    std::set<std::string> rules;
    for (auto& r : failing)
        for (auto& d : r.diagnostics)
            if (rules.insert(d.code).second)
                out += "It breaks the rule `" + d.code + "` [" + d.category + "]: " + d.message + "\n";
    if (rules.empty())
        for (auto& r : failing)
            for (auto& e : r.outputs)
                if (e.mismatches > 0 && rules.insert(e.name).second)
                    out += "Output `" + e.name + "` differs from the reference in " + std::to_string(e.mismatches) +
                           " elements.\n";
    out += "The correct kernel (verified on every public and hidden case) differs from it as follows:\n\n```diff\n" +
           FilesDiff(bad.files, good.files) + "```\n";
    return out;
}

// Solved repair trajectories whose final code is verified code.
void Builder::Repairs(const std::string& solveDir) {
    std::istringstream lines(ReadFileAt(fs::path(solveDir) / "trajectories.jsonl"));
    std::map<std::string, std::vector<json>> byTrajectory;
    std::vector<std::string> order;
    std::string line;
    while (std::getline(lines, line)) {
        if (line.empty()) continue;
        try {
            json j = json::parse(line);
            const std::string id = j.value("trajectory", "");
            if (!byTrajectory.count(id)) order.push_back(id);
            byTrajectory[id].push_back(std::move(j));
        } catch (const std::exception&) {
            warnings_.push_back(solveDir + "/trajectories.jsonl: a line is not JSON");
        }
    }
    std::map<std::string, const Cand*> verifiedByHash;  // exact file sha -> verified candidate
    for (auto& [_, c] : cands_)
        if (c.verified) verifiedByHash.emplace(c.task.id + '\x1f' + FileShas(c.files).dump(), &c);
    for (auto& id : order) {
        auto& turns = byTrajectory[id];
        std::sort(turns.begin(), turns.end(),
                  [](const json& a, const json& b) { return a.value("turn", 0) < b.value("turn", 0); });
        const json& last = turns.back();
        if (!last.value("final", false) || !last.value("solved", false)) {
            ++unused_["repair_unsolved"];
            continue;
        }
        std::map<std::string, std::string> files;
        const json lastFiles = last.value("files", json::object());
        for (auto& [p, content] : lastFiles.items()) files[p] = content.get<std::string>();
        auto v = verifiedByHash.find(last.value("task", "") + '\x1f' + FileShas(files).dump());
        if (v == verifiedByHash.end()) {
            ++unused_["repair_unverified"];  // solve judges public cases only; bench its samples with --split all
            continue;
        }
        const Cand& good = *v->second;
        json r = Base("repair", good);
        json messages = last.value("messages", json::array());
        messages.push_back({{"role", "assistant"}, {"content", last.value("answer", "")}});
        r["messages"] = messages;
        r["response_files"] = files;
        json turnsInfo = json::array();
        for (auto& t : turns)
            turnsInfo.push_back({{"turn", t.value("turn", 0)}, {"class", t.value("class", "")}, {"verdict", t.value("verdict", "")}});
        r["trajectory"] = {{"solve_dir", solveDir}, {"id", id}, {"model", last.value("model", "")}, {"turns", turnsInfo}};
        r["sources"].push_back(Source(good, "response"));
        records_.push_back(std::move(r));
    }
}

BuildOutcome Builder::Run() {
    BuildOutcome out;
    std::vector<std::string> runs = o_.runs;
    for (auto& s : o_.solveDirs) {
        // Every turn's evaluation is a run directory of its own.
        std::vector<std::string> turnRuns;
        std::error_code ec;
        for (fs::recursive_directory_iterator it(fs::path(s) / "turns", ec), end; !ec && it != end; it.increment(ec))
            if (it->path().filename() == "run.json") turnRuns.push_back(it->path().parent_path().string());
        std::sort(turnRuns.begin(), turnRuns.end());
        runs.insert(runs.end(), turnRuns.begin(), turnRuns.end());
    }
    if (runs.empty()) return out.error = "nothing to read: give bench runs (--run) or solve outputs (--solve)", out;
    for (auto& r : runs)
        if (std::string err; !LoadRun(r, &err)) return out.error = err, out;

    // Pools per task, in key order.
    std::map<std::string, std::vector<Cand*>> verified, compileFailed, numericFailed, hostile;
    std::map<std::string, int> candidateCounts;
    for (auto& [_, c] : cands_) {
        Derive(c);
        ++candidateCounts["total"];
        if (c.hostile) {
            hostile[c.task.id].push_back(&c);
            ++candidateCounts["hostile"];
        } else if (c.verified) {
            verified[c.task.id].push_back(&c);
            ++candidateCounts["verified"];
        } else if (!c.compiled && StartsWith(c.cls, "compile.")) {
            compileFailed[c.task.id].push_back(&c);
            ++candidateCounts["compile_failed"];
        } else if (c.compiled && (c.cls == "wrong_values" || StartsWith(c.cls, "diagnostic."))) {
            numericFailed[c.task.id].push_back(&c);
            ++candidateCounts["numeric_failed"];
        } else {
            ++unused_["class:" + c.cls];
            ++candidateCounts["other"];
        }
    }
    // Exact duplicates (normalised code) within a task and pool.
    auto dedup = [&](std::map<std::string, std::vector<Cand*>>& pool) {
        for (auto& [task, list] : pool) {
            std::set<std::string> seen;
            std::vector<Cand*> kept;
            for (Cand* c : list)
                if (seen.insert(c->normHash).second) kept.push_back(c);
                else ++dropped_["exact_duplicate"];
            list = std::move(kept);
        }
    };
    dedup(verified);
    dedup(compileFailed);
    dedup(numericFailed);
    dedup(hostile);
    // Near-duplicates leave the sft responses only: fixes, chosen sides and speed pairs (a slower
    // copy of a kernel is what a speed pair needs) use every exactly distinct verified candidate.
    std::map<std::string, std::vector<Cand*>> sftPool = verified;
    for (auto& [task, list] : sftPool) {
        std::vector<MinHash> sigs;
        for (Cand* c : list) {
            std::string code;
            for (auto& [p, content] : c->files) code += content + "\n";
            sigs.push_back(MinHashOf(code));
        }
        const std::vector<bool> near = NearDuplicates(sigs, o_.nearDupThreshold);
        std::vector<Cand*> distinct;
        for (size_t i = 0; i < list.size(); ++i)
            if (near[i]) ++dropped_["near_duplicate"];
            else distinct.push_back(list[i]);
        list = std::move(distinct);
    }
    for (auto* pool : {&verified, &compileFailed, &numericFailed, &hostile})
        for (auto& [_, list] : *pool)
            for (Cand* c : list) LoadPrompt(*c);

    auto response = [](const Cand& c) { return ResponseText(c.reasoning, c.files, c.mode); };
    auto promptMessages = [](const Cand& c) { return Messages({{"system", c.system}, {"user", c.user}}); };
    for (auto& [task, list] : sftPool)
        for (Cand* c : list) {
            json r = Base("sft", *c);
            r["prompt"] = promptMessages(*c);
            r["response"] = response(*c);
            r["response_files"] = c->files;
            r["sources"].push_back(Source(*c, "response"));
            records_.push_back(std::move(r));
        }
    std::string repairTemplate, err;
    if (!gen::ReadTemplate(promptsDir_, "repair.md", &repairTemplate, &err)) return out.error = err, out;
    auto fixRecord = [&](const std::string& kind, const Cand& bad, const Cand& good, const std::string& analysis) {
        std::string verdict;
        const std::string feedback = FeedbackOf(bad, &verdict);
        std::string filesList, repair;
        for (auto& [p, _] : good.files) filesList += "- `" + p + "`\n";
        if (!gen::RenderTemplate(repairTemplate,
                                 {{"turn", "1"}, {"max_turns", "2"}, {"verdict", verdict}, {"feedback", feedback},
                                  {"files_to_write", filesList}},
                                 &repair, &err))
            return false;
        json r = Base(kind, good);
        r["prompt"] = Messages({{"system", good.system},
                                {"user", good.user},
                                {"assistant", ResponseText("", bad.files, bad.mode)},
                                {"user", repair}});
        r["response"] = analysis + "\n" + ResponseText("", good.files, good.mode);
        r["response_files"] = good.files;
        r["failing_files"] = bad.files;
        r["sources"].push_back(Source(bad, "input"));
        r["sources"].push_back(Source(good, "response"));
        records_.push_back(std::move(r));
        return true;
    };
    for (auto& [task, list] : compileFailed) {
        auto v = verified.find(task);
        for (Cand* bad : list)
            if (v == verified.end() || v->second.empty()) ++unused_["compile_failed_no_verified_fix"];
            else if (!fixRecord("compile_fix", *bad, *v->second.front(), CompileAnalysis(*bad, *v->second.front())))
                return out.error = err, out;
    }
    for (auto& [task, list] : numericFailed) {
        auto v = verified.find(task);
        for (Cand* bad : list) {
            // The prompt describes public cases only; a kernel failing hidden ones alone has nothing to show.
            const TaskInfo* t = InfoOf(*bad);
            bool publicFailure = false;
            for (auto& [_, r] : bad->cases) publicFailure = publicFailure || (!r.passed && t && t->publicIds.count(r.caseId));
            if (v == verified.end() || v->second.empty()) ++unused_["numeric_failed_no_verified_fix"];
            else if (!publicFailure) ++unused_["numeric_failed_hidden_cases_only"];
            else if (!fixRecord("numeric_fix", *bad, *v->second.front(), NumericAnalysis(*bad, *v->second.front())))
                return out.error = err, out;
        }
    }
    // DPO: the same prompt; chosen verified (taken in turn), rejected compiled but failed.
    auto pair = [&](const std::string& pairKind, const Cand& chosen, const Cand& rejected) {
        json r = Base("dpo", chosen);
        r["pair"] = pairKind;
        r["prompt"] = promptMessages(chosen);
        r["chosen"] = response(chosen);
        r["rejected"] = response(rejected);
        r["chosen_files"] = chosen.files;
        r["rejected_files"] = rejected.files;
        r["rejected_class"] = rejected.cls;
        r["sources"].push_back(Source(chosen, "chosen"));
        r["sources"].push_back(Source(rejected, "rejected"));
        records_.push_back(std::move(r));
    };
    auto pairAll = [&](const std::string& pairKind, std::map<std::string, std::vector<Cand*>>& rejects) {
        for (auto& [task, list] : rejects) {
            auto v = verified.find(task);
            size_t next = 0;
            for (Cand* bad : list) {
                const Cand* chosen = nullptr;
                if (v != verified.end())
                    for (size_t k = 0; k < v->second.size() && !chosen; ++k) {
                        const Cand* c = v->second[(next + k) % v->second.size()];
                        if (c->system == bad->system && c->user == bad->user) {
                            chosen = c;
                            next += k + 1;
                        }
                    }
                if (chosen) pair(pairKind, *chosen, *bad);
                else ++unused_["dpo_" + pairKind + "_no_chosen_with_the_same_prompt"];
            }
        }
    };
    pairAll("numeric", numericFailed);
    if (o_.compileRejects) pairAll("compile", compileFailed);
    if (o_.hostileRejects) pairAll("hostile", hostile);
    if (o_.speedMargin > 0)
        for (auto& [task, list] : verified) {
            const Cand* fastest = nullptr;
            for (Cand* c : list)
                if (c->simTimeUs && (!fastest || *c->simTimeUs < *fastest->simTimeUs)) fastest = c;
            if (!fastest) continue;
            for (Cand* c : list)
                if (c != fastest && c->simTimeUs && *c->simTimeUs >= *fastest->simTimeUs * (1 + o_.speedMargin) &&
                    c->system == fastest->system && c->user == fastest->user)
                    pair("speed", *fastest, *c);
        }
    for (auto& s : o_.solveDirs) Repairs(s);

    // Decontamination: records of the excluded tasks (by id or operator name), then records sharing
    // a long n-gram with any of their files.
    std::set<std::string> excludedIds, excludedOps;
    NgramIndex ngrams(o_.contaminationNgram);
    for (auto& dir : o_.excludeTasks)
        for (auto& t : harness::DiscoverTasks(dir, {}).tasks) {
            excludedIds.insert(t.id);
            std::string op = t.op;
            std::transform(op.begin(), op.end(), op.begin(), ::tolower);
            excludedOps.insert(op);
            std::error_code ec;
            for (fs::recursive_directory_iterator it(t.dir, ec), end; !ec && it != end; it.increment(ec)) {
                const std::string ext = it->path().extension().string();
                if (it->is_regular_file() && (ext == ".cpp" || ext == ".h" || ext == ".cc" || ext == ".hpp" || ext == ".md"))
                    ngrams.AddText(ReadFileAt(it->path()));
            }
        }
    std::vector<json> kept;
    for (auto& r : records_) {
        std::string op = r.value("op", "");
        std::transform(op.begin(), op.end(), op.begin(), ::tolower);
        if (excludedIds.count(r.value("task", "")) || excludedOps.count(op)) {
            ++dropped_["decontaminated_task"];
            continue;
        }
        std::string text;
        for (const char* field : {"prompt", "messages"})
            if (r.contains(field))
                for (auto& m : r[field]) text += m.value("content", "") + "\n";
        for (const char* field : {"response_files", "chosen_files", "rejected_files", "failing_files"})
            if (r.contains(field))
                for (auto& [_, content] : r[field].items()) text += content.get<std::string>() + "\n";
        if (ngrams.SharesNgram(text)) {
            ++dropped_["decontaminated_ngram"];
            continue;
        }
        // Hidden cases are never shown to a model: a prompt holding one of their rows is dropped.
        bool leak = false;
        std::string prompts;
        for (const char* field : {"prompt", "messages"})
            if (r.contains(field))
                for (auto& m : r[field])
                    if (m.value("role", "") != "assistant") prompts += m.value("content", "") + "\n";
        for (auto& [root, byId] : tasks_)
            if (auto it = byId.find(r.value("task", "")); it != byId.end())
                for (auto& row : it->second.hiddenRows) leak = leak || prompts.find(row) != std::string::npos;
        if (leak) {
            ++dropped_["hidden_case_in_prompt"];
            continue;
        }
        r["split"] = IsValidationTask(r.value("task", ""), o_.validationFraction) ? "validation" : "train";
        r["id"] = RecordId(r);
        kept.push_back(std::move(r));
    }

    json counts = json::object();
    for (auto& k : RecordKinds()) counts[k] = 0;
    json splits = {{"train", 0}, {"validation", 0}};
    for (auto& r : kept) {
        counts[r["kind"].get<std::string>()] = counts[r["kind"].get<std::string>()].get<int>() + 1;
        splits[r["split"].get<std::string>()] = splits[r["split"].get<std::string>()].get<int>() + 1;
    }
    out.manifest = {{"format_version", kRecordFormatVersion},
                    {"inputs", {{"runs", o_.runs}, {"solve", o_.solveDirs}, {"exclude_tasks", o_.excludeTasks}}},
                    {"options",
                     {{"validation_fraction", o_.validationFraction},
                      {"compile_rejects", o_.compileRejects},
                      {"hostile_rejects", o_.hostileRejects},
                      {"speed_margin", o_.speedMargin},
                      {"near_dup_threshold", o_.nearDupThreshold},
                      {"contamination_ngram", o_.contaminationNgram}}},
                    {"records", counts},
                    {"splits", splits},
                    {"candidates", candidateCounts},
                    {"dropped", dropped_},
                    {"unused", unused_},
                    {"warnings", warnings_}};
    out.warnings = warnings_;
    if (!WriteRecordSet(o_.outDir, std::move(kept), &out.manifest, &err)) out.error = err;
    return out;
}

}  // namespace

std::string ResponseText(const std::string& reasoning, const std::map<std::string, std::string>& files,
                         const std::string& mode) {
    std::string out;
    if (!reasoning.empty()) out += "<think>\n" + reasoning + "\n</think>\n\n";
    auto fenced = [](const std::string& content) {
        return "```cpp\n" + content + (content.empty() || content.back() == '\n' ? "" : "\n") + "```\n";
    };
    if (mode == "kernel" && files.size() == 1 && StartsWith(files.begin()->first, "op_kernel/"))
        return out + "<kernel_impl>\n" + fenced(files.begin()->second) + "</kernel_impl>\n";
    for (auto& [path, content] : files) out += "<file path=\"" + path + "\">\n" + fenced(content) + "</file>\n";
    return out;
}

std::string RecordId(const json& record) {
    json content = record;
    content.erase("id");
    content.erase("split");
    return Sha256Hex(content.dump()).substr(0, 16);
}

bool ReadRecordSet(const std::string& dir, std::vector<json>* records, std::string* error) {
    const fs::path file = fs::path(dir) / "records.jsonl";
    std::ifstream f(file, std::ios::binary);
    if (!f) return *error = file.string() + ": cannot read (not a record set written by akgen data build)", false;
    int n = 0;
    for (std::string line; std::getline(f, line);) {
        ++n;
        if (line.empty()) continue;
        try {
            records->push_back(json::parse(line));
        } catch (const std::exception& e) {
            return *error = file.string() + ":" + std::to_string(n) + ": not JSON: " + e.what(), false;
        }
    }
    return true;
}

bool WriteRecordSet(const std::string& dir, std::vector<json> records, json* manifestOut, std::string* error) {
    json& manifest = *manifestOut;
    std::map<std::string, int> kindOrder;
    for (size_t i = 0; i < RecordKinds().size(); ++i) kindOrder[RecordKinds()[i]] = int(i);
    std::sort(records.begin(), records.end(), [&](const json& a, const json& b) {
        const auto ka = std::make_tuple(kindOrder[a.value("kind", "")], a.value("task", ""), a.value("id", ""));
        const auto kb = std::make_tuple(kindOrder[b.value("kind", "")], b.value("task", ""), b.value("id", ""));
        return ka < kb;
    });
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return *error = "cannot create " + dir + ": " + ec.message(), false;
    std::string text;
    for (auto& r : records) text += r.dump() + "\n";
    manifest["records_sha256"] = Sha256Hex(text);
    manifest["record_count"] = records.size();
    for (auto& [name, content] : {std::pair<std::string, std::string>{"records.jsonl", text},
                                  {"manifest.json", manifest.dump(2) + "\n"}}) {
        const fs::path target = fs::path(dir) / name, tmp = fs::path(dir) / ("." + name + ".tmp");
        std::ofstream f(tmp, std::ios::binary);
        f << content;
        f.close();
        if (!f) return *error = "cannot write " + tmp.string(), false;
        fs::rename(tmp, target, ec);
        if (ec) return *error = "cannot rename " + tmp.string() + ": " + ec.message(), false;
    }
    return true;
}

BuildOutcome BuildRecords(const BuildOptions& options) {
    if (options.outDir.empty()) return BuildOutcome{{}, {}, "no output directory"};
    Builder b(options);
    return b.Run();
}

}  // namespace akg::data
