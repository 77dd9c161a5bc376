// A fatal diagnostic inside a destructor ends the core with the diagnostic, not the process:
// C++ destructors are noexcept, and a second fatal while one already unwinds would terminate.
#include <gtest/gtest.h>

#include "kernel_operator.h"
#include "sim/kernel_harness.h"

namespace {

using namespace AscendC;

// Waits for an event at scope exit, as CATLASS's BlockMmad does for the events it set up.
struct WaitsOnExit {
    ~WaitsOnExit() { WaitFlag<HardEvent::MTE2_V>(EVENT_ID3); }
};

TEST(CoreAbort, FatalInADestructorEndsTheCore) {
    bool after = false;
    auto run = akg::test::RunKernel(2, [&] {
        { WaitsOnExit w; }
        after = true;
    });
    EXPECT_FALSE(run.result.completed);
    EXPECT_TRUE(run.HasDiag("FLAG_WAIT_UNSET")) << run.Codes();
    EXPECT_FALSE(after);
}

TEST(CoreAbort, FatalInADestructorWhileUnwindingEndsTheCore) {
    auto run = akg::test::RunKernel(1, [&] {
        WaitsOnExit w;
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID1);  // fatal: unwinds, then w's destructor is fatal too
    });
    EXPECT_FALSE(run.result.completed);
    EXPECT_TRUE(run.HasDiag("FLAG_WAIT_UNSET")) << run.Codes();
    EXPECT_EQ(run.result.diagnostics.size(), 2u) << run.Codes();
}

}  // namespace
