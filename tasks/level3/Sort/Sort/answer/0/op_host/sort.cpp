#include <algorithm>

#include "sort_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t MAX_COLS = 4096;
constexpr uint64_t MIN_PAD = 64;          // 256 bytes of float32: whole vector repeats
constexpr uint64_t RESERVED_UB = 2 * 1024;
constexpr uint64_t FLOAT_BUFS = 8;        // 4-byte working rows per element (see the kernel)

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
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
    if (cols == 0 || cols > MAX_COLS) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetShapeSize() / cols;
    const uint64_t typeBytes = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;
    uint64_t padCols = MIN_PAD;
    while (padCols < cols) {
        padCols *= 2;
    }
    // Per network element: the input / output row (dtype), eight 4-byte rows (key, index, the
    // partner pair (also the int64 indices), offsets, lane numbers, two temporaries) and five bit
    // masks (5/8 byte, rounded up to 1).
    const uint64_t bytesPerElem = typeBytes + FLOAT_BUFS * 4 + 1;
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, rows), 1);
    const uint64_t smallCoreRows = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;
    const uint64_t perCore = smallCoreRows + (bigCoreNum > 0 ? 1 : 0);
    const uint64_t fit = (ubSize - RESERVED_UB) / (padCols * bytesPerElem);
    if (fit == 0) {
        return ge::GRAPH_FAILED;
    }
    // Rows per tile: as many as fit, but spread so that the tiles of a core are about equal.
    const uint64_t tiles = CeilDiv(perCore, fit);
    const uint64_t tileRows = std::max<uint64_t>(CeilDiv(perCore, tiles), 1);

    SortTilingData tiling;
    tiling.set_bigCoreRows(smallCoreRows + 1);
    tiling.set_smallCoreRows(smallCoreRows);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_padCols(static_cast<uint32_t>(padCols));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));

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
    *context->GetOutputShape(0) = *context->GetInputShape(0);
    *context->GetOutputShape(1) = *context->GetInputShape(0);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, ge::DT_INT64);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Sort : public OpDef {
public:
    explicit Sort(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("values")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("indices")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Sort);
}  // namespace ops
