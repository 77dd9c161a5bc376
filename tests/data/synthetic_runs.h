// Synthetic evaluation results for akgen data's tests and benchmark: a task tree, gen samples
// with their stored prompts, and a bench run directory whose records say what each sample did,
// without compiling or simulating anything.
#pragma once

#include <string>

namespace akg::data::testing {

struct SyntheticSpec {
    std::string root;      // everything is written under it
    int tasks = 10;
    int samplesPerTask = 10;
    std::string category = "Synth";
};

// Sample K of a task ends, by K % 5: 0 passed every case, 1 failed to compile
// (compile.scope_lifetime, with a build.log), 2 wrong_values, 3 diagnostic.GM_WRITE_OOB,
// 4 passed with other code. Every sample's code differs. Writes ROOT/tasks, ROOT/samples and
// ROOT/run; returns the run directory.
std::string WriteSyntheticRun(const SyntheticSpec& spec);

// The kernel source of sample K of task T (what WriteSyntheticRun wrote).
std::string SyntheticKernel(int task, int sample);

}  // namespace akg::data::testing
