// docs/diagnostics.md documents the diagnostic catalog exactly: one "## CODE" section per catalog
// code and none other, each stating the code's category, whether it stops the run, and its rule
// as the catalog words it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "akg/launch/launch.h"

namespace {

// The docs live two levels above this file (tests/sim/ -> the source root).
std::filesystem::path DocPath() {
    return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "docs" / "diagnostics.md";
}

struct Section {
    std::string category, stops, rule;
    bool hasExample = false, hasFix = false;
};

std::map<std::string, Section> ParseSections(const std::string& text, std::vector<std::string>* order) {
    std::map<std::string, Section> out;
    std::istringstream in(text);
    std::string line, current;
    bool inCode = false;
    auto field = [&](const std::string& l, const std::string& name, std::string* dst) {
        const std::string prefix = "- **" + name + ":** ";
        if (l.compare(0, prefix.size(), prefix) == 0) *dst = l.substr(prefix.size());
    };
    while (std::getline(in, line)) {
        if (line.compare(0, 3, "```") == 0) {
            inCode = !inCode;
            if (inCode && !current.empty()) out[current].hasExample = true;
            continue;
        }
        if (inCode) continue;
        if (line.compare(0, 3, "## ") == 0) {
            std::string title = line.substr(3);
            // Sections named like codes (upper case, digits, underscores) document codes.
            bool isCode = !title.empty() && title.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                                                std::string::npos;
            current = isCode ? title : "";
            if (isCode) {
                EXPECT_EQ(out.count(current), 0u) << current << " is documented twice";
                out[current];
                order->push_back(current);
            }
            continue;
        }
        if (current.empty()) continue;
        Section& s = out[current];
        field(line, "Category", &s.category);
        field(line, "Stops the run", &s.stops);
        field(line, "Rule", &s.rule);
        if (line.compare(0, 8, "**Fix:**") == 0) s.hasFix = true;
    }
    return out;
}

}  // namespace

TEST(DiagnosticsDoc, EveryCatalogCodeHasASectionAndEverySectionIsACode) {
    std::ifstream f(DocPath());
    ASSERT_TRUE(f.good()) << "cannot read " << DocPath();
    std::stringstream ss;
    ss << f.rdbuf();
    std::vector<std::string> order;
    auto sections = ParseSections(ss.str(), &order);
    ASSERT_FALSE(sections.empty());

    const auto& catalog = akg::sim::DiagnosticCatalog();
    for (const auto& d : catalog) {
        auto it = sections.find(d.code);
        if (it == sections.end()) {
            ADD_FAILURE() << d.code << " has no section in docs/diagnostics.md";
            continue;
        }
        const Section& s = it->second;
        EXPECT_EQ(s.category, d.category) << d.code;
        EXPECT_EQ(s.stops, d.fatal ? "yes" : "no") << d.code;
        EXPECT_EQ(s.rule, d.rule) << d.code;
        EXPECT_TRUE(s.hasExample) << d.code << " has no example";
        EXPECT_TRUE(s.hasFix) << d.code << " has no fix";
    }
    for (const auto& code : order)
        EXPECT_NE(akg::sim::FindDiagnostic(code), nullptr) << "docs/diagnostics.md documents " << code
                                                           << ", which is not in the catalog";
    // The sections follow the catalog's order.
    std::vector<std::string> catalogOrder;
    for (const auto& d : catalog) catalogOrder.push_back(d.code);
    EXPECT_EQ(order, catalogOrder);
}
