#include <algorithm>

#include "matmul_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t FRACTAL = 16;      // rows (and, for 16-bit types, columns) of a cube fractal
constexpr uint64_t MAX_BASE = 128;    // tile edge: 128 x 128 float accumulators = 64 KiB of L0C
constexpr uint64_t MIN_BASE = 32;     // below this the tile is all fixed cost: stop splitting
constexpr uint64_t MAX_BASE_K = 256;
constexpr uint64_t BUFFER_NUM = 2;    // every L1 / L0 buffer is double-buffered
constexpr uint64_t MAX_DIM = 65535;   // Nd2NzParams srcDValue and friends are 16-bit

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
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1Size);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_A, l0aSize);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_B, l0bSize);
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::L0_C, l0cSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAic(), 1);

    const gert::Shape& aShape = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& bShape = context->GetInputShape(1)->GetStorageShape();
    if (aShape.GetDimNum() != 2 || bShape.GetDimNum() != 2 || aShape.GetDim(1) != bShape.GetDim(0)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t m = aShape.GetDim(0);
    const uint64_t k = aShape.GetDim(1);
    const uint64_t n = bShape.GetDim(1);
    if (m == 0 || n == 0 || k == 0 || k > MAX_DIM || n > MAX_DIM) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t typeBytes = 2;  // float16 / bfloat16 operands

    // Output tiles: at most 128 x 128, smaller when the matrix is; halve the longer edge while
    // there are fewer tiles than cores so that small outputs still spread over the cores.
    uint64_t baseM = std::min(MAX_BASE, CeilAlign(m, FRACTAL));
    uint64_t baseN = std::min(MAX_BASE, CeilAlign(n, FRACTAL));
    while (CeilDiv(m, baseM) * CeilDiv(n, baseN) < coreMax && std::max(baseM, baseN) > MIN_BASE) {
        if (baseM >= baseN) {
            baseM = CeilAlign(baseM / 2, FRACTAL);
        } else {
            baseN = CeilAlign(baseN / 2, FRACTAL);
        }
    }
    if (BUFFER_NUM * baseM * baseN * sizeof(float) > l0cSize) {
        return ge::GRAPH_FAILED;
    }
    // K per Mmad: as deep as L0A and L0B allow with two buffers each.
    const uint64_t kByL0 = std::min(l0aSize / (BUFFER_NUM * baseM * typeBytes), l0bSize / (BUFFER_NUM * baseN * typeBytes));
    const uint64_t baseK = std::min({FloorAlign(kByL0, FRACTAL), MAX_BASE_K, CeilAlign(k, FRACTAL)});
    // K per L1 load: A (baseM x kL1) and B (kL1 x baseN), two of each.
    const uint64_t kByL1 = l1Size / (BUFFER_NUM * (baseM + baseN) * typeBytes);
    const uint64_t kL1 = std::max(std::min(FloorAlign(kByL1, baseK), CeilAlign(k, baseK)), baseK);
    if (baseK == 0 || BUFFER_NUM * (baseM + baseN) * kL1 * typeBytes > l1Size) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t mTiles = CeilDiv(m, baseM);
    const uint64_t nTiles = CeilDiv(n, baseN);

    MatmulTilingData tiling;
    tiling.set_m(static_cast<uint32_t>(m));
    tiling.set_n(static_cast<uint32_t>(n));
    tiling.set_k(static_cast<uint32_t>(k));
    tiling.set_baseM(static_cast<uint32_t>(baseM));
    tiling.set_baseN(static_cast<uint32_t>(baseN));
    tiling.set_baseK(static_cast<uint32_t>(baseK));
    tiling.set_kL1(static_cast<uint32_t>(kL1));
    tiling.set_mTiles(static_cast<uint32_t>(mTiles));
    tiling.set_nTiles(static_cast<uint32_t>(nTiles));

    context->SetBlockDim(static_cast<uint32_t>(std::min(coreMax, mTiles * nTiles)));
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
    const gert::Shape* a = context->GetInputShape(0);
    const gert::Shape* b = context->GetInputShape(1);
    gert::Shape* c = context->GetOutputShape(0);
    c->SetDimNum(2);
    c->SetDim(0, a->GetDim(0));
    c->SetDim(1, b->GetDim(1));
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Matmul : public OpDef {
public:
    explicit Matmul(const char* name) : OpDef(name)
    {
        this->Input("a")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("b")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("c")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Matmul);
}  // namespace ops
