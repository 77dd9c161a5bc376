#include "harness/replay.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <sstream>

#include <nlohmann/json.hpp>

#include "akg/launch/cost.h"
#include "common/disk_full.h"
#include "common/npy.h"
#include "harness/aclnn_bridge.h"

namespace akg::harness {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

bool Decode(const json& j, const std::string& dir, pyshim::Value* v, std::string* error) {
    using K = pyshim::Value::Kind;
    if (j.contains("tensor")) {
        ge::DataType dt = ge::DT_UNDEFINED;
        ParseDType(j.at("dtype").get<std::string>(), &dt);
        Tensor t;
        if (!ReadNpy((fs::path(dir) / j.at("tensor").get<std::string>()).string(), &t, error, dt)) return false;
        v->kind = K::Tensor;
        v->tensor.shape = j.at("shape").get<std::vector<int64_t>>();
        v->tensor.dtype = t.dtype;
        v->tensor.storage = std::make_shared<std::vector<uint8_t>>(std::move(t.bytes));
        return true;
    }
    if (j.contains("list")) {
        v->kind = K::List;
        for (auto& e : j.at("list")) {
            pyshim::Value item;
            if (!Decode(e, dir, &item, error)) return false;
            v->list.push_back(std::move(item));
        }
        return true;
    }
    if (j.contains("bool")) return v->kind = K::Bool, v->b = j.at("bool"), true;
    if (j.contains("int")) return v->kind = K::Int, v->i = j.at("int"), true;
    if (j.contains("float")) {
        // Non-finite values travel as "inf", "-inf" or "nan" (JSON has no literal for them).
        const json& f = j.at("float");
        v->kind = K::Float;
        v->f = f.is_string() ? std::strtod(f.get<std::string>().c_str(), nullptr) : f.get<double>();
        return true;
    }
    if (j.contains("str")) return v->kind = K::String, v->s = j.at("str"), true;
    v->kind = K::None;
    return true;
}

json Encode(const pyshim::Value& v, const std::string& dir, int& counter, std::string* error) {
    using K = pyshim::Value::Kind;
    switch (v.kind) {
        case K::Tensor: {
            const pyshim::TensorData& t = v.tensor;
            std::string name = "ret" + std::to_string(++counter) + ".npy";
            Tensor undefined;  // an undefined tensor reads as zeros
            const void* data = t.data();
            if (!data) undefined = Tensor::Zeros(t.shape, t.dtype), data = undefined.bytes.data();
            // bfloat16 keeps its 16-bit pattern on disk; the manifest carries the dtype.
            const ge::DataType disk = t.dtype == ge::DT_BF16 ? ge::DT_INT16 : t.dtype;
            if (!WriteNpyData((fs::path(dir) / name).string(), t.shape, disk, data,
                              size_t(t.numel()) * DTypeBytes(t.dtype), error))
                return json();
            return {{"tensor", name}, {"dtype", DTypeName(t.dtype)}, {"shape", t.shape}};
        }
        case K::List: {
            json list = json::array();
            for (auto& e : v.list) list.push_back(Encode(e, dir, counter, error));
            return {{"list", list}};
        }
        case K::Bool: return {{"bool", v.b}};
        case K::Int: return {{"int", v.i}};
        case K::Float:
            if (!std::isfinite(v.f)) return {{"float", std::isnan(v.f) ? "nan" : v.f > 0 ? "inf" : "-inf"}};
            return {{"float", v.f}};
        case K::String: return {{"str", v.s}};
        default: return {{"none", nullptr}};
    }
}

}  // namespace

bool DecodeValue(const std::string& text, const std::string& dir, pyshim::Value* out, std::string* error) {
    try {
        return Decode(json::parse(text), dir, out, error);
    } catch (const std::exception& e) {
        *error = e.what();
        return false;
    }
}

bool EncodeValue(const pyshim::Value& v, const std::string& dir, std::string* text, std::string* error) {
    int counter = 0;
    error->clear();
    json j = Encode(v, dir, counter, error);
    *text = j.dump();
    return error->empty();
}

ReplayResult ReplayCase(run::Operator& op, const std::string& caseDir, const std::string& returnedDir) {
    ReplayResult result;
    std::ifstream f(fs::path(caseDir) / "case.json");
    json manifest;
    try {
        manifest = json::parse(f);
    } catch (const std::exception& e) {
        result.error = std::string("bad case.json: ") + e.what();
        return result;
    }
    const std::string callDir = (fs::path(caseDir) / "call").string();
    pyshim::ValueList args;
    for (auto& a : manifest.at("call").at("args")) {
        pyshim::Value v;
        if (!Decode(a, callDir, &v, &result.error)) return result;
        args.push_back(std::move(v));
    }
    // Fresh device memory holds garbage: torch::empty tensors are 0xFF bytes (NaN, -1), so an
    // output the kernel does not write never matches, while one the glue zeroed stays zero.
    pyshim::SetUninitializedFill(0xFF);
    // Runs one operator call on the simulator; false (with the reason) when it did not get to launch.
    auto runOnSimulator = [&](run::OpCall& call, std::string* error) {
        result.executed = true;
        result.report = op.Run(call);
        result.hwBoundUs += cost::HardwareBoundUs(op.Platform(), run::MinimumWorkload(call));
        if (result.report.stage == run::RunStage::Build || result.report.stage == run::RunStage::Tiling) {
            *error = result.report.error;
            // The compiler's own error lines say what is wrong with the code.
            std::istringstream log(result.report.buildError.log);
            std::string line;
            int shown = 0;
            while (std::getline(log, line) && shown < 8)
                if (line.find("error") != std::string::npos) *error += "\n    " + line, ++shown;
            return false;
        }
        return true;
    };
    // The answer's own aclnn layer serves the calls it defines; its L0 functions launch the
    // operator through the same runner and infer shapes with the operator's InferShape.
    OpApiLibrary opapiLayer;
    host::SetPlatform(op.Platform());  // what the aclnn layer's GetCurrentPlatformInfo() reports
    if (!op.Host().opapiPath.empty() && !opapiLayer.Open(op.Host().opapiPath, &result.error)) return result;
    opapi::SetAiCoreLauncher([&](const opapi::OperatorCall& launch, std::string* error) {
        run::OpCall call;
        if (!CallFromOperatorCall(op.Info(), launch, &call, error) || !runOnSimulator(call, error)) return false;
        WriteBack(op.Info(), call, launch);
        return true;
    });
    opapi::SetShapeInferrer([&](const opapi::OperatorCall& launch, std::string* error) {
        run::OpCall call;
        if (!CallFromOperatorCall(op.Info(), launch, &call, error) || !op.PrepareOutputs(call, error)) return false;
        return SetInferredShapes(call, launch, error);
    });
    pyshim::SetExecHook([&](const std::string& api, std::vector<pyshim::AclArg>& aclArgs, std::string* error) {
        if (opapiLayer.Defines(api)) return opapiLayer.Call(api, aclArgs, error);
        run::OpCall call;
        if (!CallFromAclnnArgs(op.Info(), aclArgs, &call, error) || !runOnSimulator(call, error)) return false;
        WriteBack(op.Info(), call, aclArgs);
        return true;
    });
    pyshim::Value returned;
    try {
        returned = pyshim::Call(manifest.at("call").at("function").get<std::string>(), args);
    } catch (const std::bad_alloc&) {
        throw;  // the candidate's host code ran out of address space: the sandbox's memory_limit
    } catch (const std::exception& e) {
        result.error = e.what();
        pyshim::SetExecHook(nullptr);
        opapi::SetAiCoreLauncher(nullptr);
        opapi::SetShapeInferrer(nullptr);
        return result;
    }
    pyshim::SetExecHook(nullptr);
    opapi::SetAiCoreLauncher(nullptr);
    opapi::SetShapeInferrer(nullptr);
    const fs::path dir = returnedDir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    std::string text;
    bool stored = !ec && EncodeValue(returned, dir.string(), &text, &result.error);
    if (stored) {
        std::ofstream value(dir / "value.json");
        stored = bool(value << text << std::flush);
        if (!stored) result.error = "cannot write " + (dir / "value.json").string() + ": " + std::strerror(errno);
    } else if (ec) {
        result.error = "cannot create " + dir.string() + ": " + ec.message();
    }
    // Storing what the call returned is the harness's own write: its failure on a full disk is
    // the machine's, not the candidate's.
    result.diskFull = !stored && MentionsDiskFull(result.error);
    result.returned = stored;
    return result;
}

}  // namespace akg::harness
