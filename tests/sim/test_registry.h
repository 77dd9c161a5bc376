// Whether the running GoogleTest binary has a test: the instruction-table walks name, per row,
// the test that checks it, and fail when that test is not there.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace akg::test {

// Whether this test binary has the test "Suite.Name".
inline bool HasTest(const std::string& full) {
    const auto* unit = testing::UnitTest::GetInstance();
    for (int i = 0; i < unit->total_test_suite_count(); ++i) {
        const auto* suite = unit->GetTestSuite(i);
        for (int j = 0; j < suite->total_test_count(); ++j)
            if (full == std::string(suite->name()) + "." + suite->GetTestInfo(j)->name()) return true;
    }
    return false;
}

}  // namespace akg::test
