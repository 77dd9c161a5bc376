#include <algorithm>

#include "log_softmax_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_COLS = 8192;
constexpr uint64_t MAX_TILE_ROWS = 1020;        // Brcb: 8 rows per repeat, at most 255 repeats
constexpr uint64_t MAX_TILE_BYTES = 32 * 1024;  // of x per buffer: keeps several pipeline stages
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
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
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;
    const uint64_t rowStride = CeilAlign(cols, BLOCK_BYTES / typeBytes);

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, rows, wanted}), 1);
    const uint64_t smallCoreRows = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;

    // Per row: x and y double-buffered, a float32 working row (and for 16-bit types a float32
    // row for the exponentials); the row statistic and its 32-byte block. Fixed: work area.
    // ReduceMax without index: (value, index) pairs of the first stage, 2 per 64-value repeat.
    const uint64_t workElems = CeilAlign(2 * CeilDiv(cols, FLOATS_PER_REPEAT), BLOCK_BYTES / 4);
    // float32 keeps the exponentials in the output tile; 16-bit types need a float32 tile.
    const uint64_t perRow = BUFFER_NUM * 2 * rowStride * typeBytes + rowStride * 4 * (isFloat ? 1 : 2) +
                            2 * (4 + BLOCK_BYTES);
    const uint64_t fixed = workElems * 4 + 2048;
    if (ubSize < fixed + perRow) {
        return ge::GRAPH_FAILED;
    }
    uint64_t tileRows = std::min({(ubSize - fixed) / perRow, smallCoreRows + (bigCoreNum > 0 ? 1 : 0), MAX_TILE_ROWS});
    tileRows = std::min(tileRows, std::max<uint64_t>(MAX_TILE_BYTES / (rowStride * typeBytes), 1));

    LogSoftmaxTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_bigCoreRows(static_cast<uint32_t>(smallCoreRows + 1));
    tiling.set_smallCoreRows(static_cast<uint32_t>(smallCoreRows));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(std::max<uint64_t>(tileRows, 1)));
    tiling.set_workElems(static_cast<uint32_t>(workElems));

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
class LogSoftmax : public OpDef {
public:
    explicit LogSoftmax(const char* name) : OpDef(name)
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
OP_ADD(LogSoftmax);
}  // namespace ops
