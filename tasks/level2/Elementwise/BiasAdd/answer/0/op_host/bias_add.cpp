#include <algorithm>

#include "bias_add_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;
constexpr uint32_t MAX_REPEAT = 255;        // repeat count and repeat strides are 8-bit
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t MIN_BYTES_PER_CORE = 8 * 1024;

uint32_t AlignUp(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint32_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& biasShape = context->GetInputShape(1)->GetStorageShape();
    if (xShape.GetDimNum() < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = xShape.GetDim(xShape.GetDimNum() - 1);
    if (cols == 0 || biasShape.GetShapeSize() != static_cast<int64_t>(cols)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = xShape.GetShapeSize() / cols;
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint32_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    // bfloat16 is added in float32: tiles get a float32 copy, and the vector repeat (and the
    // 255-block row stride limit) count float32 lanes.
    const bool widen = dtype == ge::DT_BF16;
    const uint32_t computeBytes = widen ? 4 : typeBytes;
    const uint32_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint32_t elemsPerRepeat = REPEAT_BYTES / computeBytes;

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint32_t coreNum = static_cast<uint32_t>(std::min<uint64_t>(coreMax, wanted));

    // The cores form a grid: row groups (the rows split as evenly as possible) times column
    // groups. With at least as many rows as cores there is one column group; with fewer rows
    // (down to a single long row) the columns are split too, so every core gets work.
    const uint32_t rowGroups = static_cast<uint32_t>(std::min<uint64_t>(coreNum, rows));
    const uint32_t wantedColGroups = std::max<uint32_t>(coreNum / rowGroups, 1);

    // A row of a tile is at most 255 blocks long (the 8-bit repeat stride of the vector
    // instruction that walks the rows), in whole 256-byte repeats. When the columns are split,
    // tiles are narrowed so that there are enough of them for the column groups.
    const uint32_t maxTileCols = MAX_REPEAT * BLOCK_BYTES / computeBytes / elemsPerRepeat * elemsPerRepeat;
    const uint64_t splitCols = AlignUp(static_cast<uint32_t>((cols + wantedColGroups - 1) / wantedColGroups), elemsPerRepeat);
    const uint32_t tileCols = static_cast<uint32_t>(std::min<uint64_t>({cols, maxTileCols, splitCols}));
    const uint32_t rowStride = AlignUp(tileCols, elemsPerBlock);
    const uint32_t colTiles = static_cast<uint32_t>((cols + tileCols - 1) / tileCols);
    const uint32_t colGroups = std::min(wantedColGroups, colTiles);

    // Rows: as many as the UB holds with x and y double-buffered and one bias chunk; each
    // buffer has one spare repeat so that the last masked repeat stays inside it.
    const uint64_t wideBytes = widen ? sizeof(float) : 0;
    const uint64_t biasBytes = (rowStride + elemsPerRepeat) * (typeBytes + wideBytes);
    const uint64_t perRowBytes = (static_cast<uint64_t>(BUFFER_NUM) * 2 * typeBytes + wideBytes) * rowStride;
    const uint64_t spareBytes = (static_cast<uint64_t>(BUFFER_NUM) * 2 * typeBytes + wideBytes) * elemsPerRepeat;
    uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>((ubSize - biasBytes - spareBytes) / perRowBytes, MAX_REPEAT));

    const uint32_t smallCoreRows = static_cast<uint32_t>(rows / rowGroups);
    const uint32_t bigCoreNum = static_cast<uint32_t>(rows % rowGroups);
    tileRows = std::max<uint32_t>(std::min<uint32_t>(tileRows, smallCoreRows + (bigCoreNum > 0 ? 1 : 0)), 1);

    BiasAddTilingData tiling;
    tiling.set_rows(static_cast<uint32_t>(rows));
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_bigCoreRows(smallCoreRows + 1);
    tiling.set_smallCoreRows(smallCoreRows);
    tiling.set_bigCoreNum(bigCoreNum);
    tiling.set_tileRows(tileRows);
    tiling.set_tileCols(tileCols);
    tiling.set_colGroups(colGroups);
    tiling.set_bigGroupTiles(colTiles / colGroups + 1);
    tiling.set_smallGroupTiles(colTiles / colGroups);
    tiling.set_bigGroupNum(colTiles % colGroups);

    context->SetBlockDim(rowGroups * colGroups);
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
class BiasAdd : public OpDef {
public:
    explicit BiasAdd(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bias")
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
OP_ADD(BiasAdd);
}  // namespace ops
