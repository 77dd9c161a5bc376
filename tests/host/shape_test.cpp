// gert value types and ge::TypeUtils.
#include <gtest/gtest.h>

#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/operator.h"
#include "graph/utils/type_utils.h"

namespace {

TEST(Shape, Basics) {
    gert::Shape shape{2, 3, 4};
    EXPECT_EQ(shape.GetDimNum(), 3u);
    EXPECT_EQ(shape.GetShapeSize(), 24);
    EXPECT_FALSE(shape.IsScalar());
    EXPECT_EQ(shape[1], 3);
    shape.AppendDim(5);
    EXPECT_EQ(shape.GetShapeSize(), 120);
    EXPECT_EQ(shape.GetDim(gert::Shape::kMaxDimNum), gert::Shape::kInvalidDimValue);
    EXPECT_TRUE(shape != (gert::Shape{2, 3, 4}));
    EXPECT_EQ(gert::Shape().GetShapeSize(), 1);  // scalar
    EXPECT_TRUE(gert::Shape().IsScalar());
    EXPECT_EQ((gert::Shape{INT64_MAX, 2}).GetShapeSize(), gert::Shape::kInvalidDimValue);
}

TEST(Shape, SetDimGrowsRankToTheIndex) {
    gert::Shape shape;
    shape.SetDim(2, 7);
    EXPECT_EQ(shape.GetDimNum(), 2u);  // CANN semantics
    shape.SetDimNum(3);
    EXPECT_EQ(shape.GetDim(2), 7);
}

TEST(StorageShape, OriginAndStorage) {
    gert::StorageShape storage({8, 16}, {1, 1, 16, 16});
    EXPECT_EQ(storage.GetOriginShape().GetDimNum(), 2u);
    EXPECT_EQ(storage.GetStorageShape().GetDimNum(), 4u);
    storage.MutableStorageShape().SetDim(0, 2);
    EXPECT_EQ(storage.GetStorageShape().GetDim(0), 2);
}

TEST(TypeUtils, LengthsAndNames) {
    uint32_t length = 0;
    EXPECT_TRUE(ge::TypeUtils::GetDataTypeLength(ge::DT_BF16, length));
    EXPECT_EQ(length, 2u);
    EXPECT_TRUE(ge::TypeUtils::GetDataTypeLength(ge::DT_INT64, length));
    EXPECT_EQ(length, 8u);
    EXPECT_FALSE(ge::TypeUtils::GetDataTypeLength(ge::DT_INT4, length));
    EXPECT_EQ(ge::TypeUtils::DataTypeToSerialString(ge::DT_FLOAT16), "DT_FLOAT16");
    EXPECT_EQ(ge::TypeUtils::SerialStringToDataType("DT_UINT8"), ge::DT_UINT8);
    EXPECT_EQ(ge::TypeUtils::FormatToSerialString(ge::FORMAT_FRACTAL_NZ), "FRACTAL_NZ");
    EXPECT_EQ(ge::TypeUtils::SerialStringToFormat("NCHW"), ge::FORMAT_NCHW);
}

TEST(Operator, DescsAndTypedAttrs) {
    ge::Operator op("ReverseSequence");
    op.UpdateInputDesc("x", ge::TensorDesc(ge::Shape({2, 3}), ge::FORMAT_ND, ge::DT_FLOAT16));
    op.SetAttr("seq_dim", static_cast<int64_t>(1));
    EXPECT_EQ(op.GetInputDescByName("x").GetShape().GetDims(), (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(op.GetInputDesc(0).GetDataType(), ge::DT_FLOAT16);
    int64_t dim = 0;
    EXPECT_EQ(op.GetAttr("seq_dim", dim), ge::GRAPH_SUCCESS);
    EXPECT_EQ(dim, 1);
    float wrongType = 0;
    EXPECT_EQ(op.GetAttr("seq_dim", wrongType), ge::GRAPH_FAILED);
    EXPECT_EQ(op.GetAttr("missing", dim), ge::GRAPH_FAILED);
}

}  // namespace
