// Replaying a recorded NPUKernelBench case: call the task's pybind function (compiled against the
// shim) with the arguments the golden step recorded, route its EXEC_NPU_CMD to the simulator,
// and store what the function returned for the judge.
#pragma once

#include <string>

#include "akg/pyshim/pyshim.h"
#include "run/op_runner.h"

namespace akg::harness {

struct ReplayResult {
    bool returned = false;      // the pybind function returned (its value is in caseDir/returned)
    std::string error;          // why not: conversion failure, failed aclnn call, exception
    bool executed = false;      // EXEC_NPU_CMD reached the runner
    run::RunReport report;      // the last operator run
    double hwBoundUs = 0;       // Σ over the calls' launches of their hardware lower bound T_hw
    bool diskFull = false;      // the returned value could not be stored: the disk is full
};

// Reads case.json and call/ in `caseDir` (the golden step's output), replays the call, writes
// what the function returned to `returnedDir`/{value.json,*.npy}.
ReplayResult ReplayCase(run::Operator& op, const std::string& caseDir, const std::string& returnedDir);

// JSON <-> Python-level values; tensors are .npy files in `dir`.
bool DecodeValue(const std::string& json, const std::string& dir, pyshim::Value* out, std::string* error);
bool EncodeValue(const pyshim::Value& v, const std::string& dir, std::string* json, std::string* error);

}  // namespace akg::harness
