#include <algorithm>
#include <cmath>
#include <limits>

#include "clamp_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
// A core is only worth launching for at least this much data.
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
// Tile lengths are whole 256-byte vector repeats for 2- and 4-byte types.
constexpr uint64_t TILE_ALIGN = 128;
constexpr uint64_t MAX_TILE_LENGTH = 16384;

// A float bound as an int32 bound: saturated to the int32 range (the bounds of an int32 clamp
// are required to be integral; NaN is not a valid bound).
int32_t SaturateToInt32(float v)
{
    if (std::isnan(v)) {
        return 0;
    }
    if (v <= static_cast<float>(std::numeric_limits<int32_t>::min())) {
        return std::numeric_limits<int32_t>::min();
    }
    if (v >= static_cast<float>(std::numeric_limits<int32_t>::max())) {  // 2^31 as a float
        return std::numeric_limits<int32_t>::max();
    }
    return static_cast<int32_t>(v);
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const float* minAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const float* maxAttr = context->GetAttrs()->GetAttrPointer<float>(1);
    if (minAttr == nullptr || maxAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const float minValue = *minAttr;
    const float maxValue = *maxAttr;

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = (dtype == ge::DT_FLOAT || dtype == ge::DT_INT32) ? 4 : 2;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();

    // Whole 32-byte blocks are dealt out to the cores; the first formerCoreNum cores get one
    // block more than the others.
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);

    // UB per element: x and y, both double-buffered; bfloat16 is computed in a float32 tile.
    const uint64_t bytesPerElem = BUFFER_NUM * 2 * typeBytes + (dtype == ge::DT_BF16 ? sizeof(float) : 0);
    uint64_t tileLength = ubSize / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::max<uint64_t>(std::min(tileLength, MAX_TILE_LENGTH), TILE_ALIGN);

    ClampTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_formerCoreLength((totalBlocks / coreNum + 1) * elemsPerBlock);
    tiling.set_latterCoreLength(totalBlocks / coreNum * elemsPerBlock);
    tiling.set_formerCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_minValue(minValue);
    tiling.set_maxValue(maxValue);
    tiling.set_minInt(SaturateToInt32(minValue));
    tiling.set_maxInt(SaturateToInt32(maxValue));

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
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Clamp : public OpDef {
public:
    explicit Clamp(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("min").AttrType(REQUIRED).Float();
        this->Attr("max").AttrType(REQUIRED).Float();

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Clamp);
}  // namespace ops
