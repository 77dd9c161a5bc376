#include <algorithm>

#include "register/op_def_registry.h"
#include "scaled_dot_product_attention_tiling.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t FRACTAL = 16;
constexpr uint64_t ROW_GROUP = 32;        // units are whole fractal rows for each of the two vector cores
constexpr uint64_t MAX_BASE_M = 64;
constexpr uint64_t MAX_SCORE_N = 128;
constexpr uint64_t MAX_PV_K = 256;
constexpr uint64_t MAX_HEAD_DIM = 256;
constexpr uint64_t MAX_KEYS = 8192;
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t TYPE_BYTES = 2;        // float16 / bfloat16
constexpr uint64_t SOFTMAX_RESERVED = 4096;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
uint64_t FloorAlign(uint64_t a, uint64_t b) { return a / b * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t l1Size = 0;
    uint64_t l0aSize = 0;
    uint64_t l0bSize = 0;
    uint64_t l0cSize = 0;
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1Size);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, l0aSize);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_B, l0bSize);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0cSize);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAic(), 1);

    const gert::Shape& qShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& kShape = context->GetInputShape(1)->GetStorageShape();
    const gert::Shape& vShape = context->GetInputShape(2)->GetStorageShape();
    const size_t dims = qShape.GetDimNum();
    if (dims < 2 || kShape.GetDimNum() != dims || vShape.GetDimNum() != dims) {
        return ge::GRAPH_FAILED;
    }
    uint64_t heads = 1;
    for (size_t i = 0; i + 2 < dims; ++i) {
        if (kShape.GetDim(i) != qShape.GetDim(i) || vShape.GetDim(i) != qShape.GetDim(i)) {
            return ge::GRAPH_FAILED;
        }
        heads *= qShape.GetDim(i);
    }
    const uint64_t sq = qShape.GetDim(dims - 2);
    const uint64_t d = qShape.GetDim(dims - 1);
    const uint64_t sk = kShape.GetDim(dims - 2);
    if (kShape.GetDim(dims - 1) != static_cast<int64_t>(d) || vShape.GetDim(dims - 2) != static_cast<int64_t>(sk) ||
        vShape.GetDim(dims - 1) != static_cast<int64_t>(d)) {
        return ge::GRAPH_FAILED;
    }
    const float* scaleAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const bool* causalAttr = context->GetAttrs()->GetAttrPointer<bool>(1);
    const bool causal = causalAttr != nullptr && *causalAttr;
    // A causal mask aligned at the bottom right needs sq <= sk (no fully masked query rows).
    if (heads == 0 || sq == 0 || sk == 0 || d == 0 || d > MAX_HEAD_DIM || sk > MAX_KEYS || (causal && sq > sk)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t dAlign = CeilAlign(d, FRACTAL);

    // Units of work: baseM query rows of one head. Fewer rows per unit when there are fewer units
    // than cores.
    uint64_t baseM = std::min(MAX_BASE_M, CeilAlign(sq, ROW_GROUP));
    while (baseM > ROW_GROUP && heads * CeilDiv(sq, baseM) < coreMax) {
        baseM = CeilAlign(baseM / 2, ROW_GROUP);
    }
    // Q K^T: K = d in one step, score tiles of scoreN keys; L0A / L0B / L0C ping-pong.
    const uint64_t scoreN = std::min({MAX_SCORE_N, FloorAlign(l0bSize / (BUFFER_NUM * dAlign * TYPE_BYTES), FRACTAL),
                                      CeilAlign(sk, FRACTAL)});
    // P V: N = d, K = keys in steps of pvK (L0A holds baseM x pvK, L0B pvK x d), L1 chunks of pvKL1.
    const uint64_t pvK = std::min({MAX_PV_K, FloorAlign(l0bSize / (BUFFER_NUM * dAlign * TYPE_BYTES), FRACTAL),
                                   FloorAlign(l0aSize / (BUFFER_NUM * baseM * TYPE_BYTES), FRACTAL), CeilAlign(sk, FRACTAL)});
    if (scoreN == 0 || pvK == 0 || baseM * dAlign * TYPE_BYTES * BUFFER_NUM > l0aSize ||
        BUFFER_NUM * baseM * std::max(scoreN, dAlign) * sizeof(float) > l0cSize) {
        return ge::GRAPH_FAILED;
    }
    // L1 holds, double-buffered, the left operand (Q tile or P chunk) and the right one (K tile or
    // V chunk); the P V chunk is as deep as the rest allows.
    const uint64_t rightFixed = scoreN * dAlign * TYPE_BYTES;
    uint64_t pvKL1 = pvK;
    while (pvKL1 + pvK <= CeilAlign(sk, pvK) &&
           BUFFER_NUM * (baseM * std::max(dAlign, pvKL1 + pvK) + std::max(rightFixed / TYPE_BYTES, (pvKL1 + pvK) * dAlign)) *
                   TYPE_BYTES <= l1Size) {
        pvKL1 += pvK;
    }
    if (BUFFER_NUM * (baseM * std::max(dAlign, pvKL1) + std::max(rightFixed / TYPE_BYTES, pvKL1 * dAlign)) * TYPE_BYTES >
        l1Size) {
        return ge::GRAPH_FAILED;
    }
    // Softmax on the vector cores: rows of rowStride floats in, the same in the output type out,
    // both double-buffered, plus the reduction work area.
    const uint64_t rowStride = CeilAlign(sk, FRACTAL);
    const uint64_t perRow = rowStride * (BUFFER_NUM * sizeof(float) + BUFFER_NUM * TYPE_BYTES);
    const uint64_t workBytes = CeilAlign(CeilDiv(rowStride, 64) * 2, 8) * sizeof(float) + 64;
    if (ubSize < SOFTMAX_RESERVED + workBytes + perRow) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t softmaxRows = std::min((ubSize - SOFTMAX_RESERVED - workBytes) / perRow, baseM / 2);
    const uint64_t qTiles = CeilDiv(sq, baseM);
    const uint64_t coreNum = std::min(coreMax, heads * qTiles);

    ScaledDotProductAttentionTilingData tiling;
    tiling.set_heads(static_cast<uint32_t>(heads));
    tiling.set_sq(static_cast<uint32_t>(sq));
    tiling.set_sk(static_cast<uint32_t>(sk));
    tiling.set_d(static_cast<uint32_t>(d));
    tiling.set_causal(causal ? 1 : 0);
    tiling.set_baseM(static_cast<uint32_t>(baseM));
    tiling.set_scoreN(static_cast<uint32_t>(scoreN));
    tiling.set_pvK(static_cast<uint32_t>(pvK));
    tiling.set_pvKL1(static_cast<uint32_t>(pvKL1));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_qTiles(static_cast<uint32_t>(qTiles));
    tiling.set_coreNum(static_cast<uint32_t>(coreNum));
    tiling.set_softmaxRows(static_cast<uint32_t>(softmaxRows));
    tiling.set_scale(scaleAttr == nullptr ? 1.0f : *scaleAttr);

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // The system workspace, then per cube core two slots of float32 scores and two of
    // probabilities (baseM rows of rowStride each).
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = platform.GetLibApiWorkSpaceSize() +
                    coreNum * BUFFER_NUM * baseM * rowStride * (sizeof(float) + TYPE_BYTES);
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
class ScaledDotProductAttention : public OpDef {
public:
    explicit ScaledDotProductAttention(const char* name) : OpDef(name)
    {
        this->Input("q")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("k")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("v")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("out")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("scale").AttrType(OPTIONAL).Float(1.0f);
        this->Attr("causal").AttrType(OPTIONAL).Bool(false);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ScaledDotProductAttention);
}  // namespace ops
