#include "reduce_mean_tiling.h"
#include "register/op_def_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace optiling {
static ge::graphStatus TilingFunc(gert::TilingContext* context)
{
    // Compute the tiling from the input shapes, the attributes and the platform (core count,
    // UB size), fill ReduceMeanTilingData, save it and set the block dimension.
    return ge::GRAPH_SUCCESS;
}
}  // namespace optiling

namespace ge {
static graphStatus InferShape(gert::InferShapeContext* context)
{
    const gert::Shape* x = context->GetInputShape(0);
    gert::Shape* y = context->GetOutputShape(0);
    const int64_t* axisAttr = context->GetAttrs()->GetAttrPointer<int64_t>(0);
    const bool* keepAttr = context->GetAttrs()->GetAttrPointer<bool>(1);
    const int64_t dims = static_cast<int64_t>(x->GetDimNum());
    int64_t axis = axisAttr == nullptr ? -1 : *axisAttr;
    if (axis < -dims || axis >= dims) {
        return GRAPH_FAILED;
    }
    axis = axis < 0 ? axis + dims : axis;
    const bool keepDim = keepAttr != nullptr && *keepAttr;
    y->SetDimNum(0);
    for (int64_t i = 0; i < dims; ++i) {
        if (i != axis) {
            y->AppendDim(x->GetDim(i));
        } else if (keepDim) {
            y->AppendDim(1);
        }
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
class ReduceMean : public OpDef {
public:
    explicit ReduceMean(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("axis").AttrType(OPTIONAL).Int(-1);
        this->Attr("keepdim").AttrType(OPTIONAL).Bool(false);

        this->SetInferShape(ge::InferShape).SetInferDataType(ge::InferDataType);
        this->AICore().SetTiling(optiling::TilingFunc);
        this->AICore().AddConfig("ascend910b");
        this->AICore().AddConfig("ascend910_93");
    }
};
OP_ADD(ReduceMean);
}  // namespace ops
