// What `akgen solve` tells the model after a failed turn: the classified result of evaluating its
// candidate, with the compiler errors and the documented signatures of the APIs they name, the
// simulator diagnostics with the source lines they point at, and a summary of wrong outputs.
#pragma once

#include <string>
#include <vector>

#include "harness/results.h"

namespace akg::gen {

// Lines of our API reference (docs/api/*.md) that document the APIs an error message names,
// as "docs/api/<file>: <line>", at most `maxLines`.
std::vector<std::string> ApiDocLines(const std::string& message, const std::string& apiDocsDir, size_t maxLines = 6);

// The source tree's docs/api.
std::string DefaultApiDocsDir();

struct TurnVerdict {
    bool compiled = false;
    bool passed = false;       // compiled and every evaluated case passed
    int cases = 0, passedCases = 0;
    std::string cls;           // "pass", the sample's build class, or the first failing case's class
    std::string summary;       // one line
};

// The verdict of one candidate (task, sample) from a run's records.
TurnVerdict VerdictOf(const harness::RunRecords& records, const std::string& task, int sample);

struct FeedbackInput {
    const harness::RunRecords* records;
    std::string task;
    int sample = 0;
    std::string buildLog;     // the candidate's build.log
    std::string srcDir;       // the candidate's src/ (paths are shown relative to it)
    std::string taskDir;      // for the public cases' rows
    std::string apiDocsDir;   // docs/api
    int maxCases = 3;         // failing cases described
};

// The feedback text (Markdown) for a candidate that did not pass.
std::string DescribeFailure(const FeedbackInput& in);

// For a correct candidate short of the speedup asked for: its simulated time per case against
// the reference answer's (sample 0 of `reference`) and the case's hardware bound.
std::string DescribePerformance(const harness::RunRecords& records, const harness::RunRecords& reference,
                                const std::string& task, int sample, double speedup, double targetSpeedup,
                                size_t maxCases = 8);

}  // namespace akg::gen
