#include <algorithm>

#include "scatter_add_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_ROWS_PER_TILE = 1024;     // also bounds the index buffers (2 x 1024 x 8 bytes)
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t RESERVED_UB = 2 * MAX_ROWS_PER_TILE * sizeof(int64_t) + 1024;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }

uint64_t TypeBytes(ge::DataType dt)
{
    return (dt == ge::DT_FLOAT || dt == ge::DT_INT32) ? 4 : 2;
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& selfShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& indexShape = context->GetInputShape(1)->GetStorageShape();
    const gert::Shape& srcShape = context->GetInputShape(2)->GetStorageShape();
    if (selfShape.GetDimNum() < 1 || selfShape.GetDim(0) == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t numRows = selfShape.GetDim(0);
    const uint64_t total = selfShape.GetShapeSize();
    const uint64_t rowLen = total / numRows;
    const uint64_t numIndices = indexShape.GetShapeSize();
    if (rowLen == 0 || static_cast<uint64_t>(srcShape.GetShapeSize()) != numIndices * rowLen) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t typeBytes = TypeBytes(context->GetInputDesc(0)->GetDataType());
    const uint64_t perBlock = BLOCK_BYTES / typeBytes;

    // One core count for both phases (they meet in SyncAll): enough bytes per core to pay for
    // the launch, at most the platform's vector cores.
    const uint64_t bytes = (total + numIndices * rowLen) * typeBytes;
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, CeilDiv(bytes, MIN_BYTES_PER_CORE)), 1);

    // Phase 1, out = self: a flat copy split in whole 32-byte blocks, the tail on the last cores.
    const uint64_t blocks = CeilDiv(total, perBlock);
    const uint64_t bigCopyNum = blocks % coreNum;
    const uint64_t smallCopyLength = blocks / coreNum * perBlock;
    const uint64_t bigCopyLength = smallCopyLength + perBlock;

    // Two tile buffers share UB with the two index buffers; the same buffers serve both phases.
    if (ubSize < RESERVED_UB + BUFFER_NUM * 1024) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t tileBytes = (ubSize - RESERVED_UB) / BUFFER_NUM / BLOCK_BYTES * BLOCK_BYTES;
    const uint64_t copyTile = tileBytes / typeBytes;

    // Phase 2, scatter: src rows split among the cores; a tile holds whole rows (32-byte pitch)
    // or, for long rows, a column chunk of one row.
    const uint64_t smallCoreRows = numIndices / coreNum;
    const uint64_t bigCoreNum = numIndices % coreNum;
    const uint64_t colTile = std::min(rowLen, copyTile);
    const uint64_t pitchBytes = CeilAlign(colTile * typeBytes, BLOCK_BYTES);
    const uint64_t rowsPerTile = std::max<uint64_t>(
        std::min({tileBytes / pitchBytes, MAX_ROWS_PER_TILE, std::max<uint64_t>(smallCoreRows + 1, 1)}), 1);

    ScatterAddTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCopyLength(bigCopyLength);
    tiling.set_smallCopyLength(smallCopyLength);
    tiling.set_bigCopyNum(static_cast<uint32_t>(bigCopyNum));
    tiling.set_copyTile(static_cast<uint32_t>(copyTile));
    tiling.set_numRows(numRows);
    tiling.set_rowLen(rowLen);
    tiling.set_numIndices(numIndices);
    tiling.set_bigCoreRows(smallCoreRows + 1);
    tiling.set_smallCoreRows(smallCoreRows);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_rowsPerTile(static_cast<uint32_t>(rowsPerTile));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_tileBytes(static_cast<uint32_t>(tileBytes));

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = platform.GetLibApiWorkSpaceSize();  // SyncAll between the phases
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
class ScatterAdd : public OpDef {
public:
    explicit ScatterAdd(const char* name) : OpDef(name)
    {
        this->Input("self")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32,
                       ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("index")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT32,
                       ge::DT_INT64, ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("src")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32,
                       ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32,
                       ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ScatterAdd);
}  // namespace ops
