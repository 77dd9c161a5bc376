#include <algorithm>

#include "reduce_mean_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t MAX_REPEAT = 255;
constexpr uint64_t ROW_CHUNK = 1920;           // inner == 1: columns per tile (30 float32 repeats)
constexpr uint64_t TILE_BYTES = 16 * 1024;     // inner > 1: bytes of x per tile and buffer
constexpr uint64_t MIN_COL_CHUNK_BYTES = 512;  // inner > 1: smallest column chunk worth a core
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t SEGMENT_ALIGN = 64;          // split rows: segment lengths in whole repeats

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }

bool ResolveAxis(const gert::Shape& shape, int64_t axis, size_t* out)
{
    const int64_t dims = static_cast<int64_t>(shape.GetDimNum());
    if (axis < -dims || axis >= dims) {
        return false;
    }
    *out = static_cast<size_t>(axis < 0 ? axis + dims : axis);
    return true;
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const int64_t* axisAttr = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    size_t axis = 0;
    if (shape.GetDimNum() < 1 || !ResolveAxis(shape, axisAttr == nullptr ? -1 : *axisAttr, &axis)) {
        return ge::GRAPH_FAILED;
    }
    uint64_t outer = 1;
    uint64_t inner = 1;
    for (size_t i = 0; i < axis; ++i) {
        outer *= shape.GetDim(i);
    }
    for (size_t i = axis + 1; i < shape.GetDimNum(); ++i) {
        inner *= shape.GetDim(i);
    }
    const uint64_t reduceLen = shape.GetDim(axis);
    if (outer == 0 || inner == 0 || reduceLen == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t total = outer * reduceLen * inner;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;
    const uint64_t blockElems = BLOCK_BYTES / typeBytes;
    const uint64_t wanted = std::max<uint64_t>(total * typeBytes / MIN_BYTES_PER_CORE, 1);

    uint64_t tileRows;
    uint64_t colChunk;
    uint64_t chunks;
    uint64_t units;
    uint64_t splitFactor = 1;
    uint64_t segmentLen = reduceLen;
    if (inner == 1 && outer * 2 <= std::min(coreMax, wanted)) {
        // Few long rows (a 1-D input is one row): every row is cut into segments, one per core;
        // partial sums meet in the workspace after SyncAll and the row's first core finishes.
        const uint64_t byCores = std::min(coreMax, wanted) / outer;
        segmentLen = CeilAlign(CeilDiv(reduceLen, byCores), SEGMENT_ALIGN);
        splitFactor = CeilDiv(reduceLen, segmentLen);
    }
    if (inner == 1 && splitFactor > 1) {
        colChunk = std::min(segmentLen, ROW_CHUNK);
        chunks = CeilDiv(segmentLen, colChunk);
        units = outer * splitFactor;
        tileRows = 1;
    } else if (inner == 1) {
        // Rows of R elements, one output each; a tile is [tileRows, colChunk], rows folded into
        // 64 float32 lanes per row, then one WholeReduceSum repeat per row.
        colChunk = std::min(reduceLen, ROW_CHUNK);
        chunks = CeilDiv(reduceLen, colChunk);
        const uint64_t rowStride = CeilAlign(colChunk, blockElems);
        units = outer;
        const uint64_t perRow = rowStride * (2 * typeBytes + (isFloat ? 0 : 4)) + FLOATS_PER_REPEAT * 4 + 4 +
                                2 * typeBytes;
        const uint64_t byBytes = std::max<uint64_t>(2 * TILE_BYTES / (rowStride * typeBytes), 1);
        tileRows = std::min({byBytes, MAX_REPEAT, (ubSize - 4096) / perRow});
    } else {
        // Columns of the [R, inner] slab of one outer index; a tile is [tileRows, colChunk] of
        // it, folded in halves into one row and added to a float32 accumulator.
        const uint64_t maxChunk = TILE_BYTES / typeBytes;
        const uint64_t chunksWanted = CeilDiv(std::min(coreMax, wanted), outer);
        colChunk = CeilAlign(CeilDiv(inner, chunksWanted), blockElems);
        colChunk = std::max<uint64_t>(colChunk, MIN_COL_CHUNK_BYTES / typeBytes);
        colChunk = std::min({colChunk, maxChunk, inner});
        chunks = CeilDiv(inner, colChunk);
        const uint64_t rowStride = CeilAlign(colChunk, blockElems);
        units = outer * chunks;
        tileRows = std::max<uint64_t>(std::min(reduceLen, TILE_BYTES / (rowStride * typeBytes)), 1);
    }
    const uint64_t coreNum =
        splitFactor > 1 ? units : std::max<uint64_t>(std::min({coreMax, units, wanted}), 1);

    ReduceMeanTilingData tiling;
    tiling.set_outer(static_cast<uint32_t>(outer));
    tiling.set_reduceLen(static_cast<uint32_t>(reduceLen));
    tiling.set_inner(static_cast<uint32_t>(inner));
    tiling.set_tileRows(static_cast<uint32_t>(std::max<uint64_t>(tileRows, 1)));
    tiling.set_colChunk(static_cast<uint32_t>(colChunk));
    tiling.set_chunks(static_cast<uint32_t>(chunks));
    tiling.set_bigCoreUnits(static_cast<uint32_t>(units / coreNum + 1));
    tiling.set_smallCoreUnits(static_cast<uint32_t>(units / coreNum));
    tiling.set_bigCoreNum(static_cast<uint32_t>(units % coreNum));
    tiling.set_splitFactor(static_cast<uint32_t>(splitFactor));
    tiling.set_segmentLen(static_cast<uint32_t>(segmentLen));
    tiling.set_invLen(static_cast<float>(1.0 / static_cast<double>(reduceLen)));

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // Split rows: the runtime's system workspace, then one 32-byte partial-sum slot per core.
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = splitFactor > 1 ? platform.GetLibApiWorkSpaceSize() + coreNum * BLOCK_BYTES : 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    const int64_t* axisAttr = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    const bool* keepAttr = context->GetAttrs()->GetAttrPointer<bool>(1);
    const int64_t dims = static_cast<int64_t>(x->GetDimNum());
    int64_t axis = axisAttr == nullptr ? -1 : *axisAttr;
    if (axis < -dims || axis >= dims) {
        return GRAPH_FAILED;
    }
    axis = axis < 0 ? axis + dims : axis;
    const bool keepDim = keepAttr != nullptr && *keepAttr;
    y->SetDimNum(0);
    for (int64_t i = 0; i < dims; ++i) {
        if (i != axis) {
            y->AppendDim(x->GetDim(i));
        } else if (keepDim) {
            y->AppendDim(1);
        }
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ReduceMean : public OpDef {
public:
    explicit ReduceMean(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("axis").AttrType(OPTIONAL).Int(-1);
        this->Attr("keepdim").AttrType(OPTIONAL).Bool(false);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ReduceMean);
}  // namespace ops
