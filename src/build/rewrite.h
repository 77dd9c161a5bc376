// The mechanical source rewrites that make bisheng-only syntax compile with g++ (design §1):
// the `[aicore]` / `[host, aicore]` function attribute is dropped, a `<<<...>>>` kernel launch
// becomes a call through the simulator's launch helper (akg/lang/launch_syntax.h), and each kernel
// qualifier (__vector__, __cube__, __mix__(m, n)) adds a record of the kernel's type after the
// last line, which the launcher reads. Line numbers are preserved.
#pragma once

#include <string>

#include "build/compile.h"

namespace akg::build {

// Named: operator projects, whose launch stubs may name kernels that do not exist (dead code
// CANN never compiles for the host). Typed: direct-launch programs.
enum class LaunchForm { Named, Typed };

std::string RewriteDeviceSource(const std::string& text, LaunchForm form = LaunchForm::Named);

// The symbol an operator's kernel entry `name` is compiled under. CANN's device compile links no
// C library and finds the entry by its symbol, so `sqrt`, `div` or `max` are fine entry names
// there; with g++ they would clash with libc's `extern "C"` functions and, under `using namespace
// AscendC`, with AscendC's overloads.
std::string KernelEntrySymbol(const std::string& name);

// `text` with every `__global__` declaration of the entry `name` renamed to KernelEntrySymbol(name)
// (other uses of the identifier are left alone).
std::string RenameKernelEntry(const std::string& text, const std::string& name);

// Copies every file of `srcDir` that `keep` keeps (all when empty) into `dstDir` (same relative
// layout), rewriting C/C++ sources and prefixing them with a #line directive naming the original.
bool MirrorRewritten(const std::string& srcDir, const std::string& dstDir, std::string* error,
                     LaunchForm form = LaunchForm::Named, const TreeFilter& keep = {});

}  // namespace akg::build
