#include <algorithm>

#include "transpose2d_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_TILE_ELEMS = 8192;
constexpr uint64_t BASE_EDGE = 64;          // square tiles of 64 x 64 when both axes are long
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
uint64_t AlignDown(uint64_t v, uint64_t a) { return v / a * a; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    // [..., M, N]: every leading axis is part of the batch.
    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const size_t dims = shape.GetDimNum();
    if (dims < 2) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetDim(dims - 2);
    const uint64_t cols = shape.GetDim(dims - 1);
    if (rows == 0 || cols == 0 || shape.GetShapeSize() <= 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t batch = static_cast<uint64_t>(shape.GetShapeSize()) / (rows * cols);
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = (dtype == ge::DT_FLOAT || dtype == ge::DT_INT32) ? 4 : 2;
    const uint64_t align = BLOCK_BYTES / typeBytes;

    // UB per tile element: input and output tiles double-buffered, plus one uint32 byte offset.
    const uint64_t bytesPerElem = BUFFER_NUM * 2 * typeBytes + sizeof(uint32_t);
    const uint64_t cap = std::min<uint64_t>(MAX_TILE_ELEMS, (ubSize - 2048) / bytesPerElem);

    // Square tiles for long axes; a short axis lets the other one grow so a tile stays large.
    // Both edges are multiples of 32 bytes: they are the UB row pitches of the two tiles.
    uint64_t mt = std::min(AlignUp(rows, align), BASE_EDGE);
    uint64_t nt = std::min(AlignUp(cols, align), BASE_EDGE);
    if (mt < BASE_EDGE) {
        nt = std::min(AlignUp(cols, align), AlignDown(cap / mt, align));
    } else if (nt < BASE_EDGE) {
        mt = std::min(AlignUp(rows, align), AlignDown(cap / nt, align));
    }

    const uint64_t rowTiles = (rows + mt - 1) / mt;
    const uint64_t colTiles = (cols + nt - 1) / nt;
    const uint64_t tiles = batch * rowTiles * colTiles;
    const uint64_t wanted = std::max<uint64_t>((batch * rows * cols * typeBytes * 2 + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, tiles, wanted}), 1);

    Transpose2dTilingData tiling;
    tiling.set_batch(batch);
    tiling.set_rows(rows);
    tiling.set_cols(cols);
    tiling.set_bigCoreTiles(tiles / coreNum + 1);
    tiling.set_smallCoreTiles(tiles / coreNum);
    tiling.set_bigCoreNum(static_cast<uint32_t>(tiles % coreNum));
    tiling.set_tileRows(static_cast<uint32_t>(mt));
    tiling.set_tileCols(static_cast<uint32_t>(nt));
    tiling.set_rowTiles(static_cast<uint32_t>(rowTiles));
    tiling.set_colTiles(static_cast<uint32_t>(colTiles));
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
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    *y = *x;
    const size_t dims = x->GetDimNum();
    if (dims < 2) {
        return GRAPH_FAILED;
    }
    y->SetDim(dims - 1, x->GetDim(dims - 2));
    y->SetDim(dims - 2, x->GetDim(dims - 1));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Transpose2d : public OpDef {
public:
    explicit Transpose2d(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Transpose2d);
}  // namespace ops
