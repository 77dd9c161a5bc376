#include <algorithm>

#include "quant_matmul_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t FRACTAL = 16;      // rows of a cube fractal
constexpr uint64_t K0 = 32;           // int8 elements per fractal row (32 bytes)
constexpr uint64_t MAX_BASE = 128;    // tile edge: 128 x 128 int32 accumulators = 64 KiB of L0C
constexpr uint64_t MIN_BASE = 32;
constexpr uint64_t MAX_BASE_K = 512;
constexpr uint64_t BUFFER_NUM = 2;    // L1 / L0 buffers and workspace tile slots are double-buffered
constexpr uint64_t MAX_DIM = 65535;   // Nd2NzParams srcDValue and friends are 16-bit
constexpr uint64_t ROW_GROUP = 2 * FRACTAL;  // tile rows split in two halves of whole fractals

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

    const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& wShape = context->GetInputShape(1)->GetStorageShape();
    const gert::Shape& scaleShape = context->GetInputShape(2)->GetStorageShape();
    const gert::Shape& tokenShape = context->GetInputShape(3)->GetStorageShape();
    if (xShape.GetDimNum() != 2 || wShape.GetDimNum() != 2 || scaleShape.GetDimNum() != 1 ||
        tokenShape.GetDimNum() != 1 || xShape.GetDim(1) != wShape.GetDim(1) ||
        scaleShape.GetDim(0) != wShape.GetDim(0) || tokenShape.GetDim(0) != xShape.GetDim(0)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t m = xShape.GetDim(0);
    const uint64_t k = xShape.GetDim(1);
    const uint64_t n = wShape.GetDim(0);
    if (m == 0 || n == 0 || k == 0 || k > MAX_DIM || m > MAX_DIM || n > MAX_DIM) {
        return ge::GRAPH_FAILED;
    }

    // Output tiles: at most 128 x 128; halve the longer edge while there are fewer tiles than
    // cores. Rows stay a multiple of 32 so that each vector core dequantises whole fractal rows.
    uint64_t baseM = std::min(MAX_BASE, CeilAlign(m, ROW_GROUP));
    uint64_t baseN = std::min(MAX_BASE, CeilAlign(n, FRACTAL));
    while (CeilDiv(m, baseM) * CeilDiv(n, baseN) < coreMax && std::max(baseM, baseN) > MIN_BASE) {
        if (baseM >= baseN) {
            baseM = CeilAlign(baseM / 2, ROW_GROUP);
        } else {
            baseN = CeilAlign(baseN / 2, FRACTAL);
        }
    }
    if (BUFFER_NUM * baseM * baseN * sizeof(int32_t) > l0cSize) {
        return ge::GRAPH_FAILED;
    }
    // K per Mmad and per L1 load (int8: one byte per element).
    const uint64_t kByL0 = std::min(l0aSize / (BUFFER_NUM * baseM), l0bSize / (BUFFER_NUM * baseN));
    const uint64_t baseK = std::min({FloorAlign(kByL0, K0), MAX_BASE_K, CeilAlign(k, K0)});
    const uint64_t kByL1 = l1Size / (BUFFER_NUM * (baseM + baseN));
    const uint64_t kL1 = std::max(std::min(FloorAlign(kByL1, baseK), CeilAlign(k, baseK)), baseK);
    if (baseK == 0 || BUFFER_NUM * (baseM + baseN) * kL1 > l1Size) {
        return ge::GRAPH_FAILED;
    }
    // Vector side, per half tile (baseM / 2 rows, rows padded to 16 columns): the int32 tile
    // (double-buffered), its float copy, the output (double-buffered, 2 bytes), the scale row and
    // the broadcast per-token scales.
    const uint64_t rowStride = CeilAlign(baseN, FRACTAL);
    const uint64_t halfRows = baseM / 2;
    const uint64_t ubNeed = halfRows * rowStride * (BUFFER_NUM * 4 + 4 + BUFFER_NUM * 2) + rowStride * 4 +
                            CeilAlign(halfRows, 8) * 4 + halfRows * 32 + 1024;
    if (ubNeed > ubSize) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t mTiles = CeilDiv(m, baseM);
    const uint64_t nTiles = CeilDiv(n, baseN);
    const uint64_t coreNum = std::min(coreMax, mTiles * nTiles);

    QuantMatmulTilingData tiling;
    tiling.set_m(static_cast<uint32_t>(m));
    tiling.set_n(static_cast<uint32_t>(n));
    tiling.set_k(static_cast<uint32_t>(k));
    tiling.set_baseM(static_cast<uint32_t>(baseM));
    tiling.set_baseN(static_cast<uint32_t>(baseN));
    tiling.set_baseK(static_cast<uint32_t>(baseK));
    tiling.set_kL1(static_cast<uint32_t>(kL1));
    tiling.set_mTiles(static_cast<uint32_t>(mTiles));
    tiling.set_nTiles(static_cast<uint32_t>(nTiles));
    tiling.set_coreNum(static_cast<uint32_t>(coreNum));

    // A mixed launch: blockDim cube cores, each with two vector cores.
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // The system workspace, then two int32 tile slots per cube core (cube -> vector hand-off).
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = platform.GetLibApiWorkSpaceSize() + coreNum * BUFFER_NUM * baseM * baseN * sizeof(int32_t);
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    const gert::Shape* w = context->GetInputShape(1);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(2);
    y->SetDim(0, x->GetDim(0));
    y->SetDim(1, w->GetDim(0));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    // The output type is chosen by the caller (float16 or bfloat16); float16 unless told.
    context->SetOutputDataType(0, ge::DT_FLOAT16);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class QuantMatmul : public OpDef {
public:
    explicit QuantMatmul(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT8, ge::DT_INT8})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("weight")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT8, ge::DT_INT8})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("scale")  // per output channel (row of weight)
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("pertoken_scale")  // per row of x
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(QuantMatmul);
}  // namespace ops
