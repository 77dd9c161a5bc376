// Direct-launch programs: a host `main` that uses the acl runtime and launches kernels with
// `kernel<<<blockDim, l2ctrl, stream>>>(args)`, in one or more .asc / .cpp files (a single-source
// .asc holds the kernel and main together). Built into one executable against our headers and
// the simulator, after the typed launch rewrite; cached by content hash like every build.
#pragma once

#include <string>

#include "build/builder.h"

namespace akg::build {

// A .asc / .cpp / .cc file, or a directory that is not an operator project (no op_kernel/) and
// holds a top-level .asc file or a .cpp file defining main.
bool IsDirectLaunchProgram(const std::string& path);

struct ProgramArtifact {
    std::string exePath;
    std::string workDir;  // where the program expects to run: the directory of its sources
    bool cached = false;
    double seconds = 0;
};

// Compiles every top-level .asc / .cpp / .cc source of the program (or the one file given) into
// one executable; other files (headers such as data_utils.h) are available to #include.
bool BuildProgram(const std::string& path, const BuildOptions& options, ProgramArtifact* out, BuildError* error);

}  // namespace akg::build
