// OpDef registration as the runner sees it (RegisteredOps).
#include <gtest/gtest.h>

#include <algorithm>

#include "akg/host/host_registry.h"
#include "register/op_def_registry.h"

namespace ops {

class DefSample : public OpDef {
public:
    explicit DefSample(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT}).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("shape").ParamType(REQUIRED).ValueDepend(REQUIRED).DataType({ge::DT_INT64, ge::DT_INT64});
        this->Input("bias").ParamType(OPTIONAL).DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
        this->Input("list").ParamType(DYNAMIC).DataType({ge::DT_FLOAT16, ge::DT_FLOAT});
        this->Input("alpha").ParamType(REQUIRED).Scalar().DataTypeList({ge::DT_FLOAT});
        this->Output("y").ParamType(REQUIRED).Follow("x");
        this->Attr("axis").AttrType(OPTIONAL).Int(-1);
        this->Attr("mode").String("fast");
        this->Attr("eps").AttrType(OPTIONAL).Float(1e-5f);
        this->Attr("keep").AttrType(OPTIONAL).Bool(true);
        this->Attr("dims").AttrType(OPTIONAL).ListInt({1, 2, 3});
        this->Attr("num").Int();
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
        OpAICoreConfig config310p;
        config310p.Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_BF16});
        config310p.DynamicShapeSupportFlag(true).ExtendCfgInfo("opFile.value", "def_sample");
        this->AICore().AddConfig("ascend310p", config310p);
    }
};
OP_ADD(DefSample);

class ListExpansion : public OpDef {
public:
    explicit ListExpansion(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16}).FormatList({ge::FORMAT_ND});
        this->Input("idx").ParamType(REQUIRED).DataTypeList({ge::DT_INT32, ge::DT_INT64}).FormatList({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16}).FormatList({ge::FORMAT_ND});
    }
};
OP_ADD(ListExpansion);

}  // namespace ops

namespace {

akg::host::OpInfo FindOp(const std::string& type) {
    for (const auto& op : akg::host::RegisteredOps()) {
        if (op.type == type) return op;
    }
    ADD_FAILURE() << type << " not registered";
    return {};
}

TEST(OpDef, ParamsAttrsAndSocs) {
    akg::host::SetPlatform(akg::PlatformSpec{});
    const akg::host::OpInfo op = FindOp("DefSample");
    ASSERT_EQ(op.inputs.size(), 5u);
    EXPECT_EQ(op.inputs[0].name, "x");
    EXPECT_EQ(op.inputs[0].kind, akg::host::ParamKind::Required);
    EXPECT_EQ(op.inputs[0].dtypes, (std::vector<ge::DataType>{ge::DT_FLOAT16, ge::DT_FLOAT}));
    EXPECT_FALSE(op.inputs[0].valueDepend);
    EXPECT_TRUE(op.inputs[1].valueDepend);
    EXPECT_EQ(op.inputs[2].kind, akg::host::ParamKind::Optional);
    EXPECT_EQ(op.inputs[3].kind, akg::host::ParamKind::Dynamic);
    EXPECT_TRUE(op.inputs[4].scalar);
    EXPECT_EQ(op.inputs[4].dtypes, (std::vector<ge::DataType>{ge::DT_FLOAT, ge::DT_FLOAT}));
    // Format not given: ND for each combination.
    EXPECT_EQ(op.inputs[2].formats, (std::vector<ge::Format>{ge::FORMAT_ND, ge::FORMAT_ND}));

    ASSERT_EQ(op.outputs.size(), 1u);
    EXPECT_EQ(op.outputs[0].dtypes, op.inputs[0].dtypes);  // Follow("x")

    ASSERT_EQ(op.attrs.size(), 6u);
    EXPECT_EQ(op.attrs[0].name, "axis");
    EXPECT_EQ(op.attrs[0].kind, akg::host::AttrKind::Int);
    EXPECT_FALSE(op.attrs[0].required);
    EXPECT_EQ(op.attrs[0].defaultValue.i, -1);
    EXPECT_EQ(op.attrs[1].kind, akg::host::AttrKind::String);
    EXPECT_TRUE(op.attrs[1].required);  // no AttrType: required
    EXPECT_EQ(op.attrs[1].defaultValue.s, "fast");
    EXPECT_FLOAT_EQ(op.attrs[2].defaultValue.f, 1e-5f);
    EXPECT_TRUE(op.attrs[3].defaultValue.b);
    EXPECT_EQ(op.attrs[4].kind, akg::host::AttrKind::ListInt);
    EXPECT_EQ(op.attrs[4].defaultValue.listInt, (std::vector<int64_t>{1, 2, 3}));
    EXPECT_TRUE(op.attrs[5].required);

    EXPECT_EQ(op.socs, (std::vector<std::string>{"ascend910b", "ascend910_93", "ascend310p"}));
    EXPECT_FALSE(op.hasTiling);
    EXPECT_FALSE(op.hasInferShape);
}

TEST(OpDef, SocConfigReplacesParams) {
    akg::PlatformSpec p310;
    p310.socVersion = "Ascend310P3";
    p310.shortSocVersion = "Ascend310P";
    akg::host::SetPlatform(p310);
    const akg::host::OpInfo op = FindOp("DefSample");
    akg::host::SetPlatform(akg::PlatformSpec{});
    ASSERT_EQ(op.inputs.size(), 5u);
    EXPECT_EQ(op.inputs[0].dtypes, (std::vector<ge::DataType>{ge::DT_FLOAT16, ge::DT_BF16}));
}

TEST(OpDef, DataTypeListMultipliesCombinations) {
    const akg::host::OpInfo op = FindOp("ListExpansion");
    ASSERT_EQ(op.inputs.size(), 2u);
    // 3 base combinations x 2 index types.
    EXPECT_EQ(op.inputs[0].dtypes, (std::vector<ge::DataType>{ge::DT_FLOAT16, ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_FLOAT,
                                                              ge::DT_BF16, ge::DT_BF16}));
    EXPECT_EQ(op.inputs[1].dtypes, (std::vector<ge::DataType>{ge::DT_INT32, ge::DT_INT64, ge::DT_INT32, ge::DT_INT64,
                                                              ge::DT_INT32, ge::DT_INT64}));
    EXPECT_EQ(op.outputs[0].dtypes, op.inputs[0].dtypes);
    EXPECT_EQ(op.inputs[1].formats, std::vector<ge::Format>(6, ge::FORMAT_ND));
}

TEST(OpDef, BuilderReturnsExistingParamByName) {
    ops::OpDef def("Tmp");
    def.Input("x").ParamType(ops::OPTIONAL);
    def.Input("x").DataType({ge::DT_INT8});
    ops::OpAttrDef& attr = def.Attr("a").Int(3);
    EXPECT_EQ(&attr, &def.Attr("a"));
    EXPECT_STREQ(attr.GetName().GetString(), "a");
    EXPECT_TRUE(attr.IsRequired());
}

}  // namespace
