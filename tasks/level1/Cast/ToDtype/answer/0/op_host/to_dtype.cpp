#include <algorithm>

#include "to_dtype_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr uint64_t TILE_ALIGN = 128;
constexpr uint64_t MAX_TILE_LENGTH = 8192;

uint64_t BytesOf(ge::DataType dt) { return dt == ge::DT_FLOAT ? 4 : 2; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const ge::DataType inType = context->GetInputDesc(0)->GetDataType();
    const ge::DataType outType = context->GetOutputDesc(0)->GetDataType();
    const uint64_t inBytes = BytesOf(inType);
    const uint64_t outBytes = BytesOf(outType);
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();

    // Split in units that are whole 32-byte blocks of both the input and the output (16
    // elements), so every core starts block-aligned in both tensors.
    constexpr uint64_t unit = BLOCK_BYTES / 2;
    const uint64_t totalUnits = std::max<uint64_t>((total + unit - 1) / unit, 1);
    const uint64_t wanted = (total * std::max(inBytes, outBytes) + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalUnits, wanted}), 1);

    // x and y double-buffered; a float32 tile for the float16 <-> bfloat16 detour.
    const bool viaFloat = inType != ge::DT_FLOAT && outType != ge::DT_FLOAT;
    const uint64_t bytesPerElem = BUFFER_NUM * (inBytes + outBytes) + (viaFloat ? sizeof(float) : 0);
    uint64_t tileLength = ubSize / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::min(tileLength, MAX_TILE_LENGTH);

    ToDtypeTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((totalUnits / coreNum + 1) * unit);
    tiling.set_smallCoreLength(totalUnits / coreNum * unit);
    tiling.set_bigCoreNum(static_cast<uint32_t>(totalUnits % coreNum));
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
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ToDtype : public OpDef {
public:
    explicit ToDtype(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_BF16, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ToDtype);
}  // namespace ops
