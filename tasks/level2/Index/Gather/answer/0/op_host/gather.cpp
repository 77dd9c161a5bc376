#include <algorithm>

#include "gather_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_TILE_BYTES = 32 * 1024;
constexpr uint64_t MAX_ROWS_PER_TILE = 1024;  // also bounds the index tile (8 KiB of int64)
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& table = context->GetInputShape(0)->GetStorageShape();
    if (table.GetDimNum() != 2 || table.GetDim(0) <= 0 || table.GetDim(1) <= 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t numRows = table.GetDim(0);
    const uint64_t rowLen = table.GetDim(1);
    const uint64_t numIndices = context->GetInputShape(1)->GetStorageShape().GetShapeSize();
    const uint64_t typeBytes = ge::GetSizeByDataType(context->GetInputDesc(0)->GetDataType());
    const uint64_t align = BLOCK_BYTES / typeBytes;

    // UB: a bound queue of two row tiles, and one index tile (at most MAX_ROWS_PER_TILE int64).
    const uint64_t indexBytes = MAX_ROWS_PER_TILE * sizeof(int64_t);
    const uint64_t tileBytes = std::min<uint64_t>(MAX_TILE_BYTES, (ubSize - indexBytes - 1024) / BUFFER_NUM / BLOCK_BYTES * BLOCK_BYTES);
    const uint64_t tileElems = tileBytes / typeBytes;
    const uint64_t pitch = (rowLen + align - 1) / align * align;
    uint64_t rowsPerTile, colTile, chunks;
    if (pitch <= tileElems) {
        rowsPerTile = std::min<uint64_t>(tileElems / pitch, MAX_ROWS_PER_TILE);
        colTile = rowLen;
        chunks = 1;
    } else {
        rowsPerTile = 1;
        colTile = tileElems;
        chunks = (rowLen + tileElems - 1) / tileElems;
    }

    const uint64_t units = numIndices * chunks;
    const uint64_t wanted = std::max<uint64_t>((numIndices * rowLen * typeBytes * 2 + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, std::max<uint64_t>(units, 1), wanted}), 1);

    GatherTilingData tiling;
    tiling.set_numRows(numRows);
    tiling.set_rowLen(rowLen);
    tiling.set_numIndices(numIndices);
    tiling.set_bigCoreUnits(units / coreNum + 1);
    tiling.set_smallCoreUnits(units / coreNum);
    tiling.set_bigCoreNum(static_cast<uint32_t>(units % coreNum));
    tiling.set_tileElems(static_cast<uint32_t>(tileElems));
    tiling.set_rowsPerTile(static_cast<uint32_t>(rowsPerTile));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_chunks(static_cast<uint32_t>(chunks));
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
    const gert::Shape* table = context->GetInputShape(0);
    const gert::Shape* indices = context->GetInputShape(1);
    gert::Shape* y = context->GetOutputShape(0);
    if (table->GetDimNum() != 2) {
        return GRAPH_FAILED;
    }
    *y = *indices;
    y->AppendDim(table->GetDim(1));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Gather : public OpDef {
public:
    explicit Gather(const char* name) : OpDef(name)
    {
        this->Input("table")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32,
                       ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("indices")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT32,
                       ge::DT_INT64, ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32,
                       ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
                     ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Gather);
}  // namespace ops
