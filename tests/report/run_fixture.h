// A small run directory written by hand, as `akgen bench` would leave it (docs/results.md): four
// (task, sample) rows over two levels, sample and case records with one untrusted message that
// holds markup, a partial last record line, and two log files.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace akg::report::fixture {

class TempRunDir {
public:
    TempRunDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "akg-report-XXXXXX").string();
        path_ = mkdtemp(pattern.data()) ? pattern : "";
    }
    ~TempRunDir() {
        std::error_code ec;
        if (!path_.empty()) std::filesystem::remove_all(path_, ec);
    }
    TempRunDir(const TempRunDir&) = delete;
    TempRunDir& operator=(const TempRunDir&) = delete;

    const std::string& Path() const { return path_; }

    void Write(const std::string& relative, const std::string& text) const {
        std::filesystem::path file = std::filesystem::path(path_) / relative;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
    }

private:
    std::string path_;
};

inline const char* kRunJson = R"({"tasks_root": "tasks", "candidates": "answer", "mode": "kernel", "trials": 1,
 "soc": "Ascend910B1", "check": "default", "sandbox": ["rlimits", "seccomp"], "akgen_version": "v0.3-12-gabc1234"})";

inline const char* kSummaryJson = R"({
 "run": {"tasks_root": "tasks", "candidates": "answer", "mode": "kernel", "trials": 1, "soc": "Ascend910B1",
         "check": "default", "sandbox": ["rlimits", "seccomp"], "akgen_version": "v0.3-12-gabc1234", "seed": 42,
         "<b>note": "|x"},
 "levels": {"1": {"tasks": 2, "score": 62.5, "compiled": 2, "passed_tasks": 1},
            "2": {"tasks": 1, "score": 0, "compiled": 0, "passed_tasks": 0}},
 "final_score": 25.0,
 "pass_at_k": {"compile": {"1": 0.8333, "10": 1.0}, "execution": {"1": 0.3333, "10": 0.5}},
 "failure_classes": {"pass": 3, "wrong_values": 1, "compile.syntax": 1, "compile.api_signature": 2,
                     "diagnostic.UB_OUT_OF_BOUNDS": 1},
 "tasks": [
  {"level": 1, "category": "Activation", "op": "Relu", "sample": 0, "cases": 2, "passed": 2, "score": 100,
   "compiled": true, "class": "pass"},
  {"level": 1, "category": "Activation", "op": "Relu", "sample": 1, "cases": 2, "passed": 1, "score": 50,
   "compiled": true, "class": "wrong_values"},
  {"level": 1, "category": "Math", "op": "Add", "sample": 0, "cases": 1, "passed": 0, "score": 0,
   "compiled": true, "class": "diagnostic.UB_OUT_OF_BOUNDS"},
  {"level": 2, "category": "Conv", "op": "Conv2d", "sample": 0, "cases": 2, "passed": 0, "score": 0,
   "compiled": false, "class": "compile.syntax"}
 ],
 "timing": {"wall_seconds": 125.5, "evaluations": 7, "evaluations_per_minute": 3.35,
            "harness_overhead_ms_per_case": 12.5}
})";

inline const char* kRecords =
    R"({"kind":"sample","task":"level1/Activation/Relu","level":1,"category":"Activation","op":"Relu","sample":0,"compiled":true,"class":"pass","seconds":2.0}
{"kind":"case","task":"level1/Activation/Relu","level":1,"category":"Activation","op":"Relu","sample":0,"case":"1","trial":0,"seed":11,"passed":true,"stage":"done","class":"pass","error":"","diagnostics":[],"outputs":[{"name":"y","max_abs_error":0,"max_rel_error":0,"mismatches":0}],"seconds":0.4,"sim_time_us":null}
{"kind":"case","task":"level1/Activation/Relu","level":1,"category":"Activation","op":"Relu","sample":0,"case":"2","trial":0,"seed":12,"passed":true,"stage":"done","class":"pass","error":"","diagnostics":[],"outputs":[],"seconds":0.5,"sim_time_us":null}
{"kind":"sample","task":"level1/Activation/Relu","level":1,"category":"Activation","op":"Relu","sample":1,"compiled":true,"class":"pass","seconds":2.5}
{"kind":"case","task":"level1/Activation/Relu","level":1,"category":"Activation","op":"Relu","sample":1,"case":"1","trial":0,"seed":11,"passed":true,"stage":"done","class":"pass","error":"","diagnostics":[],"outputs":[],"seconds":0.3,"sim_time_us":null}
{"kind":"case","task":"level1/Activation/Relu","level":1,"category":"Activation","op":"Relu","sample":1,"case":"2","trial":0,"seed":12,"passed":false,"stage":"compare","class":"wrong_values","error":"output y: 3 of 16 values differ <script>alert(1)</script>","diagnostics":[],"outputs":[{"name":"y","max_abs_error":0.5,"max_rel_error":0.25,"mismatches":3}],"seconds":7.25,"sim_time_us":null}
{"kind":"sample","task":"level1/Math/Add","level":1,"category":"Math","op":"Add","sample":0,"compiled":true,"class":"pass","seconds":1.5}
{"kind":"case","task":"level1/Math/Add","level":1,"category":"Math","op":"Add","sample":0,"case":"1","trial":0,"seed":5,"passed":false,"stage":"run","class":"diagnostic.UB_OUT_OF_BOUNDS","error":"UB_OUT_OF_BOUNDS at add_kernel.cpp:42","diagnostics":[{"code":"UB_OUT_OF_BOUNDS","category":"memory","message":"read of 64 bytes past the end of UB","location":"add_kernel.cpp:42","core":3,"count":2}],"outputs":[],"seconds":0.9,"sim_time_us":null}
{"kind":"sample","task":"level2/Conv/Conv2d","level":2,"category":"Conv","op":"Conv2d","sample":0,"compiled":false,"class":"compile.syntax","error":"conv2d.cpp:7: error: expected ';' before '}' token","seconds":3.0}
{"kind":"case","task":"level2/Conv/Conv2d)";  // a partial last line, as an interrupted write leaves

// Writes the whole run directory into `dir`.
inline void WriteSampleRun(const TempRunDir& dir) {
    dir.Write("run.json", kRunJson);
    dir.Write("summary.json", kSummaryJson);
    dir.Write("records/all.jsonl", kRecords);
    dir.Write("logs/level2/Conv/Conv2d/sample0/build.log", "conv2d.cpp:7: error: expected ';' before '}' token\n");
    dir.Write("logs/level1/Activation/Relu/sample1/case2.log", "tiling: ok\n");
}

}  // namespace akg::report::fixture
