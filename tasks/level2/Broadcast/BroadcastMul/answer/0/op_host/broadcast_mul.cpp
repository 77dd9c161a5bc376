#include <algorithm>

#include "broadcast_mul_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_CHUNK_BYTES = 16 * 1024;  // one row chunk of x in UB (per buffer)
constexpr uint64_t MAX_TILE_ROWS = 1024;
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t RESERVED_UB = 4 * 1024;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& yShape = context->GetInputShape(1)->GetStorageShape();
    if (xShape.GetDimNum() < 1 || yShape.GetDimNum() < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = xShape.GetDim(xShape.GetDimNum() - 1);
    const uint64_t total = xShape.GetShapeSize();
    if (cols == 0 || total == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = total / cols;
    const uint64_t yLast = yShape.GetDim(yShape.GetDimNum() - 1);
    const uint64_t yNum = yShape.GetShapeSize();
    uint32_t mode;
    if (yLast == cols && yNum == cols) {
        mode = 0;
    } else if (yLast == 1 && yNum == rows) {
        mode = 1;
    } else {
        return ge::GRAPH_FAILED;
    }

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = (dtype == ge::DT_FLOAT || dtype == ge::DT_INT32) ? 4 : 2;
    const bool widen = dtype == ge::DT_BF16;  // computed in float32
    const uint64_t blockElems = BLOCK_BYTES / typeBytes;

    // Column chunk: a whole row when it fits, otherwise a multiple of 256 bytes.
    const uint64_t maxChunk = MAX_CHUNK_BYTES / typeBytes;
    const uint64_t colChunk = cols <= maxChunk ? cols : maxChunk;
    const uint64_t chunksPerRow = CeilDiv(cols, colChunk);
    const uint64_t rowStride = CeilAlign(colChunk, blockElems);

    // UB per tile row: x and z double-buffered (+ a float32 copy for bfloat16); column broadcast
    // adds the row's y value (+ float32 copy) and its 32-byte block. Fixed: the y chunk.
    const uint64_t perRow = rowStride * (2 * BUFFER_NUM * typeBytes + (widen ? 4 : 0)) +
                            (mode == 1 ? typeBytes + 4 + BLOCK_BYTES : 0);
    const uint64_t fixed = RESERVED_UB + (mode == 0 ? rowStride * (typeBytes + (widen ? 4 : 0)) : 0) +
                           2 * BLOCK_BYTES * 8;
    if (ubSize < fixed + perRow) {
        return ge::GRAPH_FAILED;
    }

    // Work units: rows (a tile holds several) or, for long rows, (row, chunk) pairs.
    const uint64_t units = rows * chunksPerRow;
    const uint64_t wanted = std::max<uint64_t>(total * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, units, wanted}), 1);
    const uint64_t smallCoreUnits = units / coreNum;
    const uint64_t bigCoreNum = units % coreNum;
    uint64_t tileRows = 1;
    if (chunksPerRow == 1) {
        tileRows = std::min({(ubSize - fixed) / perRow, smallCoreUnits + (bigCoreNum > 0 ? 1 : 0), MAX_TILE_ROWS});
        // Keep a tile at most MAX_CHUNK_BYTES * 2 so that the pipeline has several stages.
        tileRows = std::max<uint64_t>(std::min<uint64_t>(tileRows, 2 * MAX_CHUNK_BYTES / (rowStride * typeBytes)), 1);
    }

    BroadcastMulTilingData tiling;
    tiling.set_mode(mode);
    tiling.set_rows(static_cast<uint32_t>(rows));
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_colChunk(static_cast<uint32_t>(colChunk));
    tiling.set_chunksPerRow(static_cast<uint32_t>(chunksPerRow));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_bigCoreUnits(smallCoreUnits + 1);
    tiling.set_smallCoreUnits(smallCoreUnits);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));

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
class BroadcastMul : public OpDef {
public:
    explicit BroadcastMul(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("z")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(BroadcastMul);
}  // namespace ops
