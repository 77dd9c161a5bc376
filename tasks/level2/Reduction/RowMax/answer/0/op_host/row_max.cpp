#include <algorithm>

#include "row_max_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
namespace {
constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;
constexpr uint32_t BUFFER_NUM = 2;
constexpr uint32_t MAX_BLOCK_COUNT = 4095;  // DataCopyPad moves at most 4095 rows at once
constexpr uint32_t MAX_GROUP_ROWS = 2048;   // results gathered before one copy-out (chunked rows)
constexpr uint64_t MIN_BYTES_PER_CORE = 8 * 1024;
constexpr uint64_t TILING_KEY_SHORT_ROWS = 1;
constexpr uint64_t TILING_KEY_LONG_ROWS = 2;
constexpr uint64_t TILING_KEY_SPLIT_ROWS = 3;

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
}  // namespace

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const uint64_t coreMax = std::max<uint32_t>(platform.GetCoreNumAiv(), 1);

    const gert::Shape& xShape = context->GetInputShape(0)->GetStorageShape();
    if (xShape.GetDimNum() < 1 || xShape.GetDim(xShape.GetDimNum() - 1) <= 0) {
        return ge::GRAPH_FAILED;
    }
    const uint64_t cols = xShape.GetDim(xShape.GetDimNum() - 1);
    const uint64_t rows = xShape.GetShapeSize() / cols;
    if (rows == 0) {
        return ge::GRAPH_FAILED;
    }
    const ge::DataType dtype = context->GetInputDesc(0)->GetDataType();
    const uint64_t typeBytes = dtype == ge::DT_FLOAT ? 4 : 2;
    // bfloat16 is reduced in float32: tiles get a float32 copy, and repeats (the short-row
    // limit, chunk and work sizes) count float32 lanes.
    const uint64_t wideBytes = dtype == ge::DT_BF16 ? sizeof(float) : 0;
    const uint64_t computeBytes = wideBytes != 0 ? wideBytes : typeBytes;
    const uint64_t elemsPerBlock = BLOCK_BYTES / typeBytes;
    const uint64_t elemsPerRepeat = REPEAT_BYTES / computeBytes;
    const uint64_t computePerBlock = BLOCK_BYTES / computeBytes;

    const uint64_t wanted = std::max<uint64_t>(rows * cols * typeBytes / MIN_BYTES_PER_CORE, 1);
    uint64_t coreNum = std::max<uint64_t>(std::min({coreMax, rows, wanted}), 1);
    const uint64_t smallCoreRows = rows / coreNum;
    const uint64_t bigCoreNum = rows % coreNum;
    const uint64_t maxCoreRows = smallCoreRows + (bigCoreNum > 0 ? 1 : 0);

    // Half of the UB for the double-buffered input (and its float32 copy for bfloat16), in
    // whole 256-byte repeats; the rest holds the outputs, the ReduceMax work area and the chunk
    // maxima.
    const uint64_t inBufferElems = ubSize / 2 / (BUFFER_NUM * typeBytes + wideBytes) / (REPEAT_BYTES / 2) * (REPEAT_BYTES / 2);
    const uint64_t rowStride = CeilAlign(cols, elemsPerBlock);

    uint64_t tilingKey;
    uint64_t tileRows;
    uint64_t chunkCols = cols;
    uint64_t chunkNum = 1;
    if (cols <= elemsPerRepeat) {
        tilingKey = TILING_KEY_SHORT_ROWS;
        tileRows = std::min({inBufferElems / rowStride, maxCoreRows, static_cast<uint64_t>(MAX_BLOCK_COUNT)});
    } else if (rowStride <= inBufferElems) {
        tilingKey = TILING_KEY_LONG_ROWS;
        tileRows = std::min({inBufferElems / rowStride, maxCoreRows, static_cast<uint64_t>(MAX_BLOCK_COUNT)});
    } else {
        tilingKey = TILING_KEY_LONG_ROWS;
        chunkCols = inBufferElems;
        chunkNum = CeilDiv(cols, chunkCols);
        tileRows = std::min<uint64_t>(maxCoreRows, MAX_GROUP_ROWS);
    }
    // Fewer rows than cores, and long ones (down to a single row): split every row among
    // `splitNum` cores in whole repeats. Each core reduces its segment, stores the maximum in a
    // 32-byte workspace slot, and after SyncAll the first core of each row reduces the row's
    // slots (key 3).
    uint64_t splitNum = 1;
    uint64_t splitCols = cols;
    if (rows < coreMax && cols > elemsPerRepeat) {
        const uint64_t segs = std::min(coreMax / rows, cols * typeBytes / MIN_BYTES_PER_CORE);
        if (segs >= 2) {
            splitCols = CeilAlign(CeilDiv(cols, segs), elemsPerRepeat);
            splitNum = CeilDiv(cols, splitCols);
        }
    }
    if (splitNum >= 2) {
        tilingKey = TILING_KEY_SPLIT_ROWS;
        coreNum = rows * splitNum;
        chunkCols = std::min(splitCols, inBufferElems);
        chunkNum = CeilDiv(splitCols, chunkCols);
        tileRows = 1;
    }
    // ReduceMax without index needs room for (value, index) of every first-level repeat; key 3
    // also reduces the row's slots (splitNum blocks) with it.
    const uint64_t longestReduce = std::max(std::min(chunkCols, inBufferElems), splitNum * computePerBlock);
    const uint64_t workElems = CeilAlign(CeilDiv(longestReduce, elemsPerRepeat) * 2, computePerBlock);

    RowMaxTilingData tiling;
    tiling.set_cols(static_cast<uint32_t>(cols));
    tiling.set_bigCoreRows(static_cast<uint32_t>(smallCoreRows + 1));
    tiling.set_smallCoreRows(static_cast<uint32_t>(smallCoreRows));
    tiling.set_bigCoreNum(static_cast<uint32_t>(bigCoreNum));
    tiling.set_tileRows(static_cast<uint32_t>(std::max<uint64_t>(tileRows, 1)));
    tiling.set_chunkCols(static_cast<uint32_t>(chunkCols));
    tiling.set_chunkNum(static_cast<uint32_t>(chunkNum));
    tiling.set_inTileElems(static_cast<uint32_t>(inBufferElems));
    tiling.set_workElems(static_cast<uint32_t>(workElems));
    tiling.set_splitNum(static_cast<uint32_t>(splitNum));
    tiling.set_splitCols(static_cast<uint32_t>(splitCols));

    context->SetTilingKey(tilingKey);
    context->SetBlockDim(static_cast<uint32_t>(coreNum));
    tiling.SaveToBuffer(context->GetRawTilingData()->GetData(), context->GetRawTilingData()->GetCapacity());
    context->GetRawTilingData()->SetDataSize(tiling.GetDataSize());
    // Key 3: the system workspace for SyncAll, then one 32-byte slot per core.
    size_t* workspaces = context->GetWorkspaceSizes(1);
    workspaces[0] = tilingKey == TILING_KEY_SPLIT_ROWS ? platform.GetLibApiWorkSpaceSize() + coreNum * BLOCK_BYTES : 0;
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    const size_t dims = x->GetDimNum();
    y->SetDimNum(dims == 0 ? 0 : dims - 1);
    for (size_t i = 0; i + 1 < dims; ++i) {
        y->SetDim(i, x->GetDim(i));
    }
    return GRAPH_SUCCESS;
}

static graphStatus InferDataType(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(0, context->GetInputDataType(0));
    return GRAPH_SUCCESS;
}
}  // namespace ge

namespace ops {
class RowMax : public OpDef {
public:
    explicit RowMax(const char* name) : OpDef(name)
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
OP_ADD(RowMax);
}  // namespace ops
