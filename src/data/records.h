// `akgen data build`: the canonical record set (OUT/records.jsonl + OUT/manifest.json, described
// in docs/data.md) from bench run directories, the gen samples and task answers they evaluated,
// and solve outputs. Only automatically verified code becomes a response.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace akg::data {

inline constexpr int kRecordFormatVersion = 1;

// Record kinds, in the order records.jsonl lists them.
inline const std::vector<std::string>& RecordKinds() {
    static const std::vector<std::string> kinds = {"sft", "compile_fix", "numeric_fix", "dpo", "repair", "cot_code",
                                                   "cot_doc"};
    return kinds;
}

struct BuildOptions {
    std::vector<std::string> runs;          // akgen bench run directories
    std::vector<std::string> solveDirs;     // akgen solve --out directories (their turns' runs are read too)
    std::vector<std::string> excludeTasks;  // evaluation sets to decontaminate against (task trees)
    std::string outDir;
    std::string promptsDir;  // templates for samples without a stored prompt; empty: prompts/
    std::string apiDocsDir;  // our API reference; empty: docs/api
    double validationFraction = 0.1;  // of tasks (never of records)
    bool compileRejects = false;      // DPO pairs whose rejected side failed to compile too
    bool hostileRejects = false;      // ... or broke a sandbox or anti-cheat rule
    double speedMargin = 0;           // > 0: DPO speed pairs, rejected slower by at least this fraction
    double nearDupThreshold = 0.85;   // estimated Jaccard of code shingles at which a response is a near-duplicate
    int contaminationNgram = 32;      // tokens shared with an excluded set that contaminate a record
};

struct BuildOutcome {
    nlohmann::json manifest;
    std::vector<std::string> warnings;  // unreadable inputs that were skipped
    std::string error;                  // a failure of the build itself
};

BuildOutcome BuildRecords(const BuildOptions& options);

// An assistant answer in the benchmark's answer format: reasoning in <think> tags, then the
// single kernel in <kernel_impl> (kernel mode) or every file in <file path="..."> tags. akgen's
// answer parser gives back exactly `files`.
std::string ResponseText(const std::string& reasoning, const std::map<std::string, std::string>& files,
                         const std::string& mode);

// Reads DIR/records.jsonl; false with `error` when it is missing or a line is not JSON.
bool ReadRecordSet(const std::string& dir, std::vector<nlohmann::json>* records, std::string* error);

// Writes records (sorted by kind, task, id) and the manifest atomically, one line per record;
// adds record_count and records_sha256 to the manifest.
bool WriteRecordSet(const std::string& dir, std::vector<nlohmann::json> records, nlohmann::json* manifest,
                    std::string* error);

// The record's id: the first 16 hex digits of sha256 of its content (everything but id and split).
std::string RecordId(const nlohmann::json& record);

}  // namespace akg::data
