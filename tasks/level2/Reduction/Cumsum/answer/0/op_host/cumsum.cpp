#include <algorithm>

#include "cumsum_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t MAX_CHUNK_COLS = 64;
constexpr uint64_t TILE_ELEMS = 4096;           // elements of a [tileRows, rowStride] tile
constexpr uint64_t ROW_ALIGN = 8;               // a transposed row (tileRows floats) is 32-byte aligned
constexpr uint64_t MAX_TILE_ROWS = 1024;
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = shape.GetDim(shape.GetDimNum() - 1);
    if (cols == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetShapeSize() / cols;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;

    const uint64_t chunkCols = std::min(cols, MAX_CHUNK_COLS);
    const uint64_t chunks = CeilDiv(cols, chunkCols);
    const uint64_t rowStride = CeilAlign(chunkCols, BLOCK_BYTES / typeBytes);

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, rows, wanted}), 1);
    // Few long rows: split every row into segments on separate cores (two-phase scan: segment
    // totals through the workspace, SyncAll, then each segment rescans from its offset).
    uint64_t segs = 1;
    uint64_t segLen = cols;
    if (rows < coreMax) {
        const uint64_t bySize = cols * typeBytes / MIN_BYTES_PER_CORE;
        const uint64_t want = std::min(coreMax / rows, bySize);
        if (want >= 2) {
            segLen = CeilAlign(CeilDiv(cols, want), chunkCols);
            segs = CeilDiv(cols, segLen);
        }
    }
    if (segs > 1) {
        coreNum = rows * segs;
    }
    const uint64_t smallCoreRows = segs > 1 ? 1 : rows / coreNum;
    const uint64_t bigCoreNum = segs > 1 ? 0 : rows % coreNum;
    const uint64_t coreRows = smallCoreRows + (bigCoreNum > 0 ? 1 : 0);

    uint64_t tileRows = std::max<uint64_t>(TILE_ELEMS / rowStride, ROW_ALIGN);
    tileRows = std::min({tileRows, CeilAlign(coreRows, ROW_ALIGN), MAX_TILE_ROWS});
    tileRows = CeilAlign(tileRows, ROW_ALIGN);
    // UB: x and y double-buffered, the float32 tile, its transpose, two offset tables and (for
    // 16-bit types) the float32 result; the carry row.
    const uint64_t tileElems = tileRows * rowStride;
    const uint64_t need = tileElems * (4 * typeBytes + 4 * 4 + (isFloat ? 0 : 2 * 4)) + tileRows * 4 + 4096;
    if (need > ubSize) {
        return ge::GRAPH_FAILED;
    }

    CumsumTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_chunkCols(static_cast<uint32_t>(chunkCols));
    tiling.set_chunks(static_cast<uint32_t>(chunks));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_bigCoreRows(static_cast<uint32_t>(smallCoreRows + 1));
    tiling.set_smallCoreRows(static_cast<uint32_t>(smallCoreRows));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_segs(static_cast<uint32_t>(segs));
    tiling.set_segLen(static_cast<uint32_t>(segLen));

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(1);
    // System workspace, then (segmented scan only) one 32-byte segment-total slot per core.
    workspaces[0] = platform.GetLibApiWorkSpaceSize() + (segs > 1 ? coreNum * BLOCK_BYTES : 0);
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
class Cumsum : public OpDef {
public:
    explicit Cumsum(const char* name) : OpDef(name)
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
OP_ADD(Cumsum);
}  // namespace ops
