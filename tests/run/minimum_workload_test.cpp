// The least traffic of a call (run::MinimumWorkload), which T_hw is computed from: it must never
// exceed what a correct kernel moves.
#include <gtest/gtest.h>

#include "run/op_runner.h"

namespace {

using akg::Tensor;

TEST(MinimumWorkload, CountsOutputsAndElementWiseInputsOnly) {
    akg::run::OpCall call;
    // An element-wise operand (as many elements as the output), a gather table (larger) and its
    // indices (fewer): only the operand must be read in full.
    call.inputs = {{Tensor::Zeros({64, 32}, ge::DT_FLOAT)}, {Tensor::Zeros({1000, 32}, ge::DT_FLOAT16)},
                   {Tensor::Zeros({64}, ge::DT_INT32)}};
    call.outputs = {{Tensor::Zeros({64, 32}, ge::DT_FLOAT)}};
    const akg::cost::Workload w = akg::run::MinimumWorkload(call);
    EXPECT_EQ(w.writeBytes, 64u * 32 * 4);
    EXPECT_EQ(w.readBytes, 64u * 32 * 4);

    // A reduction: its source is larger than its output and is not counted (a loose, safe bound).
    akg::run::OpCall sum;
    sum.inputs = {{Tensor::Zeros({128, 256}, ge::DT_FLOAT)}};
    sum.outputs = {{Tensor::Zeros({128}, ge::DT_FLOAT)}};
    EXPECT_EQ(akg::run::MinimumWorkload(sum).readBytes, 0u);
    EXPECT_EQ(akg::run::MinimumWorkload(sum).writeBytes, 128u * 4);
}

}  // namespace
