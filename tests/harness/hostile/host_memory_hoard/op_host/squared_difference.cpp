// Hostile host: the tiling function allocates until operator new fails -> memory_limit. Host code
// may use the heap (CANN's host build has one), so only the sandbox's address-space limit stops it.
#include <algorithm>

#include "squared_difference_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

// Kept reachable so the allocations are not optimised away.
char* g_hoard[4096];

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
// Below this much data per core, another core costs more to launch than it saves.
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
// Tiles are whole vector repeats for both 2- and 4-byte types.
constexpr uint32_t TILE_ALIGN = 128;
constexpr uint32_t MAX_TILE_LENGTH = 8192;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    // Reserve 256 MiB after 256 MiB (never touched, so no real memory is used): 1 TiB in all,
    // more than any limit allows.
    for (int i = 0; i < 4096; ++i) g_hoard[i] = new char[size_t(256) << 20];
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }

    // Split whole 32-byte blocks among the cores: every core starts on a block boundary, the
    // first `bigCoreNum` cores take one block more, and only the last core may end mid-block.
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);
    const uint64_t blocksPerCore = totalBlocks / coreNum;
    const uint64_t bigCoreNum = totalBlocks % coreNum;

    // UB per element: x1, x2 and y, each double-buffered; bfloat16 also needs two float32
    // work tiles to compute in.
    const uint64_t bytesPerElem = BUFFER_NUM * 3 * typeBytes + (dtype == ge::DT_BF16 ? 2 * sizeof(float) : 0);
    uint64_t tileLength = ubSize / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::min<uint64_t>(tileLength, MAX_TILE_LENGTH);

    SquaredDifferenceTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((blocksPerCore + 1) * elemsPerBlock);
    tiling.set_smallCoreLength(blocksPerCore * elemsPerBlock);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
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
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SquaredDifference : public OpDef {
public:
    explicit SquaredDifference(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x2")
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
OP_ADD(SquaredDifference);
}  // namespace ops
