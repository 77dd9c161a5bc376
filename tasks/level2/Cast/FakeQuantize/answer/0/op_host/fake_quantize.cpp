#include <algorithm>

#include "fake_quantize_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr uint64_t TILE_ALIGN = 64;
constexpr uint64_t MAX_TILE_LENGTH = 8192;
enum AttrIndex : size_t { SCALE = 0, ZERO_POINT, QUANT_MIN, QUANT_MAX };
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const float* scale = attrs->GetAttrPointer<float>(SCALE);
    const int64_t* zeroPoint = attrs->GetAttrPointer<int64_t>(ZERO_POINT);
    const int64_t* quantMin = attrs->GetAttrPointer<int64_t>(QUANT_MIN);
    const int64_t* quantMax = attrs->GetAttrPointer<int64_t>(QUANT_MAX);
    if (scale == nullptr || zeroPoint == nullptr || quantMin == nullptr || quantMax == nullptr || !(*scale > 0.0f) ||
        *quantMin > *quantMax || *zeroPoint < *quantMin || *zeroPoint > *quantMax) {
        return ge::GRAPH_FAILED;
    }

    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    constexpr uint64_t elemsPerBlock = BLOCK_BYTES / sizeof(float);
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * sizeof(float) + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);

    // x and y double-buffered, one int32 tile for the quantized values.
    const uint64_t bytesPerElem = (BUFFER_NUM * 2 + 1) * sizeof(float);
    uint64_t tileLength = ubSize / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::min(tileLength, MAX_TILE_LENGTH);

    FakeQuantizeTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((totalBlocks / coreNum + 1) * elemsPerBlock);
    tiling.set_smallCoreLength(totalBlocks / coreNum * elemsPerBlock);
    tiling.set_bigCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_scale(*scale);
    tiling.set_invScale(1.0f / *scale);
    tiling.set_zeroPoint(static_cast<int32_t>(*zeroPoint));
    tiling.set_quantMin(static_cast<int32_t>(*quantMin));
    tiling.set_quantMax(static_cast<int32_t>(*quantMax));

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, ge::DT_FLOAT);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class FakeQuantize : public OpDef {
public:
    explicit FakeQuantize(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
        this->Attr("scale").AttrType(REQUIRED).Float();
        this->Attr("zero_point").AttrType(REQUIRED).Int();
        this->Attr("quant_min").AttrType(OPTIONAL).Int(-128);
        this->Attr("quant_max").AttrType(OPTIONAL).Int(127);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(FakeQuantize);
}  // namespace ops
