#include <algorithm>
#include <cmath>

#include "adam_w_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t TILE_ALIGN = 64;  // whole float32 repeats
constexpr uint64_t MAX_TILE_LENGTH = 8192;
enum AttrIndex : size_t { LR = 0, BETA1, BETA2, EPS, WEIGHT_DECAY, STEP };

float FloatAttr(const gert::RuntimeAttrs* attrs, size_t index, float fallback)
{
    const float* v = attrs == nullptr ? nullptr : attrs->GetAttrPointer<float>(index);
    return v == nullptr ? fallback : *v;
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint64_t>(platform.GetCoreNumAiv(), 1);

    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const double lr = FloatAttr(attrs, LR, 1e-3f);
    const double beta1 = FloatAttr(attrs, BETA1, 0.9f);
    const double beta2 = FloatAttr(attrs, BETA2, 0.999f);
    const double eps = FloatAttr(attrs, EPS, 1e-8f);
    const double weightDecay = FloatAttr(attrs, WEIGHT_DECAY, 1e-2f);
    const int64_t* stepAttr = attrs == nullptr ? nullptr : attrs->GetAttrPointer<int64_t>(STEP);
    const int64_t step = stepAttr == nullptr ? 1 : *stepAttr;
    if (step < 1 || beta1 < 0 || beta1 >= 1 || beta2 < 0 || beta2 >= 1) {
        return ge::GRAPH_FAILED;
    }

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    for (size_t i = 1; i < 4; ++i) {
        if (context->GetInputShape(i)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(total)) {
            return ge::GRAPH_FAILED;
        }
    }

    // Whole 32-byte blocks per core (aligned starts); only the last core ends inside a block.
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = std::max<uint64_t>((total * typeBytes * 4 + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::min({coreMax, totalBlocks, wanted});
    const uint64_t blocksPerCore = totalBlocks / coreNum;

    // UB per element: four inputs and three outputs double-buffered in the I/O dtype, one float32
    // scratch; 16-bit types add float32 copies of the four inputs.
    const uint64_t bytesPerElem = BUFFER_NUM * 7 * typeBytes + sizeof(float) + (typeBytes == 2 ? 4 * sizeof(float) : 0);
    uint64_t tileLength = (ubSize - 1024) / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::max<uint64_t>(std::min<uint64_t>(tileLength, MAX_TILE_LENGTH), TILE_ALIGN);

    const double bc1 = 1.0 - std::pow(beta1, static_cast<double>(step));
    const double bc2 = 1.0 - std::pow(beta2, static_cast<double>(step));

    AdamWTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((blocksPerCore + 1) * elemsPerBlock);
    tiling.set_smallCoreLength(blocksPerCore * elemsPerBlock);
    tiling.set_bigCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_decay(static_cast<float>(1.0 - lr * weightDecay));
    tiling.set_beta1(static_cast<float>(beta1));
    tiling.set_oneMinusBeta1(static_cast<float>(1.0 - beta1));
    tiling.set_beta2(static_cast<float>(beta2));
    tiling.set_oneMinusBeta2(static_cast<float>(1.0 - beta2));
    tiling.set_eps(static_cast<float>(eps));
    tiling.set_negStepSize(static_cast<float>(-lr / bc1));
    tiling.set_invSqrtBc2(static_cast<float>(1.0 / std::sqrt(bc2)));
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
    *context->GetOutputShape(1) = *context->GetInputShape(2);
    *context->GetOutputShape(2) = *context->GetInputShape(3);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    context->SetOutputDataType(1, context->GetInputDataType(2));
    context->SetOutputDataType(2, context->GetInputDataType(3));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class AdamW : public OpDef {
public:
    explicit AdamW(const char* name) : OpDef(name)
    {
        // param, exp_avg and exp_avg_sq are updated in place: each output has the name of its
        // input, so both kernel parameters receive the same GM address.
        this->Input("param")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("grad")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("exp_avg")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("exp_avg_sq")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("param")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("exp_avg")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("exp_avg_sq")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("lr").AttrType(OPTIONAL).Float(1e-3f);
        this->Attr("beta1").AttrType(OPTIONAL).Float(0.9f);
        this->Attr("beta2").AttrType(OPTIONAL).Float(0.999f);
        this->Attr("eps").AttrType(OPTIONAL).Float(1e-8f);
        this->Attr("weight_decay").AttrType(OPTIONAL).Float(1e-2f);
        this->Attr("step").AttrType(OPTIONAL).Int(1);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(AdamW);
}  // namespace ops
