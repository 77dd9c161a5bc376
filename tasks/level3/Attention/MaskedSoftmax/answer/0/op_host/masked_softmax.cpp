#include <algorithm>

#include "masked_softmax_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t HALF_PER_REPEAT = 128;  // CompareScalar on float16 works in whole 256-byte repeats
constexpr uint64_t ROW_ALIGN = 32;         // one UB row stride shared by the bool, half and float rows
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MAX_COLS = 8192;
constexpr uint64_t MAX_TILE_ROWS = 1024;  // Brcb covers 8 rows per repeat, at most 255 repeats
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;

uint64_t CeilAlign(uint64_t a, uint64_t b) { return (a + b - 1) / b * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& maskShape = context->GetInputShape(1)->GetStorageShape();
    if (shape.GetDimNum() < 1 || maskShape.GetShapeSize() != shape.GetShapeSize()) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = shape.GetDim(shape.GetDimNum() - 1);
    if (cols == 0 || cols > MAX_COLS) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetShapeSize() / cols;
    const float* scaleAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const float scale = scaleAttr == nullptr ? 1.0f : *scaleAttr;

    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;
    const uint64_t rowStride = CeilAlign(cols, ROW_ALIGN);

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, rows, wanted}), 1);
    const uint64_t smallCoreRows = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;

    // UB bytes per element of a tile: x and y double-buffered, the bool mask bytes
    // double-buffered, the mask as float16, its bit (1/8 byte, counted as 1 to keep integers)
    // and, for 16-bit types, the float32 working copy. Per row: the row max and sum and their 32-byte blocks.
    // An additive mask instead: its values double-buffered plus, for 16-bit types, a float32 copy.
    const bool boolMask = context->GetInputDesc(1)->GetDataType() == ge::DT_BOOL;
    const uint64_t maskPerElem = boolMask ? BUFFER_NUM * 1 + sizeof(uint16_t) + 1
                                          : BUFFER_NUM * typeBytes + (isFloat ? 0 : sizeof(float));
    const uint64_t perElem = BUFFER_NUM * 2 * typeBytes + maskPerElem + (isFloat ? 0 : sizeof(float));
    const uint64_t perRow = rowStride * perElem + 2 * sizeof(float) + 2 * 32;
    const uint64_t workElems = CeilAlign((cols + FLOATS_PER_REPEAT - 1) / FLOATS_PER_REPEAT * 2, 8);
    // The tile is rounded up to whole float16 repeats: reserve that slack, the work area and a margin.
    const uint64_t fixed = workElems * sizeof(float) + HALF_PER_REPEAT * perElem + 2 * 64 + 1024;
    if (ubSize < fixed + perRow) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rowsPerCore = smallCoreRows + (bigCoreNum > 0 ? 1 : 0);
    const uint64_t tileRows = std::max<uint64_t>(std::min({(ubSize - fixed) / perRow, rowsPerCore, MAX_TILE_ROWS}), 1);
    const uint64_t tileCap = CeilAlign(tileRows * rowStride, HALF_PER_REPEAT);

    MaskedSoftmaxTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_bigCoreRows(static_cast<uint32_t>(smallCoreRows + 1));
    tiling.set_smallCoreRows(static_cast<uint32_t>(smallCoreRows));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_tileCap(static_cast<uint32_t>(tileCap));
    tiling.set_workElems(static_cast<uint32_t>(workElems));
    tiling.set_scale(scale);

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
class MaskedSoftmax : public OpDef {
public:
    explicit MaskedSoftmax(const char* name) : OpDef(name)
    {
        // mask: bool (True = masked out) or additive (the dtype of x, added to scale * x).
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("mask")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BOOL, ge::DT_BOOL, ge::DT_BOOL, ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("scale").AttrType(OPTIONAL).Float(1.0f);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(MaskedSoftmax);
}  // namespace ops
