#include <algorithm>

#include "layer_norm_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_COLS = 8192;
constexpr uint64_t MAX_TILE_ROWS = 1024;
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr float DEFAULT_EPSILON = 1e-5f;

uint64_t CeilAlign(uint64_t a, uint64_t b) { return (a + b - 1) / b * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const float* epsAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const float epsilon = epsAttr == nullptr ? DEFAULT_EPSILON : *epsAttr;

    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = shape.GetDim(shape.GetDimNum() - 1);
    if (cols == 0 || cols > MAX_COLS ||
        context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(cols) ||
        context->GetInputShape(2)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(cols)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetShapeSize() / cols;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;
    const uint64_t rowStride = CeilAlign(cols, BLOCK_BYTES / typeBytes);

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, rows, wanted}), 1);
    const uint64_t smallCoreRows = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;

    // Per row: x and y (double-buffered when possible); for 16-bit types the float32 copy and
    // the float32 squares (float32 squares reuse the input tile); three floats of statistics.
    // Fixed: gamma and beta (plus float32 copies for 16-bit types), work area.
    const uint64_t workElems = CeilAlign((cols + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT, 8);
    const uint64_t fixed = 2 * rowStride * (typeBytes + (isFloat ? 0 : sizeof(float))) + workElems * sizeof(float) + 2048;
    uint64_t bufferNum = BUFFER_NUM;
    auto perRow = [&](uint64_t buffers) {
        return buffers * 2 * rowStride * typeBytes + (isFloat ? 0 : 2 * rowStride * sizeof(float)) + 3 * sizeof(float);
    };
    if (ubSize < fixed + perRow(bufferNum)) {
        bufferNum = 1;  // very long rows: give up overlap rather than fail
    }
    if (ubSize < fixed + perRow(bufferNum)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t tileRows =
        std::min({(ubSize - fixed) / perRow(bufferNum), smallCoreRows + (bigCoreNum > 0 ? 1 : 0), MAX_TILE_ROWS});

    LayerNormTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_bigCoreRows(static_cast<uint32_t>(smallCoreRows + 1));
    tiling.set_smallCoreRows(static_cast<uint32_t>(smallCoreRows));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(std::max<uint64_t>(tileRows, 1)));
    tiling.set_workElems(static_cast<uint32_t>(workElems));
    tiling.set_bufferNum(static_cast<uint32_t>(bufferNum));
    tiling.set_epsilon(epsilon);
    tiling.set_invCols(static_cast<float>(1.0 / static_cast<double>(cols)));

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
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class LayerNorm : public OpDef {
public:
    explicit LayerNorm(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("gamma")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("beta")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("epsilon").AttrType(OPTIONAL).Float(optiling::DEFAULT_EPSILON);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(LayerNorm);
}  // namespace ops
