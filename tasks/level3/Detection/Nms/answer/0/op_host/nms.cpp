#include <algorithm>
#include <cmath>

#include "nms_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t FLOATS_PER_REPEAT = 64;
constexpr uint64_t FLOATS_PER_BLOCK = 8;
constexpr uint64_t MAX_BOXES = 4096;
// Float planes of one batch in UB: x1, y1, x2, y2, area, score, keep, and four temporaries
// (the temporaries double as the staging area of the [N, 4] load).
constexpr uint64_t PLANES = 11;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }

// sharedTmpBuffer of ReduceMax with index over n floats (count form): the first level keeps a
// (value, index) pair per repeat, the next levels reduce those pairs again.
uint64_t ReduceMaxWorkElems(uint64_t n)
{
    const uint64_t firstPairs = CeilDiv(n, FLOATS_PER_REPEAT) * 2;
    const uint64_t second = CeilDiv(firstPairs, FLOATS_PER_REPEAT) * 2;
    const uint64_t third = CeilDiv(second, FLOATS_PER_REPEAT) * 2;
    return CeilAlign(firstPairs, FLOATS_PER_BLOCK) + CeilAlign(second, FLOATS_PER_BLOCK) +
           CeilAlign(third, FLOATS_PER_BLOCK) + FLOATS_PER_BLOCK;
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& boxes = context->GetInputShape(0)->GetStorageShape();
    const gert::Shape& scores = context->GetInputShape(1)->GetStorageShape();
    const float* thrAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const size_t dims = boxes.GetDimNum();
    if (thrAttr == nullptr || std::isnan(*thrAttr) || (dims != 2 && dims != 3) || boxes.GetDim(dims - 1) != 4 ||
        scores.GetDimNum() != dims - 1) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t batch = dims == 3 ? boxes.GetDim(0) : 1;
    const uint64_t n = boxes.GetDim(dims - 2);
    if (batch == 0 || n == 0 || n > MAX_BOXES || scores.GetShapeSize() != static_cast<int64_t>(batch * n)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t pitch = CeilAlign(n, FLOATS_PER_REPEAT);
    const uint64_t workElems = CeilAlign(ReduceMaxWorkElems(n), FLOATS_PER_BLOCK);
    const uint64_t need = PLANES * pitch * sizeof(float) + pitch / 8 + 32 + workElems * sizeof(float) + 64;
    if (need > ubSize) {
        return ge::GRAPH_FAILED;
    }

    // The greedy loop of one batch is sequential; batches are independent and are balanced over
    // the cores (the first bigCoreNum cores take one batch more).
    const uint64_t coreNum = std::min(coreMax, batch);
    NmsTilingData tiling;
    tiling.set_batch(static_cast<uint32_t>(batch));
    tiling.set_numBoxes(static_cast<uint32_t>(n));
    tiling.set_boxPitch(static_cast<uint32_t>(pitch));
    tiling.set_bigCoreBatches(static_cast<uint32_t>(batch / coreNum + 1));
    tiling.set_smallCoreBatches(static_cast<uint32_t>(batch / coreNum));
    tiling.set_bigCoreNum(static_cast<uint32_t>(batch % coreNum));
    tiling.set_workElems(static_cast<uint32_t>(workElems));
    tiling.set_iouThreshold(*thrAttr);

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
    context->SetOutputDataType(0, ge::DT_INT32);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Nms : public OpDef {
public:
    explicit Nms(const char* name) : OpDef(name)
    {
        this->Input("boxes")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("scores")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("keep")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("iou_threshold").AttrType(REQUIRED).Float();

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Nms);
}  // namespace ops
