#include <algorithm>
#include <cstdint>

#include "add_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;  // granule of DataCopy and of the per-core split
constexpr uint64_t BUFFER_NUM = 2;    // every queue is double-buffered
// A tile is a whole number of 256-byte vector repeats for 2- and 4-byte element types alike.
constexpr uint64_t TILE_ALIGN_ELEMS = 128;
// Less data than this per core does not pay for starting another core.
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;

uint64_t BytesOf(ge::DataType dtype)
{
    switch (dtype) {
        case ge::DT_FLOAT:
        case ge::DT_INT32: return 4;
        default: return 2;  // DT_FLOAT16, DT_BF16
    }
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubBytes = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubBytes);
    const uint64_t coreCount = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = BytesOf(dtype);
    const uint64_t total = static_cast<uint64_t>(context->GetInputShape(0)->GetStorageShape().GetShapeSize());
    if (static_cast<uint64_t>(context->GetInputShape(1)->GetStorageShape().GetShapeSize()) != total) {
        return ge::GRAPH_FAILED;  // no broadcasting: x2 has the shape of x1
    }

    // Split the data in whole 32-byte blocks: the first `formerNum` cores take one block more
    // than the others, so that core loads differ by at most one block; every core starts on a
    // block boundary and only the last one can end inside a block.
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t blockCount = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t coresForData = std::max<uint64_t>((total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t usedCores = std::min({coreCount, blockCount, coresForData});
    const uint64_t blocksPerCore = blockCount / usedCores;
    const uint64_t formerNum = blockCount % usedCores;
    const uint64_t formerLength = (blocksPerCore + (formerNum > 0 ? 1 : 0)) * elemsPerBlock;
    const uint64_t tailLength = blocksPerCore * elemsPerBlock;

    // UB budget per element of a tile: x1, x2 and y tiles, each double-buffered,
    // plus two float32 work tiles when bfloat16 is widened.
    const bool widen = dtype == ge::DT_BF16;
    const uint64_t bytesPerElem = BUFFER_NUM * 3 * typeBytes + (widen ? 2 * sizeof(float) : 0);
    const uint64_t ubAvail = ubBytes;
    uint64_t tileLength = ubAvail / bytesPerElem / TILE_ALIGN_ELEMS * TILE_ALIGN_ELEMS;
    // No tile larger than one core's share (rounded up to whole repeats).
    tileLength = std::min(tileLength, (formerLength + TILE_ALIGN_ELEMS - 1) / TILE_ALIGN_ELEMS * TILE_ALIGN_ELEMS);
    if (tileLength == 0) {
        return ge::GRAPH_FAILED;
    }

    AddTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_formerLength(formerLength);
    tiling.set_tailLength(tailLength);
    tiling.set_formerNum(static_cast<uint32_t>(formerNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));

    context->SetBlockDim(static_cast<uint32_t>(usedCores));
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
class Add : public OpDef {
public:
    explicit Add(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x2")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
        this->AICore().AddConfig("ascend310p");
    }
};
OP_ADD(Add);
}  // namespace ops
