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
    const uint32_t typeBytes = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    const uint32_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint32_t elemsPerRepeat = REPEAT_BYTES / typeBytes;

    // A row of a tile is at most 255 blocks long (the 8-bit repeat stride of the vector
    // instruction that walks the rows), in whole 256-byte repeats.
    const uint32_t maxTileCols = MAX_REPEAT * BLOCK_BYTES / typeBytes / elemsPerRepeat * elemsPerRepeat;
    const uint32_t tileCols = static_cast<uint32_t>(std::min<uint64_t>(cols, maxTileCols));
    const uint32_t rowStride = AlignUp(tileCols, elemsPerBlock);

    // Rows: as many as the UB holds with x and y double-buffered and one bias chunk; each
    // buffer has one spare repeat so that the last masked repeat stays inside it.
    const uint64_t biasBytes = (rowStride + elemsPerRepeat) * typeBytes;
    const uint64_t perRowBytes = static_cast<uint64_t>(BUFFER_NUM) * 2 * rowStride * typeBytes;
    const uint64_t spareBytes = static_cast<uint64_t>(BUFFER_NUM) * 2 * elemsPerRepeat * typeBytes;
    uint32_t tileRows = static_cast<uint32_t>(std::min<uint64_t>((ubSize - biasBytes - spareBytes) / perRowBytes, MAX_REPEAT));

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint32_t coreNum = static_cast<uint32_t>(std::max<uint64_t>(std::min<uint64_t>({coreMax, rows, wanted}), 1));
    const uint32_t smallCoreRows = static_cast<uint32_t>(rows / coreNum);
    const uint32_t bigCoreNum = static_cast<uint32_t>(rows % coreNum);
    tileRows = std::max<uint32_t>(std::min<uint32_t>(tileRows, smallCoreRows + (bigCoreNum > 0 ? 1 : 0)), 1);

    BiasAddTilingData tiling;
    tiling.set_rows(static_cast<uint32_t>(rows));
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_bigCoreRows(smallCoreRows + 1);
    tiling.set_smallCoreRows(smallCoreRows);
    tiling.set_bigCoreNum(bigCoreNum);
    tiling.set_tileRows(tileRows);
    tiling.set_tileCols(tileCols);

    context->SetBlockDim(coreNum);
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
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("bias")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(BiasAdd);
}  // namespace ops
