#include <algorithm>
#include <cstring>

#include "embedding_bag_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t COL_ALIGN = 16;          // 32 bytes of 16-bit weights, 64 bytes of float32
constexpr uint64_t MAX_COL_TILE = 8192;
// UB held by the kernel besides the column buffers: the index tile (1024 x 8 bytes) and the
// offset tile (1032 x 8 bytes), plus slack.
constexpr uint64_t RESERVED_UB = 1024 * 8 + 1032 * 8 + 1024;
// Per column: float32 accumulator + float32 widening scratch + 2 input rows + 1 output row
// (at most 4 + 4 + 2 * 4 + 4 bytes).
constexpr uint64_t BYTES_PER_COL = 20;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& wShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& idxShape = context->GetInputShape(1)->GetStorageShape();
    const gert::Shape& offShape = context->GetInputShape(2)->GetStorageShape();
    if (wShape.GetDimNum() != 2 || wShape.GetDim(1) == 0 || offShape.GetShapeSize() == 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t numEmbeddings = wShape.GetDim(0);
    const uint64_t dim = wShape.GetDim(1);
    const uint64_t numIndices = idxShape.GetShapeSize();
    const uint64_t numBags = offShape.GetShapeSize();

    const char* mode = context->GetAttrs()->GetAttrPointer<char>(0);
    const bool isMean = mode == nullptr || std::strcmp(mode, "mean") == 0;
    if (mode != nullptr && !isMean && std::strcmp(mode, "sum") != 0) {
        return ge::GRAPH_FAILED;
    }

    if (ubSize <= RESERVED_UB + BYTES_PER_COL * COL_ALIGN) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t ubCols = (ubSize - RESERVED_UB) / BYTES_PER_COL / COL_ALIGN * COL_ALIGN;
    const uint64_t maxCol = std::min(ubCols, MAX_COL_TILE);
    // Column chunks of (nearly) equal width, so that a long row is cut evenly.
    uint64_t colChunks = CeilDiv(dim, maxCol);
    // Few bags with long rows: cut the rows further so every core gets work.
    while (numBags * colChunks < coreMax && CeilDiv(dim, colChunks + 1) >= 1024) {
        ++colChunks;
    }
    const uint64_t colTile = CeilDiv(CeilDiv(dim, colChunks), COL_ALIGN) * COL_ALIGN;
    colChunks = CeilDiv(dim, colTile);

    // Work item = (bag, column chunk), bag-major; consecutive items per core, remainder spread
    // one by one over the first cores.
    const uint64_t items = numBags * colChunks;
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, items), 1);

    EmbeddingBagTilingData tiling;
    tiling.set_numEmbeddings(numEmbeddings);
    tiling.set_dim(dim);
    tiling.set_numIndices(numIndices);
    tiling.set_numBags(numBags);
    tiling.set_colTile(static_cast<uint32_t>(colTile));
    tiling.set_colChunks(static_cast<uint32_t>(colChunks));
    tiling.set_bigCoreItems(items / coreNum + 1);
    tiling.set_smallCoreItems(items / coreNum);
    tiling.set_bigCoreNum(static_cast<uint32_t>(items % coreNum));
    tiling.set_isMean(isMean ? 1 : 0);

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
    const gert::Shape* w = context->GetInputShape(0);
    const gert::Shape* off = context->GetInputShape(2);
    gert::Shape* out = context->GetOutputShape(0);
    out->SetDimNum(2);
    out->SetDim(0, off->GetShapeSize());
    out->SetDim(1, w->GetDim(1));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class EmbeddingBag : public OpDef {
public:
    explicit EmbeddingBag(const char* name) : OpDef(name)
    {
        this->Input("weight")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("indices")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("offsets")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32, ge::DT_INT64, ge::DT_INT64, ge::DT_INT64})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16, ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("mode").AttrType(OPTIONAL).String("mean");

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(EmbeddingBag);
}  // namespace ops
