// Every generation class the code can produce has its section in docs/failure-classes.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "gen/client.h"
#include "gen/parse.h"

namespace akg::gen {
namespace {

TEST(GenFailureClassesDoc, EveryClassHasASection) {
    std::ifstream doc(std::filesystem::path(__FILE__).parent_path() / ".." / ".." / "docs" / "failure-classes.md");
    ASSERT_TRUE(doc);
    std::set<std::string> headings;
    for (std::string line; std::getline(doc, line);)
        if (line.rfind("## ", 0) == 0) headings.insert(line.substr(3));
    for (const char* cls : {kGenTimeout, kGenConnection, kGenRateLimited, kGenServerError, kGenHttpError,
                            kGenBadResponse, kGenEmptyAnswer, kGenNoCode, kGenIncomplete})
        EXPECT_TRUE(headings.count(std::string("`") + cls + "`")) << "no section ## `" << cls << "`";
}

}  // namespace
}  // namespace akg::gen
