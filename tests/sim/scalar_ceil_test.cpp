// AscendC's scalar Ceil / ConstCeil (basic_api utilities): the number of `b`-sized blocks that
// hold `a`, called as ops-cv's grid sampler kernels do, with an int32 count and an int64 factor.
#include <gtest/gtest.h>

#include <cstdint>

#include "kernel_operator.h"

namespace {

TEST(ScalarCeil, CountsBlocksWithMixedIntegerArguments) {
    const int32_t count = 17;
    const int64_t align = 8;
    EXPECT_EQ(AscendC::Ceil(count, align), 3u);
    EXPECT_EQ(AscendC::Ceil(16, 8), 2u);
    EXPECT_EQ(AscendC::Ceil(0, 8), 0u);
    static_assert(AscendC::ConstCeil(33, 32) == 2u, "ConstCeil is usable in constant expressions");
}

}  // namespace
