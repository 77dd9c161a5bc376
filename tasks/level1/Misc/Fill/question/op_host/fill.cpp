#include "fill_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
constexpr float DEFAULT_VALUE = 0.0f;

static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    // Compute the tiling (core count, per-core and per-tile lengths), fill FillTilingData,
    // save it to the raw tiling data, set the block dim and the workspace size.
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
