// Host helpers of the SoftMax family through tiling/tiling_api.h, as op_host code calls them:
// the temporary-space sizes CANN documents for Atlas A2/A3 (float slots per row: a 32-byte block
// of the max/sum type, the row, 64 reduce slots), the SoftMaxTiling split of the rows, the
// optiling form inside a tiling-data struct, and the kernel-side SoftMaxFlashV2TilingFunc
// agreeing with the host's.
#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>

#include "akg/host/host_registry.h"
#include "tiling/tiling_api.h"

// Every CANN spelling of the header resolves.
#include "adv_api/activation/softmax_tiling.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(SoftmaxUserTiling)
TILING_DATA_FIELD_DEF(uint32_t, rows);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTilingData);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace {

ge::Shape Shape2(int64_t m, int64_t k) { return ge::Shape(std::vector<int64_t>{m, k}); }

// Current CANN samples (softmax, softmaxflashv2, softmaxgrad) size the temporary space from an
// AscendC::TensorShape built from a brace list; it is ge::Shape, so the sizes are the same.
TEST(SoftmaxTiling, TensorShapeIsGeShape) {
    static_assert(std::is_same_v<AscendC::TensorShape, ge::Shape>);
    static_assert(std::is_same_v<AscendC::TensorDataType, ge::DataType>);
    AscendC::TensorShape shape({320, 64});
    EXPECT_EQ(shape.GetDim(0), 320);
    EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(shape, 2, false), AscendC::GetSoftMaxMinTmpSize(Shape2(320, 64), 2, false));
}

// The documentation's example shape, [320, 64] half: a row needs 16 + 64 + 64 floats.
TEST(SoftmaxTiling, SoftMaxSizesAndSplit) {
    const ge::Shape shape = Shape2(320, 64);
    EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(shape, 2, false), (16u + 64 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxMaxTmpSize(shape, 2, false), 320u * (16 + 64 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(Shape2(5, 64), 4, false), (8u + 64 + 64) * 4);

    AscendC::tiling::SoftMaxTiling t;
    AscendC::SoftMaxTilingFunc(shape, 2, AscendC::GetSoftMaxMinTmpSize(shape, 2, false), t);
    EXPECT_EQ(t.srcM, 320u);
    EXPECT_EQ(t.srcK, 64u);
    EXPECT_EQ(t.splitM, 1u);  // one row fits the minimum
    EXPECT_EQ(t.rangeM, 320u);
    EXPECT_EQ(t.tailM, 0u);
    EXPECT_EQ(t.outMaxK, 16u);
    EXPECT_EQ(t.reduceSize, 16u);

    // 100 rows of room: rounded down to 96 (whole 8-row blocks), then to a divisor of 320 that is
    // a multiple of 8 (80), then halved until below 16384 elements (80 * 64 = 5120 stays).
    AscendC::SoftMaxTilingFunc(shape, 2, 100 * (16 + 64 + 64) * 4, t);
    EXPECT_EQ(t.splitM, 80u);
    EXPECT_EQ(t.rangeM, 4u);
    EXPECT_EQ(t.splitSize, 80u * 64);
    // 20 rows of room on 100 rows of 48 (not basic-block): 16 rows per chunk, a tail of 4.
    AscendC::SoftMaxTilingFunc(Shape2(100, 48), 4, 20 * (8 + 48 + 64) * 4, t);
    EXPECT_EQ(t.splitM, 16u);
    EXPECT_EQ(t.rangeM, 6u);
    EXPECT_EQ(t.tailM, 4u);
    EXPECT_EQ(t.tailSplitSize, 4u * 48);
    EXPECT_FALSE(AscendC::IsBasicBlockInSoftMax(t, 4));
    AscendC::SoftMaxTilingFunc(shape, 4, 1 << 20, t);
    EXPECT_TRUE(AscendC::IsBasicBlockInSoftMax(t, 4));

    // Unsupported type sizes and empty shapes give nothing.
    EXPECT_EQ(AscendC::GetSoftMaxMinTmpSize(shape, 1, false), 0u);
    EXPECT_EQ(AscendC::GetSoftMaxMaxTmpSize(ge::Shape(), 2, false), 0u);
}

TEST(SoftmaxTiling, GradFlashAndFlashV2Sizes) {
    const ge::Shape shape = Shape2(8, 128);
    // SoftmaxGrad: half keeps three rows of float; float two blocks (one with isFront).
    EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(shape, 2, false, false), (16u * 2 + 128 * 3 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(shape, 4, false, false), (8u * 2 + 128 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxGradMinTmpSize(shape, 4, true, false), (8u + 128 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxGradMaxTmpSize(shape, 4, true, false), 8u * (8 + 128 + 64) * 4);
    // SoftmaxFlash: the update keeps four blocks and two rows.
    EXPECT_EQ(AscendC::GetSoftMaxFlashMinTmpSize(shape, 4, false, false), (8u + 128 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxFlashMinTmpSize(shape, 4, true, false), (8u * 4 + 128 * 2) * 4);
    // SoftmaxFlashV2: float data works in place (a block and the reduce slots); half data widens
    // a row; the basic-block form takes 8 rows.
    EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(shape, 4, 4, true), (8u + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(shape, 2, 4, false), (8u * 2 + 128 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxFlashV2MinTmpSize(shape, 4, 4, true, true), 8u * (8 + 64) * 4);
    EXPECT_EQ(AscendC::GetSoftMaxFlashV2MaxTmpSize(shape, 4, 4, true), 8u * (8 + 64) * 4);

    AscendC::tiling::SoftMaxTiling host;
    AscendC::SoftMaxFlashV2TilingFunc(shape, 4, 4, 4096, host, true);
    const AscendC::tiling::SoftMaxTiling kernel =
        akg::adv::SoftmaxFlashV2TilingFor(8, 128, 4, 4, 4096 / 4, false, false);
    EXPECT_EQ(std::memcmp(&host, &kernel, sizeof host), 0);
    EXPECT_EQ(host.splitM, 8u);  // 1024 floats hold 14 rows of 72: all 8 rows
}

// The optiling form nests in a tiling-data struct and serialises to the plain struct's bytes.
TEST(SoftmaxTiling, OptilingFormSerialisesLikeThePlainStruct) {
    optiling::SoftmaxUserTiling user;
    user.set_rows(7);
    const ge::Shape shape = Shape2(100, 48);
    AscendC::SoftMaxTilingFunc(shape, 4, 20 * (8 + 48 + 64) * 4, user.softmaxTilingData);
    AscendC::tiling::SoftMaxTiling plain;
    AscendC::SoftMaxTilingFunc(shape, 4, 20 * (8 + 48 + 64) * 4, plain);
    // The nested struct starts at 8, as CANN's TilingDef places struct fields.
    ASSERT_EQ(user.GetDataSize(), 8 + sizeof plain);
    std::vector<uint8_t> bytes(user.GetDataSize());
    user.SaveToBuffer(bytes.data(), bytes.size());
    EXPECT_EQ(std::memcmp(bytes.data() + 8, &plain, sizeof plain), 0);
    EXPECT_EQ(user.softmaxTilingData.get_splitM(), 16u);
}

}  // namespace
