#include <algorithm>

#include "gemv_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t MAX_CHUNK_COLS = 1984;  // a float row of the tile must stay within 255 blocks (repeat stride)
constexpr uint64_t MAX_TILE_ROWS = 255;    // one repeat per row (8-bit repeat count)
constexpr uint64_t MIN_COLS_PER_SEGMENT = 4096;
constexpr uint64_t MIN_ELEMS_PER_CORE = 4096;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t RESERVED_UB = 2048;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& aShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& xShape = context->GetInputShape(1)->GetStorageShape();
    if (aShape.GetDimNum() < 2 || xShape.GetDimNum() != 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = aShape.GetDim(aShape.GetDimNum() - 1);
    if (cols == 0 || static_cast<uint64_t>(xShape.GetDim(0)) != cols) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = aShape.GetShapeSize() / cols;
    if (rows == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t typeBytes = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT ? 4 : 2;

    // Cores: enough work per core, at most the platform's. Rows are shared first; when there are
    // fewer row groups than cores (few long rows) the leftover cores split K as well.
    const uint64_t wanted = std::max<uint64_t>(rows * cols / MIN_ELEMS_PER_CORE, 1);
    const uint64_t usable = std::min(coreMax, wanted);
    const uint64_t rowGroups = std::max<uint64_t>(std::min(usable, rows), 1);
    const uint64_t kSplitWanted = std::max<uint64_t>(std::min(usable / rowGroups, CeilDiv(cols, MIN_COLS_PER_SEGMENT)), 1);
    const uint64_t kSegLen = CeilAlign(CeilDiv(cols, kSplitWanted), FLOATS_PER_REPEAT);
    const uint64_t kSplit = CeilDiv(cols, kSegLen);

    // UB per tile element: A double-buffered in its own type plus (16-bit types) a float copy.
    // Per chunk column: x double-buffered plus its float copy. Per tile row: the running sums
    // (float), the row sums and the 64-lane products, the output in both types.
    const uint64_t chunkCols = std::min(CeilAlign(std::min(kSegLen, cols), FLOATS_PER_REPEAT), MAX_CHUNK_COLS);
    const uint64_t perElem = BUFFER_NUM * typeBytes + (typeBytes == 4 ? 0 : 4);
    const uint64_t perCol = BUFFER_NUM * typeBytes + 4;
    const uint64_t perRow = chunkCols * perElem + FLOATS_PER_REPEAT * 4 + 3 * 4 + BUFFER_NUM * typeBytes;
    // The combine step of split K reads kSplit partial sums per row (tileRows rows each).
    const uint64_t combinePerRow = kSplit > 1 ? kSplit * 4 : 0;
    if (ubSize < RESERVED_UB + chunkCols * perCol + perRow + combinePerRow) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t groupRows = CeilDiv(rows, rowGroups);
    const uint64_t tileRows = std::max<uint64_t>(
        std::min({(ubSize - RESERVED_UB - chunkCols * perCol) / (perRow + combinePerRow), groupRows, MAX_TILE_ROWS}),
        1);

    GemvTilingData tiling;
    tiling.set_rows(static_cast<uint32_t>(rows));
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_bigGroupRows(static_cast<uint32_t>(rows / rowGroups + 1));
    tiling.set_smallGroupRows(static_cast<uint32_t>(rows / rowGroups));
    tiling.set_bigGroupNum(static_cast<uint32_t>(rows % rowGroups));
    tiling.set_kSplit(static_cast<uint32_t>(kSplit));
    tiling.set_kSegLen(static_cast<uint32_t>(kSegLen));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_chunkCols(static_cast<uint32_t>(chunkCols));

    context->SetBlockDim(static_cast<uint32_t>(rowGroups * kSplit));
    context->SetTilingKey(kSplit > 1 ? 2 : 1);
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // Split K: the system workspace for SyncAll, then the float partial sums [kSplit][rows].
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = kSplit > 1 ? platform.GetLibApiWorkSpaceSize() + CeilAlign(kSplit * rows * 4, 32) : 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* a = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    const size_t dims = a->GetDimNum();
    y->SetDimNum(dims == 0 ? 0 : dims - 1);
    for (size_t i = 0; i + 1 < dims; ++i) {
        y->SetDim(i, a->GetDim(i));
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Gemv : public OpDef {
public:
    explicit Gemv(const char* name) : OpDef(name)
    {
        this->Input("a")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
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
OP_ADD(Gemv);
}  // namespace ops
