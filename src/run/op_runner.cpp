#include "run/op_runner.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <chrono>
#include <deque>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "build/rewrite.h"

namespace akg::run {

namespace fs = std::filesystem;

struct Operator::LoadedKernel {
    build::KernelArtifact artifact;
    void (*entry)(void**) = nullptr;      // every core's, or a per-core-type build's AIV entry
    void (*aicEntry)(void**) = nullptr;   // a per-core-type build's AIC entry
    int arity = 0;
    sim::KernelTypeInfo type;  // which cores a launch runs
};

const char* RunStageName(RunStage s) {
    switch (s) {
        case RunStage::Build: return "build";
        case RunStage::Tiling: return "tiling";
        case RunStage::Launch: return "run";
        case RunStage::Done: return "done";
    }
    return "?";
}

Operator::Operator() = default;

Operator::~Operator() {
    // Kernel and host libraries stay loaded: host code registered static objects into
    // libakg_host that unloading would leave dangling.
}

bool Operator::Load(const build::OpProject& project, const RunOptions& options, build::BuildError* error,
                    const std::string& opType) {
    project_ = project;
    options_ = options;
    options_.build.cceAicore = options.platform.cceAicore;
    if (!build::BuildHost(project_, options_.build, &host_, error)) return false;

    const host::OpInfo* chosen = nullptr;
    if (!opType.empty()) {
        chosen = host_.meta.FindOp(opType);
        if (!chosen) {
            *error = {build::BuildStage::HostLoad, "op_host registers no operator named " + opType, ""};
            return false;
        }
    } else {
        auto entries = build::FindKernelEntries(project_.kernelSources);
        for (auto& o : host_.meta.ops)
            for (auto& e : entries)
                if (!chosen && build::KernelNameOf(o.type) == e) chosen = &o;
        for (auto& o : host_.meta.ops)
            if (!chosen && !(o.inputs.empty() && o.outputs.empty())) chosen = &o;
    }
    if (!chosen) {
        *error = {build::BuildStage::HostLoad, "op_host registers no operator with an OpDef (OP_ADD)", ""};
        return false;
    }
    op_ = *chosen;

    // Loading runs the host code's registrations; dlopen of an already loaded library does not
    // run them again.
    hostHandle_ = dlopen(host_.soPath.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!hostHandle_) {
        *error = {build::BuildStage::HostLoad, std::string("cannot load the host library: ") + dlerror(), ""};
        return false;
    }
    return true;
}

std::vector<build::DtypeCombo> Operator::DtypeColumns() const {
    size_t columns = 1;
    for (auto& p : op_.inputs) columns = std::max(columns, p.dtypes.size());
    for (auto& p : op_.outputs) columns = std::max(columns, p.dtypes.size());
    auto at = [](const host::ParamInfo& p, size_t j) {
        if (p.dtypes.empty()) return ge::DT_UNDEFINED;
        return p.dtypes.size() == 1 ? p.dtypes[0] : j < p.dtypes.size() ? p.dtypes[j] : ge::DT_UNDEFINED;
    };
    std::vector<build::DtypeCombo> out(columns);
    for (size_t j = 0; j < columns; ++j) {
        for (auto& p : op_.inputs) out[j].inputs.push_back(at(p, j));
        for (auto& p : op_.outputs) out[j].outputs.push_back(at(p, j));
    }
    return out;
}

bool Operator::SelectDtypes(const OpCall& call, build::DtypeCombo* combo, std::string* error, size_t* column) const {
    // bool and uint8 tensors are byte-identical (0/1); aclnn accepts one for the other.
    auto same = [](ge::DataType a, ge::DataType b) {
        auto norm = [](ge::DataType t) { return t == ge::DT_BOOL ? ge::DT_UINT8 : t; };
        return norm(a) == norm(b);
    };
    auto differs = [&](ge::DataType declared, const std::vector<Tensor>& list) {
        for (auto& t : list)
            if (declared != ge::DT_UNDEFINED && !same(declared, t.dtype)) return true;
        return false;
    };
    // Tensor inputs must match a column exactly. Scalar inputs (OpParamDef::Scalar, or values
    // aclnn turns into tensors) are converted to the column's dtype, and outputs the caller
    // allocated are converted back, so they only rank the columns that match.
    const std::vector<build::DtypeCombo> columns = DtypeColumns();
    int best = -1;
    int bestPenalty = 0;
    for (size_t j = 0; j < columns.size(); ++j) {
        int penalty = 0;
        bool match = true;
        for (size_t i = 0; i < op_.inputs.size() && i < call.inputs.size() && match; ++i) {
            if (!differs(columns[j].inputs[i], call.inputs[i])) continue;
            if (op_.inputs[i].scalar) ++penalty;
            else match = false;
        }
        for (size_t i = 0; i < op_.outputs.size() && i < call.outputs.size(); ++i)
            if (differs(columns[j].outputs[i], call.outputs[i])) penalty += 100;
        if (match && (best < 0 || penalty < bestPenalty)) {
            best = int(j);
            bestPenalty = penalty;
        }
    }
    if (best < 0) {
        std::string got;
        for (auto& in : call.inputs)
            for (auto& t : in) got += (got.empty() ? "" : ", ") + DTypeName(t.dtype);
        *error = "input dtypes (" + got + ") match no DataType column of " + op_.type + "'s OpDef";
        return false;
    }
    // Parameters the OpDef leaves untyped take the caller's dtype.
    *combo = columns[size_t(best)];
    if (column) *column = size_t(best);
    for (size_t i = 0; i < combo->inputs.size(); ++i)
        if (combo->inputs[i] == ge::DT_UNDEFINED && i < call.inputs.size() && !call.inputs[i].empty())
            combo->inputs[i] = call.inputs[i][0].dtype;
    for (size_t i = 0; i < combo->outputs.size(); ++i)
        if (combo->outputs[i] == ge::DT_UNDEFINED && i < call.outputs.size() && !call.outputs[i].empty())
            combo->outputs[i] = call.outputs[i][0].dtype;
    return true;
}

namespace {

// Runs `fn` with the process's stdout redirected into `captured`: host tiling code prints
// (std::cout, printf) and that output belongs in the run's log, not interleaved with ours.
template <class F>
void CapturingStdout(std::string* captured, F&& fn) {
    std::fflush(stdout);
    std::cout.flush();
    FILE* tmp = std::tmpfile();
    int saved = dup(1);
    if (!tmp || saved < 0) {
        fn();
        return;
    }
    dup2(fileno(tmp), 1);
    fn();
    std::fflush(stdout);
    std::cout.flush();
    dup2(saved, 1);
    close(saved);
    std::rewind(tmp);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, tmp)) > 0) captured->append(buf, n);
    std::fclose(tmp);
}

host::TensorArg ArgOf(const Tensor& t, bool withData) {
    host::TensorArg a;
    a.shape = t.shape;
    a.dtype = t.dtype;
    if (withData) {
        a.data = t.bytes.data();
        a.bytes = t.bytes.size();
    }
    return a;
}

host::TilingRequest MakeRequest(const host::OpInfo& op, const OpCall& call, const PlatformSpec& platform) {
    host::TilingRequest req;
    req.opType = op.type;
    req.platform = platform;
    for (size_t i = 0; i < call.inputs.size(); ++i) {
        bool valueDepend = i < op.inputs.size() && op.inputs[i].valueDepend;
        std::vector<host::TensorArg> list;
        for (auto& t : call.inputs[i]) list.push_back(ArgOf(t, valueDepend));
        req.inputs.push_back(list);
    }
    for (auto& out : call.outputs) {
        std::vector<host::TensorArg> list;
        for (auto& t : out) list.push_back(ArgOf(t, false));
        req.outputs.push_back(list);
    }
    req.attrs = call.attrs;
    return req;
}

void FillDefaultAttrs(const host::OpInfo& op, OpCall& call) {
    for (size_t i = call.attrs.size(); i < op.attrs.size(); ++i) call.attrs.push_back(op.attrs[i].defaultValue);
}

// GM for a tensor-list argument, laid out as ListTensorDesc decodes it: the byte offset of the
// pointer table, one descriptor per tensor (dim count | index << 32, then the dims), then the
// data pointers.
uint8_t* ListDescriptor(const std::vector<uint8_t*>& ptrs, const std::vector<Tensor>& tensors, const std::string& name) {
    std::vector<uint64_t> words{0};
    for (size_t i = 0; i < tensors.size(); ++i) {
        uint64_t dim = tensors[i].shape.size();
        words.push_back(dim | (uint64_t(i) << 32));
        if (dim == 0) words.push_back(0xffffffffull);
        for (int64_t d : tensors[i].shape) words.push_back(uint64_t(d));
    }
    words[0] = words.size() * sizeof(uint64_t);
    for (uint8_t* p : ptrs) words.push_back(reinterpret_cast<uint64_t>(p));
    auto* gm = static_cast<uint8_t*>(sim::GmAlloc(words.size() * sizeof(uint64_t), name + " (tensor list)"));
    std::memcpy(gm, words.data(), words.size() * sizeof(uint64_t));
    return gm;
}

// Converts between the dtype a caller holds and the dtype the kernel was built for.
Tensor Converted(const Tensor& t, ge::DataType to) {
    if (t.dtype == to) return t;
    Tensor c = Tensor::Zeros(t.shape, to);
    for (int64_t i = 0; i < t.Numel(); ++i) c.Set(i, t.At(i));
    return c;
}

}  // namespace

bool Operator::PrepareOutputs(OpCall& call, std::string* error) const {
    FillDefaultAttrs(op_, call);
    build::DtypeCombo combo;
    if (!SelectDtypes(call, &combo, error)) return false;
    std::vector<std::vector<std::vector<int64_t>>> shapes;
    std::string inferError;
    host::SetPlatform(options_.platform);
    bool inferred = op_.hasInferShape && host::InferShapes(MakeRequest(op_, call, options_.platform), &shapes, &inferError);
    call.outputs.assign(op_.outputs.size(), {});
    for (size_t i = 0; i < op_.outputs.size(); ++i) {
        std::vector<int64_t> shape;
        if (inferred && i < shapes.size() && !shapes[i].empty())
            shape = shapes[i][0];
        else if (!call.inputs.empty() && !call.inputs[0].empty())
            shape = call.inputs[0][0].shape;
        // Nobody provided this output's memory: its bytes are 0xFF, so that what the kernel does
        // not write reads as NaN / -1 / an invalid bool.
        Tensor out = Tensor::Zeros(shape, combo.outputs[i]);
        std::fill(out.bytes.begin(), out.bytes.end(), uint8_t(0xFF));
        call.outputs[i].push_back(std::move(out));
    }
    return true;
}

bool Operator::PrepareKernel(const build::DtypeCombo& combo, RunReport* report) {
    LoadedKernel* kernel = nullptr;
    return LoadKernel(combo, report, &kernel);
}

bool Operator::LoadKernel(const build::DtypeCombo& combo, RunReport* report, LoadedKernel** out) {
    std::string key;
    for (auto d : combo.inputs) key += std::to_string(int(d)) + ",";
    key += "|";
    for (auto d : combo.outputs) key += std::to_string(int(d)) + ",";
    // A combination that failed to build fails the same way every time: remember it.
    if (auto failed = failedKernels_.find(key); failed != failedKernels_.end()) {
        report->buildError = failed->second;
        report->error = failed->second.message;
        return false;
    }
    auto it = kernels_.find(key);
    if (it == kernels_.end()) {
        auto k = std::make_unique<LoadedKernel>();
        if (!build::BuildKernel(project_, host_, op_, combo, options_.build, &k->artifact, &report->buildError)) {
            report->error = report->buildError.message;
            failedKernels_[key] = report->buildError;
            return false;
        }
        auto loadFailure = [&](const std::string& why) {
            report->error = why;
            report->buildError = {build::BuildStage::KernelEntry, report->error, ""};
            return false;
        };
        std::vector<sim::KernelBuildAddress> addresses;
        for (const build::KernelLibrary& lib : k->artifact.libraries) {
            void* handle = dlopen(lib.soPath.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (!handle) return loadFailure(std::string("cannot load the kernel: ") + dlerror());
            auto entry = reinterpret_cast<void (*)(void**)>(dlsym(handle, "akg_launch_entry"));
            auto arity = reinterpret_cast<int (*)()>(dlsym(handle, "akg_entry_arity"));
            auto address = reinterpret_cast<const void* (*)()>(dlsym(handle, "akg_kernel_address"));
            if (!entry || !arity || !address) return loadFailure("the kernel library has no launch entry");
            (lib.cores == build::KernelCores::Aic ? k->aicEntry : k->entry) = entry;
            k->arity = arity();
            addresses.push_back({address(), lib.cores == build::KernelCores::Aic   ? AIC
                                            : lib.cores == build::KernelCores::Aiv ? AIV
                                                                                  : MIX});
        }
        std::string typeError;
        if (!sim::ReadKernelTypeInfo(addresses, {k->artifact.entry, build::KernelEntrySymbol(k->artifact.entry)},
                                     &k->type, &typeError))
            return loadFailure("cannot read the kernel's type: " + typeError);
        it = kernels_.emplace(key, std::move(k)).first;
    }
    report->kernelCached = it->second->artifact.cached;
    report->kernelLibrary = it->second->artifact.libraries.front().soPath;
    report->kernelBuildSeconds = it->second->artifact.seconds;
    *out = it->second.get();
    return true;
}

RunReport Operator::Run(OpCall& call) {
    RunReport report;
    report.stage = RunStage::Tiling;
    FillDefaultAttrs(op_, call);
    build::DtypeCombo combo;
    size_t column = 0;
    if (!SelectDtypes(call, &combo, &report.error, &column)) return report;
    if (call.outputs.size() != op_.outputs.size()) {
        report.error = "the call provides " + std::to_string(call.outputs.size()) + " outputs; " + op_.type +
                       " declares " + std::to_string(op_.outputs.size());
        return report;
    }

    host::SetPlatform(options_.platform);
    std::string printed;
    CapturingStdout(&printed, [&] { report.tiling = host::RunTiling(MakeRequest(op_, call, options_.platform)); });
    report.tiling.log = printed + report.tiling.log;
    if (!report.tiling.ok) {
        report.error = "tiling failed: " + report.tiling.error;
        return report;
    }
    if (report.tiling.blockDim == 0) {
        report.error = "tiling set block dim 0 (SetBlockDim was never called or got 0)";
        return report;
    }

    report.stage = RunStage::Build;
    LoadedKernel* kernel = nullptr;
    if (!LoadKernel(combo, &report, &kernel)) return report;
    // Outputs whose shape the kernel computes get their shapes back through one more argument.
    std::vector<size_t> shapeOutputs;
    for (size_t i = 0; i < op_.outputs.size(); ++i)
        if (op_.outputs[i].shapeDependOnCompute) shapeOutputs.push_back(i);
    const bool hasShapeOut = !shapeOutputs.empty();
    const int expected = int(op_.inputs.size() + op_.outputs.size() + (hasShapeOut ? 1 : 0) + 2);
    if (kernel->arity != expected) {
        report.error = "kernel entry " + kernel->artifact.entry + " takes " + std::to_string(kernel->arity) +
                       " parameters; " + op_.type + " declares " + std::to_string(op_.inputs.size()) + " inputs and " +
                       std::to_string(op_.outputs.size()) + " outputs, so it needs " + std::to_string(expected) +
                       (hasShapeOut ? " (inputs, outputs, the shape-out of its OutputShapeDependOnCompute outputs, "
                                      "workspace, tiling)"
                                    : " (inputs, outputs, workspace, tiling)");
        report.buildError = {build::BuildStage::KernelEntry, report.error, ""};
        return report;
    }

    report.stage = RunStage::Launch;
    // GM: each tensor its own guarded allocation, named for diagnostics.
    std::vector<std::vector<uint8_t*>> inPtrs(call.inputs.size()), outPtrs(call.outputs.size());
    std::vector<void*> args;
    auto place = [&](const std::vector<Tensor>& list, ge::DataType kernelType, const std::string& name,
                     std::vector<uint8_t*>& ptrs, bool dynamic) {
        for (size_t k = 0; k < list.size(); ++k) {
            std::string n = dynamic ? name + "[" + std::to_string(k) + "]" : name;
            const size_t bytes = size_t(list[k].Numel()) * DTypeBytes(kernelType);
            auto* gm = static_cast<uint8_t*>(sim::GmAlloc(bytes, n));
            if (list[k].dtype == kernelType)
                std::memcpy(gm, list[k].bytes.data(), bytes);
            else
                std::memcpy(gm, Converted(list[k], kernelType).bytes.data(), bytes);
            ptrs.push_back(gm);
        }
        if (list.empty()) return (void*)nullptr;
        if (dynamic) return (void*)ListDescriptor(ptrs, list, name);
        return (void*)ptrs[0];
    };
    for (size_t i = 0; i < op_.inputs.size(); ++i) {
        bool dyn = op_.inputs[i].kind == host::ParamKind::Dynamic;
        args.push_back(i < call.inputs.size()
                           ? place(call.inputs[i], combo.inputs[i], "input " + op_.inputs[i].name, inPtrs[i], dyn)
                           : nullptr);
    }
    for (size_t i = 0; i < op_.outputs.size(); ++i) {
        // An output named like an input is that input, updated in place (a "ref" parameter).
        if (int ref = host::RefInputOf(op_, i); ref >= 0) {
            args.push_back(args[size_t(ref)]);
            outPtrs[i] = inPtrs[size_t(ref)];
            continue;
        }
        // An output holds what its memory held before the launch, as the caller's device memory
        // does for aclnn: a kernel that accumulates with SetAtomicAdd relies on the caller's zeros.
        bool dyn = op_.outputs[i].kind == host::ParamKind::Dynamic;
        args.push_back(place(call.outputs[i], combo.outputs[i], "output " + op_.outputs[i].name, outPtrs[i], dyn));
        // Except an output the OpDef gives an InitValue: CANN fills it (a memset launched ahead of
        // the kernel) with that value, which is what an accumulating kernel starts from.
        const std::vector<double>& init = op_.outputs[i].initValues;
        if (!init.empty()) {
            Tensor one = Tensor::Zeros({1}, combo.outputs[i]);
            one.Set(0, init[std::min(column, init.size() - 1)]);
            const size_t width = one.bytes.size();
            for (size_t k = 0; k < outPtrs[i].size(); ++k) {
                const size_t bytes = size_t(call.outputs[i][k].Numel()) * width;
                for (size_t b = 0; b + width <= bytes; b += width) std::memcpy(outPtrs[i][k] + b, one.bytes.data(), width);
            }
        }
        // Else a tiling that called SetNeedAtomic(true) gets its outputs cleared first, as CANN's
        // runtime does with an atomic-clean memset (ops-cv's GridSampler2DGrad adds its float dx
        // atomically and never zeroes it).
        else if (report.tiling.needAtomic)
            for (size_t k = 0; k < outPtrs[i].size(); ++k)
                std::memset(outPtrs[i][k], 0, size_t(call.outputs[i][k].Numel()) * DTypeBytes(combo.outputs[i]));
    }
    uint64_t* shapeOut = nullptr;
    if (hasShapeOut) {
        const size_t bytes = shapeOutputs.size() * sim::kShapeOutSlots * sizeof(uint64_t);
        shapeOut = static_cast<uint64_t*>(sim::GmAlloc(bytes, "shape-out"));
        std::memset(shapeOut, 0xFF, bytes);  // unwritten reads as an impossible dimension count
        args.push_back(shapeOut);
    }
    size_t workspace = 0;
    for (size_t w : report.tiling.workspaceSizes) workspace += w;
    // The framework always hands the kernel a workspace address, even for a zero size; kernels
    // test `GetSysWorkSpacePtr() == nullptr` to detect a launch outside the framework.
    auto* ws = static_cast<uint8_t*>(sim::GmAlloc(workspace, "workspace"));
    std::memset(ws, 0, workspace);
    auto* tiling = static_cast<uint8_t*>(sim::GmAlloc(std::max<size_t>(report.tiling.tilingData.size(), 1), "tiling"));
    std::memcpy(tiling, report.tiling.tilingData.data(), report.tiling.tilingData.size());
    args.push_back(ws);
    args.push_back(tiling);

    sim::LaunchArgs launch;
    // Inputs not updated in place must come back unchanged: compare with the host's copies.
    std::deque<Tensor> inputCopies;  // stable addresses
    for (size_t i = 0; i < inPtrs.size(); ++i) {
        if (host::InputUpdatedInPlace(op_, i)) continue;
        for (size_t k = 0; k < inPtrs[i].size(); ++k) {
            const Tensor& given = call.inputs[i][k];
            // The call's own tensor serves as the copy unless the kernel sees another dtype.
            if (given.dtype != combo.inputs[i]) inputCopies.push_back(Converted(given, combo.inputs[i]));
            const Tensor& seen = given.dtype != combo.inputs[i] ? inputCopies.back() : given;
            const std::string name = "input '" + op_.inputs[i].name + "'" +
                                     (inPtrs[i].size() > 1 ? "[" + std::to_string(k) + "]" : "");
            launch.unchanged.push_back({inPtrs[i][k], seen.bytes.data(), seen.bytes.size(), name});
        }
    }
    launch.entry = kernel->entry;
    launch.aicEntry = kernel->aicEntry;
    launch.args = args;
    launch.blockDim = report.tiling.blockDim;
    launch.tilingKey = report.tiling.tilingKey;
    launch.kernelType = kernel->type.For(report.tiling.tilingKey);
    // A per-core-type build whose build for one core type failed cannot start such cores.
    for (const sim::CoreSlot& slot : sim::CoreLayout(options_.platform, launch.kernelType, launch.blockDim)) {
        const auto cores = slot.type == AIC ? build::KernelCores::Aic : build::KernelCores::Aiv;
        if (kernel->artifact.For(cores)) continue;
        report.error = std::string("the kernel is ") + sim::KernelTypeName(launch.kernelType) + " (from " +
                       kernel->type.source + ") but its " + build::KernelCoresName(cores) +
                       " build failed; the build log has its errors";
        report.buildError = {build::BuildStage::KernelCompile, report.error, kernel->artifact.log};
        report.stage = RunStage::Build;
        return report;
    }
    launch.workspace = ws;
    launch.resolveLocations = options_.resolveLocations;
    auto start = std::chrono::steady_clock::now();
    report.launch = sim::Launch(options_.platform, launch, options_.observers);
    report.launchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    auto readBack = [](std::vector<Tensor>& list, ge::DataType kernelType, const std::vector<uint8_t*>& ptrs) {
        for (size_t k = 0; k < list.size() && k < ptrs.size(); ++k) {
            if (list[k].dtype == kernelType) {
                list[k].bytes.resize(size_t(list[k].Numel()) * DTypeBytes(kernelType));
                std::memcpy(list[k].bytes.data(), ptrs[k], list[k].bytes.size());
                continue;
            }
            Tensor t = Tensor::Zeros(list[k].shape, kernelType);
            std::memcpy(t.bytes.data(), ptrs[k], t.bytes.size());
            list[k] = Converted(t, list[k].dtype);
        }
    };
    // Only the part of a shape-dependent output the kernel reports is its result (a kernel that
    // stopped early wrote no shape: its fatal diagnostic says why).
    for (size_t k = 0; report.launch.completed && k < shapeOutputs.size(); ++k) {
        std::vector<Tensor>& list = call.outputs[shapeOutputs[k]];
        if (list.empty()) continue;
        std::vector<int64_t> dims;
        sim::Diagnostic problem;
        if (sim::ReadShapeOut(shapeOut + k * sim::kShapeOutSlots, op_.outputs[shapeOutputs[k]].name,
                              uint64_t(list[0].Numel()), &dims, &problem))
            list[0].shape = dims;
        else
            report.launch.diagnostics.push_back(problem);
    }
    for (size_t i = 0; i < call.outputs.size(); ++i) readBack(call.outputs[i], combo.outputs[i], outPtrs[i]);
    // Other inputs came back unchanged or were diagnosed (INPUT_MODIFIED).
    for (size_t i = 0; i < call.inputs.size() && i < combo.inputs.size(); ++i)
        if (host::InputUpdatedInPlace(op_, i)) readBack(call.inputs[i], combo.inputs[i], inPtrs[i]);
    for (auto& d : sim::GmCheckSlack()) report.launch.diagnostics.push_back(d);
    sim::GmFreeAll();

    report.ok = report.launch.completed && report.launch.diagnostics.empty();
    if (!report.launch.completed && report.error.empty())
        report.error = report.launch.deadlock ? "the kernel deadlocked" : "the kernel stopped on a fatal diagnostic";
    if (report.ok) report.stage = RunStage::Done;
    return report;
}

cost::Workload MinimumWorkload(const OpCall& call) {
    cost::Workload w;
    std::set<int64_t> outputSizes;
    for (const auto& list : call.outputs)
        for (const Tensor& t : list) {
            w.writeBytes += uint64_t(t.Numel()) * t.ElemSize();
            outputSizes.insert(t.Numel());
        }
    for (const auto& list : call.inputs)
        for (const Tensor& t : list)
            if (outputSizes.count(t.Numel())) w.readBytes += uint64_t(t.Numel()) * t.ElemSize();
    return w;
}

namespace {
// The cost model's numbers (akg::PlatformTiming); a field the file omits keeps its default.
void LoadTiming(const nlohmann::json& t, PlatformTiming* out) {
    PlatformTiming& m = *out;
    auto num = [&](const char* key, double& field) { field = t.value(key, field); };
    num("gm_bandwidth_gbps", m.gmBandwidthGBps);
    num("core_gm_bytes_per_cycle", m.coreGmBytesPerCycle);
    num("aic_gm_bytes_per_cycle", m.aicGmBytesPerCycle);
    num("hbm_peak_gbps", m.hbmPeakGBps);
    num("l2_peak_gbps", m.l2PeakGBps);
    num("dma_instr_cycles", m.dmaInstrCycles);
    num("dma_burst_cycles", m.dmaBurstCycles);
    num("gm_unaligned_burst_bytes", m.gmUnalignedBurstBytes);
    num("l1_to_l0a_bytes_per_cycle", m.l1ToL0aBytesPerCycle);
    num("l1_to_l0b_bytes_per_cycle", m.l1ToL0bBytesPerCycle);
    num("l1_to_ub_bytes_per_cycle", m.l1ToUbBytesPerCycle);
    num("fixpipe_bytes_per_cycle", m.fixpipeBytesPerCycle);
    num("ub_to_ub_bytes_per_cycle", m.ubToUbBytesPerCycle);
    num("mte1_start_cycles", m.mte1StartCycles);
    num("cube_cycles_per_fractal_b16", m.cubeCyclesPerFractalB16);
    num("cube_cycles_per_fractal_b32", m.cubeCyclesPerFractalB32);
    num("cube_cycles_per_fractal_b8", m.cubeCyclesPerFractalB8);
    num("vector_start_cycles", m.vectorStartCycles);
    num("pipe_barrier_cycles", m.pipeBarrierCycles);
    num("scalar_issue_cycles", m.scalarIssueCycles);
    num("scalar_access_cycles", m.scalarAccessCycles);
    num("scalar_gm_miss_cycles", m.scalarGmMissCycles);
    num("sync_all_cycles", m.syncAllCycles);
    num("launch_us", m.launchUs);
    num("launch_us_per_core", m.launchUsPerCore);
    num("simt_accesses_per_cycle", m.simtAccessesPerCycle);
    m.pipeQueueDepth = t.value("pipe_queue_depth", m.pipeQueueDepth);
    m.dcacheBytes = t.value("dcache_bytes", m.dcacheBytes);
    m.vectorBankConflicts = t.value("vector_bank_conflicts", m.vectorBankConflicts);
    if (t.contains("vector_repeat_cycles"))
        for (auto& [key, v] : t.at("vector_repeat_cycles").items()) {
            size_t c = 0;
            while (c < sim::kCostClasses && key != sim::CostClassName(sim::CostClass(c))) ++c;
            // Folded instructions count their steps as repeats: one cycle each on every SoC.
            if (c == sim::kCostClasses || sim::CostClass(c) == sim::CostClass::Folded)
                throw std::runtime_error("vector_repeat_cycles: \"" + key + "\" is not a cost class the timing sets");
            m.vectorRepeatCycles[c] = {v.at(0).get<double>(), v.at(1).get<double>()};
        }
}
}  // namespace

bool LoadPlatform(const std::string& nameOrPath, PlatformSpec* out, std::string* error) {
    fs::path p(nameOrPath);
    if (!fs::exists(p)) {
        const char* env = std::getenv("AKGEN_PLATFORM_DIR");
        fs::path dir = env ? fs::path(env) : fs::path(AKG_SOURCE_DIR) / "platforms";
        p = dir / (nameOrPath + ".json");
    }
    std::ifstream f(p);
    if (!f) return *error = "no platform description " + nameOrPath + " (looked for " + p.string() + ")", false;
    try {
        nlohmann::json j = nlohmann::json::parse(f);
        PlatformSpec s;
        s.socVersion = j.at("soc_version");
        s.shortSocVersion = j.at("short_soc_version");
        s.aicCores = j.at("aic_cores");
        s.aivCores = j.at("aiv_cores");
        s.vectorCores = j.value("vector_cores", 0u);
        s.coupled = j.value("coupled", false);
        s.fixPipe = j.value("fix_pipe", true);
        if (j.contains("unsupported_apis"))
            for (auto& [api, source] : j.at("unsupported_apis").items())
                s.unsupportedApis[api] = source.get<std::string>();
        s.cceAicore = j.at("cce_aicore");
        s.simt = j.value("simt", false);
        s.clockMHz = j.at("clock_mhz");
        const auto& m = j.at("memory");
        s.ubSize = m.at("ub");
        s.l1Size = m.at("l1");
        s.l0aSize = m.at("l0a");
        s.l0bSize = m.at("l0b");
        s.l0cSize = m.at("l0c");
        s.btSize = m.value("bt", 0ull);
        s.fbSize = m.value("fb", 0ull);
        s.l2Size = m.at("l2");
        s.hbmSize = m.at("hbm");
        s.sysWorkspaceSize = j.value("lib_api_workspace", s.sysWorkspaceSize);
        // The shared timing first (a path relative to the platform file), then what this SoC changes.
        if (j.contains("timing_base")) {
            const fs::path base = p.parent_path() / j.at("timing_base").get<std::string>();
            std::ifstream bf(base);
            if (!bf) throw std::runtime_error("no timing base " + base.string());
            LoadTiming(nlohmann::json::parse(bf).at("timing"), &s.timing);
        }
        if (j.contains("timing")) LoadTiming(j.at("timing"), &s.timing);
        *out = s;
        return true;
    } catch (const std::exception& e) {
        *error = "bad platform description " + p.string() + ": " + e.what();
        return false;
    }
}

}  // namespace akg::run
