// Parsing the --case string of `akgen run` (the same key=value;key=value form as NPUKernelBench's
// test_cases.csv rows) and turning it into an operator call with generated inputs.
#pragma once

#include <map>
#include <string>

#include "run/op_runner.h"

namespace akg::cli {

// "shape=[48, 128];dtype=float16;alpha=0.5" -> {shape: "[48, 128]", dtype: "float16", alpha: "0.5"}
bool ParseCase(const std::string& text, std::map<std::string, std::string>* out, std::string* error);

// Parses "[2, 3]" / "(2,3)" / "2,3" into dims.
bool ParseShape(const std::string& text, std::vector<int64_t>* out);

// Builds the call for `op`: inputs from the .npy files if given, else random normal data with the
// case's shape and dtype; attributes from case keys named like them.
bool MakeCall(const host::OpInfo& op, const std::map<std::string, std::string>& kv,
              const std::vector<std::string>& inputFiles, uint64_t seed, run::OpCall* call, std::string* error);

}  // namespace akg::cli
