#include <algorithm>
#include <cstring>

#include "mse_loss_grad_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t TILE_ALIGN = 64;  // whole float32 repeats
constexpr uint64_t MAX_TILE_LENGTH = 8192;
constexpr uint64_t SCALAR_BYTES = 64;  // UB for the grad_output element and its float32 copy
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const char* reduction = context->GetAttrs() == nullptr ? nullptr : context->GetAttrs()->GetAttrPointer<char>(0);
    const bool sum = reduction != nullptr && std::strcmp(reduction, "sum") == 0;
    if (reduction != nullptr && !sum && std::strcmp(reduction, "mean") != 0) {
        return ge::GRAPH_FAILED;
    }
    if (context->GetInputShape(0)->GetStorageShape().GetShapeSize() != 1) {
        return ge::GRAPH_FAILED;  // grad_output must hold exactly one element
    }
    const uint64_t total = context->GetInputShape(1)->GetStorageShape().GetShapeSize();
    if (context->GetInputShape(2)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
        return ge::GRAPH_FAILED;
    }
    const ge::DataType dtype = context->GetInputDesc(1)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;

    // Whole 32-byte blocks per core (aligned starts); only the last core ends inside a block.
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = std::max<uint64_t>((total * typeBytes * 3 + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::min({coreMax, totalBlocks, wanted});
    const uint64_t blocksPerCore = totalBlocks / coreNum;

    // UB per element: input, target and dx double-buffered; 16-bit types add two float32 copies.
    const uint64_t bytesPerElem = BUFFER_NUM * 3 * typeBytes + (typeBytes == 2 ? 2 * sizeof(float) : 0);
    uint64_t tileLength = (ubSize - 1024 - SCALAR_BYTES) / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::max<uint64_t>(std::min<uint64_t>(tileLength, MAX_TILE_LENGTH), TILE_ALIGN);

    MseLossGradTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((blocksPerCore + 1) * elemsPerBlock);
    tiling.set_smallCoreLength(blocksPerCore * elemsPerBlock);
    tiling.set_bigCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_norm(sum ? 2.0f : static_cast<float>(2.0 / static_cast<double>(std::max<uint64_t>(total, 1))));
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
    *context->GetOutputShape(0) = *context->GetInputShape(1);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(1));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class MseLossGrad : public OpDef {
public:
    explicit MseLossGrad(const char* name) : OpDef(name)
    {
        this->Input("grad_output")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("input")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("target")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("dx")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("reduction").AttrType(OPTIONAL).String("mean");

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(MseLossGrad);
}  // namespace ops
