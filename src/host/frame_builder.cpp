// Builds a NodeFrame from a runner request.
#include <algorithm>

#include "host/node_frame.h"
#include "host/platform_state.h"

namespace akg::host {

namespace {

void StoreAttr(const AttrValue& value, gert::AttrCell& cell) {
    switch (value.kind) {
        case AttrKind::Bool:
            cell.b = value.b;
            cell.address = &cell.b;
            break;
        case AttrKind::Int:
            cell.i = value.i;
            cell.address = &cell.i;
            break;
        case AttrKind::Float:
            cell.f = value.f;
            cell.address = &cell.f;
            break;
        case AttrKind::String:
            cell.s = value.s;
            cell.address = cell.s.c_str();
            break;
        case AttrKind::ListInt:
            cell.listInt = value.listInt;
            cell.listIntView = gert::TypedContinuousVector<int64_t>(cell.listInt.data(), cell.listInt.size());
            cell.address = &cell.listIntView;
            break;
        case AttrKind::ListFloat:
            cell.listFloat = value.listFloat;
            cell.listFloatView = gert::TypedContinuousVector<float>(cell.listFloat.data(), cell.listFloat.size());
            cell.address = &cell.listFloatView;
            break;
        case AttrKind::ListBool:
            cell.listBool = std::make_unique<bool[]>(value.listBool.size());
            for (size_t i = 0; i < value.listBool.size(); ++i) cell.listBool[i] = value.listBool[i];
            cell.listBoolView = gert::TypedContinuousVector<bool>(cell.listBool.get(), value.listBool.size());
            cell.address = &cell.listBoolView;
            break;
        case AttrKind::ListListInt:
            cell.address = nullptr;
            break;
    }
}

gert::Shape ToShape(const std::vector<int64_t>& dims) {
    gert::Shape shape;
    for (const int64_t d : dims) shape.AppendDim(d);
    return shape;
}

}  // namespace

void BuildFrame(const TilingRequest& request, const std::vector<AttrInfo>& attrDefs, const std::vector<bool>& valueDepend,
                size_t irOutputCount, gert::NodeFrame& frame) {
    frame.opType = request.opType;

    for (size_t ir = 0; ir < request.inputs.size(); ++ir) {
        frame.irInputs.emplace_back(frame.inputs.size(), request.inputs[ir].size());
        const bool visible = ir < valueDepend.size() && valueDepend[ir];
        for (const TensorArg& arg : request.inputs[ir]) {
            const gert::Shape shape = ToShape(arg.shape);
            gert::StorageShape storage;
            storage.MutableOriginShape() = shape;
            storage.MutableStorageShape() = shape;
            const gert::StorageFormat format(arg.format, arg.format);
            size_t bytes = arg.bytes;
            if (bytes == 0 && shape.GetShapeSize() > 0) {
                bytes = static_cast<size_t>(shape.GetShapeSize()) * static_cast<size_t>(ge::GetSizeByDataType(arg.dtype));
            }
            // Design §5: data only for value-dependent inputs.
            void* data = visible ? const_cast<void*>(arg.data) : nullptr;
            frame.inputs.emplace_back(storage, format, arg.dtype, gert::TensorData(data, bytes));
            frame.inputDescs.emplace_back(arg.dtype, format);
        }
    }

    const size_t outputs = std::max(irOutputCount, request.outputs.size());
    for (size_t ir = 0; ir < outputs; ++ir) {
        static const std::vector<TensorArg> kOneUnknown(1);
        const std::vector<TensorArg>& args = ir < request.outputs.size() ? request.outputs[ir] : kOneUnknown;
        frame.irOutputs.emplace_back(frame.outputShapes.size(), args.size());
        for (const TensorArg& arg : args) {
            const gert::Shape shape = ToShape(arg.shape);
            gert::StorageShape storage;
            storage.MutableOriginShape() = shape;
            storage.MutableStorageShape() = shape;
            frame.outputShapes.push_back(storage);
            frame.outputDescs.emplace_back(arg.dtype, gert::StorageFormat(arg.format, arg.format));
        }
    }

    for (size_t i = 0; i < std::max(request.attrs.size(), attrDefs.size()); ++i) {
        StoreAttr(i < request.attrs.size() ? request.attrs[i] : attrDefs[i].defaultValue, frame.attrCells.emplace_back());
    }

    frame.inferredShapes.resize(frame.outputShapes.size());
    frame.inferredDtypes.assign(frame.outputShapes.size(), ge::DT_UNDEFINED);
    frame.outputRangeMin.resize(frame.outputShapes.size());
    frame.outputRangeMax.resize(frame.outputShapes.size());
    for (gert::Tensor& input : frame.inputs) {
        gert::Shape* shape = &input.MutableOriginShape();
        frame.inputRanges.emplace_back(shape, shape);
    }
    for (size_t i = 0; i < frame.outputShapes.size(); ++i) {
        frame.outputRanges.emplace_back(&frame.outputRangeMin[i], &frame.outputRangeMax[i]);
    }

    DescribePlatform(request.platform, frame.platform);
    frame.deterministic = request.deterministic ? 1 : 0;
}

}  // namespace akg::host
