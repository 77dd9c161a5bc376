#include <algorithm>

#include "swi_glu_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t TILE_ALIGN = 64;            // whole float32 repeats
constexpr uint64_t MAX_TILE_ELEMS = 8192;
constexpr uint64_t MAX_BLOCK_COUNT = 4095;     // DataCopyPad blockCount limit
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const size_t dims = shape.GetDimNum();
    if (dims == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t last = static_cast<uint64_t>(shape.GetDim(dims - 1));
    if (last == 0 || last % 2 != 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t half = last / 2;
    const uint64_t rows = static_cast<uint64_t>(shape.GetShapeSize()) / last;

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;

    // UB per tile element: a, b and y double-buffered in the I/O dtype, one float32 scratch;
    // 16-bit types add float32 copies of a and b.
    const uint64_t bytesPerElem = BUFFER_NUM * 3 * typeBytes + sizeof(float) + (typeBytes == 2 ? 2 * sizeof(float) : 0);
    uint64_t tileElems = (ubSize - 1024) / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileElems = std::max<uint64_t>(std::min<uint64_t>(tileElems, MAX_TILE_ELEMS), TILE_ALIGN);

    // Short rows: whole rows per tile, each padded to 32 bytes in UB. Long rows: chunks of
    // tileElems columns (a multiple of 64, so every chunk but a row's last is block aligned).
    const uint64_t rowStride = (half + elemsPerBlock - 1) / elemsPerBlock * elemsPerBlock;
    uint64_t colTile, colChunks, rowsPerTile;
    if (rowStride <= tileElems) {
        colTile = half;
        colChunks = 1;
        rowsPerTile = std::min<uint64_t>(tileElems / rowStride, MAX_BLOCK_COUNT);
    } else {
        colTile = tileElems;
        colChunks = (half + colTile - 1) / colTile;
        rowsPerTile = 1;
    }

    // Balanced split of the work units (rows, or row chunks) over the cores.
    const uint64_t units = rows * colChunks;
    const uint64_t wanted = std::max<uint64_t>((rows * half * 3 * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, units, wanted}), 1);

    SwiGluTilingData tiling;
    tiling.set_rows(rows);
    tiling.set_half(half);
    tiling.set_bigCoreUnits(units / coreNum + 1);
    tiling.set_smallCoreUnits(units / coreNum);
    tiling.set_bigCoreNum(static_cast<uint32_t>(units % coreNum));
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_colChunks(static_cast<uint32_t>(colChunks));
    tiling.set_rowsPerTile(static_cast<uint32_t>(rowsPerTile));
    tiling.set_tileElems(static_cast<uint32_t>(tileElems));
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
    const size_t last = x->GetDimNum() - 1;
    y->SetDim(last, x->GetDim(last) / 2);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class SwiGlu : public OpDef {
public:
    explicit SwiGlu(const char* name) : OpDef(name)
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
OP_ADD(SwiGlu);
}  // namespace ops
