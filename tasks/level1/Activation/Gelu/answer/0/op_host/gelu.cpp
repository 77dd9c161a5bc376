#include <algorithm>
#include <vector>

#include "gelu_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "tiling/tiling_api.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
// A core is only worth launching for at least this much data.
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
// Tile lengths are whole 256-byte vector repeats for 2- and 4-byte types.
constexpr uint64_t TILE_ALIGN = 128;
constexpr uint64_t MAX_TILE_LENGTH = 8192;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    // Everything is computed in float32: 16-bit inputs are widened, and the Erf API works on
    // float32 data.
    const bool widen = dtype != ge::DT_FLOAT;
    const uint32_t computeBytes = sizeof(float);
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();

    // Whole 32-byte blocks are dealt out to the cores; the first formerCoreNum cores get one
    // block more than the others.
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);

    // UB per element outside the Erf API's temporary space: x and y double-buffered, a float32
    // work tile (Erf's source, which must not overlap its destination) and, for 16-bit types,
    // a float32 tile holding the widened x. The largest tile whose temporary space (as the
    // API's own helper sizes it for that tile) still fits next to them is used.
    const uint64_t fixedPerElem = BUFFER_NUM * 2 * typeBytes + sizeof(float) + (widen ? sizeof(float) : 0);
    uint64_t tileLength = std::min<uint64_t>(ubSize / fixedPerElem / TILE_ALIGN * TILE_ALIGN, MAX_TILE_LENGTH);
    uint32_t tmpMax = 0;
    uint32_t tmpMin = 0;
    while (true) {
        AscendC::GetErfMaxMinTmpSize(ge::Shape(std::vector<int64_t>{static_cast<int64_t>(tileLength)}),
                                     computeBytes, false, tmpMax, tmpMin);
        if (tileLength * fixedPerElem + tmpMax <= ubSize || tileLength <= TILE_ALIGN) {
            break;
        }
        tileLength -= TILE_ALIGN;
    }
    if (tileLength * fixedPerElem + tmpMin > ubSize) {
        return ge::GRAPH_FAILED;
    }
    const uint32_t tmpBufferSize = static_cast<uint32_t>(
        std::min<uint64_t>(tmpMax, ubSize - tileLength * fixedPerElem) / BLOCK_BYTES * BLOCK_BYTES);

    GeluTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_formerCoreLength((totalBlocks / coreNum + 1) * elemsPerBlock);
    tiling.set_latterCoreLength(totalBlocks / coreNum * elemsPerBlock);
    tiling.set_formerCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_tmpBufferSize(tmpBufferSize);

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
class Gelu : public OpDef {
public:
    explicit Gelu(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Gelu);
}  // namespace ops
