// The mechanical source rewrites that make bisheng-only syntax compile with g++ (design §1):
// the `[aicore]` / `[host, aicore]` function attribute is dropped, and a `<<<...>>>` kernel
// launch becomes a call through the simulator's launch helper. Line numbers are preserved.
#pragma once

#include <string>

namespace akg::build {

std::string RewriteDeviceSource(const std::string& text);

// Copies every file of `srcDir` into `dstDir` (same relative layout), rewriting C/C++ sources
// and prefixing them with a #line directive naming the original file.
bool MirrorRewritten(const std::string& srcDir, const std::string& dstDir, std::string* error);

}  // namespace akg::build
