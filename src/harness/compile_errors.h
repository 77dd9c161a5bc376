// Classification of a candidate's compiler and linker output into the failure classes of the
// KernelGen paper's compile-error taxonomy (docs/failure-classes.md). GCC diagnostics and GNU ld
// messages are parsed; an error GCC reports inside our headers is attributed to the user-code
// line that caused it (the macro expansion or template instantiation that led there).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace akg::harness {

inline constexpr const char* kCompileOther = "compile.other";

// One error of the compiler output.
struct CompileError {
    std::string file;  // as the compiler names it; a tool ("g++", "collect2", "ld") when it has no file
    int line = 0;      // 0 when unknown (tool errors, linker errors without debug info)
    int column = 0;    // 0 when unknown
    std::string message;  // the text after "error: ", quotes normalised to ASCII '
    std::string cls;      // compile.api_signature | compile.dtype_cast | compile.scope_lifetime |
                          // compile.memory_object | compile.syntax | compile.other
    bool inUserCode = false;  // file lies under one of the user roots
};

struct CompileErrorSummary {
    std::vector<CompileError> errors;  // in output order
    std::string cls;        // class of the first error in user code, else of the first error;
                            // compile.other when no error was parsed
    std::string firstLine;  // "file:line: message" of that error, file relative to its user root;
                            // empty when no error was parsed
    std::map<std::string, int> counts;  // class -> number of errors
};

// `userRoots` are the directories of the candidate's own sources (op_kernel, op_host).
CompileErrorSummary ClassifyCompileErrors(const std::string& compilerOutput, const std::vector<std::string>& userRoots);

// One row of the classification table: the first row that matches an error decides its class.
struct CompileErrorRule {
    const char* messagePattern;  // ECMAScript regex searched in the error message
    const char* notePattern;     // when non-empty, one of the error's notes must match it too
    const char* cls;
};

// The table in order; docs/failure-classes.md shows it row by row.
const std::vector<CompileErrorRule>& CompileErrorRules();

// The class of one error from its message and the notes GCC printed after it.
std::string ClassifyCompileMessage(const std::string& message, const std::vector<std::string>& notes = {});

}  // namespace akg::harness
