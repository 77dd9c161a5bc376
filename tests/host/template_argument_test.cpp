// Tiling-key templates (ascendc/host_api/tiling/template_argument.h): keys encoded and decoded
// against keys computed by hand from the documented layout (declared order from bit 0, each
// argument in its width, UINT as the index of its value, DTYPE/BOOL as the value), and the
// combinations a selection yields.
#include <gtest/gtest.h>

#include "ascendc/host_api/tiling/template_argument.h"

namespace {

namespace one_mode {
ASCENDC_TPL_ARGS_DECL(AddExample, ASCENDC_TPL_UINT_DECL(schMode, 1, ASCENDC_TPL_UI_LIST, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(schMode, ASCENDC_TPL_UI_LIST, 0, 1)));
}  // namespace one_mode

TEST(TemplateArgument, OneListArgumentIsItsIndex) {
    using namespace one_mode;
    EXPECT_EQ(GET_TPL_TILING_KEY(0), 0u);
    EXPECT_EQ(GET_TPL_TILING_KEY(1), 1u);
    EXPECT_EQ(GET_TPL_TILING_KEY(2), INVALID_TILING_KEY);  // not declared
    static_assert(akg::tpl::CombinationCount(akg_tpl_declaration, akg_tpl_selection) == 2);
}

// The layout of a six-argument key like those of ops-transformer's attention kernels.
namespace six {
ASCENDC_TPL_ARGS_DECL(Six, ASCENDC_TPL_UINT_DECL(CACHE_MODE, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_LIST, 0, 1, 2),
                      ASCENDC_TPL_UINT_DECL(SCENARIO, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 0, 1, 2),
                      ASCENDC_TPL_UINT_DECL(QUANT_MODE, ASCENDC_TPL_4_BW, ASCENDC_TPL_UI_LIST, 0, 1, 2, 3),
                      ASCENDC_TPL_BOOL_DECL(DEQUANT, 0, 1), ASCENDC_TPL_BOOL_DECL(GROUP, 0, 1),
                      ASCENDC_TPL_UINT_DECL(EMPTY, ASCENDC_TPL_2_BW, ASCENDC_TPL_UI_LIST, 0, 1, 2), );
}  // namespace six

TEST(TemplateArgument, FieldsFollowTheDeclaredWidths) {
    using namespace six;
    // CACHE_MODE index 2 at bit 0, SCENARIO index 1 at bit 4, QUANT_MODE index 3 at bit 6,
    // DEQUANT 1 at bit 10, GROUP 0 at bit 11, EMPTY index 2 at bit 12.
    EXPECT_EQ(GET_TPL_TILING_KEY(2, 1, 3, 1, 0, 2), 2u + 16u + 192u + 1024u + 8192u);
    EXPECT_EQ(GET_TPL_TILING_KEY(0, 0, 0, 0, 1, 0), 2048u);
    EXPECT_EQ(GET_TPL_TILING_KEY(0, 0, 4, 0, 0, 0), INVALID_TILING_KEY);
    for (uint32_t i = 0; i < 6; ++i) {
        const uint64_t want[] = {2, 1, 3, 1, 0, 2};
        EXPECT_EQ(akg::tpl::DecodeArgument(akg_tpl_declaration, 9426, i), want[i]) << i;
    }
}

// Values that are not their index: a list, ranges, ranges then a list, and a dtype.
namespace forms {
ASCENDC_TPL_ARGS_DECL(Forms, ASCENDC_TPL_UINT_DECL(a, 2, ASCENDC_TPL_UI_LIST, 10, 20, 30),
                      ASCENDC_TPL_UINT_DECL(b, 3, ASCENDC_TPL_UI_RANGE, 2, 0, 2, 5, 6),
                      ASCENDC_TPL_UINT_DECL(c, 3, ASCENDC_TPL_UI_MIX, 1, 4, 5, 9),
                      ASCENDC_TPL_DATATYPE_DECL(d, 0, 1));
ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(a, ASCENDC_TPL_UI_LIST, 10, 30),
                                     ASCENDC_TPL_UINT_SEL(b, ASCENDC_TPL_UI_RANGE, 1, 5, 6),
                                     ASCENDC_TPL_KERNEL_TYPE_SEL(ASCENDC_TPL_AIV_ONLY)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_UINT_SEL(a, ASCENDC_TPL_UI_LIST, 20),
                                     ASCENDC_TPL_UINT_SEL(b, ASCENDC_TPL_UI_LIST, 0),
                                     ASCENDC_TPL_UINT_SEL(c, ASCENDC_TPL_UI_LIST, 4),
                                     ASCENDC_TPL_DATATYPE_SEL(d, 0),
                                     ASCENDC_TPL_TILING_STRUCT_SEL(SomeTilingData)));
}  // namespace forms

TEST(TemplateArgument, RangesAndMixedFormsExpandInOrder) {
    using namespace forms;
    const akg::tpl::Param& b = akg_tpl_declaration.params[1];
    ASSERT_EQ(b.Count(), 5u);  // 0 1 2 5 6
    EXPECT_EQ(b.Value(3), 5u);
    const akg::tpl::Param& c = akg_tpl_declaration.params[2];
    ASSERT_EQ(c.Count(), 3u);  // 4 5 9
    EXPECT_EQ(c.Value(2), 9u);
    // a = 30 (index 2) at bit 0, b = 5 (index 3) at bit 2, c = 9 (index 2) at bit 5, d = 1 at bit 8.
    EXPECT_EQ(GET_TPL_TILING_KEY(30, 5, 9, 1), 2u + 12u + 64u + 256u);
    const uint64_t decoded[] = {30, 5, 9, 1};
    for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(akg::tpl::DecodeArgument(akg_tpl_declaration, 334, i), decoded[i]);
    EXPECT_EQ(GET_TPL_TILING_KEY(30, 3, 9, 1), INVALID_TILING_KEY);  // 3 lies between the ranges
}

TEST(TemplateArgument, SelectionCombinationsAndTheirKeys) {
    using namespace forms;
    const auto& D = akg_tpl_declaration;
    const auto& S = akg_tpl_selection;
    // Group 1: a in {10, 30}, b in {5, 6}, c and d as declared (3 and 2 values): 24; group 2: one.
    static_assert(akg::tpl::CombinationCount(akg_tpl_declaration, akg_tpl_selection) == 25);
    EXPECT_EQ(akg::tpl::CombinationValue(D, S, 0, 0), 10u);
    EXPECT_EQ(akg::tpl::CombinationValue(D, S, 0, 1), 5u);
    EXPECT_EQ(akg::tpl::CombinationValue(D, S, 1, 3), 1u);  // the last argument varies fastest
    // The last of group 1: a = 30, b = 6 (index 4), c = 9 (index 2), d = 1.
    EXPECT_EQ(akg::tpl::CombinationKey(D, S, 23), 2u + (4u << 2) + (2u << 5) + (1u << 8));
    // Group 2's only one: a = 20 (index 1), the rest index / value 0.
    EXPECT_EQ(akg::tpl::CombinationKey(D, S, 24), 1u);
    EXPECT_EQ(akg::tpl::CombinationKernelType(D, S, 0), ASCENDC_TPL_AIV_ONLY);
    EXPECT_EQ(akg::tpl::CombinationKernelType(D, S, 24), -1);
}

TEST(TemplateArgument, KeysWiderThan64BitsAreInvalid) {
    ASCENDC_TPL_ARGS_DECL(Wide, ASCENDC_TPL_DATATYPE_DECL(a, 1), ASCENDC_TPL_DATATYPE_DECL(b, 1),
                          ASCENDC_TPL_DATATYPE_DECL(c, 1), ASCENDC_TPL_DATATYPE_DECL(d, 1),
                          ASCENDC_TPL_DATATYPE_DECL(e, 1), ASCENDC_TPL_DATATYPE_DECL(f, 1),
                          ASCENDC_TPL_DATATYPE_DECL(g, 1), ASCENDC_TPL_DATATYPE_DECL(h, 1),
                          ASCENDC_TPL_DATATYPE_DECL(i, 1));
    EXPECT_EQ(GET_TPL_TILING_KEY(1, 1, 1, 1, 1, 1, 1, 1), 0x0101010101010101u);
    EXPECT_EQ(GET_TPL_TILING_KEY(1, 1, 1, 1, 1, 1, 1, 1, 1), INVALID_TILING_KEY);
}

}  // namespace
