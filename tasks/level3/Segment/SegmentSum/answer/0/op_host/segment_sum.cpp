#include <algorithm>

#include "segment_sum_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t PITCH_ALIGN = 16;              // elements: a 32-byte multiple for every dtype
constexpr uint64_t MAX_COL_TILE = 4096;
constexpr uint64_t MAX_ROWS_PER_TILE = 1024;
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t RESERVED_UB = 2 * 1024;

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

    const gert::Shape& dataShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& idsShape = context->GetInputShape(1)->GetStorageShape();
    const int64_t* numSegmentsAttr = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    if (dataShape.GetDimNum() < 1 || dataShape.GetDim(0) == 0 || numSegmentsAttr == nullptr || *numSegmentsAttr < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t numRows = dataShape.GetDim(0);
    const uint64_t rowLen = dataShape.GetShapeSize() / numRows;
    const uint64_t numSegments = static_cast<uint64_t>(*numSegmentsAttr);
    if (rowLen == 0 || static_cast<uint64_t>(idsShape.GetShapeSize()) != numRows) {
        return ge::GRAPH_FAILED;
    }
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = TypeBytes(dtype);
    const bool widen = typeBytes == 2;  // float16 / bfloat16 accumulate in float32
    const uint64_t perBlock = BLOCK_BYTES / typeBytes;
    const uint64_t outLength = numSegments * rowLen;

    // One core count for both phases (they meet in SyncAll).
    const uint64_t bytes = (numRows * rowLen + outLength) * typeBytes;
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, CeilDiv(bytes, MIN_BYTES_PER_CORE)), 1);

    // Phase 2 layout: a tile of rowsPerTile rows x colTile columns at a pitch of `pitch` elements.
    const uint64_t colTile = std::min(rowLen, MAX_COL_TILE);
    const uint64_t pitch = CeilAlign(colTile, PITCH_ALIGN);
    const uint64_t smallCoreRows = numRows / coreNum;
    const uint64_t bigCoreNum = numRows % coreNum;
    // Fixed: the float32 / int32 accumulator (when widening), two output rows, two id buffers.
    const uint64_t fixedBytes = (widen ? pitch * 4 : 0) + 2 * pitch * typeBytes + RESERVED_UB;
    // Per tile row: the double-buffered input rows plus, when widening, their float32 copy.
    const uint64_t perRowBytes = 2 * pitch * typeBytes + (widen ? pitch * 4 : 0);
    if (ubSize < fixedBytes + perRowBytes + 2 * MAX_ROWS_PER_TILE * 4) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowsPerTile = std::max<uint64_t>(
        std::min({(ubSize - fixedBytes - 2 * MAX_ROWS_PER_TILE * 4) / perRowBytes, MAX_ROWS_PER_TILE,
                  smallCoreRows + 1}),
        1);

    // Phase 1, out = 0: split in whole 32-byte blocks; one input tile buffer serves as the zero tile.
    const uint64_t blocks = CeilDiv(outLength, perBlock);
    const uint64_t bigZeroNum = blocks % coreNum;
    const uint64_t smallZeroLength = blocks / coreNum * perBlock;
    const uint64_t zeroTile = rowsPerTile * pitch;

    SegmentSumTilingData tiling;
    tiling.set_outLength(outLength);
    tiling.set_bigZeroLength(smallZeroLength + perBlock);
    tiling.set_smallZeroLength(smallZeroLength);
    tiling.set_bigZeroNum(static_cast<uint32_t>(bigZeroNum));
    tiling.set_zeroTile(static_cast<uint32_t>(zeroTile));
    tiling.set_numRows(numRows);
    tiling.set_rowLen(rowLen);
    tiling.set_bigCoreRows(smallCoreRows + 1);
    tiling.set_smallCoreRows(smallCoreRows);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_rowsPerTile(static_cast<uint32_t>(rowsPerTile));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_pitch(static_cast<uint32_t>(pitch));

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
    const gert::Shape* data = context->GetInputShape(0);
    const int64_t* numSegments = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    if (data == nullptr || numSegments == nullptr || data->GetDimNum() < 1) {
        return GRAPH_FAILED;
    }
    gert::Shape* out = context->GetOutputShape(0);
    *out = *data;
    out->SetDim(0, *numSegments);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SegmentSum : public OpDef {
public:
    explicit SegmentSum(const char* name) : OpDef(name)
    {
        this->Input("data")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("segment_ids")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("num_segments").AttrType(REQUIRED).Int();

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(SegmentSum);
}  // namespace ops
