// `akgen gen`: n samples per task from a model server, written in NPUKernelBench's run layout so
// that `akgen bench --samples` evaluates them (docs/gen.md).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/client.h"
#include "gen/parse.h"
#include "gen/prompt.h"
#include "harness/task_set.h"

namespace akg::gen {

struct GenOptions {
    std::string tasksRoot;
    harness::TaskFilter filter;
    harness::CandidateMode mode = harness::CandidateMode::KernelOnly;
    std::string outDir;         // the samples root given to `akgen bench --samples`
    int samples = 1;            // per task (per public case with staticShape)
    bool staticShape = false;   // one group fixed_case_<ID> per public case, prompted with that case
    int shardIndex = 0, shardCount = 1;
    int jobs = 8;               // samples requested at once (the client's concurrency limit too)
    bool nPerRequest = false;   // ask for all missing samples of a group in one request (`n`)
    std::string promptsDir;
    std::string soc = "Ascend910B1";
    ClientConfig client;
    SamplingParams sampling;    // `seed`, when set, is the seed of sample 0; sample K gets seed+K
    bool dryRun = false;        // print the prompts, contact no server
    bool progress = true;
};

struct GenOutcome {
    int due = 0;          // samples of this shard
    int alreadyDone = 0;  // found on disk (a resumed run)
    int written = 0;      // written now, model failures (no usable file) included
    int unusable = 0;     // of those, answers without a usable file
    int failed = 0;       // not written: the request failed (server unreachable, …); a rerun asks again
    Usage usage;
    std::vector<harness::SkippedTask> skipped;
    std::string error;    // a failure of the run itself
};

// Where sample K of a task lives: OUT/lvl<N>/<Category>/<Op>/[fixed_case_<ID>/]sample<K>.
std::string SampleDir(const std::string& outDir, const harness::TaskRef& task, const std::string& onlyCase, int sample);

// Writes a candidate's files under DIR/src/ and the generation record DIR/gen.json atomically:
// everything goes to a temporary sibling first, then one rename, so a killed run leaves either a
// whole sample or none. An unusable answer is written too, with an empty src/op_kernel/: it is a
// sample the model failed, and pass@k must count it.
bool WriteSample(const std::string& dir, const ParsedAnswer& parsed, const nlohmann::json& record, std::string* error);

GenOutcome RunGen(const GenOptions& options);

}  // namespace akg::gen
