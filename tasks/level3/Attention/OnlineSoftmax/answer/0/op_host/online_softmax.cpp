#include <algorithm>

#include "online_softmax_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t TILE_ALIGN = 256;          // whole float16 and float32 repeats
constexpr uint64_t MAX_TILE = 63 * 256;       // at most 255 float32 repeats per instruction
constexpr uint64_t MAX_COLS = 1024 * 1024;
constexpr uint64_t MIN_SEG = 4096;            // a row is split among cores in segments of at least this
constexpr uint64_t MIN_BYTES_PER_CORE = 16 * 1024;
constexpr uint64_t BUFFER_NUM = 2;

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
    if (shape.GetDimNum() < 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = shape.GetDim(shape.GetDimNum() - 1);
    if (cols == 0 || cols > MAX_COLS) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t rows = shape.GetShapeSize() / cols;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;

    // Fewer rows than cores: split each row into segments, one per core (flash-style partial
    // max/sum per segment, merged after SyncAll). Otherwise whole rows per core.
    uint64_t segNum = 1;
    if (rows < coreMax) {
        segNum = std::max<uint64_t>(std::min(coreMax / rows, CeilDiv(cols, MIN_SEG)), 1);
    }
    uint64_t segLen = CeilAlign(CeilDiv(cols, segNum), FLOATS_PER_REPEAT);
    segNum = CeilDiv(cols, segLen);
    if (segNum == 1) {
        segLen = cols;
    }
    const uint64_t unitNum = rows * segNum;
    uint64_t coreNum;
    if (segNum > 1) {
        coreNum = unitNum;  // exactly one segment per core (unitNum <= coreMax)
    } else {
        const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
        coreNum = std::max<uint64_t>(std::min({coreMax, unitNum, wanted}), 1);
    }

    // UB per tile element: input and output double-buffered, plus the float32 working copy for
    // 16-bit types. Fixed: the reduction work area, the statistics and the slot buffer.
    const uint64_t perElem = BUFFER_NUM * 2 * typeBytes + (isFloat ? 0 : sizeof(float));
    const uint64_t slotBytes = CeilAlign(2 * segNum * BLOCK_BYTES, 256);
    const uint64_t reserve = 4096 + slotBytes + 512;
    if (ubSize < reserve + perElem * TILE_ALIGN) {
        return ge::GRAPH_FAILED;
    }
    uint64_t tileLen = std::min((ubSize - reserve) / perElem / TILE_ALIGN * TILE_ALIGN, MAX_TILE);
    tileLen = std::min(tileLen, CeilAlign(segLen, TILE_ALIGN));
    const uint64_t workElems = CeilAlign(std::max<uint64_t>(CeilDiv(std::max(tileLen, 2 * segNum * 8), FLOATS_PER_REPEAT), 1) * 2, 8);
    if (ubSize < reserve + perElem * tileLen || workElems * sizeof(float) > 4096 - 512) {
        return ge::GRAPH_FAILED;
    }

    OnlineSoftmaxTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_segNum(static_cast<uint32_t>(segNum));
    tiling.set_segLen(static_cast<uint32_t>(segLen));
    tiling.set_unitNum(static_cast<uint32_t>(unitNum));
    tiling.set_bigCoreUnits(static_cast<uint32_t>(unitNum / coreNum + 1));
    tiling.set_smallCoreUnits(static_cast<uint32_t>(unitNum / coreNum));
    tiling.set_bigCoreNum(static_cast<uint32_t>(unitNum % coreNum));
    tiling.set_tileLen(static_cast<uint32_t>(tileLen));
    tiling.set_workElems(static_cast<uint32_t>(workElems));

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // Split rows: the system workspace for SyncAll, then one 32-byte max block and one 32-byte
    // sum block per segment.
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = segNum > 1 ? platform.GetLibApiWorkSpaceSize() + 2 * unitNum * BLOCK_BYTES : 0;
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
class OnlineSoftmax : public OpDef {
public:
    explicit OnlineSoftmax(const char* name) : OpDef(name)
    {
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
OP_ADD(OnlineSoftmax);
}  // namespace ops
