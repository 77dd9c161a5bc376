#include "data/synthetic_runs.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "common/sha256.h"
#include "harness/results.h"

namespace akg::data::testing {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

void Write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

std::string OpName(int task) { return "Op" + std::to_string(task); }

}  // namespace

std::string SyntheticKernel(int task, int sample) {
    // Distinct per sample in more than a constant, so that near-duplicate detection keeps them.
    std::string body;
    for (int i = 0; i <= sample % 7; ++i)
        body += "        Adds(y, x, static_cast<float>(" + std::to_string(task * 1000 + sample * 10 + i) + "), len_);\n";
    return "#include \"kernel_operator.h\"\nusing namespace AscendC;\n\n// task " + std::to_string(task) +
           ", sample " + std::to_string(sample) + "\nclass Kernel" + std::to_string(sample) +
           " {\npublic:\n    __aicore__ inline void Process(LocalTensor<float>& y, LocalTensor<float>& x)\n    {\n" +
           body + "    }\n    uint32_t len_ = " + std::to_string(sample * 3 + 1) + ";\n};\n\nextern \"C\" __global__ __aicore__ void op" +
           std::to_string(task) + "(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)\n{\n    Kernel" +
           std::to_string(sample) + " k;\n    (void)k;\n}\n";
}

std::string WriteSyntheticRun(const SyntheticSpec& spec) {
    const fs::path root(spec.root);
    const fs::path tasks = root / "tasks", samples = root / "samples", run = root / "run";
    fs::remove_all(run);
    harness::RecordWriter writer(run.string(), "all");
    for (int t = 0; t < spec.tasks; ++t) {
        const std::string op = OpName(t), file = "op" + std::to_string(t) + ".cpp";
        const fs::path task = tasks / "level1" / spec.category / op;
        Write(task / "api_desc.md", "# " + op + "\n\ny = x + c, element-wise, float32.\n");
        Write(task / "question" / "op_kernel" / file, "// write the kernel of " + op + " here\n");
        Write(task / "answer" / "0" / "op_kernel" / file, SyntheticKernel(t, 0));
        Write(task / "answer" / "0" / "op_host" / (file), "// host code of " + op + "\n");
        Write(task / "validation" / "module.py", "# reference of " + op + "\n");
        Write(task / "validation" / "pybind.cpp", "// glue of " + op + "\n");  // a task without glue is malformed
        Write(task / "validation" / "test_cases.csv", "case_id;shape;dtype\n0;[8];float32\n1;[" +
                                                          std::to_string(100 + t) + "];float32\n");
        Write(task / "validation" / "hidden_cases.csv", "case_id;shape;dtype\nh0;[" + std::to_string(7000 + t) +
                                                            "];float32\n");
        const json prompt = {{"system", "You write Ascend C kernels."},
                             {"user", "Write the kernel of " + op + ". Public cases: [8], [" + std::to_string(100 + t) + "]."},
                             {"expected_files", {"op_kernel/" + file}}};
        const std::string promptText = prompt.dump(2) + "\n", hash = Sha256Hex(promptText);
        Write(samples / "prompts" / (hash + ".json"), promptText);
        const std::string id = "level1/" + spec.category + "/" + op;
        for (int k = 0; k < spec.samplesPerTask; ++k) {
            const fs::path dir = samples / "lvl1" / spec.category / op / ("sample" + std::to_string(k));
            const std::string kernel = SyntheticKernel(t, k);
            Write(dir / "src" / "op_kernel" / file, kernel);
            Write(dir / "gen.json", json{{"task", id},
                                          {"sample", k},
                                          {"model", "synthetic"},
                                          {"prompt", "prompts/" + hash + ".json"},
                                          {"reasoning", "Sample " + std::to_string(k) + " adds a constant."},
                                          {"class", "ok"}}
                                         .dump(2));
            harness::SampleRecord s;
            s.task = id;
            s.level = 1;
            s.category = spec.category;
            s.op = op;
            s.sample = k;
            s.caseCount = 3;
            const int outcome = k % 5;
            s.compiled = outcome != 1;
            s.cls = s.compiled ? "pass" : "compile.scope_lifetime";
            if (!s.compiled) {
                const std::string src = (dir / "src" / "op_kernel" / file).string();
                s.error = "op_kernel/" + file + ":9: 'len' was not declared in this scope";
                Write(run / "logs" / id / ("sample" + std::to_string(k)) / "build.log",
                      src + ":9:45: error: 'len' was not declared in this scope; did you mean 'len_'?\n");
            }
            writer.Append(s);
            if (!s.compiled) continue;
            for (const char* c : {"0", "1", "h0"}) {
                harness::CaseRecord r;
                static_cast<harness::RecordIdentity&>(r) = s;
                r.caseId = c;
                r.seed = 0;
                r.passed = outcome == 0 || outcome == 4;
                r.stage = "done";
                r.cls = r.passed ? "pass" : outcome == 2 ? "wrong_values" : "diagnostic.GM_WRITE_OOB";
                if (outcome == 2) r.outputs.push_back({"y", 0.5, 1.0, 3});
                if (outcome == 3)
                    r.diagnostics.push_back({"GM_WRITE_OOB", "memory", "write past the end of GM tensor y",
                                             "op_kernel/" + file + ":9", 0, 1});
                r.seconds = 0.1;
                r.simTimeUs = 10.0 + k;
                r.hwBoundUs = 1.0;
                writer.Append(r);
            }
        }
    }
    const json config = {{"tasks_root", tasks.string()}, {"candidates", samples.string()}, {"mode", "kernel"},
                         {"trials", 1},  {"split", "all"},                 {"soc", "Ascend910B1"},
                         {"check", "default"}, {"diagnostics", "fail"},    {"akgen_version", "synthetic"}};
    Write(run / "run.json", config.dump(2) + "\n");
    return run.string();
}

}  // namespace akg::data::testing
