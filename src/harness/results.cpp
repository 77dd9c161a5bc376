#include "harness/results.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace akg::harness {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Compiler messages may hold bytes that are not UTF-8; a record must never fail to serialise.
std::string Dump(const json& j, int indent = -1) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

[[noreturn]] void ThrowErrno(const std::string& what) { throw std::system_error(errno, std::generic_category(), what); }

void WriteAll(int fd, const std::string& data, const std::string& path) {
    const char* p = data.data();
    size_t left = data.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            ThrowErrno("writing " + path);
        }
        p += n;
        left -= size_t(n);
    }
}

// --- JSON fields -------------------------------------------------------------------------------

json IdentityJson(const char* kind, const RecordIdentity& id) {
    return {{"kind", kind},         {"task", id.task}, {"level", id.level},
            {"category", id.category}, {"op", id.op},     {"sample", id.sample}};
}

// Throws (caught by FromJson) when `j` is not a record of `kind`.
void ReadIdentity(const json& j, const char* kind, RecordIdentity* out) {
    if (!j.is_object()) throw std::runtime_error("a record is a JSON object");
    std::string actual = j.at("kind").get<std::string>();
    if (actual != kind) throw std::runtime_error("kind is '" + actual + "', expected '" + kind + "'");
    out->task = j.at("task").get<std::string>();
    // level, category and op repeat what `task` (levelN/Category/Op) says; a record written by
    // another tool may carry only `task`.
    const size_t a = out->task.find('/'), b = a == std::string::npos ? a : out->task.find('/', a + 1);
    const bool split = b != std::string::npos && out->task.compare(0, 5, "level") == 0;
    out->level = j.contains("level") || !split ? j.at("level").get<int>() : std::stoi(out->task.substr(5, a - 5));
    out->category = j.contains("category") || !split ? j.at("category").get<std::string>()
                                                     : out->task.substr(a + 1, b - a - 1);
    out->op = j.contains("op") || !split ? j.at("op").get<std::string>() : out->task.substr(b + 1);
    out->sample = j.at("sample").get<int>();
}

// The JSON of an optional value: null when empty (the reverse of Nullable).
template <typename T>
json OrNull(const std::optional<T>& v) {
    return v ? json(*v) : json();
}

// A number that may be absent (`fallback`) or null (nullopt).
template <typename Number>
std::optional<Number> Nullable(const json& j, const char* key, std::optional<Number> fallback) {
    auto it = j.find(key);
    if (it == j.end()) return fallback;
    if (it->is_null()) return std::nullopt;
    return it->get<Number>();
}

template <typename Record>
bool ParseRecord(const json& j, Record* out, std::string* error, void (*read)(const json&, Record*)) {
    try {
        Record record;
        read(j, &record);
        *out = std::move(record);
        return true;
    } catch (const std::exception& e) {
        *error = e.what();
        return false;
    }
}

void ReadSample(const json& j, SampleRecord* r) {
    ReadIdentity(j, "sample", r);
    r->compiled = j.at("compiled").get<bool>();
    r->cls = j.at("class").get<std::string>();
    r->error = j.value("error", "");
    r->seconds = j.value("seconds", 0.0);
    r->caseCount = Nullable<int>(j, "case_count", std::nullopt);
    r->fixedCase = Nullable<std::string>(j, "fixed_case", std::nullopt).value_or("");
}

void ReadCase(const json& j, CaseRecord* r) {
    ReadIdentity(j, "case", r);
    r->caseId = j.at("case").get<std::string>();
    r->trial = j.value("trial", 0);
    r->seed = j.value("seed", uint64_t(0));
    r->passed = j.at("passed").get<bool>();
    r->stage = j.value("stage", "");
    r->cls = j.at("class").get<std::string>();
    r->error = j.value("error", "");
    for (auto& d : j.value("diagnostics", json::array()))
        r->diagnostics.push_back({d.value("code", ""), d.value("category", ""), d.value("message", ""),
                                  d.value("location", ""), d.value("core", -1), d.value("count", int64_t(1))});
    for (auto& o : j.value("outputs", json::array())) {
        constexpr double kNonFinite = std::numeric_limits<double>::quiet_NaN();
        r->outputs.push_back({o.value("name", ""), Nullable<double>(o, "max_abs_error", 0.0).value_or(kNonFinite),
                              Nullable<double>(o, "max_rel_error", 0.0).value_or(kNonFinite),
                              o.value("mismatches", int64_t(0))});
    }
    r->seconds = j.value("seconds", 0.0);
    r->simTimeUs = Nullable<double>(j, "sim_time_us", std::nullopt);
    r->hwBoundUs = Nullable<double>(j, "hw_bound_us", std::nullopt);
    r->hwBoundRule = j.value("hw_bound_rule", json()).is_string() ? j.at("hw_bound_rule").get<std::string>() : "";
}

// --- Reading -----------------------------------------------------------------------------------

void ReadRecordFile(const fs::path& file, const std::string& name, RunRecords* records) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    size_t begin = 0;
    for (int lineNo = 1; begin < text.size(); ++lineNo) {
        size_t end = text.find('\n', begin);
        if (end == std::string::npos) {  // no newline: the write a killed run did not finish
            ++records->truncatedLines;
            return;
        }
        std::string line = text.substr(begin, end - begin);
        begin = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto invalid = [&](const std::string& why) {
            records->invalidLines.push_back(name + ":" + std::to_string(lineNo) + ": " + why);
        };
        json j = json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            invalid("not a JSON object");
            continue;
        }
        auto kindField = j.find("kind");
        std::string kind = kindField != j.end() && kindField->is_string() ? kindField->get<std::string>() : "";
        std::string error;
        if (kind == "sample") {
            SampleRecord r;
            if (FromJson(j, &r, &error)) records->Add(std::move(r));
            else invalid(error);
        } else if (kind == "case") {
            CaseRecord r;
            if (FromJson(j, &r, &error)) records->Add(std::move(r));
            else invalid(error);
        } else {
            invalid("unknown kind '" + kind + "'");
        }
    }
}

// Cuts a partial last line (a killed run's unfinished write) so the next record starts a line.
void CutPartialLastLine(int fd, const std::string& path) {
    off_t size = ::lseek(fd, 0, SEEK_END);
    if (size < 0) ThrowErrno("seeking " + path);
    off_t keep = size;
    char chunk[4096];
    while (keep > 0) {
        off_t from = std::max<off_t>(0, keep - off_t(sizeof chunk));
        ssize_t n = ::pread(fd, chunk, size_t(keep - from), from);
        if (n != keep - from) ThrowErrno("reading " + path);
        const char* newline = nullptr;
        for (const char* p = chunk + n; p != chunk && !newline;)
            if (*--p == '\n') newline = p;
        if (newline) {
            keep = from + (newline - chunk) + 1;
            break;
        }
        keep = from;
    }
    if (keep != size && ::ftruncate(fd, keep) != 0) ThrowErrno("truncating " + path);
}

// --- Summary -----------------------------------------------------------------------------------

// One entry of summary.json's `tasks`: a (task, sample).
struct SampleOutcome {
    RecordIdentity id;
    bool compiled = false;
    int64_t cases = 0, passed = 0;
    double score = 0;
    std::string cls = "pass";
    std::vector<const CaseRecord*> caseRecords;

    bool Succeeded() const { return cls == "pass" && cases > 0 && passed == cases; }
};

std::vector<SampleOutcome> SampleOutcomes(const RunRecords& records) {
    struct Gathered {
        RecordIdentity id;
        std::vector<const SampleRecord*> builds;  // one, or one per fixed case of static samples
        std::vector<const CaseRecord*> cases;
    };
    std::map<std::tuple<int, std::string, int>, Gathered> byKey;  // (level, task, sample)
    for (auto& s : records.Samples()) {
        auto& g = byKey[{s.level, s.task, s.sample}];
        g.id = s;
        g.builds.push_back(&s);
    }
    for (auto& c : records.Cases()) {
        auto& g = byKey[{c.level, c.task, c.sample}];
        g.id = c;
        g.cases.push_back(&c);
    }
    std::vector<SampleOutcome> outcomes;
    for (auto& [key, g] : byKey) {
        SampleOutcome o;
        o.id = g.id;
        // Cases only run for a built candidate, so case records imply a build (and a sample that
        // did not compile always has its sample record). The cases of a build that failed count
        // as failed: for static samples, the fixed case whose kernel did not build.
        std::sort(g.builds.begin(), g.builds.end(),
                  [](auto* a, auto* b) { return CaseIdLess(a->fixedCase, b->fixedCase); });
        o.compiled = g.builds.empty();
        const SampleRecord* firstBadBuild = nullptr;
        for (auto* b : g.builds) {
            o.compiled |= b->compiled;
            if (!b->compiled) o.cases += b->caseCount.value_or(0);
            if (b->cls != "pass" && !firstBadBuild) firstBadBuild = b;
        }
        o.cases += int64_t(g.cases.size());
        o.caseRecords = g.cases;
        o.passed = std::count_if(g.cases.begin(), g.cases.end(), [](auto* c) { return c->passed; });
        const CaseRecord* firstFailure = nullptr;
        for (auto* c : g.cases)
            // "First" in case-id order, then trial: independent of the order workers finished in.
            if (!c->passed && (!firstFailure || CaseBefore(*c, *firstFailure))) firstFailure = c;
        if (firstBadBuild) o.cls = firstBadBuild->cls;
        else if (firstFailure) o.cls = firstFailure->cls;
        o.score = o.cases > 0 ? 100.0 * double(o.passed) / double(o.cases) : 0;
        outcomes.push_back(std::move(o));
    }
    return outcomes;
}

double LevelWeight(int level) {
    switch (level) {
        case 1: return 0.2;
        case 2: return 0.3;
        case 3: return 0.5;
        default: return 0;
    }
}

}  // namespace

bool CaseBefore(const CaseRecord& a, const CaseRecord& b) {
    return a.caseId != b.caseId ? CaseIdLess(a.caseId, b.caseId) : a.trial < b.trial;
}

bool CaseIdLess(const std::string& a, const std::string& b) {
    auto numeric = [](const std::string& s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char ch) { return std::isdigit(ch); });
    };
    const bool na = numeric(a), nb = numeric(b);
    if (na != nb) return na;
    // Numbers by value: the shorter digit string is smaller (ids have no leading zeros).
    if (na && a.size() != b.size()) return a.size() < b.size();
    return a < b;
}

// --- Records -------------------------------------------------------------------------------------

json ToJson(const SampleRecord& r) {
    json j = IdentityJson("sample", r);
    j["compiled"] = r.compiled;
    j["class"] = r.cls;
    j["error"] = r.error;
    j["seconds"] = r.seconds;
    j["case_count"] = OrNull(r.caseCount);
    j["fixed_case"] = r.fixedCase.empty() ? json() : json(r.fixedCase);
    return j;
}

json ToJson(const CaseRecord& r) {
    json j = IdentityJson("case", r);
    j["case"] = r.caseId;
    j["trial"] = r.trial;
    j["seed"] = r.seed;
    j["passed"] = r.passed;
    j["stage"] = r.stage;
    j["class"] = r.cls;
    j["error"] = r.error;
    j["diagnostics"] = json::array();
    for (auto& d : r.diagnostics)
        j["diagnostics"].push_back({{"code", d.code},
                                    {"category", d.category},
                                    {"message", d.message},
                                    {"location", d.location},
                                    {"core", d.core},
                                    {"count", d.count}});
    j["outputs"] = json::array();
    for (auto& o : r.outputs)
        j["outputs"].push_back({{"name", o.name},
                                {"max_abs_error", o.maxAbsError},
                                {"max_rel_error", o.maxRelError},
                                {"mismatches", o.mismatches}});
    j["seconds"] = r.seconds;
    j["sim_time_us"] = OrNull(r.simTimeUs);
    j["hw_bound_us"] = OrNull(r.hwBoundUs);
    j["hw_bound_rule"] = r.hwBoundRule.empty() ? json() : json(r.hwBoundRule);
    return j;
}

bool FromJson(const json& j, SampleRecord* out, std::string* error) { return ParseRecord(j, out, error, ReadSample); }
bool FromJson(const json& j, CaseRecord* out, std::string* error) { return ParseRecord(j, out, error, ReadCase); }

RecordWriter::RecordWriter(const std::string& runDir, const std::string& shard) {
    fs::path dir = fs::path(runDir) / "records";
    fs::create_directories(dir);
    path_ = (dir / (shard + ".jsonl")).string();
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) ThrowErrno("opening " + path_);
    try {
        CutPartialLastLine(fd_, path_);
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

RecordWriter::~RecordWriter() { ::close(fd_); }

void RecordWriter::Append(const SampleRecord& record) { AppendLine(ToJson(record)); }
void RecordWriter::Append(const CaseRecord& record) { AppendLine(ToJson(record)); }

void RecordWriter::AppendLine(const json& record) {
    // Unbuffered: once write() returns the line is the kernel's, which a killed process cannot lose.
    std::string line = Dump(record) + '\n';
    std::lock_guard lock(mutex_);
    WriteAll(fd_, line, path_);
}

void RunRecords::Add(SampleRecord record) {
    auto [it, inserted] = sampleIndex_.try_emplace({record.task, record.sample, record.fixedCase}, samples_.size());
    if (inserted) samples_.push_back(std::move(record));
    else samples_[it->second] = std::move(record);
}

void RunRecords::Add(CaseRecord record) {
    auto [it, inserted] =
        caseIndex_.try_emplace({record.task, record.sample, record.caseId, record.trial}, cases_.size());
    if (inserted) cases_.push_back(std::move(record));
    else cases_[it->second] = std::move(record);
}

bool RunRecords::HasSample(const std::string& task, int sample, const std::string& fixedCase) const {
    return sampleIndex_.count({task, sample, fixedCase}) > 0;
}

bool RunRecords::HasCase(const std::string& task, int sample, const std::string& caseId, int trial) const {
    return caseIndex_.count({task, sample, caseId, trial}) > 0;
}

RunRecords ReadRecords(const std::string& runDir) {
    RunRecords records;
    fs::path dir = fs::path(runDir) / "records";
    std::error_code ec;
    std::vector<fs::path> files;
    for (auto& entry : fs::directory_iterator(dir, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (auto& file : files) {
        records.files.push_back(file.filename().string());
        ReadRecordFile(file, "records/" + file.filename().string(), &records);
    }
    return records;
}

// --- Summary -------------------------------------------------------------------------------------

double PassAtK(int n, int c, int k) {
    if (c < 0 || c > n || k < 1 || k > n)
        throw std::invalid_argument("PassAtK: need 0 <= c <= n and 1 <= k <= n (n=" + std::to_string(n) +
                                    ", c=" + std::to_string(c) + ", k=" + std::to_string(k) + ")");
    if (n - c < k) return 1.0;  // every k-subset holds a success
    // C(n-c, k) / C(n, k) = Π_{i=n-c+1}^{n} (1 - k/i): no factorials, no overflow.
    double allFail = 1.0;
    for (int i = n - c + 1; i <= n; ++i) allFail *= 1.0 - double(k) / double(i);
    return 1.0 - allFail;
}

std::map<CaseTimeKey, double> ReferenceCaseTimes(const RunRecords& reference) {
    std::map<CaseTimeKey, double> times;
    for (auto& c : reference.Cases())
        if (c.sample == 0 && c.passed && c.simTimeUs) times[{c.task, c.caseId, c.trial}] = *c.simTimeUs;
    return times;
}

namespace {

// Simulated performance of one sample against the reference (docs/results.md, "perf").
struct SamplePerf {
    std::optional<double> simTimeUs;  // Σ over its cases, when every case passed and was timed
    std::optional<double> speedup;    // geometric mean over cases of T_ref / T_cand
    std::optional<double> hap;        // mean over cases of (T_ref - T_hw) / ((T_cand - T_hw) + (T_ref - T_hw))
    // A case simulated faster than its hardware bound: the time is impossible (work the model did
    // not see or charge), so the sample earns no speedup or HAP from it — a reward must not pay
    // for a hole in the judge.
    bool belowHwBound = false;
};

SamplePerf PerfOf(const SampleOutcome& o, const std::map<CaseTimeKey, double>* reference) {
    SamplePerf p;
    if (!o.Succeeded()) return p;
    double total = 0, logSum = 0, hapSum = 0;
    bool allReferenced = reference != nullptr, allBounded = true;
    for (const CaseRecord* c : o.caseRecords) {
        if (!c->simTimeUs) return p;
        total += *c->simTimeUs;
        if (c->hwBoundUs && *c->simTimeUs < *c->hwBoundUs) p.belowHwBound = true;
        if (!allReferenced) continue;
        auto it = reference->find({c->task, c->caseId, c->trial});
        if (it == reference->end() || *c->simTimeUs <= 0) {
            allReferenced = false;
            continue;
        }
        logSum += std::log(it->second / *c->simTimeUs);
        if (!c->hwBoundUs) {
            allBounded = false;
            continue;
        }
        const double ref = it->second - *c->hwBoundUs, cand = *c->simTimeUs - *c->hwBoundUs;
        hapSum += cand <= 0 ? 1.0 : std::max(ref, 0.0) / (cand + std::max(ref, 0.0));  // at the bound: 1
    }
    p.simTimeUs = total;
    if (p.belowHwBound) return p;
    const double n = double(o.caseRecords.size());
    if (allReferenced) p.speedup = std::exp(logSum / n);
    if (allReferenced && allBounded) p.hap = hapSum / n;
    return p;
}


json PerfSummary(const std::vector<SampleOutcome>& outcomes, const std::vector<SamplePerf>& perf,
                 const RunRecords& records, const std::map<CaseTimeKey, double>* referenceTimes) {
    int64_t timed = 0, belowBound = 0;
    json rules = {{"declared", 0}, {"generic", 0}};
    for (auto& p : perf) timed += p.simTimeUs.has_value();
    for (auto& c : records.Cases()) {
        if (c.simTimeUs && c.hwBoundUs && *c.simTimeUs < *c.hwBoundUs) ++belowBound;
        if (c.hwBoundUs && rules.contains(c.hwBoundRule)) rules[c.hwBoundRule] = rules[c.hwBoundRule].get<int64_t>() + 1;
    }
    json out = {{"timed_samples", timed}, {"below_hw_bound_cases", belowBound}, {"hw_bound_rules", rules},
                {"fast_p", nullptr}, {"mean_speedup", nullptr}, {"mean_hap", nullptr}};
    if (!referenceTimes) return out;

    // fast_p over the tasks the reference timed: per task the share of its samples that are
    // correct and more than p times as fast as the reference, then the mean over tasks.
    std::set<std::string> referenced;
    for (auto& [key, t] : *referenceTimes) referenced.insert(std::get<0>(key));
    std::map<std::string, std::vector<size_t>> samplesOfTask;
    for (size_t i = 0; i < outcomes.size(); ++i)
        if (referenced.count(outcomes[i].id.task)) samplesOfTask[outcomes[i].id.task].push_back(i);
    if (!samplesOfTask.empty()) {
        json fast = json::object();
        const std::pair<double, const char*> thresholds[] = {{0, "0"}, {0.8, "0.8"}, {1, "1"}, {1.5, "1.5"}, {2, "2"}};
        for (auto [p, name] : thresholds) {
            double sum = 0;
            for (auto& [task, samples] : samplesOfTask) {
                int n = 0;
                for (size_t i : samples) n += outcomes[i].Succeeded() && perf[i].speedup && *perf[i].speedup > p;
                sum += double(n) / double(samples.size());
            }
            fast[name] = sum / double(samplesOfTask.size());
        }
        out["fast_p"] = fast;
    }
    double logSum = 0, hapSum = 0;
    int speedups = 0, haps = 0;
    for (auto& p : perf) {
        if (p.speedup) logSum += std::log(*p.speedup), ++speedups;
        if (p.hap) hapSum += *p.hap, ++haps;
    }
    if (speedups) out["mean_speedup"] = std::exp(logSum / speedups);
    if (haps) out["mean_hap"] = hapSum / haps;
    return out;
}

}  // namespace

json ComputeSummary(const RunRecords& records, const json& runConfig, const Timing& timing,
                    const RunRecords* reference) {
    std::vector<SampleOutcome> outcomes = SampleOutcomes(records);
    // Evaluating the answers themselves, answer/0 is the reference.
    if (!reference && runConfig.value("candidates", std::string()) == "answer") reference = &records;
    const std::map<CaseTimeKey, double> referenceTimes = reference ? ReferenceCaseTimes(*reference)
                                                                   : std::map<CaseTimeKey, double>();
    std::vector<SamplePerf> perf;
    for (auto& o : outcomes) perf.push_back(PerfOf(o, reference ? &referenceTimes : nullptr));

    json summary;
    summary["run"] = runConfig;

    json tasks = json::array();
    // level -> task -> its samples
    std::map<int, std::map<std::string, std::vector<const SampleOutcome*>>> byLevel;
    for (size_t i = 0; i < outcomes.size(); ++i) {
        const SampleOutcome& o = outcomes[i];
        tasks.push_back({{"task", o.id.task},
                         {"level", o.id.level},
                         {"category", o.id.category},
                         {"op", o.id.op},
                         {"sample", o.id.sample},
                         {"cases", o.cases},
                         {"passed", o.passed},
                         {"score", o.score},
                         {"compiled", o.compiled},
                         {"class", o.cls},
                         {"sim_time_us", OrNull(perf[i].simTimeUs)},
                         {"speedup", OrNull(perf[i].speedup)},
                         {"hap", OrNull(perf[i].hap)},
                         {"below_hw_bound", perf[i].belowHwBound}});
        byLevel[o.id.level][o.id.task].push_back(&o);
    }
    summary["tasks"] = tasks;

    json levels = json::object();
    double weighted = 0, weights = 0;
    constexpr int kPassAtK[] = {1, 10, 100};
    std::map<int, std::pair<double, int>> compileAtK, executionAtK;  // k -> (Σ pass@k, tasks)
    for (auto& [level, levelTasks] : byLevel) {
        double scoreSum = 0;
        int64_t compiledTasks = 0, passedTasks = 0;
        for (auto& [task, samples] : levelTasks) {
            int n = int(samples.size()), compiled = 0, succeeded = 0;
            double taskScore = 0;
            for (auto* s : samples) {
                compiled += s->compiled;
                succeeded += s->Succeeded();
                taskScore += s->score / n;
            }
            scoreSum += taskScore;
            compiledTasks += compiled > 0;
            passedTasks += succeeded > 0;
            for (int k : kPassAtK) {
                if (k > n) break;
                compileAtK[k].first += PassAtK(n, compiled, k);
                compileAtK[k].second += 1;
                executionAtK[k].first += PassAtK(n, succeeded, k);
                executionAtK[k].second += 1;
            }
        }
        double score = scoreSum / double(levelTasks.size());
        levels[std::to_string(level)] = {{"tasks", int64_t(levelTasks.size())},
                                         {"score", score},
                                         {"compiled", compiledTasks},
                                         {"passed_tasks", passedTasks}};
        weighted += LevelWeight(level) * score;
        weights += LevelWeight(level);
    }
    summary["levels"] = levels;
    summary["final_score"] = weights > 0 ? json(weighted / weights) : json();

    auto meanOverTasks = [](const std::map<int, std::pair<double, int>>& atK) {
        json j = json::object();
        for (auto& [k, sum] : atK) j[std::to_string(k)] = sum.first / sum.second;
        return j;
    };
    summary["pass_at_k"] = {{"compile", meanOverTasks(compileAtK)}, {"execution", meanOverTasks(executionAtK)}};

    std::map<std::string, int64_t> classes;
    for (auto& s : records.Samples())
        if (s.cls != "pass") ++classes[s.cls];
    for (auto& c : records.Cases())
        if (c.cls != "pass") ++classes[c.cls];
    summary["failure_classes"] = classes;
    // Under `--diagnostics report`: passing cases that broke a rule, by diagnostic code.
    std::map<std::string, int64_t> passedWith;
    for (auto& c : records.Cases())
        if (c.passed)
            for (auto& d : c.diagnostics) ++passedWith[d.code];
    summary["passed_with_diagnostics"] = passedWith;
    summary["perf"] = PerfSummary(outcomes, perf, records, reference ? &referenceTimes : nullptr);

    double perMinute = timing.wallSeconds > 0 ? double(timing.evaluations) * 60.0 / timing.wallSeconds : 0;
    json overhead;
    if (timing.evaluations > 0)
        overhead = std::max(0.0, timing.wallSeconds * timing.workers - timing.buildSeconds -
                                     timing.simulatorSeconds) * 1000.0 / double(timing.evaluations);
    json perCase;
    if (!timing.caseOverheadSeconds.empty()) {
        std::vector<double> v = timing.caseOverheadSeconds;
        std::sort(v.begin(), v.end());
        auto quantile = [&](double q) { return v[size_t(q * double(v.size() - 1) + 0.5)] * 1000.0; };
        perCase = {{"median", quantile(0.5)}, {"p90", quantile(0.9)}, {"max", v.back() * 1000.0}};
    }
    summary["timing"] = {{"wall_seconds", timing.wallSeconds},
                         {"evaluations", timing.evaluations},
                         {"evaluations_per_minute", perMinute},
                         {"harness_overhead_ms_per_case", overhead},
                         {"case_overhead_ms", perCase}};
    return summary;
}

void WriteSummary(const std::string& runDir, const json& summary) {
    fs::path target = fs::path(runDir) / "summary.json";
    std::string temp = target.string() + ".tmp";
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) ThrowErrno("opening " + temp);
    try {
        WriteAll(fd, Dump(summary, 2) + '\n', temp);
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (::close(fd) != 0) ThrowErrno("closing " + temp);
    fs::rename(temp, target);  // readers see the old summary or the new one, never half of one
}

}  // namespace akg::harness
