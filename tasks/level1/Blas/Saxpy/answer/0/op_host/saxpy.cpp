#include <algorithm>

#include "saxpy_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint64_t BLOCK_BYTES = 32;
constexpr uint64_t BUFFER_NUM = 2;
// A core is only worth launching for at least this many bytes of x.
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
// Whole 256-byte vector repeats for float32 (64 lanes) and for 16-bit types (128 lanes).
constexpr uint64_t TILE_ALIGN = 128;
constexpr uint64_t MAX_TILE_LENGTH = 8192;
constexpr float DEFAULT_ALPHA = 1.0f;
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const float* alphaAttr = context->GetAttrs()->GetAttrPointer<float>(0);
    const float alpha = alphaAttr == nullptr ? DEFAULT_ALPHA : *alphaAttr;

    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    if (context->GetInputDesc(1)->GetDataType() != dtype) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t total = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
    if (static_cast<uint64_t>(context->GetInputShape(1)->GetStorageShape().GetShapeSize()) != total) {
        return ge::GRAPH_FAILED;
    }

    // Cores get whole 32-byte blocks (so that no two cores write into the same block of y);
    // the first `bigCoreNum` cores take one block more than the others.
    const uint64_t totalBlocks = std::max<uint64_t>((total + elemsPerBlock - 1) / elemsPerBlock, 1);
    const uint64_t wanted = (total * typeBytes + MIN_BYTES_PER_CORE - 1) / MIN_BYTES_PER_CORE;
    const uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, totalBlocks, wanted}), 1);

    // UB per element: x in, y in and y out, each double-buffered; float16 and bfloat16 also need
    // two float32 work tiles (x and y widened).
    const uint64_t bytesPerElem = BUFFER_NUM * 3 * typeBytes + (typeBytes == 2 ? 2 * sizeof(float) : 0);
    uint64_t tileLength = ubSize / bytesPerElem / TILE_ALIGN * TILE_ALIGN;
    tileLength = std::max<uint64_t>(std::min(tileLength, MAX_TILE_LENGTH), TILE_ALIGN);

    SaxpyTilingData tiling;
    tiling.set_totalLength(total);
    tiling.set_bigCoreLength((totalBlocks / coreNum + 1) * elemsPerBlock);
    tiling.set_smallCoreLength(totalBlocks / coreNum * elemsPerBlock);
    tiling.set_bigCoreNum(static_cast<uint32_t>(totalBlocks % coreNum));
    tiling.set_tileLength(static_cast<uint32_t>(tileLength));
    tiling.set_alpha(alpha);

    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ops {
// BLAS-style operator: no output; the kernel overwrites its input y with alpha * x + y.
class Saxpy : public OpDef {
public:
    explicit Saxpy(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("alpha").AttrType(OPTIONAL).Float(optiling::DEFAULT_ALPHA);

        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(Saxpy);
}  // namespace ops
