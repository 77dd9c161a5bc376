// The results layer of `akgen bench` (docs/results.md): JSONL records appended as evaluations
// finish, reading them back (merged shards, a killed run's partial line, resume queries) and the
// aggregate summary.json computed from them.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace akg::harness {

// What every record is about.
struct RecordIdentity {
    std::string task;  // levelN/Category/Op
    int level = 0;
    std::string category, op;
    int sample = 0;  // K of answer/K or sample<K>
};

// kind "sample": the build of one candidate.
struct SampleRecord : RecordIdentity {
    bool compiled = false;
    std::string cls;    // "class": failure class of the build, or "pass"
    std::string error;  // first compiler error line, when it failed
    double seconds = 0;
    std::optional<int> caseCount;  // "case_count": (case, trial) evaluations due, when known
    // "fixed_case": the case a static-shape sample (fixed_case_<ID>/sample<K>) was generated for;
    // empty for a sample that serves every shape. Sample K of each fixed case is its own build.
    std::string fixedCase;
};

struct RecordDiagnostic {
    std::string code, category, message, location;
    int core = -1;
    int64_t count = 1;
};

struct OutputError {
    std::string name;
    double maxAbsError = 0, maxRelError = 0;  // NaN when the JSON holds null (a non-finite error)
    int64_t mismatches = 0;
};

// kind "case": one case and trial of a candidate.
struct CaseRecord : RecordIdentity {
    std::string caseId;  // "case"
    int trial = 0;
    uint64_t seed = 0;
    bool passed = false;
    std::string stage;  // golden, build, tiling, run, compare, done
    std::string cls;    // "class"
    std::string error;
    std::vector<RecordDiagnostic> diagnostics;
    std::vector<OutputError> outputs;
    double seconds = 0;
    std::optional<double> simTimeUs;  // "sim_time_us"
    std::optional<double> hwBoundUs;  // "hw_bound_us": the case's hardware lower bound T_hw
    // "hw_bound_rule": what T_hw was computed from, "declared" (the task's validation/workload.json)
    // or "generic" (run::MinimumWorkload); empty when the case was not timed.
    std::string hwBoundRule;
};

nlohmann::json ToJson(const SampleRecord& record);
nlohmann::json ToJson(const CaseRecord& record);
// Unknown fields are ignored and missing optional ones default; false with `error` when `kind`
// does not match or a required field is missing or of the wrong type.
bool FromJson(const nlohmann::json& j, SampleRecord* out, std::string* error);
bool FromJson(const nlohmann::json& j, CaseRecord* out, std::string* error);

// Appends records to RUN/records/<shard>.jsonl, one write() per line so that a killed run loses at
// most the line being written. Safe to share between threads; one writer process per shard file.
class RecordWriter {
public:
    // Creates RUN/records/ as needed and cuts off a partial last line a killed run left behind.
    // Throws std::system_error when the file cannot be opened.
    RecordWriter(const std::string& runDir, const std::string& shard);
    ~RecordWriter();
    RecordWriter(const RecordWriter&) = delete;
    RecordWriter& operator=(const RecordWriter&) = delete;

    // Throw std::system_error when the line cannot be written.
    void Append(const SampleRecord& record);
    void Append(const CaseRecord& record);

    const std::string& Path() const { return path_; }

private:
    void AppendLine(const nlohmann::json& record);

    std::string path_;
    int fd_ = -1;
    std::mutex mutex_;
};

// Every record of a run, one per key: (task, sample, fixed case) for samples, (task, sample, case,
// trial) for cases. A later record with the same key replaces the earlier one in place.
class RunRecords {
public:
    void Add(SampleRecord record);
    void Add(CaseRecord record);

    bool HasSample(const std::string& task, int sample, const std::string& fixedCase = "") const;
    bool HasCase(const std::string& task, int sample, const std::string& caseId, int trial) const;

    const std::vector<SampleRecord>& Samples() const { return samples_; }
    const std::vector<CaseRecord>& Cases() const { return cases_; }

    std::vector<std::string> files;         // names of the record files read, in reading order
    int truncatedLines = 0;                 // partial last lines of killed runs, ignored
    std::vector<std::string> invalidLines;  // "file:line: why" of whole lines that are no record

private:
    using SampleKey = std::tuple<std::string, int, std::string>;
    using CaseKey = std::tuple<std::string, int, std::string, int>;
    std::vector<SampleRecord> samples_;
    std::vector<CaseRecord> cases_;
    std::map<SampleKey, size_t> sampleIndex_;
    std::map<CaseKey, size_t> caseIndex_;
};

// Case ids in their natural order: numeric ids (test_cases.csv rows) by value, before the others
// (hidden cases like "h0"), which sort as text.
bool CaseIdLess(const std::string& a, const std::string& b);
// Case records in that order, then by trial: the order "first failing case" refers to.
bool CaseBefore(const CaseRecord& a, const CaseRecord& b);

// Reads RUN/records/*.jsonl in file-name order; no records directory reads as an empty run.
RunRecords ReadRecords(const std::string& runDir);

// What the bench driver measured in this invocation (a resumed run's earlier work excluded).
struct Timing {
    double wallSeconds = 0;
    int64_t evaluations = 0;  // case evaluations run
    int workers = 1;          // evaluations run concurrently
    double buildSeconds = 0;      // Σ `seconds` of the sample records written
    double simulatorSeconds = 0;  // time the cases spent in simulated kernel launches
    std::vector<double> caseOverheadSeconds;  // per case: its wall time minus its simulated launch
};

// The simulated times speedups are measured against: every passed, timed case record of sample 0
// (the task's expert answer), keyed by (task, case, trial).
using CaseTimeKey = std::tuple<std::string, std::string, int>;
std::map<CaseTimeKey, double> ReferenceCaseTimes(const RunRecords& reference);

// summary.json as docs/results.md defines it; `runConfig` is run.json. `reference` holds the
// simulated times that speedups are measured against (sample 0 of each task: its expert answer);
// null: the run's own sample 0 when the run evaluated the tasks' answers, else no speedups.
nlohmann::json ComputeSummary(const RunRecords& records, const nlohmann::json& runConfig, const Timing& timing,
                              const RunRecords* reference = nullptr);

// Writes RUN/summary.json atomically (temporary file, then rename). Throws std::system_error.
void WriteSummary(const std::string& runDir, const nlohmann::json& summary);

// Unbiased pass@k of a task with n samples of which c succeeded: 1 - C(n-c, k) / C(n, k).
// Requires 0 <= c <= n and 1 <= k <= n (std::invalid_argument otherwise).
double PassAtK(int n, int c, int k);

}  // namespace akg::harness
