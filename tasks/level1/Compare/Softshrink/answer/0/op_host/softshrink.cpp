#include <algorithm>

#include "softshrink_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr uint64_t TILE_ALIGN = 128;  // whole 256-byte repeats for float16 and float32
constexpr uint64_t MAX_TILE_LENGTH = 8192;
constexpr float DEFAULT_LAMBD = 0.5f;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const float* lambdAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const float lambd = lambdAttr == nullptr ? DEFAULT_LAMBD : *lambdAttr;
    if (!(lambd >= 0.0f)) {
        return ge::GRAPH_FAILED;
    }

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);

    // x and y double-buffered, the shifted copy, and two bit masks (1/8 byte per element each).
    // bfloat16 computes in float32: the shifted tile is float32 and x and y get float32 copies.
    const bool widen = dtype == ge::DT_BF16;
    const double bytesPerElem = BUFFER_NUM * 2 * typeBytes + (widen ? 3 * sizeof(float) : typeBytes) + 2.0 / 8;
    uint64_t tileLength = static_cast<uint64_t>((ubSize - 1024) / bytesPerElem) / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::min(tileLength, MAX_TILE_LENGTH);

    SoftshrinkTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((totalBlocks / coreNum + 1) * elemsPerBlock);
    tiling.set_smallCoreLength(totalBlocks / coreNum * elemsPerBlock);
    tiling.set_bigCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_lambd(lambd);

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
class Softshrink : public OpDef {
public:
    explicit Softshrink(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("lambd").AttrType(OPTIONAL).Float(optiling::DEFAULT_LAMBD);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Softshrink);
}  // namespace ops
