// The judge in C++ for the two rules of akgen_checks.py that need no task code: NPUKernelBench's
// default rule and our strict rule, on a case whose ModelNew.forward returns the kernel call's
// value unchanged (the Python step says so, docs/judge.md). The verdict equals the Python judge's
// field for field; whatever this judge does not handle exactly (complex or unsigned types beyond
// uint8, unreadable files) is answered `unsupported`, and the Python judge decides.
//
// It runs in a process forked from `akgen bench`'s parent (NativeJudgeServer): unit processes
// cannot see the expected outputs, and must not be the ones comparing with them.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace akg::harness {

// The verdict on the outputs stored in `returnedDir` (value.json and its tensors, written by the
// case process) against `expectedDir` (expected.json, written by the golden step) under `rule`
// ("default" or "strict"): {"passed", "check", "max_abs_error", "max_rel_error", "mismatches"}
// and an "error" or "note" when the output counts differ, as akgen_task.py's `verdict`; or
// {"unsupported": why}.
nlohmann::json JudgeStoredOutputs(const std::string& expectedDir, const std::string& returnedDir,
                                  const std::string& rule);

// The body of the forked judge process: JSON requests {"expected_dir", "returned_dir", "rule",
// "id"} one per line on stdin, replies {"ok": true, "result": ..., "id"} on stdout, until EOF.
void ServeNativeJudge();

}  // namespace akg::harness
