#include <algorithm>

#include "cross_entropy_loss_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t MAX_TILE_ROWS = 256;
constexpr uint64_t MIN_ROWS_PER_CORE = 8;
// Per-row vectors of a tile (max, sum, target logit, valid flag, loss accumulator: 5 x 4 bytes,
// the broadcast max blocks: 32 bytes, the targets: 8 bytes), plus result slots and slack.
constexpr uint64_t PER_ROW_FIXED = 5 * 4 + 32 + 8;
constexpr uint64_t RESERVED_UB = MAX_TILE_ROWS * PER_ROW_FIXED + 4 * 1024;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
uint64_t WorkElems(uint64_t count)
{
    // ReduceMax / ReduceSum work area: one float per first-level repeat (x2 for the index), aligned.
    return CeilAlign(std::max<uint64_t>(CeilDiv(count, FLOATS_PER_REPEAT) * 2, 1), 8);
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& tShape = context->GetInputShape(1)->GetStorageShape();
    if (xShape.GetDimNum() != 2 || xShape.GetDim(0) == 0 || xShape.GetDim(1) == 0 ||
        tShape.GetShapeSize() != xShape.GetDim(0)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t numRows = xShape.GetDim(0);
    const uint64_t numClasses = xShape.GetDim(1);
    const ge::DataType dt = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dt == ge::DT_FLOAT ? 4 : 2;
    const int64_t* ignore = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    const int64_t ignoreIndex = ignore != nullptr ? *ignore : -100;

    // Rows split evenly among the cores, at least a few rows per core.
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, CeilDiv(numRows, MIN_ROWS_PER_CORE)), 1);
    const uint64_t smallCoreRows = numRows / coreNum;
    const uint64_t bigCoreNum = numRows % coreNum;
    const uint64_t rowsPerCore = smallCoreRows + (bigCoreNum > 0 ? 1 : 0);

    if (ubSize <= RESERVED_UB + 4096) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t avail = ubSize - RESERVED_UB;
    // UB bytes per element of a tile: two input buffers, plus a float32 copy for 16-bit logits.
    const uint64_t bytesPerElem = 2 * typeBytes + (typeBytes == 4 ? 0 : 4);
    const uint64_t colAlign = BLOCK_BYTES / typeBytes;  // 32 bytes: DataCopyPad's UB row pitch
    const uint64_t rowStride = CeilAlign(numClasses, colAlign);
    const uint64_t shortWork = std::max(WorkElems(rowStride), WorkElems(MAX_TILE_ROWS));
    uint64_t tileRows = 0;
    if (avail > shortWork * 4) {
        tileRows = (avail - shortWork * 4) / (rowStride * bytesPerElem);
    }
    tileRows = std::min({tileRows, MAX_TILE_ROWS, std::max<uint64_t>(rowsPerCore, 1)});

    uint32_t longRows = 0;
    uint64_t colTile = rowStride;
    uint64_t workElems = shortWork;
    if (tileRows == 0) {
        // A row does not fit: column chunks, two passes (max, then sum of exponentials).
        longRows = 1;
        tileRows = std::min<uint64_t>(MAX_TILE_ROWS, std::max<uint64_t>(rowsPerCore, 1));
        // (+1 byte per column: the work area, 2 floats per 64 columns, rounded up)
        colTile = avail / (bytesPerElem + 1) / colAlign * colAlign;
        colTile = std::min(colTile, rowStride);
        workElems = std::max(WorkElems(colTile), WorkElems(MAX_TILE_ROWS));
        while (colTile * bytesPerElem + workElems * 4 > avail) {
            colTile -= colAlign;
            workElems = std::max(WorkElems(colTile), WorkElems(MAX_TILE_ROWS));
        }
    }

    CrossEntropyLossTilingData tiling;
    tiling.set_numRows(numRows);
    tiling.set_numClasses(static_cast<uint32_t>(numClasses));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_bigCoreRows(smallCoreRows + 1);
    tiling.set_smallCoreRows(smallCoreRows);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_longRows(longRows);
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_workElems(static_cast<uint32_t>(workElems));
    tiling.set_ignoreIndex(ignoreIndex);

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(1);
    // SyncAll's system workspace + one 32-byte slot per core for its (sum, count) partial.
    workspaces[0] = platform.GetLibApiWorkSpaceSize() + coreNum * BLOCK_BYTES;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class CrossEntropyLoss : public OpDef {
public:
    explicit CrossEntropyLoss(const char* name) : OpDef(name)
    {
        this->Input("logits")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("target")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("ignore_index").AttrType(OPTIONAL).Int(-100);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(CrossEntropyLoss);
}  // namespace ops
