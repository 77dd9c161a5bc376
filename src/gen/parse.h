// Turning a model's answer into the files of a candidate (docs/gen.md, "Parsing answers").
#pragma once

#include <map>
#include <string>
#include <vector>

namespace akg::gen {

// Failure classes of an answer (docs/failure-classes.md).
inline constexpr const char* kGenEmptyAnswer = "gen.empty_answer";
inline constexpr const char* kGenNoCode = "gen.no_code";
inline constexpr const char* kGenIncomplete = "gen.incomplete";

struct ParsedAnswer {
    std::string cls;   // "ok", or gen.empty_answer / gen.no_code / gen.incomplete
    std::map<std::string, std::string> files;  // expected path (op_kernel/x.cpp) -> content
    std::vector<std::string> missing;          // expected paths no block was found for
    std::string reasoning;                     // <think> blocks, joined
    std::string note;                          // how the files were found, or why none was
};

// `expected` are the candidate's files, relative to its src/ (op_kernel/x.cpp, op_host/x.cpp,
// op_host/x_tiling.h). Accepted forms, in order of precedence:
//   <file path="op_kernel/x.cpp"> … </file>      (also name= and single quotes)
//   <kernel_impl> … </kernel_impl>                 (NPUKernelBench kernel-only answers)
//   ===== op_host/x.cpp =====  followed by a fenced block (NPUKernelBench host+kernel answers)
//   fenced blocks whose first line is "// file: path", or that follow a line naming the path
//   any other fenced block, assigned by what it contains (a kernel entry, a tiling struct, an
//   operator definition), or to the only expected file
// A tag's content may itself be fenced. Reasoning in <think>…</think> (or before a lone
// </think>, as servers that strip the opening tag return it) is removed first.
ParsedAnswer ParseAnswer(const std::string& answer, const std::vector<std::string>& expected);

}  // namespace akg::gen
