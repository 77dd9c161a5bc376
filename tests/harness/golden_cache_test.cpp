#include "harness/golden_cache.h"

#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace akg::harness {
namespace {

namespace fs = std::filesystem;

class GoldenCacheTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string pattern = (fs::temp_directory_path() / "akg-goldens-XXXXXX").string();
        ASSERT_NE(mkdtemp(pattern.data()), nullptr);
        root = pattern;
    }
    void TearDown() override { fs::remove_all(root); }

    // An entry of `kib` KiB of goldens and as much of expected outputs, last used `ageHours` ago.
    void Entry(const std::string& key, int kib, double ageHours) {
        for (const char* part : {"goldens", "expected"}) {
            const fs::path dir = root / part / key / "case0";
            fs::create_directories(dir);
            std::ofstream(dir / "t.npy") << std::string(size_t(kib) * 1024, 'x');
        }
        fs::last_write_time(root / "goldens" / key,
                            fs::file_time_type::clock::now() -
                                std::chrono::duration_cast<fs::file_time_type::duration>(
                                    std::chrono::duration<double>(ageHours * 3600)));
    }
    bool Has(const std::string& key) const {
        return fs::exists(root / "goldens" / key) || fs::exists(root / "expected" / key);
    }

    fs::path root;
};

TEST_F(GoldenCacheTest, EvictsLeastRecentlyUsedUntilWithinTheLimit) {
    Entry("old", 100, 30);
    Entry("older", 100, 40);
    Entry("new", 100, 1);
    // 600 KiB held, 450 allowed: the oldest entry goes (both of its halves), and only it.
    const GoldenTrim trim = TrimGoldens(root.string(), 450 * 1024, {}, 60);
    EXPECT_EQ(trim.entries, 3);
    EXPECT_EQ(trim.evicted, 1);
    EXPECT_EQ(trim.bytesBefore, 600u * 1024);
    EXPECT_EQ(trim.bytesAfter, 400u * 1024);
    EXPECT_FALSE(Has("older"));
    EXPECT_TRUE(Has("old"));
    EXPECT_TRUE(Has("new"));
}

TEST_F(GoldenCacheTest, KeepsEntriesInUseAndRecentlyUsedOnes) {
    Entry("busy", 100, 50);
    Entry("idle", 100, 40);
    Entry("fresh", 100, 0.001);  // used seconds ago, by another run perhaps
    const GoldenTrim trim = TrimGoldens(root.string(), 0, {"busy"}, 600);
    EXPECT_EQ(trim.evicted, 1);
    EXPECT_TRUE(Has("busy"));
    EXPECT_FALSE(Has("idle"));
    EXPECT_TRUE(Has("fresh"));
}

TEST_F(GoldenCacheTest, TouchingAnEntryMakesItTheLastToGo) {
    Entry("a", 100, 20);
    Entry("b", 100, 10);
    TouchGolden((root / "goldens" / "a").string());
    TrimGoldens(root.string(), 200 * 1024, {}, 0);
    EXPECT_TRUE(Has("a"));
    EXPECT_FALSE(Has("b"));
}

TEST_F(GoldenCacheTest, WithinTheLimitNothingIsDeleted) {
    Entry("a", 10, 100);
    const GoldenTrim trim = TrimGoldens(root.string(), 1 << 20, {}, 0);
    EXPECT_EQ(trim.evicted, 0);
    EXPECT_TRUE(Has("a"));
}

}  // namespace
}  // namespace akg::harness
