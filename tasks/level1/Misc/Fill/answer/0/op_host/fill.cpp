#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "fill_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
// A core is only worth launching for at least this much output.
constexpr uint64_t MIN_BYTES_PER_CORE = 32 * 1024;
// The filled tile: large enough that each DMA moves a lot, far below the UB size.
constexpr uint64_t MAX_TILE_BYTES = 64 * 1024;
constexpr float DEFAULT_VALUE = 0.0f;

int32_t ToInt32(float v)
{
    if (std::isnan(v)) {
        return 0;
    }
    if (v <= static_cast<float>(std::numeric_limits<int32_t>::min())) {
        return std::numeric_limits<int32_t>::min();
    }
    if (v >= static_cast<float>(std::numeric_limits<int32_t>::max())) {  // 2^31 as a float
        return std::numeric_limits<int32_t>::max();
    }
    return static_cast<int32_t>(v);  // toward zero, as torch.full converts to an integer dtype
}
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    // The output shape is the `dims` attribute; y must have been allocated with it.
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    const gert::TypedContinuousVector<int64_t>* dims = attrs->GetListInt(0);
    const float* valueAttr = attrs->GetAttrPointer<float>(1);
    const float value = valueAttr == nullptr ? DEFAULT_VALUE : *valueAttr;
    uint64_t total = 1;
    if (dims != nullptr) {
        const int64_t* dim = dims->GetData();
        for (size_t i = 0; i < dims->GetSize(); ++i) {
            if (dim[i] < 0) {
                return ge::GRAPH_FAILED;
            }
            total *= static_cast<uint64_t>(dim[i]);
        }
    }
    if (static_cast<uint64_t>(context->GetOutputShape(0)->GetStorageShape().GetShapeSize()) != total) {
        return ge::GRAPH_FAILED;
    }

    const ge::DataType dtype = context->GetOutputDesc(0)->GetDataType();
    const uint64_t typeBytes = (dtype == ge::DT_FLOAT || dtype == ge::DT_INT32) ? 4 : 2;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;

    // Whole 32-byte blocks are dealt out to the cores; the first formerCoreNum cores get one
    // block more than the others.
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);
    const uint64_t formerCoreLength = (totalBlocks / coreNum + 1) * elemsPerBlock;

    // One tile is filled once and copied out as often as needed: it need not be larger than a
    // core's share of the output.
    const uint64_t tileLength = std::min({MAX_TILE_BYTES / typeBytes, ubSize / typeBytes / elemsPerBlock * elemsPerBlock,
                                          formerCoreLength});

    FillTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_formerCoreLength(formerCoreLength);
    tiling.set_latterCoreLength(totalBlocks / coreNum * elemsPerBlock);
    tiling.set_formerCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_value(value);
    tiling.set_intValue(ToInt32(value));

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
    const gert::TypedContinuousVector<int64_t>* dims = context->GetAttrs()->GetListInt(0);
    gert::Shape* y = context->GetOutputShape(0);
    y->SetDimNum(0);
    if (dims != nullptr) {
        const int64_t* dim = dims->GetData();
        for (size_t i = 0; i < dims->GetSize(); ++i) {
            y->AppendDim(dim[i]);
        }
    }
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class Fill : public OpDef {
public:
    explicit Fill(const char* name) : OpDef(name)
    {
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("dims").AttrType(REQUIRED).ListInt();
        this->Attr("value").AttrType(OPTIONAL).Float(optiling::DEFAULT_VALUE);

        this->SetInferShape(ge::InferShape);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Fill);
}  // namespace ops
