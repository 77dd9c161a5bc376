// `akgen data cot`: teacher-written reasoning (Ascend-CoT style) through the model client.
// Code-centric: a teacher explains a verified kernel (an sft record) and must reproduce it; the
// record is kept only when the code it gives back is byte-identical to the verified code.
// Doc-based: a teacher explains a page of our API reference; kept only when every API it names
// with `AscendC::` exists in our API manifest (docs/api/signatures) and every C++ snippet it
// writes compiles against our headers (docs/data.md, "Teacher reasoning").
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "gen/client.h"

namespace akg::data {

struct CotOptions {
    std::string recordsDir;              // akgen data build output: its sft records are explained
    std::string outDir;                  // a record set of kinds cot_code and cot_doc
    std::vector<std::string> docPages;   // API pages (Markdown) to explain; none: code-centric only
    bool code = true;                    // explain the sft records
    int maxRecords = 0;                  // sft records explained at most (0: all)
    std::string apiDocsDir;              // empty: docs/api
    gen::ClientConfig client;
    gen::SamplingParams sampling;
};

struct CotOutcome {
    int asked = 0, kept = 0;
    std::map<std::string, int> rejected;  // reason -> answers
    std::string error;
};

CotOutcome RunCot(const CotOptions& options);

// Identifiers our headers declare: every identifier of a signature line of docs/api/signatures.
std::set<std::string> ApiManifest(const std::string& apiDocsDir);
// The bodies of fenced C++ blocks (```cpp, ```c++) of a text.
std::vector<std::string> CppSnippets(const std::string& text);
// The names a text qualifies with AscendC:: that the manifest lacks.
std::vector<std::string> UnknownApis(const std::string& text, const std::set<std::string>& manifest);
// Whether a snippet compiles (syntax and types) against our headers, after kernel_operator.h and
// `using namespace AscendC;`; the compiler's output in `log`.
bool SnippetCompiles(const std::string& snippet, std::string* log);

}  // namespace akg::data
