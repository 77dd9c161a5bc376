#include <algorithm>
#include <cmath>

#include "histogram_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BUFFER_NUM = 2;
constexpr uint64_t FLOATS_PER_REPEAT = 64;   // one 256-byte vector repeat of float
constexpr uint64_t MAX_BINS = 1024;
constexpr uint64_t MAX_TILE = 8192;
constexpr uint64_t MIN_CORE_ELEMS = 4096;    // below this a second core costs more than it saves

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const auto* attrs = context->GetAttrs();
    const int64_t* binsAttr = attrs->GetAttrPointer<int64_t>(0);
    const float* minAttr = attrs->GetAttrPointer<float>(1);
    const float* maxAttr = attrs->GetAttrPointer<float>(2);
    if (binsAttr == nullptr || minAttr == nullptr || maxAttr == nullptr) {
        return ge::GRAPH_FAILED;
    }
    const int64_t bins = *binsAttr;
    const float minValue = *minAttr;
    const float maxValue = *maxAttr;
    if (bins < 1 || static_cast<uint64_t>(bins) > MAX_BINS || !std::isfinite(minValue) ||
        !std::isfinite(maxValue) || !(minValue < maxValue)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (total == 0) {
        return ge::GRAPH_FAILED;
    }
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;

    // Balanced split of the flat input: the first bigCoreNum cores take one element more.
    const uint64_t coreNum = std::max<uint64_t>(std::min(coreMax, CeilDiv(total, MIN_CORE_ELEMS)), 1);
    const uint64_t smallLen = total / coreNum;
    const uint64_t bigNum = total % coreNum;

    // UB: per core fixed part = partial sums and accumulator (8 floats per bin each), the packed
    // histogram, the gather pattern and the ReduceSum work area; per tile element = the input
    // double-buffered, the float32 copy (16-bit inputs), the bin numbers, the 0/1 row, a row of ones and the
    // compare mask (one bit per element).
    const uint64_t binsAlign = CeilAlign(static_cast<uint64_t>(bins), 8);
    const uint64_t fixed = 2 * binsAlign * 8 * sizeof(float) + binsAlign * sizeof(float) + binsAlign * 8 / 8 +
                           MAX_TILE / FLOATS_PER_REPEAT * 8 * sizeof(float) + 2048;
    const uint64_t perElem = BUFFER_NUM * typeBytes + (typeBytes == 4 ? 0 : 4) + 4 + 4 + 4 + 1;
    if (ubSize <= fixed + perElem * FLOATS_PER_REPEAT) {
        return ge::GRAPH_FAILED;
    }
    uint64_t tile = (ubSize - fixed) / perElem / FLOATS_PER_REPEAT * FLOATS_PER_REPEAT;
    tile = std::min({tile, MAX_TILE, CeilAlign(smallLen + (bigNum > 0 ? 1 : 0), FLOATS_PER_REPEAT)});
    tile = std::max<uint64_t>(tile, FLOATS_PER_REPEAT);

    HistogramTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength(smallLen + 1);
    tiling.set_smallCoreLength(smallLen);
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigNum));
    tiling.set_tileLength(static_cast<uint32_t>(tile));
    tiling.set_bins(static_cast<uint32_t>(bins));
    tiling.set_binsAlign(static_cast<uint32_t>(binsAlign));
    tiling.set_minValue(minValue);
    tiling.set_maxValue(maxValue);
    tiling.set_scale(static_cast<float>(static_cast<double>(bins) / (static_cast<double>(maxValue) - minValue)));

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = platform.GetLibApiWorkSpaceSize();  // SyncAll between zeroing y and the atomic adds
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const int64_t* bins = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(1);
    y->SetDim(0, bins == nullptr ? 0 : *bins);
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, ge::DT_FLOAT);
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Histogram : public OpDef {
public:
    explicit Histogram(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT16, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("bins").AttrType(REQUIRED).Int();
        this->Attr("min").AttrType(REQUIRED).Float();
        this->Attr("max").AttrType(REQUIRED).Float();

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Histogram);
}  // namespace ops
