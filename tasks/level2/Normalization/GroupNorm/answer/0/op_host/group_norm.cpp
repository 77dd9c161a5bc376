#include <algorithm>

#include "group_norm_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t MAX_GROUP_CHANNELS = 512;
constexpr uint64_t TILE_BYTES = 16 * 1024;     // of x per buffer
constexpr uint64_t MAX_TILE_ROWS = 248;        // repeat-form instructions cover a tile's rows
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr float DEFAULT_EPSILON = 1e-5f;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const int64_t* groupsAttr = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    const float* epsAttr = context->GetAttrs()->GetAttrPointer<float>(1);
    const float epsilon = epsAttr == nullptr ? DEFAULT_EPSILON : *epsAttr;

    const gert::Shape& shape = context->GetInputShape(0)->GetStorageShape();
    if (shape.GetDimNum() < 2 || groupsAttr == nullptr || *groupsAttr <= 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t batch = shape.GetDim(0);
    const uint64_t channels = shape.GetDim(1);
    const uint64_t numGroups = static_cast<uint64_t>(*groupsAttr);
    uint64_t spatial = 1;
    for (size_t i = 2; i < shape.GetDimNum(); ++i) {
        spatial *= shape.GetDim(i);
    }
    if (batch == 0 || channels == 0 || spatial == 0 || channels % numGroups != 0 ||
        channels / numGroups > MAX_GROUP_CHANNELS ||
        context->GetInputShape(1)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(channels) ||
        context->GetInputShape(2)->GetStorageShape().GetShapeSize() != static_cast<int64_t>(channels)) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t groupChannels = channels / numGroups;
    const bool isFloat = context->GetInputDesc(0)->GetDataType() == ge::DT_FLOAT;
    const uint64_t typeBytes = isFloat ? 4 : 2;
    const uint64_t blockElems = BLOCK_BYTES / typeBytes;

    // A tile is [tileRows channels, chunkCols spatial positions] of one group. Short spatial
    // extents put several channels into a tile; long ones are cut into chunks of one channel.
    const uint64_t maxCols = TILE_BYTES / typeBytes;
    const uint64_t chunkCols = std::min(spatial, maxCols);
    const uint64_t chunks = CeilDiv(spatial, chunkCols);
    const uint64_t rowStride = CeilAlign(chunkCols, blockElems);
    const uint64_t tileRows = chunks > 1 ? 1 : std::max<uint64_t>(std::min({groupChannels, maxCols / rowStride, MAX_TILE_ROWS}), 1);

    const uint64_t tileElems = tileRows * rowStride;
    const uint64_t cgAligned = CeilAlign(groupChannels, BLOCK_BYTES / 4);
    // UB: x and y double-buffered, two float32 tiles (+ one for 16-bit types), per-channel
    // gamma/beta (T and float32), scale/shift and their 32-byte blocks, small statistics.
    const uint64_t need = tileElems * (4 * typeBytes + 4 * (isFloat ? 1 : 2)) + cgAligned * (2 * typeBytes + 4 * 4) +
                          2 * cgAligned * BLOCK_BYTES + 8192;
    if (need > ubSize) {
        return ge::GRAPH_FAILED;
    }

    const uint64_t units = batch * numGroups;
    const uint64_t total = batch * channels * spatial;
    const uint64_t wanted = std::max<uint64_t>(total * typeBytes / MIN_BYTES_PER_CORE, 1);
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, units, wanted}), 1);

    GroupNormTilingData tiling;
    tiling.set_channels(static_cast<uint32_t>(channels));
    tiling.set_groupChannels(static_cast<uint32_t>(groupChannels));
    tiling.set_numGroups(static_cast<uint32_t>(numGroups));
    tiling.set_spatial(static_cast<uint32_t>(spatial));
    tiling.set_tileRows(static_cast<uint32_t>(tileRows));
    tiling.set_chunkCols(static_cast<uint32_t>(chunkCols));
    tiling.set_chunks(static_cast<uint32_t>(chunks));
    tiling.set_rowStride(static_cast<uint32_t>(rowStride));
    tiling.set_bigCoreGroups(static_cast<uint32_t>(units / coreNum + 1));
    tiling.set_smallCoreGroups(static_cast<uint32_t>(units / coreNum));
    tiling.set_bigCoreNum(static_cast<uint32_t>(units % coreNum));
    tiling.set_epsilon(epsilon);
    tiling.set_invGroupLen(static_cast<float>(1.0 / static_cast<double>(groupChannels * spatial)));

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
class GroupNorm : public OpDef {
public:
    explicit GroupNorm(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("gamma")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("beta")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("num_groups").AttrType(REQUIRED).Int();
        this->Attr("epsilon").AttrType(OPTIONAL).Float(optiling::DEFAULT_EPSILON);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(GroupNorm);
}  // namespace ops
