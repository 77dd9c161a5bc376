// Running tiling, tiling parse and inference functions through both registration paths.
#include <gtest/gtest.h>

#include <cstring>

#include "akg/host/host_registry.h"
#include "error/ops_error.h"
#include "register/op_def_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(RunTilingData)
TILING_DATA_FIELD_DEF(uint32_t, total);
TILING_DATA_FIELD_DEF(int64_t, axis);
TILING_DATA_FIELD_DEF(float, eps);
TILING_DATA_FIELD_DEF(uint32_t, listCount);
TILING_DATA_FIELD_DEF(int64_t, shapeSum);
TILING_DATA_FIELD_DEF(uint32_t, aivFromParse);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(OpDefPath, RunTilingData)

struct SampleCompileInfo {
    uint32_t aivCores = 0;
    uint64_t ubSize = 0;
    int parsed = 0;
};

// Reads shapes, attrs, list inputs and value-dependent data into the tiling struct.
static ge::graphStatus CommonTiling(gert::TilingContext* context) {
    RunTilingData tiling;
    tiling.set_total(static_cast<uint32_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize()));
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    tiling.set_axis(*attrs->GetAttrPointer<int64_t>(0));
    tiling.set_eps(*attrs->GetFloat(1));
    uint32_t listCount = 0;
    while (context->GetDynamicInputTensor(1, listCount) != nullptr) ++listCount;
    tiling.set_listCount(listCount);
    int64_t shapeSum = -1;
    const gert::Tensor* shapeTensor = context->GetOptionalInputTensor(2);
    if (shapeTensor != nullptr && shapeTensor->GetData<int64_t>() != nullptr) {
        shapeSum = 0;
        for (int64_t i = 0; i < shapeTensor->GetShapeSize(); ++i) shapeSum += shapeTensor->GetData<int64_t>()[i];
    }
    tiling.set_shapeSum(shapeSum);
    const auto* info = context->GetCompileInfo<SampleCompileInfo>();
    tiling.set_aivFromParse(info == nullptr ? 0 : info->aivCores);

    context->SetBlockDim(8);
    context->SetTilingKey(1001);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(2);
    workspaces[0] = 1024;
    workspaces[1] = 32;
    // Asking for the array again (FlashAttention's PostTiling does) keeps what was set in it.
    (void)context->GetWorkspaceSizes(2);
    OPS_LOG_D(context->GetNodeName(), "total=%u", tiling.get_total());
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus ParseSample(gert::TilingParseContext* context) {
    auto* info = context->GetCompiledInfo<SampleCompileInfo>();
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    info->aivCores = platform.GetCoreNumAiv();
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, info->ubSize);
    ++info->parsed;
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus ImplTiling(gert::TilingContext* context) {
    const ge::graphStatus status = CommonTiling(context);
    context->SetTilingKey(2002);  // tells which path ran
    if (const auto* info = context->GetCompileInfo<SampleCompileInfo>()) context->SetBlockDim(info->parsed);
    return status;
}

static ge::graphStatus UnusedOpDefTiling(gert::TilingContext* context) {
    context->SetTilingKey(9999);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus FailingTiling(gert::TilingContext* context) {
    OPS_LOG_E(context->GetNodeName(), "unsupported shape");
    return ge::GRAPH_FAILED;
}

IMPL_OP_OPTILING(ImplPath).Tiling(ImplTiling).TilingParse<SampleCompileInfo>(ParseSample);
IMPL_OP_OPTILING(BothPaths).Tiling(ImplTiling);
IMPL_OP_OPTILING(Failing).Tiling(FailingTiling);

}  // namespace optiling

namespace ge {

static graphStatus InferShapeSample(gert::InferShapeContext* context) {
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    *y = *x;
    y->AppendDim(*context->GetAttrs()->GetInt(0));
    // The second output is (rows, len(list)).
    gert::Shape* z = context->GetOutputShape(1);
    z->SetDimNum(2);
    z->SetDim(0, x->GetDim(0));
    z->SetDim(1, static_cast<int64_t>(context->GetIrInputInstanceInfo(1)->GetInstanceNum()));
    return GRAPH_SUCCESS;
}

static graphStatus InferDtypeSample(gert::InferDataTypeContext* context) {
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, DT_INT32);
    return GRAPH_SUCCESS;
}

}  // namespace ge

namespace ops {

// Inputs: x (required), xs (dynamic list), shape (optional, value-dependent).
class OpDefPath : public OpDef {
public:
    explicit OpDefPath(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Input("xs").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
        this->Input("shape").ParamType(OPTIONAL).ValueDepend(OPTIONAL).DataType({ge::DT_INT64});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Output("z").ParamType(REQUIRED).DataType({ge::DT_INT32});
        this->Attr("axis").AttrType(OPTIONAL).Int(4);
        this->Attr("eps").AttrType(OPTIONAL).Float(0.25f);
        this->SetInferShape(ge::InferShapeSample).SetInferDataType(ge::InferDtypeSample);
        this->AICore().SetTiling(optiling::CommonTiling).AddConfig("ascend910b");
    }
};
OP_ADD(OpDefPath);

class BothPaths : public OpDef {
public:
    explicit BothPaths(const char* name) : OpDef(name) {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Input("xs").ParamType(DYNAMIC).DataType({ge::DT_FLOAT});
        this->Input("shape").ParamType(OPTIONAL).DataType({ge::DT_INT64});  // not value-dependent
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT});
        this->Attr("axis").AttrType(OPTIONAL).Int(4);
        this->Attr("eps").AttrType(OPTIONAL).Float(0.25f);
        this->AICore().SetTiling(optiling::UnusedOpDefTiling).AddConfig("ascend910b");
    }
};
OP_ADD(BothPaths);

}  // namespace ops

namespace {

struct TilingBytes {
    uint32_t total;
    int64_t axis;
    float eps;
    uint32_t listCount;
    int64_t shapeSum;
    uint32_t aivFromParse;
};

akg::host::TensorArg Tensor(std::vector<int64_t> shape, ge::DataType dtype = ge::DT_FLOAT) {
    akg::host::TensorArg arg;
    arg.shape = std::move(shape);
    arg.dtype = dtype;
    return arg;
}

akg::host::AttrValue IntAttr(int64_t v) {
    akg::host::AttrValue a;
    a.kind = akg::host::AttrKind::Int;
    a.i = v;
    return a;
}

akg::host::AttrValue FloatAttr(float v) {
    akg::host::AttrValue a;
    a.kind = akg::host::AttrKind::Float;
    a.f = v;
    return a;
}

// x [4, 8], a list of three tensors, the optional `shape` input holding {2, 3, 5}.
akg::host::TilingRequest SampleRequest(const std::string& op, const std::vector<int64_t>& shapeData) {
    akg::host::TilingRequest request;
    request.opType = op;
    akg::host::TensorArg shape = Tensor({3}, ge::DT_INT64);
    shape.data = shapeData.data();
    shape.bytes = shapeData.size() * sizeof(int64_t);
    request.inputs = {{Tensor({4, 8})}, {Tensor({2}), Tensor({3}), Tensor({4})}, {shape}};
    request.outputs = {{Tensor({4, 8})}, {Tensor({4, 3}, ge::DT_INT32)}};
    request.attrs = {IntAttr(-2), FloatAttr(0.5f)};
    return request;
}

TilingBytes Decode(const akg::host::TilingResult& result) {
    TilingBytes bytes{};
    EXPECT_EQ(result.tilingData.size(), sizeof(TilingBytes));
    std::memcpy(&bytes, result.tilingData.data(), std::min(sizeof(bytes), result.tilingData.size()));
    return bytes;
}

TEST(RunTiling, OpDefPathSeesShapesAttrsListsAndValueDependentData) {
    const std::vector<int64_t> shapeData = {2, 3, 5};
    const akg::host::TilingResult result = akg::host::RunTiling(SampleRequest("OpDefPath", shapeData));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(result.blockDim, 8u);
    EXPECT_EQ(result.tilingKey, 1001u);
    EXPECT_EQ(result.workspaceSizes, (std::vector<size_t>{1024, 32}));
    const TilingBytes bytes = Decode(result);
    EXPECT_EQ(bytes.total, 32u);
    EXPECT_EQ(bytes.axis, -2);
    EXPECT_FLOAT_EQ(bytes.eps, 0.5f);
    EXPECT_EQ(bytes.listCount, 3u);
    EXPECT_EQ(bytes.shapeSum, 10);      // ValueDepend: data visible
    EXPECT_EQ(bytes.aivFromParse, 0u);  // no TilingParse registered: no compile info
    EXPECT_NE(result.log.find("total=32"), std::string::npos);
}

TEST(RunTiling, DataHiddenUnlessValueDependent) {
    const std::vector<int64_t> shapeData = {2, 3, 5};
    const akg::host::TilingResult result = akg::host::RunTiling(SampleRequest("BothPaths", shapeData));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(Decode(result).shapeSum, -1);
}

TEST(RunTiling, ImplOpWinsOverOpDefTiling) {
    const std::vector<int64_t> shapeData = {1, 1, 1};
    const akg::host::TilingResult result = akg::host::RunTiling(SampleRequest("BothPaths", shapeData));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(result.tilingKey, 2002u);
}

TEST(RunTiling, TilingParseFillsTheCompileInfoTilingSees) {
    akg::PlatformSpec platform;
    platform.aivCores = 40;
    platform.aicCores = 20;
    const std::vector<int64_t> shapeData = {0, 0, 0};
    akg::host::TilingRequest request = SampleRequest("ImplPath", shapeData);
    request.platform = platform;
    const akg::host::TilingResult first = akg::host::RunTiling(request);
    ASSERT_TRUE(first.ok) << first.error;
    EXPECT_EQ(Decode(first).aivFromParse, 40u);
    // ImplPath has no OpDef: its inputs expose no data and attrs come only from the request.
    EXPECT_EQ(Decode(first).shapeSum, -1);

    // One compile-info object per op: each run parses into the same object before tiling.
    const akg::host::TilingResult second = akg::host::RunTiling(request);
    ASSERT_TRUE(second.ok) << second.error;
    EXPECT_EQ(second.blockDim, first.blockDim + 1);
}

TEST(RunTiling, FailingTilingReportsWhy) {
    const std::vector<int64_t> shapeData = {0, 0, 0};
    const akg::host::TilingResult result = akg::host::RunTiling(SampleRequest("Failing", shapeData));
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.error.find("Failing"), std::string::npos);
    EXPECT_NE(result.error.find("GRAPH_FAILED"), std::string::npos);
    EXPECT_NE(result.log.find("unsupported shape"), std::string::npos);
}

TEST(RunTiling, UnknownOpHasNoTilingFunction) {
    akg::host::TilingRequest request;
    request.opType = "NeverRegistered";
    const akg::host::TilingResult result = akg::host::RunTiling(request);
    EXPECT_FALSE(result.ok);
    EXPECT_NE(result.error.find("no tiling function"), std::string::npos);
}

TEST(RunTiling, RegisteredOpsReportsBothPaths) {
    bool sawImplOnly = false;
    for (const auto& op : akg::host::RegisteredOps()) {
        if (op.type == "ImplPath") {
            sawImplOnly = true;
            EXPECT_TRUE(op.hasTiling);
            EXPECT_TRUE(op.inputs.empty());
        }
        if (op.type == "OpDefPath") {
            EXPECT_TRUE(op.hasTiling);
            EXPECT_TRUE(op.hasInferShape);
            EXPECT_TRUE(op.hasInferDataType);
        }
    }
    EXPECT_TRUE(sawImplOnly);
}

TEST(Inference, ShapesAndDtypes) {
    const std::vector<int64_t> shapeData = {2, 3, 5};
    const akg::host::TilingRequest request = SampleRequest("OpDefPath", shapeData);
    std::vector<std::vector<std::vector<int64_t>>> shapes;
    std::string error;
    ASSERT_TRUE(akg::host::InferShapes(request, &shapes, &error)) << error;
    ASSERT_EQ(shapes.size(), 2u);
    EXPECT_EQ(shapes[0], (std::vector<std::vector<int64_t>>{{4, 8, -2}}));
    EXPECT_EQ(shapes[1], (std::vector<std::vector<int64_t>>{{4, 3}}));

    std::vector<ge::DataType> dtypes;
    ASSERT_TRUE(akg::host::InferDataTypes(request, &dtypes, &error)) << error;
    EXPECT_EQ(dtypes, (std::vector<ge::DataType>{ge::DT_FLOAT, ge::DT_INT32}));

    EXPECT_FALSE(akg::host::InferShapes(SampleRequest("ImplPath", shapeData), &shapes, &error));
    EXPECT_NE(error.find("no InferShape"), std::string::npos);
}

TEST(Registry, ClearRegistrationsForgetsEverything) {
    // In a child process, so the other tests keep their registrations.
    EXPECT_EXIT(
        {
            akg::host::ClearRegistrations();
            const bool empty = akg::host::RegisteredOps().empty() && akg::host::TilingRegistrations().empty() &&
                               !akg::host::RunTiling(SampleRequest("OpDefPath", {1, 2, 3})).ok;
            std::exit(empty ? 0 : 1);
        },
        ::testing::ExitedWithCode(0), "");
}

}  // namespace
