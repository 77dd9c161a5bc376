#include <algorithm>

#include "logical_and_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;  // one block holds 32 bools
constexpr uint64_t BUFFER_NUM = 2;
// A core is only worth launching for at least this much data.
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
// Tiles are whole 256-byte vector repeats (the kernel works on them as 128 uint16 lanes).
constexpr uint64_t TILE_ALIGN = 256;
constexpr uint64_t MAX_TILE_LENGTH = 32 * 1024;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }

    // Whole 32-byte blocks are dealt out to the cores; the first formerCoreNum cores get one
    // block more than the others.
    const uint64_t totalBlocks = std::max<uint64_t>((total + BLOCK_BYTES - 1) / BLOCK_BYTES, 1);
    const uint64_t wanted = (total + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);

    // UB per element: x1, x2 and y, one byte each, all double-buffered.
    uint64_t tileLength = ubSize / (BUFFER_NUM * 3) / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::max<uint64_t>(std::min(tileLength, MAX_TILE_LENGTH), TILE_ALIGN);

    LogicalAndTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_formerCoreLength((totalBlocks / coreNum + 1) * BLOCK_BYTES);
    tiling.set_latterCoreLength(totalBlocks / coreNum * BLOCK_BYTES);
    tiling.set_formerCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
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

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, ge::DT_BOOL);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class LogicalAnd : public OpDef {
public:
    explicit LogicalAnd(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL})
            .Format({ge::FORMAT_ND});
        this->Input("x2")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL})
            .Format({ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL})
            .Format({ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(LogicalAnd);
}  // namespace ops
