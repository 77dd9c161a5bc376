#include <algorithm>

#include "where_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t SPLIT_UNIT = 32;   // elements: 32 bytes of bool, whole blocks of the values
constexpr uint64_t TILE_ALIGN = 128;  // one 256-byte repeat of float16 lanes
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr uint64_t MAX_TILE_LENGTH = 8192;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const ge::DataType dtype = context->GetInputDesc(1)->GetDataType();
    const uint64_t typeBytes = (dtype == ge::DT_FLOAT || dtype == ge::DT_INT32) ? 4 : 2;
    const uint64_t total = context->GetInputShape(1)->GetStorageShape().GetShapeSize();
    if (context->GetInputShape(0)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total) ||
        context->GetInputShape(2)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t units = std::max<uint64_t>((total + SPLIT_UNIT - 1) / SPLIT_UNIT, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, units, wanted}), 1);

    // condition, x, y, out double-buffered; the condition as float16; the bit mask.
    const double bytesPerElem = BUFFER_NUM * (1 + 3 * typeBytes) + 2 + 1.0 / 8;
    uint64_t tileLength = static_cast<uint64_t>((ubSize - 1024) / bytesPerElem) / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::min(tileLength, MAX_TILE_LENGTH);

    WhereTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((units / coreNum + 1) * SPLIT_UNIT);
    tiling.set_smallCoreLength(units / coreNum * SPLIT_UNIT);
    tiling.set_bigCoreNum(static_cast<uint32_t>(units % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));

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
    *context->GetOutputShape(0) = *context->GetInputShape(1);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(1));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Where : public OpDef {
public:
    explicit Where(const char* name) : OpDef(name)
    {
        this->Input("condition")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL, ge::DT_BOOL, ge::DT_BOOL, ge::DT_BOOL})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Where);
}  // namespace ops
