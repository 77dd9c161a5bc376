#include <algorithm>

#include "concat_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_TILE_BYTES = 32 * 1024;
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t MAX_BLOCK_COUNT = 4095;  // DataCopyPad blockCount limit

struct InputTiling {
    uint64_t rowsPerTile, colTile, chunks, tiles;
};

// Whole rows per tile (each padded to 32 bytes in UB) when a row fits, else chunks of one row.
InputTiling TileInput(uint64_t rows, uint64_t cols, uint64_t tileElems, uint64_t align)
{
    InputTiling t{};
    const uint64_t pitch = (cols + align - 1) / align * align;
    if (pitch <= tileElems) {
        t.rowsPerTile = std::min<uint64_t>(tileElems / pitch, MAX_BLOCK_COUNT);
        t.colTile = cols;
        t.chunks = 1;
        t.tiles = (rows + t.rowsPerTile - 1) / t.rowsPerTile;
    } else {
        t.rowsPerTile = 1;
        t.colTile = tileElems;
        t.chunks = (cols + tileElems - 1) / tileElems;
        t.tiles = rows * t.chunks;
    }
    return t;
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& s1 = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& s2 = context->GetInputShape(1)->GetStorageShape();
    const size_t dims = s1.GetDimNum();
    if (dims == 0 || s2.GetDimNum() != dims) {
        return ge::GRAPH_FAILED;
    }
    for (size_t i = 0; i + 1 < dims; ++i) {
        if (s1.GetDim(i) != s2.GetDim(i)) {
            return ge::GRAPH_FAILED;
        }
    }
    const uint64_t cols1 = s1.GetDim(dims - 1);
    const uint64_t cols2 = s2.GetDim(dims - 1);
    if (cols1 == 0 || cols2 == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = static_cast<uint64_t>(s1.GetShapeSize()) / cols1;

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = ge::GetSizeByDataType(dtype);
    const uint64_t align = BLOCK_BYTES / typeBytes;
    // One bound queue of two buffers is all the UB the kernel needs.
    const uint64_t tileBytes = std::min<uint64_t>(MAX_TILE_BYTES, (ubSize - 1024) / BUFFER_NUM / BLOCK_BYTES * BLOCK_BYTES);
    const uint64_t tileElems = tileBytes / typeBytes;

    const InputTiling t1 = TileInput(rows, cols1, tileElems, align);
    const InputTiling t2 = TileInput(rows, cols2, tileElems, align);
    const uint64_t tiles = t1.tiles + t2.tiles;
    const uint64_t bytes = rows * (cols1 + cols2) * typeBytes * 2;
    const uint64_t wanted = std::max<uint64_t>((bytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, tiles, wanted}), 1);

    ConcatTilingData tiling;
    tiling.set_rows(rows);
    tiling.set_cols1(cols1);
    tiling.set_cols2(cols2);
    tiling.set_tiles1(t1.tiles);
    tiling.set_bigCoreTiles(tiles / coreNum + 1);
    tiling.set_smallCoreTiles(tiles / coreNum);
    tiling.set_bigCoreNum(static_cast<uint32_t>(tiles % coreNum));
    tiling.set_tileElems(static_cast<uint32_t>(tileElems));
    tiling.set_rowsPerTile1(static_cast<uint32_t>(t1.rowsPerTile));
    tiling.set_colTile1(static_cast<uint32_t>(t1.colTile));
    tiling.set_chunks1(static_cast<uint32_t>(t1.chunks));
    tiling.set_rowsPerTile2(static_cast<uint32_t>(t2.rowsPerTile));
    tiling.set_colTile2(static_cast<uint32_t>(t2.colTile));
    tiling.set_chunks2(static_cast<uint32_t>(t2.chunks));
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
    const gert::Shape* x1 = context->GetInputShape(0);
    const gert::Shape* x2 = context->GetInputShape(1);
    gert::Shape* y = context->GetOutputShape(0);
    const size_t dims = x1->GetDimNum();
    if (dims == 0 || x2->GetDimNum() != dims) {
        return GRAPH_FAILED;
    }
    *y = *x1;
    y->SetDim(dims - 1, x1->GetDim(dims - 1) + x2->GetDim(dims - 1));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Concat : public OpDef {
public:
    explicit Concat(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("x2")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT8, ge::DT_INT16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Concat);
}  // namespace ops
