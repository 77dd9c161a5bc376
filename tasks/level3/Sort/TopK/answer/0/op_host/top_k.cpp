#include <algorithm>

#include "top_k_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_COLS = 8192;
constexpr uint64_t MAX_K = 1024;
constexpr uint64_t MAX_TILE_ROWS = 64;
constexpr uint64_t FLOATS_PER_REPEAT = 64;

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
    const int64_t* kAttr = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    if (shape.GetDimNum() < 1 || kAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = shape.GetDim(shape.GetDimNum() - 1);
    if (cols == 0 || cols > MAX_COLS || *kAttr < 1 || static_cast<uint64_t>(*kAttr) > std::min(cols, MAX_K)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t k = static_cast<uint64_t>(*kAttr);
    const uint64_t rows = shape.GetShapeSize() / cols;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;
    const uint64_t colPitch = CeilAlign(cols, BLOCK_BYTES / typeBytes);
    const uint64_t valPitch = CeilAlign(k, BLOCK_BYTES / typeBytes);
    const uint64_t idxPitch = CeilAlign(k, BLOCK_BYTES / sizeof(int64_t));

    // Every row costs k selections over n values: balance rows over the cores.
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, rows), 1);
    const uint64_t smallCoreRows = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;

    // UB per row of a tile: x double-buffered, the float32 working copy and the float32 "alive"
    // flags, values (double-buffered, plus a float32 staging row for 16-bit types), indices
    // double-buffered.
    const uint64_t perRow = BUFFER_NUM * colPitch * typeBytes + 2 * colPitch * sizeof(float) +
                            BUFFER_NUM * valPitch * typeBytes + (isFloat ? 0 : valPitch * sizeof(float)) +
                            BUFFER_NUM * idxPitch * sizeof(int64_t);
    // ReduceMax with index: first-level pairs, then the second and third levels.
    const uint64_t firstPairs = CeilAlign(CeilDiv(cols, FLOATS_PER_REPEAT) * 2, 8);
    const uint64_t workElems = 2 * firstPairs + 64;
    const uint64_t fixed = workElems * sizeof(float) + 2 * BLOCK_BYTES + 1024;
    if (ubSize < fixed + perRow) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowsPerCore = smallCoreRows + (bigCoreNum > 0 ? 1 : 0);
    const uint64_t tileRows =
        std::max<uint64_t>(std::min({(ubSize - fixed) / perRow, rowsPerCore, MAX_TILE_ROWS}), 1);

    TopKTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_k(static_cast<uint32_t>(k));
    tiling.set_colPitch(static_cast<uint32_t>(colPitch));
    tiling.set_valPitch(static_cast<uint32_t>(valPitch));
    tiling.set_idxPitch(static_cast<uint32_t>(idxPitch));
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
    const int64_t* k = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    gert::Shape* values = context->GetOutputShape(0);
    gert::Shape* indices = context->GetOutputShape(1);
    *values = *x;
    if (k != nullptr && x->GetDimNum() > 0) {
        values->SetDim(x->GetDimNum() - 1, *k);
    }
    *indices = *values;
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
class TopK : public OpDef {
public:
    explicit TopK(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("values")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("indices")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("k").AttrType(REQUIRED).Int();

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(TopK);
}  // namespace ops
