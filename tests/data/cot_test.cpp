// akgen data cot against the loopback model double: a teacher's explanation of a verified kernel is
// kept only when it gives the verified code back byte for byte; an explanation of an API page only
// when every AscendC:: name it uses is in our API manifest and every snippet compiles against our
// headers.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "data/cot.h"
#include "data/records.h"
#include "data/synthetic_runs.h"
#include "gen/openai_double.h"

namespace akg::data {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using gen::testing::OpenAiDouble;
using gen::testing::ScriptedReply;

const fs::path kSource = AKG_SOURCE_DIR;

const std::string kGoodSnippet =
    "```cpp\n__aicore__ inline void Twice(const AscendC::LocalTensor<float>& y, const AscendC::LocalTensor<float>& x)\n"
    "{\n    AscendC::Exp(y, x, 64);\n    AscendC::Muls(y, y, 2.0f, 64);\n}\n```\n";

TEST(DataCot, OnlyCheckedTeacherAnswersAreKept) {
    const fs::path root = fs::temp_directory_path() / ("akg-data-cot-" + std::to_string(getpid()));
    fs::remove_all(root);
    BuildOptions b;
    b.runs = {testing::WriteSyntheticRun({root.string(), 2, 5})};
    b.outDir = (root / "data").string();
    ASSERT_EQ(BuildRecords(b).error, "");  // sft: samples 0 and 4 of two tasks

    OpenAiDouble server;
    server.SetResponder([](const json& req, int) {
        const std::string user = req["messages"].back()["content"];
        if (user.find("vector-cmpsel.md") != std::string::npos)  // an invented API
            return ScriptedReply::Answer("Use AscendC::FastCompare for speed.\n" + kGoodSnippet);
        if (user.find("sort.md") != std::string::npos)  // a snippet that does not compile
            return ScriptedReply::Answer("```cpp\nvoid F() { AscendC::Exp(1, 2); }\n```\n");
        if (user.find("matmul.md") != std::string::npos)
            return ScriptedReply::Answer("AscendC::Exp and AscendC::Muls are element-wise.\n" + kGoodSnippet);
        const std::string open = "<kernel_impl>\n```cpp\n", close = "```\n</kernel_impl>";
        const size_t a = user.find(open), e = user.find(close, a);
        std::string code = user.substr(a + open.size(), e - a - open.size());
        if (code.find("// task 1, sample 4") != std::string::npos) code.replace(code.find("len_"), 4, "n_");
        return ScriptedReply::Answer("<think>It copies in, adds, copies out.</think>\n" + open + code + close);
    });
    CotOptions o;
    o.recordsDir = (root / "data").string();
    o.outDir = (root / "cot").string();
    o.docPages = {(kSource / "docs/api/vector-cmpsel.md").string(), (kSource / "docs/api/sort.md").string(),
                  (kSource / "docs/api/matmul.md").string()};
    o.client.baseUrl = server.BaseUrl();
    o.client.model = "teacher";
    const CotOutcome r = RunCot(o);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.asked, 7);
    EXPECT_EQ(r.kept, 4);  // three kernels, one page
    EXPECT_EQ(r.rejected.at("code_differs_from_verified"), 1);
    EXPECT_EQ(r.rejected.at("names_unknown_api"), 1);
    EXPECT_EQ(r.rejected.at("snippet_does_not_compile"), 1);
    std::vector<json> records;
    std::string err;
    ASSERT_TRUE(ReadRecordSet(o.outDir, &records, &err)) << err;
    for (auto& rec : records) {
        if (rec["kind"] == "cot_code") {
            EXPECT_NE(rec["response"].get<std::string>().find("<think>\nIt copies in"), std::string::npos);
            for (auto& [p, c] : rec["response_files"].items())
                EXPECT_NE(rec["response"].get<std::string>().find(c.get<std::string>()), std::string::npos);
        } else {
            EXPECT_EQ(rec["kind"], "cot_doc");
            EXPECT_EQ(rec["op"], "matmul");
        }
    }
    fs::remove_all(root);
}

TEST(DataCot, ManifestKnowsOurApis) {
    const auto m = ApiManifest((kSource / "docs" / "api").string());
    for (const char* api : {"Exp", "Muls", "DataCopy", "LocalTensor"}) EXPECT_TRUE(m.count(api)) << api;
    EXPECT_EQ(UnknownApis("AscendC::Exp then AscendC::NoSuchThing", m), std::vector<std::string>{"NoSuchThing"});
    EXPECT_EQ(CppSnippets("a\n```cpp\nint x;\n```\nb\n```python\nx\n```\n"), std::vector<std::string>{"int x;\n"});
}

}  // namespace
}  // namespace akg::data
