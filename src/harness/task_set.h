// Finding tasks in NPUKernelBench's layout (levelN/Category/Op/{api_desc.md, question/,
// answer/K/, validation/}) and the candidates to evaluate for each.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace akg::harness {

// A task may name the platform its operator is written for in this file (one line, a name as
// `--soc` takes it, e.g. Ascend950PR for an Ascend 950-only kernel); without `--soc` the harness
// runs the task there (docs/platforms.md).
inline constexpr const char* kTaskSocFile = "validation/soc";

struct TaskRef {
    std::string dir;       // absolute path of levelN/Category/Op
    std::string id;        // "levelN/Category/Op"
    int level = 0;
    std::string category, op;
    std::string soc;       // the platform of kTaskSocFile; empty: none declared
};

struct SkippedTask {
    std::string path;
    std::string reason;
};

struct TaskSelection {
    std::vector<TaskRef> tasks;        // sorted by id
    std::vector<SkippedTask> skipped;  // malformed tasks, with the reason
};

// Empty lists select everything. `ops` are names or shell globs ("Foreach*"), matched against
// the Op directory name; `categories` likewise.
struct TaskFilter {
    std::vector<int> levels;
    std::vector<std::string> categories;
    std::vector<std::string> ops;
};

// `root` may be a whole tree (holding levelN/), one level, one category, or one task.
TaskSelection DiscoverTasks(const std::string& root, const TaskFilter& filter);

// A task's cases: the public ones (validation/test_cases.csv) may be shown to a model that
// writes the kernel; the hidden ones (validation/hidden_cases.csv, same columns, distinct ids)
// never are. Evaluation uses both unless told otherwise.
inline constexpr const char* kHiddenCasesFile = "hidden_cases.csv";
enum class CaseSplit { All, Public, Hidden };

// Case ids of the split, in file order (row numbers when a file has no case_id column).
std::vector<std::string> ReadCaseIds(const std::string& taskDir, CaseSplit split, std::string* error);

// Why a task directory cannot be evaluated, or empty when it can.
std::string MalformedReason(const std::string& taskDir);

// One candidate implementation of a task.
struct Candidate {
    int sample = 0;          // K of answer/K or sample<K>
    std::string kernelDir;   // holds op_kernel/
    std::string hostDir;     // holds op_host/: the candidate's (host+kernel mode) or the task's answer/0
    std::string onlyCase;    // static-shape samples (fixed_case_<ID>) are judged on that case only
};

enum class CandidateMode { KernelOnly, HostAndKernel };

// The task's own answers (answer/K), each with its own host code.
std::vector<Candidate> AnswerCandidates(const TaskRef& task);

// The answer project a candidate directory (the one holding op_host/ or op_kernel/) belongs to,
// which bounds what its sources may include (docs/anticheat.md): for the task's own answers
// (answer/K) the task's answer/ directory, where a generated task carries the repository files of
// sibling operators the sources include (answer/<other_op>/op_kernel/...); otherwise the
// candidate directory itself.
std::string AnswerProjectOf(const TaskRef& task, const std::string& candidateDir);

// Generated samples in NPUKernelBench's run layout, found once: under the root, every directory
// path ending in <Op>/[<group>/]sample<K>/src that holds op_kernel/ (the group fixed_case_<ID>
// restricts the sample to that case). Keyed by Op.
struct SampleIndex {
    struct Entry {
        std::string category;  // the directory above <Op>
        int sample = 0;
        std::string srcDir;
        std::string onlyCase;
    };
    std::multimap<std::string, Entry> byOp;
};
SampleIndex IndexSamples(const std::string& samplesRoot);

// A task's samples. In kernel-only mode the host code is the task's answer/0; in host+kernel
// mode it is the sample's own op_host/ (a sample without one is still listed, and fails to build).
std::vector<Candidate> SampleCandidates(const TaskRef& task, const SampleIndex& index, CandidateMode mode);

}  // namespace akg::harness
