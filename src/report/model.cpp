#include "report/model.h"

#include "harness/results.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string_view>
#include <tuple>

#include <nlohmann/json.hpp>

namespace akg::report {

namespace fs = std::filesystem;
using nlohmann::json;

int64_t RunData::TotalFailures() const {
    int64_t n = 0;
    for (auto& c : failureClasses) n += c.count;
    return n;
}

std::string ClassFamily(const std::string& cls) {
    auto dot = cls.find('.');
    if (dot == std::string::npos || dot + 1 == cls.size()) return "";
    std::string family = cls.substr(0, dot);
    if (family == "compile" || family == "diagnostic" || family == "anticheat") return family;
    return "";
}

namespace {

// Field access that tolerates missing fields and unexpected types: a report is written from
// whatever a (possibly newer) run left behind.
const json* Field(const json& j, const char* key) {
    if (!j.is_object()) return nullptr;
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) return nullptr;
    return &*it;
}

std::string GetString(const json& j, const char* key) {
    const json* v = Field(j, key);
    if (!v) return "";
    if (v->is_string()) return v->get<std::string>();
    if (v->is_number() || v->is_boolean()) return v->dump();
    return "";
}

std::optional<double> GetNumber(const json& j, const char* key) {
    const json* v = Field(j, key);
    if (!v || !v->is_number()) return std::nullopt;
    double d = v->get<double>();
    if (!std::isfinite(d)) return std::nullopt;
    return d;
}

// An integer from a number or a string of digits (object keys such as a level or a k are strings).
std::optional<int64_t> ToInt(const json& v) {
    if (v.is_number_integer()) return v.get<int64_t>();
    if (v.is_number_float()) {
        double d = v.get<double>();
        if (std::isfinite(d) && std::fabs(d) < 9e18) return int64_t(std::llround(d));
        return std::nullopt;
    }
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
        return std::stoll(s);
    }
    return std::nullopt;
}

std::optional<int64_t> GetInt(const json& j, const char* key) {
    const json* v = Field(j, key);
    return v ? ToInt(*v) : std::nullopt;
}

std::optional<bool> GetBool(const json& j, const char* key) {
    const json* v = Field(j, key);
    if (!v || !v->is_boolean()) return std::nullopt;
    return v->get<bool>();
}

bool ReadJsonFile(const fs::path& path, json* out, std::string* error) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        *error = "cannot open it";
        return false;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    try {
        *out = json::parse(ss.str());
    } catch (const std::exception& e) {
        *error = e.what();
        return false;
    }
    return true;
}

std::string ConfigValue(const json& run, const char* key) {
    const json* v = Field(run, key);
    if (!v) return "";
    if (v->is_string()) return v->get<std::string>();
    if (v->is_array()) {
        std::string s;
        for (auto& e : *v) {
            if (!s.empty()) s += ", ";
            s += e.is_string() ? e.get<std::string>() : e.dump();
        }
        return s.empty() ? "none" : s;
    }
    return v->dump();
}

using RowKey = std::tuple<int, std::string, std::string, int64_t>;

// Identity of a record or summary entry: level, category and op from their fields, else from
// `task` (levelN/Category/Op).
std::optional<RowKey> Identity(const json& j) {
    std::string task = GetString(j, "task");
    std::vector<std::string> parts;
    for (size_t start = 0; !task.empty();) {
        size_t slash = task.find('/', start);
        parts.push_back(task.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    bool fromTask = parts.size() == 3;
    auto level = GetInt(j, "level");
    if (!level && fromTask && parts[0].rfind("level", 0) == 0) level = ToInt(json(parts[0].substr(5)));
    std::string category = GetString(j, "category"), op = GetString(j, "op");
    if (category.empty() && fromTask) category = parts[1];
    if (op.empty() && fromTask) op = parts[2];
    if (!level || op.empty()) return std::nullopt;
    return RowKey{int(*level), category, op, GetInt(j, "sample").value_or(0)};
}

CaseEntry ToEntry(const harness::CaseRecord& r) {
    CaseEntry c;
    c.caseId = r.caseId;
    c.trial = r.trial;
    c.seed = int64_t(r.seed);
    c.passed = r.passed;
    c.stage = r.stage;
    c.cls = r.cls.empty() ? (r.passed ? "pass" : "unclassified") : r.cls;
    c.error = r.error;
    c.seconds = r.seconds;
    c.simTimeUs = r.simTimeUs;
    for (auto& d : r.diagnostics) c.diagnostics.push_back({d.code, d.category, d.message, d.location, d.core, d.count});
    for (auto& o : r.outputs) {
        if (!std::isnan(o.maxAbsError)) c.maxAbsError = std::max(c.maxAbsError.value_or(o.maxAbsError), o.maxAbsError);
        if (!std::isnan(o.maxRelError)) c.maxRelError = std::max(c.maxRelError.value_or(o.maxRelError), o.maxRelError);
        c.mismatches += o.mismatches;
    }
    return c;
}

// The rows of summary.json's `tasks`, then the records attached to them.
class RowBuilder {
public:
    explicit RowBuilder(RunData* data) : data_(data) {}

    void AddSummaryTasks(const json& summary) {
        const json* tasks = Field(summary, "tasks");
        if (!tasks || !tasks->is_array()) return;
        for (auto& t : *tasks) {
            auto key = Identity(t);
            if (!key || rowIndex_.count(*key)) continue;
            TaskRow row;
            std::tie(row.level, row.category, row.op, row.sample) = *key;
            row.task = GetString(t, "task");
            if (row.task.empty()) row.task = "level" + std::to_string(row.level) + "/" + row.category + "/" + row.op;
            row.cases = GetInt(t, "cases").value_or(0);
            row.passed = GetInt(t, "passed").value_or(0);
            row.score = GetNumber(t, "score").value_or(0);
            row.compiled = GetBool(t, "compiled").value_or(false);
            row.cls = GetString(t, "class");
            rowIndex_.emplace(*key, data_->tasks.size());
            data_->tasks.push_back(std::move(row));
        }
    }

    // Records are read by the harness's own reader (merged shards, later duplicates replacing
    // earlier ones, a killed run's partial last line set aside).
    void AddRecords(const harness::RunRecords& records) {
        data_->recordFiles = records.files;
        unreadableLines_ = records.truncatedLines + int64_t(records.invalidLines.size());
        data_->sampleRecords = int64_t(records.Samples().size());
        data_->caseRecords = int64_t(records.Cases().size());
        for (auto& r : records.Samples()) {
            if (TaskRow* row = RowOf(r)) {
                row->hasSampleRecord = true;
                row->buildClass = r.cls;
                row->buildError = r.error;
                row->buildSeconds = r.seconds;
            }
        }
        for (auto& r : records.Cases())
            if (TaskRow* row = RowOf(r)) row->caseRecords.push_back(ToEntry(r));
    }

    void AddNotes() const {
        if (unmatchedRecords_)
            data_->notes.push_back(std::to_string(unmatchedRecords_) +
                                   " records are about (task, sample) pairs that summary.json does not list "
                                   "(written after the summary?); they are not shown.");
        if (unreadableLines_)
            data_->notes.push_back(std::to_string(unreadableLines_) +
                                   " record lines could not be read and were skipped (an interrupted write leaves "
                                   "a partial last line).");
    }

private:
    TaskRow* RowOf(const harness::RecordIdentity& r) {
        auto it = rowIndex_.find(RowKey{r.level, r.category, r.op, r.sample});
        if (it == rowIndex_.end()) {
            ++unmatchedRecords_;
            return nullptr;
        }
        return &data_->tasks[it->second];
    }

    RunData* data_;
    std::map<RowKey, size_t> rowIndex_;
    int64_t unmatchedRecords_ = 0, unreadableLines_ = 0;
};

// A task id used as a path under logs/: records are untrusted, and a category such as ".." must
// not send the report looking (or linking) outside the run directory.
bool SafeRelativePath(const std::string& path) {
    if (path.empty() || path.front() == '/') return false;
    for (size_t start = 0; start <= path.size();) {
        size_t slash = std::min(path.find('/', start), path.size());
        std::string_view part(path.data() + start, slash - start);
        if (part.empty() || part == "." || part == "..") return false;
        start = slash + 1;
    }
    return true;
}

// "case<ID>.log" is trial 0, "case<ID>-t<trial>.log" any later trial (how `akgen bench` names them).
std::optional<CaseLog> ParseCaseLog(const std::string& name) {
    if (name.size() <= 8 || name.rfind("case", 0) != 0 || name.compare(name.size() - 4, 4, ".log") != 0)
        return std::nullopt;
    CaseLog log{name.substr(4, name.size() - 8), 0, ""};
    size_t mark = log.caseId.rfind("-t");
    if (mark != std::string::npos && mark > 0 && mark + 2 < log.caseId.size() && log.caseId.size() - mark < 12 &&
        log.caseId.find_first_not_of("0123456789", mark + 2) == std::string::npos) {
        log.trial = std::stoll(log.caseId.substr(mark + 2));
        log.caseId.resize(mark);
    }
    return log;
}

void FindLogs(const fs::path& runDir, TaskRow* row) {
    if (!SafeRelativePath(row->task)) return;
    row->logDir = "logs/" + row->task + "/sample" + std::to_string(row->sample);
    fs::path dir = runDir / row->logDir;
    std::error_code ec;
    if (fs::is_regular_file(dir / "build.log", ec)) row->buildLog = row->logDir + "/build.log";
    for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (auto log = ParseCaseLog(name)) {
            log->path = row->logDir + "/" + name;
            row->caseLogs.push_back(std::move(*log));
        }
    }
    std::sort(row->caseLogs.begin(), row->caseLogs.end(), [](const CaseLog& a, const CaseLog& b) {
        return a.caseId != b.caseId ? harness::CaseIdLess(a.caseId, b.caseId) : a.trial < b.trial;
    });
    for (auto& c : row->caseRecords)
        for (auto& log : row->caseLogs)
            if (log.caseId == c.caseId && log.trial == c.trial) c.logPath = log.path;
}

void ReadAggregates(const json& s, RunData* data) {
    if (const json* levels = Field(s, "levels"); levels && levels->is_object()) {
        for (auto& [key, l] : levels->items()) {
            auto level = ToInt(json(key));
            if (!level) continue;
            LevelScore ls;
            ls.level = int(*level);
            ls.tasks = GetInt(l, "tasks").value_or(0);
            ls.score = GetNumber(l, "score").value_or(0);
            ls.compiled = GetInt(l, "compiled").value_or(0);
            ls.passedTasks = GetInt(l, "passed_tasks").value_or(0);
            data->levels.push_back(ls);
        }
        std::sort(data->levels.begin(), data->levels.end(), [](auto& a, auto& b) { return a.level < b.level; });
    }
    data->finalScore = GetNumber(s, "final_score");
    if (const json* p = Field(s, "pass_at_k"); p && p->is_object()) {
        auto read = [&](const char* key, std::map<int64_t, double>* out) {
            const json* m = Field(*p, key);
            if (!m || !m->is_object()) return;
            for (auto& [k, v] : m->items()) {
                auto kk = ToInt(json(k));
                if (kk && *kk > 0 && v.is_number()) (*out)[*kk] = v.get<double>();
            }
        };
        read("compile", &data->passAtKCompile);
        read("execution", &data->passAtKExecution);
    }
    if (const json* fc = Field(s, "failure_classes"); fc && fc->is_object()) {
        for (auto& [cls, n] : fc->items()) {
            auto count = ToInt(n);
            if (cls != "pass" && count && *count > 0) data->failureClasses.push_back({cls, *count});
        }
        std::sort(data->failureClasses.begin(), data->failureClasses.end(), [](auto& a, auto& b) {
            return a.count != b.count ? a.count > b.count : a.cls < b.cls;
        });
    }
    if (const json* t = Field(s, "timing"); t && t->is_object()) {
        data->wallSeconds = GetNumber(*t, "wall_seconds");
        data->evaluations = GetInt(*t, "evaluations");
        data->evaluationsPerMinute = GetNumber(*t, "evaluations_per_minute");
        data->overheadMsPerCase = GetNumber(*t, "harness_overhead_ms_per_case");
    }
}

// summary.json's copy of run.json, else run.json itself.
void ReadConfig(const fs::path& dir, const json& summary, RunData* data) {
    json run;
    if (const json* copy = Field(summary, "run"); copy && copy->is_object()) {
        run = *copy;
    } else if (std::string readError; !ReadJsonFile(dir / "run.json", &run, &readError) || !run.is_object()) {
        data->notes.push_back("The run configuration is unknown: summary.json has no `run` and run.json " +
                              (fs::exists(dir / "run.json") ? "could not be read (" + readError + ")."
                                                            : std::string("is missing.")));
        run = json::object();
    }
    static const std::pair<const char*, const char*> kConfig[] = {
        {"Tasks root", "tasks_root"}, {"Candidates", "candidates"}, {"Mode", "mode"},
        {"Trials", "trials"},         {"SoC", "soc"},               {"Check rule", "check"},
        {"Diagnostics", "diagnostics"}, {"Sandbox", "sandbox"}, {"akgen version", "akgen_version"},
    };
    for (auto& [label, key] : kConfig) data->config.emplace_back(label, ConfigValue(run, key));
    // Fields added to run.json after this report was written, under their own names.
    for (auto& [key, value] : run.items()) {
        bool known = std::any_of(std::begin(kConfig), std::end(kConfig), [&](auto& c) { return key == c.second; });
        if (!known && !value.is_null()) data->config.emplace_back(key, ConfigValue(run, key.c_str()));
    }
}

}  // namespace

bool LoadRun(const std::string& runDir, RunData* out, std::string* error) {
    *out = RunData{};
    std::error_code ec;
    fs::path dir(runDir);
    if (!fs::is_directory(dir, ec)) {
        *error = runDir + " is not a directory";
        return false;
    }
    fs::path summaryPath = dir / "summary.json";
    if (!fs::exists(summaryPath, ec)) {
        *error = summaryPath.string() +
                 " not found: `akgen bench` writes it when a run ends, so this run is still going or was "
                 "interrupted (finish it with `akgen bench --resume`), or " + runDir + " is not a run directory";
        return false;
    }
    json summary;
    std::string readError;
    if (!ReadJsonFile(summaryPath, &summary, &readError)) {
        *error = summaryPath.string() + " cannot be read: " + readError;
        return false;
    }
    if (!summary.is_object()) {
        *error = summaryPath.string() + " is not a JSON object";
        return false;
    }

    RunData& data = *out;
    fs::path abs = fs::absolute(dir, ec).lexically_normal();
    data.runName = (abs.has_filename() ? abs.filename() : abs.parent_path().filename()).string();
    ReadConfig(dir, summary, &data);
    ReadAggregates(summary, &data);

    RowBuilder rows(&data);
    rows.AddSummaryTasks(summary);
    if (fs::is_directory(dir / "records", ec)) rows.AddRecords(harness::ReadRecords(dir.string()));
    else data.notes.push_back("records/ not found: per-case details are not available.");
    rows.AddNotes();

    for (auto& row : data.tasks) FindLogs(dir, &row);
    std::stable_sort(data.tasks.begin(), data.tasks.end(), [](const TaskRow& a, const TaskRow& b) {
        if (a.level != b.level) return a.level < b.level;
        if (a.Passed() != b.Passed()) return !a.Passed();
        return std::tie(a.category, a.op, a.sample) < std::tie(b.category, b.op, b.sample);
    });
    return true;
}

}  // namespace akg::report
