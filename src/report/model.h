// What a report shows, read from a run directory (docs/results.md): the aggregate numbers and one
// row per (task, sample) come from summary.json as `akgen bench` computed them; the records add
// per-case detail and the log files are found on disk.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace akg::report {

struct DiagnosticEntry {
    std::string code, category, message, location;
    int64_t core = -1;
    int64_t count = 1;
};

// One "case" record.
struct CaseEntry {
    std::string caseId;
    int64_t trial = 0;
    std::optional<int64_t> seed;
    bool passed = false;
    std::string stage, cls, error;
    std::vector<DiagnosticEntry> diagnostics;
    std::optional<double> maxAbsError, maxRelError;  // maxima over the outputs that report them
    int64_t mismatches = 0;
    std::optional<double> seconds, simTimeUs;
    std::string logPath;  // relative to the run directory, empty if the log does not exist
};

// A case<ID>.log (trial 0) or case<ID>-t<trial>.log file.
struct CaseLog {
    std::string caseId;
    int64_t trial = 0;
    std::string path;  // relative to the run directory
};

// One (task, sample): an entry of summary.json's `tasks` with the records about it.
struct TaskRow {
    std::string task;  // levelN/Category/Op, as the run names it (and its log folder)
    int level = 0;
    std::string category, op;
    int64_t sample = 0;
    int64_t cases = 0, passed = 0;
    double score = 0;  // passed / cases × 100
    bool compiled = false;
    std::string cls;  // "pass" or the first failure's class
    // From the sample record, when there is one.
    bool hasSampleRecord = false;
    std::string buildClass, buildError;
    std::optional<double> buildSeconds;
    std::vector<CaseEntry> caseRecords;  // one per (case, trial), in record order
    // Logs, relative to the run directory.
    std::string logDir;             // logs/<task>/sample<K>, empty when `task` is no safe relative path
    std::string buildLog;           // empty if it does not exist
    std::vector<CaseLog> caseLogs;  // by case id, then trial

    bool Passed() const { return cls == "pass"; }
};

struct LevelScore {
    int level = 0;
    int64_t tasks = 0;
    double score = 0;  // mean task score, 0-100
    int64_t compiled = 0;
    int64_t passedTasks = 0;
};

struct ClassCount {
    std::string cls;
    int64_t count = 0;
};

struct RunData {
    std::string runName;  // the run directory's name
    std::vector<std::pair<std::string, std::string>> config;  // label, value (display order)

    std::vector<LevelScore> levels;  // ascending level
    std::optional<double> finalScore;
    std::map<int64_t, double> passAtKCompile, passAtKExecution;  // k -> probability in [0, 1]
    std::vector<ClassCount> failureClasses;                      // without "pass", descending count
    int64_t TotalFailures() const;

    std::vector<TaskRow> tasks;  // by level, failing rows first, then category, op, sample

    std::optional<double> wallSeconds, evaluationsPerMinute, overheadMsPerCase;
    std::optional<int64_t> evaluations;

    // What was read.
    int64_t sampleRecords = 0, caseRecords = 0;
    std::vector<std::string> recordFiles;
    std::vector<std::string> notes;  // caveats the report states up front
};

// False with `error` when `runDir` is not a directory or its summary.json is missing or
// unreadable: the summary is written when a run ends, and the report shows its numbers.
bool LoadRun(const std::string& runDir, RunData* out, std::string* error);

// "compile", "diagnostic" or "anticheat" for the member classes of those families, else empty.
std::string ClassFamily(const std::string& cls);

}  // namespace akg::report
