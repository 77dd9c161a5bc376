#include <algorithm>

#include "arg_max_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_COLS = 16384;
constexpr uint64_t MAX_TILE_ROWS = 1024;
constexpr uint64_t MAX_TILE_BYTES = 32 * 1024;  // of x per buffer: keeps several pipeline stages
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }

// The documented work-area size of ReduceMax with indices for `count` float32 elements.
uint64_t ReduceMaxWorkElems(uint64_t count)
{
    const uint64_t perBlock = BLOCK_BYTES / 4;
    const uint64_t it1 = CeilDiv(count, FLOATS_PER_REPEAT) * 2;
    const uint64_t it2 = CeilDiv(it1, FLOATS_PER_REPEAT) * 2;
    const uint64_t it3 = CeilDiv(it2, FLOATS_PER_REPEAT) * 2;
    return CeilAlign(it1, perBlock) + CeilAlign(it2, perBlock) + CeilAlign(it3, perBlock);
}
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

    // Per row: x double-buffered (+ float32 copy for 16-bit types), a (value, index) pair, the
    // index as int32 and as int64 (double-buffered). Fixed: the ReduceMax work area.
    const uint64_t workElems = ReduceMaxWorkElems(cols);
    const uint64_t perRow = BUFFER_NUM * rowStride * typeBytes + (isFloat ? 0 : rowStride * 4) + 8 + 4 + BUFFER_NUM * 8;
    const uint64_t fixed = workElems * 4 + 4096;
    if (ubSize < fixed + perRow) {
        return ge::GRAPH_FAILED;
    }
    uint64_t tileRows = std::min({(ubSize - fixed) / perRow, smallCoreRows + (bigCoreNum > 0 ? 1 : 0), MAX_TILE_ROWS});
    tileRows = std::max<uint64_t>(std::min(tileRows, MAX_TILE_BYTES / (rowStride * typeBytes)), 1);

    ArgMaxTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_bigCoreRows(static_cast<uint32_t>(smallCoreRows + 1));
    tiling.set_smallCoreRows(static_cast<uint32_t>(smallCoreRows));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
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
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    for (size_t i = 0; i + 1 < x->GetDimNum(); ++i) {
        y->AppendDim(x->GetDim(i));
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, ge::DT_INT64);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class ArgMax : public OpDef {
public:
    explicit ArgMax(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ArgMax);
}  // namespace ops
