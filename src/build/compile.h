// What every build step shares: the compiler to use, content hashing, the toolchain
// fingerprint that invalidates caches when our headers or runtime change, compiler flags, and
// atomic publication of a finished cache entry.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "build/builder.h"
#include "common/sha256.h"

namespace akg::build {

std::string ReadFile(const std::string& path);
bool WriteFile(const std::string& path, const std::string& text);

std::string CompilerOf(const BuildOptions& o);

// Which entries of a tree take part (false prunes a directory or skips a file); empty: all.
using TreeFilter = std::function<bool(const std::filesystem::directory_entry&)>;

// Hashes the names (relative to `dir`) and contents of every file under `dir` that `keep` keeps.
void HashTree(Sha256& h, const std::string& dir, const TreeFilter& keep = {});

// Our headers and the symbols our runtime libraries export: an ABI change must invalidate cached
// artefacts, a rebuild of the same interface must not. Computing it reads 3 MB of headers and
// 30 MB of libraries, most of a warm build's time, so it is remembered under `cacheRoot`
// (toolchain/<digest of every such file's path, size, inode and modification time>).
const std::string& ToolchainFingerprint(const std::string& cacheRoot);

// Flags of every device/host/glue compile, and the link flags against one runtime library.
// -Bsymbolic keeps a kernel's own symbols bound inside it (an entry point may be named `sqrt`),
// -z defs turns a missing API into a link error instead of a load failure.
std::vector<std::string> CommonFlags(const BuildOptions& o);
std::vector<std::string> LinkFlags(const std::string& library);

// Kernel code is compiled with the kernel-address instrumentation in callback mode: every load
// and store of the kernel's own code calls the simulator (src/sim/kernel_access.cpp), which
// checks and charges the raw-pointer accesses to GM and local memory that no API call issued.
// The flags differ between g++ and clang++ (`compiler` is the one that compiles).
std::vector<std::string> KernelAccessFlags(const std::string& compiler);

// A scratch directory beside the cache entry `final`, and its atomic publication: a concurrent
// or interrupted build never leaves a half-written entry.
std::filesystem::path TempDirBeside(const std::filesystem::path& final);
bool Publish(const std::filesystem::path& tmp, const std::filesystem::path& final);

}  // namespace akg::build
