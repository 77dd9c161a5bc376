// Runs one operator call end to end: pick the dtype combination, run host tiling, build the
// kernel for that combination, lay out GM (inputs, poisoned outputs, workspace, tiling), launch
// on simulated cores, and read the outputs back. Used by `akgen run` and by the harness's
// per-case child process.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "akg/launch/cost.h"
#include "akg/launch/launch.h"
#include "build/builder.h"
#include "common/tensor.h"

namespace akg::run {

// The arguments of one call, in OpDef order (the order of aclnn's generated signature).
struct OpCall {
    std::vector<std::vector<Tensor>> inputs;   // per IR input; empty = absent optional; list = dynamic
    std::vector<host::AttrValue> attrs;        // per OpDef attribute; missing trailing ones take defaults
    std::vector<std::vector<Tensor>> outputs;  // per IR output: shape and dtype set; data filled by Run
};

enum class RunStage { Build, Tiling, Launch, Done };
const char* RunStageName(RunStage s);

struct RunReport {
    bool ok = false;            // every stage passed and no diagnostic was raised
    RunStage stage = RunStage::Build;  // the stage reached (where it failed, if !ok)
    std::string error;          // one-line reason when a stage failed
    build::BuildError buildError;
    host::TilingResult tiling;
    sim::LaunchResult launch;   // includes GM slack diagnostics found after the run
    bool kernelCached = false;
    std::string kernelLibrary;  // the kernel's shared object
    double kernelBuildSeconds = 0;
    double launchSeconds = 0;
};

struct RunOptions {
    PlatformSpec platform;
    build::BuildOptions build;
    std::vector<sim::InstrObserver*> observers;
    bool resolveLocations = true;  // see sim::LaunchArgs; false in a sandboxed case process
};

// A built operator project, ready to run calls.
class Operator {
public:
    Operator();
    ~Operator();
    Operator(const Operator&) = delete;
    Operator& operator=(const Operator&) = delete;

    // Builds the host half and loads its registrations; `opType` selects among several ops
    // (empty: the one whose kernel entry point exists, else the first).
    bool Load(const build::OpProject& project, const RunOptions& options, build::BuildError* error,
              const std::string& opType = "");
    const host::OpInfo& Info() const { return op_; }
    const build::HostArtifact& Host() const { return host_; }
    const PlatformSpec& Platform() const { return options_.platform; }

    // Every DataType column of the OpDef: the combinations CANN compiles the kernel for
    // (DT_UNDEFINED where the OpDef leaves a parameter untyped).
    std::vector<build::DtypeCombo> DtypeColumns() const;
    // The dtype column matching the inputs, or false with a reason.
    // `column`, when given, receives the index of the OpDef column chosen.
    bool SelectDtypes(const OpCall& call, build::DtypeCombo* combo, std::string* error, size_t* column = nullptr) const;
    // Output shapes from the operator's InferShape, else the first input's shape; dtypes from the
    // OpDef column. Fills call.outputs.
    bool PrepareOutputs(OpCall& call, std::string* error) const;

    RunReport Run(OpCall& call);
    // Builds (or finds in the cache) and loads the kernel for one combination, as Run would;
    // report gets the build outcome and timing.
    bool PrepareKernel(const build::DtypeCombo& combo, RunReport* report);

private:
    struct LoadedKernel;
    bool LoadKernel(const build::DtypeCombo& combo, RunReport* report, LoadedKernel** out);

    build::OpProject project_;
    RunOptions options_;
    build::HostArtifact host_;
    host::OpInfo op_;
    void* hostHandle_ = nullptr;
    std::map<std::string, std::unique_ptr<LoadedKernel>> kernels_;
    std::map<std::string, build::BuildError> failedKernels_;
};


// The least GM traffic a call can have, for any operator: every output written once, and every
// input with as many elements as an output (an element-wise operand) read once. Larger inputs
// (the table of a gather, the source of a reduction) are not counted: without knowing the op,
// how much of them it must read is unknown, and a bound must never exceed a correct kernel.
// Feeds cost::HardwareBoundUs.
cost::Workload MinimumWorkload(const OpCall& call);

// Loads a platform description from platforms/<name>.json (or a path to such a file).
bool LoadPlatform(const std::string& nameOrPath, PlatformSpec* out, std::string* error);

}  // namespace akg::run
