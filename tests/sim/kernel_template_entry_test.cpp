// AKG_TEMPLATE_KERNEL_ENTRY (include/akg/launch/kernel_launcher.h) for a kernel template whose
// tiling-key parameter is a type: ASCENDC_TPL_DATATYPE_DECL declares `typename T`, and the
// instance for key k is the kernel with T = the ge::DataType k names (CANN's TypeFromId<k>::type),
// as ops-cv's BoundingBoxDecode and CheckValid declare it.
#include <gtest/gtest.h>

#include <type_traits>

#include "kernel_operator.h"
#include "akg/launch/kernel_launcher.h"
#include "sim/kernel_harness.h"

namespace {
int g_size[2] = {};
bool g_float = false;
}  // namespace

template <typename T>
__global__ __aicore__ void datatype_kernel(GM_ADDR) {
    g_size[std::is_same_v<T, half>] = int(sizeof(T));
    g_float = std::is_same_v<T, float>;
}

ASCENDC_TPL_ARGS_DECL(DatatypeKernel, ASCENDC_TPL_DATATYPE_DECL(T, 1, 0));  // DT_FLOAT16, DT_FLOAT
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(T, 1)), ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DATATYPE_SEL(T, 0)));
AKG_TEMPLATE_KERNEL_ENTRY(datatype_kernel)

namespace {

TEST(KernelTemplateEntry, DatatypeParameterInstantiatesTheTypeItsKeyNames) {
    EXPECT_EQ(akg_entry_arity(), 1);
    void* args[1] = {nullptr};
    auto launch = [&] { akg_launch_entry(args); };
    auto run = akg::test::RunKernel(1, launch, /*tilingKey=*/0);  // DT_FLOAT
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_TRUE(g_float);
    EXPECT_EQ(g_size[0], 4);
    run = akg::test::RunKernel(1, launch, /*tilingKey=*/1);  // DT_FLOAT16
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.Codes();
    EXPECT_FALSE(g_float);
    EXPECT_EQ(g_size[1], 2);
}

}  // namespace
