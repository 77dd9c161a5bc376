#include <algorithm>

#include "silu_grad_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
// Less data than this per core does not pay for another core.
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
// Tiles hold whole 256-byte float32 repeats.
constexpr uint64_t TILE_ALIGN = 64;
constexpr uint64_t MAX_TILE_LENGTH = 8192;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }

    // Whole 32-byte blocks per core, so every core starts on an aligned GM address; the first
    // bigCoreNum cores take one block more, only the last core can end inside a block.
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = std::max<uint64_t>((total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::min({coreMax, totalBlocks, wanted});
    const uint64_t blocksPerCore = totalBlocks / coreNum;
    const uint64_t bigCoreNum = totalBlocks % coreNum;

    // UB per element: dy, x, dx double-buffered in the I/O dtype; float32 scratch for the sigmoid,
    // the second factor and a vector of ones; 16-bit inputs also need two float32 copies.
    const uint64_t bytesPerElem = BUFFER_NUM * 3 * typeBytes + 3 * sizeof(float) + (typeBytes == 2 ? 2 * sizeof(float) : 0);
    uint64_t tileLength = (ubSize - 1024) / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::max<uint64_t>(std::min<uint64_t>(tileLength, MAX_TILE_LENGTH), TILE_ALIGN);

    SiluGradTilingData tiling;
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
class SiluGrad : public OpDef {
public:
    explicit SiluGrad(const char* name) : OpDef(name)
    {
        this->Input("dy")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(SiluGrad);
}  // namespace ops
